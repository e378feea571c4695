//! The line patterns of every empty cell, for both sides, kept up to date stone by stone.
//!
//! The stones are kept as line words ([`LineWords`]): a stone flips two bits in the words of
//! its four lines, and each empty cell within reach of it on those lines (four cells each
//! side in freestyle, five under the other rules) reads its key from the word and looks its
//! pattern up again. Each side's totals (the number of cells of each [`Combo`] and the sum of
//! the cells' scores) follow, so the threats of both sides are known at every node without a
//! scan. The cells a stone changed are kept with their old patterns, so taking it back
//! restores them without looking anything up. Where the board is built with learned tables
//! (the engine's default, [`super::code_tables`]), the cells' pattern codes and the sums of
//! their terms are kept beside the patterns from the same line keys.

use std::sync::OnceLock;

use crate::rules::{Position, Rule, Side};

use super::code_cells::CodeCells;
use super::code_tables::{self, CodeTables, Selection, Uses};
use super::line_words::LineWords;
use super::patterns::{COMBOS, Combo, HALF, LINE_PLACE, Pattern, PatternTable, cell_index};

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
    /// The four lines' place in the pattern table's combinations ([`cell_index`]), kept so
    /// that a change of one line finds the new place without reading the four back.
    pub index: u16,
}

const NOTHING: CellPatterns = CellPatterns {
    lines: [Pattern::None; 4],
    combo: Combo::Quiet,
    score: 0,
    order: 0,
    index: 0,
};

/// What a stone changed, to take it back.
#[derive(Clone)]
struct PatternUndo {
    /// The length of the stack of changed cells before the stone.
    changed: usize,
    combos: [[u32; COMBOS]; 2],
    totals: [i32; 2],
}

/// The patterns of a board, incrementally maintained.
#[derive(Clone)]
pub struct PatternBoard {
    table: &'static PatternTable,
    /// `lines[key]`: both sides' patterns of a line key as the words give it.
    lines: &'static [[Pattern; 2]],
    /// The cells a key reads on each side.
    half: usize,
    words: LineWords,
    /// `cells[cell][side]`: what a stone of that side on the (empty) cell makes; `NOTHING`
    /// for an occupied cell.
    cells: Vec<[CellPatterns; 2]>,
    /// `combos[side][combo]`: empty cells of that combination for that side.
    combos: [[u32; COMBOS]; 2],
    /// `totals[side]`: the sum of the scores of the empty cells for that side.
    totals: [i32; 2],
    occupied: Vec<bool>,
    /// The old patterns of the cells the stones placed so far changed, oldest first.
    changed: Vec<(u32, [CellPatterns; 2])>,
    plies: Vec<PatternUndo>,
    /// The pattern codes and their learned terms, where the board was built with tables (the
    /// engine's default, [`code_tables::selected`]); `None` for the pattern evaluation.
    codes: Option<CodeCells>,
}

impl PatternBoard {
    /// The patterns of `pos`, for five in a row under its rule, with the codes of the
    /// process's evaluation ([`code_tables::selected`]: the built-in tables unless
    /// `TICTACTOE_GOMOKU_EVAL` says otherwise). An engine's board takes its own selection
    /// ([`PatternBoard::with_selection`]), and a caller that wants the pattern evaluation
    /// whatever the process plays with passes none ([`PatternBoard::with_codes`]).
    #[must_use]
    pub fn new(pos: &Position) -> PatternBoard {
        PatternBoard::with_selection(pos, code_tables::selected())
    }

    /// The patterns of `pos`, and with `tables` its pattern codes and their terms, for the
    /// evaluation and the ordering.
    #[must_use]
    pub fn with_codes(pos: &Position, tables: Option<&'static CodeTables>) -> PatternBoard {
        let selection = tables.map(|tables| Selection {
            tables,
            uses: Uses::ALL,
        });
        PatternBoard::with_selection(pos, selection)
    }

