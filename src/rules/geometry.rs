//! What follows from a rule alone, computed once and shared by every position of that rule:
//! cell numbering, the symmetry maps, and the K-cell windows ("lines") of the board.

use super::rule::Rule;
use super::symmetry::Symmetry;
use super::types::Cell;

/// The four directions a line can run in, as (row step, column step).
pub const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Precomputed facts about the board of one rule.
#[derive(Debug)]
pub struct Geometry {
    rule: Rule,
    /// `symmetry_maps[s][i]`: where cell index `i` goes under `Symmetry::of(rule)[s]`.
    symmetry_maps: Vec<Vec<u16>>,
    /// Every run of `k` consecutive cells along a row, column or diagonal, flattened with
    /// stride `k`. These are the "lines" of the course's evaluation function.
    windows: Vec<u16>,
    /// For each cell index, the windows that contain it.
    windows_through: Vec<Vec<u32>>,
}

impl Geometry {
    /// Computes the geometry of `rule`.
    #[must_use]
    pub fn new(rule: Rule) -> Geometry {
        let (w, h, k) = (rule.width(), rule.height(), rule.k());
        let symmetry_maps = Symmetry::of(&rule)
            .iter()
            .map(|s| {
                (0..w * h)
                    .map(|i| {
                        let c = s.apply(Cell::new(i / w, i % w), w, h);
                        (c.row * w + c.col) as u16
                    })
                    .collect()
            })
            .collect();
        let mut windows = Vec::new();
        let mut windows_through = vec![Vec::new(); w * h];
        for row in 0..h as isize {
            for col in 0..w as isize {
                for (dr, dc) in DIRECTIONS {
                    let (end_r, end_c) = (row + dr * (k as isize - 1), col + dc * (k as isize - 1));
                    if end_r < 0 || end_r >= h as isize || end_c < 0 || end_c >= w as isize {
                        continue;
                    }
                    let id = (windows.len() / k) as u32;
                    for step in 0..k as isize {
                        let index = ((row + dr * step) * w as isize + col + dc * step) as usize;
                        windows.push(index as u16);
                        windows_through[index].push(id);
                    }
                }
            }
        }
        Geometry {
            rule,
            symmetry_maps,
            windows,
            windows_through,
        }
    }

    /// The rule this geometry belongs to.
    #[must_use]
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The symmetries of this board, in the order of [`Geometry::symmetry_map`].
    #[must_use]
    pub fn symmetries(&self) -> &'static [Symmetry] {
        Symmetry::of(&self.rule)
    }

    /// Where each cell index goes under the `n`-th symmetry of [`Geometry::symmetries`].
    #[must_use]
    pub fn symmetry_map(&self, n: usize) -> &[u16] {
        &self.symmetry_maps[n]
    }

    /// Number of K-cell windows on the board (8 on 3x3).
    #[must_use]
    pub fn window_count(&self) -> usize {
        self.windows.len() / self.rule.k()
    }

    /// The cell indices of window `id`, in order along the line.
    #[must_use]
    pub fn window(&self, id: usize) -> &[u16] {
        let k = self.rule.k();
        &self.windows[id * k..(id + 1) * k]
    }

    /// The windows that contain cell index `index`.
    #[must_use]
    pub fn windows_through(&self, index: usize) -> &[u32] {
        &self.windows_through[index]
    }

    /// The cell index of `cell`, or `None` when it is off the board.
    #[must_use]
    pub fn index(&self, cell: Cell) -> Option<usize> {
        (cell.row < self.rule.height() && cell.col < self.rule.width())
            .then(|| cell.row * self.rule.width() + cell.col)
    }

    /// The cell at index `index`.
    #[must_use]
    pub fn cell(&self, index: usize) -> Cell {
        Cell::new(index / self.rule.width(), index % self.rule.width())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tic_tac_toe_has_eight_lines() {
        let g = Geometry::new(Rule::TIC_TAC_TOE);
        assert_eq!(g.window_count(), 8);
        assert_eq!(g.windows_through(4).len(), 4); // centre
        assert_eq!(g.windows_through(0).len(), 3); // corner
        assert_eq!(g.windows_through(1).len(), 2); // edge
        assert_eq!(g.symmetries().len(), 8);
    }

    #[test]
    fn gomoku_window_count() {
        // 15x15, five in a row: 11*15 per row/column direction, 11*11 per diagonal.
        let g = Geometry::new(Rule::new(15, 15, 5, false).unwrap());
        assert_eq!(g.window_count(), 2 * 11 * 15 + 2 * 11 * 11);
    }
}
