//! Line classes: what a stone of one side on an empty cell makes along one line, in fourteen
//! classes (dead, overline, dead and flex ones, twos, threes, fours, five), read from a table
//! indexed by the line key of [`super::line_words`]: the cells within reach on either side of
//! the cell, two bits each. One byte per key holds both sides' classes (black's in the low
//! four bits, white's in the high four), one table per [`LineRule`].
//!
//! The table is filled by a dynamic program over one side's view of a line (its own stones,
//! empty cells, and everything else as blocked): a view's class follows from what the view
//! becomes with one more own stone on each empty cell, and a view with one more own stone has
//! a larger number, so filling from the top down finds every successor already classified.

use std::sync::OnceLock;

use crate::rules::{Rule, Side};

/// The rules a line is read under: they decide what a five is, and whether a line can be
/// forbidden to black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// Five or more in a row wins, for both sides.
    Freestyle,
    /// Exactly five wins, for both sides; an overline wins nothing.
    ExactFive,
    /// Renju: black wins with exactly five and may not make an overline or two fours on one
    /// line; white wins with five or more.
    Renju,
}

impl LineRule {
    /// The line rule of a five-in-a-row `rule`.
    #[must_use]
    pub fn of(rule: &Rule) -> LineRule {
        if rule.renju() {
            LineRule::Renju
        } else if rule.exact() {
            LineRule::ExactFive
        } else {
            LineRule::Freestyle
        }
    }

    /// How many cells on each side of a cell its line key reads: four are enough to see
    /// every five through the cell; under the other rules the fifth tells a five from part
    /// of an overline.
    #[inline]
    #[must_use]
    pub const fn half(self) -> usize {
        match self {
            LineRule::Freestyle => 4,
            LineRule::ExactFive | LineRule::Renju => 5,
        }
    }

    /// Whether only exactly five wins for `side`.
    #[must_use]
    pub fn exact_for(self, side: Side) -> bool {
        match self {
            LineRule::Freestyle => false,
            LineRule::ExactFive => true,
            LineRule::Renju => side == Side::X,
        }
    }

    /// Whether `side` has forbidden cells: black under renju.
    #[must_use]
    pub fn forbids(self, side: Side) -> bool {
        self == LineRule::Renju && side == Side::X
    }
}

/// What a stone of one side on an empty cell makes along one line, weakest first (but for
/// [`LineClass::Overline`], which is nothing to play).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum LineClass {
    /// No five can ever pass through the cell on this line.
    Dead = 0,
    /// A run of six or more where only exactly five wins; for renju's black also two fours
    /// on this one line (`X.XXX.X`): a line black may not make.
    Overline,
    /// One more stone makes a dead two.
    Dead1,
    /// One more stone makes a flex two.
    Flex1,
    /// One more stone makes a dead three.
    Dead2,
    /// One or two cells make a flex three.
    Flex2,
    /// Three cells make a flex three.
    Flex2x3,
    /// Four or more cells make a flex three.
    Flex2x4,
    /// One more stone makes a dead four.
    Dead3,
    /// One cell makes a flex four.
    Flex3,
    /// Two or more cells make a flex four (`..XXX..`).
    Flex3x2,
    /// One cell completes a five.
    Dead4,
    /// Two or more cells complete a five: a four that cannot be stopped.
    Flex4,
    /// Five in a row (exactly five where only that wins).
    Five,
}

/// The number of line classes.
pub const CLASSES: usize = 14;

impl LineClass {
    /// Every class, in order.
    pub const ALL: [LineClass; CLASSES] = [
        LineClass::Dead,
        LineClass::Overline,
        LineClass::Dead1,
        LineClass::Flex1,
        LineClass::Dead2,
        LineClass::Flex2,
        LineClass::Flex2x3,
        LineClass::Flex2x4,
        LineClass::Dead3,
        LineClass::Flex3,
        LineClass::Flex3x2,
        LineClass::Dead4,
        LineClass::Flex4,
        LineClass::Five,
    ];

    /// The class numbered `n` (the low four bits are read).
    #[inline]
    #[must_use]
    pub fn from_bits(n: u8) -> LineClass {
        LineClass::ALL[usize::from(n & 15) % CLASSES]
    }

    /// Whether this is a flex two of any kind.
    #[inline]
    #[must_use]
    pub fn is_flex2(self) -> bool {
        matches!(
            self,
            LineClass::Flex2 | LineClass::Flex2x3 | LineClass::Flex2x4
        )
    }

