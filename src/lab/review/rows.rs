//! What the review states about each move, for the window and the command line alike: what
//! was known of the game for the side that moved, before the move and after it, and what is
//! known of the move itself.
//!
//! A board searched to the end states exact values, and their distances are the shortest
//! with best play. Elsewhere only what was found is stated: a forced win the threat search
//! found proves the win, but its line need not be the shortest, so it is stated as a line
//! of so many moves and never compared with another line's length; otherwise the engine's
//! evaluation as an expected score, which is an estimate. Moves are compared only by what
//! is known: a win let slip or a draw thrown away (exact), a forced win found and not
//! played, a forced loss walked into, the expected score's fall.

use crate::engine::{MoveValue, Score, Value, is_decisive};
use crate::rules::{Cell, Position, Side};

use super::{
    FoundWin, MoveAssessment, PositionEval, assess, expected_score, flipped, found_win,
    score_scale, turning_points,
};

/// What the review states about one position for one side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Standing {
    /// Searched to the end: the value with best play from this position; a distance is the
    /// shortest (the winner hurrying, the loser delaying), counted in moves of both sides.
    Exact(Value),
    /// The move ended the game with a win for the side that played it.
    Won,
    /// The move filled the board: a draw.
    Drawn,
    /// The threat search or the engine's search found a forced win for this side: a line of
    /// `moves` moves of both sides from here, not necessarily the shortest.
    WinFound { moves: u32 },
    /// The same for the other side: this side is lost, by a line of `moves` moves.
    LossFound { moves: u32 },
    /// Nothing proved: the engine's score for this side and the expected score (0..1) it
    /// stands for.
    Estimate { score: Score, expected: f64 },
}

impl Standing {
    /// Whether the standing is proved (by a search to the end or a forced line found), not
    /// estimated.
    #[must_use]
    pub fn is_proved(&self) -> bool {
        !matches!(self, Standing::Estimate { .. })
    }
}

/// What is known of a move beside the standings: why it matters.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveNote {
    /// Searched to the end: the move turned a win into a draw or a loss; `kept_by` kept it.
    WinLetSlip { kept_by: Cell },
    /// Searched to the end: the move turned a draw into a loss; `kept_by` kept the draw.
    DrawThrown { kept_by: Cell },
    /// A forced win was found for the mover before the move, the move did not follow it,
    /// and none was found after it.
    WinNotFollowed(FoundWin),
    /// After the move the opponent has a forced win (found), where no forced loss of the
    /// mover had been found before it.
    LossWalkedInto(FoundWin),
    /// The expected score fell from `from` to `to` (0..1); the engine would play `choice`.
    ScoreFell { from: f64, to: f64, choice: Cell },
}

/// One move of the game as the review states it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRow {
    /// The move's number, from 1.
    pub number: usize,
    pub side: Side,
    pub cell: Cell,
    /// What was known before the move and after it, for the side that played it.
    pub before: Standing,
    pub after: Standing,
    /// Whether the move is one of the game's turning points (always so with a note).
    pub turning_point: bool,
    pub notes: Vec<MoveNote>,
}

/// Results in order, worst first: a loss, a draw (or a value not proved either way), a win.
fn rank(value: Value) -> u8 {
    match value {
        Value::Loss { .. } => 0,
        Value::Draw | Value::Unknown => 1,
        Value::Win { .. } => 2,
    }
}

