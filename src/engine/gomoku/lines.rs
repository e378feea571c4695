//! The line patterns of every empty cell, for both sides, kept up to date stone by stone.
//!
//! Each cell keeps, for each of the four directions, a key of the ten cells around it on
//! that line. A stone changes the keys of the cells within five of it along its four lines,
//! so only those cells' patterns are looked up again. Each side's totals (the number of
//! cells of each [`Combo`] and the sum of the cells' scores) follow, so the threats of both
//! sides are known at every node without a scan.

use crate::rules::{Position, Rule, Side};

use super::patterns::{COMBOS, Combo, HALF, Pattern, PatternTable, WALL, slot};

/// The four directions of a line: along a row, a column, and the two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// What one empty cell is worth to one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPatterns {
    /// The pattern a stone here makes on each line.
    pub lines: [Pattern; 4],
    /// What the four lines make together.
    pub combo: Combo,
    /// The evaluation's score of the lines and their combination (the weights file's).
    pub score: i32,
    /// The move ordering's score of the same (the hand-set one).
    pub order: i32,
}

const NOTHING: CellPatterns = CellPatterns {
    lines: [Pattern::None; 4],
    combo: Combo::Quiet,
    score: 0,
    order: 0,
};

/// The patterns of a board, incrementally maintained.
#[derive(Clone)]
pub struct PatternBoard {
    table: &'static PatternTable,
    width: usize,
    height: usize,
    /// `keys[cell][direction]`: the line key around the cell (kept for every cell, so an
    /// emptied cell's patterns are right at once).
    keys: Vec<[u32; 4]>,
    /// `cells[cell][side]`: what a stone of that side on the (empty) cell makes; `NOTHING`
    /// for an occupied cell.
    cells: Vec<[CellPatterns; 2]>,
    /// `combos[side][combo]`: empty cells of that combination for that side.
    combos: [[u32; COMBOS]; 2],
    /// `totals[side]`: the sum of the scores of the empty cells for that side.
    totals: [i32; 2],
    occupied: Vec<bool>,
    /// `reach[cell][direction]`: how many cells (up to [`HALF`]) the line has before and
    /// after `cell`, so the cells a stone changes are found without dividing.
    reach: Vec<[(u8, u8); 4]>,
    /// The index step of each direction.
    strides: [isize; 4],
}

impl PatternBoard {
    /// The patterns of `pos`, for five in a row under its rule.
    #[must_use]
    pub fn new(pos: &Position) -> PatternBoard {
        let rule: &Rule = pos.rule();
        let (width, height) = (rule.width(), rule.height());
        let cells = rule.cells();
        let mut board = PatternBoard {
            table: PatternTable::get(rule),
            width,
            height,
            keys: vec![[0; 4]; cells],
            cells: vec![[NOTHING; 2]; cells],
            combos: [[0; COMBOS]; 2],
            totals: [0; 2],
            occupied: vec![false; cells],
            reach: vec![[(0, 0); 4]; cells],
            strides: DIRECTIONS.map(|(dr, dc)| dr * width as isize + dc),
        };
        for cell in 0..cells {
            for (d, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
                let on = |offset: isize| board.step(cell, dr * offset, dc * offset).is_some();
                let back = (1..=HALF as isize).take_while(|&o| on(-o)).count();
                let ahead = (1..=HALF as isize).take_while(|&o| on(o)).count();
                board.reach[cell][d] = (back as u8, ahead as u8);
            }
        }
        // Walls: every key slot that falls off the board.
        for cell in 0..cells {
            for (d, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
                for offset in (-(HALF as isize)..=HALF as isize).filter(|&o| o != 0) {
                    if board.step(cell, dr * offset, dc * offset).is_none() {
                        board.keys[cell][d] |= WALL << (2 * slot(offset));
                    }
                }
            }
        }
        for (cell, stone) in pos.board().iter().enumerate() {
            if let Some(side) = stone {
                board.occupied[cell] = true;
                board.set_neighbours(cell, code(*side));
            }
        }
        for cell in 0..cells {
            if !board.occupied[cell] {
                board.refresh(cell);
                board.add(cell, 1);
            }
        }
        board
    }

    /// The cell `dr` rows and `dc` columns away from `cell`, if it is on the board.
    #[inline]
    fn step(&self, cell: usize, dr: isize, dc: isize) -> Option<usize> {
        let r = (cell / self.width) as isize + dr;
        let c = (cell % self.width) as isize + dc;
        (r >= 0 && c >= 0 && (r as usize) < self.height && (c as usize) < self.width)
            .then(|| r as usize * self.width + c as usize)
    }

    /// Writes `code` into the keys of the cells around `cell` (without looking up patterns).
    fn set_neighbours(&mut self, cell: usize, code: u32) {
        for (d, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
            for offset in (-(HALF as isize)..=HALF as isize).filter(|&o| o != 0) {
                if let Some(n) = self.step(cell, dr * offset, dc * offset) {
                    // `cell` is `-offset` steps from `n`.
                    let shift = 2 * slot(-offset);
                    self.keys[n][d] = (self.keys[n][d] & !(3 << shift)) | code << shift;
                }
            }
        }
    }

    /// A stone of `side` is placed on the empty `cell`.
    pub fn place(&mut self, cell: usize, side: Side) {
        self.add(cell, -1);
        self.cells[cell] = [NOTHING; 2];
        self.occupied[cell] = true;
        self.update_neighbours(cell, code(side));
    }

    /// The stone on `cell` is taken back.
    pub fn remove(&mut self, cell: usize) {
        self.occupied[cell] = false;
        self.update_neighbours(cell, super::patterns::EMPTY);
        self.refresh(cell);
        self.add(cell, 1);
    }

