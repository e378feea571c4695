//! Facts of the gomoku engine on board diagrams: the line patterns, their incremental
//! upkeep, the VCF solver, and the search's answers to fives, fours and threes.

use super::gomoku_board::GomokuBoard;
use super::lines::PatternBoard;
use super::patterns::{Combo, Pattern};
use super::vcf::Vcf;
use super::vct::Vct;
use super::*;
use crate::engine::score::is_decisive;
use crate::rules::{Position, Rule, Side};

/// A 15x15 position from a diagram of its top rows (the rest empty), `x`, `o`, `.`.
fn diagram(rows: &[&str], exact: bool) -> Position {
    let rule = Rule::new(15, 15, 5, exact).unwrap();
    let mut lines: Vec<String> = rows.iter().map(|r| format!("{r:.<15}")).collect();
    while lines.len() < 15 {
        lines.push(".".repeat(15));
    }
    Position::from_notation(rule, &lines.join("/")).unwrap()
}

/// A 15x15 diagram of the top rows for the pattern tests, with stones of the side that has
/// fewer added on the bottom rows (far from the rows under test) so the counts are legal.
fn padded(rows: &[&str], exact: bool) -> Position {
    let count = |c: char| rows.iter().map(|r| r.matches(c).count()).sum::<usize>();
    let (x, o) = (count('x'), count('o'));
    let (letter, missing) = if x > o { ('o', x - o) } else { ('x', o - x) };
    let mut all: Vec<String> = rows.iter().map(|r| (*r).to_string()).collect();
    all.resize(11, String::new());
    let mut filler = vec![".".repeat(15); 4];
    for n in 0..missing {
        let (row, col) = (3 - n / 5, n % 5 * 3);
        filler[row].replace_range(col..=col, &letter.to_string());
    }
    all.extend(filler);
    let refs: Vec<&str> = all.iter().map(String::as_str).collect();
    diagram(&refs, exact)
}

fn patterns(pos: &Position) -> PatternBoard {
    PatternBoard::new(pos)
}

fn index(row: usize, col: usize) -> usize {
    row * 15 + col
}

/// The pattern X makes along the row by playing at (`row`, `col`).
fn row_pattern(pos: &Position, row: usize, col: usize, side: Side) -> Pattern {
    patterns(pos).at(index(row, col), side).lines[0]
}

#[test]
fn fours_threes_and_twos_along_a_row() {
    // Row 1: ". x x x . ." : a stone at 4 (or 0) makes a live four ".xxxx." with room.
    let pos = padded(
        &[
            "...............",
            "..xxx.........",
            "",
            "",
            "",
            "",
            "",
            "ooo.o",
        ],
        false,
    );
    assert_eq!(row_pattern(&pos, 1, 5, Side::X), Pattern::Live4);
    assert_eq!(row_pattern(&pos, 1, 1, Side::X), Pattern::Live4);
    // Two cells away it is a four with one completion: a dead four.
    assert_eq!(row_pattern(&pos, 1, 6, Side::X), Pattern::Dead4);
    // Row 7: "o o o . o": the gap makes five for O.
    assert_eq!(row_pattern(&pos, 7, 3, Side::O), Pattern::Five);
    // A stone of X there blocks it; no five of X's fits between the O stones.
    assert_eq!(row_pattern(&pos, 7, 3, Side::X), Pattern::None);
}

#[test]
fn a_dead_four_against_the_wall_and_a_stone() {
    // "x x x . ." from the left edge: a stone at 3 makes "xxxx." with one completion.
    let pos = padded(&["xxx............", "oxxx..........."], false);
    assert_eq!(row_pattern(&pos, 0, 3, Side::X), Pattern::Dead4);
    assert_eq!(row_pattern(&pos, 1, 4, Side::X), Pattern::Dead4);
    // The live threes of X here would be dead threes: "xx.." at the wall.
    let pos = padded(&["xx.............", ".xx.x.........."], false);
    assert_eq!(row_pattern(&pos, 0, 2, Side::X), Pattern::Dead3);
    // Row 1 ". x x . x ." is a broken three: the gap makes a live four.
    assert_eq!(row_pattern(&pos, 1, 3, Side::X), Pattern::Live4);
}