    /// Whether this is a flex three of any kind.
    #[inline]
    #[must_use]
    pub fn is_flex3(self) -> bool {
        matches!(self, LineClass::Flex3 | LineClass::Flex3x2)
    }

    /// Whether this is a four (one stone short of a five).
    #[inline]
    #[must_use]
    pub fn is_four(self) -> bool {
        matches!(self, LineClass::Dead4 | LineClass::Flex4)
    }
}

/// Both sides' classes of every line key under one rule.
pub struct ClassTable {
    /// `classes[key]`: black's class in the low four bits, white's in the high four.
    classes: Vec<u8>,
}

impl ClassTable {
    /// The table of `rule`, built on first use and shared afterwards.
    #[must_use]
    pub fn get(rule: LineRule) -> &'static ClassTable {
        static TABLES: [OnceLock<ClassTable>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        TABLES[rule as usize].get_or_init(|| ClassTable::build(rule))
    }

    fn build(rule: LineRule) -> ClassTable {
        let half = rule.half();
        let span = 2 * half;
        let views = Side::BOTH
            .map(|side| side_view_classes(half, rule.exact_for(side), rule.forbids(side)));
        let classes = (0..1usize << (2 * span))
            .map(|key| {
                let (mut black, mut white) = (0, 0);
                for slot in (0..span).rev() {
                    let (b, w) = match (key >> (2 * slot)) & 3 {
                        EMPTY_BITS => (0, 0),
                        BLACK_BITS => (1, 2),
                        WHITE_BITS => (2, 1),
                        _ => (2, 2),
                    };
                    black = black * 3 + b;
                    white = white * 3 + w;
                }
                views[0][black] as u8 | (views[1][white] as u8) << 4
            })
            .collect();
        ClassTable { classes }
    }

    /// Both classes of `key` as the table keeps them: black's in the low four bits.
    #[inline]
    #[must_use]
    pub fn both(&self, key: u32) -> u8 {
        self.classes[key as usize]
    }

    /// The class a stone of `side` makes on the line of `key`.
    #[cfg(test)]
    #[must_use]
    pub fn class(&self, key: u32, side: Side) -> LineClass {
        LineClass::from_bits(self.both(key) >> (4 * side.index()))
    }
}

/// The two bits of an empty cell in a line word or key; walls are 0.
pub const EMPTY_BITS: usize = 3;
/// The two bits of a black stone.
pub const BLACK_BITS: usize = 2;
/// The two bits of a white stone.
pub const WHITE_BITS: usize = 1;

/// The class of every view of a line by one side. A view is a base-3 number over the `2 *
/// half` cells around the centre (digit `i` for key slot `i`: slots `0..half` lie before the
/// centre, the last of them next to it; slots `half..` after it): 0 empty, 1 own stone, 2
/// blocked. The centre holds the side's new stone. `exact`: only exactly five wins;
/// `forbids`: two fours on the line are forbidden (renju's black).
fn side_view_classes(half: usize, exact: bool, forbids: bool) -> Vec<LineClass> {
    let span = 2 * half;
    let size = 3usize.pow(span as u32);
    let powers: Vec<usize> = (0..span).map(|i| 3usize.pow(i as u32)).collect();
    let mut table = vec![LineClass::Dead; size];
    for view in (0..size).rev() {
        let digits: Vec<usize> = powers.iter().map(|p| view / p % 3).collect();
        table[view] = classify(&digits, half, exact, forbids, |slot| {
            table[view + powers[slot]]
        });
    }
    table
}

