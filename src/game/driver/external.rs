//! The move of an engine from outside (a program that speaks the Gomocup protocol, see
//! [`crate::external`]). The worker of a lane keeps the launched engine from move to move,
//! launching it again when the command, the rule or the time limits change, and ends it
//! when the lane is released. Each move sends the whole position with BOARD, so undo, redo
//! and a new game need nothing special. A fault (it could not start, crashed, hung past its
//! move time, wrote garbage, played an illegal move) stops the process, and the job fails
//! with a message saying what the engine did; the game itself is untouched.

use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::external::{
    Brain, BrainRequest, EngineCommand, Fault, IllegalMove, Point, Setup, TimeLimits,
};
use crate::rules::{Cell, MoveError, Position, Rule, Side};

/// What an engine is asked to play: who it is, the side it plays (each side's engine runs
/// on a lane of its own, [`super::ENGINES`], so two engines playing each other both stay
/// running), how long it may take, and the moves of the game so far in the order played
/// (BOARD sends them in that order).
#[derive(Clone, Debug, PartialEq)]
pub struct EngineTurn {
    pub command: EngineCommand,
    /// The name it goes by, in what is said of its faults: its program's name unless the
    /// front end lists it under another.
    pub name: String,
    pub side: Side,
    pub limits: TimeLimits,
    pub moves: Vec<Cell>,
}

/// An engine from outside that failed in a game: its name and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineFault {
    pub name: String,
    pub fault: Fault,
}

impl fmt::Display for EngineFault {
    /// What a person is told: what the engine did, and that it was stopped if it was still
    /// running.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let EngineFault { name, fault } = self;
        match fault {
            Fault::Launch(_) | Fault::Ended(_) => write!(f, "The engine {name} {fault}."),
            _ => write!(f, "The engine {name} {fault}. It was stopped."),
        }
    }
}

/// How long an engine may take to exit after END before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A launched engine kept by a worker, with what it was launched for.
pub(super) struct Launched {
    command: EngineCommand,
    rule: Rule,
    limits: TimeLimits,
    brain: Brain,
}

impl Launched {
    /// Says END and lets the engine exit (or kills it).
    pub(super) fn end(self) {
        self.brain.end(EXIT_GRACE);
    }

    fn is_for(&self, turn: &EngineTurn, rule: &Rule) -> bool {
        self.command == turn.command && self.rule == *rule && self.limits == turn.limits
    }
}

/// The engine's move in `position`, asked of the engine kept in `slot` (launched first if
/// there is none, or it was launched for another game), the wait ending early once `stop`
/// is set. On a fault the engine is stopped.
pub(super) fn play(
    slot: &mut Option<Launched>,
    position: &Position,
    turn: &EngineTurn,
    stop: &AtomicBool,
) -> Result<Cell, EngineFault> {
    let rule = *position.rule();
    if let Some(old) = slot.take_if(|old| !old.is_for(turn, &rule)) {
        old.end();
    }
    let launched = match slot.take() {
        Some(launched) => launched,
        None => Launched {
            brain: Brain::launch(&turn.command, &Setup::for_game(&rule, turn.limits))
                .map_err(|fault| describe(turn, fault))?,
            command: turn.command.clone(),
            rule,
            limits: turn.limits,
        },
    };
    let launched = slot.insert(launched);
    let stones = stones(position, &turn.moves);
    let answer = launched
        .brain
        .play_until(&BrainRequest::Board(&stones), turn.limits.wait(), stop)
        .and_then(|point| legal(position, point));
    answer.map_err(|fault| {
        // Dropping the brain kills what is left of the process.
        *slot = None;
        describe(turn, fault)
    })
}

/// The fault `fault` of the engine asked for `turn`.
fn describe(turn: &EngineTurn, fault: Fault) -> EngineFault {
    EngineFault {
        name: turn.name.clone(),
        fault,
    }
}

/// The stones of `position` as BOARD sends them, each with whether it is the side to
/// move's own: in the order of `moves` when they are the position's stones, else (a
/// position set up without its moves) in board order.
fn stones(position: &Position, moves: &[Cell]) -> Vec<(Point, bool)> {
    let own = position.side_to_move();
    let ordered =
        moves.len() == position.stones() && moves.iter().all(|&cell| position.get(cell).is_some());
    let cells: Vec<Cell> = if ordered {
        moves.to_vec()
    } else {
        let geometry = position.geometry();
        (0..position.board().len())
            .filter(|&index| position.at(index).is_some())
            .map(|index| geometry.cell(index))
            .collect()
    };
    cells
        .into_iter()
        .map(|cell| (Point::of(cell), position.get(cell) == Some(own)))
        .collect()
}

/// The engine's answer as a move of `position`, or the fault of an illegal one.
fn legal(position: &Position, point: Point) -> Result<Cell, Fault> {
    let cell = point.cell();
    match position.check_move(cell) {
        Ok(_) => Ok(cell),
        Err(MoveError::OffBoard { .. }) => Err(Fault::Illegal(point, IllegalMove::OffBoard)),
        Err(MoveError::Occupied(_) | MoveError::GameOver) => {
            Err(Fault::Illegal(point, IllegalMove::Taken))
        }
        Err(MoveError::Forbidden { kind, .. }) => {
            Err(Fault::Illegal(point, IllegalMove::Forbidden(kind)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_go_in_the_order_played_marked_by_whose_they_are() {
        let mut position = Position::new(Rule::TIC_TAC_TOE);
        let moves = [Cell::new(1, 1), Cell::new(0, 0), Cell::new(2, 0)];
        for cell in moves {
            position.play(cell).unwrap();
        }
        let at = |x, y| Point { x, y };
        // O to move: X's stones are the opponent's.
        assert_eq!(
            stones(&position, &moves),
            [(at(1, 1), false), (at(0, 0), true), (at(0, 2), false)]
        );
        // Without the moves, board order (row by row).
        assert_eq!(
            stones(&position, &[]),
            [(at(0, 0), true), (at(1, 1), false), (at(0, 2), false)]
        );
    }

    #[test]
    fn answers_on_taken_or_missing_cells_are_illegal() {
        let mut position = Position::new(Rule::TIC_TAC_TOE);
        position.play(Cell::new(1, 1)).unwrap();
        assert_eq!(legal(&position, Point { x: 2, y: 0 }), Ok(Cell::new(0, 2)));
        assert_eq!(
            legal(&position, Point { x: 1, y: 1 }),
            Err(Fault::Illegal(Point { x: 1, y: 1 }, IllegalMove::Taken))
        );
        assert_eq!(
            legal(&position, Point { x: 3, y: 0 }),
            Err(Fault::Illegal(Point { x: 3, y: 0 }, IllegalMove::OffBoard))
        );
    }
}
