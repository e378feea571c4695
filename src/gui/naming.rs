//! How the window names sides, cells and moves: one way everywhere, the way the board in
//! view draws them. On a board of marks the sides are X and O and a cell is its row and
//! column ("row 2, column 3"; "2,3" in move lists); on a board of stones (gomoku's look)
//! the sides are Black and White (X plays black) and a cell is its coordinates ("H8"),
//! as the board's edges label them. The app decides a [`Naming`] once a frame from the
//! board it shows and hands it to everything that names a side or a cell, so the status,
//! the panel and the board's labels of one frame always agree.

use crate::rules::threats::{BoardThreat, ThreatKind};
use crate::rules::{Cell, Side};
use crate::t;

/// How sides and cells are named: as a board of marks names them (X, O, "row 2, column 3")
/// or as a board of stones does (Black, White, "H8").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Naming {
    stones: bool,
}

impl Naming {
    /// A board of marks: X and O, rows and columns.
    pub const MARKS: Naming = Naming { stones: false };
    /// A board of stones: Black and White, coordinates.
    pub const STONES: Naming = Naming { stones: true };

    /// The naming of a board that draws stones (`stones`) or marks.
    #[must_use]
    pub const fn new(stones: bool) -> Naming {
        Naming { stones }
    }

    /// Whether the board so named draws stones.
    #[must_use]
    pub const fn stones(self) -> bool {
        self.stones
    }

    /// A side: "X" and "O" on a board of marks, "Black" and "White" (黑棋, 白棋) on a board
    /// of stones, where X plays black.
    #[must_use]
    pub fn side(self, side: Side) -> String {
        match (self.stones, side) {
            (true, Side::X) => t!("side-black"),
            (true, Side::O) => t!("side-white"),
            (false, side) => side.to_string(),
        }
    }

    /// A cell for people: "row 2, column 3", or on a board of stones its coordinates, "H8".
    #[must_use]
    pub fn cell(self, cell: Cell) -> String {
        if self.stones {
            return point_name(cell);
        }
        // Widened before adding, as in the rules' own wording: a cell from a damaged file
        // may hold any number.
        let one_based = |n: usize| n as u128 + 1;
        t!(
            "cell-name",
            row = one_based(cell.row).to_string(),
            col = one_based(cell.col).to_string()
        )
    }

    /// A short cell name for move lists: on a board of stones its coordinates ("H8"),
    /// otherwise 1-based row and column ("2,3" is row 2, column 3).
    #[must_use]
    pub fn cell_short(self, cell: Cell) -> String {
        if self.stones {
            point_name(cell)
        } else {
            format!("{},{}", cell.row as u128 + 1, cell.col as u128 + 1)
        }
    }

    /// Cells in a row, short: "H8 I9 J10" on a board of stones, "2,3 3,4" on one of marks.
    #[must_use]
    pub fn line_short(self, cells: &[Cell]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| self.cell_short(c)).collect();
        names.join(" ")
    }

    /// A move for move lists: the side and the cell, "X 2,2" or "Black H8".
    #[must_use]
    pub fn move_short(self, side: Side, cell: Cell) -> String {
        format!("{} {}", self.side(side), self.cell_short(cell))
    }

    /// A principal variation's moves, each as "X 2,2" ("Black H8" on a board of stones),
    /// starting with `side`.
    #[must_use]
    pub fn pv_moves(self, pv: &[Cell], side: Side) -> Vec<String> {
        let mut mover = side;
        let mut moves = Vec::with_capacity(pv.len());
        for &cell in pv {
            moves.push(self.move_short(mover, cell));
            mover = mover.other();
        }
        moves
    }

    /// "Black open three: H8 I8 J8, at G8 K8". The stones and points keep the board's
    /// coordinates on either look: they are read off its edges.
    #[must_use]
    pub fn threat_words(self, threat: &BoardThreat) -> String {
        let names = |cells: &[Cell]| {
            cells
                .iter()
                .map(|&c| point_name(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let kind = match threat.kind {
            ThreatKind::OpenFour => t!("goban-open-four"),
            ThreatKind::Four => t!("goban-four"),
            ThreatKind::OpenThree => t!("goban-open-three"),
        };
        t!(
            "goban-threat",
            side = self.side(threat.side),
            kind = kind,
            stones = names(&threat.stones),
            points = names(&threat.points)
        )
    }
}

/// A column's letter: A for the first, none skipped.
#[must_use]
pub fn column_letter(col: usize) -> char {
    // Boards are at most 20 wide (rules::rule::MAX_SIDE), well within the alphabet.
    char::from(b'A' + (col % 26) as u8)
}

/// A point's name on the board's coordinates: "H8" is row 8, column 8.
#[must_use]
pub fn point_name(cell: Cell) -> String {
    format!("{}{}", column_letter(cell.col), cell.row + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_window_numbering() {
        // Row 8, column 8 is H8; column 9 is I (no letter skipped).
        assert_eq!(point_name(Cell::new(7, 7)), "H8");
        assert_eq!(point_name(Cell::new(0, 8)), "I1");
        assert_eq!(point_name(Cell::new(19, 19)), "T20");
    }

    #[test]
    fn sides_and_cells_are_named_as_the_board_they_are_given_for() {
        crate::gui::i18n::set_language(crate::gui::i18n::Language::English);
        let stones = Naming::STONES;
        let marks = Naming::MARKS;
        // Both at once: nothing is left behind by the one used last.
        assert_eq!(stones.move_short(Side::X, Cell::new(7, 7)), "Black H8");
        assert_eq!(marks.move_short(Side::O, Cell::new(1, 2)), "O 2,3");
        assert_eq!(stones.cell(Cell::new(9, 7)), "H10");
        assert_eq!(marks.cell(Cell::new(1, 2)), "row 2, column 3");
        assert_eq!(stones.side(Side::O), "White");
        assert_eq!(marks.side(Side::X), "X");
        let line = [Cell::new(7, 7), Cell::new(8, 8)];
        assert_eq!(stones.line_short(&line), "H8 I9");
        assert_eq!(marks.line_short(&line), "8,8 9,9");
        assert_eq!(stones.pv_moves(&line, Side::O), ["White H8", "Black I9"]);
        assert_eq!(Naming::new(true), stones);
        assert_eq!(Naming::default(), marks);
    }
}
