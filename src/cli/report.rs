//! How the subcommands word a value: "win", "draw", "loss" or "unknown" from the side to
//! move, with the number of plies to the end of the game under best play.

use std::fmt;

use serde::Serialize;

use crate::engine::Value;
use crate::rules::{Cell, Position};

/// A game-theoretic result and its distance, as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// "win", "draw", "loss" or "unknown" (a limit stopped the proof).
    pub result: &'static str,
    /// Plies to the end of the game under best play: the winner hurries, the loser delays,
    /// and a draw ends on a full board. `None` when unknown.
    pub plies: Option<u32>,
}

impl Verdict {
    /// The verdict of `value`, found in (or for a move from) `position`.
    #[must_use]
    pub fn of(value: &Value, position: &Position) -> Verdict {
        match *value {
            Value::Win { plies } => Verdict {
                result: "win",
                plies: Some(plies),
            },
            Value::Loss { plies } => Verdict {
                result: "loss",
                plies: Some(plies),
            },
            Value::Draw => Verdict {
                result: "draw",
                plies: Some(position.empty_count() as u32),
            },
            Value::Unknown => Verdict {
                result: "unknown",
                plies: None,
            },
        }
    }

    /// The verdict of a position where the game is already over: the side to move has
    /// lost, or the board is full.
    #[must_use]
    pub fn of_finished(position: &Position) -> Verdict {
        let result = if position.winner().is_some() {
            "loss"
        } else {
            "draw"
        };
        Verdict {
            result,
            plies: Some(0),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies {
            Some(1) => write!(f, "{} in 1 ply", self.result),
            Some(plies) => write!(f, "{} in {plies} plies", self.result),
            None => f.write_str(self.result),
        }
    }
}

/// A cell for text output: `(row,col)`, 1-based.
pub struct CellText(pub Cell);

impl fmt::Display for CellText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.0.row + 1, self.0.col + 1)
    }
}

/// A cell or "none".
pub struct MaybeCell(pub Option<Cell>);

impl fmt::Display for MaybeCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(cell) => CellText(cell).fmt(f),
            None => f.write_str("none"),
        }
    }
}

/// A line of moves, space-separated.
pub struct Line<'a>(pub &'a [Cell]);

impl fmt::Display for Line<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &cell) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            CellText(cell).fmt(f)?;
        }
        Ok(())
    }
}
