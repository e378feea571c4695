//! Words the lab views share: a value as a learner reads it, results in order, and sides,
//! cells and lines named as the board shown draws them (passed in, never guessed).

use crate::engine::Value;
use crate::gui::naming::point_name;
use crate::gui::status::{self, Wording};
use crate::rules::{Cell, Side};
use crate::t;

/// A value for the side it belongs to, in the lab's [`Wording`] of the window's one wording
/// of values: "win in 3", "loss in 4", "draw", "not proved".
#[must_use]
pub fn value_words(value: Value) -> String {
    status::value_words(value, Wording::Lab)
}

/// Results in order, worst first: a loss, a draw (or a value not proved either way), a win.
#[must_use]
pub fn result_rank(value: Value) -> u8 {
    match value {
        Value::Loss { .. } => 0,
        Value::Draw | Value::Unknown => 1,
        Value::Win { .. } => 2,
    }
}

/// A side as the board shown draws it (`stones`: a board of stones): "Black" and "White"
/// (黑棋, 白棋) for stones, where X plays black; "X" and "O" for marks.
#[must_use]
pub fn side_words(side: Side, stones: bool) -> String {
    match (stones, side) {
        (true, Side::X) => t!("side-black"),
        (true, Side::O) => t!("side-white"),
        (false, side) => side.to_string(),
    }
}

/// A cell as the board shown labels it: its coordinates on a board of stones ("H8"), its
/// row and column on a board of marks ("row 2, column 3"; 第 2 行第 3 列).
#[must_use]
pub fn cell_words(cell: Cell, stones: bool) -> String {
    if stones {
        point_name(cell)
    } else {
        t!(
            "cell-name",
            row = (cell.row + 1).to_string(),
            col = (cell.col + 1).to_string()
        )
    }
}

/// A line of moves, short: "H8 I9 J10" on a board of stones, "2,3 3,4" on one of marks.
#[must_use]
pub fn line_words(line: &[Cell], stones: bool) -> String {
    line.iter()
        .map(|&cell| {
            if stones {
                point_name(cell)
            } else {
                format!("{},{}", cell.row + 1, cell.col + 1)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_sides_are_named_as_the_board_shown_draws_them() {
        assert_eq!(cell_words(Cell::new(7, 7), true), "H8");
        assert_eq!(cell_words(Cell::new(1, 2), false), "row 2, column 3");
        assert_eq!(side_words(Side::X, true), "Black");
        assert_eq!(side_words(Side::O, false), "O");
        let line = [Cell::new(7, 7), Cell::new(8, 8)];
        assert_eq!(line_words(&line, true), "H8 I9");
        assert_eq!(line_words(&line, false), "8,8 9,9");
    }
}
