//! The learners' lab, driven by its accessible labels: the e(P) counts of a known position
//! (checked against a brute-force count of the 3x3 lines), the kinds of first move on the
//! empty board, a review that marks the losing move of a scripted game and steps back through
//! it without changing the game, and practice answers right and wrong.

use crate::support;

use std::sync::atomic::AtomicBool;

use egui_kittest::kittest::{NodeT, Queryable};
use support::*;
use tictactoe::engine::{Engine, EngineConfig, Limits, Value, gomoku_static_value};
use tictactoe::game::{Mode, Session, Settings};
use tictactoe::gui::SavedState;
use tictactoe::lab::{WinSearch, winning_line};
use tictactoe::rules::{Cell, Position, Rule, Side};

/// Two players at one computer, the lab open.
fn lab_with_two_players() -> App {
    let mut h = app();
    open_tab(&mut h, "Play");
    click(&mut h, "Two players at this computer");
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    h
}

/// Plays `moves` (0-based row, column) for both sides.
fn play(h: &mut App, moves: &[(usize, usize)]) {
    for &(row, col) in moves {
        click_cell(h, row, col);
    }
}

/// The lines still open for each side on a 3x3 board given as rows of 'x', 'o', '.':
/// every row, column and diagonal written out by hand, not taken from the game.
fn open_lines_3x3(board: [&str; 3]) -> (usize, usize) {
    let at = |r: usize, c: usize| board[r].as_bytes()[c];
    let mut lines: Vec<[(usize, usize); 3]> = Vec::new();
    for i in 0..3 {
        lines.push([(i, 0), (i, 1), (i, 2)]);
        lines.push([(0, i), (1, i), (2, i)]);
    }
    lines.push([(0, 0), (1, 1), (2, 2)]);
    lines.push([(0, 2), (1, 1), (2, 0)]);
    let open_for = |enemy: u8| {
        lines
            .iter()
            .filter(|line| line.iter().all(|&(r, c)| at(r, c) != enemy))
            .count()
    };
    (open_for(b'o'), open_for(b'x'))
}

#[test]
fn evaluation_counts_the_open_lines_of_a_known_position() {
    let mut h = lab_with_two_players();
    // X in the centre, O in a corner, X to move.
    play(&mut h, &[(1, 1), (0, 0)]);
    let (x, o) = open_lines_3x3(["o..", ".x.", "..."]);
    assert_eq!((x, o), (5, 4));
    assert_shows(&h, &format!("Open lines for X: {x}"));
    assert_shows(&h, &format!("Open lines for O: {o}"));
    assert_shows(&h, &format!("e(P) for X = {x} - {o} = {}", x - o));
    // One more move for X: now O is to move, and e(P) takes O's view.
    play(&mut h, &[(0, 1)]);
    let (x, o) = open_lines_3x3(["ox.", ".x.", "..."]);
    assert_shows(
        &h,
        &format!("e(P) for O = {o} - {x} = {}", o as i64 - x as i64),
    );
}

#[test]
fn on_gomoku_the_evaluation_view_shows_the_engines_own_value() {
    let mut h = app();
    open_tab(&mut h, "Play");
    click(&mut h, "Two players at this computer");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    play(&mut h, &[(7, 7), (6, 8)]);
    let mut position = Position::new(Rule::new(15, 15, 5, false).unwrap());
    for cell in [Cell::new(7, 7), Cell::new(6, 8)] {
        position.play(cell).unwrap();
    }
    // The engine's value, by the evaluation this process plays with.
    let (value, tables) = gomoku_static_value(&position).expect("a position in play");
    assert_shows(&h, "the engine does not count open lines");
    let how = if tables {
        "with tables learned from games"
    } else {
        "with hand-tuned pattern scores"
    };
    assert_shows(&h, how);
    assert_shows(&h, &format!("Its value here for Black: {value}."));
    assert!(!shows(&h, "The engine's heuristic takes the same view"));
}

