//! Every line of the board read at once. The lines of one direction start on a set of cells
//! and step a fixed number of cells from one of their cells to the next; shifting a stone
//! mask by i steps brings each line's i-th cell onto its first cell. So a few word
//! operations per direction read all its lines together, each line as the bit of its first
//! cell: whether the defender holds it, how many of its cells are empty (as bit planes of
//! the count), and which lines' empty cells lie within another's. A pass over the lines
//! one at a time, with the overlapping lines compared for each, took half the time of the
//! 9,8,5 proof (docs/prover.md, "Reading every line at once").

use super::prover_board::{Direction, Mask, ProverBoard, cells_of};

/// The most cells a line has.
const LONGEST: usize = 20;

/// Bit planes of a line's count of empty cells: enough for the longest line.
const PLANES: usize = (usize::BITS - LONGEST.leading_zeros()) as usize;

/// `mask` moved `by` cells towards cell 0 (nothing when by reaches past the board).
fn down(mask: Mask, by: u32) -> Mask {
    mask.checked_shr(by).unwrap_or(0)
}

/// `mask` moved `by` cells away from cell 0.
fn up(mask: Mask, by: u32) -> Mask {
    mask.checked_shl(by).unwrap_or(0)
}

/// One direction's lines as read, each line at its first cell: those the attacker can
/// still fill, and those among them by their count of empty cells.
#[derive(Clone, Copy, Default)]
struct Read {
    open: Mask,
    by_count: [Mask; LONGEST + 1],
}

/// Every line of a board as read by [`Reading::read`].
#[derive(Default)]
pub struct Reading {
    read: [Read; 4],
    /// The empty cells when read.
    free: Mask,
    k: u32,
    /// The lines [`Reading::reduce`] keeps, by direction, at their first cells.
    kept: [Mask; 4],
}

impl Reading {
    /// Reads every line of `board`.
    pub fn read(&mut self, board: &ProverBoard) {
        let free = board.free();
        self.free = free;
        self.k = board.k;
        let bits = (u32::BITS - board.k.leading_zeros()) as usize;
        for (read, direction) in self.read.iter_mut().zip(&board.directions) {
            let mut held = 0;
            let mut planes = [0; PLANES];
            for i in 0..board.k {
                let shift = i * direction.step;
                held |= down(board.defender, shift);
                // Adds the i-th cells' bits to the counts, a bit plane at a time.
                let mut carry = down(free, shift);
                for plane in &mut planes[..bits] {
                    let next = *plane & carry;
                    *plane ^= carry;
                    carry = next;
                }
            }
            read.open = direction.starts & !held;
            for n in 0..=board.k {
                read.by_count[n as usize] = (0..bits).fold(read.open, |lines, p| {
                    if n >> p & 1 == 1 {
                        lines & planes[p]
                    } else {
                        lines & !planes[p]
                    }
                });
            }
        }
    }

    /// The lines of the `index`-th direction that the attacker can still fill with `n`
    /// empty cells, at their first cells.
    fn with_count(&self, index: usize, n: u32) -> Mask {
        self.read[index].by_count[n as usize]
    }

    /// The empty cells of the lines `lines` of direction `direction` (at their first
    /// cells).
    fn cells_of_lines(&self, direction: &Direction, lines: Mask) -> Mask {
        (0..self.k).fold(0, |cells, i| cells | up(lines, i * direction.step)) & self.free
    }

    /// The empty cells of the lines the attacker can still fill.
    pub fn open_cells(&self, board: &ProverBoard) -> Mask {
        (board.directions.iter().enumerate())
            .map(|(index, direction)| self.cells_of_lines(direction, self.read[index].open))
            .fold(0, |all, cells| all | cells)
    }

    /// The cells that complete a line the attacker can still fill (lines one short).
    pub fn wins(&self, board: &ProverBoard) -> Mask {
        (board.directions.iter().enumerate())
            .map(|(index, direction)| self.cells_of_lines(direction, self.with_count(index, 1)))
            .fold(0, |all, cells| all | cells)
    }