#[test]
fn a_broken_three_is_a_live_three() {
    // ". x x . ." on row 4 with room: a stone at (4, 6) makes ".xx.x." (a broken three).
    let pos = padded(&["", "", "", "", "...xx.........."], false);
    assert_eq!(row_pattern(&pos, 4, 6, Side::X), Pattern::Live3);
    assert_eq!(row_pattern(&pos, 4, 5, Side::X), Pattern::Live3);
    // With an O stone right after, ".xx.xo" can only become a dead four.
    let pos = padded(&["", "", "", "", "...xx..o......."], false);
    assert_eq!(row_pattern(&pos, 4, 6, Side::X), Pattern::Dead3);
    let board = patterns(&pos);
    assert_eq!(board.at(index(4, 5), Side::X).combo, Combo::Three);
}

#[test]
fn an_overline_is_not_a_five_under_exactly_five() {
    // "x x x x . x": a stone in the gap makes six in a row.
    let rows = ["", "", "xxxx.x........."];
    let free = padded(&rows, false);
    let exact = padded(&rows, true);
    assert_eq!(row_pattern(&free, 2, 4, Side::X), Pattern::Five);
    assert_ne!(row_pattern(&exact, 2, 4, Side::X), Pattern::Five);
    // Not even a four: the only completion is the overline.
    assert!(!row_pattern(&exact, 2, 4, Side::X).is_four());
    // Five in a row exactly still wins: "x x x x ." at the wall.
    let rows = ["", "", "xxxx.o........."];
    assert_eq!(
        row_pattern(&padded(&rows, true), 2, 4, Side::X),
        Pattern::Five
    );
    // And "x x x x . . x" makes five at 4, which is followed by an empty cell.
    let rows = ["", "", "xxxx..x........"];
    assert_eq!(
        row_pattern(&padded(&rows, true), 2, 4, Side::X),
        Pattern::Five
    );
}

#[test]
fn a_five_cell_is_exactly_a_winning_move() {
    // After random play, on both rules, the pattern five agrees with the rules' win check.
    let mut player = crate::engine::RandomPlayer::new(21);
    for exact in [false, true] {
        let rule = Rule::new(15, 15, 5, exact).unwrap();
        for _ in 0..20 {
            let mut pos = Position::new(rule);
            let mut placed = 0;
            while placed < 120 && !pos.is_over() {
                let cell = player.choose(&pos).unwrap();
                pos.play(cell).unwrap();
                placed += 1;
            }
            let board = patterns(&pos);
            for c in pos.empty_indices() {
                for side in Side::BOTH {
                    let five = board.at(c, side).combo == Combo::Five;
                    assert_eq!(five, pos.wins_at(c, side), "{pos:?} at {c}");
                }
            }
        }
    }
}

#[test]
fn incremental_patterns_equal_patterns_from_scratch() {
    // With the pattern evaluation and with the default tables, whose codes and sums the
    // board keeps as well (on the oblong board the games fill it or end with a five: a board
    // built from a finished game keeps its empty cells too).
    for eval in [None, Some(code_tables::Selection::default_tables())] {
        incremental_state_equals_state_from_scratch(eval);
    }
}

