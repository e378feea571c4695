//! The window's view of the computer: when to ask the move driver for the computer's move
//! (after the computer-vs-computer pause), hints and move values, and what came back. The
//! driver does the searching and drops answers for positions no longer on the board; this
//! file only keeps what the window draws.

use std::time::{Duration, Instant};

use crate::engine::{MoveValue, PlayerKind, SearchResult, Stats, Value};
use crate::game::{
    Answer, Chooser, Clock, Driver, DriverConfig, Event, Player, Request, SOLVABLE_CELLS, Session,
    Task, TaskKind,
};
use crate::rules::{Cell, Position, Side};
use crate::t;

/// The pause before each move in computer-vs-computer games, so a person can follow them.
pub const COMPUTER_VS_COMPUTER_PAUSE: Duration = Duration::from_millis(600);

/// Why a search ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
}

/// How the latest move or hint was chosen.
#[derive(Clone, Debug)]
pub enum Method {
    /// By the alpha-beta search, with its numbers (the latest finished iteration while it
    /// runs).
    Search {
        value: Value,
        pv: Vec<Cell>,
        stats: Stats,
        finished: bool,
    },
    /// By the course's fixed rules, without a search.
    RuleBased,
    /// At random.
    Random,
}

/// What the learners' view shows about the latest search.
#[derive(Clone, Debug)]
pub struct SearchReport {
    pub purpose: Purpose,
    /// The side the move was chosen for.
    pub side: Side,
    pub best: Option<Cell>,
    pub method: Method,
    /// The position that was searched.
    searched: Position,
}

impl SearchReport {
    fn from_iteration(purpose: Purpose, searched: &Position, it: &SearchResult) -> SearchReport {
        SearchReport {
            purpose,
            side: searched.side_to_move(),
            best: it.best,
            method: Method::Search {
                value: it.value,
                pv: it.pv.clone(),
                stats: it.stats.clone(),
                finished: false,
            },
            searched: searched.clone(),
        }
    }

    fn from_answer(purpose: Purpose, searched: &Position, answer: &Answer) -> SearchReport {
        let method = match &answer.chooser {
            Chooser::Search(SearchResult {
                value, pv, stats, ..
            }) => Method::Search {
                value: *value,
                pv: pv.clone(),
                stats: stats.clone(),
                finished: true,
            },
            Chooser::RuleBased => Method::RuleBased,
            Chooser::Random => Method::Random,
        };
        SearchReport {
            purpose,
            side: searched.side_to_move(),
            best: answer.best,
            method,
            searched: searched.clone(),
        }
    }
}

/// The computer's move: waiting out the pause, searching, failed, or nothing to do.
enum Mover {
    Idle,
    /// Computer vs computer: the move for `generation` starts at `at`.
    Pausing {
        generation: u64,
        at: Instant,
    },
    Thinking {
        generation: u64,
        position: Position,
        since: Instant,
        /// Computer vs computer on a large board: the least time from the start of the
        /// search to the move on the board, so moves come at a steady pace.
        steady: Option<Duration>,
    },
    /// Computer vs computer: the move found early, shown at `until` for a steady pace.
    Holding {
        generation: u64,
        cell: Cell,
        since: Instant,
        until: Instant,
    },
    /// The search for `generation` failed; the window offers to try again.
    Failed {
        generation: u64,
        message: String,
    },
}

/// The values of the moves of the position of one generation, complete or still coming in.
struct MoveValues {
    generation: u64,
    values: Vec<MoveValue>,
    complete: bool,
}

/// The searches asked for by the window and what they found.
pub struct Computer {
    driver: Driver,
    mover: Mover,
    /// The hint being looked for: its generation, position and start.
    hint: Option<(u64, Position, Instant)>,
    /// The hint's move and the generation it belongs to.
    hint_cell: Option<(u64, Cell)>,
    report: Option<SearchReport>,
    values: Option<MoveValues>,
    /// Repainted when a held move is due.
    ctx: egui::Context,
}

impl Computer {
    /// The computer of a window; the driver's workers repaint `ctx` when they have news.
    #[must_use]
    pub fn new(ctx: &egui::Context) -> Computer {
        let wake = ctx.clone();
        Computer {
            driver: Driver::new(DriverConfig::default(), move || wake.request_repaint()),
            mover: Mover::Idle,
            hint: None,
            hint_cell: None,
            report: None,
            values: None,
            ctx: ctx.clone(),
        }
    }

    /// Makes the computer's moves avoid what `lessons` says.
    pub fn set_lessons(&mut self, lessons: crate::game::SharedLessons) {
        self.driver.set_lessons(lessons);
    }

    /// Whether the computer is searching for its move.
    pub fn is_thinking(&self) -> bool {
        matches!(self.mover, Mover::Thinking { .. } | Mover::Holding { .. })
    }

    /// Since when the computer has been thinking about its move.
    pub fn thinking_since(&self) -> Option<Instant> {
        match self.mover {
            Mover::Thinking { since, .. } | Mover::Holding { since, .. } => Some(since),
            _ => None,
        }
    }