#[test]
fn the_empty_board_has_three_kinds_of_first_move() {
    let mut h = lab_with_two_players();
    click(&mut h, "Symmetry");
    assert_shows(&h, "3 kinds of first move: corner, edge, centre");
    assert_shows(&h, "A: corner, 4 moves");
    assert_shows(&h, "C: centre, 1 move");
    // X in the centre leaves two kinds: the corners and the edges.
    play(&mut h, &[(1, 1)]);
    assert_shows(&h, "2 kinds of move among 8 empty cells");
}

#[test]
fn the_review_marks_the_move_that_threw_the_draw_away() {
    let mut h = lab_with_two_players();
    // O answers the centre on an edge, which loses; X forks and wins.
    play(
        &mut h,
        &[(1, 1), (0, 1), (0, 0), (2, 2), (2, 0), (1, 0), (0, 2)],
    );
    assert!(h.state().session().outcome().is_some());
    click(&mut h, "Review");
    wait_for_text(&mut h, "Every value searched to the end.");
    assert_shows(&h, "2. O row 1, column 2: draw before, loss in");
    assert_shows(&h, "1. X row 2, column 2: draw before, draw after");
    let marked: Vec<_> = h
        .query_all_by_label_contains("A draw thrown into a loss")
        .collect();
    assert_eq!(marked.len(), 1, "only O's edge move changed the result");
    assert!(!shows(&h, "A win let slip"));
    // Each row counts from its own position, so the row after a move and the row before the
    // next one say the same of the position between them: no row contradicts another.
    let rows = review_rows(&h);
    assert_eq!(rows.len(), 7, "{rows:?}");
    let seen_by_the_other_side = |words: &str| {
        words
            .replace("win in", "WIN")
            .replace("loss in", "win in")
            .replace("WIN", "loss in")
    };
    for pair in rows.windows(2) {
        assert_eq!(seen_by_the_other_side(&pair[0].1), pair[1].0, "{rows:?}");
    }
    assert_eq!(
        rows[6],
        ("win in 1".to_string(), "the game won".to_string())
    );

    // Stepping back previews the position on the board; the game stays as it is.
    click(&mut h, "Back");
    assert_shows(&h, "The board shows the position after 6 of 7 moves.");
    assert!(h.query_by_label(&label_of(0, 2, None)).is_some());
    assert_eq!(stones(h.state()), 7);
    click(&mut h, "Forward");
    assert_shows(&h, "The board shows the game as it stands.");
    assert!(h.query_by_label(&label_of(0, 2, Some(Side::X))).is_some());

    // A new game drops the review of the old one.
    open_tab(&mut h, "Play");
    click(&mut h, "New game Ctrl+N");
    assert!(!shows(&h, "A draw thrown into a loss"));
    assert_shows(&h, "No moves to review yet.");
}

/// The words before and after of every review row on screen, in order ("2. O row 1, column
/// 2: draw before, loss in 5 after" gives "draw" and "loss in 5").
fn review_rows(h: &App) -> Vec<(String, String)> {
    labels(h)
        .iter()
        .filter_map(|label| {
            let (_, words) = label.split_once(": ")?;
            let (before, after) = words.split_once(" before, ")?;
            Some((
                before.to_string(),
                after.strip_suffix(" after")?.to_string(),
            ))
        })
        .collect()
}

/// The practice position on screen, read from its cells' labels.
fn practice_position(h: &App) -> Position {
    let mut rows = Vec::new();
    for row in 0..3 {
        let mut text = String::new();
        for col in 0..3 {
            let cell = Cell::new(row, col);
            let holds = |what: &str| {
                h.query_by_label(&format!("practice board, {cell}: {what}"))
                    .is_some()
            };
            text.push(if holds("X") {
                'x'
            } else if holds("O") {
                'o'
            } else {
                assert!(holds("empty"), "no practice cell at {cell}");
                '.'
            });
        }
        rows.push(text);
    }
    Position::from_notation(Rule::TIC_TAC_TOE, &rows.join("/")).expect("a position")
}

