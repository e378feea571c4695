//! One move of the review on screen, exact or estimated alike: its number, side and cell,
//! what was known before and after it for the side that played it, and the notes that make
//! it a turning point. The words never state a distance as the shortest unless the board
//! was searched to the end ([`Standing::Exact`]).

use egui::{Color32, RichText, Ui};

use crate::engine::{ForcedKind, ForcedWin};
use crate::lab::review::{MoveNote, MoveRow, Standing};
use crate::t;

use super::super::words::{percent, value_words};
use crate::gui::naming::Naming;

/// What a standing says, for the side it belongs to.
#[must_use]
pub fn standing_words(standing: Standing) -> String {
    match standing {
        Standing::Exact(value) => value_words(value),
        Standing::Won => t!("lab-review-won"),
        Standing::Drawn => t!("lab-review-drawn"),
        Standing::WinFound { moves } => t!("lab-review-win-found", moves = moves),
        Standing::LossFound { moves } => t!("lab-review-loss-found", moves = moves),
        Standing::Estimate { expected, .. } => {
            t!("lab-review-expected", percent = percent(expected))
        }
    }
}

/// "12. White H9": a move's number, side and cell as the board shown names them.
#[must_use]
pub fn head_words(
    row_number: usize,
    side: crate::rules::Side,
    cell: crate::rules::Cell,
    naming: Naming,
) -> String {
    t!(
        "lab-review-move",
        number = row_number,
        side = naming.side(side),
        cell = naming.cell(cell)
    )
}

/// The colour a turning point is drawn in: a forced win not played or a forced loss walked
/// into stands out most.
#[must_use]
pub fn mark_colour(ui: &Ui, row: &MoveRow) -> Color32 {
    let forced = row
        .notes
        .iter()
        .any(|n| matches!(n, MoveNote::WinNotFollowed(_) | MoveNote::LossWalkedInto(_)));
    if forced {
        ui.visuals().error_fg_color
    } else {
        ui.visuals().warn_fg_color
    }
}

/// The row of a move: its head alone until it is valued (`row` is `None`), then its
/// standings before and after, and its notes if it is a turning point. Whether it was
/// clicked.
pub fn row_ui(
    ui: &mut Ui,
    head: String,
    row: Option<&MoveRow>,
    selected: bool,
    naming: Naming,
) -> bool {
    let text = match row {
        Some(r) => t!(
            "lab-review-values",
            head = head,
            before = standing_words(r.before),
            after = standing_words(r.after)
        ),
        None => head,
    };
    let turning = row.filter(|r| r.turning_point);
    let mut rich = RichText::new(text);
    if let Some(r) = turning {
        rich = rich.color(mark_colour(ui, r)).strong();
    }
    let clicked = ui
        .add(egui::Button::selectable(selected, rich).wrap())
        .clicked();
    if let Some(r) = turning {
        let colour = mark_colour(ui, r);
        for note in &r.notes {
            ui.label(RichText::new(note_words(note, r, naming)).color(colour));
        }
    }
    clicked
}

/// What a note says.
#[must_use]
pub fn note_words(note: &MoveNote, row: &MoveRow, naming: Naming) -> String {
    match note {
        MoveNote::WinLetSlip { kept_by } => {
            t!("lab-review-win-slipped", better = naming.cell(*kept_by))
        }
        MoveNote::DrawThrown { kept_by } => {
            t!("lab-review-draw-thrown", better = naming.cell(*kept_by))
        }
        MoveNote::WinNotFollowed(win) => match &win.forced {
            Some(forced) => t!(
                "lab-review-missed",
                kind = kind_words(forced),
                line = naming.line_short(&forced.line)
            ),
            None => t!(
                "lab-review-missed-found",
                moves = win.moves,
                first = win.first.map_or_else(String::new, |c| naming.cell(c))
            ),
        },
        MoveNote::LossWalkedInto(win) => {
            let side = naming.side(row.side.other());
            match &win.forced {
                Some(forced) => t!(
                    "lab-review-allowed",
                    side = side,
                    kind = kind_words(forced),
                    line = naming.line_short(&forced.line)
                ),
                None => t!("lab-review-allowed-found", side = side, moves = win.moves),
            }
        }
        MoveNote::ScoreFell { from, to, choice } => t!(
            "lab-review-engine-choice",
            from = percent(*from),
            to = percent(*to),
            better = naming.cell(*choice)
        ),
    }
}

/// "continuous fours (VCF)" or "threes and fours (VCT)".
fn kind_words(win: &ForcedWin) -> String {
    match win.kind {
        ForcedKind::Fours => t!("lab-review-vcf"),
        ForcedKind::Threats => t!("lab-review-vct"),
    }
}