    /// Whether the attacker has filled a line.
    pub fn filled(&self, board: &ProverBoard) -> bool {
        (0..board.directions.len()).any(|index| self.with_count(index, 0) != 0)
    }

    /// The Erdős–Selfridge potential (see [`ProverBoard::potential`]): an open line with n empty
    /// cells holds K - n attacker stones.
    pub fn potential(&self, board: &ProverBoard) -> u64 {
        let mut potential = 0;
        for index in 0..board.directions.len() {
            for n in 0..=self.k {
                let lines = u64::from(self.with_count(index, n).count_ones());
                potential += lines << (self.k - n);
            }
        }
        potential
    }

    /// Keeps, of the lines the attacker can still fill, those whose empty cells include no
    /// other line's (nor equal those of a line with a smaller id); false when such a line
    /// has fewer than two empty cells. Two lines with two empty cells each can only hold
    /// each other's when they overlap on two cells or more: lines of one direction at most
    /// K - 2 steps apart, the only ones compared.
    pub fn reduce(&mut self, board: &ProverBoard) -> bool {
        let directions = board.directions.len();
        if (0..directions).any(|index| self.with_count(index, 0) | self.with_count(index, 1) != 0) {
            return false;
        }
        for (index, direction) in board.directions.iter().enumerate() {
            let open = self.read[index].open;
            let step = direction.step;
            let mut dropped = 0;
            // Line a (at a cell) and line b, d steps further along. A cell of one outside
            // the other that is not empty holds an attacker stone (both are open).
            let (mut a_outside_b_taken, mut b_outside_a_taken) = (Mask::MAX, Mask::MAX);
            for d in 1..board.k.saturating_sub(1) {
                let pairs = open & down(open, d * step);
                // a's cells outside b: a's first d; b's cells outside a: the d after a's.
                a_outside_b_taken &= down(board.attacker, (d - 1) * step);
                b_outside_a_taken &= down(board.attacker, (board.k + d - 1) * step);
                let a_holds_b = pairs & b_outside_a_taken;
                let b_holds_a = pairs & a_outside_b_taken;
                // When each holds the other, b has the larger id and goes.
                dropped |= a_holds_b & !b_holds_a | up(b_holds_a, d * step);
            }
            self.kept[index] = open & !dropped;
        }
        true
    }

    /// The lines [`Reading::reduce`] kept, by direction (in the order of
    /// `board.directions`), each at its first cell.
    pub fn kept(&self) -> &[Mask; 4] {
        &self.kept
    }

    /// How many lines [`Reading::reduce`] kept, and how many empty cells they hold.
    pub fn kept_size(&self, board: &ProverBoard) -> (u32, u32) {
        let (mut lines, mut cells) = (0, 0);
        for (index, direction) in board.directions.iter().enumerate() {
            lines += self.kept[index].count_ones();
            cells |= self.cells_of_lines(direction, self.kept[index]);
        }
        (lines, cells.count_ones())
    }

    /// The empty cells of the lines [`Reading::reduce`] kept, the fewest first and by id
    /// within a count, in `out`.
    pub fn kept_lines(&self, board: &ProverBoard, out: &mut Vec<Mask>) {
        out.clear();
        let directions = board.directions.len();
        for n in 2..=self.k {
            let mut by_direction = [0; 4];
            for (index, lines) in by_direction.iter_mut().enumerate().take(directions) {
                *lines = self.kept[index] & self.with_count(index, n);
            }
            let starts = by_direction.iter().fold(0, |all, &lines| all | lines);
            for cell in cells_of(starts) {
                for (index, direction) in board.directions.iter().enumerate() {
                    if by_direction[index] >> cell & 1 == 1 {
                        out.push(board.lines[usize::from(direction.ids[cell])] & self.free);
                    }
                }
            }
        }
    }
}

