//! The line-word board: the stones as [`LineWords`], and for every empty cell its line class
//! in each direction for both sides ([`super::line_class`]), its pattern code and its threat
//! ([`super::pattern_code`]), with each side's count of empty cells of each threat.
//!
//! A move flips its four lines' words, then reads again the keys of the empty cells within
//! reach on those lines (four each side in freestyle, five under the other rules); only a
//! cell whose class changed gets a new code. Each changed cell's old state is kept on a stack,
//! so taking the move back restores those cells and the counts without reading anything.

use crate::rules::{Position, Side};

use super::line_class::{ClassTable, LineClass, LineRule};
use super::line_words::LineWords;
use super::pattern_code::{CODES, PatternCode, THREATS, Threat};

/// What one empty cell makes, for both sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellLines {
    /// Byte `d`: direction `d`'s classes for both sides as the class table keeps them
    /// (black's in the low four bits, white's in the high four). One word, changed in a
    /// register: a byte written into memory and the four read back at once stall the load.
    classes: u32,
    /// The pattern code of each side's four classes (black first).
    codes: [PatternCode; 2],
    /// The threat of each side's code.
    threats: [Threat; 2],
}

/// The state of an occupied cell: nothing on any line.
const OCCUPIED: CellLines = CellLines {
    classes: 0,
    codes: [PatternCode(0); 2],
    threats: [Threat::None; 2],
};

/// What a move changed, to take it back.
#[derive(Clone)]
struct LineUndo {
    /// The length of the stack of changed cells before the move.
    changed: usize,
    /// The threat counts before the move.
    counts: [[u16; THREATS]; 2],
}

/// A five-in-a-row board read through its line words.
#[derive(Clone)]
pub struct LineBoard {
    rule: LineRule,
    half: usize,
    table: &'static ClassTable,
    /// The threat of each code, for black and for white.
    threat_of: [&'static [Threat; CODES]; 2],
    /// The code of each packed four of classes ([`PatternCode::packed_table`]).
    code_of: &'static [u16],
    words: LineWords,
    cells: Vec<CellLines>,
    /// `counts[side][threat]`: the empty cells where a stone of `side` makes `threat`.
    counts: [[u16; THREATS]; 2],
    /// The old states of the cells the moves made so far changed, oldest first.
    changed: Vec<(u16, CellLines)>,
    plies: Vec<LineUndo>,
}

impl LineBoard {
    /// The board of `pos`, a five-in-a-row position on at most 32 cells a side.
    #[must_use]
    pub fn new(pos: &Position) -> LineBoard {
        let rule = LineRule::of(pos.rule());
        let mut board = LineBoard {
            rule,
            half: rule.half(),
            table: ClassTable::get(rule),
            threat_of: Side::BOTH.map(|side| Threat::table(rule.forbids(side))),
            code_of: PatternCode::packed_table(),
            words: LineWords::new(pos),
            cells: vec![OCCUPIED; pos.rule().cells()],
            counts: [[0; THREATS]; 2],
            changed: Vec::new(),
            plies: Vec::new(),
        };
        for cell in pos.empty_indices() {
            let classes = (0..4).fold(0, |word, d| {
                let both = board.table.both(board.words.key(cell, d, board.half));
                word | u32::from(both) << (8 * d)
            });
            board.cells[cell] = board.lines(classes);
            board.tally(cell, 1);
        }
        board
    }

    /// The line rule the board reads under.
    #[must_use]
    pub fn rule(&self) -> LineRule {
        self.rule
    }

    /// Puts a stone of `side` on the empty `cell`.
    pub fn make(&mut self, cell: usize, side: Side) {
        self.plies.push(LineUndo {
            changed: self.changed.len(),
            counts: self.counts,
        });
        self.changed.push((cell as u16, self.cells[cell]));
        self.tally(cell, -1);
        self.cells[cell] = OCCUPIED;
        self.words.flip(cell, side);
        for d in 0..4 {
            self.relook_line(cell, d);
        }
    }

    /// Takes back the last move, which was on `cell`: its cells and counts are restored.
    pub fn unmake(&mut self, cell: usize) {
        let ply = self.plies.pop().expect("unmake without a move");
        let side = self.stone(cell).expect("unmake of an empty cell");
        self.words.flip(cell, side);
        for (n, state) in self.changed.drain(ply.changed..).rev() {
            self.cells[usize::from(n)] = state;
        }
        self.counts = ply.counts;
    }

    /// The stone on `cell`, if any.
    #[must_use]
    pub fn stone(&self, cell: usize) -> Option<Side> {
        self.words.stone(cell)
    }

