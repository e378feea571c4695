//! A cell as the Gomocup protocol writes it (`x,y`, column first, both from 0), and how it
//! maps to the rules' [`Cell`].

use std::fmt;

use crate::rules::Cell;

/// A cell as the protocol writes it: 0-based column `x` and row `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    pub x: usize,
    pub y: usize,
}

impl Point {
    /// The board cell at this point.
    #[must_use]
    pub fn cell(self) -> Cell {
        Cell::new(self.y, self.x)
    }

    /// The point of a board cell.
    #[must_use]
    pub fn of(cell: Cell) -> Point {
        Point {
            x: cell.col,
            y: cell.row,
        }
    }
}

impl fmt::Display for Point {
    /// `x,y`, as the protocol writes a move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}
