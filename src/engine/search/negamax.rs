//! The search of one node: negamax with alpha-beta, in numbered steps, each its own function.
//! The steps where kinds of game differ (the horizon, the moves, their order) ask the
//! searcher's [`Knowledge`].

use crate::engine::score::{INFINITY, Score, WIN, WIN_BOUND};
use crate::engine::table::Bound;

use super::{Context, Exit, Knowledge, Recorder, Searcher, Settled, Shallow};

/// What step 7 made of the table's move.
enum TableMove {
    /// It was searched and cut the node, with this score.
    Cut(Score),
    /// The search was stopped while it was searched.
    Aborted,
    /// Its score and cell, when it was searched (`None`: it was not).
    Searched(Option<(Score, usize)>),
}

/// What the singular test made of the table's move at a node (see
/// [`Knowledge::singular_margin`]).
enum Singular {
    /// Not tested, or another move came near it.
    No,
    /// Every other move fell short of it: search it a ply deeper.
    Extend,
    /// Another move reached the test's bound, which lies at or above beta: the node is cut
    /// with that bound and move (multi-cut).
    Cut(Score, usize),
    /// The search was stopped during the test.
    Aborted,
}

/// A node past its first steps: where it is, and what the table said of it.
#[derive(Clone, Copy)]
struct Node {
    /// The plies left to search.
    depth: u32,
    /// The distance from the position searched.
    ply: u32,
    /// The window it was entered with.
    alpha: Score,
    beta: Score,
    /// Its table key and the symmetry the key was taken in.
    at: (u64, usize),
    /// The table's best move, in this node's orientation.
    table_move: Option<usize>,
    /// The table's score and bound, when it was searched at least as deep as asked now.
    stored: Option<(Score, Bound)>,
    /// The table's score, bound and depth, however deep it was searched.
    entry: Option<(Score, Bound, u32)>,
    /// The sides (bit per side) for which no pairing strategy was found here.
    unpaired: u8,
}

