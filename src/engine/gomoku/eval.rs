//! The evaluation of five in a row: each side's pattern scores over the empty cells, the
//! side to move's initiative, and the threats only the side to move can carry out first.

use crate::engine::score::{Score, WIN_BOUND};
use crate::rules::Side;

use super::lines::PatternBoard;
use super::patterns::Combo;

/// What a move that makes a live four (or a double four) is worth to the side to move when
/// the opponent has no four of its own to play first: nearly a win.
const OPEN_FOUR_NEXT: Score = 6_000;

/// What a four-three fork to play is worth to the side to move (the opponent may still
/// answer with fours of its own, so less than a live four).
const FOUR_THREE_NEXT: Score = 3_000;

/// A double three to play, for the side to move.
const DOUBLE_THREE_NEXT: Score = 800;

/// The side to move's pattern total counts this much more than the opponent's (in
/// eighths): it plays first, so its best cells are worth more than the opponent's.
const INITIATIVE_EIGHTHS: i32 = 10;

/// The position's value for `me`, the side to move. Positions where either side has a
/// five to play are settled by the search before this is asked.
#[must_use]
pub fn evaluate(board: &PatternBoard, me: Side) -> Score {
    let them = me.other();
    let mut score = board.total(me) * INITIATIVE_EIGHTHS / 8 - board.total(them);
    // Threats only count when the opponent cannot answer with a four first.
    if !board.has_four(them) {
        if board.has_at_least(me, Combo::OpenFour) {
            score += OPEN_FOUR_NEXT;
        } else if board.count(me, Combo::FourThree) > 0 {
            score += FOUR_THREE_NEXT;
        } else if board.count(me, Combo::DoubleThree) > 0 && !board.has_at_least(them, Combo::Three)
        {
            score += DOUBLE_THREE_NEXT;
        }
    }
    score.clamp(-WIN_BOUND / 2, WIN_BOUND / 2)
}