/// The moves of `position` that keep its best result, and one that does not.
fn keeping_and_losing(position: &Position) -> (Vec<Cell>, Cell) {
    let rank = |v: Value| match v {
        Value::Loss { .. } => 0,
        Value::Draw | Value::Unknown => 1,
        Value::Win { .. } => 2,
    };
    let mut engine = Engine::new(EngineConfig::default());
    let values = engine.analyse(position, &Limits::default(), &AtomicBool::new(false));
    let best = values.iter().map(|m| rank(m.value)).max().expect("moves");
    let keeping = values
        .iter()
        .filter(|m| rank(m.value) == best)
        .map(|m| m.cell)
        .collect();
    let losing = values
        .iter()
        .find(|m| rank(m.value) < best)
        .expect("a move that gives something away")
        .cell;
    (keeping, losing)
}

fn wait_for_puzzle(h: &mut App) {
    wait_until(h, "a practice position", |h| {
        shows(h, "one move only") && shows(h, "practice board")
    });
}

#[test]
fn practice_tells_a_wrong_answer_why_and_a_right_one_so() {
    let mut h = lab_with_two_players();
    click(&mut h, "Practice");
    wait_for_puzzle(&mut h);

    // A wrong answer: what it gives away, the one move, and the line that shows why.
    let position = practice_position(&h);
    let (keeping, losing) = keeping_and_losing(&position);
    assert_eq!(keeping.len(), 1, "a practice position has one good move");
    let cell = Cell::new(losing.row, losing.col);
    click(&mut h, &format!("practice board, {cell}: empty"));
    assert_shows(&h, &format!("Not this one: {cell} gives away the"));
    assert_shows(&h, &format!("The one move was {}", keeping[0]));
    wait_until(&mut h, "the best play after the wrong move", |h| {
        shows(h, "Best play after your move:") || shows(h, "Your move ends the game.")
    });
    assert_shows(&h, "Right 0 of 1");

    // The next position, answered right.
    click(&mut h, "Next position");
    wait_for_puzzle(&mut h);
    let position = practice_position(&h);
    let (keeping, _) = keeping_and_losing(&position);
    click(&mut h, &format!("practice board, {}: empty", keeping[0]));
    assert_shows(&h, &format!("Right: {} keeps the result", keeping[0]));
    assert_shows(&h, "Right 1 of 2");
    // The game on the main board was never touched.
    assert_eq!(stones(h.state()), 0);
}

#[test]
fn the_algorithms_compared_on_the_empty_board_agree() {
    let mut h = lab_with_two_players();
    click(&mut h, "Compare");
    click(&mut h, "Compare the algorithms");
    wait_until(&mut h, "the comparison", |h| {
        shows(h, "values agree") || shows(h, "values disagree")
    });
    assert_shows(&h, "All 6 values agree.");
    assert_shows(&h, "Searched to the end of the game (9 plies).");
    // Plain minimax visits every node of the game tree, the root included.
    assert_shows(&h, "Minimax: 549,946");
    // The table is in body text, as tall as the sentence above it.
    let line = h.get_by_label("All 6 values agree.").rect().height();
    let head = h.get_by_label("Nodes").rect().height();
    assert!(
        head >= line - 0.5,
        "table text {head} px high, body text {line} px"
    );
    // The numbers go with the position: a move drops them.
    play(&mut h, &[(1, 1)]);
    assert!(!shows(&h, "549,946"));
}

