//! The knowledge of five in a row, behind the one search: the pattern evaluation and a short
//! VCF at the horizon, the pattern move generator, a VCT one and two plies below the root,
//! and VCF and VCT solvers run at the root before the search. Principal variation search is
//! switched on here, where the generator's first move is usually the best.

use std::time::Instant;

use crate::engine::score::{Score, WIN, WIN_BOUND};
use crate::engine::search::{Context, Exit, Features, Knowledge, Settled, Shallow};
use crate::engine::search_board::SearchBoard;
use crate::engine::types::Limits;

use super::code_tables::Uses;
use super::gomoku_board::GomokuBoard;
use super::movegen::{self, Forced};
use super::patterns::Combo;
use super::vcf::Vcf;
use super::vct::{self, Vct};

/// The most fours a VCF may play at the root, and the nodes it may spend there.
pub(super) const ROOT_VCF_FOURS: u32 = 20;
pub(super) const ROOT_VCF_NODES: u64 = 200_000;

/// The same at the horizon, where it runs at many nodes and must stay cheap: it is only
/// tried where the side to move has a four-three or a live four to play, which is where a
/// win by fours usually is (with any four at all, it would cost most of the search's time).
const LEAF_VCF_FOURS: u32 = 6;
const LEAF_VCF_NODES: u64 = 60;

/// The plies below the root where the side to move looks for a VCT: at the first, a VCT of
/// the opponent refutes the root's move; at the second, the root's side wins by one.
const INNER_VCT_PLIES: u32 = 2;

/// Late move reductions: moves from this index on (0 is the first) of a node with at least
/// `REDUCE_FROM_DEPTH` plies left are searched a ply shallower first when they are quiet, and
/// two plies from `REDUCE_MORE_FROM_INDEX` on where at least `REDUCE_MORE_FROM_DEPTH` are left.
const REDUCE_FROM_INDEX: usize = 3;
const REDUCE_FROM_DEPTH: u32 = 3;
const REDUCE_MORE_FROM_INDEX: usize = 8;
const REDUCE_MORE_FROM_DEPTH: u32 = 5;

/// Move-count pruning: below the root, the moves of a node with `d` plies left from index
/// `3 + d^1.32` on are not searched (Rapfi's count), once one that does not lose is found.
const PRUNE_BASE: f64 = 3.0;
const PRUNE_POWER: f64 = 1.32;

// Logarithmic late move reductions: the quiet `i`th move (from 0) of a node with `d` plies
// left is reduced by `ln(d) ln(i + 1)` times a scale (`Uses::lmr_scale` hundredths, 0.5
// unless set), rounded, from the index `REDUCE_FROM_INDEX` on; at least one ply is left to
// the reduced search.

/// Pruning by the move score: with `d` plies left (at most `FLOOR_MARGINS.len() - 1`), a move
/// whose score lies more than `FLOOR_MARGINS[d]` below the node's first move's is not searched
/// (the scores are the move's log-odds times 256: 768 is a twentieth of the first move's odds);
/// the margins may be scaled (`Uses::floor_scale`, in percent).
const FLOOR_MARGINS: [i32; 4] = [768, 768, 1152, 1536];

// The margins of the pruning by the evaluation, on the tables' scale: their evaluation is
// fitted to game results as the log-odds of a win times 4,424 (`assets/gomoku/codes.txt`,
// the scale K), Rapfi's classical one as the log-odds times 200, so Rapfi's margins are taken
// 22.1 times larger here.

/// Razoring: with `d` plies left (1 or 2), a node whose evaluation lies more than
/// `RAZOR_MARGINS[d]` below alpha is cut unless a short VCF wins (Rapfi: 33 and 48).
const RAZOR_MARGINS: [Score; 3] = [0, 730, 1_054];

/// Futility pruning: a node whose evaluation lies `FUTILITY_MARGIN` per ply left or more
/// above beta is cut with it (Rapfi: 63 per ply).
const FUTILITY_MARGIN: Score = 1_393;

