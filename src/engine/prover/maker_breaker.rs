//! The Maker-Breaker game: the attacker (Maker) wins by filling a line; the defender
//! (Breaker) only has to put a stone on every line. The defender's own lines do not count,
//! so the game is easier for the defender than the real one only in that it ignores the
//! defender's threats: a defender win here means the attacker cannot make K in a row in
//! the real game either, and on the empty board (where strategy stealing shows the first
//! player cannot lose) that the real game is a draw.
//!
//! Cuts at every node: a line one short (the attacker to move wins; two of them and the
//! defender cannot stop both), the Erdős–Selfridge potential, and a pairing strategy.
//! Moves: only empty cells on lines the attacker can still fill; cells that lie on exactly
//! the same such lines give the same position up to swapping them, so one stands for all.

use super::board::{Board, Mask, cells_of};
use super::dfpn::{AndOr, INF, Leaf};
use super::pairing::{PairingSearch, Pairs};

/// The disproof number an attacker-to-move node starts with per unit of its potential
/// measured against the bound 2^(K-1) (see [`MakerBreaker::initial_numbers`]).
const DN_SCALE: u64 = 16;

/// Why a Maker-Breaker position is decided without searching its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The attacker has filled a line, or fills one now (or has two lines one short).
    Threat,
    /// No line can be filled any more.
    NoLines,
    /// The Erdős–Selfridge potential is below the bound.
    Potential,
    /// A pairing covers every line.
    Pairing(Pairs),
}

/// The Maker-Breaker game on a prover board.
pub struct MakerBreaker {
    pub board: Board,
    pub pairing: PairingSearch,
}

/// The empty cells of the lines the attacker can still fill, and the cells where the
/// attacker completes a line (lines one short).
fn open_cells(board: &Board) -> (Mask, Mask, bool) {
    let free = board.free();
    let (mut cells, mut wins, mut filled) = (0, 0, false);
    for &line in &board.lines {
        if board.is_open(line) {
            let f = line & free;
            cells |= f;
            match f.count_ones() {
                0 => filled = true,
                1 => wins |= f,
                _ => {}
            }
        }
    }
    (cells, wins, filled)
}

impl MakerBreaker {
    /// The game on `board`.
    #[must_use]
    pub fn new(board: Board) -> MakerBreaker {
        MakerBreaker {
            board,
            pairing: PairingSearch::default(),
        }
    }

    /// The static verdict with its reason: `Some(true, _)` the attacker wins, `Some(false,
    /// _)` it cannot, `None` search on.
    pub fn decide(&mut self) -> Option<(bool, Reason)> {
        let b = &self.board;
        let (cells, wins, filled) = open_cells(b);
        if filled {
            return Some((true, Reason::Threat));
        }
        if b.attacker_to_move && wins != 0 || !b.attacker_to_move && wins.count_ones() >= 2 {
            return Some((true, Reason::Threat));
        }
        if cells == 0 {
            return Some((false, Reason::NoLines));
        }
        if b.potential_refutes() {
            return Some((false, Reason::Potential));
        }
        // A pairing is only searched with the attacker to move: with the defender to move,
        // any defender move keeps a pairing intact, so the children find it.
        if wins == 0
            && b.attacker_to_move
            && let Some(pairs) = self.pairing.find(&self.board)
        {
            return Some((false, Reason::Pairing(pairs)));
        }
        None
    }

    /// The proof and disproof numbers an undecided node starts with. With the attacker to
    /// move, the disproof number grows with the Erdős–Selfridge potential over its bound
    /// 2^(K-1): a position far above the bound needs many defender answers to refute, one
    /// just above it few, so df-pn looks first where refutations are cheap. Measured with
    /// `tictactoe solve --rule 7,7,5 --threads 1` (release): all nodes (1, 1) 2.14 s and
    /// 673,891 nodes; 16 per unit of potential 1.33 s and 188,892 nodes (2 per unit 1.78 s,
    /// 8 per unit 1.45 s, 12 to 256 per unit 1.29 to 1.39 s). Giving the defender's nodes
    /// numbers from the potential too made it slower (2.5 s), as did proof numbers (8.3 s).
    fn initial_numbers(&self) -> (u32, u32) {
        let b = &self.board;
        if !b.attacker_to_move {
            return (1, 1);
        }
        let bound = 1u64 << (b.k - 1);
        let dn = (b.potential() * DN_SCALE).div_ceil(bound);
        (1, u32::try_from(dn).unwrap_or(INF - 1).clamp(1, INF - 1))
    }

    /// Moves with the cells they stand for: each empty cell of an open line, grouped with
    /// the cells that lie on exactly the same open lines.
    pub fn move_classes(&self) -> Vec<(usize, Vec<usize>)> {
        let b = &self.board;
        let (cells, wins, _) = open_cells(b);
        if !b.attacker_to_move && wins != 0 {
            // The one threat must be blocked.
            let cell = wins.trailing_zeros() as usize;
            return vec![(cell, vec![cell])];
        }
        let mut classes: Vec<(Vec<u16>, usize, Vec<usize>)> = Vec::new();
        for cell in cells_of(cells) {
            let signature: Vec<u16> = b.lines_through[cell]
                .iter()
                .copied()
                .filter(|&id| b.is_open(b.lines[id as usize]))
                .collect();
            match classes.iter_mut().find(|(s, _, _)| *s == signature) {
                Some((_, _, members)) => members.push(cell),
                None => classes.push((signature, cell, vec![cell])),
            }
        }
        let mut out: Vec<(u64, usize, Vec<usize>)> = classes
            .into_iter()
            .map(|(_, cell, members)| (b.weight(cell, true), cell, members))
            .collect();
        out.sort_by_key(|&(w, cell, _)| (std::cmp::Reverse(w), cell));
        out.into_iter().map(|(_, c, m)| (c, m)).collect()
    }
}

impl AndOr for MakerBreaker {
    fn key(&self) -> u64 {
        self.board.key()
    }

    fn attacker_to_move(&self) -> bool {
        self.board.attacker_to_move
    }

    fn evaluate(&mut self) -> Leaf {
        match self.decide() {
            Some((true, _)) => Leaf::Proved,
            Some((false, _)) => Leaf::Disproved,
            None => {
                let (pn, dn) = self.initial_numbers();
                Leaf::Open(pn, dn)
            }
        }
    }

    fn moves(&mut self, out: &mut Vec<usize>) {
        out.extend(self.move_classes().into_iter().map(|(cell, _)| cell));
    }

    fn make(&mut self, cell: usize) {
        self.board.make(cell);
    }

    fn unmake(&mut self, cell: usize) {
        self.board.unmake(cell);
    }
}
