//! The referee's own board: where the stones are, whether a move is legal, and whether it
//! makes five in a row. It shares no code with the engine under test, so a fault in the
//! engine's rules cannot hide a fault in its play; only renju's forbidden moves, a long
//! recursive test, are judged by the rules layer of this crate (`rules::renju`, which the
//! engine's own line patterns do not use to find its threats).

use std::fmt;

/// The colour of a stone. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// The colour that plays the move after `stones` stones.
    #[must_use]
    pub fn to_move_after(stones: usize) -> Colour {
        if stones.is_multiple_of(2) {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

pub use tictactoe::external::IllegalMove;
pub use tictactoe::external::Point;
pub use tictactoe::external::Variant;
use tictactoe::rules::{Side, renju};

/// A square board and the stones on it.
#[derive(Clone, Debug)]
pub struct Board {
    size: usize,
    /// Row by row from the top.
    cells: Vec<Option<Colour>>,
    stones: usize,
    /// Freestyle, exactly five, or renju (black: exactly five, and forbidden moves).
    variant: Variant,
}

/// The four lines through a cell: across, down and the two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// How many in a row win.
pub const FIVE: usize = 5;

impl Board {
    /// An empty board of `size` x `size` cells under `variant` (renju is played on 15x15,
    /// which the caller checks).
    #[must_use]
    pub fn new(size: usize, variant: Variant) -> Board {
        Board {
            size,
            cells: vec![None; size * size],
            stones: 0,
            variant,
        }
    }

    /// Whether every cell is taken.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// The stone on a cell, if any; `None` off the board too.
    #[must_use]
    pub fn at(&self, point: Point) -> Option<Colour> {
        self.index(point).and_then(|i| self.cells[i])
    }

    /// Places a stone if the cell is on the board and empty, and says whether it makes five
    /// in a row (exactly five under the exact rule). Whose turn it is, is the caller's
    /// business: the referee also sets up openings with it.
    pub fn place(&mut self, point: Point, colour: Colour) -> Result<bool, IllegalMove> {
        let index = self.index(point).ok_or(IllegalMove::OffBoard)?;
        if self.cells[index].is_some() {
            return Err(IllegalMove::Taken);
        }
        if self.variant == Variant::Renju
            && colour == Colour::Black
            && let Some(kind) = self.forbidden(point)
        {
            return Err(IllegalMove::Forbidden(kind));
        }
        self.cells[index] = Some(colour);
        self.stones += 1;
        Ok(self.makes_five(point))
    }

    /// Whether the stone on `point` is part of a winning line.
    #[must_use]
    pub fn makes_five(&self, point: Point) -> bool {
        let Some(colour) = self.at(point) else {
            return false;
        };
        DIRECTIONS.iter().any(|&(dx, dy)| {
            let run = 1 + self.run(point, colour, dx, dy) + self.run(point, colour, -dx, -dy);
            let exact = match self.variant {
                Variant::Freestyle => false,
                Variant::Exact => true,
                Variant::Renju => colour == Colour::Black,
            };
            if exact { run == FIVE } else { run >= FIVE }
        })
    }

    /// Why a black stone on the empty `point` would be forbidden under renju, if it would.
    fn forbidden(&self, point: Point) -> Option<renju::Forbidden> {
        let stones: Vec<Option<Side>> = self
            .cells
            .iter()
            .map(|c| {
                c.map(|colour| match colour {
                    Colour::Black => Side::X,
                    Colour::White => Side::O,
                })
            })
            .collect();
        let index = self.index(point)?;
        renju::forbidden_in(&stones, self.size, self.size, index)
    }

    /// How many stones of `colour` follow `point` in the direction (dx, dy).
    fn run(&self, point: Point, colour: Colour, dx: isize, dy: isize) -> usize {
        let mut count = 0;
        let mut next = point;
        loop {
            let (Some(x), Some(y)) = (next.x.checked_add_signed(dx), next.y.checked_add_signed(dy))
            else {
                return count;
            };
            next = Point { x, y };
            if self.at(next) != Some(colour) {
                return count;
            }
            count += 1;
        }
    }

    fn index(&self, point: Point) -> Option<usize> {
        (point.x < self.size && point.y < self.size).then(|| point.y * self.size + point.x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: usize, y: usize) -> Point {
        Point { x, y }
    }

    /// Places `colour` on each cell, returning whether the last one made five.
    fn line(board: &mut Board, colour: Colour, cells: &[(usize, usize)]) -> bool {
        let mut five = false;
        for &(x, y) in cells {
            five = board.place(at(x, y), colour).expect("a legal cell");
        }
        five
    }

    #[test]
    fn five_in_every_direction_and_not_four() {
        let lines: [&[(usize, usize)]; 4] = [
            &[(3, 7), (4, 7), (5, 7), (6, 7), (7, 7)],
            &[(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)],
            &[(10, 10), (11, 11), (12, 12), (13, 13), (14, 14)],
            &[(0, 14), (1, 13), (2, 12), (3, 11), (4, 10)],
        ];
        for cells in lines {
            let mut board = Board::new(15, Variant::Freestyle);
            assert!(!line(&mut board, Colour::Black, &cells[..4]), "{cells:?}");
            assert!(line(&mut board, Colour::Black, &cells[4..]), "{cells:?}");
        }
    }

    #[test]
    fn a_stone_filling_the_middle_of_a_line_makes_five() {
        let mut board = Board::new(15, Variant::Freestyle);
        line(&mut board, Colour::White, &[(5, 5), (6, 6), (8, 8), (9, 9)]);
        assert!(board.place(at(7, 7), Colour::White).unwrap());
    }

    #[test]
    fn the_other_colour_breaks_a_line() {
        let mut board = Board::new(15, Variant::Freestyle);
        line(&mut board, Colour::Black, &[(0, 0), (1, 0), (3, 0), (4, 0)]);
        board.place(at(2, 1), Colour::White).unwrap();
        assert!(!board.place(at(5, 0), Colour::Black).unwrap());
        assert!(board.place(at(2, 0), Colour::Black).unwrap());
    }

    #[test]
    fn an_overline_wins_in_freestyle_only() {
        let six = [(1, 3), (2, 3), (3, 3), (5, 3), (6, 3)];
        let mut free = Board::new(15, Variant::Freestyle);
        line(&mut free, Colour::Black, &six);
        assert!(free.place(at(4, 3), Colour::Black).unwrap());
        let mut exact = Board::new(15, Variant::Exact);
        line(&mut exact, Colour::Black, &six);
        assert!(!exact.place(at(4, 3), Colour::Black).unwrap());
        assert!(exact.place(at(0, 0), Colour::Black).is_ok());
        let mut five = Board::new(15, Variant::Exact);
        line(&mut five, Colour::Black, &six[..2]);
        line(&mut five, Colour::Black, &[(4, 3), (5, 3)]);
        assert!(five.place(at(3, 3), Colour::Black).unwrap());
    }

    #[test]
    fn renju_refuses_black_overlines_and_double_threes_and_lets_white_make_six() {
        let six = [(1, 3), (2, 3), (3, 3), (5, 3), (6, 3)];
        let mut board = Board::new(15, Variant::Renju);
        line(&mut board, Colour::Black, &six);
        assert_eq!(
            board.place(at(4, 3), Colour::Black),
            Err(IllegalMove::Forbidden(renju::Forbidden::Overline))
        );
        assert_eq!(board.at(at(4, 3)), None);
        line(&mut board, Colour::Black, &[(7, 9), (8, 9), (9, 7), (9, 8)]);
        assert_eq!(
            board.place(at(9, 9), Colour::Black),
            Err(IllegalMove::Forbidden(renju::Forbidden::DoubleThree))
        );
        let mut white = Board::new(15, Variant::Renju);
        line(&mut white, Colour::White, &six);
        assert!(white.place(at(4, 3), Colour::White).unwrap());
    }

    #[test]
    fn moves_off_the_board_or_on_a_stone_are_refused_and_change_nothing() {
        let mut board = Board::new(15, Variant::Freestyle);
        board.place(at(7, 7), Colour::Black).unwrap();
        assert_eq!(
            board.place(at(15, 0), Colour::White),
            Err(IllegalMove::OffBoard)
        );
        assert_eq!(
            board.place(at(0, 15), Colour::White),
            Err(IllegalMove::OffBoard)
        );
        assert_eq!(
            board.place(at(7, 7), Colour::White),
            Err(IllegalMove::Taken)
        );
        assert_eq!(board.at(at(7, 7)), Some(Colour::Black));
        assert_eq!(board.at(at(0, 0)), None);
    }

    #[test]
    fn a_full_board_is_full() {
        let mut board = Board::new(5, Variant::Freestyle);
        for y in 0..5 {
            for x in 0..5 {
                assert!(!board.is_full());
                board
                    .place(at(x, y), Colour::to_move_after(x / 2 + y))
                    .unwrap();
            }
        }
        assert!(board.is_full());
    }
}
