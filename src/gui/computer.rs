//! The window's view of the computer: when to ask the driver for the computer's move (after
//! the computer-vs-computer pause), hints and move values, and what came back. Each search
//! is held as a [`Pending`] beside the generation of the position it is for: read with the
//! position of the moment, a search of another one forgets itself (dropping its ticket
//! stops it), so a late answer is never read. The driver does the searching; this file only
//! keeps what the window draws.

use std::time::{Duration, Instant};

use crate::engine::{MoveValue, PlayerKind, SearchResult};
use crate::game::Pending;
use crate::game::{
    Answer, Chooser, Driver, ENGINES, EngineTurn, MOVES, Player, Release, Session, SharedLessons,
    Step, Task, TaskEvent, TaskRequest, Ticket, VALUES, clock,
};
use crate::rules::{Cell, Position, Side};
use crate::t;

use super::engines::EngineNames;

/// The pause before each move in computer-vs-computer games, so a person can follow them.
pub const COMPUTER_VS_COMPUTER_PAUSE: Duration = Duration::from_millis(600);

/// Why a search ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
}

/// What the learners' view shows about the latest move or hint: who chose it, with the
/// search's numbers when a search did (the latest finished iteration while it runs).
#[derive(Clone, Debug)]
pub struct SearchReport {
    pub purpose: Purpose,
    /// The side the move was chosen for.
    pub side: Side,
    pub best: Option<Cell>,
    pub chooser: Chooser,
    /// Whether the choice is final (`false` while the search runs).
    pub finished: bool,
    /// The position that was searched.
    searched: Position,
}

impl SearchReport {
    fn from_iteration(purpose: Purpose, searched: &Position, it: &SearchResult) -> SearchReport {
        SearchReport {
            purpose,
            side: searched.side_to_move(),
            best: it.best,
            chooser: Chooser::Search(it.clone()),
            finished: false,
            searched: searched.clone(),
        }
    }

