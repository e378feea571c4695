//! The computer's side of the window: the search for its move, the search for a hint and
//! the value of every move (the learners' view), each on a worker thread through the
//! engine's handles. Every request is tagged with the session's generation; an answer for a
//! position no longer on the board is dropped.

use std::time::{Duration, Instant};

use crate::engine::{
    AnalysisEvent, AnalysisHandle, FULL_WIDTH_CELLS, Iteration, Limits, MoveValue, PlayerKind,
    SearchEvent, SearchHandle, SearchRequest, SearchResult, Stats, Value,
};
use crate::game::{Player, Session};
use crate::rules::{Cell, Side};

/// The pause before each move in computer-vs-computer games, so a person can follow them.
pub const COMPUTER_VS_COMPUTER_PAUSE: Duration = Duration::from_millis(600);

/// Boards larger than this cannot be searched to the end; hints get a time limit. Every
/// rule on up to 25 cells is solved from the empty board in under a second (5x5 with four in
/// a row is the slowest), and all its moves valued in a few seconds.
pub const SOLVABLE_CELLS: usize = 25;

// "Plays perfectly" on a solvable board needs every cell searched there.
const _: () = assert!(SOLVABLE_CELLS <= FULL_WIDTH_CELLS);

/// The time budget on boards too large to search to the end, when nothing else limits a
/// search (hints; settings without a limit).
const HINT_TIME_MS: u64 = 2_000;

/// Why a search ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Move,
    Hint,
}

/// What the learners' view shows about the latest search.
#[derive(Clone, Debug)]
pub struct SearchReport {
    pub purpose: Purpose,
    /// The side the search chose a move for.
    pub side: Side,
    pub best: Option<Cell>,
    pub value: Value,
    pub pv: Vec<Cell>,
    pub stats: Stats,
    /// Whether the search has ended (otherwise this is its latest finished iteration).
    pub finished: bool,
}

impl SearchReport {
    fn from_iteration(purpose: Purpose, side: Side, it: &Iteration) -> SearchReport {
        SearchReport {
            purpose,
            side,
            best: it.best,
            value: it.value,
            pv: it.pv.clone(),
            stats: it.stats.clone(),
            finished: false,
        }
    }

    fn from_result(purpose: Purpose, side: Side, result: &SearchResult) -> SearchReport {
        SearchReport {
            purpose,
            side,
            best: result.best,
            value: result.value,
            pv: result.pv.clone(),
            stats: result.stats.clone(),
            finished: true,
        }
    }
}

/// The computer's move: waiting out the pause, searching, or nothing to do.
enum Mover {
    Idle,
    /// Computer vs computer: the move for `generation` starts at `at`.
    Pausing {
        generation: u64,
        at: Instant,
    },
    Thinking {
        handle: SearchHandle,
        side: Side,
    },
    /// The search for `generation` gave no move (cannot happen on a legal position, but a
    /// retry loop would spin).
    Failed {
        generation: u64,
    },
}

/// The searches running for the window and what they found.
pub struct Computer {
    mover: Mover,
    hint: Option<(SearchHandle, Side)>,
    /// The hint's move and the generation it belongs to.
    hint_cell: Option<(u64, Cell)>,
    report: Option<SearchReport>,
    analysis: Option<AnalysisHandle>,
    /// The moves' values for one position, as they come in.
    values: Option<MoveValues>,
}

/// The values of the moves of the position of one generation, complete or still coming in.
struct MoveValues {
    generation: u64,
    values: Vec<MoveValue>,
    complete: bool,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer {
            mover: Mover::Idle,
            hint: None,
            hint_cell: None,
            report: None,
            analysis: None,
            values: None,
        }
    }
}

impl Computer {
    /// Whether the computer is searching for its move.
    pub fn is_thinking(&self) -> bool {
        matches!(self.mover, Mover::Thinking { .. })
    }

    /// Whether a hint search is running.
    pub fn is_hinting(&self) -> bool {
        self.hint.is_some()
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
        self.analysis.is_some()
    }

    /// Works out every move's value when `wanted` and the board is small enough to solve
    /// each move; stops that work when it is no longer wanted.
    pub fn drive_values(&mut self, session: &Session, wanted: bool, ctx: &egui::Context) {
        let generation = session.generation();
        let solvable = session.settings().rule.cells() <= SOLVABLE_CELLS;
        if !wanted || !solvable || session.outcome().is_some() {
            self.analysis = None;
            return;
        }
        let running = self
            .analysis
            .as_ref()
            .is_some_and(|a| a.tag() == generation);
        let complete = self
            .values
            .as_ref()
            .is_some_and(|v| v.generation == generation && v.complete);
        if running || complete {
            return;
        }
        // Start over: values left from a stopped analysis are dropped.
        self.values = Some(MoveValues {
            generation,
            values: Vec::new(),
            complete: false,
        });
        let ctx = ctx.clone();
        self.analysis = Some(AnalysisHandle::start(
            session.position().clone(),
            Limits::default(),
            generation,
            move || ctx.request_repaint(),
        ));
    }

    /// The latest search's numbers, for the learners' view.
    pub fn report(&self) -> Option<&SearchReport> {
        self.report.as_ref()
    }

