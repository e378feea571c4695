//! Victory by continuous threats (VCT): the attacker plays only moves that make a four or a
//! live three, so the defender must answer each one, until the attacker wins by fours
//! ([`Vcf`]) or the defender runs out of defences. A four has one answer (its block); a live
//! three has the cells that take the four from it, and any four of the defender's own,
//! which the attacker blocks before going on. A threat the defender may ignore (the attacker
//! has neither a four nor a move to a live four left) ends the attack in vain.
//!
//! The defences against a three are the pattern move generator's ([`generate`]): the cells
//! on the three's lines that would make a four for the attacker, and the defender's own
//! fours. The solver keeps its own table of the positions where it found no win, with the
//! number of threats it looked ahead, as the VCF solver does.
//!
//! The search asks it at the root (a large budget) and, with [`Vct::solve_once`], one and
//! two plies below the root (a small one, each position once).

use std::time::Instant;

use crate::rules::Side;

use super::gomoku_board::GomokuBoard;
use super::movegen::{Forced, QUIET_MOVES, generate, quiet_bound};
use super::patterns::Combo;
use super::vcf::{FailureSlot, Vcf};

/// The most threats a VCT at the root may play, the nodes it may spend there, and its
/// table's size in bits of slot count.
pub const ROOT_THREATS: u32 = 8;
pub const ROOT_NODES: u64 = 20_000;
pub const TABLE_BITS: u32 = 14;

/// The most threats a VCT inside the search may play, and the nodes it may spend at one
/// node of the search (the inner VCF's included): small, since the search asks at many
/// nodes, and a VCT that needs more is left to the search itself.
pub const INNER_THREATS: u32 = 6;
pub const INNER_NODES: u64 = 600;

/// Size of the table of positions whose VCT inside the search was tried, in bits.
const TRIED_BITS: u32 = 12;

/// How often (in nodes) the solver looks at the clock.
const POLL_NODES: u64 = 128;

/// Fours a VCF inside the VCT may play, and its nodes each time.
const INNER_VCF_FOURS: u32 = 10;
const INNER_VCF_NODES: u64 = 400;

/// The most threats tried at one attacker's node, strongest first.
const THREATS_PER_NODE: usize = 12;

/// A VCT solver with its table of failures and its own VCF solver.
pub struct Vct {
    table: Vec<FailureSlot>,
    mask: usize,
    vcf: Vcf,
    /// Nodes visited by the last [`Vct::solve`] (the inner VCF's included).
    pub nodes: u64,
    budget: u64,
    out_of_budget: bool,
    deadline: Option<Instant>,
    /// The defender's history counts: none (a proof needs no ordering help), all zero.
    no_history: Vec<u32>,
    /// The positions where [`Vct::solve_once`] found no win (in vain or out of budget): it
    /// does not try them again.
    tried: Vec<u64>,
}

impl Vct {
    /// A solver with a table of `2^bits` slots.
    #[must_use]
    pub fn new(bits: u32) -> Vct {
        Vct {
            table: vec![(0, 0); 1 << bits],
            mask: (1 << bits) - 1,
            vcf: Vcf::new(bits.saturating_sub(2).max(8)),
            nodes: 0,
            budget: 0,
            out_of_budget: false,
            deadline: None,
            no_history: Vec::new(),
            tried: vec![0; 1 << TRIED_BITS],
        }
    }

