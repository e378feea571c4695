//! The symmetries of the board: 8 for a square (rotations and reflections), 4 for a rectangle.

use super::rule::Rule;
use super::types::Cell;

/// A rotation or reflection of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Identity,
    /// Half turn.
    Rotate180,
    /// Left and right swapped.
    MirrorColumns,
    /// Top and bottom swapped.
    MirrorRows,
    /// Quarter turn clockwise (square boards only).
    Rotate90,
    /// Quarter turn counter-clockwise (square boards only).
    Rotate270,
    /// Reflection in the main diagonal (square boards only).
    Transpose,
    /// Reflection in the other diagonal (square boards only).
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the four that also suit rectangles first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate180,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetries that map a board of this rule onto itself.
    #[must_use]
    pub fn of(rule: &Rule) -> &'static [Symmetry] {
        if rule.is_square() {
            &Self::ALL
        } else {
            &Self::ALL[..4]
        }
    }

    /// Where `cell` goes under this symmetry on a `width` x `height` board.
    ///
    /// Quarter turns and diagonal reflections are only meaningful on square boards.
    #[must_use]
    pub fn apply(self, cell: Cell, width: usize, height: usize) -> Cell {
        let (r, c) = (cell.row, cell.col);
        let (last_r, last_c) = (height - 1, width - 1);
        let (row, col) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate180 => (last_r - r, last_c - c),
            Symmetry::MirrorColumns => (r, last_c - c),
            Symmetry::MirrorRows => (last_r - r, c),
            Symmetry::Rotate90 => (c, last_r - r),
            Symmetry::Rotate270 => (last_c - c, r),
            Symmetry::Transpose => (c, r),
            Symmetry::AntiTranspose => (last_c - c, last_r - r),
        };
        Cell { row, col }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_undoes_and_all_are_distinct() {
        let corner = Cell::new(0, 1);
        let mut images = Vec::new();
        for s in Symmetry::ALL {
            let image = s.apply(corner, 4, 4);
            assert_eq!(s.inverse().apply(image, 4, 4), corner, "{s:?}");
            images.push(image);
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    #[test]
    fn rectangle_symmetries_stay_on_board() {
        let rule = Rule::new(5, 3, 3, false).unwrap();
        for &s in Symmetry::of(&rule) {
            for row in 0..3 {
                for col in 0..5 {
                    let c = s.apply(Cell::new(row, col), 5, 3);
                    assert!(c.row < 3 && c.col < 5);
                }
            }
        }
    }
}