#[test]
fn the_search_tree_expands_shows_pruned_moves_and_replays() {
    let mut h = lab_with_two_players();
    // X in the centre, O in a corner: seven empty cells, searched to the end.
    play(&mut h, &[(1, 1), (0, 0)]);
    click(&mut h, "Search tree");
    click(&mut h, "Record the search tree");
    wait_for_text(&mut h, "Replay:");
    assert_shows(&h, "Searched to the end of the game (7 plies).");
    assert!(!shows(&h, "will not allow this line"));

    // Expand a move of the alpha-beta tree that was cut off: its unsearched moves appear,
    // greyed, with the reason; its position is previewed on the board, never played.
    let cut = h
        .query_all_by_label_contains(" (cut)")
        .last()
        .expect("a cut-off among the moves at the root")
        .accesskit_node()
        .label()
        .expect("a label")
        .to_string();
    let node = cut.split(':').next().expect("the node's move").to_string();
    h.query_all_by_label_contains(&cut)
        .last()
        .expect("the node")
        .click();
    settle(&mut h);
    assert_shows(&h, "pruned: value");
    assert_shows(&h, "will not allow this line");
    let (row, col) = {
        let (_, at) = node.split_once(' ').expect("side and cell");
        let (r, c) = at.split_once(',').expect("row,column");
        (
            r.parse::<usize>().unwrap() - 1,
            c.parse::<usize>().unwrap() - 1,
        )
    };
    assert!(
        h.query_by_label(&label_of(row, col, Some(Side::X)))
            .is_some()
    );
    assert_eq!(stones(h.state()), 2);

    // The replay: from the first step to the last, where the root backs up its value. The
    // board follows the node the replay is at; the game is never played.
    click(&mut h, "Start");
    assert_shows(&h, "Step 1 of");
    assert_shows(&h, "enter root with window [-inf, +inf]");
    assert_eq!(marks_on_board(&h), 2, "the root is the game's position");
    click(&mut h, "Step forward");
    assert_shows(&h, "Step 2 of");
    assert_eq!(
        marks_on_board(&h),
        3,
        "the first move searched is on the board"
    );
    click(&mut h, "To the end");
    assert_shows(&h, "root backs up");
    assert_eq!(marks_on_board(&h), 2, "back at the root");
    assert_eq!(stones(h.state()), 2);
}

/// The marks the 3x3 board shows, whether the game's or a preview's, read from its cells'
/// labels.
fn marks_on_board(h: &App) -> usize {
    let mut marks = 0;
    for row in 0..3 {
        for col in 0..3 {
            for side in [Side::X, Side::O] {
                marks += usize::from(h.query_by_label(&label_of(row, col, Some(side))).is_some());
            }
        }
    }
    marks
}

/// The lab's controls lie inside the window at its default size, where
/// `scripts/lab-screenshots.sh` and `scripts/why-no-win-screenshots.sh` click them; printed
/// for those scripts (`--nocapture`).
#[test]
fn the_labs_controls_fit_the_default_window() {
    let size = egui::vec2(960.0, 720.0);
    let mut h = open_sized(MemoryStorage::default(), size, |app| app);
    let report = |h: &App, label: &str| {
        let rect = h.get_by_label(label).rect();
        let centre = rect.center();
        assert!(
            egui::Rect::from_min_size(egui::Pos2::ZERO, size).contains(centre),
            "{label} at {centre:?} is outside the window"
        );
        println!("{label:?} {} {}", centre.x.round(), centre.y.round());
    };
    report(&h, "Two players at this computer");
    click(&mut h, "Two players at this computer");
    open_tab(&mut h, "Learn");
    report(&h, "Open the learners' lab");
    click(&mut h, "Open the learners' lab");
    for tab in [
        "e(P)",
        "Symmetry",
        "Compare",
        "Search tree",
        "Review",
        "Practice",
        "Why no win?",
    ] {
        report(&h, tab);
    }
    play(&mut h, &[(1, 1), (0, 0)]);
    click(&mut h, "Compare");
    report(&h, "Compare the algorithms");
    click(&mut h, "Search tree");
    report(&h, "Record the search tree");
    click(&mut h, "Record the search tree");
    wait_for_text(&mut h, "Replay:");
    let node = h
        .query_all_by_label_contains(" (cut)")
        .last()
        .expect("a cut-off among the moves at the root")
        .accesskit_node()
        .label()
        .expect("a label")
        .to_string();
    report(&h, &node);
    click(&mut h, "Review");
    click(&mut h, "Review this game");
    report(&h, "Back");
}

#[test]
fn closing_the_lab_drops_the_recorded_search_tree() {
    let mut h = lab_with_two_players();
    play(&mut h, &[(1, 1), (0, 0)]);
    click(&mut h, "Search tree");
    click(&mut h, "Record the search tree");
    wait_for_text(&mut h, "Replay:");
    h.get_all_by_label("Close the lab")
        .next()
        .expect("a close button")
        .click();
    settle(&mut h);
    click(&mut h, "Open the learners' lab");
    // The view opens as it was left, on the same position, without its trees: a closed lab
    // keeps none (they are tens of megabytes on larger boards).
    assert_shows(&h, "Record the search tree");
    assert!(!shows(&h, "Replay:"));
    assert!(!shows(&h, "Searched to the end of the game (7 plies)."));
}

