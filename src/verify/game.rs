//! The checker's own board: the stones as maker, breaker or empty, whose turn it is, and
//! the rule's lines as cell lists (it shares no code with the prover's board); and the
//! zones a check works out from the leaves up.

use std::sync::Arc;

use crate::rules::{Position, Side};

/// The most cells a board of the rules has (20x20), within [`Zone`]'s bits.
pub(super) const ZONE_WORDS: usize = 7;

/// One stone colour on the checker's board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stone {
    Empty,
    Maker,
    Breaker,
}

/// A set of cells: a zone, the cells the breaker's refutation of a position depends on.
///
/// A zone Z of a position P is checked to mean: the breaker stops the maker in every
/// position that differs from P only by maker stones taken away, breaker stones added, and
/// maker stones added on cells outside Z (the same side to move). A pairing's zone is its
/// cells; the potential's, the empty cells of open lines; no open line, none. A breaker
/// node's zone is its child's and the reply. A maker node's is each branch's zone without
/// the branch's cell (with it when the branch stands for other cells, which are swapped
/// with it), and the stronger cells that dominated moves lean on. A maker move on a cell
/// outside a branch's zone then gives a position that differs from that branch's only so,
/// and is refuted by it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct Zone(pub(super) [u64; ZONE_WORDS]);

impl Zone {
    pub(super) fn add(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }
    pub(super) fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }
    pub(super) fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }
    pub(super) fn join(&mut self, other: &Zone) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

/// The checker's board: stones, whose turn, and the rule's lines as cell lists.
#[derive(Clone)]
pub(super) struct CheckerBoard {
    pub(super) stones: Vec<Stone>,
    pub(super) maker_to_move: bool,
    lines: Arc<RuleLines>,
    pub(super) k: usize,
}

/// The rule's lines: the cells of each, and the lines through each cell.
struct RuleLines {
    cells: Vec<Vec<usize>>,
    through: Vec<Vec<usize>>,
}

impl CheckerBoard {
    pub(super) fn new(position: &Position, maker: Side) -> CheckerBoard {
        let geometry = position.geometry();
        let cells: Vec<Vec<usize>> = (0..geometry.window_count())
            .map(|id| {
                geometry
                    .window(id)
                    .iter()
                    .map(|&c| usize::from(c))
                    .collect()
            })
            .collect();
        let mut through = vec![Vec::new(); position.rule().cells()];
        for (id, line) in cells.iter().enumerate() {
            for &c in line {
                through[c].push(id);
            }
        }
        let stones = position
            .board()
            .iter()
            .map(|s| match s {
                None => Stone::Empty,
                Some(side) if *side == maker => Stone::Maker,
                Some(_) => Stone::Breaker,
            })
            .collect();
        CheckerBoard {
            stones,
            maker_to_move: position.side_to_move() == maker,
            lines: Arc::new(RuleLines { cells, through }),
            k: position.rule().k(),
        }
    }

    /// Whether line `id` holds no breaker stone.
    pub(super) fn is_open(&self, id: usize) -> bool {
        self.lines.cells[id]
            .iter()
            .all(|&c| self.stones[c] != Stone::Breaker)
    }

    /// The lines without a breaker stone.
    pub(super) fn open_lines(&self) -> impl Iterator<Item = &Vec<usize>> {
        self.lines
            .cells
            .iter()
            .filter(|line| line.iter().all(|&c| self.stones[c] != Stone::Breaker))
    }

    /// Whether the maker has filled a line.
    pub(super) fn maker_has_line(&self) -> bool {
        self.open_lines()
            .any(|line| line.iter().all(|&c| self.stones[c] == Stone::Maker))
    }

    /// The open lines through `cell`, as indices into the line list.
    pub(super) fn open_lines_through(&self, cell: usize) -> Vec<usize> {
        self.lines.through[cell]
            .iter()
            .copied()
            .filter(|&id| self.is_open(id))
            .collect()
    }

    /// The maker's moves that matter: the empty cells of open lines.
    pub(super) fn moves(&self) -> Vec<usize> {
        let mut on_open = vec![false; self.stones.len()];
        for line in self.open_lines() {
            for &c in line {
                on_open[c] |= self.stones[c] == Stone::Empty;
            }
        }
        (0..self.stones.len()).filter(|&c| on_open[c]).collect()
    }

    /// Plays `cell` for the side to move, refusing a taken or missing cell.
    pub(super) fn play(&self, cell: usize) -> Result<CheckerBoard, String> {
        if self.stones.get(cell) != Some(&Stone::Empty) {
            return Err(format!("cell {cell} is not an empty cell of the board"));
        }
        let mut next = self.clone();
        next.stones[cell] = if self.maker_to_move {
            Stone::Maker
        } else {
            Stone::Breaker
        };
        next.maker_to_move = !self.maker_to_move;
        Ok(next)
    }
}
