//! The search engine: alpha-beta over the rules layer, plus the other computer players.
//! Nothing here knows about a front end or a thread of its own: the game layer's move driver
//! runs it on worker threads.

mod board;
mod gomoku;
mod players;
pub mod prover;
mod score;
mod search;
mod table;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::rules::{Cell, Position, Rule};

pub use board::{FULL_WIDTH_CELLS, window_weights};
pub use gomoku::book::{Book, BookLine, MARGIN as BOOK_MARGIN, opening_book};
pub use gomoku::is_gomoku as uses_gomoku_engine;
pub use players::{RandomPlayer, choose_move, rule_based_move};
pub use score::{Score, Value, WIN, WIN_BOUND, is_decisive};
pub use table::DEFAULT_MEGABYTES;

use search::{is_proved, terminal_score};

// For the learners' lab, which runs the engine's searcher one feature at a time and records it.
pub(crate) use score::INFINITY;
pub(crate) use search::{Exit, Features, Recorder, Searcher};
pub(crate) use table::{Bound, Table};

/// Limits on one search; `None` means unlimited. Depth counts plies.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
}

/// Which search to run. All three share the terminal scoring, so at full depth they agree
/// on every value; they differ in how much of the tree they visit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algorithm {
    /// Plain minimax: every node, no pruning.
    Minimax,
    /// Alpha-beta pruning alone: no table, moves in board order.
    AlphaBeta,
    /// The full engine: alpha-beta, table, ordering, tactics, iterative deepening.
    #[default]
    Full,
}

/// Counters of one search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    pub nodes: u64,
    pub cutoffs: u64,
    pub tt_hits: u64,
    /// The deepest iteration that finished.
    pub depth: u32,
    pub elapsed: Duration,
}

/// A finished iteration of iterative deepening.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    pub best: Option<Cell>,
    pub score: Score,
    pub value: Value,
    pub pv: Vec<Cell>,
    pub stats: Stats,
}

/// The answer of a search. `value` is not `Unknown` exactly when the result is proved.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Cell>,
    pub score: Score,
    pub value: Value,
    pub pv: Vec<Cell>,
    pub stats: Stats,
}

/// The value of one legal move. Plies count from the position before the move, the move
/// included: a move that wins at once is `Win { plies: 1 }`.
#[derive(Clone, Debug)]
pub struct MoveValue {
    pub cell: Cell,
    pub score: Score,
    pub value: Value,
}

/// How an engine is set up.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub algorithm: Algorithm,
    /// Transposition table size; the default is [`DEFAULT_MEGABYTES`] (64 MB).
    pub tt_megabytes: usize,
    /// Search threads (Lazy SMP over the shared table).
    pub threads: usize,
    /// Consider every empty cell. Off by default: on boards of more than 25 cells only cells
    /// within two of a stone are then searched, so a result there holds for that narrower
    /// search, not for every possible move.
    pub every_cell: bool,
    /// Search five in a row on boards of more than 25 cells with line patterns, a VCF solver
    /// and pattern move generation (on by default; the full algorithm only, and not with
    /// `every_cell`, whose results are proofs over every move). Every other board and K is
    /// searched the same either way.
    pub gomoku: bool,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            algorithm: Algorithm::Full,
            tt_megabytes: DEFAULT_MEGABYTES,
            threads: 1,
            every_cell: false,
            gomoku: true,
        }
    }
}

/// Which kind of computer player to use.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PlayerKind {
    /// The alpha-beta engine, limited in depth (plies) and time per move.
    Engine {
        depth: Option<u32>,
        time_ms: Option<u64>,
    },
    /// The course's rule-based player: win, block, centre, corners.
    RuleBased,
    /// A uniformly random legal move.
    Random,
}

/// The search engine; keeps its transposition table between searches.
pub struct Engine {
    config: EngineConfig,
    table: Arc<Table>,
}

impl Engine {
    /// An engine with its own table of the configured size.
    #[must_use]
    pub fn new(config: EngineConfig) -> Engine {
        Engine::with_table_bound(config, usize::MAX)
    }

    /// An engine for positions of `rule`: its table is the configured size, or the number
    /// of positions the board has if that is smaller (a 3x3 table fits in 128 KB).
    #[must_use]
    pub fn for_rule(config: EngineConfig, rule: &Rule) -> Engine {
        Engine::with_table_bound(config, position_bound(rule))
    }

    fn with_table_bound(config: EngineConfig, positions: usize) -> Engine {
        let megabytes = if config.algorithm == Algorithm::Full {
            config.tt_megabytes
        } else {
            0
        };
        Engine {
            table: Arc::new(Table::new(megabytes, positions)),
            config,
        }
    }