#[test]
fn the_leaves_at_the_difficultys_depth_limit_show_e_p() {
    let mut h = app();
    // The difficulty is set while playing the computer (a person moves first).
    click(&mut h, "Beginner");
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    click(&mut h, "Search tree");
    click(&mut h, "Record the search tree");
    wait_for_text(&mut h, "Replay:");
    // One ply: the moves at the root are leaves at the horizon, valued by e(P) (from X's
    // view: the centre leaves X 8 open lines and O 4).
    assert_shows(&h, "Searched 1 ply deep, as asked.");
    assert_shows(&h, "X 2,2: e(P) 4");
    assert_shows(&h, "X 1,1: e(P) ");
}

#[test]
fn a_review_of_a_large_board_can_be_stopped() {
    let mut h = lab_with_two_players();
    // On 15x15 every position gets a search of its own at the review's budget: seconds of work.
    open_tab(&mut h, "Play");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    play(&mut h, &[(7, 7), (7, 8)]);
    click(&mut h, "Review");
    click(&mut h, "Review this game");
    assert_shows(&h, "Searching position 1 of 3");
    click(&mut h, "Stop");
    assert_shows(&h, "The review was stopped.");
    assert!(!shows(&h, "Searching position"));
    // The window answers at once: a move on the board is played as usual.
    click_cell(&mut h, 0, 0);
    assert_eq!(stones(h.state()), 3);
}

#[test]
fn a_comparison_on_gomoku_says_which_rows_it_compares_and_why_not_the_others() {
    let gomoku = Settings {
        rule: Rule::new(15, 15, 5, false).unwrap(),
        mode: Mode::Hotseat,
        ..Settings::default()
    };
    let state = SavedState {
        session: Session::new(gomoku),
        ..SavedState::default()
    };
    let mut h = build_with(state, |app| app);
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    play(&mut h, &[(7, 7), (6, 8)]);
    click(&mut h, "Compare");
    click(&mut h, "Compare the algorithms");
    wait_until(&mut h, "the comparison", |h| {
        shows(h, "values compared agree") || shows(h, "values disagree")
    });
    assert_shows(&h, "values compared agree: Minimax");
    assert_shows(&h, "Full engine is not compared: on five in a row");
}

#[test]
fn the_pairing_view_shows_why_neither_side_can_win_and_the_answer_to_a_move() {
    let board = Settings {
        rule: Rule::new(5, 5, 5, false).unwrap(),
        mode: Mode::Hotseat,
        ..Settings::default()
    };
    let state = SavedState {
        session: Session::new(board),
        ..SavedState::default()
    };
    let mut h = build_with(state, |app| app);
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    click(&mut h, "Why no win?");
    // The pairings come from the driver, a few frames later.
    wait_for_text(
        &mut h,
        "X cannot make 5 in a row: O answers each of its moves",
    );
    assert_shows(&h, "O cannot make 5 in a row: X answers each of its moves");
    assert_shows(&h, "Neither side can win: the game is a draw.");
    // X plays: the view names O's answer, the other cell of the pair X played in.
    play(&mut h, &[(2, 2)]);
    wait_for_text(&mut h, "X cannot make 5 in a row: O answers at row");
    assert_eq!(stones(h.state()), 1, "the view never plays");
}

#[test]
fn the_pairing_view_says_when_no_pairing_stops_a_side() {
    let mut h = lab_with_two_players();
    click(&mut h, "Why no win?");
    wait_for_text(&mut h, "No pairing stops X from making 3 in a row here.");
    assert!(
        !shows(&h, "tictactoe solve"),
        "nothing only the command line can do"
    );
    // The prover settles it for the side to move: tic-tac-toe is no win for X.
    assert_shows(&h, "Can X force a win?");
    wait_for_text(&mut h, "No: X cannot force 3 in a row from here");
}