/// Fail-high reductions: a node with `d` plies left whose evaluation lies
/// `FAIL_HIGH_BASE + FAIL_HIGH_PER_PLY d` or more above beta is searched a ply shallower
/// (Rapfi: -9 + 15 d).
const FAIL_HIGH_BASE: Score = -200;
const FAIL_HIGH_PER_PLY: Score = 332;

/// Singular extensions: tested at nodes with `SINGULAR_DEPTH` plies left or more, with a
/// margin below the table's score of `SINGULAR_MARGIN_PER_PLY` per ply left (Rapfi: from
/// 6.65 plies, 0.91 per ply).
const SINGULAR_DEPTH: u32 = 6;
const SINGULAR_MARGIN_PER_PLY: Score = 20;

/// The depths and indices the tables of [`Selective`] cover; larger ones read the last entry.
const SELECTIVE_DEPTHS: usize = 64;
const SELECTIVE_INDICES: usize = 256;

/// The selectivity the code tables' move order allows, where they are selected
/// ([`super::code_tables::Uses`]): the move counts past which moves are pruned, by depth, and
/// the logarithmic reductions, by depth and index.
struct Selective {
    prune_from: Option<[usize; SELECTIVE_DEPTHS]>,
    /// The same where the evaluation fell since two plies before (`improving` selected).
    prune_from_falling: Option<[usize; SELECTIVE_DEPTHS]>,
    reductions: Option<Vec<[u8; SELECTIVE_INDICES]>>,
    /// Whether moves are pruned by their move score ([`FLOOR_MARGINS`]), and the margins.
    floor: bool,
    floor_margins: [i32; FLOOR_MARGINS.len()],
    /// Whether the root keeps the pattern engine's bound on a quiet position's moves where
    /// the nodes below keep every move.
    root_cap: bool,
    /// The number of moves of that bound.
    root_moves: usize,
    /// The nodes of the VCT one and two plies below the root's moves past that bound.
    late_vct: Option<u64>,
    /// The futility margin per ply left (`None`: no futility pruning).
    futility: Option<Score>,
    razor: bool,
    four_ext: bool,
    horizon_vcf: bool,
    fail_high: bool,
    /// The plies more the root's late quiet moves are reduced by.
    root_late: Option<u32>,
    singular: bool,
}

impl Selective {
    /// Whether the evaluation of every node is wanted (by the pruning on it or the
    /// "improving" test).
    fn evaluates_nodes(&self) -> bool {
        self.futility.is_some() || self.razor || self.fail_high || self.prune_from_falling.is_some()
    }

    fn new(uses: Option<Uses>) -> Selective {
        let uses = uses.unwrap_or(Uses::NONE);
        let count = |d: usize| PRUNE_BASE as usize + (d as f64).powf(PRUNE_POWER) as usize;
        Selective {
            prune_from: uses.prune.then(|| std::array::from_fn(count)),
            prune_from_falling: (uses.prune && uses.improving)
                .then(|| std::array::from_fn(|d| count(d) / 2)),
            reductions: uses.reduce.then(|| {
                (0..SELECTIVE_DEPTHS)
                    .map(|d| {
                        std::array::from_fn(|i| {
                            let r = f64::from(uses.lmr_scale) / 100.0
                                * (d.max(1) as f64).ln()
                                * ((i + 1) as f64).ln();
                            r.round() as u8
                        })
                    })
                    .collect()
            }),
            floor: uses.floor && uses.order,
            floor_margins: FLOOR_MARGINS.map(|m| m * i32::from(uses.floor_scale) / 100),
            root_cap: uses.root_cap,
            root_moves: usize::from(uses.root_moves),
            late_vct: uses.late_vct,
            futility: uses
                .futility
                .map(|percent| FUTILITY_MARGIN * Score::from(percent) / 100),
            razor: uses.razor,
            four_ext: uses.four_ext,
            horizon_vcf: uses.horizon_vcf,
            fail_high: uses.fail_high,
            root_late: uses.root_late.map(u32::from),
            singular: uses.singular,
        }
    }
}

/// Table size of the VCF solver, in bits of slot count.
pub(super) const VCF_TABLE_BITS: u32 = 16;

