//! The gomoku engine under renju: black never plays a forbidden cell, and white's threats
//! count on black not blocking on one.

use rand::{RngExt, SeedableRng};

use super::board::GomokuBoard;
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
    assert_eq!(line, [6 * 15 + 6]);
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