    /// The class a stone of `side` on the empty `cell` makes on its line in direction `d`
    /// ([`LineClass::Dead`] on an occupied cell).
    #[inline]
    #[must_use]
    pub fn class(&self, cell: usize, d: usize, side: Side) -> LineClass {
        LineClass::from_bits((self.cells[cell].classes >> (8 * d + 4 * side.index())) as u8)
    }

    /// The pattern code of a stone of `side` on the empty `cell`.
    #[inline]
    #[must_use]
    pub fn code(&self, cell: usize, side: Side) -> PatternCode {
        self.cells[cell].codes[side.index()]
    }

    /// The threat a stone of `side` on the empty `cell` makes ([`Threat::None`] on an
    /// occupied cell).
    #[inline]
    #[must_use]
    pub fn threat(&self, cell: usize, side: Side) -> Threat {
        self.cells[cell].threats[side.index()]
    }

    /// The number of empty cells where a stone of `side` makes `threat`.
    #[inline]
    #[must_use]
    pub fn count(&self, side: Side, threat: Threat) -> u16 {
        self.counts[side.index()][threat as usize]
    }

    /// Whether a black stone on the empty `cell` is forbidden under renju, where the line
    /// classes tell: `Some(true)` for an overline or two fours and no five, `Some(false)` for
    /// a five or fewer than two flex threes; `None` where two flex threes leave it to the
    /// rules' recursive test (a three whose four would be forbidden is no three). Always
    /// `Some(false)` under the other rules.
    #[must_use]
    pub fn forbidden(&self, cell: usize) -> Option<bool> {
        if !self.rule.forbids(Side::X) {
            return Some(false);
        }
        let classes: [LineClass; 4] = std::array::from_fn(|d| self.class(cell, d, Side::X));
        match self.threat(cell, Side::X) {
            Threat::Forbidden => Some(true),
            Threat::Five => Some(false),
            _ if classes.iter().filter(|c| c.is_flex3()).count() >= 2 => None,
            _ => Some(false),
        }
    }

    /// Reads again the keys of the empty cells within reach of `cell` on its line `d`.
    #[inline]
    fn relook_line(&mut self, cell: usize, d: usize) {
        let place = self.words.place(cell, d);
        let word = self.words.word(place);
        let stride = self.words.stride(d);
        let pos = usize::from(place.pos);
        let first = pos.saturating_sub(self.half);
        let last = (pos + self.half).min(usize::from(place.len) - 1);
        for q in (first..=last).filter(|&q| q != pos) {
            if !LineWords::empty_in(word, q) {
                continue;
            }
            let both = self.table.both(LineWords::key_in(word, q, self.half));
            let n = cell.wrapping_add_signed((q as isize - pos as isize) * stride);
            let old = self.cells[n].classes;
            if (old >> (8 * d)) as u8 == both {
                continue;
            }
            self.changed.push((n as u16, self.cells[n]));
            self.tally(n, -1);
            let classes = (old & !(0xFF << (8 * d))) | u32::from(both) << (8 * d);
            self.cells[n] = self.lines(classes);
            self.tally(n, 1);
        }
    }

    /// A cell's state from its four directions' class bytes.
    #[inline]
    fn lines(&self, classes: u32) -> CellLines {
        let codes = sides(classes).map(|packed| PatternCode(self.code_of[packed as usize]));
        CellLines {
            classes,
            codes,
            threats: [
                self.threat_of[0][usize::from(codes[0].0)],
                self.threat_of[1][usize::from(codes[1].0)],
            ],
        }
    }

    /// Adds (`sign` 1) or takes out (-1) the cell's threats from the counts.
    #[inline]
    fn tally(&mut self, cell: usize, sign: i16) {
        for side in 0..2 {
            let n = &mut self.counts[side][self.cells[cell].threats[side] as usize];
            *n = n.wrapping_add_signed(sign);
        }
    }
}

/// Each side's four classes packed four bits each (direction 0 lowest, as
/// [`PatternCode::of_packed`] reads them), black's first, from a cell's four class bytes.
#[inline]
#[must_use]
pub fn sides(classes: u32) -> [u32; 2] {
    let x = classes;
    let black = (x & 0xF) | ((x >> 4) & 0xF0) | ((x >> 8) & 0xF00) | ((x >> 12) & 0xF000);
    let white = ((x >> 4) & 0xF) | ((x >> 8) & 0xF0) | ((x >> 12) & 0xF00) | ((x >> 16) & 0xF000);
    [black, white]
}

#[cfg(test)]
impl LineBoard {
    /// Everything a board keeps about its position, to compare with one built from scratch.
    pub(crate) fn facts(&self) -> impl PartialEq + std::fmt::Debug + use<> {
        (self.cells.clone(), self.counts)
    }
}