    /// [`Vct::solve`] for the search's inner nodes, which meet the same positions again in
    /// every iteration: a position where it found no win before, even for want of nodes, is
    /// not searched again (`None` at once, 0 nodes).
    pub fn solve_once(
        &mut self,
        board: &mut GomokuBoard,
        threats: u32,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Option<Vec<usize>> {
        let key = board.pos().hash();
        let slot = key as usize & (self.tried.len() - 1);
        if self.tried[slot] == key {
            self.nodes = 0;
            return None;
        }
        let line = self.solve(board, threats, budget, deadline);
        if line.is_none() {
            self.tried[slot] = key;
        }
        line
    }

    /// A win of the side to move by threes and fours, with at most `threats` threats of its
    /// own and `budget` nodes, given up at `deadline`: the line of the longest defence found,
    /// both sides' moves, ending in the five. The board must have its patterns on; it is
    /// left as it was.
    pub fn solve(
        &mut self,
        board: &mut GomokuBoard,
        threats: u32,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Option<Vec<usize>> {
        self.nodes = 0;
        self.budget = budget;
        self.out_of_budget = false;
        self.deadline = deadline;
        self.no_history = vec![0; cells(board)];
        self.attack(board, threats)
    }

    /// The moves of the side to move, among the pattern generator's, after which the
    /// opponent has no VCT within `threats` threats and `budget` nodes each: the defences
    /// against a VCT of the opponent. Empty when none is found (or none is needed: the
    /// caller asks only when the opponent has one). The search finds these by searching;
    /// this is the check of what it finds.
    #[cfg(test)]
    pub fn defences(
        &mut self,
        board: &mut GomokuBoard,
        threats: u32,
        budget: u64,
        deadline: Option<Instant>,
    ) -> Vec<usize> {
        let me = board.pos().side_to_move();
        let mut near = Vec::new();
        board.candidates(&mut near);
        let history = vec![0; cells(board)];
        let mut moves = Vec::new();
        let patterns = board.patterns();
        let legal = |c| board.may_play(c);
        if let Some(forced) = generate(
            patterns,
            me,
            &near,
            &history,
            quiet_bound(patterns, QUIET_MOVES),
            &mut moves,
            legal,
        ) {
            return match forced {
                Forced::Win(cell) => vec![cell],
                Forced::Loss(_) => Vec::new(),
            };
        }
        let mut spent = 0;
        let mut safe = Vec::new();
        for cell in moves {
            board.make(cell);
            let theirs = self.solve(board, threats, budget, deadline);
            board.unmake(cell);
            spent += self.nodes;
            if theirs.is_none() && !self.out_of_budget {
                safe.push(cell);
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        self.nodes = spent;
        safe
    }

    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        let late = self.nodes.is_multiple_of(POLL_NODES)
            && self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.nodes > self.budget || late {
            self.budget = 0;
            self.out_of_budget = true;
        }
        self.out_of_budget
    }

    /// The attacker (the side to move) wins by threats: the line, or `None`.
    fn attack(&mut self, board: &mut GomokuBoard, threats: u32) -> Option<Vec<usize>> {
        if self.out_of_time() {
            return None;
        }
        let me = board.pos().side_to_move();
        let them = me.other();
        let patterns = board.patterns();
        let mut near = Vec::new();
        board.candidates(&mut near);
        if patterns.count(me, Combo::Five) > 0 {
            return super::movegen::find(patterns, me, Combo::Five, &near).map(|c| vec![c]);
        }
        // Step 1. The defender's four comes first: block it, and the threats must still
        // stand for the defender to be forced again.
        match patterns.count(them, Combo::Five) {
            0 => {}
            1 => {
                let block = super::movegen::find(patterns, them, Combo::Five, &near)
                    .filter(|&b| board.may_play(b))?;
                board.make(block);
                let line = self.defend(board, threats);
                board.unmake(block);
                return line.map(|l| prepend(block, l));
            }
            _ => return None,
        }
        // Step 2. A win by fours alone.
        let vcf = self
            .vcf
            .solve_until(board, INNER_VCF_FOURS, INNER_VCF_NODES, self.deadline);
        self.nodes += self.vcf.nodes;
        if vcf.is_some() {
            return vcf;
        }
        let key = board.pos().hash();
        if threats == 0 || self.failed(key, threats) {
            return None;
        }
        // Step 3. Each four or live three, strongest first; the defender answers every one.
        let patterns = board.patterns();
        let mut moves: Vec<usize> = near
            .iter()
            .copied()
            .filter(|&c| patterns.at(c, me).combo >= Combo::Three && board.may_play(c))
            .collect();
        moves.sort_by_cached_key(|&c| {
            let p = patterns.at(c, me);
            std::cmp::Reverse((p.combo, p.order))
        });
        moves.truncate(THREATS_PER_NODE);
        for threat in moves {
            board.make(threat);
            let line = self.defend(board, threats - 1);
            board.unmake(threat);
            if let Some(line) = line {
                return Some(prepend(threat, line));
            }
        }
        if !self.out_of_budget {
            self.remember_failure(key, threats);
        }
        None
    }

    /// The defender (the side to move) faces the attacker's threats: the attacker's line
    /// against the longest defence when every defence loses, else `None`.
    fn defend(&mut self, board: &mut GomokuBoard, threats: u32) -> Option<Vec<usize>> {
        if self.out_of_time() {
            return None;
        }
        let me = board.pos().side_to_move();
        let attacker = me.other();
        let patterns = board.patterns();
        // A threat that forces nothing: the defender plays where it likes.
        let forced = patterns.count(attacker, Combo::Five) > 0
            || patterns.has_at_least(attacker, Combo::OpenFour);
        if !forced || patterns.count(me, Combo::Five) > 0 {
            return None;
        }
        let mut near = Vec::new();
        board.candidates(&mut near);
        let mut defences = Vec::new();
        let legal = |c| board.may_play(c);
        match generate(
            patterns,
            me,
            &near,
            &self.no_history,
            quiet_bound(patterns, QUIET_MOVES),
            &mut defences,
            legal,
        ) {
            Some(Forced::Win(_)) => return None,
            Some(Forced::Loss(cell)) => {
                // Two fives to complete: whichever is blocked, the other wins.
                let five = self.other_five(board, attacker, cell);
                return Some(vec![cell, five]);
            }
            None => {}
        }
        let mut longest: Option<Vec<usize>> = None;
        for defence in defences {
            board.make(defence);
            let line = self.attack(board, threats);
            board.unmake(defence);
            let line = prepend(defence, line?);
            if longest.as_ref().is_none_or(|l| line.len() > l.len()) {
                longest = Some(line);
            }
        }
        // No defence at all: the attacker's four (or live four) cannot be stopped.
        longest.or_else(|| {
            let patterns = board.patterns();
            let first = near
                .iter()
                .copied()
                .find(|&c| patterns.at(c, attacker).combo >= Combo::OpenFour)?;
            Some(vec![first])
        })
    }

    /// The attacker's five after the defender blocks `blocked`, one of its two.
    fn other_five(&mut self, board: &mut GomokuBoard, attacker: Side, blocked: usize) -> usize {
        board.make(blocked);
        let mut near = Vec::new();
        board.candidates(&mut near);
        let patterns = board.patterns();
        let five = super::movegen::find(patterns, attacker, Combo::Five, &near);
        board.unmake(blocked);
        five.unwrap_or(blocked)
    }

    fn failed(&self, key: u64, threats: u32) -> bool {
        let (k, t) = self.table[key as usize & self.mask];
        k == key && t >= threats
    }

    fn remember_failure(&mut self, key: u64, threats: u32) {
        self.table[key as usize & self.mask] = (key, threats);
    }
}

fn cells(board: &GomokuBoard) -> usize {
    board.patterns().cells()
}

fn prepend(cell: usize, mut line: Vec<usize>) -> Vec<usize> {
    line.insert(0, cell);
    line
}