    fn update_neighbours(&mut self, cell: usize, code: u32) {
        for d in 0..4 {
            let (back, ahead) = self.reach[cell][d];
            let stride = self.strides[d];
            // `cell` sits `step` slots before the centre of the keys of the cells after it,
            // and after the centre of the keys of the cells before it.
            for step in 1..=usize::from(ahead) {
                let n = cell.wrapping_add_signed(step as isize * stride);
                self.update_key(n, d, 2 * (HALF - step), code);
            }
            for step in 1..=usize::from(back) {
                let n = cell.wrapping_add_signed(-(step as isize) * stride);
                self.update_key(n, d, 2 * (HALF - 1 + step), code);
            }
        }
    }

    /// Writes `code` at `shift` in the key of `n`'s line `d`, and looks the line up again
    /// if `n` is empty.
    #[inline]
    fn update_key(&mut self, n: usize, d: usize, shift: usize, code: u32) {
        self.keys[n][d] = (self.keys[n][d] & !(3 << shift)) | code << shift;
        if !self.occupied[n] {
            self.relook(n, d);
        }
    }

    /// Looks up line `d` of the empty `cell` after its key changed; the cell's combination,
    /// score and share of the totals change only if a pattern did (far stones seldom change
    /// one).
    #[inline]
    fn relook(&mut self, cell: usize, d: usize) {
        let new = self.table.lines(self.keys[cell][d]);
        let [x, o] = &self.cells[cell];
        if new == [x.lines[d], o.lines[d]] {
            return;
        }
        self.add(cell, -1);
        for (side, pattern) in new.into_iter().enumerate() {
            let patterns = &mut self.cells[cell][side];
            patterns.lines[d] = pattern;
            let value = self.table.cell(side, patterns.lines);
            (patterns.combo, patterns.score, patterns.order) =
                (value.combo, value.score, value.order);
        }
        self.add(cell, 1);
    }

    /// Looks up all four lines of the empty `cell`.
    fn refresh(&mut self, cell: usize) {
        for d in 0..4 {
            self.refresh_direction(cell, d);
        }
    }

    /// Looks up line `d` of the empty `cell` again and recombines its four lines.
    #[inline]
    fn refresh_direction(&mut self, cell: usize, d: usize) {
        let key = self.keys[cell][d];
        for side in 0..2 {
            let patterns = &mut self.cells[cell][side];
            patterns.lines[d] = self.table.line(key, side);
            let value = self.table.cell(side, patterns.lines);
            (patterns.combo, patterns.score, patterns.order) =
                (value.combo, value.score, value.order);
        }
    }

    /// Adds (`sign` 1) or takes out (-1) the cell's share of the totals.
    #[inline]
    fn add(&mut self, cell: usize, sign: i32) {
        for side in 0..2 {
            let p = self.cells[cell][side];
            let count = &mut self.combos[side][p.combo as usize];
            *count = count.wrapping_add_signed(sign);
            self.totals[side] += sign * p.score;
        }
    }

    /// What a stone of `side` on the empty `cell` makes.
    #[inline]
    #[must_use]
    pub fn at(&self, cell: usize, side: Side) -> &CellPatterns {
        &self.cells[cell][side.index()]
    }

    /// The number of empty cells where a stone of `side` makes `combo`.
    #[inline]
    #[must_use]
    pub fn count(&self, side: Side, combo: Combo) -> u32 {
        self.combos[side.index()][combo as usize]
    }

    /// Whether `side` has a cell of `combo` or stronger.
    #[inline]
    #[must_use]
    pub fn has_at_least(&self, side: Side, combo: Combo) -> bool {
        self.combos[side.index()][combo as usize..]
            .iter()
            .any(|&n| n > 0)
    }

    /// Whether `side` has a cell where a stone makes a four (or a five).
    #[inline]
    #[must_use]
    pub fn has_four(&self, side: Side) -> bool {
        [Combo::Four, Combo::FourThree, Combo::OpenFour, Combo::Five]
            .iter()
            .any(|&c| self.count(side, c) > 0)
    }

    /// The evaluation's weights (those the patterns' scores were built with).
    #[inline]
    #[must_use]
    pub fn weights(&self) -> &'static super::weights::Weights {
        self.table.weights
    }

    /// The sum of the scores of every empty cell for `side`.
    #[inline]
    #[must_use]
    pub fn total(&self, side: Side) -> i32 {
        self.totals[side.index()]
    }

    /// Whether a stone of `side` on the empty `cell` makes a four (dead or live) on some line.
    #[inline]
    #[must_use]
    pub fn makes_four(&self, cell: usize, side: Side) -> bool {
        self.at(cell, side).lines.iter().any(|p| p.is_four())
    }

    /// The cell count of the board.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.cells.len()
    }

    /// Whether `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn is_occupied(&self, cell: usize) -> bool {
        self.occupied[cell]
    }
}

/// A side's code in a line key.
fn code(side: Side) -> u32 {
    match side {
        Side::X => 1,
        Side::O => 2,
    }
}

/// Whether the rule is five in a row on a board where the pattern engine is used.
#[must_use]
pub fn is_gomoku(rule: &Rule) -> bool {
    rule.k() == 5 && rule.cells() > crate::engine::board::FULL_WIDTH_CELLS
}

#[cfg(test)]
impl PatternBoard {
    /// Everything incremental, to compare with a board built from scratch.
    pub(crate) fn facts(&self) -> impl PartialEq + std::fmt::Debug + use<> {
        (
            self.keys.clone(),
            self.cells.clone(),
            self.combos,
            self.totals,
            self.occupied.clone(),
        )
    }
}
