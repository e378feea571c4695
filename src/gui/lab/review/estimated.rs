//! The review of a game on a board too large to search to the end, drawn from the values
//! the lab found ([`crate::lab::review`]): the graph of the expected score with the turning
//! points, a button for each turning point, and every move with what was known before and
//! after it, the turning points explained (a forced win not played, a forced loss walked
//! into, the expected score's fall with the engine's own choice). The engine's choice is
//! only ever named where it is not the move played.

use egui::{RichText, Ui};

use crate::lab::review::{
    MoveRow, PositionEval, REVIEW_NODES, estimated_rows, expected_for_x, score_scale,
};
use crate::rules::Side;
use crate::t;

use super::Reviewed;
use super::graph::{Graph, Marked};
use super::row::{head_words, mark_colour, row_ui};
use crate::gui::naming::Naming;

/// What the review says before the game is reviewed: how the values are found, and what
/// the graph shows (the sides named as `naming` says).
pub(super) fn intro_words(naming: Naming) -> String {
    t!("lab-review-estimated-intro", side = naming.side(Side::X))
}

/// What a finished review says about its values.
pub(super) fn budget_words() -> String {
    t!("lab-review-estimated", nodes = thousands(REVIEW_NODES))
}

/// `400000` as "400,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// The moves as the review states them so far: worked out once a frame for the graph and
/// the rows both.
pub(super) struct Assessed {
    rows: Vec<MoveRow>,
}

impl Assessed {
    pub(super) fn of(game: &Reviewed, evals: &[PositionEval]) -> Assessed {
        Assessed {
            rows: estimated_rows(&game.moves, &game.positions, evals),
        }
    }

    /// The turning points, in the order they were played.
    fn marked(&self) -> impl Iterator<Item = &MoveRow> {
        self.rows.iter().filter(|r| r.turning_point)
    }
}

/// The graph and the turning points above the moves; the step a click chose.
pub(super) fn summary_ui(
    ui: &mut Ui,
    game: &Reviewed,
    evals: &[PositionEval],
    judged: &Assessed,
    step: usize,
    naming: Naming,
) -> Option<usize> {
    let scale = score_scale(&game.rule);
    let points: Vec<f64> = evals
        .iter()
        .zip(&game.positions)
        .map(|(e, p)| expected_for_x(e.score, p.side_to_move(), scale))
        .collect();
    let marks: Vec<Marked> = judged
        .marked()
        .map(|r| Marked {
            step: r.number,
            colour: mark_colour(ui, r),
            label: t!(
                "lab-review-graph-point",
                head = head_words(r.number, r.side, r.cell, naming)
            ),
        })
        .collect();
    ui.add_space(4.0);
    let graph = Graph {
        points: &points,
        steps: game.positions.len(),
        marked: &marks,
        selected: step,
        label: t!("lab-review-graph", side = naming.side(Side::X)),
        top: naming.side(Side::X),
        bottom: naming.side(Side::O),
    };
    let mut chosen = graph.ui(ui);
    if game.is_complete() {
        ui.horizontal_wrapped(|ui| {
            if marks.is_empty() {
                ui.label(t!("lab-review-no-turning-points"));
                return;
            }
            ui.label(t!("lab-review-turning-points"));
            for r in judged.marked() {
                let head = head_words(r.number, r.side, r.cell, naming);
                let text = RichText::new(head).color(mark_colour(ui, r));
                if ui.selectable_label(step == r.number, text).clicked() {
                    chosen = Some(r.number);
                }
            }
        });
    }
    chosen
}

/// Every move with what was known before and after it, the turning points explained; the
/// step a click on one chose (the position after the move).
pub(super) fn rows_ui(
    ui: &mut Ui,
    game: &Reviewed,
    judged: &Assessed,
    step: usize,
    naming: Naming,
) -> Option<usize> {
    let mut chosen = None;
    for (i, &cell) in game.moves.iter().enumerate() {
        let side = game.positions[i].side_to_move();
        let head = head_words(i + 1, side, cell, naming);
        if row_ui(ui, head, judged.rows.get(i), step == i + 1, naming) {
            chosen = Some(i + 1);
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_read_as_people_write_them() {
        assert_eq!(thousands(400_000), "400,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
