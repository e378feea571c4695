//! Pattern codes: the four line classes of a cell (one per direction, see [`super::line_class`])
//! as an unordered multiset, numbered once, so that tables of what a cell is worth have one
//! entry per code rather than per ordered four; and the threat class of each code, from
//! nothing to a five.
//!
//! A code is the multiset's rank in the combinatorial number system: with the classes sorted
//! `a <= b <= c <= d`, `C(a, 1) + C(b + 1, 2) + C(c + 2, 3) + C(d + 3, 4)`, which numbers the
//! 2,380 multisets of four out of fourteen classes from 0 to 2,379 with no gaps.

use std::sync::OnceLock;

use super::line_class::{CLASSES, LineClass};

/// The number of pattern codes: multisets of four out of the fourteen line classes.
pub const CODES: usize = 2380;

/// A cell's four line classes for one side, as an unordered multiset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PatternCode(pub u16);

impl PatternCode {
    /// The code of four classes, in any order.
    #[must_use]
    pub fn of(classes: [LineClass; 4]) -> PatternCode {
        let mut n = classes.map(|c| c as usize);
        n.sort_unstable();
        let [a, b, c, d] = n;
        let code =
            a + (b + 1) * b / 2 + (c + 2) * (c + 1) * c / 6 + (d + 3) * (d + 2) * (d + 1) * d / 24;
        PatternCode(code as u16)
    }

    /// The code of four classes packed four bits each (direction 0 lowest), by a table.
    #[inline]
    #[must_use]
    pub fn of_packed(packed: u16) -> PatternCode {
        PatternCode(packed_codes()[usize::from(packed)])
    }

    /// The code of every packed four of classes, indexed by the packed four (see
    /// [`PatternCode::of_packed`]), for a caller that keeps the table at hand.
    #[must_use]
    pub fn packed_table() -> &'static [u16] {
        packed_codes()
    }

    /// The four classes of the code, weakest first.
    #[must_use]
    pub fn classes(self) -> [LineClass; 4] {
        codes()[usize::from(self.0)]
    }
}

/// Every code's classes, weakest first, by code.
fn codes() -> &'static [[LineClass; 4]; CODES] {
    static CODES_TABLE: OnceLock<Box<[[LineClass; 4]; CODES]>> = OnceLock::new();
    CODES_TABLE.get_or_init(|| {
        let mut table = Box::new([[LineClass::Dead; 4]; CODES]);
        for a in 0..CLASSES {
            for b in a..CLASSES {
                for c in b..CLASSES {
                    for d in c..CLASSES {
                        let four = [a, b, c, d].map(|n| LineClass::ALL[n]);
                        table[usize::from(PatternCode::of(four).0)] = four;
                    }
                }
            }
        }
        table
    })
}

/// The code of every packed four of classes (nibbles of 14 and 15 read as [`LineClass::from_bits`]).
fn packed_codes() -> &'static [u16] {
    static PACKED: OnceLock<Vec<u16>> = OnceLock::new();
    PACKED.get_or_init(|| {
        (0..=u16::MAX)
            .map(|packed| {
                let four: [LineClass; 4] =
                    std::array::from_fn(|d| LineClass::from_bits((packed >> (4 * d)) as u8));
                PatternCode::of(four).0
            })
            .collect()
    })
}

/// What a stone on a cell threatens over its four lines together, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    /// Nothing worth naming.
    None = 0,
    /// Renju's black may not play here: an overline, or two fours (on two lines or on one),
    /// and no five. (A double three may be forbidden too, but only the rules' recursive test
    /// tells; it stays [`Threat::DoubleFlex3`].)
    Forbidden,
    /// A flex two.
    Flex2,
    /// A dead three.
    Dead3,
    /// Two flex twos.
    DoubleFlex2,
    /// A dead three with another dead three or a flex two.
    Dead3Plus,
    /// A flex three.
    Flex3,
    /// A flex three with a dead three or a flex two.
    Flex3Plus,
    /// Two flex threes.
    DoubleFlex3,
    /// A dead four.
    Dead4,
    /// A dead four with a dead three or a flex two.
    Dead4Plus,
    /// A dead four and a flex three.
    FourThree,
    /// A flex four, or two dead fours: two cells complete a five.
    DoubleFour,
    /// Five in a row.
    Five,
}

/// The number of threat classes.
pub const THREATS: usize = 14;

impl Threat {
    /// Every threat, weakest first.
    pub const ALL: [Threat; THREATS] = [
        Threat::None,
        Threat::Forbidden,
        Threat::Flex2,
        Threat::Dead3,
        Threat::DoubleFlex2,
        Threat::Dead3Plus,
        Threat::Flex3,
        Threat::Flex3Plus,
        Threat::DoubleFlex3,
        Threat::Dead4,
        Threat::Dead4Plus,
        Threat::FourThree,
        Threat::DoubleFour,
        Threat::Five,
    ];

