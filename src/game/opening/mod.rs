//! The opening phase of a game of five in a row under swap or swap2, the tournament openings
//! that share out the first player's advantage. The seat that moves first by the settings
//! (X's player) is the *opener*, the other the *chooser*:
//!
//! - **Swap**: the opener places three stones (black, white, black); the chooser then takes
//!   black (white, the opener, moves next) or white (and plays white's next move).
//! - **Swap2**: the opener places three stones; the chooser takes black, takes white, or
//!   places two more (white, then black) and hands the choice of colour back to the opener.
//!
//! [`Opening`] keeps the rule and the choices made; what is asked now ([`Step`]) follows
//! from them and the number of stones down, so undo and redo only have to take back or
//! replay stones and choices in order. A stone placed when a colour is to be chosen takes
//! white, the side to move, and is white's move (as in the rules: "take white and play
//! white's next move"). The stones' colours alternate as in any game, so the rules check
//! each of them (under renju, black's opening stones are never on a forbidden cell).

use serde::{Deserialize, Serialize};

use crate::engine::uses_gomoku_engine;
use crate::rules::{Rule, Side};

/// How a game opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OpeningRule {
    /// No opening phase: black moves first, as in any game.
    #[default]
    Free,
    Swap,
    Swap2,
}

impl OpeningRule {
    /// In the order the window shows them.
    pub const ALL: [OpeningRule; 3] = [OpeningRule::Free, OpeningRule::Swap, OpeningRule::Swap2];

    /// The rule a game on the board of `rule` is played with: swap and swap2 are openings
    /// of five in a row on a large board; every other board opens freely.
    #[must_use]
    pub fn on(self, rule: &Rule) -> OpeningRule {
        if applies(rule) {
            self
        } else {
            OpeningRule::Free
        }
    }
}

impl std::fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            OpeningRule::Free => "free",
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
        })
    }
}

/// Whether swap and swap2 open games on the board of `rule`: five in a row on a board
/// large enough for the gomoku engine, which judges the openings.
#[must_use]
pub fn applies(rule: &Rule) -> bool {
    uses_gomoku_engine(rule)
}

/// The opener's stones (black, white, black).
pub const OPENER_STONES: usize = 3;
/// The stones down once swap2's two more are placed.
pub const SWAP2_STONES: usize = 5;

/// One of the two people (or computers) at the board, by their part in the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// X's player by the settings: places the first three stones.
    Opener,
    /// O's player by the settings: chooses first.
    Chooser,
}

impl Seat {
    /// The index of this seat's player in the settings' players (X's first).
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Seat::Opener => 0,
            Seat::Chooser => 1,
        }
    }
}

/// A choice of the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    /// Take black: white, the other seat, moves next.
    Black,
    /// Take white, and play white's next move.
    White,
    /// Swap2 only: place two more stones (white, then black) and let the opener choose.
    PlaceTwo,
}

impl Choice {
    /// The colour taken, if this choice takes one.
    #[must_use]
    pub fn side(self) -> Option<Side> {
        match self {
            Choice::Black => Some(Side::X),
            Choice::White => Some(Side::O),
            Choice::PlaceTwo => None,
        }
    }
}

/// What the opening asks for now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `seat` places stone `number` (from 1) of the `of` it places; its colour is the side
    /// to move.
    Place {
        seat: Seat,
        number: usize,
        of: usize,
    },
    /// `seat` chooses a colour; `place_two` says whether placing two more is offered.
    Choose { seat: Seat, place_two: bool },
    /// The opening is over (or there is none): the colours are settled and the game goes on
    /// as any game.
    Play,
}

/// Who makes one move or choice of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A seat, during the opening.
    Seat(Seat),
    /// The player of a colour, once the opening is over.
    Side(Side),
}

/// A choice refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChoiceError {
    #[error("no colour is to be chosen now")]
    NotNow,
    #[error("placing two more stones is offered only by swap2, after the first three")]
    NotOffered,
}

/// The opening of one game: its rule, the choices made, and the choices taken back by undo
/// (the next to redo last).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Opening {
    rule: OpeningRule,
    choices: Vec<Choice>,
    undone: Vec<Choice>,
}

impl Opening {
    /// The opening of a new game under `rule`.
    #[must_use]
    pub fn new(rule: OpeningRule) -> Opening {
        Opening {
            rule,
            choices: Vec::new(),
            undone: Vec::new(),
        }
    }

    /// The opening of a game under `rule` with `choices` made (as a saved game keeps it;
    /// [`Opening::check`] says whether they fit its stones).
    #[must_use]
    pub fn with_choices(rule: OpeningRule, choices: Vec<Choice>) -> Opening {
        Opening {
            rule,
            choices,
            undone: Vec::new(),
        }
    }

