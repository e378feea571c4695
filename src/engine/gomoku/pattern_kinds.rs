//! The names of what a stone makes, shared by the pattern tables ([`super::patterns`]) and
//! the evaluation's weights ([`super::weights`]): along one line ([`Pattern`]: five, live
//! four, dead four, live three, ...) and over a cell's four lines together ([`Combo`]: a
//! double four, a four-three, a double three, ...).

/// What a stone of one side on an empty cell makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing: no five can ever pass through this cell on this line.
    None = 0,
    /// A dead one: one stone that can only grow into a dead two.
    Dead1,
    /// A live one.
    Live1,
    /// A dead two: can grow into a dead three only.
    Dead2,
    /// A live two: one more stone makes a live three.
    Live2,
    /// A dead three: one more stone makes a dead four.
    Dead3,
    /// A live three: one more stone makes a live four.
    Live3,
    /// A dead four (a rush): one cell completes a five.
    Dead4,
    /// A live (straight) four: four in a row with both ends open, two cells complete a
    /// five, so it cannot be stopped.
    Live4,
    /// Two fours on one line (`X.XXX.X`, `XX.XX.XX`): two cells complete two different
    /// fives. As strong as a live four, except for renju's black, where it is a forbidden
    /// double four.
    DoubleFour,
    /// Five in a row (exactly five under the exactly-five rule).
    Five,
}

/// The number of [`Pattern`] kinds.
pub(super) const KINDS: usize = 11;

impl Pattern {
    pub(super) const ALL: [Pattern; KINDS] = [
        Pattern::None,
        Pattern::Dead1,
        Pattern::Live1,
        Pattern::Dead2,
        Pattern::Live2,
        Pattern::Dead3,
        Pattern::Live3,
        Pattern::Dead4,
        Pattern::Live4,
        Pattern::DoubleFour,
        Pattern::Five,
    ];

    pub(super) fn from_u8(n: u8) -> Pattern {
        Pattern::ALL[usize::from(n)]
    }

    /// The pattern one stone short of this one: a live three is one stone short of a live
    /// four, and so on.
    pub(super) fn one_less(self) -> Pattern {
        match self {
            Pattern::Live4 | Pattern::DoubleFour => Pattern::Live3,
            Pattern::Dead4 => Pattern::Dead3,
            Pattern::Live3 => Pattern::Live2,
            Pattern::Dead3 => Pattern::Dead2,
            Pattern::Live2 => Pattern::Live1,
            Pattern::Dead2 => Pattern::Dead1,
            _ => Pattern::None,
        }
    }

    /// Whether a stone here makes at least a four (a threat of five).
    #[must_use]
    pub fn is_four(self) -> bool {
        self >= Pattern::Dead4 && self != Pattern::Five
    }
}

/// What a stone of one side on an empty cell makes over its four lines together, weakest
/// first; this decides the threats of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Combo {
    /// Less than a live three.
    Quiet = 0,
    /// One live three.
    Three,
    /// One dead four.
    Four,
    /// Two or more live threes.
    DoubleThree,
    /// A dead four and a live three.
    FourThree,
    /// A live four, or two dead fours: two cells complete a five, so it cannot be stopped.
    OpenFour,
    /// Five in a row.
    Five,
}

/// The number of [`Combo`] kinds.
pub const COMBOS: usize = 7;