    /// Stops every search and forgets the hint (a new game, a loaded game, ...).
    pub fn cancel(&mut self) {
        self.mover = Mover::Idle;
        self.hint = None;
        self.hint_cell = None;
        self.analysis = None;
    }

    /// Marks the search for `generation` as failed so it is not restarted in a loop.
    pub fn failed(&mut self, generation: u64) {
        self.mover = Mover::Failed { generation };
    }

    /// Reads what the searches sent. Returns the computer's move when its search for the
    /// position on the board has finished; answers for other positions are dropped.
    pub fn poll(&mut self, session: &Session) -> Option<Cell> {
        let generation = session.generation();
        self.poll_hint(generation);
        self.poll_values(generation);
        let Mover::Thinking { handle, side } = &self.mover else {
            return None;
        };
        let side = *side;
        if handle.tag() != generation {
            // Undo, new game or new settings while thinking: stop, never play the answer.
            self.mover = Mover::Idle;
            return None;
        }
        while let Some(event) = handle.poll() {
            match event {
                SearchEvent::Progress { iteration, .. } => {
                    self.report = Some(SearchReport::from_iteration(
                        Purpose::Move,
                        side,
                        &iteration,
                    ));
                }
                SearchEvent::Done { result, .. } => {
                    self.report = Some(SearchReport::from_result(Purpose::Move, side, &result));
                    self.mover = match result.best {
                        Some(_) => Mover::Idle,
                        None => Mover::Failed { generation },
                    };
                    return result.best;
                }
            }
        }
        None
    }

    fn poll_values(&mut self, generation: u64) {
        let Some(analysis) = &self.analysis else {
            return;
        };
        if analysis.tag() != generation {
            self.analysis = None;
            return;
        }
        let Some(found) = self.values.as_mut().filter(|v| v.generation == generation) else {
            self.analysis = None;
            return;
        };
        while let Some(event) = analysis.poll() {
            match event {
                AnalysisEvent::Value(value) => found.values.push(value),
                AnalysisEvent::Done => {
                    found.complete = true;
                    self.analysis = None;
                    return;
                }
            }
        }
    }

    fn poll_hint(&mut self, generation: u64) {
        let Some((handle, side)) = &self.hint else {
            return;
        };
        let side = *side;
        if handle.tag() != generation {
            self.hint = None;
            return;
        }
        while let Some(event) = handle.poll() {
            match event {
                SearchEvent::Progress { iteration, .. } => {
                    self.report = Some(SearchReport::from_iteration(
                        Purpose::Hint,
                        side,
                        &iteration,
                    ));
                }
                SearchEvent::Done { result, .. } => {
                    self.report = Some(SearchReport::from_result(Purpose::Hint, side, &result));
                    self.hint_cell = result.best.map(|cell| (generation, cell));
                    self.hint = None;
                    return;
                }
            }
        }
    }

    /// Starts the computer's search when it is to move, after the computer-vs-computer
    /// pause. Schedules the repaint that ends the pause rather than repainting busily.
    pub fn drive(&mut self, session: &Session, ctx: &egui::Context, now: Instant) {
        let generation = session.generation();
        let Some(Player::Computer(kind)) = session.player_to_move() else {
            self.mover = Mover::Idle;
            return;
        };
        match &self.mover {
            Mover::Thinking { handle, .. } if handle.tag() == generation => return,
            Mover::Failed { generation: g } if *g == generation => return,
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
        let side = session.position().side_to_move();
        let handle = start(session, kind.clone(), ctx);
        self.mover = Mover::Thinking { handle, side };
        ctx.request_repaint();
    }

    /// Starts the full-strength engine on the position for a hint (never played).
    pub fn request_hint(&mut self, session: &Session, ctx: &egui::Context) {
        if session.outcome().is_some() || self.hint_for(session).is_some() {
            return;
        }
        let side = session.position().side_to_move();
        let handle = start(session, hint_player(session), ctx);
        self.hint = Some((handle, side));
    }
}

fn both_computers(session: &Session) -> bool {
    Side::BOTH
        .iter()
        .all(|&s| matches!(session.player(s), Player::Computer(_)))
}

/// The engine at full depth; on large boards with a time limit (the game's, or 2 s).
fn hint_player(session: &Session) -> PlayerKind {
    let time_ms = if session.settings().rule.cells() > SOLVABLE_CELLS {
        let own = match &session.settings().computer {
            PlayerKind::Engine { time_ms, .. } => *time_ms,
            _ => None,
        };
        Some(own.unwrap_or(HINT_TIME_MS).max(HINT_TIME_MS))
    } else {
        None
    };
    PlayerKind::Engine {
        depth: None,
        time_ms,
    }
}

fn start(session: &Session, player: PlayerKind, ctx: &egui::Context) -> SearchHandle {
    // A large board is never searched without any limit, whatever the settings say.
    let unlimited = matches!(
        player,
        PlayerKind::Engine {
            depth: None,
            time_ms: None
        }
    );
    let time = (unlimited && session.settings().rule.cells() > SOLVABLE_CELLS)
        .then_some(Duration::from_millis(HINT_TIME_MS));
    let request = SearchRequest {
        position: session.position().clone(),
        player,
        limits: Limits {
            time,
            ..Limits::default()
        },
        tag: session.generation(),
    };
    let ctx = ctx.clone();
    SearchHandle::start(request, move || ctx.request_repaint())
}