/// The knowledge of five in a row on boards of more than 25 cells.
pub(crate) struct Gomoku {
    board: GomokuBoard,
    vcf: Vcf,
    vct: Vct,
    /// When the root's VCF gives up: a quarter of the time, the rest is the search's.
    vcf_deadline: Option<Instant>,
    /// Whether the nodes one and two plies below the root look for a VCT of the side to
    /// move (on by default; a test turns it off to compare).
    pub inner_vct: bool,
    /// The cells near the stones, reused by the move generator.
    near: Vec<usize>,
    /// Move-count pruning and logarithmic reductions, where the code tables are selected.
    selective: Selective,
    /// The move score of the first move of the node with this many stones on the current
    /// line, for the pruning by the move score.
    first_scores: Vec<i32>,
    /// The first of the moves the generator left unsorted at the node it was last asked at
    /// (`None`: it sorted them all), for [`Knowledge::order_first`] to find where they begin.
    unsorted_from: Option<usize>,
    /// The evaluation for the side to move of the node with this many stones on the current
    /// line, where the pruning by the evaluation asks for it.
    evals: Vec<Score>,
    /// The stones of the root of the search in progress.
    root_stones: usize,
}

impl Knowledge for Gomoku {
    const PRINCIPAL_VARIATION: bool = true;

    /// A late move is reduced when it is quiet: it makes no three or four of ours, takes no
    /// three or four-to-be from the opponent, and the opponent has no live three we must
    /// answer (then the generator's moves are all defences, none of them late).
    #[inline]
    fn reduction(&self, depth: u32, index: usize, m: usize) -> u32 {
        if index < REDUCE_FROM_INDEX || depth < REDUCE_FROM_DEPTH {
            return 0;
        }
        let me = self.board.pos().side_to_move();
        let patterns = self.board.patterns();
        let quiet = patterns.at(m, me).combo == Combo::Quiet
            && patterns.at(m, me.other()).combo == Combo::Quiet
            && !patterns.has_at_least(me.other(), Combo::OpenFour);
        let root_late = self.selective.root_late.filter(|_| {
            index >= movegen::ROOT_QUIET_MOVES && self.board.pos().stones() == self.root_stones
        });
        if !quiet {
            0
        } else if let Some(extra) = root_late {
            let base = self.reduction_of_quiet(depth, index);
            (base + extra).min(depth - 2)
        } else {
            self.reduction_of_quiet(depth, index)
        }
    }

    /// Past a count of moves that grows with the depth left, where the code tables' order
    /// is selected with pruning: the order puts the moves worth searching first.
    #[inline]
    fn prune(&self, depth: u32, index: usize, m: usize) -> bool {
        self.prunes_every_move_from(depth, index)
            || (self.selective.floor && self.below_floor(depth, m))
    }

    /// Past the move count: the count depends on the index alone (and, with `improving`, on
    /// whether the evaluation fell since two plies before).
    #[inline]
    fn prunes_every_move_from(&self, depth: u32, index: usize) -> bool {
        let table = match &self.selective.prune_from_falling {
            Some(falling) if !self.improving() => Some(falling),
            _ => self.selective.prune_from.as_ref(),
        };
        table.is_some_and(|from| index >= from[(depth as usize).min(SELECTIVE_DEPTHS - 1)])
    }

    /// The reply to the opponent's four, the node's only move, a ply deeper (not at the
    /// last ply, where the horizon already looks past a four).
    #[inline]
    fn extension(&self, depth: u32, _: usize) -> u32 {
        let them = self.board.pos().side_to_move().other();
        let forced = self.board.patterns().count(them, Combo::Five) > 0;
        u32::from(self.selective.four_ext && depth >= 2 && forced)
    }

    /// The singular test's margin, from [`SINGULAR_DEPTH`] plies left on.
    #[inline]
    fn singular_margin(&self, depth: u32) -> Option<Score> {
        (self.selective.singular && depth >= SINGULAR_DEPTH)
            .then(|| SINGULAR_MARGIN_PER_PLY * depth as Score)
    }