    /// The patterns of `pos`, and its pattern codes where `selection` says.
    #[must_use]
    pub fn with_selection(pos: &Position, selection: Option<Selection>) -> PatternBoard {
        let rule: &Rule = pos.rule();
        let cells = rule.cells();
        let (lines, half) = word_lines(rule);
        let mut board = PatternBoard {
            table: PatternTable::get(rule),
            lines,
            half,
            words: LineWords::new(pos),
            cells: vec![[NOTHING; 2]; cells],
            combos: [[0; COMBOS]; 2],
            totals: [0; 2],
            occupied: vec![false; cells],
            changed: Vec::new(),
            plies: Vec::new(),
            codes: None,
        };
        board.codes = selection
            .map(|s| CodeCells::new(pos, s, |cell, d| board.words.key(cell, d, board.half)));
        for cell in 0..cells {
            if pos.at(cell).is_some() {
                board.occupied[cell] = true;
            } else {
                for d in 0..4 {
                    board.refresh_direction(cell, d);
                }
                board.add(cell, 1);
            }
        }
        board
    }

    /// A stone of `side` is placed on the empty `cell`.
    pub fn place(&mut self, cell: usize, side: Side) {
        self.plies.push(PatternUndo {
            changed: self.changed.len(),
            combos: self.combos,
            totals: self.totals,
        });
        self.changed.push((cell as u32, self.cells[cell]));
        self.add(cell, -1);
        if let Some(codes) = &mut self.codes {
            codes.place(cell);
        }
        self.cells[cell] = [NOTHING; 2];
        self.occupied[cell] = true;
        self.words.flip(cell, side);
        for d in 0..4 {
            self.relook_line(cell, d);
        }
    }

    /// The stone on `cell`, the last one placed, is taken back: the cells it changed get
    /// their old patterns again.
    pub fn remove(&mut self, cell: usize) {
        let ply = self.plies.pop().expect("a stone to take back");
        let side = self.words.stone(cell).expect("a stone on the cell");
        self.words.flip(cell, side);
        for (n, old) in self.changed.drain(ply.changed..).rev() {
            self.cells[n as usize] = old;
        }
        self.occupied[cell] = false;
        if let Some(codes) = &mut self.codes {
            codes.remove();
        }
        self.combos = ply.combos;
        self.totals = ply.totals;
    }

    /// Looks up again the empty cells within reach of `cell` on its line `d`.
    #[inline]
    fn relook_line(&mut self, cell: usize, d: usize) {
        let place = self.words.place(cell, d);
        let word = self.words.word(place);
        let stride = self.words.stride(d);
        let pos = usize::from(place.pos);
        let first = pos.saturating_sub(self.half);
        let last = (pos + self.half).min(usize::from(place.len) - 1);
        for q in first..=last {
            if q != pos && LineWords::empty_in(word, q) {
                let n = cell.wrapping_add_signed((q as isize - pos as isize) * stride);
                self.relook(n, d, LineWords::key_in(word, q, self.half));
            }
        }
    }

    /// Looks up line `d` of the empty `cell` after its key changed to `key`; the cell's
    /// combination, score and share of the totals change only if a pattern did (far stones
    /// seldom change one), and then its old patterns are kept to be restored.
    #[inline]
    fn relook(&mut self, cell: usize, d: usize, key: u32) {
        if let Some(codes) = &mut self.codes {
            codes.relook(cell, d, key);
        }
        let new = self.lines[key as usize];
        let [x, o] = &self.cells[cell];
        if new == [x.lines[d], o.lines[d]] {
            return;
        }
        self.changed.push((cell as u32, self.cells[cell]));
        self.add(cell, -1);
        for (side, pattern) in new.into_iter().enumerate() {
            // Each field is written on its own and the four lines are not read back: a byte
            // written into them and the four read at once would stall the load each time.
            let patterns = &mut self.cells[cell][side];
            let index = usize::from(patterns.index) + pattern as usize * LINE_PLACE[d]
                - patterns.lines[d] as usize * LINE_PLACE[d];
            let value = self.table.cell_at(side, index);
            patterns.combo = value.combo;
            patterns.score = value.score;
            patterns.order = value.order;
            patterns.index = index as u16;
            patterns.lines[d] = pattern;
        }
        self.add(cell, 1);
    }