fn incremental_state_equals_state_from_scratch(eval: Option<code_tables::Selection>) {
    let mut player = crate::engine::RandomPlayer::new(8);
    for (w, h, exact) in [
        (15, 15, false),
        (15, 15, true),
        (20, 20, false),
        (7, 6, false),
    ] {
        let rule = Rule::new(w, h, 5, exact).unwrap();
        for _ in 0..4 {
            let search = crate::engine::search_board::SearchBoard::new(&Position::new(rule));
            let mut board = GomokuBoard::with_board(search, eval);
            let mut played = Vec::new();
            // Random play, partly near the other stones so that real patterns appear.
            while played.len() < 60
                && let Some(cell) = player.choose(board.pos())
            {
                let index = board.board().geometry().index(cell).unwrap();
                board.make(index);
                played.push(index);
                let fresh = PatternBoard::with_selection(board.pos(), eval);
                assert_eq!(board.patterns().facts(), fresh.facts());
            }
            for index in played.into_iter().rev() {
                board.unmake(index);
                let fresh = PatternBoard::with_selection(board.pos(), eval);
                assert_eq!(board.patterns().facts(), fresh.facts());
            }
        }
    }
}

fn vcf(pos: &Position) -> Option<Vec<usize>> {
    let mut board = GomokuBoard::new(pos);
    let before = board.pos().hash();
    let line = Vcf::new(12).solve(&mut board, 20, 100_000);
    assert_eq!(board.pos().hash(), before, "the board is left as it was");
    line
}

/// Plays `line` on `pos` and says whether it ends in a win of the side to move, each
/// defender move being the only block of a four.
fn line_wins(pos: &Position, line: &[usize]) -> bool {
    let me = pos.side_to_move();
    let mut p = pos.clone();
    for (n, &m) in line.iter().enumerate() {
        if n % 2 == 1 {
            // The defender had to block: the attacker threatened to win on this cell.
            if !p.wins_at(m, me) {
                return false;
            }
        }
        p.make(m);
    }
    p.winner() == Some(me)
}

/// X to move: (3, 9) makes a dead four on row 3 and a live three on column 9; O must block
/// the four at (3, 8), and X's column becomes a live four: a win by continuous fours in five
/// plies.
const FOURS_WIN: [&str; 15] = [
    "",
    "",
    "",
    "....oxxx",
    ".........x",
    ".........x",
    "",
    ".........o",
    "",
    "",
    "",
    "",
    "o.o",
    "",
    "..............o",
];

#[test]
fn vcf_finds_a_forced_win_by_fours() {
    // X to move: (3, 9) makes a dead four on row 3 and a live three on column 9; O must
    // block the four at (3, 8), and X's column becomes a live four.
    let pos = diagram(&FOURS_WIN, false);
    assert_eq!(pos.side_to_move(), Side::X);
    let line = vcf(&pos).expect("a VCF");
    assert!(line_wins(&pos, &line), "{line:?}");
    assert_eq!(line.len(), 5, "{line:?}");
    assert_eq!(line[..2], [index(3, 9), index(3, 8)]);
}

#[test]
fn vcf_finds_none_where_there_is_none() {
    // X has a single dead three only: one four, blocked, and nothing follows.
    let pos = diagram(
        &[
            "",
            "",
            "",
            "....oxxx",
            "",
            "",
            "",
            "",
            "",
            "",
            "o.............o",
        ],
        false,
    );
    assert_eq!(pos.side_to_move(), Side::X);
    assert_eq!(vcf(&pos), None);
    // An empty board has no fours at all.
    assert_eq!(vcf(&diagram(&[], false)), None);
}

#[test]
fn vcf_answers_the_defenders_four_first() {
    // The winning diagram above, but O has a four at the left edge of row 10: X must block
    // at (10, 4), which makes no four, so there is no VCF.
    let pos = diagram(
        &[
            "",
            "",
            "",
            "....oxxx",
            ".........x",
            ".........x",
            "",
            ".........o",
            "",
            "",
            "oooo",
            "",
            "",
            "",
            "..............x",
        ],
        false,
    );
    assert_eq!(pos.side_to_move(), Side::X);
    assert_eq!(vcf(&pos), None);
}

/// The gomoku engine's move on `pos`, searched to `depth` plies.
pub(super) fn engine_move(pos: &Position, depth: u32) -> crate::engine::SearchResult {
    use crate::engine::{Engine, EngineConfig, Limits};
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 4,
        ..EngineConfig::default()
    });
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    engine.search(
        pos,
        &limits,
        &std::sync::atomic::AtomicBool::new(false),
        &mut |_| {},
    )
}

