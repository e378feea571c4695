//! The engine's public types: what a caller asks for (limits, algorithm, set-up, kind of
//! player) and what it gets back (a search result, a move's value, the counters).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::rules::Cell;

use super::gomoku::code_tables::{self, Selection};
use super::score::{Score, Value};
use super::table::DEFAULT_MEGABYTES;

/// Limits on one search; `None` means unlimited. Depth counts plies.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    pub depth: Option<u32>,
    /// The hard limit: the search stops when it is reached.
    pub time: Option<Duration>,
    pub nodes: Option<u64>,
    /// The time the move is meant to take (under a match clock): once a finished iteration
    /// comes past it, scaled by how unclear the position is, no further iteration starts.
    /// `None`: iterative deepening goes on until `time`.
    pub target: Option<Duration>,
}

impl Limits {
    /// The time the move is meant to take: its target under a match clock, otherwise its
    /// hard limit. What a fixed share of the move's time is taken from (the root solvers'
    /// quarter, the swap2 judge's searches).
    #[must_use]
    pub fn meant_time(&self) -> Option<Duration> {
        self.target.or(self.time)
    }
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

/// The answer of a search, and of each finished iteration of iterative deepening on the way
/// (then `stats.depth` is that iteration's depth). `value` is not `Unknown` exactly when the
/// result is proved.
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
    /// The evaluation and move ordering of five in a row where `gomoku` is used: the learned
    /// tables and the parts of the search read from them, or `None` for the hand-tuned pattern
    /// evaluation (for callers whose numbers are on its scale). The default is the process's
    /// choice, [`code_tables::selected`]: the built-in tables unless `TICTACTOE_GOMOKU_EVAL`
    /// says otherwise.
    pub gomoku_eval: Option<Selection>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            algorithm: Algorithm::Full,
            tt_megabytes: DEFAULT_MEGABYTES,
            threads: 1,
            every_cell: false,
            gomoku: true,
            gomoku_eval: code_tables::selected(),
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
