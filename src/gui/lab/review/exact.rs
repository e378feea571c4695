//! The review of a game on a board searched to the end: each move's exact value before and
//! after, and the moves that changed the result, with a move that kept it.

use egui::{RichText, Ui};

use crate::engine::{MoveValue, Value};
use crate::rules::{Cell, Side};
use crate::t;

use super::super::words::{result_rank, value_words};
use super::Reviewed;
use crate::gui::naming::Naming;

/// One move of the game, as the review sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    pub side: Side,
    pub cell: Cell,
    /// The position's value for the mover before the move (with best play).
    pub before: Value,
    /// What the move left the mover.
    pub after: Value,
    /// A move that kept `before`, when this one lost something (never the move played).
    pub better: Option<Cell>,
}

impl MoveReview {
    /// Whether the move changed the result for the worse.
    #[must_use]
    pub fn changed_result(&self) -> bool {
        result_rank(self.after) < result_rank(self.before)
    }
}

/// The review of a move from the exact values of every move of the position before it.
fn move_review(side: Side, cell: Cell, values: &[MoveValue]) -> Option<MoveReview> {
    let best = values.iter().max_by_key(|m| m.score)?;
    let played = values.iter().find(|m| m.cell == cell)?;
    let mut review = MoveReview {
        side,
        cell,
        before: best.value,
        after: played.value,
        better: None,
    };
    if review.changed_result() {
        review.better = Some(best.cell);
    }
    Some(review)
}

/// The moves of the game with their values as far as they are known; the step a click on
/// one chose (the position after it).
pub(super) fn rows_ui(
    ui: &mut Ui,
    game: &Reviewed,
    found: &[Vec<MoveValue>],
    step: usize,
    naming: Naming,
) -> Option<usize> {
    let mut chosen = None;
    for (i, &cell) in game.moves.iter().enumerate() {
        let side = game.positions[i].side_to_move();
        let review = found
            .get(i)
            .and_then(|values| move_review(side, cell, values));
        let head = t!(
            "lab-review-move",
            number = i + 1,
            side = naming.side(side),
            cell = naming.cell(cell)
        );
        let text = match &review {
            Some(r) => t!(
                "lab-review-values",
                head = head,
                before = value_words(r.before),
                after = value_words(r.after)
            ),
            None => head,
        };
        let mut rich = RichText::new(text);
        if review.as_ref().is_some_and(MoveReview::changed_result) {
            rich = rich.color(ui.visuals().warn_fg_color).strong();
        }
        if ui
            .add(egui::Button::selectable(step == i + 1, rich).wrap())
            .clicked()
        {
            chosen = Some(i + 1);
        }
        if let Some(r) = review.filter(MoveReview::changed_result) {
            let better = r.better.map_or_else(String::new, |c| naming.cell(c));
            let verdict = if matches!(r.before, Value::Win { .. }) {
                t!("lab-review-win-slipped", better = better)
            } else {
                t!("lab-review-draw-thrown", better = better)
            };
            ui.label(RichText::new(verdict).color(ui.visuals().warn_fg_color));
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;

    fn value(cell: Cell, score: Score, value: Value) -> MoveValue {
        MoveValue { cell, score, value }
    }

    #[test]
    fn a_better_move_is_named_only_when_the_move_played_changed_the_result() {
        let (a, b) = (Cell::new(0, 0), Cell::new(1, 1));
        let values = [
            value(a, 0, Value::Draw),
            value(b, -999_990, Value::Loss { plies: 10 }),
        ];
        let thrown = move_review(Side::O, b, &values).expect("both moves valued");
        assert!(thrown.changed_result());
        assert_eq!(thrown.better, Some(a));
        let kept = move_review(Side::O, a, &values).expect("both moves valued");
        assert!(!kept.changed_result());
        assert_eq!(kept.better, None);
    }
}
