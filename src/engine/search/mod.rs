//! The searcher: negamax with alpha-beta pruning, a transposition table keyed on the
//! symmetry-reduced hash, tests that show a side can no longer win (so a window around the
//! draw is settled without search), move ordering, and cancellation through a shared stop
//! flag and limits on time and nodes. What differs between kinds of game is a
//! [`Knowledge`]; what watches the search is a [`Recorder`]; both are type parameters, so
//! each searcher is compiled for its own.
//!
//! - [`features`]: the knobs the learners' lab turns one at a time;
//! - [`recorder`]: the hook that watches the search, and how a node ended;
//! - [`knowledge`]: the trait of what differs between kinds of game;
//! - [`negamax`]: the search of one node, step by step.

mod features;
mod knowledge;
mod negamax;
mod recorder;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::rules::Position;

use super::score::{INFINITY, Score, WIN, is_decisive};
use super::search_board::SearchBoard;
use super::table::{Bound, Entry, Table};
use super::types::{Limits, Stats};

pub(crate) use features::Features;
pub(crate) use knowledge::{Context, Knowledge, Settled, Shallow};
pub(crate) use recorder::{Exit, NoRecorder, Recorder};

/// One search in progress: the knowledge (with the board), the limits, counters and
/// ordering state.
pub(crate) struct Searcher<'a, K: Knowledge, R: Recorder = NoRecorder> {
    /// What the search knows of its kind of game, and the board it stands on.
    pub knowledge: K,
    table: &'a Table,
    features: Features,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    pub stats: Stats,
    pub aborted: bool,
    history: Vec<u32>,
    /// `inverse[n][image]`: the cell that symmetry `n` sends to `image`.
    inverse: Vec<Vec<u16>>,
    /// One move list per ply, reused to avoid allocation.
    lists: Vec<Vec<usize>>,
    /// Ordering noise for helper threads (0 for the main thread).
    jitter: u64,
    /// Watches the search (the lab's tree); [`NoRecorder`] for the normal search.
    pub recorder: R,
    /// The ply of the root of the search in progress.
    root_ply: u32,
    /// The indices, among their nodes' moves, of the root's move on the line searched and of
    /// the reply to it (see [`Context::line_indices`]).
    line_indices: [usize; 2],
    /// When a full-window search of the root is stopped after its first move was searched
    /// to the end: the best of the moves searched to the end, its score, and the first move.
    pub partial_root: Option<(Score, usize, usize)>,
}

