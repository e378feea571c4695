//! The full engine: negamax with alpha-beta pruning, a transposition table keyed on the
//! symmetry-reduced hash, tests that show a side can no longer win (so a window around the
//! draw is settled without search), move ordering (table move, immediate wins, forced blocks,
//! history, potential, centrality), iterative deepening under depth, time and node limits,
//! and cancellation through a shared stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::rules::{Position, Side};

use super::board::SearchBoard;
use super::gomoku::{self, Forced, Vcf, Vct};
use super::score::{INFINITY, Score, WIN, is_decisive};
use super::table::{Bound, Entry, Table};
use super::{Limits, Stats};

/// Knobs that tell the full engine apart from the plain reference searches (and, one at a
/// time, the steps between them that the learners' lab compares).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Features {
    /// Alpha-beta cut-offs (else every move of every node is searched: plain minimax).
    pub pruning: bool,
    /// The transposition table.
    pub table: bool,
    /// The table is keyed on the symmetry-reduced hash, so rotations and reflections of a
    /// position share one entry (else on the plain hash). Only matters with `table`.
    pub symmetry: bool,
    /// Move ordering: the table move first, then history, potential and centrality (else
    /// the moves come in board order).
    pub ordering: bool,
    /// The engine's game knowledge: a dead draw, or a side that can no longer win (by the
    /// potential or a pairing strategy), settles a node without search; an immediate win is
    /// played and a forced block is the only move searched.
    pub knowledge: bool,
    /// Every empty cell is a candidate, even on boards where only cells near stones are.
    pub every_cell: bool,
    /// Five in a row on a board of more than 25 cells is searched with the line patterns
    /// (see [`gomoku`]); every other rule ignores this.
    pub gomoku: bool,
}

impl Features {
    pub const FULL: Features = Features {
        pruning: true,
        table: true,
        symmetry: true,
        ordering: true,
        knowledge: true,
        every_cell: false,
        gomoku: true,
    };
    pub const ALPHA_BETA: Features = Features {
        pruning: true,
        table: false,
        symmetry: false,
        ordering: false,
        knowledge: false,
        every_cell: false,
        gomoku: false,
    };
    pub const MINIMAX: Features = Features {
        pruning: false,
        table: false,
        symmetry: false,
        ordering: false,
        knowledge: false,
        every_cell: false,
        gomoku: false,
    };
}

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

/// One search in progress: the board, the limits, counters and ordering state.
pub(crate) struct Searcher<'a, R: Recorder = NoRecorder> {
    pub board: SearchBoard,
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
    /// The VCF solver, when the board keeps line patterns.
    vcf: Option<Vcf>,
    /// When the root's VCF gives up: a quarter of the time, the rest is the search's.
    vcf_deadline: Option<Instant>,
    /// Watches the search (the lab's tree); [`NoRecorder`] for the normal search.
    pub recorder: R,
    /// The VCT solver, when the board keeps line patterns: at the root (the main thread's
    /// only) and at the nodes just below it (see [`Searcher::inner_vct`]).
    vct: Option<Vct>,
    /// Whether the nodes one and two plies below the root look for a VCT of the side to
    /// move (on by default; a test turns it off to compare).
    pub inner_vct: bool,
    /// The ply of the root of the search in progress.
    root_ply: u32,
}

/// The most fours a VCF may play at the root, and the nodes it may spend there.
const ROOT_VCF_FOURS: u32 = 20;
const ROOT_VCF_NODES: u64 = 200_000;

/// The same at the horizon, where it runs at many nodes and must stay cheap: it is only
/// tried where the side to move has a four-three or a live four to play, which is where a
/// win by fours usually is (with any four at all, it would cost most of the search's time).
const LEAF_VCF_FOURS: u32 = 6;
const LEAF_VCF_NODES: u64 = 60;

/// The plies below the root where the side to move looks for a VCT: at the first, a VCT of
/// the opponent refutes the root's move; at the second, the root's side wins by one.
const INNER_VCT_PLIES: u32 = 2;

/// Table size of the VCF solver, in bits of slot count.
const VCF_TABLE_BITS: u32 = 16;