    /// Looks up line `d` of the empty `cell` and recombines its four lines.
    fn refresh_direction(&mut self, cell: usize, d: usize) {
        let both = self.lines[self.words.key(cell, d, self.half) as usize];
        for (side, pattern) in both.into_iter().enumerate() {
            let patterns = &mut self.cells[cell][side];
            patterns.lines[d] = pattern;
            let value = self.table.cell(side, patterns.lines);
            (patterns.combo, patterns.score, patterns.order) =
                (value.combo, value.score, value.order);
            patterns.index = cell_index(patterns.lines) as u16;
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

    /// The pattern codes and their learned terms, where the board was built with tables.
    #[inline]
    #[must_use]
    pub fn codes(&self) -> Option<&CodeCells> {
        self.codes.as_ref()
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

/// Whether the rule is five in a row on a board where the pattern engine is used.
#[must_use]
pub fn is_gomoku(rule: &Rule) -> bool {
    rule.k() == 5 && rule.cells() > crate::engine::search_board::FULL_WIDTH_CELLS
}

/// The patterns of every line key as [`LineWords`] gives it for `rule`, and how many cells
/// the key reads on each side: four in freestyle (the fifth never changes a freestyle
/// pattern, a test checks it), five under the other rules.
fn word_lines(rule: &Rule) -> (&'static [[Pattern; 2]], usize) {
    static FREESTYLE: OnceLock<Vec<[Pattern; 2]>> = OnceLock::new();
    static EXACT: OnceLock<Vec<[Pattern; 2]>> = OnceLock::new();
    static RENJU: OnceLock<Vec<[Pattern; 2]>> = OnceLock::new();
    let table = PatternTable::get(rule);
    let (slot, half) = if rule.renju() {
        (&RENJU, HALF)
    } else if rule.exact() {
        (&EXACT, HALF)
    } else {
        (&FREESTYLE, HALF - 1)
    };
    let lines = slot.get_or_init(|| {
        (0..1u32 << (4 * half))
            .map(|key| table.lines(pattern_key(key, half)))
            .collect()
    });
    (lines, half)
}

/// The pattern table's key of a line key of [`LineWords`] reading `half` cells each side.
/// The table's keys read [`HALF`] cells each side in the same order but with other codes
/// (the words' empty is 3 and wall 0, the table's the other way round, and black and white
/// swap likewise: each two bits complemented); a shorter key's missing far cells are walls.
#[must_use]
pub fn pattern_key(key: u32, half: usize) -> u32 {
    let mask = (1 << (2 * half)) - 1;
    let pad = 2 * (HALF - half);
    let (before, after) = (key & mask, (key >> (2 * half)) & mask);
    let words_key = (before << pad) | (after << (2 * HALF));
    words_key ^ ((1 << (4 * HALF)) - 1)
}

#[cfg(test)]
impl PatternBoard {
    /// Everything incremental, to compare with a board built from scratch.
    pub(crate) fn facts(&self) -> impl PartialEq + std::fmt::Debug + use<> {
        (
            self.cells.clone(),
            self.combos,
            self.totals,
            self.occupied.clone(),
            self.codes.as_ref().map(CodeCells::facts),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freestyle_patterns_never_depend_on_the_fifth_cell_each_side() {
        let rule = Rule::new(15, 15, 5, false).unwrap();
        let table = PatternTable::get(&rule);
        let (lines, half) = word_lines(&rule);
        assert_eq!(half, HALF - 1);
        for words_key in 0..1u32 << (4 * HALF) {
            let short = ((words_key >> 2) & 0xFF) | (((words_key >> 10) & 0xFF) << 8);
            let full = table.lines(pattern_key(words_key, HALF));
            assert_eq!(full, lines[short as usize], "key {words_key:05x}");
        }
    }
}
