//! The prover's board: two stone sets as 128-bit cell masks, the K-cell lines as masks, and
//! one incremental hash per board symmetry, so a position and its mirror images share one
//! table entry. The two colours are "attacker" (the side trying to make K in a row) and
//! "defender", whatever their names in the game. The lines are also kept by direction
//! ([`Direction`]), for `reading.rs` to read them all at once.

use crate::rules::zobrist::splitmix64;
use crate::rules::{Geometry, Position, Side};

/// A set of cells, bit `i` for cell index `i`.
pub type Mask = u128;

/// The most cells the prover handles (one bit each in a [`Mask`]).
pub const MAX_CELLS: usize = 128;

/// The cells of `mask`, lowest first.
pub fn cells_of(mut mask: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            cell
        })
    })
}

/// The lines of one direction.
#[derive(Clone)]
pub struct Direction {
    /// How many cells apart a line's neighbouring cells are.
    pub(super) step: u32,
    /// The first cells of its lines.
    pub(super) starts: Mask,
    /// The id of the line starting on each cell (by cell; meaningless where none starts).
    pub(super) ids: Vec<u16>,
}

/// The lines of `lines` (each a mask of K cells of a board `width` cells wide) by
/// direction: rows, columns, diagonals, anti-diagonals, in that order, each one that has
/// lines. Lines with the same first cell then come in the order of their ids, as the ids
/// are given (by first cell, then direction).
fn directions(lines: &[Mask], width: usize, cells: usize) -> Vec<Direction> {
    let mut found: Vec<Option<Direction>> = vec![None, None, None, None];
    for (id, &line) in lines.iter().enumerate() {
        let mut members = cells_of(line);
        let (Some(first), Some(second)) = (members.next(), members.next()) else {
            continue;
        };
        let step = second - first;
        let same_row = first / width == second / width;
        let index = match step {
            1 if same_row => 0,
            _ if step == width => 1,
            _ if step == width + 1 => 2,
            _ => 3,
        };
        let direction = found[index].get_or_insert_with(|| Direction {
            step: step as u32,
            starts: 0,
            ids: vec![u16::MAX; cells],
        });
        direction.starts |= 1 << first;
        direction.ids[first] = id as u16;
    }
    found.into_iter().flatten().collect()
}

/// The attacker's and defender's stones and who moves, with symmetric hashes.
#[derive(Clone)]
pub struct ProverBoard {
    /// Every K-cell line of the board.
    pub lines: Vec<Mask>,
    /// For each cell, the ids of the lines through it.
    pub lines_through: Vec<Vec<u16>>,
    /// The lines by direction, for reading them all at once.
    pub directions: Vec<Direction>,
    /// All cells of the board.
    pub all: Mask,
    pub k: u32,
    pub attacker: Mask,
    pub defender: Mask,
    pub attacker_to_move: bool,
    /// Where each cell goes under each symmetry of the board.
    maps: Vec<Vec<u8>>,
    /// `keys[colour][cell]`, colour 0 the attacker.
    keys: [Vec<u64>; 2],
    hashes: [u64; 8],
}

impl ProverBoard {
    /// The board of `position` with `attacker` as the side that wants K in a row, or `None`
    /// when the board has more than [`MAX_CELLS`] cells.
    #[must_use]
    pub fn new(position: &Position, attacker: Side) -> Option<ProverBoard> {
        let geometry: &Geometry = position.geometry();
        let cells = position.rule().cells();
        if cells > MAX_CELLS {
            return None;
        }
        let lines: Vec<Mask> = (0..geometry.window_count())
            .map(|id| geometry.window(id).iter().fold(0, |m, &c| m | 1 << c))
            .collect();
        let mut lines_through = vec![Vec::new(); cells];
        for (id, line) in lines.iter().enumerate() {
            for cell in cells_of(*line) {
                lines_through[cell].push(id as u16);
            }
        }
        let maps = (0..geometry.symmetries().len())
            .map(|n| geometry.symmetry_map(n).iter().map(|&c| c as u8).collect())
            .collect();
        let key = |colour: u64| {
            (0..cells as u64)
                .map(|c| splitmix64(c * 2 + colour))
                .collect()
        };
        let directions = directions(&lines, position.rule().width(), cells);
        let mut board = ProverBoard {
            lines,
            lines_through,
            directions,
            all: if cells == MAX_CELLS {
                Mask::MAX
            } else {
                (1 << cells) - 1
            },
            k: position.rule().k() as u32,
            attacker: 0,
            defender: 0,
            attacker_to_move: position.side_to_move() == attacker,
            maps,
            keys: [key(0), key(1)],
            hashes: [0; 8],
        };
        for (cell, stone) in position.board().iter().enumerate() {
            if let Some(side) = stone {
                board.toggle(cell, *side == attacker);
            }
        }
        Some(board)
    }

