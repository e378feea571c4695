//! The review of a game on a board too large to search to the end, drawn from the values
//! the lab found ([`crate::lab::review`]): the graph of the evaluation with the turning
//! points, a button for each turning point, and every move with its evaluation before and
//! after, the turning points explained (the engine's own choice, a forced win missed or
//! allowed). The engine's choice is only ever named where it is not the move played.

use egui::{Color32, RichText, Ui};

use crate::engine::{ForcedKind, ForcedWin, Score, Value};
use crate::lab::review::{
    MoveAssessment, PositionEval, REVIEW_NODES, assess, evaluation_for_x, score_scale,
    turning_points,
};
use crate::rules::Side;
use crate::t;

use super::super::words::value_words;
use super::Reviewed;
use super::graph::{Graph, Marked};
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

/// A score for the side it belongs to: a proved result in words, otherwise the engine's
/// number with its sign ("+340", "-1200").
fn score_words(score: Score, value: Value) -> String {
    match value {
        Value::Win { .. } | Value::Loss { .. } | Value::Draw => value_words(value),
        Value::Unknown => format!("{score:+}"),
    }
}

/// "12. White H9": a move's number, side and cell as the board shown names them.
fn head_words(game: &Reviewed, i: usize, naming: Naming) -> String {
    t!(
        "lab-review-move",
        number = i + 1,
        side = naming.side(game.positions[i].side_to_move()),
        cell = naming.cell(game.moves[i])
    )
}

/// The colour a turning point is drawn in: forced wins missed or allowed stand out most.
fn mark_colour(ui: &Ui, a: &MoveAssessment) -> Color32 {
    if a.missed.is_some() || a.allowed.is_some() {
        ui.visuals().error_fg_color
    } else {
        ui.visuals().warn_fg_color
    }
}

/// The moves as the review judges them so far, and the turning points among them:
/// worked out once a frame for the graph and the rows both.
pub(super) struct Assessed {
    moves: Vec<MoveAssessment>,
    marked: Vec<usize>,
}

impl Assessed {
    pub(super) fn of(game: &Reviewed, evals: &[PositionEval]) -> Assessed {
        let moves = assess(&game.moves, &game.positions, evals);
        let marked = turning_points(&moves);
        Assessed { moves, marked }
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
    let (assessed, marked) = (&judged.moves, &judged.marked);
    let scale = score_scale(&game.rule);
    let points: Vec<f64> = evals
        .iter()
        .zip(&game.positions)
        .map(|(e, p)| evaluation_for_x(e.score, p.side_to_move(), scale))
        .collect();
    let marks: Vec<Marked> = marked
        .iter()
        .map(|&i| Marked {
            step: i + 1,
            colour: mark_colour(ui, &assessed[i]),
            label: t!("lab-review-graph-point", head = head_words(game, i, naming)),
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
            if marked.is_empty() {
                ui.label(t!("lab-review-no-turning-points"));
                return;
            }
            ui.label(t!("lab-review-turning-points"));
            for &i in marked {
                let text =
                    RichText::new(head_words(game, i, naming)).color(mark_colour(ui, &assessed[i]));
                if ui.selectable_label(step == i + 1, text).clicked() {
                    chosen = Some(i + 1);
                }
            }
        });
    }
    chosen
}

/// Every move with its evaluation before and after, the turning points explained; the
/// step a click on one chose (the position after the move).
pub(super) fn rows_ui(
    ui: &mut Ui,
    game: &Reviewed,
    judged: &Assessed,
    step: usize,
    naming: Naming,
) -> Option<usize> {
    let (assessed, marked) = (&judged.moves, &judged.marked);
    let mut chosen = None;
    for i in 0..game.moves.len() {
        let head = head_words(game, i, naming);
        let a = assessed.get(i);
        let text = match a {
            Some(a) => t!(
                "lab-review-values",
                head = head,
                before = score_words(a.before.0, a.before.1),
                after = score_words(a.after.0, a.after.1)
            ),
            None => head,
        };
        let turning = marked.contains(&i);
        let mut rich = RichText::new(text);
        if let Some(a) = a.filter(|_| turning) {
            rich = rich.color(mark_colour(ui, a)).strong();
        }
        if ui
            .add(egui::Button::selectable(step == i + 1, rich).wrap())
            .clicked()
        {
            chosen = Some(i + 1);
        }
        if let Some(a) = a.filter(|_| turning) {
            explain_ui(ui, a, naming);
        }
    }
    chosen
}

/// Why a turning point is one: the forced win missed or allowed, and the engine's choice.
fn explain_ui(ui: &mut Ui, a: &MoveAssessment, naming: Naming) {
    let colour = mark_colour(ui, a);
    if let Some(win) = &a.missed {
        let text = t!(
            "lab-review-missed",
            kind = kind_words(win),
            line = naming.line_short(&win.line)
        );
        ui.label(RichText::new(text).color(colour));
    }
    if let Some(win) = &a.allowed {
        let text = t!(
            "lab-review-allowed",
            side = naming.side(a.side.other()),
            kind = kind_words(win),
            line = naming.line_short(&win.line)
        );
        ui.label(RichText::new(text).color(colour));
    }
    if let Some(choice) = a.engine_choice {
        let text = t!("lab-review-engine-choice", better = naming.cell(choice));
        ui.label(RichText::new(text).color(colour));
    }
}

/// "continuous fours (VCF)" or "threes and fours (VCT)".
fn kind_words(win: &ForcedWin) -> String {
    match win.kind {
        ForcedKind::Fours => t!("lab-review-vcf"),
        ForcedKind::Threats => t!("lab-review-vct"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_and_scores_read_as_people_write_them() {
        assert_eq!(thousands(400_000), "400,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
        assert_eq!(score_words(340, Value::Unknown), "+340");
        assert_eq!(score_words(-1_200, Value::Unknown), "-1200");
    }
}