impl<'a> Searcher<'a, NoRecorder> {
    pub fn new(
        position: &Position,
        table: &'a Table,
        features: Features,
        limits: &Limits,
        stop: &'a AtomicBool,
        jitter: u64,
    ) -> Searcher<'a, NoRecorder> {
        Searcher::recording(position, table, features, limits, stop, jitter, NoRecorder)
    }
}

impl<'a, R: Recorder> Searcher<'a, R> {
    /// A searcher whose every step is told to `recorder`.
    pub fn recording(
        position: &Position,
        table: &'a Table,
        features: Features,
        limits: &Limits,
        stop: &'a AtomicBool,
        jitter: u64,
        recorder: R,
    ) -> Searcher<'a, R> {
        let mut board = SearchBoard::new(position);
        if features.every_cell {
            board.consider_every_cell();
        }
        let patterns = features.gomoku && gomoku::is_gomoku(position.rule());
        if patterns {
            board.enable_patterns();
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
            board,
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
            vcf: patterns.then(|| Vcf::new(VCF_TABLE_BITS)),
            vcf_deadline: limits.time.map(|t| Instant::now() + t / 4),
            recorder,
            vct: patterns.then(|| Vct::new(gomoku::vct::TABLE_BITS)),
            inner_vct: true,
            root_ply: 0,
        }
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

    fn poll_limits(&mut self) {
        if self.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.node_limit.is_some_and(|n| self.stats.nodes >= n)
        {
            self.aborted = true;
        }
    }

    /// Negamax with alpha-beta. `best_out` receives the best move at this node.
    fn negamax(
        &mut self,
        depth: u32,
        ply: u32,
        mut alpha: Score,
        beta: Score,
        best_out: &mut Option<usize>,
    ) -> Score {
        // Step 1. Count the node and look at the clock, the node budget and the stop flag.
        // A recorder out of room stops the search before the node is counted.
        if R::ACTIVE && self.recorder.is_full() {
            self.aborted = true;
            return 0;
        }
        self.stats.nodes += 1;
        if self.stats.nodes & 1023 == 0 {
            self.poll_limits();
        }
        if self.aborted {
            return 0;
        }
        if R::ACTIVE {
            let left = depth.min(self.board.pos.empty_count() as u32);
            self.recorder.enter(ply, left, alpha, beta);
        }

        // Step 2. The game is over, or can no longer be won by anyone.
        let pos = &self.board.pos;
        if pos.winner().is_some() {
            let score = -(WIN - ply as Score);
            self.recorder.leave(score, Exit::Lost, None);
            return score;
        }
        if pos.is_over() {
            self.recorder.leave(0, Exit::FullBoard, None);
            return 0;
        }
        if self.features.knowledge && self.board.is_dead_draw() {
            self.recorder.leave(0, Exit::DeadDraw, None);
            return 0;
        }
        let mut depth = depth.min(pos.empty_count() as u32);

        // Step 3. A side that can no longer complete any line, or whose opponent can stop
        // every line it could still complete (by the Erdős–Selfridge potential), can no
        // longer win: the value is at most 0 (we can't win) or at least 0 (they can't), which
        // often settles a window that straddles the draw.
        // Not at the root, which must still name its best move.
        let me = pos.side_to_move();
        let shortcuts = self.features.knowledge && ply > 0;
        if shortcuts {
            for (side, wanted) in [(me.other(), beta <= 0), (me, alpha >= 0)] {
                if wanted && self.board.potential_blocks(side) {
                    let exit = Exit::CannotWin {
                        side,
                        pairing: false,
                    };
                    self.recorder.leave(0, exit, None);
                    return 0;
                }
            }
        }

        // Step 4. The horizon: the classic heuristic; for five in a row, the patterns, a
        // short VCF, and one more ply when the opponent's four must be blocked (a leaf in the
        // middle of a forced sequence would be scored as if the four were not there).
        if depth == 0 {
            if self.board.patterns().is_none() {
                let score = self.board.evaluate();
                self.recorder.leave(score, Exit::Horizon, None);
                return score;
            }
            match self.gomoku_horizon(ply) {
                Some(score) => {
                    self.recorder.leave(score, Exit::Patterns, None);
                    return score;
                }
                None => depth = 1,
            }
        }

        // Step 5. The transposition table, keyed on the symmetry-reduced hash (or the plain
        // one, when the lab asks for the table without symmetry).
        let (key, orientation) = self.canonical();
        let mut table_move = None;
        let mut unpaired = 0;
        if self.features.table
            && let Some(entry) = self.table.probe(key, ply)
        {
            self.stats.tt_hits += 1;
            self.recorder
                .table_hit(entry.bound, u32::from(entry.depth), entry.score);
            unpaired = entry.unpaired;
            table_move = entry
                .best
                .map(|b| self.inverse[orientation][b as usize] as usize);
            if u32::from(entry.depth) >= depth.min(255) && best_out.is_none() && ply > 0 {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                };
                if cut {
                    let exit = Exit::Table { bound: entry.bound };
                    self.recorder.leave(entry.score, exit, table_move);
                    return entry.score;
                }
            }
        }

