//! Victory by continuous fours (VCF): the attacker plays only moves that make a four, so
//! every answer of the defender is forced (the block of the five), until the attacker has
//! two fives to complete, or a four the defender cannot block. Each defender's answer can
//! make a four of its own, which the attacker must then block with a four, or give up.
//!
//! The solver keeps a small table of the positions where it found no win, with the number of
//! fours it looked ahead, so transpositions of the same fours are not searched twice.

use std::time::Instant;

use crate::rules::Side;

use super::gomoku_board::GomokuBoard;
use super::movegen::find;
use super::patterns::Combo;

/// How often (in nodes) the solver looks at the clock.
const POLL_NODES: u64 = 256;

/// One slot of a table of failures, this solver's and the VCT's: the position's hash and the
/// most fours (or threats) it was searched with, in vain.
pub(super) type FailureSlot = (u64, u32);

/// A VCF solver with its table of failures.
pub struct Vcf {
    table: Vec<FailureSlot>,
    mask: usize,
    /// Nodes visited by the last [`Vcf::solve`].
    pub nodes: u64,
    budget: u64,
    /// Spent the budget: a failure found afterwards proves nothing and is not stored.
    out_of_budget: bool,
    /// Move lists, one per depth, reused.
    lists: Vec<Vec<usize>>,
    /// When the caller's time is up: the solver gives up then, as if out of budget.
    deadline: Option<Instant>,
}

impl Vcf {
    /// A solver with a table of `2^bits` slots.
    #[must_use]
    pub fn new(bits: u32) -> Vcf {
        Vcf {
            table: vec![(0, 0); 1 << bits],
            mask: (1 << bits) - 1,
            nodes: 0,
            budget: 0,
            out_of_budget: false,
            lists: Vec::new(),
            deadline: None,
        }
    }

    /// A win of the side to move by continuous fours, with at most `fours` fours and `budget`
    /// nodes: the line from the first four to the five, both sides' moves. The board must
    /// is left as it was.
    pub fn solve(
        &mut self,
        board: &mut GomokuBoard,
        fours: u32,
        budget: u64,
    ) -> Option<Vec<usize>> {
        self.solve_until(board, fours, budget, None)
    }

    /// [`Vcf::solve`] that gives up (with no line) at `deadline`, looked at every few hundred
    /// nodes.
    pub fn solve_until(
        &mut self,
        board: &mut GomokuBoard,
        fours: u32,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Option<Vec<usize>> {
        self.deadline = deadline;
        self.nodes = 0;
        self.budget = budget;
        self.out_of_budget = false;
        let mut line = Vec::new();
        self.attack(board, fours, &mut line).then_some(line)
    }

    /// Whether the side to move wins by fours; on a win `line` holds the moves.
    fn attack(&mut self, board: &mut GomokuBoard, fours: u32, line: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        let late = || self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.nodes > self.budget || (self.nodes.is_multiple_of(POLL_NODES) && late()) {
            // Out of time counts as out of budget from here on.
            self.budget = 0;
            self.out_of_budget = true;
            return false;
        }
        let me = board.pos().side_to_move();
        let them = me.other();
        let mut moves = self.lists.pop().unwrap_or_default();
        let mut near = self.lists.pop().unwrap_or_default();
        board.candidates(&mut near);
        let result = match self.attacks(board, me, &near, fours, &mut moves) {
            Some(five) => {
                line.push(five);
                true
            }
            None => self.try_fours(board, them, &moves, fours, line),
        };
        self.lists.push(near);
        self.lists.push(moves);
        result
    }

    /// The five of `me` if it has one; else fills `moves` with the fours worth trying
    /// (none when the budget of fours is spent or the table knows this position fails).
    fn attacks(
        &self,
        board: &GomokuBoard,
        me: Side,
        near: &[usize],
        fours: u32,
        moves: &mut Vec<usize>,
    ) -> Option<usize> {
        let patterns = board.patterns();
        let them = me.other();
        moves.clear();
        if patterns.count(me, Combo::Five) > 0 {
            return find(patterns, me, Combo::Five, near);
        }
        if fours == 0 || self.failed(board.pos().hash(), fours) {
            return None;
        }
        match patterns.count(them, Combo::Five) {
            0 => {
                moves.extend(
                    near.iter()
                        .copied()
                        .filter(|&c| patterns.makes_four(c, me) && board.may_play(c)),
                );
                // Stronger fours first: a live four or a four-three usually ends it at once.
                moves.sort_by_cached_key(|&c| {
                    let p = patterns.at(c, me);
                    std::cmp::Reverse((p.combo, p.order))
                });
            }
            // The defender's four must be blocked; only a block that is also a four goes on.
            1 => {
                if let Some(block) = find(patterns, them, Combo::Five, near)
                    && patterns.makes_four(block, me)
                    && board.may_play(block)
                {
                    moves.push(block);
                }
            }
            _ => {}
        }
        None
    }

    /// Tries each four in `moves`, the defender (`them`) blocking each; remembers a failure.
    fn try_fours(
        &mut self,
        board: &mut GomokuBoard,
        them: Side,
        moves: &[usize],
        fours: u32,
        line: &mut Vec<usize>,
    ) -> bool {
        for &four in moves {
            board.make(four);
            let patterns = board.patterns();
            // A four of the defender's own completes first.
            let block = if patterns.count(them, Combo::Five) > 0 {
                None
            } else {
                let mut near = self.lists.pop().unwrap_or_default();
                board.candidates(&mut near);
                let me = them.other();
                let block = find(patterns, me, Combo::Five, &near);
                self.lists.push(near);
                block
            };
            // A block black may not play under renju: the four wins. Black plays anything
            // else (the line names one legal cell) and the five follows, so the line keeps
            // its count of plies.
            if let Some(five) = block.filter(|&b| !board.may_play(b))
                && let Some(other) = self.any_other_move(board, five)
            {
                board.unmake(four);
                line.splice(0..0, [four, other, five]);
                return true;
            }
            let won = block.is_some_and(|block| {
                board.make(block);
                let won = self.attack(board, fours - 1, line);
                board.unmake(block);
                if won {
                    line.splice(0..0, [four, block]);
                }
                won
            });
            board.unmake(four);
            if won {
                return true;
            }
        }
        if !self.out_of_budget && fours > 0 {
            self.remember_failure(board.pos().hash(), fours);
        }
        false
    }

    /// A cell the side to move may play near the stones, other than `not`: the defender's
    /// move in a line where any move loses. `None` when there is none (a black with no legal
    /// cell near the stones is not counted lost).
    fn any_other_move(&mut self, board: &GomokuBoard, not: usize) -> Option<usize> {
        let mut near = self.lists.pop().unwrap_or_default();
        board.candidates(&mut near);
        let other = near
            .iter()
            .copied()
            .find(|&c| c != not && board.may_play(c));
        self.lists.push(near);
        other
    }

    fn failed(&self, key: u64, fours: u32) -> bool {
        let (k, f) = self.table[key as usize & self.mask];
        k == key && f >= fours
    }

    fn remember_failure(&mut self, key: u64, fours: u32) {
        self.table[key as usize & self.mask] = (key, fours);
    }
}
