//! Line patterns of five in a row: what a stone on an empty cell makes along one line
//! (five, live four, dead four, live three, ...), read from a precomputed table indexed by
//! the ten cells around it on that line; and what the four lines of a cell make together
//! (a double four, a four-three, a double three), with two scores: the evaluation's (from the
//! weights file) and the move ordering's (the hand-set [`ORDER_LINES`] and [`ORDER_FORKS`]).
//!
//! The table is built once per rule kind (freestyle, exactly five, renju: black's lines as
//! under exactly five, white's as in freestyle) by dynamic programming
//! over each side's view of a line, and looked up with a 20-bit key: 2 bits for each of the
//! five cells on either side of the centre.

use std::sync::OnceLock;

use crate::rules::Rule;

pub use super::pattern_kinds::{COMBOS, Combo, Pattern};

use super::pattern_kinds::KINDS;
use super::weights::{ForkWeights, LineWeights, ORDER_FORKS, ORDER_LINES, Weights};

/// How far the line key looks on each side of its cell: five, so that under the
/// exactly-five rule a run of five can be told from part of an overline.
pub const HALF: usize = 5;

/// Cells in a line key (the centre excluded).
pub const SPAN: usize = 2 * HALF;

/// The number of different line keys.
pub const KEYS: usize = 1 << (2 * SPAN);

/// A cell's content in a line key: empty 0, X 1, O 2, a wall 3.
const EMPTY: u32 = 0;

/// What a stone on a cell makes over its four lines, and what that is worth: `score` to the
/// evaluation (the weights file's numbers), `order` to the move ordering (the hand-set ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellValue {
    pub combo: Combo,
    pub score: i32,
    pub order: i32,
}

/// The patterns of all line keys for one rule kind, and the combination of four lines.
pub struct PatternTable {
    /// `lines[key]`: X's pattern in the low byte, O's in the high byte.
    lines: Vec<u16>,
    /// `cells[side][p0 + 11 p1 + 121 p2 + 1331 p3]`: the combination of four lines for X (0)
    /// and O (1) with its scores. The same for both sides except under renju, where black's
    /// double four is forbidden, not a win.
    cells: [Vec<CellValue>; 2],
    /// The weights the scores were built with (the evaluation reads the rest of them here).
    pub weights: &'static Weights,
}

impl PatternTable {
    /// The table of `rule`'s kind: freestyle (five or more wins), exactly five, or renju;
    /// built on first use and shared afterwards.
    #[must_use]
    pub fn get(rule: &Rule) -> &'static PatternTable {
        static FREESTYLE: OnceLock<PatternTable> = OnceLock::new();
        static EXACT: OnceLock<PatternTable> = OnceLock::new();
        static RENJU: OnceLock<PatternTable> = OnceLock::new();
        if rule.renju() {
            RENJU.get_or_init(|| PatternTable::build(true, false))
        } else if rule.exact() {
            EXACT.get_or_init(|| PatternTable::build(true, true))
        } else {
            FREESTYLE.get_or_init(|| PatternTable::build(false, false))
        }
    }

    /// The table where X's fives are exactly five when `x_exact`, O's when `o_exact`; X
    /// has renju's forbidden double fours when only X's are (renju).
    fn build(x_exact: bool, o_exact: bool) -> PatternTable {
        let x_views = side_view_patterns(x_exact);
        let o_views = if o_exact == x_exact {
            x_views.clone()
        } else {
            side_view_patterns(o_exact)
        };
        let mut lines = vec![0u16; KEYS];
        for (key, slot) in lines.iter_mut().enumerate() {
            let (mut x, mut o) = (0usize, 0usize);
            for i in (0..SPAN).rev() {
                let code = (key >> (2 * i)) & 3;
                // Each side sees its own stones, empty cells, and everything else as blocked.
                let (dx, do_) = match code as u32 {
                    EMPTY => (0, 0),
                    1 => (1, 2),
                    2 => (2, 1),
                    _ => (2, 2),
                };
                x = x * 3 + dx;
                o = o * 3 + do_;
            }
            *slot = u16::from(x_views[x] as u8) | u16::from(o_views[o] as u8) << 8;
        }
        let renju = x_exact && !o_exact;
        let weights = Weights::built_in();
        let cells = [renju, false].map(|forbidden| {
            (0..KINDS.pow(4))
                .map(|n| {
                    let four = [1, KINDS, KINDS * KINDS, KINDS.pow(3)]
                        .map(|unit| Pattern::ALL[n / unit % KINDS]);
                    combine(four, forbidden, weights)
                })
                .collect()
        });
        PatternTable {
            lines,
            cells,
            weights,
        }
    }

    /// The pattern a stone of X and one of O make on the line of `key`.
    #[inline]
    #[must_use]
    pub fn lines(&self, key: u32) -> [Pattern; 2] {
        let both = self.lines[key as usize];
        [
            Pattern::from_u8(both as u8),
            Pattern::from_u8((both >> 8) as u8),
        ]
    }

    /// The combination and scores of a cell's four line patterns for `side` (0 X, 1 O).
    #[inline]
    #[must_use]
    pub fn cell(&self, side: usize, lines: [Pattern; 4]) -> CellValue {
        self.cells[side][cell_index(lines)]
    }

    /// [`PatternTable::cell`] by the four lines' [`cell_index`], for a caller that keeps it.
    #[inline]
    #[must_use]
    pub fn cell_at(&self, side: usize, index: usize) -> CellValue {
        self.cells[side][index]
    }
}