/// The class of one view (see [`side_view_classes`]) from its own run through the centre
/// and `after(slot)`: the class of the same view with one more own stone on the empty `slot`.
fn classify(
    digits: &[usize],
    half: usize,
    exact: bool,
    forbids: bool,
    after: impl Fn(usize) -> LineClass,
) -> LineClass {
    let before = (0..half).rev().take_while(|&i| digits[i] == 1).count();
    let beyond = (half..2 * half).take_while(|&i| digits[i] == 1).count();
    let run = before + 1 + beyond;
    if run > 5 && exact {
        return LineClass::Overline;
    }
    if run >= 5 {
        return LineClass::Five;
    }
    // Only the cells within four of the centre can be part of a five through it.
    let near = (half - 4..half + 4).filter(|&i| digits[i] == 0);
    let mut count = [0usize; CLASSES];
    let mut fives = Vec::new();
    for slot in near {
        let class = after(slot);
        count[class as usize] += 1;
        if class == LineClass::Five {
            fives.push(offset(slot, half));
        }
    }
    let n = |c: LineClass| count[c as usize];
    if fives.len() >= 2 {
        let straight = fives.len() == 2 && fives[1] - fives[0] == 5;
        if forbids && !straight {
            LineClass::Overline
        } else {
            LineClass::Flex4
        }
    } else if fives.len() == 1 {
        LineClass::Dead4
    } else if n(LineClass::Flex4) >= 2 {
        LineClass::Flex3x2
    } else if n(LineClass::Flex4) == 1 {
        LineClass::Flex3
    } else if n(LineClass::Dead4) > 0 {
        LineClass::Dead3
    } else {
        match n(LineClass::Flex3) + n(LineClass::Flex3x2) {
            4.. => LineClass::Flex2x4,
            3 => LineClass::Flex2x3,
            1..=2 => LineClass::Flex2,
            _ if n(LineClass::Dead3) > 0 => LineClass::Dead2,
            _ if n(LineClass::Flex2) + n(LineClass::Flex2x3) + n(LineClass::Flex2x4) > 0 => {
                LineClass::Flex1
            }
            _ if n(LineClass::Dead2) > 0 => LineClass::Dead1,
            _ => LineClass::Dead,
        }
    }
}

/// The offset from the centre of key slot `slot`: slots `0..half` are `-half..0`, the others
/// `1..=half`.
fn offset(slot: usize, half: usize) -> isize {
    if slot < half {
        slot as isize - half as isize
    } else {
        slot as isize - half as isize + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class black's stone on the `*` of `line` makes, under `rule`: `x` black, `o`
    /// white, `.` empty, `|` a wall; cells missing at either end are walls.
    fn black_class(rule: LineRule, line: &str) -> LineClass {
        let centre = line.find('*').expect("a centre");
        let half = rule.half() as isize;
        let cells: Vec<char> = line.chars().collect();
        let mut key = 0u32;
        for (slot, off) in (-half..=half).filter(|&o| o != 0).enumerate() {
            let at = centre as isize + off;
            let bits = match usize::try_from(at).ok().and_then(|i| cells.get(i)) {
                Some('x') => BLACK_BITS,
                Some('o') => WHITE_BITS,
                Some('.') => EMPTY_BITS,
                _ => 0,
            };
            key |= (bits as u32) << (2 * slot);
        }
        ClassTable::get(rule).class(key, Side::X)
    }

    #[test]
    fn diagrams_read_as_gomoku_players_name_them() {
        use LineClass::*;
        let f = LineRule::Freestyle;
        let cases = [
            ("...xx*xx...", Five),
            ("...xxx*xx..", Five),
            ("....xx*x....", Flex4),
            ("...oxx*x....", Dead4),
            ("..x.x*x.x..", Flex4),
            ("....x*x....", Flex3x2),
            ("...x.*x....", Flex3),
            ("..ox*x.....", Dead3),
            ("..x..*.....", Flex2),
            ("....x.*....", Flex2x3),
            (".....*x....", Flex2x4),
            ("..|.*x.|...", Dead),
            ("....o*o....", Dead),
        ];
        for (line, class) in cases {
            assert_eq!(black_class(f, line), class, "{line}");
        }
        assert_eq!(black_class(LineRule::ExactFive, "..xxx*xx..."), Overline);
        assert_eq!(black_class(LineRule::ExactFive, "..x.x*x.x.."), Flex4);
        assert_eq!(black_class(LineRule::Renju, "..x.x*x.x.."), Overline);
        assert_eq!(black_class(LineRule::Renju, "...xx*x.x.."), Dead4);
        assert_eq!(black_class(LineRule::Renju, "...x.*x...."), Flex3);
        assert_eq!(black_class(LineRule::Renju, "..ox*x....."), Dead3);
    }

    #[test]
    fn both_sides_share_a_byte_and_white_wins_overlines_in_renju() {
        let table = ClassTable::get(LineRule::Renju);
        // Three whites on each side of the centre: white makes an overline, which wins.
        let mut key = 0u32;
        for slot in 0..10 {
            let bits = if (2..8).contains(&slot) {
                WHITE_BITS
            } else {
                EMPTY_BITS
            };
            key |= (bits as u32) << (2 * slot);
        }
        assert_eq!(table.class(key, Side::O), LineClass::Five);
        assert_eq!(table.class(key, Side::X), LineClass::Dead);
        assert_eq!(table.both(key) >> 4, LineClass::Five as u8);
    }
}
