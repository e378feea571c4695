//! The swap2 opening through the protocol: `SWAP2BOARD`, the stones so far one a line,
//! `DONE`. Gomocup added the command for its swap2 tournaments (the rules of the 2020 and
//! 2021 experimental tournaments, <https://gomocup.org/news/experimental-tournament-update-2020/>),
//! sent to a brain once or twice between START and BOARD, in three cases:
//!
//! 1. No stones: the brain places the first three, answered on one line as
//!    `x1,y1 x2,y2 x3,y3` (black, white, black).
//! 2. Three stones: the brain answers `SWAP` to swap (take black: the opponent, now white,
//!    plays the fourth stone), `x,y` to stay with its colour and play the fourth move
//!    (white's), or `x,y x,y` to put the fourth and fifth stones (white, black) and let the
//!    opponent choose the colour.
//! 3. Five stones: the brain answers `SWAP` (take black: the opponent plays the sixth stone
//!    as white) or `x,y`, the sixth move, staying with the colour to move (white).
//!
//! The stones are `x,y` lines in the order played, black first, as the rules' example
//! writes them; `x,y,field` lines as in BOARD (Rapfi reads SWAP2BOARD that way) are read
//! too, and their fields must follow the order of play. Black's stones are played through
//! the rules, so under renju a forbidden one is refused. The decisions are the engine's
//! ([`crate::engine::propose_three`], [`crate::engine::swap2_choice`],
//! [`crate::engine::choose_colour`]), judged by short searches within the time of a move.

use crate::engine::{
    ColourChoice, Judge, Limits, SEARCHES_PER_DECISION, Swap2Choice, choose_colour, propose_three,
    swap2_choice, uses_gomoku_engine,
};
use crate::rules::{Cell, Position, Rule, Side};

use super::command::{Field, Point};

/// The most nodes one judgement of a candidate may search (a time share caps it too).
pub const NODES_PER_JUDGEMENT: u64 = 20_000;

/// The table of the judging engine, in megabytes (less if the memory limit asks for less).
const JUDGE_MEGABYTES: usize = 16;

/// What the brain answers and the game it leaves.
#[derive(Clone)]
pub struct Decision {
    /// The answer line.
    pub answer: String,
    /// The position after the brain's stones.
    pub position: Position,
    /// The brain's colour, if it is decided (after two more stones the opponent decides).
    pub own: Option<Side>,
}

/// The opening's stones played in order under `rule`, checked: none, three or five of them,
/// on the board, on empty cells, black's legal, no five, and any fields in the order of play.
pub fn opening(rule: &Rule, stones: &[(Point, Option<Field>)]) -> Result<Position, String> {
    if !uses_gomoku_engine(rule) {
        return Err(format!(
            "SWAP2BOARD opens a game of five in a row on a large board, not {} in a row on \
             {}x{}",
            rule.k(),
            rule.width(),
            rule.height()
        ));
    }
    if ![0, 3, 5].contains(&stones.len()) {
        return Err(format!(
            "SWAP2BOARD takes 0, 3 or 5 stones, got {}",
            stones.len()
        ));
    }
    check_fields(stones)?;
    let mut position = Position::new(*rule);
    for (number, &(at, _)) in stones.iter().enumerate() {
        let colour = if number % 2 == 0 { "black" } else { "white" };
        position
            .play(at.cell())
            .map_err(|error| format!("stone {} ({colour}) at {at}: {error}", number + 1))?;
        if position.is_over() {
            return Err(format!("stone {} at {at} makes five", number + 1));
        }
    }
    Ok(position)
}

/// Fields, where given, must alternate as the stones do (each side's stones the same field).
fn check_fields(stones: &[(Point, Option<Field>)]) -> Result<(), String> {
    let Some((number, first)) = stones
        .iter()
        .enumerate()
        .find_map(|(number, &(_, field))| field.map(|f| (number, f)))
    else {
        return Ok(());
    };
    let black = if number % 2 == 0 { first } else { other(first) };
    for (number, &(at, field)) in stones.iter().enumerate() {
        let wanted = if number % 2 == 0 { black } else { other(black) };
        if field.is_some_and(|f| f != wanted) {
            return Err(format!(
                "stone {} at {at} has the field of the other colour: SWAP2BOARD stones come \
                 in the order played, black first",
                number + 1
            ));
        }
    }
    Ok(())
}

fn other(field: Field) -> Field {
    if field == Field::Own {
        Field::Opponent
    } else {
        Field::Own
    }
}

/// A judge for one decision: a node budget for each judgement, and a share of `time` (the
/// brain's time for the move, if it has one) so the whole decision fits in it.
#[must_use]
pub fn judge(time: Option<std::time::Duration>, tt_megabytes: usize) -> Judge {
    let share = time.map(|t| t / SEARCHES_PER_DECISION as u32);
    let limits = Limits {
        nodes: Some(NODES_PER_JUDGEMENT),
        time: share,
        ..Limits::default()
    };
    Judge::new(limits, tt_megabytes.min(JUDGE_MEGABYTES))
}

/// The brain's answer to the opening in `position` (0, 3 or 5 stones, from [`opening`]).
pub fn decide(position: &Position, seed: u64, judge: &mut Judge) -> Result<Decision, String> {
    match position.stones() {
        0 => {
            let proposal = propose_three(position.rule(), seed, judge)
                .ok_or_else(|| "no three stones fit near the centre".to_string())?;
            Ok(Decision {
                answer: cells(&proposal.stones),
                position: proposal.position,
                own: Some(Side::X),
            })
        }
        3 => match swap2_choice(position, seed, judge).map_err(|e| e.to_string())? {
            Swap2Choice::Take(choice) => take(position, choice),
            Swap2Choice::PlaceTwo { white, black } => {
                let mut after = position.clone();
                play(&mut after, white)?;
                play(&mut after, black)?;
                Ok(Decision {
                    answer: cells(&[white, black]),
                    position: after,
                    own: None,
                })
            }
        },
        _ => take(
            position,
            choose_colour(position, judge).map_err(|e| e.to_string())?,
        ),
    }
}

/// The answer for a colour taken: SWAP for black, white's move for white.
fn take(position: &Position, choice: ColourChoice) -> Result<Decision, String> {
    let mut after = position.clone();
    let answer = match choice {
        ColourChoice::Black => "SWAP".to_string(),
        ColourChoice::White { reply } => {
            play(&mut after, reply)?;
            cells(&[reply])
        }
    };
    Ok(Decision {
        answer,
        position: after,
        own: Some(choice.side()),
    })
}

/// Plays one of the engine's stones, checked like any move the brain sends.
fn play(position: &mut Position, cell: Cell) -> Result<(), String> {
    position.play(cell).map_err(|error| {
        format!(
            "the engine's stone {} was refused: {error}",
            Point::of(cell)
        )
    })
}

/// Cells as the protocol writes stones on one line: `x,y x,y`.
fn cells(stones: &[Cell]) -> String {
    let points: Vec<String> = stones.iter().map(|&c| Point::of(c).to_string()).collect();
    points.join(" ")
}
