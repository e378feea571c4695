//! The engine a caller holds: its transposition table, kept between searches, and Lazy SMP,
//! helper threads that search the same root over the shared table while the main thread's
//! iterations make the answer. Each search runs the searcher compiled for its kind of game.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::rules::{Position, Rule};

use super::gomoku::{Gomoku, is_gomoku};
use super::iterate::deepen;
use super::mnk::Mnk;
use super::score::Value;
use super::search::{Features, Knowledge, NoRecorder, Searcher, terminal_score};
use super::sizing::{position_bound, table_for};
use super::table::Table;
use super::types::{Algorithm, EngineConfig, Limits, SearchResult, Stats};

/// The search engine; keeps its transposition table between searches.
pub struct Engine {
    pub(super) config: EngineConfig,
    pub(super) table: Arc<Table>,
}

impl Engine {
    /// An engine with its own table of the configured size.
    #[must_use]
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            table: Arc::new(table_for(&config, usize::MAX)),
            config,
        }
    }

    /// An engine for positions of `rule`: its table is the configured size, or the number
    /// of positions the board has if that is smaller (a 3x3 table fits in 128 KB).
    #[must_use]
    pub fn for_rule(config: EngineConfig, rule: &Rule) -> Engine {
        Engine {
            table: Arc::new(table_for(&config, position_bound(rule))),
            config,
        }
    }

    /// Forgets the table (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The parts of the search this engine's algorithm uses.
    pub(super) fn features(&self) -> Features {
        let features = match self.config.algorithm {
            Algorithm::Full => Features::FULL,
            Algorithm::AlphaBeta => Features::ALPHA_BETA,
            Algorithm::Minimax => Features::MINIMAX,
        };
        Features {
            every_cell: self.config.every_cell,
            gomoku_eval: self.config.gomoku_eval,
            ..features
        }
    }

    /// Whether positions of `rule` are searched with the knowledge of five in a row: the
    /// full algorithm only, and not when every cell is a candidate (whose results are
    /// proofs over every move).
    pub(super) fn uses_patterns(&self, rule: &Rule) -> bool {
        self.config.algorithm == Algorithm::Full
            && self.config.gomoku
            && !self.config.every_cell
            && is_gomoku(rule)
    }

    /// Iterative deepening up to the limits, calling `on_iteration` after each finished
    /// iteration. When stopped or out of budget, the last finished iteration's move stands
    /// (and if none finished, the best-ordered candidate, so a legal move always comes back).
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        if let Some(score) = terminal_score(position) {
            return SearchResult {
                best: None,
                score,
                value: Value::from_score(score, true),
                pv: Vec::new(),
                stats: Stats::default(),
            };
        }
        if self.uses_patterns(position.rule()) {
            self.search_threads::<Gomoku>(position, limits, stop, on_iteration)
        } else {
            self.search_threads::<Mnk>(position, limits, stop, on_iteration)
        }
    }

    /// [`Engine::search`] with the knowledge `K`: the main thread and its helpers.
    fn search_threads<K: Knowledge>(
        &self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let start = Instant::now();
        let helpers_stop = AtomicBool::new(false);
        let threads = if self.config.algorithm == Algorithm::Full {
            self.config.threads
        } else {
            1
        };
        let (table, features) = (&*self.table, self.features());
        // The main thread decides when the move has had enough time (its target); the
        // helpers search on until it stops them.
        let helper_limits = Limits {
            target: None,
            ..limits.clone()
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.max(1))
                .map(|n| {
                    let (stop, limits) = (&helpers_stop, &helper_limits);
                    scope.spawn(move || {
                        let mut s: Searcher<K> = Searcher::build(
                            position, table, features, limits, stop, n as u64, NoRecorder,
                        );
                        deepen(&mut s, position, limits, &mut |_| {});
                        s.stats.nodes
                    })
                })
                .collect();
            let mut main: Searcher<K> =
                Searcher::build(position, table, features, limits, stop, 0, NoRecorder);
            let mut result = deepen(&mut main, position, limits, on_iteration);
            helpers_stop.store(true, Ordering::Relaxed);
            for helper in helpers {
                result.stats.nodes += helper.join().unwrap_or(0);
            }
            result.stats.elapsed = start.elapsed();
            result
        })
    }
}
