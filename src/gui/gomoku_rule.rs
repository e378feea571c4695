//! The rule of the 15x15 gomoku board as the panel offers it: freestyle (five or more in a
//! row wins), exactly five, or renju (black may not make a double three, a double four or an
//! overline, and wins only with exactly five). The game's rule is the session's; the choice
//! made here is also kept as a preference, so the gomoku board comes back with it after
//! another board was played, and after a restart.

use egui::Ui;
use serde::{Deserialize, Serialize};

use crate::rules::Rule;
use crate::rules::rule::RENJU_SIDE;
use crate::t;

/// How many in a row win on the gomoku board.
const FIVE: usize = 5;

/// A rule of the 15x15 gomoku board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GomokuRule {
    /// Five or more in a row wins, for both sides.
    #[default]
    Freestyle,
    /// Only exactly five wins, for both sides.
    Exact,
    /// Renju: black's forbidden moves; black wins only with exactly five.
    Renju,
}

impl GomokuRule {
    /// In the order the panel shows them.
    pub const ALL: [GomokuRule; 3] = [GomokuRule::Freestyle, GomokuRule::Exact, GomokuRule::Renju];

    /// The board of this rule: 15x15, five in a row.
    #[must_use]
    pub fn rule(self) -> Rule {
        let board = |exact| Rule::new(RENJU_SIDE, RENJU_SIDE, FIVE, exact).expect("15x15 is valid");
        match self {
            GomokuRule::Freestyle => board(false),
            GomokuRule::Exact => board(true),
            GomokuRule::Renju => Rule::RENJU,
        }
    }

    /// The gomoku rule that `rule` is, when it is the 15x15 board with five in a row.
    #[must_use]
    pub fn of(rule: &Rule) -> Option<GomokuRule> {
        if (rule.width(), rule.height(), rule.k()) != (RENJU_SIDE, RENJU_SIDE, FIVE) {
            return None;
        }
        Some(if rule.renju() {
            GomokuRule::Renju
        } else if rule.exact() {
            GomokuRule::Exact
        } else {
            GomokuRule::Freestyle
        })
    }

    /// Its name in the panel: "Freestyle", "Exactly five", "Renju".
    #[must_use]
    pub fn name(self) -> String {
        match self {
            GomokuRule::Freestyle => t!("gomoku-rule-freestyle"),
            GomokuRule::Exact => t!("gomoku-rule-exact"),
            GomokuRule::Renju => t!("gomoku-rule-renju"),
        }
    }

    /// What it means, for the hover text.
    #[must_use]
    pub fn about(self) -> String {
        match self {
            GomokuRule::Freestyle => t!("gomoku-rule-freestyle-about"),
            GomokuRule::Exact => t!("gomoku-rule-exact-about"),
            GomokuRule::Renju => t!("gomoku-rule-renju-about"),
        }
    }
}

/// The row of rules under the gomoku board's button: always there, so nothing below moves
/// when the gomoku board is chosen, and greyed while another board is played. `current` is
/// the rule of the board played, if it is the gomoku board; `remembered` is shown otherwise.
/// Returns the rule clicked.
pub fn row_ui(
    ui: &mut Ui,
    current: Option<GomokuRule>,
    remembered: GomokuRule,
) -> Option<GomokuRule> {
    let shown = current.unwrap_or(remembered);
    let mut picked = None;
    ui.indent("gomoku rule", |ui| {
        ui.add_enabled_ui(current.is_some(), |ui| {
            // No label before the rules: indented under the gomoku board, they are its, and
            // the three fit on one row.
            ui.horizontal_wrapped(|ui| {
                for rule in GomokuRule::ALL {
                    let response = ui
                        .radio(shown == rule, rule.name())
                        .on_hover_text(rule.about())
                        .on_disabled_hover_text(t!("gomoku-rule-off"));
                    if response.clicked() && rule != shown {
                        picked = Some(rule);
                    }
                }
            });
        });
    });
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_is_a_fifteen_by_fifteen_board_and_reads_back() {
        for choice in GomokuRule::ALL {
            let rule = choice.rule();
            assert_eq!((rule.width(), rule.height(), rule.k()), (15, 15, 5));
            assert_eq!(GomokuRule::of(&rule), Some(choice));
        }
        assert!(GomokuRule::Exact.rule().exact() && GomokuRule::Renju.rule().renju());
        assert_eq!(GomokuRule::of(&Rule::TIC_TAC_TOE), None);
        assert_eq!(GomokuRule::of(&Rule::new(15, 15, 4, false).unwrap()), None);
    }
}