#[test]
fn the_engine_completes_a_five() {
    // X to move with an open four; O threatens too, but X is first.
    let pos = diagram(
        &[
            "",
            "",
            "",
            "",
            ".xxxx",
            ".oooo",
            "",
            "",
            "",
            "",
            "",
            "..............x",
            "..............o",
        ],
        false,
    );
    let found = engine_move(&pos, 4);
    assert!(
        [index(4, 0), index(4, 5)].contains(&pos.geometry().index(found.best.unwrap()).unwrap())
    );
    assert_eq!(found.value, crate::engine::Value::Win { plies: 1 });
}

#[test]
fn the_engine_blocks_a_four() {
    // O has a dead four on row 5 (the wall on its left); X has nothing as strong: block.
    let pos = diagram(
        &[
            "",
            "",
            "",
            "",
            "....x.x",
            "oooo",
            "",
            "",
            "",
            "",
            "",
            "..............x",
            "",
            "x",
        ],
        false,
    );
    assert_eq!(pos.side_to_move(), Side::X);
    let found = engine_move(&pos, 4);
    assert_eq!(found.best, Some(crate::rules::Cell::new(5, 4)));
}

#[test]
fn the_engine_stops_an_open_three() {
    // O has an open three on row 6; X has two scattered stones and no four: after X's move
    // O must have no move left that makes a live four.
    let pos = diagram(
        &[
            "",
            "",
            "",
            "",
            "",
            "",
            "....ooo",
            "",
            "",
            "..x",
            "",
            "..........x",
            "",
            "",
            ".x",
        ],
        false,
    );
    assert_eq!(pos.side_to_move(), Side::X);
    for depth in [1, 2, 4] {
        let found = engine_move(&pos, depth);
        let mut after = pos.clone();
        after.play(found.best.unwrap()).unwrap();
        let board = PatternBoard::new(&after);
        assert!(
            !board.has_at_least(Side::O, Combo::OpenFour),
            "depth {depth}: {after:?}"
        );
    }
}

#[test]
fn the_engine_plays_a_vcf_with_its_line() {
    let pos = diagram(&FOURS_WIN, false);
    let found = engine_move(&pos, 2);
    assert_eq!(found.value, crate::engine::Value::Win { plies: 5 });
    assert_eq!(found.best, Some(crate::rules::Cell::new(3, 9)));
    let line: Vec<usize> = found
        .pv
        .iter()
        .map(|&c| pos.geometry().index(c).unwrap())
        .collect();
    assert!(line_wins(&pos, &line), "{line:?}");
}

fn vct(pos: &Position) -> Option<Vec<usize>> {
    vct_within(pos, 8)
}

/// A VCT of the side to move with at most `threats` threats.
fn vct_within(pos: &Position, threats: u32) -> Option<Vec<usize>> {
    let mut board = GomokuBoard::new(pos);
    let before = board.pos().hash();
    let line = Vct::new(14).solve(&mut board, threats, 200_000, None);
    assert_eq!(board.pos().hash(), before, "the board is left as it was");
    line
}

/// Plays `line` on `pos`: every move legal, the last one a five of the side to move.
fn line_ends_in_five(pos: &Position, line: &[usize]) -> bool {
    let me = pos.side_to_move();
    let mut p = pos.clone();
    for &m in line {
        if p.is_over() || p.at(m).is_some() {
            return false;
        }
        p.make(m);
    }
    p.winner() == Some(me)
}

/// X's two twos cross at (7, 8): a stone there makes two live threes at once, O can stop
/// only one, and the other becomes a live four. X has no three yet, so no four to play.
const DOUBLE_THREE: [&str; 15] = [
    "o.............o",
    "",
    "",
    "",
    "",
    "........x",
    "........x",
    ".....xx",
    "",
    "",
    "",
    "",
    "",
    "",
    "o.............o",
];