    /// Razoring, futility pruning and fail-high reductions on the evaluation, below the
    /// plies of the VCT inside the search, in nodes searched with a null window where
    /// neither side has a five to make; the evaluation is kept for the "improving" test.
    fn shallow(&mut self, at: Context<'_>, alpha: Score, beta: Score) -> Shallow {
        if !self.selective.evaluates_nodes() {
            return Shallow::Search(0);
        }
        let me = self.board.pos().side_to_move();
        let patterns = self.board.patterns();
        let stones = self.board.pos().stones();
        let fives =
            patterns.count(me, Combo::Five) > 0 || patterns.count(me.other(), Combo::Five) > 0;
        let eval = if fives && stones > 0 {
            -self.evals[stones - 1]
        } else {
            super::eval::evaluate(patterns, me)
        };
        self.evals[stones] = eval;
        let near_root = at.ply <= at.root_ply + INNER_VCT_PLIES;
        if fives || near_root || beta - alpha != 1 {
            return Shallow::Search(0);
        }
        let depth = at.depth;
        if self.selective.razor
            && let Some(&margin) = RAZOR_MARGINS.get(depth as usize)
            && alpha < WIN_BOUND
            && eval + margin < alpha
        {
            let line = self
                .vcf
                .solve(&mut self.board, LEAF_VCF_FOURS, LEAF_VCF_NODES);
            return Shallow::Settle(match line {
                Some(line) => WIN - (at.ply as Score + line.len() as Score),
                None => eval,
            });
        }
        if let Some(margin) = self.selective.futility
            && beta > -WIN_BOUND
            && eval - margin * depth as Score >= beta
        {
            return Shallow::Settle(eval);
        }
        let fail_high = FAIL_HIGH_BASE + FAIL_HIGH_PER_PLY * depth as Score;
        Shallow::Search(u32::from(
            self.selective.fail_high && depth >= 2 && eval >= beta.saturating_add(fail_high),
        ))
    }

    /// The table's move goes first where the generator would give it too: on an empty cell
    /// black may play, with no five to make or to block (those the generator settles or
    /// forces), and below the plies where a VCT may settle the node first.
    #[inline]
    fn table_move_first(&self, m: usize, ply: u32, root_ply: u32) -> bool {
        if ply <= root_ply + INNER_VCT_PLIES || self.board.pos().at(m).is_some() {
            return false;
        }
        let me = self.board.pos().side_to_move();
        let patterns = self.board.patterns();
        patterns.count(me, Combo::Five) == 0
            && patterns.count(me.other(), Combo::Five) == 0
            && self.board.may_play(m)
    }

    fn new(board: SearchBoard, features: Features, limits: &Limits) -> Gomoku {
        let board = GomokuBoard::with_board(board, features.gomoku_eval);
        let selective = Selective::new(board.patterns().codes().map(|c| c.uses));
        let first_scores = vec![0; board.pos().rule().cells() + 1];
        let evals = first_scores.clone();
        let root_stones = board.pos().stones();
        Gomoku {
            evals,
            root_stones,
            board,
            selective,
            first_scores,
            unsorted_from: None,
            vcf: Vcf::new(VCF_TABLE_BITS),
            vct: Vct::new(vct::TABLE_BITS),
            // A quarter of the move's time: of its target under a match clock (the hard
            // limit is for unclear positions, found by the iterations after the solvers).
            vcf_deadline: limits.meant_time().map(|t| Instant::now() + t / 4),
            inner_vct: true,
            near: Vec::new(),
        }
    }

    #[inline]
    fn board(&self) -> &SearchBoard {
        self.board.board()
    }

    #[inline]
    fn make(&mut self, index: usize) {
        self.board.make(index);
    }

    #[inline]
    fn unmake(&mut self, index: usize) {
        self.board.unmake(index);
    }