        // Step 6. The same question answered by a pairing strategy: a costlier test, so it
        // comes after the table, which also remembers where it found none.
        if shortcuts {
            for (maker, wanted) in [(me.other(), beta <= 0), (me, alpha >= 0)] {
                let bit = 1 << maker.index();
                if wanted && unpaired & bit == 0 {
                    if self.board.breaker_pairs_off(maker) {
                        let exit = Exit::CannotWin {
                            side: maker,
                            pairing: true,
                        };
                        self.recorder.leave(0, exit, None);
                        return 0;
                    }
                    unpaired |= bit;
                }
            }
        }

        // Step 7. Immediate wins and forced blocks.
        let mut moves = self.lists.pop().unwrap_or_default();
        let patterns = self.board.patterns().is_some();
        if patterns {
            let settled = self
                .gomoku_moves(ply, &mut moves, best_out)
                .or_else(|| self.inner_vct(depth, ply, (key, orientation), unpaired, best_out));
            if let Some(score) = settled {
                self.lists.push(moves);
                self.recorder.leave(score, Exit::Patterns, *best_out);
                return score;
            }
        } else if self.features.knowledge {
            if let Some(score) = self.tactics(ply, &mut moves, best_out) {
                self.lists.push(moves);
                let exit = if score > 0 {
                    Exit::WinsNow
                } else {
                    Exit::CannotBlock
                };
                self.recorder.leave(score, exit, *best_out);
                return score;
            }
        } else {
            self.board.candidates(&mut moves);
        }

        // Step 8. Order the moves: the table move first, on its own, since it often cuts off
        // at once; the rest by history, potential and centrality, sorted only when needed.
        // Five in a row: the moves come sorted by their patterns already; the table move is
        // moved to the front, the others keep their order.
        let mut sorted_from = 0;
        if patterns {
            if let Some(at) = table_move.and_then(|t| moves.iter().position(|&m| m == t)) {
                moves[..=at].rotate_right(1);
            }
            sorted_from = usize::MAX;
        } else if self.features.ordering {
            sorted_from = match table_move.and_then(|t| moves.iter().position(|&m| m == t)) {
                Some(at) => {
                    moves.swap(0, at);
                    1
                }
                None => 0,
            };
        }