    fn from_answer(purpose: Purpose, searched: &Position, answer: &Answer) -> SearchReport {
        SearchReport {
            purpose,
            side: searched.side_to_move(),
            best: answer.best,
            chooser: answer.chooser.clone(),
            finished: true,
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
    /// Searching the position of a generation.
    Thinking(Pending<u64, TaskEvent, MoveSearch>),
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

/// What the search for the computer's move was asked with.
struct MoveSearch {
    position: Position,
    since: Instant,
    /// Computer vs computer on a large board: the least time from the start of the search
    /// to the move on the board, so moves come at a steady pace.
    steady: Option<Duration>,
}

/// The hint looked for, and the move found.
struct Hint {
    position: Position,
    since: Instant,
    cell: Option<Cell>,
}

/// The values of the moves of a position, complete or still coming in.
#[derive(Default)]
struct MoveValues {
    values: Vec<MoveValue>,
    complete: bool,
}

/// The searches asked for by the window and what they found.
pub struct Computer {
    driver: Driver,
    /// The lessons of lost games the computer's moves avoid, if it learns.
    lessons: Option<SharedLessons>,
    mover: Mover,
    hint: Pending<u64, TaskEvent, Hint>,
    report: Option<SearchReport>,
    values: Pending<u64, TaskEvent, MoveValues>,
    /// The game (by generation) whose engines were handed back, with the release tickets.
    released: Option<(u64, Vec<Ticket<()>>)>,
    /// Repainted when a held move is due.
    ctx: egui::Context,
}

impl Computer {
    /// The computer of a window, searching on the window's `driver`.
    #[must_use]
    pub fn new(ctx: &egui::Context, driver: Driver) -> Computer {
        Computer {
            driver,
            lessons: None,
            mover: Mover::Idle,
            hint: Pending::default(),
            report: None,
            values: Pending::default(),
            released: None,
            ctx: ctx.clone(),
        }
    }

    /// Makes the computer's moves avoid what `lessons` says (from its next move on).
    pub fn set_lessons(&mut self, lessons: SharedLessons) {
        self.lessons = Some(lessons);
    }

    /// Whether the computer is searching for its move.
    pub fn is_thinking(&self) -> bool {
        matches!(self.mover, Mover::Thinking(_) | Mover::Holding { .. })
    }

    /// Since when the computer has been thinking about its move.
    pub fn thinking_since(&self) -> Option<Instant> {
        match &self.mover {
            Mover::Thinking(search) => search.asked().map(|(_, s)| s.since),
            Mover::Holding { since, .. } => Some(*since),
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
        let (_, hint) = self.hint.asked()?;
        self.hint.is_running().then_some(hint.since)
    }

    /// The hint for the position on the board, if one was found for it.
    pub fn hint_for(&self, session: &Session) -> Option<Cell> {
        self.hint.kept(&session.generation())?.cell
    }

    /// The values of the moves in the position on the board worked out so far (all of them
    /// once the analysis is done).
    pub fn values_for(&self, session: &Session) -> Option<&[MoveValue]> {
        let values = self.values.kept(&session.generation())?;
        Some(&values.values)
    }

    /// Whether the values of the moves are being worked out.
    pub fn is_analysing(&self) -> bool {
        self.values.is_running() && self.values.asked().is_some_and(|(_, v)| !v.complete)
    }

    /// Works out every move's value when `wanted` and the board is small enough to solve
    /// each move; stops that work when it is no longer wanted.
    pub fn drive_values(&mut self, session: &Session, wanted: bool) {
        let generation = session.generation();
        let solvable = clock::is_solvable(&session.settings().rule);
        if !wanted || !solvable || session.outcome().is_some() {
            self.values.stop();
            return;
        }
        let complete = self.values.kept(&generation).is_some_and(|v| v.complete);
        if complete || self.values.is_running_for(&generation) {
            return;
        }
        // Start over: values left from a stopped analysis are dropped.
        let request = TaskRequest::new(session.position().clone(), Task::Values);
        let ticket = self.driver.request(request);
        self.values.ask(generation, ticket, MoveValues::default());
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

    /// Once the game on the board is over, hands back the engines of the moves and values
    /// lanes and their tables (tens of megabytes each): no search of a finished game needs
    /// them, and the next search builds a new engine. The engines from outside that played
    /// are ended too (the next game starts them again). Once per game position.
    pub fn release_when_over(&mut self, session: &Session) {
        let generation = session.generation();
        let done = self
            .released
            .as_ref()
            .is_some_and(|(g, _)| *g == generation);
        if session.outcome().is_none() || done || self.is_thinking() || self.is_hinting() {
            return;
        }
        // The lanes of engines from outside only when the game had one: their processes end.
        let engines = ENGINES
            .into_iter()
            .zip(&session.settings().engines.seats)
            .filter_map(|(lane, seat)| seat.as_ref().map(|_| lane));
        let tickets = [MOVES, VALUES]
            .into_iter()
            .chain(engines)
            .map(|lane| self.driver.request(Release { lane }))
            .collect();
        self.released = Some((generation, tickets));
    }

    /// Marks the search for `generation` as failed so it is not restarted in a loop.
    pub fn failed(&mut self, generation: u64, message: String) {
        self.mover = Mover::Failed {
            generation,
            message,
        };
    }

    /// Reads what the searches sent for the position on the board. Returns the computer's
    /// move once its search has answered. A search of another position is dropped unread,
    /// which stops it: a new game, undo, a game opened need nothing more.
    pub fn poll(&mut self, session: &Session) -> Option<Cell> {
        let generation = session.generation();
        self.poll_values(generation);
        self.poll_hint(generation);
        self.poll_mover(generation)
    }

    fn poll_values(&mut self, generation: u64) {
        while let Some((event, values)) = self.values.next(&generation) {
            match event {
                TaskEvent::Value(value) => values.values.push(value),
                TaskEvent::ValuesDone | TaskEvent::Failed(_) => values.complete = true,
                TaskEvent::Iteration(_) | TaskEvent::Answer(_) | TaskEvent::EngineFault(_) => {}
            }
        }
    }

    /// Takes in the hint search's news; it ends answered, failed, or stopped by the
    /// computer's own search on the same worker.
    fn poll_hint(&mut self, generation: u64) {
        while let Some((event, hint)) = self.hint.next(&generation) {
            match event {
                TaskEvent::Iteration(iteration) => {
                    let report =
                        SearchReport::from_iteration(Purpose::Hint, &hint.position, &iteration);
                    self.report = Some(report);
                }
                TaskEvent::Answer(answer) => {
                    let report = SearchReport::from_answer(Purpose::Hint, &hint.position, &answer);
                    self.report = Some(report);
                    hint.cell = answer.best;
                }
                TaskEvent::Failed(_)
                | TaskEvent::EngineFault(_)
                | TaskEvent::Value(_)
                | TaskEvent::ValuesDone => {}
            }
        }
    }

    fn poll_mover(&mut self, generation: u64) -> Option<Cell> {
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
        loop {
            let Mover::Thinking(search) = &mut self.mover else {
                return None;
            };
            let Some((event, asked)) = search.next(&generation) else {
                if !search.is_running() {
                    // Of another position, or ended without a word: the next frame asks
                    // again if it should.
                    self.mover = Mover::Idle;
                }
                return None;
            };
            match event {
                TaskEvent::Iteration(iteration) => {
                    let report =
                        SearchReport::from_iteration(Purpose::Move, &asked.position, &iteration);
                    self.report = Some(report);
                }
                TaskEvent::Answer(answer) => return self.answered(generation, &answer),
                TaskEvent::Failed(message) => self.failed(generation, message),
                TaskEvent::EngineFault(fault) => {
                    self.failed(generation, super::engines::fault_text(&fault));
                }
                TaskEvent::Value(_) | TaskEvent::ValuesDone => {}
            }
        }
    }

    /// Takes in the answer of the computer's search: its move now, or held for a steady
    /// pace.
    fn answered(&mut self, generation: u64, answer: &Answer) -> Option<Cell> {
        let Mover::Thinking(search) = &self.mover else {
            return None;
        };
        let MoveSearch {
            position,
            since,
            steady,
        } = search.kept(&generation)?;
        self.report = Some(SearchReport::from_answer(Purpose::Move, position, answer));
        let Some(cell) = answer.best else {
            self.failed(generation, t!("search-found-no-move"));
            return None;
        };
        let now = Instant::now();
        let until = steady
            .map(|steady| *since + steady)
            .filter(|&until| now < until);
        if let Some(until) = until {
            self.mover = Mover::Holding {
                generation,
                cell,
                since: *since,
                until,
            };
            self.ctx.request_repaint_after(until - now);
            return None;
        }
        self.mover = Mover::Idle;
        Some(cell)
    }

    /// Asks for the computer's move when it is to move, after the computer-vs-computer
    /// pause. Schedules the repaint that ends the pause rather than repainting busily.
    pub fn drive(
        &mut self,
        session: &Session,
        names: EngineNames,
        ctx: &egui::Context,
        now: Instant,
    ) {
        let generation = session.generation();
        if session.opening_step() != Step::Play {
            // The opening's stones and choices are asked for on their own (gui::opening); a
            // failure of theirs stays shown until Try again.
            if !matches!(self.mover, Mover::Failed { .. }) {
                self.mover = Mover::Idle;
            }
            return;
        }
        let asked = match session.player_to_move() {
            Some(Player::Computer(kind)) => {
                Some((Task::Move(kind.clone()), steady_pace(session, kind)))
            }
            Some(Player::Engine(command)) => session.engine_turn().map(|turn| {
                let name = names.of(command);
                (Task::Engine(EngineTurn { name, ..turn }), None)
            }),
            Some(Player::Human) | None => None,
        };
        let Some((task, steady)) = asked else {
            // Dropping the ticket stops a search no longer wanted.
            self.mover = Mover::Idle;
            return;
        };
        match &self.mover {
            Mover::Thinking(search) if search.is_for(&generation) => return,
            Mover::Holding { generation: g, .. } | Mover::Failed { generation: g, .. }
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
        let position = session.position().clone();
        let request = TaskRequest::new(position.clone(), task).with_lessons(self.lessons.clone());
        let asked = MoveSearch {
            position,
            since: now,
            steady,
        };
        let ticket = self.driver.request(request);
        self.mover = Mover::Thinking(Pending::new(generation, ticket, asked));
    }

    /// Asks for the full-strength engine's move for the position (shown, never played).
    pub fn request_hint(&mut self, session: &Session) {
        if session.outcome().is_some() || self.hint_for(session).is_some() || self.is_hinting() {
            return;
        }
        let player = session.settings().computer.clone();
        let position = session.position().clone();
        let ticket = self
            .driver
            .request(TaskRequest::new(position.clone(), Task::Hint { player }));
        let hint = Hint {
            position,
            since: Instant::now(),
            cell: None,
        };
        self.hint.ask(session.generation(), ticket, hint);
    }

    /// Makes the driver's next search fail (tests of what the window says then).
    #[doc(hidden)]
    pub fn fail_next_search(&self) {
        self.driver.fail_next_request();
    }
}

/// Computer vs computer on a board too large to search to the end: each move takes the
/// engine's whole time per move on screen, even when the search ends early (a forced reply,
/// a proved win), so the game goes at a pace a person can follow and foresee.
fn steady_pace(session: &Session, kind: &PlayerKind) -> Option<Duration> {
    let large = !clock::is_solvable(&session.settings().rule);
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
        .all(|&s| matches!(session.player(s), Player::Computer(_) | Player::Engine(_)))
}
