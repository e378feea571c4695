//! The swap2 opening played out between two brains, as Gomocup's manager runs it with
//! SWAP2BOARD (see `tictactoe::protocol::swap2` for the protocol's three cases): the opener
//! places three stones (black, white, black); the responder answers SWAP (it takes black),
//! one stone (it stays white and plays the fourth move) or two (white's and black's, and the
//! opener chooses); after two, the opener answers SWAP (it takes black) or one stone (it
//! takes white and plays the sixth move). The referee checks every answer: the right kind
//! and number of stones, on the board, on empty cells, and black's legal under renju. A bad
//! answer is a fault of the brain that gave it, which plays black (the opener) or white (the
//! responder) until a colour is chosen.

use std::time::Duration;

use crate::brain::Fault;
use crate::player::MatchPlayer;
use crate::referee_board::{Board, Colour, Point};
use tictactoe::external::Swap2Answer;

/// Which of the two brains of the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Role {
    Opener,
    Responder,
}

impl Swap2Role {
    /// Its colour until a colour is chosen: the opener's stones start the game.
    fn default_colour(self) -> Colour {
        match self {
            Swap2Role::Opener => Colour::Black,
            Swap2Role::Responder => Colour::White,
        }
    }
}

/// The opening as agreed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Agreed {
    /// The stones in the order played, black first.
    pub stones: Vec<Point>,
    /// The opener's colour for the rest of the game.
    pub opener: Colour,
}

/// A fault in the opening: whose, in its colour at that moment, and what.
pub type Faulted = (Colour, Fault);

/// Plays the opening on `board` (empty) between the two brains, each answer within `limit`
/// (and within its time left, under a match clock, which the answers are charged to).
pub fn negotiate(
    board: &mut Board,
    opener: &mut MatchPlayer,
    responder: &mut MatchPlayer,
    limit: Duration,
) -> Result<Agreed, Faulted> {
    let mut stones = Vec::new();
    let three = ask(opener, Swap2Role::Opener, &stones, limit)?;
    place(board, &mut stones, Swap2Role::Opener, &three, &[3])?;
    let answer = ask(responder, Swap2Role::Responder, &stones, limit)?;
    place(
        board,
        &mut stones,
        Swap2Role::Responder,
        &answer,
        &[0, 1, 2],
    )?;
    let opener_colour = match answer {
        // The responder takes black; the opener plays white's fourth move.
        Swap2Answer::Swap => Colour::White,
        Swap2Answer::Stones(two) if two.len() == 2 => {
            let choice = ask(opener, Swap2Role::Opener, &stones, limit)?;
            place(board, &mut stones, Swap2Role::Opener, &choice, &[0, 1])?;
            // The opener swaps to black, or plays white's sixth move.
            if choice == Swap2Answer::Swap {
                Colour::Black
            } else {
                Colour::White
            }
        }
        // The responder stayed white and played the fourth move.
        Swap2Answer::Stones(_) => Colour::Black,
    };
    Ok(Agreed {
        stones,
        opener: opener_colour,
    })
}

/// Sends SWAP2BOARD with the stones so far and reads the answer.
fn ask(
    side: &mut MatchPlayer,
    role: Swap2Role,
    stones: &[Point],
    limit: Duration,
) -> Result<Swap2Answer, Faulted> {
    side.swap2(stones, limit)
        .map_err(|fault| (role.default_colour(), fault))
}

/// Checks that `answer` has one of the `counts` of stones allowed (0 for SWAP) and places
/// them, in the order of play.
fn place(
    board: &mut Board,
    stones: &mut Vec<Point>,
    role: Swap2Role,
    answer: &Swap2Answer,
    counts: &[usize],
) -> Result<(), Faulted> {
    let new: &[Point] = match answer {
        Swap2Answer::Swap => &[],
        Swap2Answer::Stones(points) => points,
    };
    let colour = role.default_colour();
    if !counts.contains(&new.len()) {
        let allowed: Vec<String> = counts.iter().map(|c| stones_word(*c)).collect();
        return Err((
            colour,
            Fault::Unreadable(format!(
                "{} to SWAP2BOARD with {} stones, where the answer is {}",
                stones_word(new.len()),
                stones.len(),
                allowed.join(" or ")
            )),
        ));
    }
    for &point in new {
        let stone = Colour::to_move_after(stones.len());
        match board.place(point, stone) {
            // At most three stones of a colour: none makes five.
            Ok(_) => stones.push(point),
            Err(why) => return Err((colour, Fault::Illegal(point, why))),
        }
    }
    Ok(())
}

fn stones_word(count: usize) -> String {
    match count {
        0 => "SWAP".to_string(),
        1 => "one stone".to_string(),
        n => format!("{n} stones"),
    }
}
