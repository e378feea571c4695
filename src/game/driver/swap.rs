//! The computer's part of a swap or swap2 opening, as a job on the moves lane (so it never
//! runs beside the computer's own move): placing the opener's three stones, choosing a
//! colour, or swap2's choice of a colour or two more stones. Each decision is the engine's
//! ([`propose_three`], [`swap2_choice`], [`choose_colour`]), judged by short searches of a
//! node budget within a share of the computer's time per move; the answer says what the
//! engine thought of the position (white's value, white being to move when a colour is
//! chosen), so the window can say why. The job's stop flag reaches every search, so a
//! decision stopped halfway (New game, Undo, the window closed) ends at once.

use std::time::Duration;

use rand::RngExt;

use crate::engine::{
    ColourChoice, Judge, Limits, SEARCHES_PER_DECISION, Score, Swap2Choice, choose_colour,
    propose_three, swap2_choice,
};
use crate::rules::{Cell, Position};

use super::super::opening::{Choice, Step};
use super::job::{Job, Lane, Outbox, Worker};
use super::task::MOVES;

/// The most nodes one judgement of a candidate may search (a time share caps it too).
pub const NODES_PER_JUDGEMENT: u64 = 20_000;

/// The table of the judging engine, in megabytes.
const JUDGE_MEGABYTES: usize = 16;

/// The computer's part of the opening in `position`, where the opening asks for `step`.
#[derive(Clone, Debug)]
pub struct SwapRequest {
    pub position: Position,
    pub step: Step,
    /// The time for the whole decision, if the computer has a time per move.
    pub time: Option<Duration>,
}

/// What the computer decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwapAnswer {
    /// The stones to place, in order; `score` is white's value after them.
    Placed { stones: Vec<Cell>, score: Score },
    /// The choice made; with [`Choice::PlaceTwo`], the two stones (white's, then black's).
    /// `score` is white's value in the position chosen from.
    Chose {
        choice: Choice,
        stones: Vec<Cell>,
        score: Score,
    },
    /// Nothing could be decided; the message says why.
    Failed(String),
}

impl Job for SwapRequest {
    type Update = SwapAnswer;

    fn lane(&self) -> Lane {
        MOVES
    }

    fn run(self, worker: &mut Worker, out: &Outbox<SwapAnswer>) {
        let seed: u64 = worker.rng().random();
        let limits = Limits {
            nodes: Some(NODES_PER_JUDGEMENT),
            time: self.time.map(|t| t / SEARCHES_PER_DECISION as u32),
            ..Limits::default()
        };
        let megabytes = worker.config().tt_megabytes.min(JUDGE_MEGABYTES);
        let mut judge = Judge::new(limits, megabytes).stopped_by(out.stop_flag());
        out.send(decide(&self.position, self.step, seed, &mut judge));
    }

    fn failed(message: String) -> SwapAnswer {
        SwapAnswer::Failed(message)
    }

    fn is_final(_: &SwapAnswer) -> bool {
        true
    }
}

/// The decision for `step` in `position`.
#[must_use]
pub fn decide(position: &Position, step: Step, seed: u64, judge: &mut Judge) -> SwapAnswer {
    match step {
        Step::Place { number: 1, of, .. } if position.stones() == 0 && of == 3 => {
            match propose_three(position.rule(), seed, judge) {
                Some(proposal) => SwapAnswer::Placed {
                    stones: proposal.stones,
                    score: proposal.judgement.score,
                },
                None => SwapAnswer::Failed("no three stones fit near the centre".to_string()),
            }
        }
        Step::Place { number, of, .. } => place_rest(position, of + 1 - number, judge),
        Step::Choose { place_two, .. } => choose(position, place_two, seed, judge),
        Step::Play => SwapAnswer::Failed("the opening is over".to_string()),
    }
}

/// The engine's best move for each of `count` stones in turn (the rest of a placement
/// begun elsewhere).
fn place_rest(position: &Position, count: usize, judge: &mut Judge) -> SwapAnswer {
    let mut after = position.clone();
    let mut stones = Vec::with_capacity(count);
    for _ in 0..count {
        let Some(cell) = judge.judge(&after).best else {
            return SwapAnswer::Failed("the engine found no stone to place".to_string());
        };
        if let Err(error) = after.play(cell) {
            return SwapAnswer::Failed(format!("the engine's stone was refused: {error}"));
        }
        stones.push(cell);
    }
    let score = judge.judge(&after).score;
    SwapAnswer::Placed { stones, score }
}

