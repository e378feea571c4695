//! A small board inside the lab panel, for positions that are not the game's (the practice
//! positions): the board widget in its compact look, with its own cell labels and the
//! answers ringed. Every cell is its own accessible button.

use egui::{Color32, Id, Rect, Ui, Vec2};

use crate::gui::board::BoardView;
use crate::gui::naming::Naming;
use crate::rules::{Cell, Position, Side};
use crate::t;

/// The largest cell edge, in points.
const MAX_CELL: f32 = 56.0;

/// Draws `position` as wide as the panel allows; `marked` cells get a ring (right in green,
/// wrong in red). Returns the clicked cell, if any.
pub fn ui(
    ui: &mut Ui,
    position: &Position,
    marked: &[(Cell, bool)],
    enabled: bool,
) -> Option<Cell> {
    // Right answers in green, wrong ones in red, under the marks' colours.
    let rings = |painter: &egui::Painter, centre: &dyn Fn(Cell) -> egui::Pos2, edge: f32| {
        for &(cell, right) in marked {
            let colour = if right {
                Color32::from_rgb(0x2e, 0x9d, 0x44)
            } else {
                Color32::from_rgb(0xd3, 0x2f, 0x2f)
            };
            let rect = Rect::from_center_size(centre(cell), Vec2::splat(edge)).shrink(2.0);
            painter.rect_filled(rect, 2.0, colour.gamma_multiply(0.35));
        }
    };
    ui.add_enabled_ui(enabled, |ui| {
        BoardView::new(position)
            .compact(Id::unique("practice-board"), MAX_CELL, cell_label)
            .overlay(Some(&rings))
            .ui(ui)
            .clicked
    })
    .inner
}

/// The accessible label of a practice cell: "practice board, row 1, column 2: empty" (a
/// practice board draws marks, whatever the game's board looks like).
#[must_use]
pub fn cell_label(_naming: Naming, cell: Cell, content: Option<Side>) -> String {
    match content {
        Some(side) => t!(
            "lab-practice-cell",
            cell = cell.to_string(),
            content = side.to_string()
        ),
        None => t!("lab-practice-cell-empty", cell = cell.to_string()),
    }
}
