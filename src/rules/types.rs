//! Small core types shared by every layer: the two sides, a cell, and the outcome of a game.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two players. X always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    X,
    O,
}

impl Side {
    /// Both sides, X first.
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    /// The opponent of this side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// 0 for X, 1 for O: an index into per-side arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The lower-case letter used by the text notation.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::X => "X",
            Side::O => "O",
        })
    }
}

/// A cell of the board, 0-based from the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    #[must_use]
    pub fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }
}

impl fmt::Display for Cell {
    /// Human-facing, 1-based: "row 2, column 3".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Widened before adding: a cell read from a damaged file may hold any number, and the
        // message refusing it must not overflow.
        let one_based = |n: usize| n as u128 + 1;
        write!(
            f,
            "row {}, column {}",
            one_based(self.row),
            one_based(self.col)
        )
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// `side` completed a line; `line` lists the winning cells in order along the line.
    Win { side: Side, line: Vec<Cell> },
    /// The board is full and nobody won.
    Draw,
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Win { side, .. } => Some(*side),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { side, .. } => write!(f, "{side} wins"),
            Outcome::Draw => f.write_str("Draw"),
        }
    }
}
