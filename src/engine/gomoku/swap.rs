//! The choices of swap and swap2 after the opener's stones: which colour to take (after the
//! three stones of swap, or after the five of swap2), and swap2's second step, where the
//! second player takes black, takes white, or adds two stones and hands the choice back.
//! Each position is judged by the engine's short search ([`Judge`]); white is always to move
//! here (three or five stones down), so the judgement is white's.

use crate::rules::{Cell, Position, Side};

use super::balanced_opening::{Judge, Judgement, PLACE_TWO_BOUND, propose_two_more};

/// The colour taken after the opening stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    /// Black: white, the opponent, moves next.
    Black,
    /// White, with white's next move.
    White { reply: Cell },
}

impl ColourChoice {
    /// The side taken.
    #[must_use]
    pub fn side(&self) -> Side {
        match self {
            ColourChoice::Black => Side::X,
            ColourChoice::White { .. } => Side::O,
        }
    }
}

/// Swap2's second step: a colour, or two more stones for the opener to choose after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Choice {
    Take(ColourChoice),
    /// White's stone, then black's.
    PlaceTwo {
        white: Cell,
        black: Cell,
    },
}

/// Why a position cannot be chosen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SwapError {
    #[error("it is black's turn: a colour is chosen when white is to move")]
    BlackToMove,
    #[error("the game is already over")]
    Over,
    #[error("the engine found no move for white")]
    NoMove,
}

/// The colour that stands better in `position` (white to move), by the engine's judgement:
/// white when its value is not below even, with the move the search found.
pub fn choose_colour(position: &Position, judge: &mut Judge) -> Result<ColourChoice, SwapError> {
    check(position)?;
    take(judge.judge(position))
}

/// Swap2's second step in `position` (the opener's three stones, white to move): the better
/// colour when the position leans clearly to one side (beyond [`PLACE_TWO_BOUND`]); when
/// it does not, two more stones drawn by `seed` that make it near even, and the better
/// colour only if no such stones are found.
pub fn swap2_choice(
    position: &Position,
    seed: u64,
    judge: &mut Judge,
) -> Result<Swap2Choice, SwapError> {
    check(position)?;
    let judgement = judge.judge(position);
    if judgement.score.abs() <= PLACE_TWO_BOUND
        && let Some(proposal) = propose_two_more(position, seed, judge)
        && let [white, black] = proposal.stones[..]
    {
        return Ok(Swap2Choice::PlaceTwo { white, black });
    }
    take(judgement).map(Swap2Choice::Take)
}

fn check(position: &Position) -> Result<(), SwapError> {
    if position.is_over() {
        return Err(SwapError::Over);
    }
    if position.side_to_move() == Side::X {
        return Err(SwapError::BlackToMove);
    }
    Ok(())
}

/// The side a judgement of white's favours.
fn take(judgement: Judgement) -> Result<ColourChoice, SwapError> {
    if judgement.score < 0 {
        return Ok(ColourChoice::Black);
    }
    let reply = judgement.best.ok_or(SwapError::NoMove)?;
    Ok(ColourChoice::White { reply })
}
