//! A small board drawn inside the lab panel, for positions that are not the game's (the
//! practice positions). Built in the same four steps as the main board: decide a size,
//! allocate it, handle clicks, paint. Every cell is its own accessible button.

use egui::{Color32, Rect, Role, Sense, Stroke, Ui, Vec2, WidgetInfo};

use crate::rules::{Cell, Position, Side};
use crate::t;

use super::marks::side_colour;

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
    let rule = position.rule();
    let (columns, rows) = (rule.width() as f32, rule.height() as f32);
    // 1. A size: square cells as wide as the panel, no larger than MAX_CELL.
    let edge = (ui.available_width() / columns)
        .min(MAX_CELL)
        .floor()
        .max(16.0);
    // 2. Allocate.
    let (board, _) = ui.allocate_exact_size(Vec2::new(edge * columns, edge * rows), Sense::hover());
    let cell_rect = |cell: Cell| {
        Rect::from_min_size(
            board.min + Vec2::new(cell.col as f32 * edge, cell.row as f32 * edge),
            Vec2::splat(edge),
        )
    };
    // 3. Interaction.
    let mut clicked = None;
    for row in 0..rule.height() {
        for col in 0..rule.width() {
            let cell = Cell::new(row, col);
            let id = egui::Id::unique(("practice-cell", row, col));
            let sense = if enabled {
                Sense::click()
            } else {
                Sense::hover()
            };
            let response = ui.interact(cell_rect(cell), id, sense);
            let label = cell_label(cell, position.get(cell));
            response.widget_info(|| WidgetInfo::labeled(Role::Button, enabled, &label));
            if response.clicked() {
                clicked = Some(cell);
            }
        }
    }
    // 4. Paint.
    let dark = ui.visuals().dark_mode;
    let painter = ui.painter();
    painter.rect_filled(board, 3.0, ui.visuals().extreme_bg_color);
    let grid = Stroke::new(1.0, ui.visuals().weak_text_color());
    for c in 0..=rule.width() {
        let x = board.min.x + c as f32 * edge;
        painter.line_segment(
            [egui::pos2(x, board.min.y), egui::pos2(x, board.max.y)],
            grid,
        );
    }
    for r in 0..=rule.height() {
        let y = board.min.y + r as f32 * edge;
        painter.line_segment(
            [egui::pos2(board.min.x, y), egui::pos2(board.max.x, y)],
            grid,
        );
    }
    for &(cell, right) in marked {
        let colour = if right {
            Color32::from_rgb(0x2e, 0x9d, 0x44)
        } else {
            Color32::from_rgb(0xd3, 0x2f, 0x2f)
        };
        painter.rect_filled(
            cell_rect(cell).shrink(2.0),
            2.0,
            colour.gamma_multiply(0.35),
        );
    }
    for row in 0..rule.height() {
        for col in 0..rule.width() {
            let cell = Cell::new(row, col);
            if let Some(side) = position.get(cell) {
                paint_mark(
                    painter,
                    cell_rect(cell),
                    side,
                    side_colour(side, dark).gamma_multiply(1.4),
                );
            }
        }
    }
    clicked
}

/// The accessible label of a practice cell: "practice board, row 1, column 2: empty".
#[must_use]
pub fn cell_label(cell: Cell, content: Option<Side>) -> String {
    match content {
        Some(side) => t!(
            "lab-practice-cell",
            cell = cell.to_string(),
            content = side.to_string()
        ),
        None => t!("lab-practice-cell-empty", cell = cell.to_string()),
    }
}

fn paint_mark(painter: &egui::Painter, rect: Rect, side: Side, colour: Color32) {
    let stroke = Stroke::new((rect.width() * 0.1).max(2.0), colour);
    let inner = rect.shrink(rect.width() * 0.24);
    match side {
        Side::X => {
            painter.line_segment([inner.left_top(), inner.right_bottom()], stroke);
            painter.line_segment([inner.right_top(), inner.left_bottom()], stroke);
        }
        Side::O => {
            painter.circle_stroke(rect.center(), inner.width() / 2.0, stroke);
        }
    }
}