/// The direction (its index in `board.directions`) of the lines that hold both cells of
/// `pair`, and those lines at their first cells; `None` when no line holds both.
pub fn lines_holding(board: &ProverBoard, pair: Mask) -> Option<(usize, Mask)> {
    board
        .directions
        .iter()
        .enumerate()
        .find_map(|(index, direction)| {
            let starts = cells_of(direction.starts)
                .filter(|&cell| board.lines[usize::from(direction.ids[cell])] & pair == pair)
                .fold(0, |all: Mask, cell| all | 1 << cell);
            (starts != 0).then_some((index, starts))
        })
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::rules::{Position, Rule, Side};

    /// What a pass over the lines one at a time finds: the open lines' empty cells, the
    /// cells completing one, whether one is full, and the reduced lines (every open line
    /// compared with every other, then a stable sort by count), or `None` for those when an
    /// open line has fewer than two empty cells.
    fn plainly(board: &ProverBoard) -> (Mask, Mask, bool, Option<Vec<Mask>>) {
        let free = board.free();
        let open: Vec<(usize, Mask)> = (board.lines.iter().enumerate())
            .filter(|&(_, &line)| board.is_open(line))
            .map(|(id, &line)| (id, line & free))
            .collect();
        let cells = open.iter().fold(0, |all, &(_, set)| all | set);
        let wins = (open.iter())
            .filter(|&&(_, set)| set.count_ones() == 1)
            .fold(0, |all, &(_, set)| all | set);
        let filled = open.iter().any(|&(_, set)| set == 0);
        if open.iter().any(|&(_, set)| set.count_ones() < 2) {
            return (cells, wins, filled, None);
        }
        let mut kept: Vec<Mask> = (open.iter())
            .filter(|&&(id, set)| {
                !open.iter().any(|&(other, other_set)| {
                    other != id && other_set & !set == 0 && (other_set != set || other < id)
                })
            })
            .map(|&(_, set)| set)
            .collect();
        kept.sort_by_key(|set| set.count_ones());
        (cells, wins, filled, Some(kept))
    }

    #[test]
    fn every_line_read_at_once_is_read_as_one_at_a_time() {
        let mut rng = StdRng::seed_from_u64(985);
        let (mut reading, mut out) = (Reading::default(), Vec::new());
        let mut reduced = 0;
        for rule in [
            "9,8,5", "7,7,5", "6,6,4", "11,11,5", "3,3,3", "4,9,4", "16,8,7",
        ] {
            let rule: Rule = rule.parse().unwrap();
            for _ in 0..300 {
                let mut board = ProverBoard::new(&Position::new(rule), Side::X).unwrap();
                let stones = rng.random_range(0..rule.cells() * 2 / 3);
                for _ in 0..stones {
                    let free: Vec<usize> = cells_of(board.free()).collect();
                    board.make(free[rng.random_range(0..free.len())]);
                }
                reading.read(&board);
                let (cells, wins, filled, plain) = plainly(&board);
                let what = format!("{rule} with {stones} stones");
                assert_eq!(reading.open_cells(&board), cells, "{what}");
                assert_eq!(reading.wins(&board), wins, "{what}");
                assert_eq!(reading.filled(&board), filled, "{what}");
                assert_eq!(reading.potential(&board), board.potential(), "{what}");
                assert_eq!(reading.reduce(&board), plain.is_some(), "{what}");
                if let Some(plain) = plain {
                    reading.kept_lines(&board, &mut out);
                    assert_eq!(out, plain, "{what}");
                    let cells = plain.iter().fold(0, |all, &set| all | set).count_ones();
                    assert_eq!(reading.kept_size(&board), (plain.len() as u32, cells));
                    reduced += 1;
                }
            }
        }
        assert!(
            reduced > 500,
            "only {reduced} positions had every open line at two cells or more"
        );
    }
}
