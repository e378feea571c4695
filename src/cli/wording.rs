//! How the subcommands word a value: "win", "draw", "loss" or "unknown" from the side to
//! move (the engine's own word for it), with the number of plies to the end of the game
//! under best play. Every subcommand words a value here.

use std::fmt;

use serde::Serialize;

use crate::engine::Value;
use crate::rules::{Cell, Position};

/// A game-theoretic result and its distance, as printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ValueText {
    /// "win", "draw", "loss" or "unknown" (a limit stopped the proof).
    pub result: &'static str,
    /// Plies to the end of the game under best play: the winner hurries, the loser delays,
    /// and a draw ends on a full board. `None` when unknown.
    pub plies: Option<u32>,
}

impl ValueText {
    /// The verdict of `value`, found in (or for a move from) `position`.
    #[must_use]
    pub fn of(value: &Value, position: &Position) -> ValueText {
        let plies = match *value {
            Value::Win { plies } | Value::Loss { plies } => Some(plies),
            // A draw is found when the board is full.
            Value::Draw => Some(position.empty_count() as u32),
            Value::Unknown => None,
        };
        ValueText {
            result: value.result_word(),
            plies,
        }
    }

    /// The verdict of a position where the game is already over: the side to move has
    /// lost, or the board is full.
    #[must_use]
    pub fn of_finished(position: &Position) -> ValueText {
        let value = if position.winner().is_some() {
            Value::Loss { plies: 0 }
        } else {
            Value::Draw
        };
        ValueText {
            result: value.result_word(),
            plies: Some(0),
        }
    }
}

impl fmt::Display for ValueText {
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
pub struct MovesText<'a>(pub &'a [Cell]);

impl fmt::Display for MovesText<'_> {
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
