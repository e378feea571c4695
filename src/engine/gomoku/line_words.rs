//! The stones of a board as line words: one 64-bit word per row, column and diagonal, two
//! bits a cell (empty, black, white; off the line reads as a wall). A stone flips two bits in
//! each of its four lines' words, and a cell's line key (the cells within reach on either side
//! of it, the cell itself left out) is one shift and a mask of its line's word.

use crate::rules::{Position, Side};

use super::line_class::{BLACK_BITS, EMPTY_BITS, WHITE_BITS};

/// The four directions of a line, as (row step, column step): a row, a column, the diagonal
/// down and to the right, the one down and to the left. Positions along a line grow with the
/// row (with the column along a row).
pub const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Where a cell lies on its line in one direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The line's word.
    pub line: u16,
    /// The cell's position on the line, from 0.
    pub pos: u8,
    /// The line's length.
    pub len: u8,
}

/// The line words of a board (at most 32 cells a line).
#[derive(Clone)]
pub struct LineWords {
    /// `places[cell][direction]`.
    places: Vec<[Place; 4]>,
    words: Vec<u64>,
    /// The cell index step along each direction.
    strides: [isize; 4],
}

impl LineWords {
    /// The stones of `pos` (whose board has at most 32 cells a side).
    #[must_use]
    pub fn new(pos: &Position) -> LineWords {
        let rule = pos.rule();
        let (width, height) = (rule.width(), rule.height());
        debug_assert!(width <= 32 && height <= 32);
        let on =
            |r: isize, c: isize| r >= 0 && c >= 0 && (r as usize) < height && (c as usize) < width;
        let mut places = vec![[Place::default(); 4]; width * height];
        let mut words = Vec::new();
        for (d, &(dr, dc)) in DIRECTIONS.iter().enumerate() {
            for cell in 0..width * height {
                let (r, c) = ((cell / width) as isize, (cell % width) as isize);
                if on(r - dr, c - dc) {
                    continue;
                }
                // `cell` starts a line: walk it.
                let len = (0..).take_while(|&k| on(r + dr * k, c + dc * k)).count();
                let line = words.len() as u16;
                words.push(0u64);
                for k in 0..len {
                    let (rr, cc) = (r + dr * k as isize, c + dc * k as isize);
                    places[rr as usize * width + cc as usize][d] = Place {
                        line,
                        pos: k as u8,
                        len: len as u8,
                    };
                    words[usize::from(line)] |= (EMPTY_BITS as u64) << (2 * k);
                }
            }
        }
        let mut board = LineWords {
            places,
            words,
            strides: DIRECTIONS.map(|(dr, dc)| dr * width as isize + dc),
        };
        for (cell, stone) in pos.board().iter().enumerate() {
            if let Some(side) = stone {
                board.flip(cell, *side);
            }
        }
        board
    }

    /// Puts a stone of `side` on the empty `cell`, or takes it off again.
    #[inline]
    pub fn flip(&mut self, cell: usize, side: Side) {
        let bits = (EMPTY_BITS ^ side_bits(side)) as u64;
        for place in &self.places[cell] {
            self.words[usize::from(place.line)] ^= bits << (2 * place.pos);
        }
    }

    /// The stone on `cell`, if any.
    #[inline]
    #[must_use]
    pub fn stone(&self, cell: usize) -> Option<Side> {
        let place = self.places[cell][0];
        match (self.word(place) >> (2 * place.pos)) as usize & 3 {
            BLACK_BITS => Some(Side::X),
            WHITE_BITS => Some(Side::O),
            _ => None,
        }
    }

    /// Where `cell` lies on its line in direction `d`.
    #[inline]
    #[must_use]
    pub fn place(&self, cell: usize, d: usize) -> Place {
        self.places[cell][d]
    }

    /// The cell index step along direction `d`.
    #[inline]
    #[must_use]
    pub fn stride(&self, d: usize) -> isize {
        self.strides[d]
    }

    /// The word of the line `place` lies on.
    #[inline]
    #[must_use]
    pub fn word(&self, place: Place) -> u64 {
        self.words[usize::from(place.line)]
    }

    /// The key of the cell at `pos` on a line whose word is `word`: the `half` cells before
    /// it in the low bits, then the `half` after it, two bits each, walls where the line ends.
    #[inline]
    #[must_use]
    pub fn key_in(word: u64, pos: usize, half: usize) -> u32 {
        let window = if pos >= half {
            word >> (2 * (pos - half))
        } else {
            word << (2 * (half - pos))
        };
        let low = window & ((1 << (2 * half)) - 1);
        let high = (window >> (2 * half + 2)) & ((1 << (2 * half)) - 1);
        (low | high << (2 * half)) as u32
    }

    /// The key of `cell` on its line in direction `d` (see [`LineWords::key_in`]).
    #[inline]
    #[must_use]
    pub fn key(&self, cell: usize, d: usize, half: usize) -> u32 {
        let place = self.place(cell, d);
        LineWords::key_in(self.word(place), usize::from(place.pos), half)
    }

    /// Whether the cell at `pos` of the line whose word is `word` is empty.
    #[inline]
    #[must_use]
    pub fn empty_in(word: u64, pos: usize) -> bool {
        (word >> (2 * pos)) & 3 == EMPTY_BITS as u64
    }
}

/// The two bits of a stone of `side`.
#[inline]
#[must_use]
pub fn side_bits(side: Side) -> usize {
    match side {
        Side::X => BLACK_BITS,
        Side::O => WHITE_BITS,
    }
}