/// What the pattern on line `d` weighs in a [`cell_index`].
pub const LINE_PLACE: [usize; 4] = [1, KINDS, KINDS * KINDS, KINDS * KINDS * KINDS];

/// The place of a cell's four line patterns in the table of their combinations.
#[inline]
#[must_use]
pub fn cell_index(lines: [Pattern; 4]) -> usize {
    (0..4).map(|d| lines[d] as usize * LINE_PLACE[d]).sum()
}

/// The combination and scores of four line patterns. With `forbidden` (renju's black) two
/// fours, on different lines or on one, are a forbidden double four: nothing to play, so
/// quiet and unscored. The evaluation's score comes from `weights`, the ordering's from the
/// hand-set ordering scores. (A double three may be a false one, which only the rules'
/// recursive test tells; it keeps its combination here and the move generator asks that test.)
fn combine(lines: [Pattern; 4], forbidden: bool, weights: &Weights) -> CellValue {
    if forbidden && is_double_four(lines) {
        return CellValue {
            combo: Combo::Quiet,
            score: 0,
            order: 0,
        };
    }
    let combo = combination(lines);
    CellValue {
        combo,
        score: cell_score(lines, combo, &weights.lines, &weights.forks),
        order: cell_score(lines, combo, &ORDER_LINES, &ORDER_FORKS),
    }
}

/// The score of a cell's four line patterns and their combination by `lines` and `forks`.
fn cell_score(pats: [Pattern; 4], combo: Combo, lines: &LineWeights, forks: &ForkWeights) -> i32 {
    pats.iter().map(|&p| lines.of(p)).sum::<i32>() + forks.of(combo)
}

/// What four line patterns make together.
fn combination(lines: [Pattern; 4]) -> Combo {
    let count = |p: Pattern| lines.iter().filter(|&&l| l == p).count();
    let threes = count(Pattern::Live3);
    let fours = count(Pattern::Dead4);
    if count(Pattern::Five) > 0 {
        Combo::Five
    } else if count(Pattern::Live4) + count(Pattern::DoubleFour) > 0 || fours >= 2 {
        Combo::OpenFour
    } else if fours == 1 && threes > 0 {
        Combo::FourThree
    } else if threes >= 2 {
        Combo::DoubleThree
    } else if fours == 1 {
        Combo::Four
    } else if threes == 1 {
        Combo::Three
    } else {
        Combo::Quiet
    }
}