impl<K: Knowledge, R: Recorder> Searcher<'_, K, R> {
    /// Negamax with alpha-beta. `best_out` receives the best move at this node.
    pub(super) fn negamax(
        &mut self,
        depth: u32,
        ply: u32,
        alpha: Score,
        beta: Score,
        best_out: &mut Option<usize>,
    ) -> Score {
        // Step 1. Count the node and look at the clock, the node budget and the stop flag.
        if !self.count_node(depth, ply, alpha, beta) {
            return 0;
        }
        // Step 2. The game is over, or can no longer be won by anyone.
        if let Some(score) = self.game_over(ply) {
            return score;
        }
        let mut depth = depth.min(self.board().pos.empty_count() as u32);
        // Step 3. A side that can no longer win by the potential.
        let shortcuts = self.features.knowledge && ply > 0;
        if shortcuts && self.potential_settles(alpha, beta) {
            return 0;
        }
        // Step 4. The horizon.
        if depth == 0 {
            match self.horizon(ply, beta) {
                Some(score) => return score,
                None => depth = 1,
            }
        }
        // Step 5. The transposition table.
        let mut node = self.probe(depth, ply, alpha, beta);
        let root = best_out.is_some() || ply == 0;
        if !root && let Some(score) = self.table_settles(&node) {
            return score;
        }
        // Step 6. A side that can no longer win by a pairing strategy.
        if shortcuts && self.pairing_settles(&mut node) {
            return 0;
        }
        // Step 6b. The node's static value, where the knowledge prunes by it: the node settled
        // near the horizon, or searched shallower.
        if let Some(score) = self.shallow_settles(&mut node) {
            return score;
        }
        // Step 7. The table's move, where the knowledge lets it go before the others: a cut
        // by it saves generating them.
        let first = match self.table_move_first(&node, root) {
            TableMove::Cut(score) => return score,
            TableMove::Aborted => {
                self.recorder.leave(0, Exit::Aborted, None);
                return 0;
            }
            TableMove::Searched(first) => first,
        };
        // Step 8. The moves, or the node settled by the knowledge.
        let mut moves = self.lists.pop().unwrap_or_default();
        if let Some(settled) = self.generate(&node, &mut moves) {
            self.lists.push(moves);
            *best_out = settled.best;
            self.recorder
                .leave(settled.score, settled.exit, settled.best);
            return settled.score;
        }
        // Step 9. Order the moves (the table's move left out when it was searched first).
        if let Some((_, m)) = first {
            moves.retain(|&c| c != m);
        }
        let sorted_from = self.knowledge.order_first(&mut moves, node.table_move);
        // Step 10. Search the moves.
        let searched = self.search_moves(&node, &mut moves, sorted_from, first);
        self.lists.push(moves);
        let Some((best_score, best_move)) = searched else {
            self.recorder.leave(0, Exit::Aborted, None);
            return 0;
        };
        *best_out = best_move;
        self.recorder.leave(best_score, Exit::Searched, best_move);
        // Step 11. Remember the result.
        self.remember_searched(&node, best_score, best_move);
        best_score
    }

    /// Step 1: counts the node and looks at the limits every 1024 nodes; `false` when the
    /// search is to stop (a recorder out of room stops it before the node is counted).
    #[inline]
    fn count_node(&mut self, depth: u32, ply: u32, alpha: Score, beta: Score) -> bool {
        if R::ACTIVE && self.recorder.is_full() {
            self.aborted = true;
            return false;
        }
        self.stats.nodes += 1;
        if self.stats.nodes & 1023 == 0 {
            self.poll_limits();
        }
        if self.aborted {
            return false;
        }
        if R::ACTIVE {
            let left = depth.min(self.board().pos.empty_count() as u32);
            self.recorder.enter(ply, left, alpha, beta);
        }
        true
    }

    /// Step 2: the value of a finished game, or of one no side can win any more.
    #[inline]
    fn game_over(&mut self, ply: u32) -> Option<Score> {
        let pos = &self.board().pos;
        let (score, exit) = if pos.winner().is_some() {
            (-(WIN - ply as Score), Exit::Lost)
        } else if pos.is_over() {
            (0, Exit::FullBoard)
        } else if self.features.knowledge && self.board().is_dead_draw() {
            (0, Exit::DeadDraw)
        } else {
            return None;
        };
        self.recorder.leave(score, exit, None);
        Some(score)
    }

    /// Step 3: a side that can no longer complete any line, or whose opponent can stop
    /// every line it could still complete (by the Erdős–Selfridge potential), can no longer
    /// win: the value is at most 0 (we can't win) or at least 0 (they can't), which often
    /// settles a window that straddles the draw. Not at the root, which must still name its
    /// best move. `true`: the node's value is 0.
    #[inline]
    fn potential_settles(&mut self, alpha: Score, beta: Score) -> bool {
        let me = self.board().pos.side_to_move();
        for (side, wanted) in [(me.other(), beta <= 0), (me, alpha >= 0)] {
            if wanted && self.board().potential_blocks(side) {
                let exit = Exit::CannotWin {
                    side,
                    pairing: false,
                };
                self.recorder.leave(0, exit, None);
                return true;
            }
        }
        false
    }

    /// Step 4: the value at the depth limit, from the knowledge (`None`: search one more ply).
    #[inline]
    fn horizon(&mut self, ply: u32, beta: Score) -> Option<Score> {
        let (score, exit) = self.knowledge.horizon(ply, beta)?;
        self.recorder.leave(score, exit, None);
        Some(score)
    }

    /// Step 5: the table's entry for the node, keyed on the symmetry-reduced hash (or the
    /// plain one, when the lab asks for the table without symmetry).
    #[inline]
    fn probe(&mut self, depth: u32, ply: u32, alpha: Score, beta: Score) -> Node {
        let at = self.canonical();
        let mut node = Node {
            depth,
            ply,
            alpha,
            beta,
            at,
            table_move: None,
            stored: None,
            entry: None,
            unpaired: 0,
        };
        if self.features.table
            && let Some(entry) = self.table.probe(at.0, ply)
        {
            self.stats.tt_hits += 1;
            self.recorder
                .table_hit(entry.bound, u32::from(entry.depth), entry.score);
            node.unpaired = entry.unpaired;
            node.table_move = entry.best.map(|b| self.inverse[at.1][b as usize] as usize);
            node.entry = Some((entry.score, entry.bound, u32::from(entry.depth)));
            if u32::from(entry.depth) >= depth.min(255) {
                node.stored = Some((entry.score, entry.bound));
            }
        }
        node
    }

    /// Step 5, below the root (which must still name its best move): the table's stored
    /// result settles the node when it is deep enough and its bound decides the window.
    #[inline]
    fn table_settles(&mut self, node: &Node) -> Option<Score> {
        let (score, bound) = node.stored?;
        let cut = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= node.beta,
            Bound::Upper => score <= node.alpha,
        };
        if !cut {
            return None;
        }
        self.recorder
            .leave(score, Exit::Table { bound }, node.table_move);
        Some(score)
    }

    /// Step 6: the question of step 3 answered by a pairing strategy, a costlier test, so it
    /// comes after the table, which also remembers where it found none. `true`: the node's
    /// value is 0.
    #[inline]
    fn pairing_settles(&mut self, node: &mut Node) -> bool {
        let me = self.board().pos.side_to_move();
        for (maker, wanted) in [(me.other(), node.beta <= 0), (me, node.alpha >= 0)] {
            let bit = 1 << maker.index();
            if wanted && node.unpaired & bit == 0 {
                if self.board().breaker_pairs_off(maker) {
                    let exit = Exit::CannotWin {
                        side: maker,
                        pairing: true,
                    };
                    self.recorder.leave(0, exit, None);
                    return true;
                }
                node.unpaired |= bit;
            }
        }
        false
    }

    /// The knowledge, and what it is told of `node` and of the search.
    #[inline]
    fn knowledge_at(&mut self, node: &Node) -> (&mut K, Context<'_>) {
        let context = Context {
            ply: node.ply,
            depth: node.depth,
            root_ply: self.root_ply,
            line_indices: self.line_indices,
            history: &self.history,
            deadline: self.deadline,
            nodes: &mut self.stats.nodes,
        };
        (&mut self.knowledge, context)
    }

    /// Step 6b: with pruning, what the knowledge makes of the node from its static value:
    /// its value (`Some`), or the node with the plies it is to be searched shallower taken
    /// off its depth.
    #[inline]
    fn shallow_settles(&mut self, node: &mut Node) -> Option<Score> {
        if !self.features.pruning {
            return None;
        }
        let (knowledge, context) = self.knowledge_at(node);
        match knowledge.shallow(context, node.alpha, node.beta) {
            Shallow::Settle(score) => {
                self.recorder.leave(score, Exit::Patterns, None);
                Some(score)
            }
            Shallow::Search(plies) => {
                node.depth = node.depth.saturating_sub(plies).max(1);
                None
            }
        }
    }

    /// Step 7: below the root, the table's move searched before the moves are generated,
    /// where the knowledge says the generator would give it too (a staged move picker).
    #[inline]
    fn table_move_first(&mut self, node: &Node, root: bool) -> TableMove {
        let Some(m) = node.table_move else {
            return TableMove::Searched(None);
        };
        let allowed = !root
            && self.features.pruning
            && self.knowledge.singular_margin(node.depth).is_none()
            && self.knowledge.table_move_first(m, node.ply, self.root_ply);
        if !allowed {
            return TableMove::Searched(None);
        }
        let score = self.search_child(node, m, (0, 0, 0), (node.alpha, node.beta));
        if self.aborted {
            return TableMove::Aborted;
        }
        if score < node.beta {
            return TableMove::Searched(Some((score, m)));
        }
        self.stats.cutoffs += 1;
        self.history[m] += node.depth * node.depth;
        self.recorder.cutoff(m, score, node.beta, &[]);
        self.recorder.leave(score, Exit::Searched, Some(m));
        self.remember_searched(node, score, Some(m));
        TableMove::Cut(score)
    }

    /// Step 8: the knowledge's moves (m,n,k: immediate wins and forced blocks; five in a
    /// row: the patterns' moves and a VCT near the root), or the node it settles. A win that
    /// a solver proved is kept in the table as a lower bound.
    #[inline]
    fn generate(&mut self, node: &Node, moves: &mut Vec<usize>) -> Option<Settled> {
        let (knowledge, context) = self.knowledge_at(node);
        let settled = knowledge.generate(context, moves)?;
        if settled.proof {
            let result = (settled.score, Bound::Lower);
            let (depth, ply) = (node.depth, node.ply);
            self.remember(node.at, depth, ply, result, settled.best, node.unpaired);
        }
        Some(settled)
    }

    /// Step 10: searches `moves` in turn, those from `sorted_from` on sorted when the search
    /// reaches them, after `first` (the table's move and its score, when step 7 searched
    /// it), leaving out below the root the moves the knowledge prunes once one that does
    /// not lose is found; the best score and move, or `None` when the search was stopped.
    #[inline]
    fn search_moves(
        &mut self,
        node: &Node,
        moves: &mut [usize],
        sorted_from: Option<usize>,
        first: Option<(Score, usize)>,
    ) -> Option<(Score, Option<usize>)> {
        let (mut alpha, beta) = (node.alpha, node.beta);
        let (mut best_score, mut best_move) = match first {
            Some((score, m)) => (score, Some(m)),
            None => (-INFINITY, None),
        };
        alpha = alpha.max(best_score);
        // The index of a move among the node's, counting the one searched first.
        let searched_before = usize::from(first.is_some());
        let below_root = node.ply > self.root_ply;
        let mut sorted_from = sorted_from;
        let singular = if first.is_none() && below_root {
            self.singular(node, moves, &mut sorted_from)
        } else {
            Singular::No
        };
        match singular {
            Singular::Aborted => return None,
            Singular::Cut(score, m) => return Some((score, Some(m))),
            Singular::No | Singular::Extend => {}
        }
        for i in 0..moves.len() {
            let index = i + searched_before;
            let may_prune = self.features.pruning && below_root && best_score > -WIN_BOUND;
            if may_prune && self.knowledge.prunes_every_move_from(node.depth, index) {
                break;
            }
            if sorted_from == Some(i) {
                self.knowledge
                    .order(&mut moves[i..], &self.history, self.jitter);
            }
            let m = moves[i];
            if may_prune && self.knowledge.prune(node.depth, index, m) {
                continue;
            }
            let (reduction, extension) = if self.features.pruning {
                let k = &self.knowledge;
                let singular = u32::from(i == 0 && matches!(singular, Singular::Extend));
                let extension = k.extension(node.depth, m).max(singular);
                (k.reduction(node.depth, index, m), extension)
            } else {
                (0, 0)
            };
            let score = self.search_child(node, m, (index, reduction, extension), (alpha, beta));
            if self.aborted {
                let full_root =
                    node.ply == self.root_ply && node.alpha == -INFINITY && node.beta == INFINITY;
                if full_root && i > 0 {
                    self.partial_root = best_move.map(|m| (best_score, m, moves[0]));
                }
                return None;
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
                self.history[m] += node.depth * node.depth;
                self.recorder.cutoff(m, score, beta, &moves[i + 1..]);
                break;
            }
        }
        Some((best_score, best_move))
    }

    /// Step 10, before the moves: the singular test of the table's move, first in `moves`,
    /// where the knowledge asks for it and the table holds a lower bound or an exact score
    /// for it, not a win or a loss, from at most three plies shallower: every other move is
    /// searched at half the depth with a null window at the table's score less the
    /// knowledge's margin; the table's move is singular when none reaches it. The moves
    /// left unsorted are sorted for the test (`sorted_from` then says none are left).
    fn singular(
        &mut self,
        node: &Node,
        moves: &mut [usize],
        sorted_from: &mut Option<usize>,
    ) -> Singular {
        let Some(margin) = self.knowledge.singular_margin(node.depth) else {
            return Singular::No;
        };
        let Some((score, bound, depth)) = node.entry else {
            return Singular::No;
        };
        let tested = self.features.pruning
            && moves.len() > 1
            && node.table_move == Some(moves[0])
            && bound != Bound::Upper
            && depth + 3 >= node.depth
            && score.abs() < WIN_BOUND;
        if !tested {
            return Singular::No;
        }
        if let Some(from) = sorted_from.take() {
            self.knowledge
                .order(&mut moves[from..], &self.history, self.jitter);
        }
        let bound = score - margin;
        let test = Node {
            depth: (node.depth / 2).max(1),
            ..*node
        };
        for (i, &m) in moves.iter().enumerate().skip(1) {
            if self.knowledge.prunes_every_move_from(test.depth, i) {
                break;
            }
            let value = self.search_child(&test, m, (i, 0, 0), (bound - 1, bound));
            if self.aborted {
                return Singular::Aborted;
            }
            if value >= bound {
                return if bound >= node.beta {
                    Singular::Cut(bound, m)
                } else {
                    Singular::No
                };
            }
        }
        Singular::Extend
    }

    /// Step 10, one move: its value for this node's side to move. With principal variation
    /// search (where the knowledge asks for it), a move after the first is asked with a null
    /// window whether it beats alpha; only one that does is searched again in full. A move
    /// the knowledge reduces is asked that first at `reduction` plies less, and searched
    /// at full depth only when it beats alpha there. A move the knowledge extends is
    /// searched `extension` plies deeper.
    #[inline]
    fn search_child(
        &mut self,
        node: &Node,
        m: usize,
        (index, reduction, extension): (usize, u32, u32),
        (alpha, beta): (Score, Score),
    ) -> Score {
        let (depth, ply) = (node.depth - 1 + extension, node.ply + 1);
        let (a, b) = if self.features.pruning {
            (-beta, -alpha)
        } else {
            (-INFINITY, INFINITY)
        };
        if let Some(slot) = self
            .line_indices
            .get_mut(node.ply.wrapping_sub(self.root_ply) as usize)
        {
            *slot = index;
        }
        self.knowledge.make(m);
        self.recorder.before_child(m);
        let later = index > 0;
        let reduced = (later && reduction > 0 && reduction < depth)
            .then(|| -self.negamax(depth - reduction, ply, -alpha - 1, -alpha, &mut None));
        let score = match reduced {
            Some(score) if score <= alpha || self.aborted => score,
            _ if K::PRINCIPAL_VARIATION && later && beta - alpha > 1 => {
                if reduced.is_some() {
                    self.recorder.before_child(m);
                }
                let scout = -self.negamax(depth, ply, -alpha - 1, -alpha, &mut None);
                if scout > alpha && scout < beta && !self.aborted {
                    self.recorder.before_child(m);
                    -self.negamax(depth, ply, a, b, &mut None)
                } else {
                    scout
                }
            }
            _ => {
                if reduced.is_some() {
                    self.recorder.before_child(m);
                }
                -self.negamax(depth, ply, a, b, &mut None)
            }
        };
        self.knowledge.unmake(m);
        score
    }

    /// Step 11: stores the searched node's result in the table, its bound from the window.
    #[inline]
    fn remember_searched(&mut self, node: &Node, score: Score, best: Option<usize>) {
        let bound = if score <= node.alpha {
            Bound::Upper
        } else if score >= node.beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let (at, depth, ply) = (node.at, node.depth, node.ply);
        self.remember(at, depth, ply, (score, bound), best, node.unpaired);
    }
}