    #[must_use]
    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The choices made, in order.
    #[must_use]
    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }

    /// The stones down when choice number `index` (from 0) is made: after the opener's three,
    /// then after swap2's five.
    #[must_use]
    pub fn choice_point(index: usize) -> usize {
        if index == 0 {
            OPENER_STONES
        } else {
            SWAP2_STONES
        }
    }

    /// What is asked with `stones` down.
    #[must_use]
    pub fn step(&self, stones: usize) -> Step {
        self.step_with(stones, self.choices.len())
    }

    /// What was asked with `stones` down when only the first `made` choices were made.
    fn step_with(&self, stones: usize, made: usize) -> Step {
        if self.rule == OpeningRule::Free {
            return Step::Play;
        }
        match self.choices[..made] {
            [] if stones < OPENER_STONES => Step::Place {
                seat: Seat::Opener,
                number: stones + 1,
                of: OPENER_STONES,
            },
            [] => Step::Choose {
                seat: Seat::Chooser,
                place_two: self.rule == OpeningRule::Swap2,
            },
            [Choice::PlaceTwo] if stones < SWAP2_STONES => Step::Place {
                seat: Seat::Chooser,
                number: (stones + 1).saturating_sub(OPENER_STONES),
                of: SWAP2_STONES - OPENER_STONES,
            },
            [Choice::PlaceTwo] => Step::Choose {
                seat: Seat::Opener,
                place_two: false,
            },
            _ => Step::Play,
        }
    }

    /// Whether the opening is still going with `stones` down.
    #[must_use]
    pub fn is_open(&self, stones: usize) -> bool {
        self.step(stones) != Step::Play
    }

    /// The colour the opener plays: black unless a choice gave it white.
    #[must_use]
    pub fn opener_side(&self) -> Side {
        let taken = self
            .choices
            .iter()
            .enumerate()
            .find_map(|(index, choice)| choice.side().map(|side| (index, side)));
        match taken {
            Some((0, side)) => side.other(),
            Some((_, side)) => side,
            None => Side::X,
        }
    }

    /// Who placed the stone placed with `stones` down.
    #[must_use]
    pub fn actor_of_stone(&self, stones: usize) -> Actor {
        self.actor(stones, self.made_by(stones))
    }

    /// Who made choice number `index` (from 0).
    #[must_use]
    pub fn actor_of_choice(&self, index: usize) -> Actor {
        self.actor(Opening::choice_point(index), index)
    }

    /// Who acts now, with `stones` down.
    #[must_use]
    pub fn actor_now(&self, stones: usize) -> Actor {
        self.actor(stones, self.choices.len())
    }

    fn actor(&self, stones: usize, made: usize) -> Actor {
        match self.step_with(stones, made) {
            Step::Place { seat, .. } | Step::Choose { seat, .. } => Actor::Seat(seat),
            Step::Play if stones.is_multiple_of(2) => Actor::Side(Side::X),
            Step::Play => Actor::Side(Side::O),
        }
    }

    /// Makes `choice` with `stones` down. The choices taken back by undo are forgotten.
    pub fn choose(&mut self, stones: usize, choice: Choice) -> Result<(), ChoiceError> {
        let Step::Choose { place_two, .. } = self.step(stones) else {
            return Err(ChoiceError::NotNow);
        };
        if choice == Choice::PlaceTwo && !place_two {
            return Err(ChoiceError::NotOffered);
        }
        self.choices.push(choice);
        self.undone.clear();
        Ok(())
    }

    /// A stone was placed: the choices taken back by undo are forgotten, as the moves are.
    pub fn placed(&mut self) {
        self.undone.clear();
    }

    /// Takes back the latest choice if it was made with `stones` down (after the stones
    /// down now, so before any later stone). Returns whether one was taken back.
    pub fn take_back(&mut self, stones: usize) -> bool {
        let last = self.choices.len().checked_sub(1);
        if last.is_none_or(|i| Opening::choice_point(i) != stones) {
            return false;
        }
        let choice = self.choices.pop().expect("checked above");
        self.undone.push(choice);
        true
    }

    /// Whether a choice taken back is due again with `stones` down (Redo would make it).
    #[must_use]
    pub fn can_redo(&self, stones: usize) -> bool {
        !self.undone.is_empty() && matches!(self.step(stones), Step::Choose { .. })
    }

    /// Makes again the choice taken back last, if it is due with `stones` down.
    pub fn redo(&mut self, stones: usize) -> bool {
        if !matches!(self.step(stones), Step::Choose { .. }) {
            return false;
        }
        let Some(choice) = self.undone.pop() else {
            return false;
        };
        self.choices.push(choice);
        true
    }

    /// Checks a saved opening against the `stones` down: each choice made where it is due,
    /// and no stone placed where a choice was due.
    pub fn check(&self, stones: usize) -> Result<(), String> {
        let mut replay = Opening::new(self.rule);
        for (index, &choice) in self.choices.iter().enumerate() {
            let at = Opening::choice_point(index);
            if at > stones {
                return Err(format!(
                    "the opening's choice {} is due after {at} stones, but {stones} are down",
                    index + 1
                ));
            }
            replay
                .choose(at, choice)
                .map_err(|e| format!("the opening's choice {}: {e}", index + 1))?;
        }
        let skipped = (0..stones)
            .find(|&s| matches!(self.step_with(s, self.made_by(s)), Step::Choose { .. }));
        match skipped {
            Some(s) => Err(format!(
                "stone {} is placed where the opening asks for a choice of colour",
                s + 1
            )),
            None => Ok(()),
        }
    }

    /// The choices made before the stone placed with `stones` down.
    fn made_by(&self, stones: usize) -> usize {
        (0..self.choices.len())
            .take_while(|&i| Opening::choice_point(i) <= stones)
            .count()
    }
}

#[cfg(test)]
mod tests;