/// Whether a stone on a cell with these four line patterns makes two fours (on two lines or
/// on one) and no five: renju's forbidden double four, for black.
#[must_use]
pub fn is_double_four(lines: [Pattern; 4]) -> bool {
    let count = |p: Pattern| lines.iter().filter(|&&l| l == p).count();
    let fours = count(Pattern::Dead4) + count(Pattern::Live4) + 2 * count(Pattern::DoubleFour);
    count(Pattern::Five) == 0 && fours >= 2
}

/// The pattern of every line as one side sees it. A view is a base-3 number over the ten
/// cells around the centre (digit `i` for key slot `i`, the most significant first): 0 empty,
/// 1 own stone, 2 blocked (the opponent's stone or a wall). The centre holds the side's new
/// stone. A view with one more own stone has a larger number, so filling the table from the
/// top down finds every pattern a cell depends on already computed.
fn side_view_patterns(exact: bool) -> Vec<Pattern> {
    let size = 3usize.pow(SPAN as u32);
    let mut table = vec![Pattern::None; size];
    let mut powers = [0usize; SPAN];
    for (i, p) in powers.iter_mut().enumerate() {
        *p = 3usize.pow(i as u32);
    }
    for view in (0..size).rev() {
        let digits: [usize; SPAN] = std::array::from_fn(|i| view / powers[i] % 3);
        table[view] = if makes_five(&digits, exact) {
            Pattern::Five
        } else {
            let completions = (0..SPAN)
                .filter(|&i| digits[i] == 0)
                .filter(|&i| table[view + powers[i]] == Pattern::Five)
                .count();
            match completions {
                0 => (0..SPAN)
                    .filter(|&i| digits[i] == 0)
                    .map(|i| table[view + powers[i]].one_less())
                    .max()
                    .unwrap_or(Pattern::None),
                1 => Pattern::Dead4,
                _ if is_straight_four(&digits) => Pattern::Live4,
                _ => Pattern::DoubleFour,
            }
        };
    }
    table
}

/// Whether the view (a four with two completions) is a straight four: four own stones in a
/// row through the centre with an empty cell at each end, rather than two fours on one line.
fn is_straight_four(digits: &[usize; SPAN]) -> bool {
    let before = (0..HALF).rev().take_while(|&i| digits[i] == 1).count();
    let after = (HALF..SPAN).take_while(|&i| digits[i] == 1).count();
    let open = |slot: Option<usize>| slot.is_some_and(|i| i < SPAN && digits[i] == 0);
    before + 1 + after == 4 && open(HALF.checked_sub(before + 1)) && open(Some(HALF + after))
}

/// Whether the run of own stones through the centre is a five (exactly five when `exact`).
/// Digit `i` of the view is key slot `i`: slots `0..HALF` lie before the centre (slot
/// `HALF - 1` next to it), slots `HALF..SPAN` after it.
fn makes_five(digits: &[usize; SPAN], exact: bool) -> bool {
    let before = (0..HALF).rev().take_while(|&i| digits[i] == 1).count();
    let after = (HALF..SPAN).take_while(|&i| digits[i] == 1).count();
    let run = before + 1 + after;
    if exact { run == 5 } else { run >= 5 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ordering_scores_do_not_follow_the_evaluation_weights() {
        let built_in = Weights::built_in();
        let mut other = built_in.clone();
        other.lines.live3 += 500;
        other.forks.four_three += 700;
        let lines = [
            Pattern::Live3,
            Pattern::Dead4,
            Pattern::Live2,
            Pattern::None,
        ];
        let ours = combine(lines, false, built_in);
        let theirs = combine(lines, false, &other);
        assert_eq!(ours.combo, Combo::FourThree);
        assert_eq!(theirs.score, ours.score + 500 + 700);
        assert_eq!(theirs.order, ours.order);
        let hand_set = ORDER_LINES.live3 + ORDER_LINES.dead4 + ORDER_LINES.live2;
        assert_eq!(ours.order, hand_set + ORDER_FORKS.four_three);
    }
}