    /// Empty cells.
    #[inline]
    #[must_use]
    pub fn free(&self) -> Mask {
        self.all & !(self.attacker | self.defender)
    }

    /// Whether line `line` has no defender stone (the attacker can still fill it).
    #[inline]
    #[must_use]
    pub fn is_open(&self, line: Mask) -> bool {
        line & self.defender == 0
    }

    /// Whether line `line` has no attacker stone (the defender could still fill it).
    #[inline]
    #[must_use]
    pub fn is_open_for_defender(&self, line: Mask) -> bool {
        line & self.attacker == 0
    }

    /// Plays `cell` for the side to move.
    #[inline]
    pub fn make(&mut self, cell: usize) {
        self.toggle(cell, self.attacker_to_move);
        self.attacker_to_move = !self.attacker_to_move;
    }

    /// Takes back the last move, on `cell`.
    #[inline]
    pub fn unmake(&mut self, cell: usize) {
        self.attacker_to_move = !self.attacker_to_move;
        self.toggle(cell, self.attacker_to_move);
    }

    fn toggle(&mut self, cell: usize, attacker: bool) {
        let bit: Mask = 1 << cell;
        let colour = usize::from(!attacker);
        if attacker {
            self.attacker ^= bit;
        } else {
            self.defender ^= bit;
        }
        for (n, map) in self.maps.iter().enumerate() {
            self.hashes[n] ^= self.keys[colour][map[cell] as usize];
        }
    }

    /// The symmetry that takes the position to the image whose hash is its key (the first
    /// one, when several images share the least hash).
    #[must_use]
    pub fn canonical_symmetry(&self) -> usize {
        let hashes = &self.hashes[..self.maps.len()];
        (0..hashes.len()).min_by_key(|&n| hashes[n]).unwrap_or(0)
    }

    /// Where each cell goes under each symmetry of the board (the identity first).
    #[must_use]
    pub fn symmetry_maps(&self) -> &[Vec<u8>] {
        &self.maps
    }

    /// The cells of `mask` moved by symmetry `n` (or back, with `inverse`).
    #[must_use]
    pub fn map_mask(&self, n: usize, mask: Mask, inverse: bool) -> Mask {
        if mask == self.all || mask == Mask::MAX {
            return mask;
        }
        let map = &self.maps[n];
        let mut out = 0;
        if inverse {
            // Symmetry n sends cell c to map[c]: a cell of the image came from the c with
            // map[c] in the mask.
            for (c, &to) in map.iter().enumerate() {
                if mask >> to & 1 == 1 {
                    out |= 1 << c;
                }
            }
        } else {
            for c in cells_of(mask) {
                out |= 1 << map[c];
            }
        }
        out
    }

    /// The same key for every symmetric image of the position, with the side to move.
    #[must_use]
    pub fn key(&self) -> u64 {
        let least = self.hashes[..self.maps.len()].iter().min().copied();
        least.unwrap_or(0) ^ u64::from(self.attacker_to_move)
    }

    /// The Erdős–Selfridge potential of the open lines, scaled by 2^K: the sum over lines
    /// without a defender stone of 2^(attacker stones). Below 2^K with the defender to move
    /// (2^(K-1) with the attacker to move), the defender can keep every line from filling.
    #[must_use]
    pub fn potential(&self) -> u64 {
        self.lines
            .iter()
            .filter(|&&l| self.is_open(l))
            .map(|&l| 1u64 << (l & self.attacker).count_ones())
            .sum()
    }

    /// Whether the potential alone shows that the attacker cannot fill a line.
    #[must_use]
    pub fn potential_refutes(&self) -> bool {
        let bound = if self.attacker_to_move {
            1u64 << (self.k - 1)
        } else {
            1u64 << self.k
        };
        self.potential() < bound
    }

    /// The weight of each empty cell: the potential of the open lines through it, the
    /// greedy choice of the Erdős–Selfridge strategy. Larger is more urgent.
    pub fn weight(&self, cell: usize, for_attacker: bool) -> u64 {
        self.lines_through[cell]
            .iter()
            .map(|&id| self.lines[id as usize])
            .filter(|&l| {
                if for_attacker {
                    self.is_open(l)
                } else {
                    self.is_open_for_defender(l)
                }
            })
            .map(|l| {
                let own = if for_attacker {
                    self.attacker
                } else {
                    self.defender
                };
                1u64 << (2 * (l & own).count_ones())
            })
            .sum()
    }
}
