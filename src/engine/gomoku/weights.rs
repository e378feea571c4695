//! The weights of the five-in-a-row evaluation: what each line pattern scores, the bonus of a
//! cell whose lines fork, what a fork to play is worth to the side to move, and how much more
//! the side to move's own cells count. They are data, kept in `assets/gomoku/weights.json`
//! (which says where they came from) and embedded by the build, so that a tuning run writes a
//! new file instead of editing code; the evaluation is linear in all of them but the
//! initiative, which is what lets them be fitted to game results (see [`super::tuning`]).
//!
//! The move ordering (the move generator, the VCF and VCT solvers) scores cells by its own
//! hand-set numbers, [`ORDER_LINES`] and [`ORDER_FORKS`], not by the file: what predicts a
//! game's result is not what says which move to search first, and a fit of the evaluation
//! must not push a quiet move that wins by threats after the reply out of the searched ones.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::pattern_kinds::{Combo, Pattern};

/// The weights the engine plays with, as the build embeds them.
const BUILT_IN: &str = include_str!("../../../assets/gomoku/weights.json");

/// The score of one line's pattern for the side that would play there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineWeights {
    pub dead1: i32,
    pub live1: i32,
    pub dead2: i32,
    pub live2: i32,
    pub dead3: i32,
    pub live3: i32,
    pub dead4: i32,
    pub live4: i32,
    pub double_four: i32,
    pub five: i32,
}

/// The line scores that order moves (set by hand; the evaluation's weights were these before
/// they were fitted to game results).
pub const ORDER_LINES: LineWeights = LineWeights {
    dead1: 1,
    live1: 3,
    dead2: 6,
    live2: 20,
    dead3: 25,
    live3: 90,
    dead4: 110,
    live4: 1200,
    double_four: 1200,
    five: 10000,
};

/// The bonus of a cell whose lines fork, in the move ordering (set by hand).
pub const ORDER_FORKS: ForkWeights = ForkWeights {
    double_three: 400,
    four_three: 900,
    open_four: 1000,
};

/// One number for each fork: two live threes, a four and a live three, an open four (a live
/// four or two fours).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForkWeights {
    pub double_three: i32,
    pub four_three: i32,
    pub open_four: i32,
}

/// All the weights of the evaluation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// Where these numbers came from (hand-set, or a tuning run and its data).
    pub provenance: String,
    pub lines: LineWeights,
    /// Added to a cell's score when its lines fork.
    pub forks: ForkWeights,
    /// Added to the side to move's evaluation when it has a fork to play and the opponent
    /// has no four to play first.
    pub to_play: ForkWeights,
    /// The side to move's cells count this many eighths of the opponent's.
    pub initiative_eighths: i32,
}

impl Weights {
    /// The weights the engine plays with, read once from the embedded file.
    #[must_use]
    pub fn built_in() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        // The file is part of the build, and a unit test reads it: it cannot be damaged at
        // run time.
        WEIGHTS.get_or_init(|| Weights::parse(BUILT_IN).expect("the embedded weights are valid"))
    }

    /// Weights from the text of a weights file, checked: every pattern stronger than the
    /// one before it scores at least as much, and the initiative is between 1 and 32
    /// eighths.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let weights: Weights = serde_json::from_str(text).map_err(|e| e.to_string())?;
        weights.check()?;
        Ok(weights)
    }

    fn check(&self) -> Result<(), String> {
        let l = &self.lines;
        let ladder = [
            l.dead1, l.live1, l.dead2, l.live2, l.dead3, l.live3, l.dead4, l.live4, l.five,
        ];
        if ladder[0] < 0 || ladder.windows(2).any(|w| w[0] > w[1]) {
            return Err(format!(
                "line weights must not fall as patterns grow: {ladder:?}"
            ));
        }
        if !(1..=32).contains(&self.initiative_eighths) {
            return Err(format!(
                "initiative must be 1 to 32 eighths, got {}",
                self.initiative_eighths
            ));
        }
        Ok(())
    }

    /// The score of `pattern` on one line.
    #[must_use]
    pub fn line(&self, pattern: Pattern) -> i32 {
        self.lines.of(pattern)
    }
}

impl LineWeights {
    /// The score of `pattern` on one line.
    #[must_use]
    pub fn of(&self, pattern: Pattern) -> i32 {
        let l = self;
        match pattern {
            Pattern::None => 0,
            Pattern::Dead1 => l.dead1,
            Pattern::Live1 => l.live1,
            Pattern::Dead2 => l.dead2,
            Pattern::Live2 => l.live2,
            Pattern::Dead3 => l.dead3,
            Pattern::Live3 => l.live3,
            Pattern::Dead4 => l.dead4,
            Pattern::Live4 => l.live4,
            Pattern::DoubleFour => l.double_four,
            Pattern::Five => l.five,
        }
    }
}

impl ForkWeights {
    /// The number for `combo`; 0 for a combination that is no fork.
    #[must_use]
    pub fn of(&self, combo: Combo) -> i32 {
        match combo {
            Combo::OpenFour => self.open_four,
            Combo::FourThree => self.four_three,
            Combo::DoubleThree => self.double_three,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_are_valid() {
        let weights = Weights::built_in();
        assert_eq!(weights.line(Pattern::None), 0);
        assert!(weights.line(Pattern::Five) > weights.line(Pattern::Live4));
    }

    #[test]
    fn a_damaged_weights_file_is_refused_with_the_reason() {
        let good = BUILT_IN;
        assert!(Weights::parse("{").is_err());
        let unknown = good.replacen("\"lines\"", "\"line\"", 1);
        assert!(Weights::parse(&unknown).unwrap_err().contains("line"));
        let mut value: serde_json::Value = serde_json::from_str(good).unwrap();
        value["lines"]["live3"] = serde_json::json!(0);
        let falling = value.to_string();
        assert!(
            Weights::parse(&falling)
                .unwrap_err()
                .contains("must not fall")
        );
    }
}
