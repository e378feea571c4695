//! The learners' lab: the engine taken apart, one idea at a time.
//!
//! * [`compare`]: the same position searched by plain minimax, alpha-beta in board order,
//!   alpha-beta with move ordering, then with a transposition table, then with the table
//!   keyed on the symmetry-reduced hash, and by the full engine ([`Method`]); for each the
//!   nodes, cut-offs, table hits, time and the value found, whether the values agree, and
//!   whether each step visits fewer nodes than the one before it (and if not, why).
//! * [`record`] / [`record_pair`]: one search recorded node by node as a plain tree
//!   ([`SearchTree`], an arena of [`TreeNode`]s with parent and children indices): each
//!   node's move, its alpha-beta window on entry, the value it returned and why, the cut-offs
//!   with the children they left unsearched, table hits, the visit order for a replay, and
//!   the principal variation.
//! * [`review`]: a game on a board too large to search to the end, every position valued by
//!   the engine at a fixed budget, with forced wins; what each move did, and the turning
//!   points.
//! * [`grading`]: a player someone wrote checked against perfect play ([`crate::grade`]),
//!   as a job of the driver.
//! * [`pairing_strategy`] and [`winning_line`]: what the prover ([`crate::prover`]) shows a
//!   learner: the pairs of cells with which one side stops the other, and a proved win
//!   played out move by move.
//!
//! The lab sits above the game layer: its searches use the engine, the prover and the
//! rules, its jobs run on the game layer's driver, and its grading uses [`crate::grade`]
//! and [`crate::external`]; the game layer knows nothing of the lab. Every search here runs to the end or to a depth
//! and node limit, reports its progress to a callback, and stops early when its stop flag
//! is set. The driver ([`crate::game::Driver`]) runs them on worker threads as jobs of the
//! lab's own ([`jobs`]), their progress coming back on the request's ticket, so a window
//! never waits for one; the command line calls them directly. The engine records through a
//! hook that the normal search compiles away, so nothing here slows the engine down.
//!
//! Scores are the engine's, from the side to move's point of view (negamax): 0 a draw (or
//! an even heuristic), `WIN - n` a win whose game ends at ply `n` counted from the searched
//! position, `-(WIN - n)` such a loss, small numbers the heuristic e(P). [`Worth`] reads
//! a score for display.

mod compare;
pub mod grading;
pub mod jobs;
mod pairing;
pub mod review;
mod tree;
mod winning_line;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::engine::Features;

pub use compare::{
    Agreement, CompareProgress, CompareRequest, Comparison, DEFAULT_NODE_LIMIT, DepthChoice,
    DepthPlan, DepthReason, MethodResult, NotComparable, Progression, Stopped, WhyNotFewer,
    compare, plan_depth,
};
pub use jobs::{
    COMPARE_LANE, CompareUpdate, GameReviewRequest, LabUpdate, PAIRING_LANE, PairingRequest,
    Pairings, PairingsUpdate, REVIEW_LANE, ReviewUpdate, TREES_LANE, TreePairRequest, TreesUpdate,
    WIN_LANE, WinLineRequest, WinLineUpdate,
};
pub use pairing::{PairingStrategy, pairing_strategy, pairing_strategy_until};
pub use tree::{
    Cutoff, DEFAULT_BUDGET, NodeEnd, NodeId, PrunedChild, SearchTree, StepKind, TableBound,
    TableHit, TreeNode, TreePair, TreeProgress, TreeRequest, TreeStep, Worth, record, record_pair,
};
pub use winning_line::{WinSearch, WinningLine, winning_line};

/// The table size of the lab's searches, in megabytes (small boards need far less, and get
/// a table of the size they need).
pub const TABLE_MEGABYTES: usize = 16;

/// One step of the comparison, each adding one idea to the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Plain minimax: every node of the tree, no pruning.
    Minimax,
    /// Alpha-beta pruning, the moves in board order.
    AlphaBeta,
    /// Alpha-beta with move ordering (history, potential, centrality).
    Ordering,
    /// The same with a transposition table keyed on the plain hash.
    Table,
    /// The same with the table keyed on the symmetry-reduced hash: rotations and reflections
    /// share one entry.
    Symmetry,
    /// The full engine: all of the above plus game knowledge (dead draws, forced blocks,
    /// potential and pairing tests), iterative deepening and null-window proofs.
    Full,
}

impl Method {
    /// Every method, in the order of the comparison.
    pub const ALL: [Method; 6] = [
        Method::Minimax,
        Method::AlphaBeta,
        Method::Ordering,
        Method::Table,
        Method::Symmetry,
        Method::Full,
    ];

    /// A stable identifier (JSON, translation ids): `minimax`, `alpha-beta`, `ordering`,
    /// `table`, `symmetry`, `full`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Method::Minimax => "minimax",
            Method::AlphaBeta => "alpha-beta",
            Method::Ordering => "ordering",
            Method::Table => "table",
            Method::Symmetry => "symmetry",
            Method::Full => "full",
        }
    }

    /// The method with this [`Method::id`].
    #[must_use]
    pub fn from_id(id: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.id() == id)
    }

    /// The English name, as the command line prints it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Method::Minimax => "minimax",
            Method::AlphaBeta => "alpha-beta, board order",
            Method::Ordering => "+ move ordering",
            Method::Table => "+ transposition table",
            Method::Symmetry => "+ symmetry",
            Method::Full => "full engine",
        }
    }

    /// Whether the method is one plain search (all but the full engine), which
    /// [`record`] can record.
    #[must_use]
    pub fn is_single_search(self) -> bool {
        self != Method::Full
    }

    /// The engine's features for a single-search method.
    pub(crate) fn features(self) -> Option<Features> {
        let base = Features::MINIMAX;
        let features = match self {
            Method::Minimax => base,
            Method::AlphaBeta => Features::ALPHA_BETA,
            Method::Ordering => Features {
                ordering: true,
                ..Features::ALPHA_BETA
            },
            Method::Table => Features {
                ordering: true,
                table: true,
                ..Features::ALPHA_BETA
            },
            Method::Symmetry => Features {
                ordering: true,
                table: true,
                symmetry: true,
                ..Features::ALPHA_BETA
            },
            Method::Full => return None,
        };
        Some(features)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why the lab cannot run a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LabError {
    /// The game is already over in the position: there is nothing to search.
    #[error("the game is already over in this position: there is nothing to search")]
    GameOver,
    /// A depth of 0 plies searches nothing.
    #[error("the depth must be at least 1 ply")]
    DepthZero,
    /// A node limit or budget of 0.
    #[error("the node limit must be at least 1")]
    NoNodes,
    /// The full engine is many searches (iterative deepening, null-window proofs), not one
    /// tree to record.
    #[error("{0} cannot be recorded as one tree; record one of the single searches")]
    NotRecordable(Method),
}
