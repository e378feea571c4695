//! The computer's move policy, in one place: how a move is chosen for a player in a
//! position. The engine plays from the opening book where it has a reply (five in a row),
//! searches otherwise, and over both heeds the lessons of lost games: a book move a lesson
//! forbids is not played, and a searched one gives way to the best other move. The course's
//! rule-based and random players keep their fixed ways. A hint is the full-strength
//! engine's search, never the book or the lessons: it shows the best move, not the one the
//! computer would vary to.

use std::sync::atomic::AtomicBool;

use crate::engine::{
    Engine, Limits, PlayerKind, SearchResult, choose_move, opening_book, uses_gomoku_engine,
};
use crate::rules::{Cell, Position};

use super::super::clock::{self, Clock};
use super::super::lessons::SharedLessons;
use super::job::Worker;

/// Who chose a move, and how: only a search carries a search's numbers.
#[derive(Clone, Debug)]
pub enum Chooser {
    /// The opening book (five in a row): a reply known to be good, no search.
    Book,
    /// The alpha-beta engine, with its search's numbers.
    Search(SearchResult),
    /// The lessons of lost games: the search chose `avoided`, which a lesson forbids, and
    /// the best other move by its value was played instead (`result` holds that move, its
    /// value, and the counters of the search).
    Lessons { result: SearchResult, avoided: Cell },
    /// The course's rule-based player (no search: fixed rules).
    RuleBased,
    /// The random player.
    Random,
    /// An engine from outside, by name (no search of ours).
    Engine(String),
}

impl Chooser {
    /// The numbers of the search behind the move: the search's own, or those of the search
    /// whose choice a lesson set aside. `None` for a move no search chose.
    #[must_use]
    pub fn search(&self) -> Option<&SearchResult> {
        match self {
            Chooser::Search(result) | Chooser::Lessons { result, .. } => Some(result),
            Chooser::Book | Chooser::RuleBased | Chooser::Random | Chooser::Engine(_) => None,
        }
    }
}

/// A chosen move. `best` is `None` only when the game is already over.
#[derive(Clone, Debug)]
pub struct Answer {
    pub best: Option<Cell>,
    pub chooser: Chooser,
}

/// How the computer chooses its move: as `player`, under `clock`, avoiding what `lessons`
/// say.
#[derive(Clone, Copy, Debug)]
pub struct MovePolicy<'a> {
    pub player: &'a PlayerKind,
    pub clock: Clock,
    pub lessons: Option<&'a SharedLessons>,
}

impl MovePolicy<'_> {
    /// The move for `position`, searched on `worker`'s engine; each finished iteration of
    /// the search goes to `on_iteration`.
    pub fn choose(
        &self,
        worker: &mut Worker,
        position: &Position,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> Answer {
        let rule = *position.rule();
        let engine_plays = matches!(self.player, PlayerKind::Engine { .. });
        // Step 1. The moves the lessons say to avoid here (only the engine learns).
        let avoid = if engine_plays {
            self.avoids(position)
        } else {
            Vec::new()
        };
        // Step 2. The opening book, without a search.
        if engine_plays && let Some(cell) = book_move(worker, position, &avoid) {
            return Answer {
                best: Some(cell),
                chooser: Chooser::Book,
            };
        }
        // Step 3. The search, within the time policy's limits.
        let limits = clock::move_limits(&rule, position.empty_count(), self.player, self.clock);
        let engine = worker.engine(rule);
        let mut result = choose_move(engine, self.player, position, &limits, stop, on_iteration);
        // Step 4. A move a lesson forbids gives way to the best other move.
        let avoided = result.best.filter(|best| avoid.contains(best));
        if avoided.is_some() {
            avoid_lesson(engine, position, &limits, stop, &avoid, &mut result);
        }
        let chooser = match (self.player, avoided) {
            (PlayerKind::Engine { .. }, Some(avoided)) if result.best != Some(avoided) => {
                Chooser::Lessons {
                    result: result.clone(),
                    avoided,
                }
            }
            (PlayerKind::Engine { .. }, _) => Chooser::Search(result.clone()),
            (PlayerKind::RuleBased, _) => Chooser::RuleBased,
            (PlayerKind::Random, _) => Chooser::Random,
        };
        Answer {
            best: result.best,
            chooser,
        }
    }

    /// The moves the lessons forbid in `position`.
    fn avoids(&self, position: &Position) -> Vec<Cell> {
        self.lessons
            .and_then(|lessons| lessons.lock().ok().map(|l| l.avoids(position)))
            .unwrap_or_default()
    }
}

/// A hint for `position`: the full-strength engine's move, with at least the time per move
/// of the game's computer `player`.
pub(super) fn hint(
    worker: &mut Worker,
    position: &Position,
    player: &PlayerKind,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> Answer {
    let rule = *position.rule();
    let limits = clock::hint_limits(&rule, player);
    let full_strength = PlayerKind::Engine {
        depth: None,
        time_ms: None,
    };
    let engine = worker.engine(rule);
    let result = choose_move(
        engine,
        &full_strength,
        position,
        &limits,
        stop,
        on_iteration,
    );
    Answer {
        best: result.best,
        chooser: Chooser::Search(result),
    }
}

/// A move of the opening book for `position` (five in a row only), not one to avoid.
fn book_move(worker: &mut Worker, position: &Position, avoid: &[Cell]) -> Option<Cell> {
    if !uses_gomoku_engine(position.rule()) {
        return None;
    }
    opening_book()
        .choose(position, worker.rng())
        .filter(|cell| !avoid.contains(cell))
}

/// The search chose a move a lesson says to avoid: the best of the other moves instead, by
/// their values (searched with the move's own limits on small boards, two plies on large
/// ones). When every move is to be avoided, the search's choice stands.
fn avoid_lesson(
    engine: &mut Engine,
    position: &Position,
    limits: &Limits,
    stop: &AtomicBool,
    avoid: &[Cell],
    result: &mut SearchResult,
) {
    let limits = if clock::is_solvable(position.rule()) {
        limits.clone()
    } else {
        Limits {
            depth: Some(2),
            ..limits.clone()
        }
    };
    let values = engine.analyse(position, &limits, stop);
    let best = values
        .iter()
        .filter(|v| !avoid.contains(&v.cell))
        .max_by_key(|v| (v.score, std::cmp::Reverse((v.cell.row, v.cell.col))));
    if let Some(best) = best {
        result.best = Some(best.cell);
        result.score = best.score;
        result.value = best.value;
        result.pv = vec![best.cell];
    }
}
