//! How the window names sides, cells and moves: one way everywhere, the way the board in
//! view draws them. On a board of marks the sides are X and O and a cell is its row and
//! column ("row 2, column 3"; "2,3" in move lists); on a board of stones (gomoku's look)
//! the sides are Black and White (X plays black) and a cell is its coordinates ("H8"),
//! as the board's edges label them. The app says which at the start of each frame
//! ([`name_sides_as_stones`]), as it says the language.

use crate::rules::threats::{Threat, ThreatKind};
use crate::rules::{Cell, Side};
use crate::t;

thread_local! {
    /// Whether the board in view draws stones; see [`name_sides_as_stones`].
    static STONES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Names the sides black and white (`stones`: the board in view draws stones) or X and O
/// (it draws marks) in every word the window says on this thread, until set again. The app
/// sets it at the start of each frame, as it sets the language.
pub fn name_sides_as_stones(stones: bool) {
    STONES.with(|s| s.set(stones));
}

/// Whether the board in view draws stones ([`name_sides_as_stones`]).
fn stones() -> bool {
    STONES.with(std::cell::Cell::get)
}

/// A side as the board in view draws it: "X" and "O" on a board of marks, "Black" and
/// "White" (黑棋, 白棋) on a board of stones, where X plays black.
#[must_use]
pub fn side_name(side: Side) -> String {
    if stones() {
        match side {
            Side::X => t!("side-black"),
            Side::O => t!("side-white"),
        }
    } else {
        side.to_string()
    }
}

/// A column's letter: A for the first, none skipped.
#[must_use]
pub fn column_letter(col: usize) -> char {
    // Boards are at most 20 wide (rules::rule::MAX_SIDE), well within the alphabet.
    char::from(b'A' + (col % 26) as u8)
}

/// A point's name on the board's coordinates: "H8" is row 8, column 8.
#[must_use]
pub fn point_name(cell: Cell) -> String {
    format!("{}{}", column_letter(cell.col), cell.row + 1)
}

/// A cell for people, as the board in view labels it: "row 2, column 3", or on a board of
/// stones its coordinates, "H8".
#[must_use]
pub fn cell_name(cell: Cell) -> String {
    if stones() {
        return point_name(cell);
    }
    // Widened before adding, as in the rules' own wording: a cell from a damaged file may
    // hold any number.
    let one_based = |n: usize| n as u128 + 1;
    t!(
        "cell-name",
        row = one_based(cell.row).to_string(),
        col = one_based(cell.col).to_string()
    )
}

/// A short cell name for move lists, as the board in view labels it: on a board of stones
/// its coordinates ("H8"), otherwise 1-based row and column ("2,3" is row 2, column 3).
#[must_use]
pub fn cell_short(cell: Cell) -> String {
    if stones() {
        point_name(cell)
    } else {
        format!("{},{}", cell.row + 1, cell.col + 1)
    }
}

/// A move for move lists: the side and the cell, "X 2,2" or "Black H8".
#[must_use]
pub fn move_short(side: Side, cell: Cell) -> String {
    format!("{} {}", side_name(side), cell_short(cell))
}

/// A principal variation's moves, each as "X 2,2" ("Black H8" on a board of stones),
/// starting with `side`.
#[must_use]
pub fn pv_moves(pv: &[Cell], side: Side) -> Vec<String> {
    let mut mover = side;
    let mut moves = Vec::with_capacity(pv.len());
    for &cell in pv {
        moves.push(move_short(mover, cell));
        mover = mover.other();
    }
    moves
}

/// "Black open three: H8 I8 J8, at G8 K8".
#[must_use]
pub fn threat_words(threat: &Threat) -> String {
    let names = |cells: &[Cell]| {
        cells
            .iter()
            .map(|&c| point_name(c))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let side = side_name(threat.side);
    let kind = match threat.kind {
        ThreatKind::OpenFour => t!("goban-open-four"),
        ThreatKind::Four => t!("goban-four"),
        ThreatKind::OpenThree => t!("goban-open-three"),
    };
    t!(
        "goban-threat",
        side = side,
        kind = kind,
        stones = names(&threat.stones),
        points = names(&threat.points)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_window_numbering() {
        // Row 8, column 8 is H8; column 9 is I (no letter skipped).
        assert_eq!(point_name(Cell::new(7, 7)), "H8");
        assert_eq!(point_name(Cell::new(0, 8)), "I1");
        assert_eq!(point_name(Cell::new(19, 19)), "T20");
    }

    #[test]
    fn sides_and_cells_are_named_as_the_board_in_view_draws_them() {
        name_sides_as_stones(true);
        assert_eq!(move_short(Side::X, Cell::new(7, 7)), "Black H8");
        assert_eq!(cell_name(Cell::new(9, 7)), "H10");
        name_sides_as_stones(false);
        assert_eq!(move_short(Side::O, Cell::new(1, 2)), "O 2,3");
        assert_eq!(cell_name(Cell::new(1, 2)), "row 2, column 3");
    }
}
