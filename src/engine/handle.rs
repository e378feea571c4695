//! A search on its own worker thread: start it, read progress and the result without
//! blocking, stop it. Every event carries the request's tag, so a front end can drop an
//! answer that arrives for a position no longer on the board. An [`AnalysisHandle`] does the
//! same for the value of every legal move (the learners' view of the board).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};

use crate::rules::Position;

use super::players::choose_move;
use super::{Engine, EngineConfig, Iteration, Limits, MoveValue, PlayerKind, SearchResult};

/// What to search and with which player.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    pub position: Position,
    pub player: PlayerKind,
    /// Limits on top of the player's own (e.g. a node cap).
    pub limits: Limits,
    /// The caller's name for this request, echoed in every event.
    pub tag: u64,
}

/// Progress and the final answer of a search.
#[derive(Clone, Debug)]
pub enum SearchEvent {
    /// An iteration of iterative deepening finished.
    Progress { tag: u64, iteration: Iteration },
    /// The search ended (finished, out of budget, or stopped).
    Done { tag: u64, result: SearchResult },
}

/// A running search. Dropping it stops the search.
pub struct SearchHandle {
    events: Receiver<SearchEvent>,
    stop: Arc<AtomicBool>,
    tag: u64,
}

impl SearchHandle {
    /// Starts `request` on a new thread; `wake` is called after every event is sent (a
    /// window passes its repaint request).
    pub fn start(request: SearchRequest, wake: impl Fn() + Send + 'static) -> SearchHandle {
        let (sender, events) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let tag = request.tag;
        let flag = stop.clone();
        std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let mut on_iteration = |iteration: &Iteration| {
                    let _ = sender.send(SearchEvent::Progress {
                        tag,
                        iteration: iteration.clone(),
                    });
                    wake();
                };
                let result = choose_move(
                    &request.player,
                    &request.position,
                    &request.limits,
                    &flag,
                    &mut on_iteration,
                );
                let _ = sender.send(SearchEvent::Done { tag, result });
                wake();
            })
            .expect("spawn the search thread");
        SearchHandle { events, stop, tag }
    }

    /// The next event, if one is waiting.
    #[must_use]
    pub fn poll(&self) -> Option<SearchEvent> {
        self.events.try_recv().ok()
    }

    /// The next event, waiting for it; `None` once the search has ended and all events
    /// were read.
    #[must_use]
    pub fn wait(&self) -> Option<SearchEvent> {
        self.events.recv().ok()
    }

    /// Asks the search to stop; a `Done` with the last finished iteration's move follows.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The request's tag.
    #[must_use]
    pub fn tag(&self) -> u64 {
        self.tag
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.stop();
    }
}

/// What an analysis sends: each move's value as soon as it is known, then `Done`.
#[derive(Clone, Debug)]
pub enum AnalysisEvent {
    Value(MoveValue),
    /// Every legal move has its value.
    Done,
}

/// The value of every legal move of a position, worked out on a worker thread with the full
/// engine and sent move by move. Dropping it stops the work; once stopped, it sends nothing
/// more.
pub struct AnalysisHandle {
    events: Receiver<AnalysisEvent>,
    stop: Arc<AtomicBool>,
    tag: u64,
}

impl AnalysisHandle {
    /// Starts analysing `position` within `limits`; `wake` is called after each event.
    pub fn start(
        position: Position,
        limits: Limits,
        tag: u64,
        wake: impl Fn() + Send + 'static,
    ) -> AnalysisHandle {
        let (sender, events) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                let mut engine = Engine::for_rule(EngineConfig::default(), position.rule());
                let send = |event: AnalysisEvent| {
                    // A value found after the stop may be cut short: never send it.
                    if !flag.load(Ordering::Relaxed) {
                        let _ = sender.send(event);
                        wake();
                    }
                };
                engine.analyse_each(&position, &limits, &flag, &mut |value| {
                    send(AnalysisEvent::Value(value.clone()));
                });
                send(AnalysisEvent::Done);
            })
            .expect("spawn the analysis thread");
        AnalysisHandle { events, stop, tag }
    }

    /// The next event, if one has arrived.
    #[must_use]
    pub fn poll(&self) -> Option<AnalysisEvent> {
        self.events.try_recv().ok()
    }

    /// Asks the analysis to stop; it then sends nothing more.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Every value, waiting for them; `None` if the analysis was stopped before the end.
    #[must_use]
    pub fn wait(&self) -> Option<Vec<MoveValue>> {
        let mut values = Vec::new();
        loop {
            match self.events.recv().ok()? {
                AnalysisEvent::Value(value) => values.push(value),
                AnalysisEvent::Done => return Some(values),
            }
        }
    }

    /// The request's tag.
    #[must_use]
    pub fn tag(&self) -> u64 {
        self.tag
    }
}

impl Drop for AnalysisHandle {
    fn drop(&mut self) {
        self.stop();
    }
}
