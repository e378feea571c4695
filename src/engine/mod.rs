//! The search engine: alpha-beta over the rules layer, plus the other computer players.
//! Nothing here knows about a front end or a thread of its own: the game layer's move driver
//! runs it on worker threads.
//!
//! From the bottom up: `score` and `table` (values and the transposition table),
//! `board` (the search's incremental board), `search` (the searcher, generic over the
//! knowledge of a kind of game and a recorder), `mnk` and `gomoku` (that knowledge for m,n,k
//! boards and for five in a row), `iterate` (iterative deepening), `lazy_smp` (the
//! `Engine` and its helper threads), `analyse` (every move's value, by symmetry groups),
//! `sizing` (table sizes), `types` (what callers pass and get back) and `players` (the
//! other computer players). This file only names them.

mod analyse;
mod gomoku;
mod iterate;
mod lazy_smp;
mod mnk;
mod players;
mod score;
mod search;
mod search_board;
mod sizing;
mod table;
mod types;

pub use gomoku::book::{Book, BookLine, MARGIN as BOOK_MARGIN, opening_book};
pub use gomoku::eval::static_value as gomoku_static_value;
pub use gomoku::forced::{ForcedKind, ForcedWin, forced_win};
pub use gomoku::is_gomoku as uses_gomoku_engine;
pub use gomoku::{code_tables, code_training};
pub use search_board::{FULL_WIDTH_CELLS, searches_every_cell, window_weights};
// For the boards' benchmark (examples/line_board_bench.rs).
pub use gomoku::balanced_opening::{
    BALANCE_BOUND, Judge, Judgement, Proposal, SEARCHES_PER_DECISION,
};
pub use gomoku::balanced_opening::{propose_three, propose_two_more};
pub use gomoku::line_board::LineBoard;
pub use gomoku::lines::PatternBoard;
pub use gomoku::pattern_code::Threat;
pub use gomoku::patterns::Combo;
pub use gomoku::swap::{ColourChoice, Swap2Choice, SwapError, choose_colour, swap2_choice};
pub use gomoku::tuning;
pub use gomoku::weights::Weights;
pub use lazy_smp::Engine;
pub use players::{RandomPlayer, choose_move, rule_based_move};
pub use score::{Score, Value, WIN, WIN_BOUND, is_decisive};
pub use sizing::position_bound;
pub use table::DEFAULT_MEGABYTES;
pub use types::{Algorithm, EngineConfig, Limits, MoveValue, PlayerKind, SearchResult, Stats};

// For the learners' lab, which runs the engine's searcher one feature at a time and records it.
pub(crate) use score::INFINITY;
pub(crate) use search::{Exit, Features, Recorder, Searcher};
pub(crate) use table::{Bound, Table};

#[cfg(test)]
mod tests;
