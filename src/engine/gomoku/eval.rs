//! The evaluation of five in a row: each side's pattern scores over the empty cells, the
//! side to move's initiative, and the threats only the side to move can carry out first,
//! weighed by the embedded weights ([`super::weights`]).

use crate::engine::score::{Score, WIN_BOUND};
use crate::rules::{Position, Side};

use super::code_tables::{self, Selection};
use super::is_gomoku;
use super::lines::PatternBoard;
use super::patterns::Combo;

/// The board of `position` with `selection`'s codes, where the engine asks the evaluation of
/// it: `None` where it never does (not five in a row on a board of more than 25 cells, a
/// finished game, or a five to play for either side: the search settles those).
#[must_use]
pub fn evaluated_board(position: &Position, selection: Option<Selection>) -> Option<PatternBoard> {
    if !is_gomoku(position.rule()) || position.is_over() {
        return None;
    }
    let board = PatternBoard::with_selection(position, selection);
    let me = position.side_to_move();
    let five = |side: Side| board.count(side, Combo::Five) > 0;
    (!five(me) && !five(me.other())).then_some(board)
}

/// What the engine's evaluation of five in a row says of `position`, for the side to move:
/// the value, and whether it comes from the learned tables (else from the pattern
/// evaluation), as the process's engine searches with ([`code_tables::selected`]). `None`
/// where the engine never asks it ([`evaluated_board`]).
#[must_use]
pub fn static_value(position: &Position) -> Option<(Score, bool)> {
    let selection = code_tables::selected();
    let board = evaluated_board(position, selection)?;
    let tables = selection.is_some_and(|s| s.uses.eval);
    Some((evaluate(&board, position.side_to_move()), tables))
}

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
