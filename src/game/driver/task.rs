//! The game's jobs: the computer's move, an engine from outside's move, a hint, and the
//! value of every move, with what they report. Moves and hints run on one lane ([`MOVES`]), values on another
//! ([`VALUES`]), so the values are worked out while the computer thinks about its move.

use crate::engine::{Limits, MoveValue, PlayerKind, SearchResult};
use crate::rules::Position;

use super::super::clock::Clock;
use super::super::lessons::SharedLessons;
use super::external::{self, EngineFault, EngineTurn};
use super::job::{Job, Lane, Outbox, Worker};
use super::policy::{self, Answer, Chooser, MovePolicy};
use super::ticket::Ticket;

/// The lane of the computer's moves and hints: they share a worker, and so its table.
pub const MOVES: Lane = Lane::new("moves and hints");

/// The lanes of the engines from outside that play X and O, in that order: each keeps its
/// engine running between its moves.
pub const ENGINES: [Lane; 2] = [Lane::new("engine playing X"), Lane::new("engine playing O")];

/// The lane of the move values.
pub const VALUES: Lane = Lane::new("move values");

/// What the computer is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Task {
    /// Choose a move to play, as this player.
    Move(PlayerKind),
    /// Ask an engine from outside for its move (on the lane's worker, which keeps it
    /// running between moves).
    Engine(EngineTurn),
    /// The full-strength engine's move for the side to move, to show, never to play;
    /// `player` is the game's computer player, whose time per move a hint gets at least.
    Hint { player: PlayerKind },
    /// The value of every legal move, sent move by move (the learners' view).
    Values,
}

impl Task {
    /// The lane this task runs on unless its request names another.
    #[must_use]
    pub fn lane(&self) -> Lane {
        match self {
            Task::Move(_) | Task::Hint { .. } => MOVES,
            Task::Engine(turn) => ENGINES[turn.side.index()],
            Task::Values => VALUES,
        }
    }
}

/// One request of the game: a task on a position, under a clock.
#[derive(Clone, Debug)]
pub struct TaskRequest {
    pub position: Position,
    pub task: Task,
    pub clock: Clock,
    /// The lessons of lost games the computer's moves avoid, if it learns.
    pub lessons: Option<SharedLessons>,
    /// The lane to run on, when not the task's own (the lab runs these tasks on lanes of
    /// its own, so they never stop the game's).
    pub lane: Option<Lane>,
}

impl TaskRequest {
    /// `task` on `position`, without a clock or lessons, on the task's own lane.
    #[must_use]
    pub fn new(position: Position, task: Task) -> TaskRequest {
        TaskRequest {
            position,
            task,
            clock: Clock::Free,
            lessons: None,
            lane: None,
        }
    }

    /// The same request under `clock`.
    #[must_use]
    pub fn with_clock(self, clock: Clock) -> TaskRequest {
        TaskRequest { clock, ..self }
    }

    /// The same request, the computer's move avoiding what `lessons` say.
    #[must_use]
    pub fn with_lessons(self, lessons: Option<SharedLessons>) -> TaskRequest {
        TaskRequest { lessons, ..self }
    }

    /// The same request on `lane`.
    #[must_use]
    pub fn on_lane(self, lane: Lane) -> TaskRequest {
        TaskRequest {
            lane: Some(lane),
            ..self
        }
    }
}

/// What a game's request reports.
#[derive(Clone, Debug)]
pub enum TaskEvent {
    /// An iteration of iterative deepening finished (moves and hints by the engine).
    Iteration(SearchResult),
    /// One move's value (values).
    Value(MoveValue),
    /// The move or hint.
    Answer(Answer),
    /// Every move's value has been sent.
    ValuesDone,
    /// The worker failed (a panic in the search); the message says what went wrong.
    Failed(String),
    /// The engine from outside failed (the engine's move); it was stopped.
    EngineFault(EngineFault),
}

impl Job for TaskRequest {
    type Update = TaskEvent;

    fn lane(&self) -> Lane {
        self.lane.unwrap_or_else(|| self.task.lane())
    }

    fn run(self, worker: &mut Worker, out: &Outbox<TaskEvent>) {
        let TaskRequest {
            position,
            task,
            clock,
            lessons,
            ..
        } = self;
        let stop = out.stop();
        let mut iteration = |it: &SearchResult| out.send(TaskEvent::Iteration(it.clone()));
        match task {
            Task::Move(player) => {
                let policy = MovePolicy {
                    player: &player,
                    clock,
                    lessons: lessons.as_ref(),
                };
                let answer = policy.choose(worker, &position, stop, &mut iteration);
                out.send(TaskEvent::Answer(answer));
            }
            Task::Engine(turn) => {
                let outcome = external::play(worker.external(), &position, &turn, stop);
                out.send(match outcome {
                    Ok(cell) => TaskEvent::Answer(Answer {
                        best: Some(cell),
                        chooser: Chooser::Engine(turn.command.name().to_string()),
                    }),
                    Err(fault) => TaskEvent::EngineFault(fault),
                });
            }
            Task::Hint { player } => {
                let answer = policy::hint(worker, &position, &player, stop, &mut iteration);
                out.send(TaskEvent::Answer(answer));
            }
            Task::Values => {
                let engine = worker.engine(*position.rule());
                engine.analyse_each(&position, &Limits::default(), stop, &mut |value| {
                    out.send(TaskEvent::Value(value.clone()));
                });
                out.send(TaskEvent::ValuesDone);
            }
        }
    }

    fn failed(message: String) -> TaskEvent {
        TaskEvent::Failed(message)
    }

    fn is_final(event: &TaskEvent) -> bool {
        matches!(
            event,
            TaskEvent::Answer(_)
                | TaskEvent::ValuesDone
                | TaskEvent::Failed(_)
                | TaskEvent::EngineFault(_)
        )
    }

    /// Iterations do not wake the front end: one that shows progress reads them on its own
    /// slow tick.
    fn wakes(event: &TaskEvent) -> bool {
        !matches!(event, TaskEvent::Iteration(_))
    }
}

impl Ticket<TaskEvent> {
    /// Waits for the answer of a move or hint, passing every iteration to `on_iteration`.
    /// Fails with the worker's message if it failed, or says so if the search was stopped.
    pub fn answer(self, on_iteration: &mut dyn FnMut(&SearchResult)) -> Result<Answer, String> {
        for event in self {
            match event {
                TaskEvent::Iteration(iteration) => on_iteration(&iteration),
                TaskEvent::Answer(answer) => return Ok(answer),
                TaskEvent::Failed(message) => return Err(message),
                TaskEvent::EngineFault(fault) => return Err(fault.to_string()),
                TaskEvent::Value(_) | TaskEvent::ValuesDone => {}
            }
        }
        Err("the search was stopped before it answered".to_string())
    }
}