    /// Why the computer's search for the position on the board failed, if it did.
    pub fn failure(&self, session: &Session) -> Option<&str> {
        match &self.mover {
            Mover::Failed {
                generation,
                message,
            } if *generation == session.generation() => Some(message),
            _ => None,
        }
    }

    /// Forgets a failure so the next frame asks for the computer's move again.
    pub fn retry(&mut self) {
        if matches!(self.mover, Mover::Failed { .. }) {
            self.mover = Mover::Idle;
        }
    }

    /// Whether a hint search is running.
    pub fn is_hinting(&self) -> bool {
        self.hinting_since().is_some()
    }

    /// Since when the hint search has been running.
    pub fn hinting_since(&self) -> Option<Instant> {
        self.hint
            .as_ref()
            .filter(|(g, _, _)| self.driver.is_running(*g, TaskKind::Hint))
            .map(|&(_, _, since)| since)
    }

    /// The hint for the position on the board, if one was found for it.
    pub fn hint_for(&self, session: &Session) -> Option<Cell> {
        self.hint_cell
            .filter(|(g, _)| *g == session.generation())
            .map(|(_, c)| c)
    }

    /// The values of the moves in the position on the board worked out so far (all of them
    /// once the analysis is done).
    pub fn values_for(&self, session: &Session) -> Option<&[MoveValue]> {
        self.values
            .as_ref()
            .filter(|v| v.generation == session.generation())
            .map(|v| v.values.as_slice())
    }

    /// Whether the values of the moves are being worked out.
    pub fn is_analysing(&self) -> bool {
        self.values
            .as_ref()
            .is_some_and(|v| !v.complete && self.driver.is_running(v.generation, TaskKind::Values))
    }

    /// Works out every move's value when `wanted` and the board is small enough to solve
    /// each move; stops that work when it is no longer wanted.
    pub fn drive_values(&mut self, session: &Session, wanted: bool) {
        let generation = session.generation();
        let solvable = session.settings().rule.cells() <= SOLVABLE_CELLS;
        if !wanted || !solvable || session.outcome().is_some() {
            if self.driver.is_busy(TaskKind::Values) {
                self.driver.stop(TaskKind::Values);
            }
            return;
        }
        let asked = self.values.as_ref().is_some_and(|v| {
            v.generation == generation
                && (v.complete || self.driver.is_running(generation, TaskKind::Values))
        });
        if asked {
            return;
        }
        // Start over: values left from a stopped analysis are dropped.
        self.values = Some(MoveValues {
            generation,
            values: Vec::new(),
            complete: false,
        });
        self.driver
            .request(request(session, Task::Values, Clock::Free));
    }

    /// The latest search's numbers, when it searched the position on the board or the one
    /// before the last move (the computer's move just played): never a search of another
    /// board or game.
    pub fn report_for(&self, session: &Session) -> Option<&SearchReport> {
        let report = self.report.as_ref()?;
        let position = session.position();
        let before_last = || {
            let mut before = position.clone();
            let last = session.last_move()?;
            before.unmake(position.geometry().index(last)?);
            Some(before)
        };
        (report.searched == *position || before_last().is_some_and(|b| report.searched == b))
            .then_some(report)
    }

    /// Stops every search and forgets the hint (a new game, a loaded game, ...).
    pub fn cancel(&mut self) {
        self.driver.stop_all();
        self.mover = Mover::Idle;
        self.hint = None;
        self.hint_cell = None;
    }

    /// Marks the search for `generation` as failed so it is not restarted in a loop.
    pub fn failed(&mut self, generation: u64, message: String) {
        self.mover = Mover::Failed {
            generation,
            message,
        };
    }

    /// Reads what the driver sent for the position on the board. Returns the computer's
    /// move once its search has answered.
    pub fn poll(&mut self, session: &Session) -> Option<Cell> {
        let generation = session.generation();
        if let Mover::Holding {
            generation: g,
            cell,
            until,
            ..
        } = self.mover
            && g == generation
            && Instant::now() >= until
        {
            self.mover = Mover::Idle;
            return Some(cell);
        }
        while let Some(update) = self.driver.poll(generation) {
            match (update.task, update.event) {
                (TaskKind::Values, Event::Value(value)) => {
                    if let Some(v) = self.values.as_mut().filter(|v| v.generation == generation) {
                        v.values.push(value);
                    }
                }
                (TaskKind::Values, Event::ValuesDone | Event::Failed(_)) => {
                    if let Some(v) = self.values.as_mut().filter(|v| v.generation == generation) {
                        v.complete = true;
                    }
                }
                (task, Event::Iteration(iteration)) => {
                    if let Some((purpose, searched)) = self.searched(task) {
                        let report = SearchReport::from_iteration(purpose, &searched, &iteration);
                        self.report = Some(report);
                    }
                }
                (task, Event::Answer(answer)) => {
                    if let Some((purpose, searched)) = self.searched(task) {
                        self.report = Some(SearchReport::from_answer(purpose, &searched, &answer));
                    }
                    if task == TaskKind::Hint {
                        self.hint_cell = answer.best.map(|cell| (generation, cell));
                        self.hint = None;
                    } else if let Some(cell) = answer.best {
                        if let Some(until) = self.steady_until() {
                            self.hold(generation, cell, until);
                            continue;
                        }
                        self.mover = Mover::Idle;
                        return Some(cell);
                    } else {
                        self.failed(generation, t!("search-found-no-move"));
                    }
                }
                (TaskKind::Move, Event::Failed(message)) => self.failed(generation, message),
                (TaskKind::Hint, Event::Failed(_)) => self.hint = None,
                (TaskKind::Compare | TaskKind::RecordTrees, Event::Failed(_)) => {}
                (_, Event::Value(_) | Event::ValuesDone | Event::Lab(_)) => {}
            }
        }
        None
    }