#[test]
fn the_pairing_view_plays_a_win_out_step_by_step() {
    // 4x4 with three in a row: the first player wins.
    let rule = Rule::new(4, 4, 3, false).unwrap();
    let state = SavedState {
        session: Session::new(Settings {
            rule,
            mode: Mode::Hotseat,
            ..Settings::default()
        }),
        ..SavedState::default()
    };
    let mut h = build_with(state, |app| app);
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    click(&mut h, "Why no win?");
    wait_for_text(&mut h, "Yes: X wins with");
    // The line the view plays, from the prover itself; checked here only for being a legal
    // win for X (tests/prover.rs checks the lines against the exact search).
    let stop = AtomicBool::new(false);
    let WinSearch::Line(line) = winning_line(&Position::new(rule), 0, &stop) else {
        panic!("4,4,3 is a win for X");
    };
    let first = line.moves[0];
    let second = line.moves[1];
    assert_shows(&h, &format!("1. X {},{}", first.row + 1, first.col + 1));
    // Stepping shows each position on the board, never played.
    click(&mut h, "Step forward");
    assert_shows(&h, &format!("after move 1 of {}", line.moves.len()));
    assert!(shows(&h, &label_of(first.row, first.col, Some(Side::X))));
    click(&mut h, "Step forward");
    assert!(shows(&h, &label_of(second.row, second.col, Some(Side::O))));
    click(&mut h, "To the end");
    assert_shows(&h, "3 in a row");
    assert_shows(&h, &format!("after move {0} of {0}", line.moves.len()));
    click(&mut h, "Start");
    assert!(shows(&h, &label_of(first.row, first.col, None)));
    assert_eq!(stones(h.state()), 0, "the view never plays");
}

/// A 15x15 game between two people in which white does not answer black's open three (black
/// then has a win by fours) and black, instead of playing it, plays in a corner. Moves as
/// 0-based (row, column): A1 is row 1, column A.
const IGNORED_THREE: [(usize, usize); 9] = [
    (7, 7),  // 1. Black H8
    (8, 6),  // 2. White G9
    (9, 7),  // 3. Black H10
    (10, 7), // 4. White H11
    (8, 8),  // 5. Black I9
    (10, 6), // 6. White G11
    (9, 9),  // 7. Black J10: an open three, H8 I9 J10
    (5, 5),  // 8. White F6: does not block it
    (0, 0),  // 9. Black A1: does not make the four
];

/// The lab's review of [`IGNORED_THREE`], finished.
fn reviewed_ignored_three() -> App {
    let mut h = lab_with_two_players();
    open_tab(&mut h, "Play");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    play(&mut h, &IGNORED_THREE);
    click(&mut h, "Review");
    click(&mut h, "Review this game");
    let start = std::time::Instant::now();
    wait_for_text(
        &mut h,
        "Each position was searched by the computer's own engine",
    );
    println!(
        "review of {} moves on 15x15: {:.1} s",
        IGNORED_THREE.len(),
        start.elapsed().as_secs_f64()
    );
    h
}

/// Every label on screen, in the order a screen reader reads them.
fn labels(h: &App) -> Vec<String> {
    h.query_all_by_label_contains("")
        .filter_map(|node| {
            let node = node.accesskit_node();
            node.label().or_else(|| node.value()).map(|l| l.to_string())
        })
        .collect()
}

/// The played move of a review row ("9. Black A1: expected score 62% before, ..."), if `label` is one.
fn row_move(label: &str) -> Option<String> {
    let (number, rest) = label.split_once(". ")?;
    number.parse::<usize>().ok()?;
    let mut words = rest.split(' ');
    let _side = words.next()?;
    let cell = words.next()?.strip_suffix(':')?;
    Some(cell.to_string())
}

