//! The gomoku engine under renju: black never plays a forbidden cell, and white's threats
//! count on black not blocking on one.

use rand::{RngExt, SeedableRng};

use super::gomoku_board::GomokuBoard;
use super::vcf::Vcf;
use crate::rules::renju::forbidden_at;
use crate::rules::{Cell, Position, Rule, Side};

/// A renju position from a diagram of its top rows, `x`, `o`, `.`.
fn diagram(rows: &[&str]) -> Position {
    let mut lines: Vec<String> = rows.iter().map(|r| format!("{r:.<15}")).collect();
    lines.resize(15, ".".repeat(15));
    Position::from_notation(Rule::RENJU, &lines.join("/")).unwrap()
}

fn search(position: &Position, depth: u32) -> Option<usize> {
    let result = super::tests::engine_move(position, depth);
    result
        .best
        .map(|cell| position.geometry().index(cell).unwrap())
}

/// A random renju game of `moves` legal moves in the 7x7 middle of the board, where
/// stones crowd and forbidden cells are common.
fn crowded_game(rng: &mut rand::rngs::StdRng, moves: usize) -> Position {
    let mut position = Position::new(Rule::RENJU);
    for _ in 0..moves {
        let middle: Vec<Cell> = position
            .legal_moves()
            .into_iter()
            .filter(|c| (4..=10).contains(&c.row) && (4..=10).contains(&c.col))
            .collect();
        if middle.is_empty() || position.is_over() {
            break;
        }
        let cell = middle[rng.random_range(0..middle.len())];
        position.play(cell).unwrap();
    }
    position
}

#[test]
fn black_never_plays_a_forbidden_cell() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut with_forbidden = 0;
    let mut tried = 0;
    while tried < 40 {
        let stones = 2 * rng.random_range(5..12);
        let position = crowded_game(&mut rng, stones);
        if position.is_over() || position.side_to_move() != Side::X {
            continue;
        }
        tried += 1;
        let forbidden: Vec<usize> = position
            .empty_indices()
            .filter(|&i| forbidden_at(&position, i).is_some())
            .collect();
        if !forbidden.is_empty() {
            with_forbidden += 1;
        }
        let best = search(&position, 3).expect("a move");
        assert!(
            !forbidden.contains(&best),
            "black played the forbidden {:?} in {position:?}",
            position.geometry().cell(best)
        );
    }
    // The random games must have put forbidden cells on the board for this to test much.
    assert!(
        with_forbidden >= 5,
        "only {with_forbidden} positions had one"
    );
}

#[test]
fn a_four_black_cannot_block_wins_by_fours() {
    // Black's `xxx.xx` across row 7: its gap (7,6) is an overline for black, and it is the
    // five point of white's four down column 6 once white plays (6,6).
    let rows = [
        "..............o",
        "...............",
        "......x........",
        "......o........",
        "......o........",
        "......o........",
        "...............",
        "...xxx.xx......",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..............o",
    ];
    let position = diagram(&rows);
    assert_eq!(position.side_to_move(), Side::O);
    let mut board = GomokuBoard::new(&position);
    let line = Vcf::new(12)
        .solve(&mut board, 4, 10_000)
        .expect("a win by fours");
    // White's four, any legal move of black's, white's five on the cell black may not take:
    // three plies, so the win is scored at its true distance.
    assert_eq!(line.len(), 3, "{line:?}");
    assert_eq!((line[0], line[2]), (6 * 15 + 6, 7 * 15 + 6));
    let mut played = position.clone();
    for &i in &line {
        played.play(position.geometry().cell(i)).unwrap();
    }
    assert_eq!(played.winner(), Some(Side::O));
    // Black, to move after a white stone elsewhere, is lost: it cannot block at (7,6) and
    // does not try to.
    let mut black = position.clone();
    black.play(Cell::new(6, 6)).unwrap();
    let best = search(&black, 2).expect("a move");
    assert_ne!(best, 7 * 15 + 6);
    assert!(forbidden_at(&black, 7 * 15 + 6).is_some());
}

#[test]
fn the_opening_book_is_off_under_renju() {
    // The book's lines are freestyle and exactly five, keyed by rule: none is renju's.
    let book = crate::engine::opening_book();
    assert!(book.replies(&Position::new(Rule::RENJU)).is_empty());
    assert!(
        !book
            .replies(&Position::new(Rule::new(15, 15, 5, false).unwrap()))
            .is_empty()
    );
}

#[test]
fn two_fours_on_one_line_are_forbidden_to_black_and_no_threat() {
    // Row 7 `x.x.x.x`: a stone at (7,5) makes `x.xxx.x`, two fours on one line (a
    // forbidden double four for black); under freestyle the same shape is as good as a live
    // four.
    let rows = [
        "o.o.o.o........",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "...............",
        "..x.x.x.x......",
    ];
    let position = diagram(&rows);
    assert_eq!(position.side_to_move(), Side::X);
    let cell = 7 * 15 + 5;
    assert_eq!(
        forbidden_at(&position, cell),
        Some(crate::rules::renju::Forbidden::DoubleFour)
    );
    let board = super::lines::PatternBoard::new(&position);
    assert_eq!(
        board.at(cell, Side::X).lines[0],
        super::patterns::Pattern::DoubleFour
    );
    assert_eq!(board.at(cell, Side::X).combo, super::patterns::Combo::Quiet);
    // Under freestyle the same cell is an unstoppable double four.
    let free =
        Position::from_notation("15,15,5".parse().unwrap(), &position.to_notation()).unwrap();
    let board = super::lines::PatternBoard::new(&free);
    assert_eq!(
        board.at(cell, Side::X).combo,
        super::patterns::Combo::OpenFour
    );
}

#[test]
fn black_open_fours_in_the_patterns_are_never_double_fours() {
    // On crowded random positions, no cell the patterns call an open four (or a four-three)
    // for black is a double four by the rules' own test: the evaluation never counts a
    // forbidden double four as a threat.
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut open_fours = 0;
    for _ in 0..300 {
        let stones = 2 * rng.random_range(8..20);
        let position = crowded_game(&mut rng, stones);
        if position.is_over() || position.side_to_move() != Side::X {
            continue;
        }
        let board = super::lines::PatternBoard::new(&position);
        for i in position.empty_indices() {
            let combo = board.at(i, Side::X).combo;
            if combo >= super::patterns::Combo::FourThree && combo < super::patterns::Combo::Five {
                open_fours += usize::from(combo == super::patterns::Combo::OpenFour);
                assert_ne!(
                    forbidden_at(&position, i),
                    Some(crate::rules::renju::Forbidden::DoubleFour),
                    "{:?} in {position:?}",
                    position.geometry().cell(i)
                );
            }
        }
    }
    assert!(open_fours >= 10, "only {open_fours} open fours seen");
}
