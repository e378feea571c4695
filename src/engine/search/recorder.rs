//! The hook through which the learners' lab watches the search walk the tree; the normal
//! search's hook records nothing and compiles away.

use crate::engine::score::Score;
use crate::engine::table::Bound;
use crate::rules::Side;

/// How the search of one node ended, as told to a [`Recorder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The stop flag, a limit or the recorder's budget ended the search before this node had
    /// a value (the score passed with it means nothing).
    Aborted,
    /// The move into this node won: the side to move has lost.
    Lost,
    /// The board is full: a draw.
    FullBoard,
    /// No line can be completed by either side any more: a draw.
    DeadDraw,
    /// The side given can no longer win, by the Erdős–Selfridge potential (`pairing` false)
    /// or a pairing strategy of its opponent (`pairing` true); the value 0 settles the window.
    CannotWin { side: Side, pairing: bool },
    /// The depth limit: the score is the heuristic e(P) (five in a row: the pattern score).
    Horizon,
    /// The table's stored result settled the node without search.
    Table { bound: Bound },
    /// The side to move completes a line at once (the best move is that cell).
    WinsNow,
    /// The opponent threatens to complete two lines: the side to move loses next.
    CannotBlock,
    /// Five in a row: the line patterns settled the node (a five, or a win by fours).
    Patterns,
    /// The moves were searched; the score is the best of them.
    Searched,
}

/// A hook that watches the search walk the tree. The normal search uses [`NoRecorder`],
/// whose methods are empty and inlined, so the hook compiles away; the learners' lab
/// records the tree with its own implementation.
///
/// Calls come in this order at each node: `before_child` (from the parent, not at the root),
/// `enter`, then at most one `table_hit`, for each child searched the child's calls, at most
/// one `cutoff`, and `leave`.
pub(crate) trait Recorder {
    /// Whether the recorder does anything; `false` lets the searcher skip its bookkeeping.
    const ACTIVE: bool;
    /// Whether the recorder has no room left: the search then stops as if out of nodes.
    fn is_full(&self) -> bool;
    /// The parent is about to search the move `cell`.
    fn before_child(&mut self, cell: usize);
    /// A node is entered with this window; `depth` is the plies left to search.
    fn enter(&mut self, ply: u32, depth: u32, alpha: Score, beta: Score);
    /// The table knew this node (to this depth, with this bound).
    fn table_hit(&mut self, bound: Bound, depth: u32, score: Score);
    /// `cell` scored `value >= beta`: the moves in `unsearched` are not searched.
    fn cutoff(&mut self, cell: usize, value: Score, beta: Score, unsearched: &[usize]);
    /// The node returns `score`, for the reason `exit`, with this best move.
    fn leave(&mut self, score: Score, exit: Exit, best: Option<usize>);
}

/// The recorder of the normal search: records nothing and costs nothing.
pub(crate) struct NoRecorder;

impl Recorder for NoRecorder {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn is_full(&self) -> bool {
        false
    }
    #[inline(always)]
    fn before_child(&mut self, _: usize) {}
    #[inline(always)]
    fn enter(&mut self, _: u32, _: u32, _: Score, _: Score) {}
    #[inline(always)]
    fn table_hit(&mut self, _: Bound, _: u32, _: Score) {}
    #[inline(always)]
    fn cutoff(&mut self, _: usize, _: Score, _: Score, _: &[usize]) {}
    #[inline(always)]
    fn leave(&mut self, _: Score, _: Exit, _: Option<usize>) {}
}
