//! Words the lab views share: a value as a learner reads it, and results in order. Sides, cells and lines are named by the
//! [`Naming`](crate::gui::naming::Naming) passed in.

use crate::engine::Value;
use crate::gui::status::{self, Wording};
pub use crate::lab::review::percent;

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
