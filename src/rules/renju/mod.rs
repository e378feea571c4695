//! Renju's forbidden moves (Renju International Federation rules). Black (X) may not make
//! a double three, a double four (two fours on one line count) or an overline (six or more
//! in a row); a move that makes exactly five wins even if it also makes one of those. White
//! has no forbidden moves.
//!
//! A four is a line one stone from exactly five; a three is a line that one more stone
//! turns into a straight four (`.XXXX.`, five on either side), by a stone that is not
//! itself forbidden, so the test is recursive. Everything is worked out along the four
//! lines through the cell, a few cells either way: the cost does not grow with the board.

pub(super) mod forbidden;
#[cfg(test)]
mod tests;

use super::position::Position;
use super::types::Cell;

pub use forbidden::{Forbidden, forbidden_in};

use forbidden::forbidden_under;

/// Why a black stone on `cell` would be forbidden, under renju; `None` when it would not
/// be, when the rule is not renju, or when the cell is taken or off the board. Whose turn
/// it is does not matter: the answer is about a black stone.
#[must_use]
pub fn forbidden(position: &Position, cell: Cell) -> Option<Forbidden> {
    forbidden_at(position, position.geometry().index(cell)?)
}

/// [`forbidden`] for cell index `index` (the search's form).
#[must_use]
pub fn forbidden_at(position: &Position, index: usize) -> Option<Forbidden> {
    forbidden_under(position.rule(), position.board(), index)
}
