//! Scores and values, always from the point of view of the side to move.

use serde::{Deserialize, Serialize};

/// A search score from the side to move's point of view.
pub type Score = i32;

/// A win `n` plies from the root scores `WIN - n`, a loss `-(WIN - n)`: the engine prefers the
/// fastest win and the slowest loss. Heuristic scores stay far below [`WIN_BOUND`].
pub const WIN: Score = 1_000_000;

/// Scores at or beyond this magnitude are proved wins or losses.
pub const WIN_BOUND: Score = WIN - 1_000;

/// Larger than any score: the initial alpha-beta window.
pub const INFINITY: Score = WIN + 1;

/// Whether `score` is a proved win or loss.
#[must_use]
pub fn is_decisive(score: Score) -> bool {
    score.abs() >= WIN_BOUND
}

/// The game-theoretic value of a position or move for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Value {
    /// The side to move wins in `plies` plies with best play (the winner hurrying).
    Win { plies: u32 },
    /// The side to move loses in `plies` plies with best play (the loser delaying).
    Loss { plies: u32 },
    /// Best play ends in a draw.
    Draw,
    /// A depth, time or node limit stopped the proof.
    Unknown,
}

impl Value {
    /// The value a score stands for; `proved` says the search reached every end it needed.
    #[must_use]
    pub fn from_score(score: Score, proved: bool) -> Value {
        if score >= WIN_BOUND {
            Value::Win {
                plies: (WIN - score) as u32,
            }
        } else if score <= -WIN_BOUND {
            Value::Loss {
                plies: (WIN + score) as u32,
            }
        } else if proved {
            Value::Draw
        } else {
            Value::Unknown
        }
    }

    /// `"win"`, `"draw"`, `"loss"` or `"unknown"`.
    #[must_use]
    pub fn result_word(&self) -> &'static str {
        match self {
            Value::Win { .. } => "win",
            Value::Loss { .. } => "loss",
            Value::Draw => "draw",
            Value::Unknown => "unknown",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_map_to_values() {
        assert_eq!(Value::from_score(WIN - 3, true), Value::Win { plies: 3 });
        assert_eq!(
            Value::from_score(-(WIN - 4), false),
            Value::Loss { plies: 4 }
        );
        assert_eq!(Value::from_score(0, true), Value::Draw);
        assert_eq!(Value::from_score(5, false), Value::Unknown);
    }
}