#[test]
fn the_review_of_a_large_board_marks_forced_wins_and_never_recommends_the_move_played() {
    let h = reviewed_ignored_three();
    // The sides and cells as the board of stones names them, never as rows and columns.
    assert_shows(&h, "8. White F6: ");
    assert_shows(&h, "9. Black A1: ");
    let rows: Vec<String> = labels(&h)
        .into_iter()
        .filter(|l| row_move(l).is_some())
        .collect();
    assert_eq!(rows.len(), IGNORED_THREE.len(), "{rows:#?}");
    for row in &rows {
        assert!(!row.contains("row ") && !row.contains("column"), "{row}");
        assert!(!row.contains("not proved"), "{row}");
        // No distance is stated as the shortest on a board not searched to the end.
        assert!(!row.contains("win in") && !row.contains("loss in"), "{row}");
        assert!(
            row.contains("expected score") || row.contains("forced"),
            "{row}"
        );
    }
    // White's F6 let black win by fours; black's A1 did not play that win.
    assert_shows(
        &h,
        "Walked into a forced loss: Black has a forced win by continuous fours (VCF) (",
    );
    assert_shows(
        &h,
        "A forced win by continuous fours (VCF) was found here and not played (",
    );
    // No move the review names as better is the move that was played: every explanation
    // under a row is read against that row's move.
    let mut played = None;
    let mut named = 0;
    for label in labels(&h) {
        if let Some(cell) = row_move(&label) {
            played = Some(cell);
            continue;
        }
        let better = label
            .split_once("; the engine would play ")
            .map(|(_, rest)| rest.trim_end_matches(" here."))
            .or_else(|| {
                let (_, line) = label.split_once("was found here and not played (")?;
                line.split([' ', ')']).next()
            })
            .or_else(|| {
                let (_, rest) = label.split_once(", starting at ")?;
                rest.split(')').next()
            });
        if let Some(better) = better {
            named += 1;
            let played = played.as_deref().expect("an explanation follows its row");
            assert_ne!(better, played, "the move played recommended: {label}");
        }
    }
    assert!(named >= 1, "the review names no better move at all");
}

#[test]
fn the_reviews_graph_marks_the_turning_points_a_click_shows_one_and_it_speaks_chinese() {
    let mut h = reviewed_ignored_three();
    h.get_by_label("Black's expected score over the game (top: 100%, middle line: 50%)");
    assert_shows(&h, "Turning points:");
    // The marked points are the moves that allowed and missed the win.
    let marked: Vec<String> = labels(&h)
        .into_iter()
        .filter(|l| l.starts_with("Turning point "))
        .collect();
    assert!(
        marked.contains(&"Turning point 8. White F6".to_string()),
        "{marked:?}"
    );
    assert!(marked.contains(&"Turning point 9. Black A1".to_string()));
    // A click on the point shows the position after that move on the board, and selects
    // its row.
    click(&mut h, "Turning point 8. White F6");
    assert_shows(&h, "The board shows the position after 8 of 9 moves.");
    assert!(
        h.query_by_label(&label_on(&h, 0, 0, None)).is_some(),
        "A1 not yet played"
    );
    let row = h
        .query_all_by_label_contains("8. White F6: ")
        .next()
        .expect("the row of the move");
    assert_eq!(
        row.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True),
        "the row is selected"
    );
    assert_eq!(stones(h.state()), 9, "the game stays as it is");
    speaks_chinese_throughout(&mut h);
}

/// The same review in Chinese: every word of it, the names of sides and cells as the board
/// of stones shows them.
fn speaks_chinese_throughout(h: &mut App) {
    click(h, tictactoe::gui::i18n::Language::Chinese.own_name());
    assert_shows(h, "9. 黑棋 A1：走前");
    assert_shows(h, "这里找到了连续冲四（VCF）的必胜（");
    assert_shows(h, "走进了必败：黑棋有连续冲四（VCF）的必胜（");
    h.get_by_label("黑棋整局的期望得分（顶部：100%，中线：50%）");
    let review = ["黑棋", "白棋", "转折点", "期望得分", "必胜", "必败"];
    for label in labels(h) {
        if review.iter().any(|word| label.contains(word)) {
            for english in [
                "Black", "White", "before", "after", "row", "column", "Turning",
            ] {
                assert!(!label.contains(english), "English in {label:?}");
            }
        }
    }
}

/// A hotseat game of `rule`, the lab open.
fn lab_on(rule: Rule) -> App {
    let state = SavedState {
        session: Session::new(Settings {
            rule,
            mode: Mode::Hotseat,
            ..Settings::default()
        }),
        ..SavedState::default()
    };
    let mut h = build_with(state, |app| app);
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    h
}