    /// Forgets the table (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn features(&self) -> Features {
        let features = match self.config.algorithm {
            Algorithm::Full => Features::FULL,
            Algorithm::AlphaBeta => Features::ALPHA_BETA,
            Algorithm::Minimax => Features::MINIMAX,
        };
        Features {
            every_cell: self.config.every_cell,
            gomoku: features.gomoku && self.config.gomoku && !self.config.every_cell,
            ..features
        }
    }

    /// Iterative deepening up to the limits, calling `on_iteration` after each finished
    /// iteration. When stopped or out of budget, the last finished iteration's move stands
    /// (and if none finished, the best-ordered candidate, so a legal move always comes back).
    pub fn search(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
        let start = Instant::now();
        if let Some(score) = terminal_score(position) {
            let stats = Stats::default();
            let value = Value::from_score(score, true);
            return SearchResult {
                best: None,
                score,
                value,
                pv: Vec::new(),
                stats,
            };
        }
        let helpers_stop = AtomicBool::new(false);
        let threads = if self.config.algorithm == Algorithm::Full {
            self.config.threads
        } else {
            1
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.max(1))
                .map(|n| {
                    let (table, features, stop) = (&*self.table, self.features(), &helpers_stop);
                    scope.spawn(move || {
                        let mut s =
                            Searcher::new(position, table, features, limits, stop, n as u64);
                        deepen(&mut s, position, limits, 0, &mut |_| {});
                        s.stats.nodes
                    })
                })
                .collect();
            let mut main = Searcher::new(position, &self.table, self.features(), limits, stop, 0);
            let mut result = deepen(&mut main, position, limits, 0, on_iteration);
            helpers_stop.store(true, Ordering::Relaxed);
            for helper in helpers {
                result.stats.nodes += helper.join().unwrap_or(0);
            }
            result.stats.elapsed = start.elapsed();
            result
        })
    }

    /// The value of every legal move, each searched with the given limits, in the order of
    /// the cells.
    pub fn analyse(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> Vec<MoveValue> {
        let mut values = Vec::new();
        self.analyse_each(position, limits, stop, &mut |value| {
            values.push(value.clone())
        });
        values.sort_by_key(|value| (value.cell.row, value.cell.col));
        values
    }

    /// The value of every legal move, each searched with the given limits, handed to
    /// `on_value` as soon as it is known (moves that a symmetry of the position maps onto
    /// each other together).
    pub fn analyse_each(
        &mut self,
        position: &Position,
        limits: &Limits,
        stop: &AtomicBool,
        on_value: &mut dyn FnMut(&MoveValue),
    ) {
        let features = self.features();
        let mut s = Searcher::new(position, &self.table, features, limits, stop, 0);
        let empties = position.empty_count();
        let max_depth = limits.depth.unwrap_or(empties as u32).max(1);
        let geometry = position.geometry().clone();
        for kind in moves_by_symmetry(position) {
            let first = kind[0];
            // Each move is a search of its own: the history counts of the last one would only
            // mislead this one's ordering.
            s.reset_history();
            s.board.make(first);
            let mut score = 0;
            let mut proved = false;
            let after = empties - 1;
            for depth in iteration_depths(features, max_depth.saturating_sub(1), after) {
                let (child, _) = if depth as usize >= after {
                    s.prove(depth, 1)
                } else {
                    s.root(depth, 1)
                };
                if s.aborted {
                    break;
                }
                score = -child;
                proved = is_proved(score, depth, after) || s.board.pos.is_over();
                if proved {
                    break;
                }
            }
            if s.board.pos.is_over() {
                score = if s.board.pos.winner().is_some() {
                    WIN - 1
                } else {
                    0
                };
                proved = true;
            }
            s.board.unmake(first);
            for &index in &kind {
                on_value(&MoveValue {
                    cell: geometry.cell(index),
                    score,
                    value: Value::from_score(score, proved),
                });
            }
        }
    }
}