#[test]
fn vct_finds_a_win_by_threes_where_no_vcf_is() {
    let pos = diagram(&DOUBLE_THREE, false);
    assert_eq!(pos.side_to_move(), Side::X);
    assert_eq!(vcf(&pos), None, "no fours to play");
    let line = vct(&pos).expect("a VCT");
    assert!(line_ends_in_five(&pos, &line), "{line:?}");
    // The first threat is a three (no four exists), so O had a choice of defences.
    assert!(line.len() >= 5, "{line:?}");
}

#[test]
fn vct_finds_none_where_there_is_none() {
    // One two of X's: a three, its defence, and nothing more.
    let pos = diagram(
        &[
            "o.............o",
            "",
            "",
            "",
            "",
            "",
            "",
            ".....xx",
            "",
            "",
            "",
            "",
            "",
            "",
            "o.....x.x.....o",
        ],
        false,
    );
    assert_eq!(pos.side_to_move(), Side::X);
    assert_eq!(vct(&pos), None);
    assert_eq!(vct(&diagram(&[], false)), None);
}

#[test]
fn vct_defences_stop_the_opponents_vct() {
    // The double-three diagram with one O stone fewer: O to move, and X threatens the
    // double three, a VCT of two threats (X has longer ones too, with so few O stones about:
    // the defences here are against the short one).
    let mut rows = DOUBLE_THREE;
    rows[14] = "o";
    let pos = diagram(&rows, false);
    assert_eq!(pos.side_to_move(), Side::O);
    let mut board = GomokuBoard::new(&pos);
    let defences = Vct::new(14).defences(&mut board, 2, 100_000, None);
    assert!(defences.contains(&index(7, 8)), "{defences:?}");
    for &d in &defences {
        let mut after = pos.clone();
        after.make(d);
        assert_eq!(vct_within(&after, 2), None, "X still wins after O at {d}");
    }
    // A move far away lets X win.
    let mut careless = pos.clone();
    careless.make(index(0, 7));
    assert!(vct_within(&careless, 2).is_some());
    // The engine finds a defence by itself.
    let found = engine_move(&pos, 6);
    let best = found.best.expect("a move");
    assert!(
        defences.contains(&(best.row * 15 + best.col)),
        "{best:?} not in {defences:?}"
    );
}

/// The search's value of `pos` at `depth` plies (no VCF or VCT at the root, no time or node
/// limit), with or without the VCT one and two plies below the root, and its nodes.
fn searched(
    pos: &Position,
    depth: u32,
    inner_vct: bool,
) -> (crate::engine::score::Score, Option<usize>, u64) {
    use crate::engine::search::{Features, NoRecorder, Searcher};
    let table = crate::engine::table::Table::new(4, usize::MAX);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let limits = crate::engine::Limits::default();
    let mut s: Searcher<Gomoku> =
        Searcher::build(pos, &table, Features::FULL, &limits, &stop, 0, NoRecorder);
    s.knowledge.inner_vct = inner_vct;
    let (score, best) = s.root(depth, 0);
    (score, best, s.stats.nodes)
}

/// Two diagonals crossing (the fifth middle game of `bench --smp`), X to move. X wins, but
/// not by threats from here: the root's VCT finds nothing. X's quiet move at (4,9) leaves O
/// no answer after which X has no VCT.
const CROSSING: [&str; 10] = [
    "",
    "",
    "",
    "",
    "",
    ".........x",
    "......o.x",
    "......xxo",
    "......oxo",
    ".....o",
];