impl<'a, K: Knowledge, R: Recorder> Searcher<'a, K, R> {
    /// A searcher with the knowledge `K`, whose every step is told to `recorder`.
    pub fn build(
        position: &Position,
        table: &'a Table,
        features: Features,
        limits: &Limits,
        stop: &'a AtomicBool,
        jitter: u64,
        recorder: R,
    ) -> Searcher<'a, K, R> {
        let mut board = SearchBoard::new(position);
        if features.every_cell {
            board.consider_every_cell();
        }
        let geometry = board.geometry().clone();
        let cells = geometry.rule().cells();
        let inverse = (0..geometry.symmetries().len())
            .map(|n| {
                let mut inv = vec![0u16; cells];
                for (i, &image) in geometry.symmetry_map(n).iter().enumerate() {
                    inv[image as usize] = i as u16;
                }
                inv
            })
            .collect();
        Searcher {
            knowledge: K::new(board, features, limits),
            table,
            features,
            stop,
            deadline: limits.time.map(|t| Instant::now() + t),
            node_limit: limits.nodes,
            stats: Stats::default(),
            aborted: false,
            history: vec![0; cells],
            inverse,
            lists: Vec::new(),
            jitter,
            recorder,
            root_ply: 0,
            line_indices: [0; 2],
            partial_root: None,
        }
    }

    /// The board the search stands on.
    #[inline]
    pub fn board(&self) -> &SearchBoard {
        self.knowledge.board()
    }

    /// Plays `index` for the side to move (before searching what follows it).
    pub fn make(&mut self, index: usize) {
        self.knowledge.make(index);
    }

    /// Takes back the last move, on `index`.
    pub fn unmake(&mut self, index: usize) {
        self.knowledge.unmake(index);
    }

    /// Forgets the history heuristic's counts (before an unrelated search).
    pub fn reset_history(&mut self) {
        self.history.fill(0);
    }

    /// Which parts of the engine this searcher uses.
    pub fn features(&self) -> Features {
        self.features
    }

    /// Searches the root to `depth` plies; returns the score and the best move.
    /// `ply` is the root's distance from the position the caller cares about (1 when the
    /// caller has already made a move, as `analyse` does).
    pub fn root(&mut self, depth: u32, ply: u32) -> (Score, Option<usize>) {
        self.root_window(depth, ply, -INFINITY, INFINITY)
    }

    /// Searches the root to the end of the game, where every score is a draw (0) or a
    /// proved win or loss. Two null windows settle which it is first: "can the side to move
    /// win?" and, if not, "can it hold the draw?". Each is a yes-or-no question that cuts
    /// off as soon as the answer is known (a side that can no longer complete a line
    /// settles it at once), where a full window would keep looking for the fastest win.
    /// Only a decisive result is searched again, on its side of the draw, for the exact
    /// number of plies.
    pub fn prove(&mut self, depth: u32, ply: u32) -> (Score, Option<usize>) {
        if !self.features.table {
            return self.root(depth, ply);
        }
        let (score, _) = self.root_window(depth, ply, 0, 1);
        if self.aborted {
            return (score, None);
        }
        if score > 0 {
            return self.root_window(depth, ply, 0, INFINITY);
        }
        let (score, best) = self.root_window(depth, ply, -1, 0);
        if self.aborted || score >= 0 {
            return (0, best);
        }
        self.root_window(depth, ply, -INFINITY, 0)
    }

    fn root_window(
        &mut self,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
    ) -> (Score, Option<usize>) {
        let mut best = None;
        self.root_ply = ply;
        let score = self.negamax(depth, ply, alpha, beta, &mut best);
        (score, best)
    }

    /// A win of the side to move found before the search by the knowledge's solvers: the
    /// line, both sides' moves.
    pub fn root_win(&mut self) -> Option<Vec<usize>> {
        self.knowledge
            .root_win(self.jitter == 0, &mut self.stats.nodes)
    }

    /// The move to play when no iteration finished.
    pub fn fallback_move(&mut self) -> Option<usize> {
        self.knowledge.fallback_move(&self.history)
    }

    fn poll_limits(&mut self) {
        if self.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.node_limit.is_some_and(|n| self.stats.nodes >= n)
        {
            self.aborted = true;
        }
    }

    /// Stores a node's result in the table (when the search keeps one), its best move turned
    /// into the orientation the key was taken in.
    fn remember(
        &mut self,
        (key, orientation): (u64, usize),
        depth: u32,
        ply: u32,
        (score, bound): (Score, Bound),
        best_move: Option<usize>,
        unpaired: u8,
    ) {
        if !self.features.table {
            return;
        }
        let best = best_move.map(|m| self.board().geometry().symmetry_map(orientation)[m]);
        let entry = Entry {
            score,
            depth: depth.min(255) as u8,
            bound,
            best,
            unpaired,
        };
        self.table.store(key, ply, entry);
    }

    /// The smallest hash over the board's symmetries and the symmetry that gives it (the
    /// plain hash and the identity without the `symmetry` feature).
    fn canonical(&self) -> (u64, usize) {
        let pos = &self.board().pos;
        if !self.features.symmetry {
            return (pos.hash(), 0);
        }
        let hashes = pos.symmetric_hashes();
        let mut best = (hashes[0], 0);
        for (n, &h) in hashes.iter().enumerate().skip(1) {
            if h < best.0 {
                best = (h, n);
            }
        }
        best
    }

    /// The principal variation read from the table, starting with `first`.
    pub fn principal_variation(&mut self, first: Option<usize>, max_len: usize) -> Vec<usize> {
        let mut line = Vec::new();
        let mut next = first;
        while let Some(m) = next {
            let pos = &self.board().pos;
            if line.len() >= max_len || pos.is_over() || pos.at(m).is_some() {
                break;
            }
            self.make(m);
            line.push(m);
            next = if self.features.table {
                let (key, orientation) = self.canonical();
                self.table
                    .probe(key, 0)
                    .and_then(|e| e.best)
                    .map(|b| self.inverse[orientation][b as usize] as usize)
            } else {
                None
            };
        }
        for &m in line.iter().rev() {
            self.unmake(m);
        }
        line
    }
}

/// Which side the score of a finished game favours, for callers that search a position
/// where the game is already over.
#[must_use]
pub(crate) fn terminal_score(position: &Position) -> Option<Score> {
    match position.winner() {
        Some(_) => Some(-WIN),
        None if position.is_over() => Some(0),
        None => None,
    }
}

/// Whether a root score at iteration `depth` is final: decisive, or the search saw every end.
#[must_use]
pub(crate) fn is_proved(score: Score, depth: u32, empties: usize) -> bool {
    is_decisive(score) || depth as usize >= empties
}