    /// A five to play wins, two of the opponent's lose, one of them must be blocked (`None`:
    /// search one more ply, since a leaf in the middle of a forced sequence would be scored
    /// as if the four were not there), a short VCF may win; otherwise the pattern evaluation.
    fn horizon(&mut self, ply: u32, beta: Score) -> Option<(Score, Exit)> {
        let me = self.board.pos().side_to_move();
        let patterns = self.board.patterns();
        if patterns.count(me, Combo::Five) > 0 {
            return Some((WIN - (ply as Score + 1), Exit::Patterns));
        }
        match patterns.count(me.other(), Combo::Five) {
            0 => {}
            1 => return None,
            _ => return Some((-(WIN - (ply as Score + 2)), Exit::Patterns)),
        }
        let value = super::eval::evaluate(patterns, me);
        let wide = self.selective.horizon_vcf && value < beta && patterns.has_four(me);
        if (wide || patterns.has_at_least(me, Combo::FourThree))
            && let Some(line) = self
                .vcf
                .solve(&mut self.board, LEAF_VCF_FOURS, LEAF_VCF_NODES)
        {
            return Some((WIN - (ply as Score + line.len() as Score), Exit::Patterns));
        }
        Some((value, Exit::Patterns))
    }

    /// The pattern generator's moves, or the node settled by a five, two of the opponent's,
    /// or a VCT near the root.
    fn generate(&mut self, at: Context<'_>, moves: &mut Vec<usize>) -> Option<Settled> {
        self.root_stones = self.board.pos().stones() - (at.ply - at.root_ply) as usize;
        let settled = |(score, best), proof| Settled {
            score,
            best,
            exit: Exit::Patterns,
            proof,
        };
        // Below the root, where the moves past the count are pruned once one does not lose,
        // only those within the count are sorted now, the rest when the search reaches them.
        let sorted = match &self.selective.prune_from {
            Some(from) if at.ply > at.root_ply => {
                from[(at.depth as usize).min(SELECTIVE_DEPTHS - 1)]
            }
            _ => usize::MAX,
        };
        let found = self.pattern_moves(at.ply, at.history, sorted, moves);
        if let Some(found) = found {
            return Some(settled(found, false));
        }
        if self.selective.floor
            && let (Some(&first), Some(codes)) = (moves.first(), self.board.patterns().codes())
        {
            let me = self.board.pos().side_to_move();
            self.first_scores[self.board.pos().stones()] = codes.order(first, me);
        }
        self.inner_vct(at).map(|found| settled(found, true))
    }

    /// The table move to the front; the others keep the generator's order, and those it left
    /// unsorted are sorted when the search reaches them.
    fn order_first(&self, moves: &mut [usize], table_move: Option<usize>) -> Option<usize> {
        let unsorted = self
            .unsorted_from
            .and_then(|first| moves.iter().position(|&m| m == first));
        let at = table_move.and_then(|t| moves.iter().position(|&m| m == t));
        if let Some(at) = at {
            moves[..=at].rotate_right(1);
        }
        // The rotation moves the unsorted moves before the table move's place one on.
        unsorted.map(|u| {
            if at.is_some_and(|at| at >= u) {
                u + 1
            } else {
                u
            }
        })
    }

    /// The moves the generator left unsorted, in its order.
    fn order(&self, moves: &mut [usize], history: &[u32], _: u64) {
        let me = self.board.pos().side_to_move();
        movegen::sort(self.board.patterns(), me, moves, history);
    }

    /// A win by continuous fours within the root's budget, then one by threes and fours in
    /// what is left of the same time (the main thread only: the helpers would find the same).
    fn root_win(&mut self, main: bool, nodes: &mut u64) -> Option<Vec<usize>> {
        if self.board.pos().is_over() {
            return None;
        }
        let line = self.vcf.solve_until(
            &mut self.board,
            ROOT_VCF_FOURS,
            ROOT_VCF_NODES,
            self.vcf_deadline,
        );
        *nodes += self.vcf.nodes;
        if line.is_some() || !main {
            return line;
        }
        let line = self.vct.solve(
            &mut self.board,
            vct::ROOT_THREATS,
            vct::ROOT_NODES,
            self.vcf_deadline,
        );
        *nodes += self.vct.nodes;
        line
    }

    /// The best move by the patterns.
    fn fallback_move(&mut self, history: &[u32]) -> Option<usize> {
        let mut moves = Vec::new();
        if let Some((_, best)) = self.pattern_moves(0, history, usize::MAX, &mut moves) {
            return best;
        }
        moves.first().copied()
    }
}