/// Steps frames until `done` holds, timing each frame (the figures are printed with
/// `--nocapture`, not asserted: a loaded machine makes any frame slow); returns whether some
/// frame on the way said the view was searching, that is, the answer came from the driver
/// after that frame rather than within it.
fn frames_until(h: &mut App, what: &str, done: impl Fn(&App) -> bool) -> bool {
    let deadline = std::time::Instant::now() + BOUND;
    let mut times = Vec::new();
    let mut searching = false;
    loop {
        let start = std::time::Instant::now();
        h.step();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        searching |= shows(h, "Searching for pairings");
        if done(h) && times.len() >= 3 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "timed out: {what}");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    times.sort_by(f64::total_cmp);
    let (slowest, median) = (times[times.len() - 1], times[times.len() / 2]);
    println!(
        "{what}: {} frames, slowest {slowest:.1} ms, median {median:.1} ms",
        times.len()
    );
    searching
}

/// Why no win? on 7x7 with five in a row answers through the driver, when the view opens and
/// after each move: the frame that asks says it is searching and the answer comes in a later
/// frame, so the pairing search never runs inside a frame (before the searches went on the
/// driver, the slowest frames here took 10 to 15 ms, the pairing search in them; the frame
/// times are printed with `--nocapture`).
#[test]
fn why_no_win_answers_on_7x7_through_the_driver() {
    let mut h = lab_on(Rule::new(7, 7, 5, false).unwrap());
    h.get_by_label("Why no win?").click();
    let answered =
        |h: &App| (shows(h, "cannot make 5") || shows(h, "from making 5")) && !shows(h, "earching");
    assert!(frames_until(&mut h, "opened", answered));
    for (i, &(row, col)) in [(3, 3), (2, 2), (3, 4), (2, 4), (4, 2), (2, 3)]
        .iter()
        .enumerate()
    {
        h.get_by_label(&label_on(&h, row, col, None)).click();
        let side = if i % 2 == 0 { Side::X } else { Side::O };
        let what = format!("after move {}", i + 1);
        let searched = frames_until(&mut h, &what, |h| {
            answered(h) && shows(h, &label_on(h, row, col, Some(side)))
        });
        assert!(
            searched,
            "{what}: the answer came within the frame that asked"
        );
    }
}

/// One answer per screen: where the side to move forces a win, the view does not also name
/// the answer a pairing would give that side against the other.
#[test]
fn the_pairing_view_names_no_pairing_answer_for_a_side_that_wins() {
    let mut h = lab_on(Rule::new(4, 4, 3, false).unwrap());
    click(&mut h, "Why no win?");
    wait_for_text(&mut h, "Yes: X wins with");
    assert_shows(&h, "O cannot win here: X forces a win first (below).");
    assert!(!shows(&h, "O cannot make 3 in a row"));
    // After a move each, X (to move) still wins: no "X answers at" beside its line.
    play(&mut h, &[(0, 0), (3, 3)]);
    wait_for_text(&mut h, "Yes: X wins with");
    assert_shows(&h, "O cannot win here: X forces a win first (below).");
    assert!(!shows(&h, "X answers at"));
}

/// Where no pairing stops the side to move and the search for its win gives up, the view
/// says so and offers to search ten times longer; clicking it searches again with ten times
/// the positions (6x6 with four in a row, a board of stones: the first search stops at
/// 300,000 positions).
#[test]
fn why_no_win_searches_ten_times_longer_when_asked() {
    let mut h = lab_on(Rule::new(6, 6, 4, false).unwrap());
    click(&mut h, "Why no win?");
    wait_for_text(
        &mut h,
        "No pairing stops Black from making 4 in a row here.",
    );
    wait_for_text(&mut h, "no proof either way within 300,0");
    click(&mut h, "Search ten times longer");
    // The first answer is gone: the search runs again, ten times as far.
    assert!(!shows(&h, "no proof either way within 300,0"));
    assert_shows(&h, "The prover is searching");
    wait_until(&mut h, "the longer search to answer", |h| {
        !shows(h, "The prover is searching")
    });
    assert!(
        shows(&h, "no proof either way within 3,000,0")
            || shows(&h, "No: Black cannot force 4 in a row")
            || shows(&h, "Yes: Black wins with"),
        "the longer search answers"
    );
    assert_eq!(stones(h.state()), 0, "the view never plays");
}
