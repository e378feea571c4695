//! The pattern codes of every empty cell for both sides, with the sums of their learned
//! evaluation terms ([`super::code_tables`]) and each side's count of cells of each threat,
//! kept up to date by the engine's board ([`super::lines::PatternBoard`]) from the same line
//! keys it reads its patterns from. A cell's code changes only when one of its class bytes
//! does; the old state of each changed cell is kept, so taking a stone back restores the cells,
//! the sums and the counts without reading anything.

use crate::rules::{Position, Side};

use super::code_tables::{CodeSet, CodeTable, Selection, Uses, threat_mask};
use super::line_board::sides;
use super::line_class::{ClassTable, LineRule};
use super::pattern_code::{CODES, PatternCode, THREATS, Threat};

/// One empty cell: its four class bytes (black's class low, white's high), and each side's
/// code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CodeCell {
    classes: u32,
    codes: [u16; 2],
}

const OCCUPIED: CodeCell = CodeCell {
    classes: 0,
    codes: [0; 2],
};

/// What one side's tables say of a code, side by side so that a cell's update reads one
/// place: its evaluation terms (to move, waiting), its move scores (attack, defence) and its
/// threat.
#[derive(Clone, Copy, Debug)]
struct Terms {
    eval: [i16; 2],
    attack: i16,
    defence: i16,
    threat: Threat,
}

/// What a stone changed, to take it back.
#[derive(Clone)]
struct CodeUndo {
    changed: usize,
    counts: [[u16; THREATS]; 2],
    sums: [[i32; 2]; 2],
}

/// The codes of a board and the sums of their terms.
#[derive(Clone)]
pub struct CodeCells {
    /// What the engine reads from the tables.
    pub uses: Uses,
    /// Black's tables and white's.
    tables: [&'static CodeTable; 2],
    /// The same by code, with the codes' threats: black's and white's.
    terms: [Box<[Terms]>; 2],
    classes: &'static ClassTable,
    code_of: &'static [u16],
    cells: Vec<CodeCell>,
    /// `counts[side][threat]`: the empty cells where a stone of `side` makes `threat`.
    counts: [[u16; THREATS]; 2],
    /// `sums[side][role]`: the sum over the empty cells of `side`'s terms, when to move
    /// (`role` 0) and when waiting (1).
    sums: [[i32; 2]; 2],
    changed: Vec<(u32, CodeCell)>,
    plies: Vec<CodeUndo>,
}

impl CodeCells {
    /// The codes of `pos` with the selected tables; `key(cell, d)` gives the line key of the empty
    /// `cell` in direction `d`, read with [`LineRule::half`] cells each side.
    pub fn new(
        pos: &Position,
        selection: Selection,
        key: impl Fn(usize, usize) -> u32,
    ) -> CodeCells {
        let rule = LineRule::of(pos.rule());
        let sets = CodeSet::of_rule(pos.rule());
        let tables = sets.map(|s| selection.tables.set(s));
        let terms = Side::BOTH.map(|side| {
            let (table, threat) = (tables[side.index()], Threat::table(rule.forbids(side)));
            (0..CODES)
                .map(|c| Terms {
                    eval: [table.eval[0][c], table.eval[1][c]],
                    attack: table.attack[c],
                    defence: table.defence[c],
                    threat: threat[c],
                })
                .collect()
        });
        let mut board = CodeCells {
            uses: selection.uses,
            tables,
            terms,
            classes: ClassTable::get(rule),
            code_of: PatternCode::packed_table(),
            cells: vec![OCCUPIED; pos.rule().cells()],
            counts: [[0; THREATS]; 2],
            sums: [[0; 2]; 2],
            changed: Vec::new(),
            plies: Vec::new(),
        };
        // Every empty cell, also in a finished game (whose `empty_indices` are none), as the
        // board kept move by move has them.
        for cell in (0..pos.rule().cells()).filter(|&c| pos.at(c).is_none()) {
            let classes = (0..4).fold(0, |word, d| {
                word | u32::from(board.classes.both(key(cell, d))) << (8 * d)
            });
            board.cells[cell] = board.cell(classes);
            board.tally(cell, 1);
        }
        board
    }

