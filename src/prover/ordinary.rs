//! The real game, asked one question: can the attacker make K in a row before the
//! defender does? Used for wins, where the Maker-Breaker game says nothing (there the
//! defender's own lines are ignored). Threats decide at once: the side to move completes a
//! line if it can, must block the opponent's one line one short, and loses to two. Where
//! the attacker can no longer fill a line (no open line, the Erdős–Selfridge potential, a
//! pairing) it cannot win. Only cells on some line either side can still fill are moves: a
//! stone elsewhere is a pass, and in a game where more stones never hurt, any other move is
//! at least as good.
//!
//! Only for the usual "K or more" rule: under exactly-K an extra stone can hurt (it can turn
//! a line into an overline), so none of this reasoning holds there.

use super::pairing::PairingSearch;
use super::prover_board::{Mask, ProverBoard, cells_of};
use super::search::{AndOr, Leaf};

/// The real game with the attacker's question.
pub struct Ordinary {
    pub board: ProverBoard,
    pub pairing: PairingSearch,
}

/// What the lines of one position hold: for each side, the cells where it completes a
/// line, whether it has filled one, and the empty cells of its open lines.
#[derive(Default)]
struct Lines {
    wins: [Mask; 2],
    filled: [bool; 2],
    live: [Mask; 2],
}

impl Ordinary {
    /// The game on `board`.
    #[must_use]
    pub fn new(board: ProverBoard) -> Ordinary {
        Ordinary {
            board,
            pairing: PairingSearch::default(),
        }
    }

    /// Index 0 the attacker, 1 the defender.
    fn lines(&self) -> Lines {
        let b = &self.board;
        let free = b.free();
        let mut out = Lines::default();
        for &line in &b.lines {
            for (side, (own, other)) in [(b.attacker, b.defender), (b.defender, b.attacker)]
                .into_iter()
                .enumerate()
            {
                if line & other == 0 {
                    let f = line & free;
                    out.live[side] |= f;
                    match f.count_ones() {
                        0 if line & own == line => out.filled[side] = true,
                        1 => out.wins[side] |= f,
                        _ => {}
                    }
                }
            }
        }
        out
    }

    /// A cell where the attacker completes a line now, if there is one.
    pub fn attackers_win(&self) -> Option<usize> {
        let wins = self.lines().wins[0];
        (wins != 0).then(|| wins.trailing_zeros() as usize)
    }

    /// The side to move's index in [`Lines`].
    fn mover(&self) -> usize {
        usize::from(!self.board.attacker_to_move)
    }
}

impl AndOr for Ordinary {
    fn key(&self) -> u64 {
        self.board.key()
    }

    fn attacker_to_move(&self) -> bool {
        self.board.attacker_to_move
    }

    fn evaluate(&mut self) -> Leaf {
        let l = self.lines();
        let attacker_wins = |side: usize| {
            if side == 0 {
                Leaf::Proved
            } else {
                Leaf::Disproved
            }
        };
        let (me, you) = (self.mover(), 1 - self.mover());
        // Step 1. A finished game, a line completed now, two lines to block.
        if l.filled[0] {
            return Leaf::Proved;
        }
        if l.filled[1] || self.board.free() == 0 {
            return Leaf::Disproved;
        }
        if l.wins[me] != 0 {
            return attacker_wins(me);
        }
        if l.wins[you].count_ones() >= 2 {
            return attacker_wins(you);
        }
        // Step 2. The attacker can no longer fill a line at all.
        if l.live[0] == 0 || self.board.potential_refutes() {
            return Leaf::Disproved;
        }
        if l.wins[0] == 0 && self.pairing.find(&self.board).is_some() {
            return Leaf::Disproved;
        }
        Leaf::Open(1, 1)
    }

    fn moves(&mut self, out: &mut Vec<usize>) {
        let l = self.lines();
        let you = 1 - self.mover();
        if l.wins[you] != 0 {
            out.push(l.wins[you].trailing_zeros() as usize);
            return;
        }
        let b = &self.board;
        let mut cells: Vec<(u64, usize)> = cells_of(l.live[0] | l.live[1])
            .map(|c| (b.weight(c, true) + b.weight(c, false), c))
            .collect();
        cells.sort_by_key(|&(w, c)| (std::cmp::Reverse(w), c));
        out.extend(cells.into_iter().map(|(_, c)| c));
    }

    fn make(&mut self, cell: usize) {
        self.board.make(cell);
    }

    fn unmake(&mut self, cell: usize) {
        self.board.unmake(cell);
    }
}