/// The legal moves of `position` in groups that a symmetry of the position maps onto each
/// other, so they are worth the same; each group in cell order, groups in order of their
/// first cell.
fn moves_by_symmetry(position: &Position) -> Vec<Vec<usize>> {
    let geometry = position.geometry();
    let board = position.board();
    let symmetries: Vec<&[u16]> = (0..geometry.symmetries().len())
        .map(|n| geometry.symmetry_map(n))
        .filter(|map| (0..board.len()).all(|i| board[map[i] as usize] == board[i]))
        .collect();
    // `group[cell]`: the group of the move on that cell's smallest image.
    let mut group: Vec<Option<usize>> = vec![None; board.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for index in position.empty_indices() {
        let twin = symmetries
            .iter()
            .map(|map| map[index] as usize)
            .min()
            .unwrap_or(index);
        match group[twin] {
            Some(g) => groups[g].push(index),
            None => {
                group[twin] = Some(groups.len());
                groups.push(vec![index]);
            }
        }
    }
    groups
}

/// How many positions a board of `rule` has at most: every way of placing `x` X stones
/// and `o` O stones with `x == o` or `x == o + 1` (saturating; wins cut the true number down).
#[must_use]
pub fn position_bound(rule: &Rule) -> usize {
    let cells = rule.cells();
    let mut total = 0f64;
    for stones in 0..=cells {
        let (x, o) = (stones.div_ceil(2), stones / 2);
        total += multinomial(cells, x, o);
    }
    if total >= usize::MAX as f64 {
        usize::MAX
    } else {
        total as usize
    }
}

/// `n! / (a! b! (n - a - b)!)` as a float (exact for the board sizes where it matters).
fn multinomial(n: usize, a: usize, b: usize) -> f64 {
    let choose =
        |n: usize, k: usize| (0..k).fold(1f64, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    choose(n, a) * choose(n - a, b)
}

/// The depths iterative deepening visits: 1, 2, ... up to `max`, or just `max` for the
/// reference searches (which have no table to carry knowledge between iterations). A proof
/// (`max` reaches the end of the game) stops the shallow iterations at half the empty cells:
/// they find quick wins and seed the table's move ordering, but past that they cost more than
/// they save, so it jumps to the end.
fn iteration_depths(features: Features, max: u32, empties: usize) -> Vec<u32> {
    let max = max.min(empties as u32);
    if !features.table || max == 0 {
        vec![max]
    } else if max as usize == empties {
        (1..=max / 2).chain([max]).collect()
    } else {
        (1..=max).collect()
    }
}

/// Runs iterative deepening on one searcher.
fn deepen(
    s: &mut Searcher,
    position: &Position,
    limits: &Limits,
    ply: u32,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> SearchResult {
    let start = Instant::now();
    let empties = position.empty_count();
    let geometry = position.geometry().clone();
    let max_depth = limits.depth.unwrap_or(empties as u32).max(1);
    // Five in a row: a win by continuous fours is played at once, with its proof line.
    if let Some(line) = s.root_vcf() {
        return vcf_result(s, &line, &geometry, start, on_iteration);
    }
    let mut best: Option<SearchResult> = None;
    for depth in iteration_depths(s.features(), max_depth, empties) {
        let (score, mv) = if depth as usize >= empties {
            s.prove(depth, ply)
        } else {
            s.root(depth, ply)
        };
        if s.aborted {
            break;
        }
        let mv = mv.or_else(|| position.empty_indices().next());
        let proved = is_proved(score, depth, empties) || s.board.is_dead_draw();
        let pv: Vec<Cell> = s
            .principal_variation(mv, depth as usize)
            .into_iter()
            .map(|i| geometry.cell(i))
            .collect();
        let stats = Stats {
            depth,
            elapsed: start.elapsed(),
            ..s.stats.clone()
        };
        let iteration = Iteration {
            depth,
            best: mv.map(|i| geometry.cell(i)),
            score,
            value: Value::from_score(score, proved),
            pv: pv.clone(),
            stats: stats.clone(),
        };
        on_iteration(&iteration);
        best = Some(SearchResult {
            best: iteration.best,
            score,
            value: iteration.value,
            pv,
            stats,
        });
        if proved {
            break;
        }
    }
    best.unwrap_or_else(|| {
        // Stopped before the first iteration finished: still answer with a legal move.
        let first = s.fallback_move().map(|i| geometry.cell(i));
        let stats = Stats {
            elapsed: start.elapsed(),
            ..s.stats.clone()
        };
        SearchResult {
            best: first,
            score: 0,
            value: Value::Unknown,
            pv: Vec::new(),
            stats,
        }
    })
}

/// The result of a win by continuous fours found at the root: proved, in as many plies as the
/// line has moves.
fn vcf_result(
    s: &Searcher,
    line: &[usize],
    geometry: &crate::rules::Geometry,
    start: Instant,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> SearchResult {
    let plies = line.len() as u32;
    let score = WIN - plies as Score;
    let pv: Vec<Cell> = line.iter().map(|&i| geometry.cell(i)).collect();
    let stats = Stats {
        depth: plies,
        elapsed: start.elapsed(),
        ..s.stats.clone()
    };
    let iteration = Iteration {
        depth: plies,
        best: pv.first().copied(),
        score,
        value: Value::Win { plies },
        pv: pv.clone(),
        stats: stats.clone(),
    };
    on_iteration(&iteration);
    SearchResult {
        best: iteration.best,
        score,
        value: iteration.value,
        pv,
        stats,
    }
}

#[cfg(test)]
mod tests;