    /// When a move found now is to be shown, if later than now (computer vs computer on a
    /// large board).
    fn steady_until(&self) -> Option<Instant> {
        match self.mover {
            Mover::Thinking {
                since,
                steady: Some(steady),
                ..
            } => Some(since + steady).filter(|&until| Instant::now() < until),
            _ => None,
        }
    }

    /// Keeps the computer's move until `until`, and repaints then to play it.
    fn hold(&mut self, generation: u64, cell: Cell, until: Instant) {
        let Mover::Thinking { since, .. } = self.mover else {
            return;
        };
        self.mover = Mover::Holding {
            generation,
            cell,
            since,
            until,
        };
        self.ctx
            .request_repaint_after(until.saturating_duration_since(Instant::now()));
    }

    /// The purpose and position of the running move or hint search.
    fn searched(&self, task: TaskKind) -> Option<(Purpose, Position)> {
        match (task, &self.mover, &self.hint) {
            (TaskKind::Move, Mover::Thinking { position, .. }, _) => {
                Some((Purpose::Move, position.clone()))
            }
            (TaskKind::Hint, _, Some((_, position, _))) => Some((Purpose::Hint, position.clone())),
            _ => None,
        }
    }

    /// Asks for the computer's move when it is to move, after the computer-vs-computer
    /// pause. Schedules the repaint that ends the pause rather than repainting busily.
    pub fn drive(&mut self, session: &Session, ctx: &egui::Context, now: Instant) {
        let generation = session.generation();
        let Some(Player::Computer(kind)) = session.player_to_move() else {
            if self.is_thinking() {
                self.driver.stop(TaskKind::Move);
            }
            self.mover = Mover::Idle;
            return;
        };
        match &self.mover {
            Mover::Thinking { generation: g, .. }
            | Mover::Holding { generation: g, .. }
            | Mover::Failed { generation: g, .. }
                if *g == generation =>
            {
                return;
            }
            Mover::Pausing { generation: g, at } if *g == generation => {
                if now < *at {
                    ctx.request_repaint_after(*at - now);
                    return;
                }
            }
            _ => {
                if both_computers(session) {
                    let at = now + COMPUTER_VS_COMPUTER_PAUSE;
                    self.mover = Mover::Pausing { generation, at };
                    ctx.request_repaint_after(COMPUTER_VS_COMPUTER_PAUSE);
                    return;
                }
            }
        }
        let steady = steady_pace(session, kind);
        let task = Task::Move(kind.clone());
        self.driver.request(request(session, task, Clock::Free));
        self.mover = Mover::Thinking {
            generation,
            position: session.position().clone(),
            since: now,
            steady,
        };
    }

    /// Asks for the full-strength engine's move for the position (shown, never played).
    pub fn request_hint(&mut self, session: &Session) {
        if session.outcome().is_some() || self.hint_for(session).is_some() || self.is_hinting() {
            return;
        }
        let player = session.settings().computer.clone();
        self.driver
            .request(request(session, Task::Hint { player }, Clock::Free));
        let since = Instant::now();
        self.hint = Some((session.generation(), session.position().clone(), since));
    }

    /// Makes the driver's next search fail (tests of what the window says then).
    #[doc(hidden)]
    pub fn fail_next_search(&self) {
        self.driver.fail_next_request();
    }
}

fn request(session: &Session, task: Task, clock: Clock) -> Request {
    Request {
        tag: session.generation(),
        position: session.position().clone(),
        task,
        clock,
    }
}

/// Computer vs computer on a board too large to search to the end: each move takes the
/// engine's whole time per move on screen, even when the search ends early (a forced reply,
/// a proved win), so the game goes at a pace a person can follow and foresee.
fn steady_pace(session: &Session, kind: &PlayerKind) -> Option<Duration> {
    let large = session.settings().rule.cells() > SOLVABLE_CELLS;
    match kind {
        PlayerKind::Engine {
            time_ms: Some(ms), ..
        } if large && both_computers(session) => Some(Duration::from_millis(*ms)),
        _ => None,
    }
}

fn both_computers(session: &Session) -> bool {
    Side::BOTH
        .iter()
        .all(|&s| matches!(session.player(s), Player::Computer(_)))
}