    /// A stone goes on the empty `cell` (before its neighbours are read again).
    #[inline]
    pub fn place(&mut self, cell: usize) {
        self.plies.push(CodeUndo {
            changed: self.changed.len(),
            counts: self.counts,
            sums: self.sums,
        });
        self.changed.push((cell as u32, self.cells[cell]));
        self.tally(cell, -1);
        self.cells[cell] = OCCUPIED;
    }

    /// The last stone is taken back: the cells it changed get their old state again.
    #[inline]
    pub fn remove(&mut self) {
        let ply = self.plies.pop().expect("a stone to take back");
        for (n, old) in self.changed.drain(ply.changed..).rev() {
            self.cells[n as usize] = old;
        }
        self.counts = ply.counts;
        self.sums = ply.sums;
    }

    /// The empty `cell`'s line `d` now reads `key`.
    #[inline]
    pub fn relook(&mut self, cell: usize, d: usize, key: u32) {
        let both = self.classes.both(key);
        let old = self.cells[cell];
        if (old.classes >> (8 * d)) as u8 == both {
            return;
        }
        self.changed.push((cell as u32, old));
        self.tally(cell, -1);
        let classes = (old.classes & !(0xFF << (8 * d))) | u32::from(both) << (8 * d);
        self.cells[cell] = self.cell(classes);
        self.tally(cell, 1);
    }

    #[inline]
    fn cell(&self, classes: u32) -> CodeCell {
        let codes = sides(classes).map(|packed| self.code_of[packed as usize]);
        CodeCell { classes, codes }
    }

    #[inline]
    fn tally(&mut self, cell: usize, sign: i32) {
        let at = self.cells[cell];
        for side in 0..2 {
            let terms = self.terms[side][usize::from(at.codes[side])];
            let n = &mut self.counts[side][terms.threat as usize];
            *n = n.wrapping_add_signed(sign as i16);
            self.sums[side][0] += sign * i32::from(terms.eval[0]);
            self.sums[side][1] += sign * i32::from(terms.eval[1]);
        }
    }

    /// The position's value for `me`, the side to move: its cells' terms when to move, less
    /// the opponent's when waiting, plus the threat term.
    #[inline]
    #[must_use]
    pub fn value(&self, me: Side) -> i32 {
        let (m, t) = (me.index(), me.other().index());
        let mask = threat_mask(&self.counts[m], &self.counts[t]);
        self.sums[m][0] - self.sums[t][1] + i32::from(self.tables[m].mask[mask])
    }

    /// The ordering score of a move of `me` on the empty `cell`.
    #[inline]
    #[must_use]
    pub fn order(&self, cell: usize, me: Side) -> i32 {
        let (m, t) = (me.index(), me.other().index());
        let codes = self.cells[cell].codes;
        i32::from(self.terms[m][usize::from(codes[m])].attack)
            + i32::from(self.terms[t][usize::from(codes[t])].defence)
    }

    /// The code of a stone of `side` on the empty `cell`.
    #[inline]
    #[must_use]
    pub fn code(&self, cell: usize, side: Side) -> PatternCode {
        PatternCode(self.cells[cell].codes[side.index()])
    }

    /// The number of empty cells where a stone of `side` makes `threat`.
    #[inline]
    #[must_use]
    pub fn count(&self, side: Side, threat: Threat) -> u16 {
        self.counts[side.index()][threat as usize]
    }
}

#[cfg(test)]
impl CodeCells {
    /// Everything incremental, to compare with a board built from scratch.
    pub(crate) fn facts(&self) -> impl PartialEq + std::fmt::Debug + use<> {
        (self.cells.clone(), self.counts, self.sums)
    }
}
