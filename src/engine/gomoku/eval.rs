//! The evaluation of five in a row: each side's pattern scores over the empty cells, the
//! side to move's initiative, and the threats only the side to move can carry out first,
//! weighed by the embedded weights ([`super::weights`]).

use crate::engine::score::{Score, WIN_BOUND};
use crate::rules::Side;

use super::lines::PatternBoard;
use super::patterns::Combo;

/// The position's value for `me`, the side to move: by the learned tables on pattern codes
/// where the board keeps them ([`super::code_tables`]), otherwise by the patterns. Positions
/// where either side has a five to play are settled by the search before this is asked.
#[must_use]
pub fn evaluate(board: &PatternBoard, me: Side) -> Score {
    if let Some(codes) = board.codes().filter(|c| c.uses.eval) {
        return codes.value(me).clamp(-WIN_BOUND / 2, WIN_BOUND / 2);
    }
    let weights = board.weights();
    let them = me.other();
    let mut score = board.total(me) * weights.initiative_eighths / 8 - board.total(them);
    if let Some(fork) = fork_to_play(board, me) {
        score += weights.to_play.of(fork);
    }
    score.clamp(-WIN_BOUND / 2, WIN_BOUND / 2)
}

/// The strongest fork `me` (to move) has to play that counts: a live four (or two fours), a
/// four-three, or a double three when the opponent has not even a three to answer with;
/// none when the opponent has a four to play first.
#[must_use]
pub fn fork_to_play(board: &PatternBoard, me: Side) -> Option<Combo> {
    let them = me.other();
    if board.has_four(them) {
        None
    } else if board.has_at_least(me, Combo::OpenFour) {
        Some(Combo::OpenFour)
    } else if board.count(me, Combo::FourThree) > 0 {
        Some(Combo::FourThree)
    } else if board.count(me, Combo::DoubleThree) > 0 && !board.has_at_least(them, Combo::Three) {
        Some(Combo::DoubleThree)
    } else {
        None
    }
}