/// A colour, or with `place_two` swap2's choice of a colour or two more stones.
fn choose(position: &Position, place_two: bool, seed: u64, judge: &mut Judge) -> SwapAnswer {
    let score = judge.judge(position).score;
    let (choice, stones) = if place_two {
        match swap2_choice(position, seed, judge) {
            Ok(Swap2Choice::Take(colour)) => (colour_choice(colour), Vec::new()),
            Ok(Swap2Choice::PlaceTwo { white, black }) => (Choice::PlaceTwo, vec![white, black]),
            Err(error) => return SwapAnswer::Failed(error.to_string()),
        }
    } else {
        match choose_colour(position, judge) {
            Ok(colour) => (colour_choice(colour), Vec::new()),
            Err(error) => return SwapAnswer::Failed(error.to_string()),
        }
    };
    SwapAnswer::Chose {
        choice,
        stones,
        score,
    }
}

/// The opening's choice for a colour taken (white's reply is the computer's next move,
/// searched as any move).
fn colour_choice(colour: ColourChoice) -> Choice {
    match colour {
        ColourChoice::Black => Choice::Black,
        ColourChoice::White { .. } => Choice::White,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::opening::Seat;
    use crate::rules::Rule;

    fn judge() -> Judge {
        Judge::new(
            Limits {
                nodes: Some(2_000),
                ..Limits::default()
            },
            4,
        )
    }

    fn opener(number: usize) -> Step {
        Step::Place {
            seat: Seat::Opener,
            number,
            of: 3,
        }
    }

    #[test]
    fn the_computer_places_three_legal_stones_then_chooses() {
        let mut position = Position::new(Rule::RENJU);
        let SwapAnswer::Placed { stones, .. } = decide(&position, opener(1), 7, &mut judge())
        else {
            panic!("three stones expected");
        };
        assert_eq!(stones.len(), 3);
        for cell in stones {
            position.play(cell).unwrap();
        }
        let swap2 = Step::Choose {
            seat: Seat::Chooser,
            place_two: true,
        };
        match decide(&position, swap2, 7, &mut judge()) {
            SwapAnswer::Chose {
                choice: Choice::PlaceTwo,
                stones,
                ..
            } => {
                assert_eq!(stones.len(), 2);
                for cell in stones {
                    position.play(cell).unwrap();
                }
            }
            SwapAnswer::Chose { stones, .. } => assert!(stones.is_empty()),
            other => panic!("a choice expected, got {other:?}"),
        }
    }

    #[test]
    fn a_placement_begun_elsewhere_is_finished_and_nothing_is_decided_after_the_opening() {
        let mut position = Position::new(Rule::RENJU);
        position.play(crate::rules::Cell::new(7, 7)).unwrap();
        let SwapAnswer::Placed { stones, .. } = decide(&position, opener(2), 1, &mut judge())
        else {
            panic!("two stones expected");
        };
        assert_eq!(stones.len(), 2);
        assert!(matches!(
            decide(&position, Step::Play, 1, &mut judge()),
            SwapAnswer::Failed(_)
        ));
        // A colour is chosen only with white to move.
        position.play(crate::rules::Cell::new(7, 8)).unwrap();
        let colour = Step::Choose {
            seat: Seat::Opener,
            place_two: false,
        };
        assert!(matches!(
            decide(&position, colour, 1, &mut judge()),
            SwapAnswer::Failed(_)
        ));
    }

    /// A decision whose searches have no budget at all ends only when it is stopped: set
    /// the flag halfway and it answers (the wait is bounded; a decision that did not stop
    /// would search a 15x15 board for hours).
    #[test]
    fn a_decision_stops_halfway_when_its_flag_is_set() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::time::Duration;
        let stop = Arc::new(AtomicBool::new(false));
        let unbounded = Limits::default();
        let mut judge = Judge::new(unbounded, 4).stopped_by(stop.clone());
        let (done, answer) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let position = Position::new(Rule::RENJU);
            let _ = done.send(decide(&position, opener(1), 3, &mut judge));
        });
        std::thread::sleep(Duration::from_millis(200));
        stop.store(true, Ordering::Relaxed);
        let answer = answer.recv_timeout(Duration::from_secs(120));
        assert!(answer.is_ok(), "the stopped decision answered");
    }
}