#[test]
fn the_search_finds_a_vct_after_the_opponents_reply() {
    let pos = diagram(&CROSSING, false);
    assert_eq!(pos.side_to_move(), Side::X);
    assert_eq!(vct(&pos), None, "no VCT at the root");
    // Four plies: X's move, O's reply, and at the second ply below the root X's VCT. (At
    // three, the late move reductions search the quiet (4,9) a ply shallower, above the
    // ply where the VCT looks; iterative deepening reaches four at once.)
    let (score, best, nodes) = searched(&pos, 4, true);
    assert!(
        score > 0 && is_decisive(score),
        "{score} after {nodes} nodes"
    );
    assert_eq!(best, Some(index(4, 9)));
    // Without the VCT inside the search, three and four plies see no win.
    for depth in [3, 4] {
        let (score, _, _) = searched(&pos, depth, false);
        assert!(!is_decisive(score), "depth {depth}: {score}");
    }
    // The search without it confirms the win, twelve plies deep (ten before the late move
    // reductions): O loses after (4,9).
    let mut after = pos.clone();
    after.make(index(4, 9));
    let (score, _, _) = searched(&after, 12, false);
    assert!(score < 0 && is_decisive(score), "{score}");
}

/// The engine's answer on `pos` within `limits`, from a fresh table, with the evaluation
/// `eval` (`None`: the pattern evaluation).
fn engine_answer(
    pos: &Position,
    limits: &crate::engine::Limits,
    eval: Option<code_tables::Selection>,
) -> crate::engine::SearchResult {
    use crate::engine::{Engine, EngineConfig};
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 4,
        gomoku_eval: eval,
        ..EngineConfig::default()
    });
    engine.search(
        pos,
        limits,
        &std::sync::atomic::AtomicBool::new(false),
        &mut |_| {},
    )
}

/// A middle game (`bench --smp`'s sixth position and one more move) where the search chooses
/// a different move at depth `depth` and at `depth + 1`, with the evaluation `eval`: stopped
/// by node budgets between the two searches' counts, it plays the shallower move, or a move
/// the stopped deeper iteration searched to the end after it (reported at the deeper depth);
/// at some budget the latter.
fn stopped_iteration_plays_the_better_move(eval: Option<code_tables::Selection>, depth: u32) {
    use crate::engine::Limits;
    let mut pos = Position::new(Rule::new(15, 15, 5, false).unwrap());
    for (row, col) in [
        (7, 7),
        (7, 6),
        (8, 6),
        (6, 6),
        (6, 7),
        (5, 6),
        (4, 6),
        (8, 8),
        (9, 9),
        (6, 8),
        (5, 9),
        (5, 7),
    ] {
        pos.play(crate::rules::Cell::new(row, col)).unwrap();
    }
    let to_depth = |depth: u32, nodes: Option<u64>| {
        let limits = Limits {
            depth: Some(depth),
            nodes,
            ..Limits::default()
        };
        engine_answer(&pos, &limits, eval)
    };
    let (shallow, deep) = (to_depth(depth, None), to_depth(depth + 1, None));
    assert_ne!(
        shallow.best, deep.best,
        "the fixture needs the two depths to differ"
    );
    let (from, to) = (shallow.stats.nodes, deep.stats.nodes);
    let mut deeper_moves = 0;
    for nodes in (from..to).step_by(512) {
        let stopped = to_depth(depth + 1, Some(nodes));
        // The budget is looked at every 1024 nodes: one that let the search finish says
        // nothing here.
        if stopped.best == shallow.best || stopped.stats.nodes >= to {
            continue;
        }
        assert_eq!(
            stopped.stats.depth,
            depth + 1,
            "a different move came from the stopped iteration"
        );
        deeper_moves += 1;
    }
    assert!(
        deeper_moves > 0,
        "no budget played the stopped iteration's move"
    );
}

#[test]
fn a_stopped_iteration_plays_the_move_that_beat_the_last_finished_ones() {
    // With the pattern evaluation depths 4 and 5 differ. With the tables the searches to
    // those depths take 538 and 1,336 nodes, too few apart for a budget looked at every 1,024
    // nodes to stop between them; depths 7 and 8 differ and lie 7,651 nodes apart.
    stopped_iteration_plays_the_better_move(None, 4);
    stopped_iteration_plays_the_better_move(Some(code_tables::Selection::default_tables()), 7);
}