impl Gomoku {
    /// The plies a quiet late move is reduced by: by the logarithmic table where it is
    /// selected, else the pattern engine's one or two.
    fn reduction_of_quiet(&self, depth: u32, index: usize) -> u32 {
        if let Some(table) = &self.selective.reductions {
            let row = &table[(depth as usize).min(SELECTIVE_DEPTHS - 1)];
            let r = u32::from(row[index.min(SELECTIVE_INDICES - 1)]);
            r.clamp(1, depth - 2)
        } else if index >= REDUCE_MORE_FROM_INDEX && depth >= REDUCE_MORE_FROM_DEPTH {
            2
        } else {
            1
        }
    }

    /// Whether the evaluation for the side to move is higher than two plies before (also
    /// when those plies lie before the root).
    fn improving(&self) -> bool {
        let stones = self.board.pos().stones();
        stones < self.root_stones + 2 || self.evals[stones] > self.evals[stones - 2]
    }

    /// Whether the move `m` of a node with `depth` plies left scores too far below the node's
    /// first move to be searched.
    fn below_floor(&self, depth: u32, m: usize) -> bool {
        let Some(&margin) = self.selective.floor_margins.get(depth as usize) else {
            return false;
        };
        let Some(codes) = self.board.patterns().codes() else {
            return false;
        };
        let me = self.board.pos().side_to_move();
        codes.order(m, me) < self.first_scores[self.board.pos().stones()] - margin
    }

    /// The moves worth searching from the patterns (see [`movegen`]), the best `sorted` of
    /// them in order and the rest after them unsorted (the first of those kept in
    /// `unsorted_from`), or the score and the move when a five or two of the opponent's
    /// settle it.
    fn pattern_moves(
        &mut self,
        ply: u32,
        history: &[u32],
        sorted: usize,
        moves: &mut Vec<usize>,
    ) -> Option<(Score, Option<usize>)> {
        let me = self.board.pos().side_to_move();
        self.board.candidates(&mut self.near);
        let (board, near) = (&self.board, &self.near);
        let patterns = board.patterns();
        let quiet = if ply > 0 {
            movegen::quiet_bound(patterns, movegen::QUIET_MOVES)
        } else if self.selective.root_cap {
            Some(self.selective.root_moves)
        } else {
            movegen::quiet_bound(patterns, movegen::ROOT_QUIET_MOVES)
        };
        // Two copies of the generator: the one of a side with no forbidden cells asks
        // nothing of the rules.
        let keep = movegen::Keep { quiet, sorted };
        let generated = if board.restricted() {
            let legal = |c| board.may_play(c);
            movegen::generate_staged(patterns, me, near, history, keep, moves, legal)
        } else {
            movegen::generate_staged(patterns, me, near, history, keep, moves, |_| true)
        };
        self.unsorted_from = None;
        let forced = match generated {
            Ok(in_order) => {
                self.unsorted_from = moves.get(in_order).copied();
                return None;
            }
            Err(forced) => forced,
        };
        match forced {
            Forced::Win(cell) => Some((WIN - (ply as Score + 1), Some(cell))),
            Forced::Loss(cell) => Some((-(WIN - (ply as Score + 2)), Some(cell))),
        }
    }