        // Step 9. Search the moves.
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            if self.features.ordering && i == sorted_from {
                self.order(&mut moves[i..]);
            }
            let m = moves[i];
            self.board.make(m);
            let (a, b) = if self.features.pruning {
                (-beta, -alpha)
            } else {
                (-INFINITY, INFINITY)
            };
            // Five in a row: principal variation search. After the first move, a null window
            // asks whether a move beats alpha; only one that does is searched again in full.
            self.recorder.before_child(m);
            let score = if patterns && i > 0 && beta - alpha > 1 {
                let scout = -self.negamax(depth - 1, ply + 1, -alpha - 1, -alpha, &mut None);
                if scout > alpha && scout < beta && !self.aborted {
                    self.recorder.before_child(m);
                    -self.negamax(depth - 1, ply + 1, a, b, &mut None)
                } else {
                    scout
                }
            } else {
                -self.negamax(depth - 1, ply + 1, a, b, &mut None)
            };
            self.board.unmake(m);
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(m);
            }
            if score > alpha {
                alpha = score;
            }
            if self.features.pruning && alpha >= beta {
                self.stats.cutoffs += 1;
                self.history[m] += depth * depth;
                self.recorder.cutoff(m, score, beta, &moves[i + 1..]);
                break;
            }
        }
        self.lists.push(moves);
        if self.aborted {
            self.recorder.leave(0, Exit::Aborted, None);
            return 0;
        }
        *best_out = best_move;
        self.recorder.leave(best_score, Exit::Searched, best_move);

        // Step 10. Remember the result.
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.remember(
            (key, orientation),
            depth,
            ply,
            (best_score, bound),
            best_move,
            unpaired,
        );
        best_score
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
        let best = best_move.map(|m| self.board.geometry().symmetry_map(orientation)[m]);
        let entry = Entry {
            score,
            depth: depth.min(255) as u8,
            bound,
            best,
            unpaired,
        };
        self.table.store(key, ply, entry);
    }

    /// Fills `moves` with the moves worth searching, or returns the score at once when the
    /// side to move wins now or cannot stop the opponent winning next.
    fn tactics(
        &mut self,
        ply: u32,
        moves: &mut Vec<usize>,
        best_out: &mut Option<usize>,
    ) -> Option<Score> {
        let me = self.board.pos.side_to_move();
        self.board.candidates(moves);
        if self.board.has_threat(me)
            && let Some(&win) = moves.iter().find(|&&m| self.board.pos.wins_at(m, me))
        {
            *best_out = Some(win);
            return Some(WIN - (ply as Score + 1));
        }
        let them = me.other();
        if self.board.has_threat(them) {
            let mut blocks = moves
                .iter()
                .copied()
                .filter(|&m| self.board.pos.wins_at(m, them));
            if let Some(first) = blocks.next() {
                if blocks.next().is_some() {
                    // Two different winning cells: whatever we do, the opponent wins next.
                    *best_out = Some(first);
                    return Some(-(WIN - (ply as Score + 2)));
                }
                moves.clear();
                moves.push(first);
            }
        }
        None
    }

    /// Five in a row at the horizon: a five to play wins, two of the opponent's lose, one of
    /// them must be blocked (`None`: search one more ply), a short VCF may win; otherwise the
    /// pattern evaluation.
    fn gomoku_horizon(&mut self, ply: u32) -> Option<Score> {
        let me = self.board.pos.side_to_move();
        let patterns = self.board.patterns()?;
        if patterns.count(me, gomoku::Combo::Five) > 0 {
            return Some(WIN - (ply as Score + 1));
        }
        match patterns.count(me.other(), gomoku::Combo::Five) {
            0 => {}
            1 => return None,
            _ => return Some(-(WIN - (ply as Score + 2))),
        }
        let value = gomoku::eval::evaluate(patterns, me);
        if patterns.has_at_least(me, gomoku::Combo::FourThree)
            && let Some(vcf) = &mut self.vcf
            && let Some(line) = vcf.solve(&mut self.board, LEAF_VCF_FOURS, LEAF_VCF_NODES)
        {
            return Some(WIN - (ply as Score + line.len() as Score));
        }
        Some(value)
    }

    /// Five in a row: the moves worth searching from the patterns (see
    /// [`gomoku::movegen`]), or the score when a five or two of the opponent's settle it.
    fn gomoku_moves(
        &mut self,
        ply: u32,
        moves: &mut Vec<usize>,
        best_out: &mut Option<usize>,
    ) -> Option<Score> {
        let me = self.board.pos.side_to_move();
        let mut near = self.lists.pop().unwrap_or_default();
        self.board.candidates(&mut near);
        let patterns = self.board.patterns()?;
        let forced = gomoku::movegen::generate(patterns, me, &near, &self.history, moves);
        self.lists.push(near);
        match forced? {
            Forced::Win(cell) => {
                *best_out = Some(cell);
                Some(WIN - (ply as Score + 1))
            }
            Forced::Loss(cell) => {
                *best_out = Some(cell);
                Some(-(WIN - (ply as Score + 2)))
            }
        }
    }

    /// Five in a row, one or two plies below the root: a win of the side to move by threes
    /// and fours, within a small budget, settles the node (its first threat is the best
    /// move, the score a win after the line's plies, stored in the table as a lower bound).
    /// Asked only where the side to move has something to attack with (a four or a double
    /// three to make: without one a VCT is rare, and asking everywhere costs up to a quarter
    /// more nodes per depth) and the opponent has neither a four nor a live three
    /// (then the search's own answers are forced, and a three of ours would come too late).
    /// Both sides are covered: at the first ply a VCT of the opponent refutes the root's
    /// move, at the second the root's side wins after the opponent's reply.
    fn inner_vct(
        &mut self,
        depth: u32,
        ply: u32,
        at: (u64, usize),
        unpaired: u8,
        best_out: &mut Option<usize>,
    ) -> Option<Score> {
        if !self.inner_vct || ply <= self.root_ply || ply > self.root_ply + INNER_VCT_PLIES {
            return None;
        }
        let me = self.board.pos.side_to_move();
        let them = me.other();
        let patterns = self.board.patterns()?;
        // `Four` or more: a four, a double three or better to make. A live three of the
        // opponent's (or its four) is a cell of `OpenFour` or more for it.
        if !patterns.has_at_least(me, gomoku::Combo::Four)
            || patterns.has_at_least(them, gomoku::Combo::OpenFour)
        {
            return None;
        }
        let vct = self.vct.as_mut()?;
        let line = vct.solve_once(
            &mut self.board,
            gomoku::vct::INNER_THREATS,
            gomoku::vct::INNER_NODES,
            self.deadline,
        );
        self.stats.nodes += vct.nodes;
        let line = line?;
        let score = WIN - (ply as Score + line.len() as Score);
        *best_out = line.first().copied();
        self.remember(at, depth, ply, (score, Bound::Lower), *best_out, unpaired);
        Some(score)
    }

    /// A win of the side to move by continuous fours from the root, if the board keeps line
    /// patterns and one is found within the root's budget: the line, both sides' moves.
    pub fn root_vcf(&mut self) -> Option<Vec<usize>> {
        let vcf = self.vcf.as_mut()?;
        if self.board.pos.is_over() {
            return None;
        }
        let line = vcf.solve_until(
            &mut self.board,
            ROOT_VCF_FOURS,
            ROOT_VCF_NODES,
            self.vcf_deadline,
        );
        self.stats.nodes += vcf.nodes;
        if line.is_some() {
            return line;
        }
        // Then a win by threes and fours, in what is left of the same time (the main thread
        // only: the helpers would find the same).
        if self.jitter != 0 {
            return None;
        }
        let vct = self.vct.as_mut()?;
        let line = vct.solve(
            &mut self.board,
            gomoku::vct::ROOT_THREATS,
            gomoku::vct::ROOT_NODES,
            self.vcf_deadline,
        );
        self.stats.nodes += vct.nodes;
        line
    }

    /// The move to play when no iteration finished: for five in a row the best by the
    /// patterns, else the first candidate.
    pub fn fallback_move(&mut self) -> Option<usize> {
        let mut moves = Vec::new();
        if self.board.patterns().is_some() {
            let mut best = None;
            if self.gomoku_moves(0, &mut moves, &mut best).is_some() {
                return best;
            }
        } else {
            self.board.candidates(&mut moves);
        }
        moves.first().copied()
    }

    fn order(&self, moves: &mut [usize]) {
        let rule = *self.board.geometry().rule();
        let (cr, cc) = ((rule.height() - 1) as i64, (rule.width() - 1) as i64);
        let key = |m: usize| -> i64 {
            let (r, c) = ((m / rule.width()) as i64, (m % rule.width()) as i64);
            let centrality = -((2 * r - cr).abs().max((2 * c - cc).abs()));
            let noise = if self.jitter == 0 {
                0
            } else {
                (self
                    .jitter
                    .wrapping_mul(m as u64 + 1)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    >> 60) as i64
            };
            i64::from(self.history[m]) * 64
                + i64::from(self.board.potential(m)) * 16
                + centrality
                + noise * 8
        };
        moves.sort_by_cached_key(|&m| std::cmp::Reverse(key(m)));
    }

    /// The smallest hash over the board's symmetries and the symmetry that gives it (the
    /// plain hash and the identity without the `symmetry` feature).
    fn canonical(&self) -> (u64, usize) {
        if !self.features.symmetry {
            return (self.board.pos.hash(), 0);
        }
        let hashes = self.board.pos.symmetric_hashes();
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
            if line.len() >= max_len || self.board.pos.is_over() || self.board.pos.at(m).is_some() {
                break;
            }
            self.board.make(m);
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
            self.board.unmake(m);
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
