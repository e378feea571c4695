//! Renju's forbidden moves worked out on a bare board (a stone or none on each cell), along
//! the four lines through the cell: the reading that the position (`position.rs`) and the
//! functions of `renju.rs` both use, and that knows no [`Position`](super::super::Position).

use std::fmt;

use super::super::rule::{MAX_SIDE, Rule};
use super::super::types::Side;

/// Why a black stone may not go on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Two or more threes at once.
    DoubleThree,
    /// Two or more fours at once, on different lines or on one.
    DoubleFour,
    /// Six or more in a row.
    Overline,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        })
    }
}

/// The side with forbidden moves.
const BLACK: Side = Side::X;

/// The four directions of a line, as (row step, column step).
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Why a black stone on cell `index` of `stones` would be forbidden under `rule`: `None`
/// when it would not be, when the rule is not renju, or when the cell is taken or off the
/// board (what [`forbidden_at`](super::forbidden_at) asks of a position).
#[must_use]
pub fn forbidden_under(rule: &Rule, stones: &[Option<Side>], index: usize) -> Option<Forbidden> {
    if !rule.renju() {
        return None;
    }
    forbidden_in(stones, rule.width(), rule.height(), index)
}

/// [`forbidden`](super::forbidden) on any stones, row by row on a `width` x `height` board of at most
/// [`MAX_SIDE`] a side, for a caller with a board of its own (a referee). `None` for a
/// taken cell or a board that is too large.
#[must_use]
pub fn forbidden_in(
    stones: &[Option<Side>],
    width: usize,
    height: usize,
    index: usize,
) -> Option<Forbidden> {
    if width > MAX_SIDE || height > MAX_SIDE || stones.len() != width * height {
        return None;
    }
    if stones.get(index)?.is_some() || !crowded(|i| stones[i] == Some(BLACK), width, height, index)
    {
        return None;
    }
    let mut lines = TrialBoard::new(stones, width, height);
    lines.cells[index] = Some(BLACK);
    lines.forbidden_placed(index)
}

/// Whether a black stone on `index` has enough black stones near it on its lines to make
/// something forbidden: two lines with two others within four cells, or one line with four
/// (a double four on one line, or an overline). Most cells fail this at once.
#[inline]
fn crowded(black: impl Fn(usize) -> bool, width: usize, height: usize, index: usize) -> bool {
    let (row, col) = ((index / width) as isize, (index % width) as isize);
    let mut busy = 0;
    for (dr, dc) in DIRECTIONS {
        let mut others = 0;
        for step in (-4..=4).filter(|&s| s != 0) {
            let (r, c) = (row + dr * step, col + dc * step);
            if r >= 0
                && c >= 0
                && (r as usize) < height
                && (c as usize) < width
                && black(r as usize * width + c as usize)
            {
                others += 1;
            }
        }
        if others >= 4 {
            return true;
        }
        if others >= 2 {
            busy += 1;
        }
    }
    busy >= 2
}

/// A copy of the board to try stones on.
struct TrialBoard {
    cells: [Option<Side>; MAX_SIDE * MAX_SIDE],
    width: usize,
    height: usize,
}

impl TrialBoard {
    fn new(board: &[Option<Side>], width: usize, height: usize) -> TrialBoard {
        let mut cells = [None; MAX_SIDE * MAX_SIDE];
        cells[..board.len()].copy_from_slice(board);
        TrialBoard {
            cells,
            width,
            height,
        }
    }

    /// The cell `step` cells from `index` along direction `d`, if it is on the board.
    #[inline]
    fn step(&self, index: usize, d: usize, step: isize) -> Option<usize> {
        let (dr, dc) = DIRECTIONS[d];
        let r = (index / self.width) as isize + dr * step;
        let c = (index % self.width) as isize + dc * step;
        (r >= 0 && c >= 0 && (r as usize) < self.height && (c as usize) < self.width)
            .then(|| r as usize * self.width + c as usize)
    }

    fn is_black(&self, index: Option<usize>) -> bool {
        index.is_some_and(|i| self.cells[i] == Some(BLACK))
    }

    /// The length of the black run through `index` (which holds a black stone) along `d`.
    fn run(&self, index: usize, d: usize) -> usize {
        let back = (1..).take_while(|&s| self.is_black(self.step(index, d, -s)));
        let ahead = (1..).take_while(|&s| self.is_black(self.step(index, d, s)));
        1 + back.count() + ahead.count()
    }

    /// The empty cells along `d` where a black stone makes exactly five with the black
    /// stone on `index`, in order along the line (at most two: more would need an overline).
    fn five_points(&mut self, index: usize, d: usize) -> ([isize; 2], usize) {
        let mut points = [0; 2];
        let mut found = 0;
        for s in (-4..=4).filter(|&s| s != 0) {
            let Some(e) = self.step(index, d, s).filter(|&e| self.cells[e].is_none()) else {
                continue;
            };
            self.cells[e] = Some(BLACK);
            if self.run(index, d) == 5 && found < 2 {
                points[found] = s;
                found += 1;
            }
            self.cells[e] = None;
        }
        (points, found)
    }

    /// The fours through `index` along `d`: a straight four (two five points five apart)
    /// is one four; two five points otherwise are two fours on one line (`X.XXX.X`).
    fn fours(&mut self, index: usize, d: usize) -> usize {
        match self.five_points(index, d) {
            ([a, b], 2) if b - a == 5 => 1,
            (_, found) => found,
        }
    }

    /// Whether the line through `index` along `d` (which has no four) is a three: a black
    /// stone on some empty cell of it makes a straight four through `index`, and that
    /// stone is not forbidden.
    fn is_three(&mut self, index: usize, d: usize) -> bool {
        for s in (-4..=4).filter(|&s| s != 0) {
            let Some(e) = self.step(index, d, s).filter(|&e| self.cells[e].is_none()) else {
                continue;
            };
            self.cells[e] = Some(BLACK);
            let straight = matches!(self.five_points(index, d), ([a, b], 2) if b - a == 5);
            let three = straight && self.forbidden_placed(e).is_none();
            self.cells[e] = None;
            if three {
                return true;
            }
        }
        false
    }

    /// Why the black stone on `index` is forbidden, if it is: exactly five on any line wins
    /// first; then an overline, a double four, a double three.
    fn forbidden_placed(&mut self, index: usize) -> Option<Forbidden> {
        let runs: [usize; 4] = std::array::from_fn(|d| self.run(index, d));
        if runs.contains(&5) {
            return None;
        }
        if runs.iter().any(|&r| r > 5) {
            return Some(Forbidden::Overline);
        }
        let black = |i: usize| i != index && self.cells[i] == Some(BLACK);
        if !crowded(black, self.width, self.height, index) {
            return None;
        }
        let fours: [usize; 4] = std::array::from_fn(|d| self.fours(index, d));
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let mut threes = 0;
        for d in (0..4).filter(|&d| fours[d] == 0) {
            if self.is_three(index, d) {
                threes += 1;
                if threes == 2 {
                    return Some(Forbidden::DoubleThree);
                }
            }
        }
        None
    }
}
