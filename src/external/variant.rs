//! The rule variants an engine is told with `INFO rule`: freestyle, exactly five, renju
//! (caro is not played here), and the game rule each stands for.

use crate::rules::{Rule, RuleError};

/// The rule flags of INFO rule.
pub(crate) const EXACT_FIVE: u32 = 1;
pub(crate) const CONTINUOUS: u32 = 2;
pub(crate) const RENJU: u32 = 4;
pub(crate) const CARO: u32 = 8;

/// The rule variant INFO rule asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Variant {
    /// Five or more in a row wins.
    Freestyle,
    /// Only exactly five (or `in_a_row`) wins.
    Exact,
    /// Renju: 15x15, black's forbidden moves, black wins only with exactly five.
    Renju,
}

impl Variant {
    /// The rule of this variant on a board of `width` by `height` with `k` in a row.
    pub fn rule(self, width: usize, height: usize, k: usize) -> Result<Rule, RuleError> {
        Rule::new(width, height, k, self == Variant::Exact)?.with_renju(self == Variant::Renju)
    }

    /// The INFO rule flags of this variant.
    #[must_use]
    pub fn flags(self) -> u32 {
        match self {
            Variant::Freestyle => 0,
            Variant::Exact => EXACT_FIVE,
            Variant::Renju => RENJU,
        }
    }

    /// The variant of `rule`.
    #[must_use]
    pub fn of(rule: &Rule) -> Variant {
        match (rule.exact(), rule.renju()) {
            (_, true) => Variant::Renju,
            (true, false) => Variant::Exact,
            (false, false) => Variant::Freestyle,
        }
    }

    /// Whether `rule` is of this variant.
    #[must_use]
    pub fn is_of(self, rule: &Rule) -> bool {
        Variant::of(rule) == self
    }
}