    /// The threat of four classes; `forbids`: the side is renju's black.
    #[must_use]
    pub fn of(classes: [LineClass; 4], forbids: bool) -> Threat {
        let n = |test: fn(LineClass) -> bool| classes.iter().filter(|&&c| test(c)).count();
        let fives = n(|c| c == LineClass::Five);
        let overlines = n(|c| c == LineClass::Overline);
        let flex4 = n(|c| c == LineClass::Flex4);
        let dead4 = n(|c| c == LineClass::Dead4);
        let flex3 = n(LineClass::is_flex3);
        let dead3 = n(|c| c == LineClass::Dead3);
        let flex2 = n(LineClass::is_flex2);
        if fives > 0 {
            Threat::Five
        } else if forbids && (overlines > 0 || flex4 + dead4 >= 2) {
            Threat::Forbidden
        } else if flex4 > 0 || dead4 >= 2 {
            Threat::DoubleFour
        } else if dead4 == 1 {
            if flex3 > 0 {
                Threat::FourThree
            } else if dead3 + flex2 > 0 {
                Threat::Dead4Plus
            } else {
                Threat::Dead4
            }
        } else if flex3 >= 2 {
            Threat::DoubleFlex3
        } else if flex3 == 1 {
            if dead3 + flex2 > 0 {
                Threat::Flex3Plus
            } else {
                Threat::Flex3
            }
        } else if dead3 >= 2 || (dead3 == 1 && flex2 > 0) {
            Threat::Dead3Plus
        } else if flex2 >= 2 {
            Threat::DoubleFlex2
        } else if dead3 == 1 {
            Threat::Dead3
        } else if flex2 == 1 {
            Threat::Flex2
        } else {
            Threat::None
        }
    }

    /// The threat of every code, for a side with forbidden cells (`forbids`) or without.
    #[must_use]
    pub fn table(forbids: bool) -> &'static [Threat; CODES] {
        static TABLES: [OnceLock<Box<[Threat; CODES]>>; 2] = [OnceLock::new(), OnceLock::new()];
        TABLES[usize::from(forbids)].get_or_init(|| {
            let mut table = Box::new([Threat::None; CODES]);
            for (code, classes) in codes().iter().enumerate() {
                table[code] = Threat::of(*classes, forbids);
            }
            table
        })
    }

    /// Whether a stone here makes at least a four (a five threatened or made).
    #[inline]
    #[must_use]
    pub fn has_four(self) -> bool {
        self >= Threat::Dead4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_multiset_has_its_own_code_and_every_code_is_used() {
        let mut seen = vec![false; CODES];
        for (code, classes) in codes().iter().enumerate() {
            assert_eq!(usize::from(PatternCode::of(*classes).0), code);
            assert!(classes.windows(2).all(|w| w[0] <= w[1]));
            assert!(!std::mem::replace(&mut seen[code], true));
        }
        assert!(seen.iter().all(|&s| s));
        let a = [
            LineClass::Flex3,
            LineClass::Dead,
            LineClass::Dead4,
            LineClass::Flex1,
        ];
        let b = [
            LineClass::Dead4,
            LineClass::Flex1,
            LineClass::Flex3,
            LineClass::Dead,
        ];
        assert_eq!(PatternCode::of(a), PatternCode::of(b));
        let packed = a
            .iter()
            .enumerate()
            .fold(0u16, |p, (d, &c)| p | (c as u16) << (4 * d));
        assert_eq!(PatternCode::of_packed(packed), PatternCode::of(a));
    }

    #[test]
    fn threats_climb_from_nothing_to_five() {
        use LineClass::*;
        let of = |c: [LineClass; 4]| Threat::of(c, false);
        assert_eq!(of([Dead, Dead, Flex1, Dead2]), Threat::None);
        assert_eq!(of([Flex3, Dead4, Dead, Dead]), Threat::FourThree);
        assert_eq!(of([Dead4, Dead4, Dead, Dead]), Threat::DoubleFour);
        assert_eq!(of([Flex3x2, Flex3, Dead, Dead]), Threat::DoubleFlex3);
        assert_eq!(of([Five, Overline, Dead4, Dead4]), Threat::Five);
        assert_eq!(
            Threat::of([Dead4, Flex4, Dead, Dead], true),
            Threat::Forbidden
        );
        assert_eq!(
            Threat::of([Overline, Flex3, Dead, Dead], true),
            Threat::Forbidden
        );
        assert_eq!(
            Threat::of([Flex3, Flex3, Dead, Dead], true),
            Threat::DoubleFlex3
        );
        assert_eq!(
            Threat::of([Overline, Flex3, Dead, Dead], false),
            Threat::Flex3
        );
    }
}