    /// One or two plies below the root: a win of the side to move by threes and fours,
    /// within a small budget, settles the node (its first threat is the best move, the score
    /// a win after the line's plies, kept in the table as a lower bound).
    /// Asked only where the side to move has something to attack with (a four or a double
    /// three to make: without one a VCT is rare, and asking everywhere costs up to a quarter
    /// more nodes per depth) and the opponent has neither a four nor a live three
    /// (then the search's own answers are forced, and a three of ours would come too late).
    /// Both sides are covered: at the first ply a VCT of the opponent refutes the root's
    /// move, at the second the root's side wins after the opponent's reply. Below a root's
    /// move past the pattern engine's bound at the root, the budget may be smaller (the
    /// tables' `latevctN`).
    fn inner_vct(&mut self, at: Context<'_>) -> Option<(Score, Option<usize>)> {
        if !self.inner_vct || at.ply <= at.root_ply || at.ply > at.root_ply + INNER_VCT_PLIES {
            return None;
        }
        let me = self.board.pos().side_to_move();
        let patterns = self.board.patterns();
        // `Four` or more: a four, a double three or better to make. A live three of the
        // opponent's (or its four) is a cell of `OpenFour` or more for it.
        if !patterns.has_at_least(me, Combo::Four)
            || patterns.has_at_least(me.other(), Combo::OpenFour)
        {
            return None;
        }
        let late = at.line_indices[0] >= movegen::ROOT_QUIET_MOVES;
        let budget = match self.selective.late_vct {
            Some(nodes) if late => nodes,
            _ => vct::INNER_NODES,
        };
        if budget == 0 {
            return None;
        }
        let line = self
            .vct
            .solve_once(&mut self.board, vct::INNER_THREATS, budget, at.deadline);
        *at.nodes += self.vct.nodes;
        let line = line?;
        Some((
            WIN - (at.ply as Score + line.len() as Score),
            line.first().copied(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(prune: bool, reduce: bool) -> Selective {
        Selective::new(Some(Uses {
            prune,
            reduce,
            ..Uses::ALL
        }))
    }

    #[test]
    fn move_count_pruning_keeps_more_moves_the_more_plies_are_left() {
        let from = with(true, false).prune_from.expect("pruning selected");
        assert_eq!(&from[..9], &[3, 4, 5, 7, 9, 11, 13, 16, 18]);
        assert!(from.windows(2).all(|w| w[0] <= w[1]));
        assert!(with(false, true).prune_from.is_none());
        assert!(Selective::new(None).prune_from.is_none());
    }

    #[test]
    fn the_count_is_halved_where_the_evaluation_fell_when_improving_is_selected() {
        let uses = |improving| Uses {
            prune: true,
            improving,
            ..Uses::ALL
        };
        let selective = Selective::new(Some(uses(true)));
        let falling = selective.prune_from_falling.expect("improving selected");
        assert_eq!(&falling[..9], &[1, 2, 2, 3, 4, 5, 6, 8, 9]);
        assert!(selective.evaluates_nodes());
        let plain = Selective::new(Some(uses(false)));
        assert!(plain.prune_from_falling.is_none() && !plain.evaluates_nodes());
    }

    #[test]
    fn the_pruning_on_the_evaluation_takes_its_margins_from_the_parts() {
        let selective = |uses| Selective::new(Some(uses));
        let futility = selective(Uses {
            futility: Some(150),
            ..Uses::ALL
        });
        assert_eq!(futility.futility, Some(FUTILITY_MARGIN * 3 / 2));
        assert!(futility.evaluates_nodes());
        let razor = selective(Uses {
            razor: true,
            root_late: Some(3),
            ..Uses::ALL
        });
        assert!(razor.razor && razor.futility.is_none() && razor.evaluates_nodes());
        assert_eq!(razor.root_late, Some(3));
        assert!(!razor.singular);
        let quiet = selective(Uses {
            four_ext: true,
            horizon_vcf: true,
            ..Uses::ALL
        });
        assert!(quiet.four_ext && quiet.horizon_vcf && !quiet.evaluates_nodes());
        assert!(!Selective::new(None).evaluates_nodes());
    }

    #[test]
    fn logarithmic_reductions_grow_with_depth_and_move_number() {
        let table = with(false, true).reductions.expect("reductions selected");
        // 0.5 ln(d) ln(i + 1), rounded.
        assert_eq!(table[3][3], 1);
        assert_eq!(table[5][8], 2);
        assert_eq!(table[9][30], 4);
        assert_eq!(table[2][0], 0);
        for d in 1..SELECTIVE_DEPTHS {
            for i in 1..SELECTIVE_INDICES {
                assert!(table[d][i] >= table[d][i - 1] && table[d][i] >= table[d - 1][i]);
            }
        }
        assert!(with(true, false).reductions.is_none());
    }
}
