//! What the search must know about the kind of game it searches: the value at the horizon,
//! the moves worth searching, their order, a win to look for before the search and the move
//! to fall back on. One trait with an implementation per kind of game (m,n,k boards, and
//! five in a row with its line patterns), compiled into a searcher of its own, so the one
//! pays nothing for the other.

use std::time::Instant;

use crate::engine::score::Score;
use crate::engine::search_board::SearchBoard;
use crate::engine::types::Limits;

use super::features::Features;
use super::recorder::Exit;

/// Where the search stands when it asks the knowledge for the moves of a node.
pub(crate) struct Context<'c> {
    /// The node's distance from the position searched.
    pub ply: u32,
    /// The plies left to search below it.
    pub depth: u32,
    /// The ply of the root of the search in progress.
    pub root_ply: u32,
    /// The index (from 0, in the order searched) of the root's move on the current line
    /// among the root's moves, and of the reply to it among its node's: meaningful one and
    /// two plies below the root (the second from two on).
    pub line_indices: [usize; 2],
    /// The history heuristic's counts, by cell.
    pub history: &'c [u32],
    /// When the search must stop (a solver run from here gives up then too).
    pub deadline: Option<Instant>,
    /// The search's node count, which a solver run from here adds its nodes to.
    pub nodes: &'c mut u64,
}

/// A node settled by the knowledge before any move of it is searched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settled {
    /// Its value for the side to move.
    pub score: Score,
    /// The move that wins, or that shows the loss.
    pub best: Option<usize>,
    /// Why it is settled, for the recorder.
    pub exit: Exit,
    /// Whether the score is a proved lower bound for the table to keep (a win found by a
    /// solver that searched past the node's depth).
    pub proof: bool,
}

/// What [`Knowledge::shallow`] makes of a node before its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shallow {
    /// Search it, this many plies shallower.
    Search(u32),
    /// Its value without a search (a bound on the side of the window it lies on).
    Settle(Score),
}

/// The knowledge that differs between kinds of game, behind the one search.
pub(crate) trait Knowledge: Sized {
    /// Whether nodes after the first move are searched with a null window first (principal
    /// variation search), which pays where the first move is usually best.
    const PRINCIPAL_VARIATION: bool;

    /// How many plies less to search the `index`th move `m` (from 0) of a node with `depth`
    /// plies left, at first (late move reduction): a move the ordering put late and that
    /// neither attacks nor defends is searched shallower with a null window, and again at
    /// full depth only if it beats alpha. 0 (the default) reduces nothing, so a kind of
    /// game without it keeps its search node for node.
    #[inline]
    fn reduction(&self, depth: u32, index: usize, m: usize) -> u32 {
        let _ = (depth, index, m);
        0
    }

    /// Whether the `index`th move `m` (from 0) of a node below the root with `depth` plies
    /// left is left out (move-count pruning), asked only once the node has a move that does
    /// not lose. `false` (the default) prunes nothing.
    #[inline]
    fn prune(&self, depth: u32, index: usize, m: usize) -> bool {
        let _ = (depth, index, m);
        false
    }

    /// Whether every move of a node below the root with `depth` plies left is left out from
    /// the `index`th on, whatever it is (move-count pruning by the index alone), asked only
    /// once the node has a move that does not lose; the search then stops looking at the
    /// node's moves. It must say `true` only where [`Knowledge::prune`] would for each of
    /// them; `false` (the default) leaves every move to [`Knowledge::prune`].
    #[inline]
    fn prunes_every_move_from(&self, depth: u32, index: usize) -> bool {
        let _ = (depth, index);
        false
    }

    /// Whether the table's move may be searched before the node's moves are generated (a
    /// staged move picker): when it cuts, the generation is saved. `m` is the table's move at
    /// a node `ply` from the position searched; only a move the generator would also give may
    /// be searched first, so a kind of game that cannot tell says `false` (the default).
    #[inline]
    fn table_move_first(&self, m: usize, ply: u32, root_ply: u32) -> bool {
        let _ = (m, ply, root_ply);
        false
    }

    /// How many plies more to search the move `m` of a node with `depth` plies left
    /// (an extension: a forced reply searched deeper). 0 (the default) extends nothing.
    #[inline]
    fn extension(&self, depth: u32, m: usize) -> u32 {
        let _ = (depth, m);
        0
    }

    /// The margin below the table's score of a singular test of the table's move at a node
    /// below the root with `depth` plies left (see the search's step 10); `None` (the
    /// default) tests nothing.
    #[inline]
    fn singular_margin(&self, depth: u32) -> Option<Score> {
        let _ = depth;
        None
    }

    /// Asked at every node past the table and before its moves (the root included, where
    /// nothing may be settled): the node settled by its static value (futility pruning,
    /// razoring), or the plies to take off its depth (a fail-high reduction), from the
    /// window it is searched with. [`Shallow::Search`] with 0 (the default) changes nothing.
    #[inline]
    fn shallow(&mut self, at: Context<'_>, alpha: Score, beta: Score) -> Shallow {
        let _ = (at, alpha, beta);
        Shallow::Search(0)
    }

    /// The knowledge for a search of `board`.
    fn new(board: SearchBoard, features: Features, limits: &Limits) -> Self;

    /// The board the search stands on.
    fn board(&self) -> &SearchBoard;

    /// Plays `index` for the side to move.
    fn make(&mut self, index: usize);

    /// Takes back the last move, on `index`.
    fn unmake(&mut self, index: usize);

    /// The value at the depth limit, and why; `None` when the position must be searched one
    /// more ply to have a value. `beta` is the window's upper bound: a value at or above it
    /// fails high whatever more a solver would find.
    fn horizon(&mut self, ply: u32, beta: Score) -> Option<(Score, Exit)>;

    /// Fills `moves` with the moves worth searching, or settles the node.
    fn generate(&mut self, at: Context<'_>, moves: &mut Vec<usize>) -> Option<Settled>;

    /// Puts the table's move first; returns from where the rest of `moves` is to be sorted
    /// by [`Knowledge::order`] once the search reaches it (`None`: never).
    fn order_first(&self, moves: &mut [usize], table_move: Option<usize>) -> Option<usize>;

    /// Sorts `moves`, the best first; `jitter` (not 0) adds noise for a helper thread.
    fn order(&self, moves: &mut [usize], history: &[u32], jitter: u64);

    /// A win of the side to move found before the search, by a solver the kind of game has:
    /// the line, both sides' moves. `main` is false for a helper thread.
    fn root_win(&mut self, main: bool, nodes: &mut u64) -> Option<Vec<usize>>;

    /// The move to play when no iteration finished.
    fn fallback_move(&mut self, history: &[u32]) -> Option<usize>;
}