/// The row of move `number` (from 1) on a board searched to the end, from the exact values
/// of every legal move of the position before it (`values`, plies counted from that
/// position, the move included) and the position after it. `None` while the values do not
/// hold the move played.
#[must_use]
pub fn exact_row(
    number: usize,
    side: Side,
    cell: Cell,
    values: &[MoveValue],
    after: &Position,
) -> Option<MoveRow> {
    let best = values.iter().max_by_key(|m| m.score)?;
    let played = values.iter().find(|m| m.cell == cell)?;
    let mut notes = Vec::new();
    if rank(played.value) < rank(best.value) {
        notes.push(match best.value {
            Value::Win { .. } => MoveNote::WinLetSlip { kept_by: best.cell },
            _ => MoveNote::DrawThrown { kept_by: best.cell },
        });
    }
    let after = match (after.outcome(), played.value) {
        (Some(outcome), _) if outcome.winner() == Some(side) => Standing::Won,
        (Some(_), _) => Standing::Drawn,
        // Counted from the position after the move, as the next row counts it.
        (None, Value::Win { plies }) => Standing::Exact(Value::Win {
            plies: plies.saturating_sub(1),
        }),
        (None, Value::Loss { plies }) => Standing::Exact(Value::Loss {
            plies: plies.saturating_sub(1),
        }),
        (None, value) => Standing::Exact(value),
    };
    Some(MoveRow {
        number,
        side,
        cell,
        before: Standing::Exact(best.value),
        after,
        turning_point: !notes.is_empty(),
        notes,
    })
}

/// The standing of the side to move in a position valued at a budget: a win or loss the
/// search proved, or the forced win the threat search found, as a line found; otherwise
/// the estimate.
fn found_standing(eval: &PositionEval, scale: f64) -> Standing {
    if let Some(win) = found_win(eval) {
        return Standing::WinFound { moves: win.moves };
    }
    match eval.value {
        Value::Loss { plies } => Standing::LossFound { moves: plies },
        _ => Standing::Estimate {
            score: eval.score,
            expected: expected_score(eval.score, scale),
        },
    }
}

/// The same standing, for the side that just moved.
fn flipped_standing(standing: Standing) -> Standing {
    match standing {
        Standing::WinFound { moves } => Standing::LossFound { moves },
        Standing::LossFound { moves } => Standing::WinFound { moves },
        Standing::Estimate { score, expected } => Standing::Estimate {
            score: -score,
            expected: 1.0 - expected,
        },
        Standing::Exact(value) => Standing::Exact(flipped(value)),
        other => other,
    }
}

/// The rows of a game on a board too large to search to the end, from the values of its
/// positions at a budget: `positions[i]` is the position before `moves[i]`, `evals[i]` its
/// value. Moves whose position after has no value yet are left out.
#[must_use]
pub fn estimated_rows(
    moves: &[Cell],
    positions: &[Position],
    evals: &[PositionEval],
) -> Vec<MoveRow> {
    let Some(rule) = positions.first().map(|p| *p.rule()) else {
        return Vec::new();
    };
    let scale = score_scale(&rule);
    let assessed = assess(moves, positions, evals);
    let marked = turning_points(&assessed);
    assessed
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let after = match positions[i + 1].outcome() {
                Some(outcome) if outcome.winner() == Some(a.side) => Standing::Won,
                Some(_) => Standing::Drawn,
                None => flipped_standing(found_standing(&evals[i + 1], scale)),
            };
            let turning_point = marked.contains(&i);
            MoveRow {
                number: i + 1,
                side: a.side,
                cell: a.cell,
                before: found_standing(&evals[i], scale),
                after,
                turning_point,
                notes: if turning_point {
                    estimated_notes(a)
                } else {
                    Vec::new()
                },
            }
        })
        .collect()
}

/// Why a turning point is one: the forced win not followed or walked into, and the fall of
/// the expected score where the engine would have played another move.
fn estimated_notes(a: &MoveAssessment) -> Vec<MoveNote> {
    let mut notes = Vec::new();
    if let Some(win) = &a.missed {
        notes.push(MoveNote::WinNotFollowed(win.clone()));
    }
    if let Some(win) = &a.allowed {
        notes.push(MoveNote::LossWalkedInto(win.clone()));
    }
    // A fall to or from a proved result is told by the standings and the notes above.
    let estimated = !is_decisive(a.before.0) && !is_decisive(a.after.0);
    if let Some(choice) = a.engine_choice.filter(|_| a.drop > 0.0 && estimated) {
        notes.push(MoveNote::ScoreFell {
            from: a.expected.0,
            to: a.expected.1,
            choice,
        });
    }
    notes
}
