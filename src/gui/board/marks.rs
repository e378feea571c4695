//! The board in the marks look: X and O in the cells of a plain grid, the last move and the
//! winning cells shaded, and the learners' move values written in the empty cells.
//!
//! [`BoardView`](super::BoardView) lays the board out and handles clicks, the keyboard and
//! accessibility; this file only paints, as `stones` does for the other look.

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, Ui, Vec2};

use crate::engine::{MoveValue, Value};
use crate::rules::{Cell, Side};

use super::palette::MarksPalette;
use super::{BoardView, Grid, paint_decorations, threats};
use crate::gui::status::{Wording, value_words};

/// Paints the board of `view` on `grid`; `hovered` is the cell under the pointer.
pub(super) fn paint(ui: &Ui, view: &BoardView<'_>, grid: Grid, hovered: Option<Cell>) {
    let painter = ui.painter();
    let colors = MarksPalette::new(ui.visuals().dark_mode);
    let centre = |cell: Cell| grid.cell_rect(cell).center();
    paint_grid(painter, view, grid, &colors);
    threats::paint(painter, view.threats, &centre, grid.edge);
    paint_marks(painter, view, grid, &colors);
    paint_values(painter, view.values, grid, &colors);
    paint_decorations(
        painter,
        view,
        hovered,
        &centre,
        grid.edge,
        &|at, side, opacity| {
            let rect = Rect::from_center_size(at, Vec2::splat(grid.edge));
            paint_mark(
                painter,
                rect,
                side,
                colors.mark(side).gamma_multiply(opacity),
            );
        },
        &colors.decorations,
    );
}

/// The board's background, the last move's and the winning line's cells shaded, and the
/// lines between the cells.
fn paint_grid(painter: &Painter, view: &BoardView<'_>, grid: Grid, colors: &MarksPalette) {
    let Grid { board, edge } = grid;
    let rule = view.position.rule();
    painter.rect_filled(board, 4.0, colors.board);
    let shade = |cell: Cell, fill: Color32| {
        painter.rect_filled(grid.cell_rect(cell).shrink(1.0), 2.0, fill);
    };
    if let Some(cell) = view.last_move {
        shade(cell, colors.last_move);
    }
    for &cell in view.win_line {
        shade(cell, colors.win_cell);
    }
    let line = Stroke::new((edge * 0.04).clamp(1.0, 3.0), colors.grid);
    for c in 1..rule.width() {
        let x = board.min.x + c as f32 * edge;
        painter.line_segment([Pos2::new(x, board.min.y), Pos2::new(x, board.max.y)], line);
    }
    for r in 1..rule.height() {
        let y = board.min.y + r as f32 * edge;
        painter.line_segment([Pos2::new(board.min.x, y), Pos2::new(board.max.x, y)], line);
    }
}

/// The X and O of the position, each in its cell.
fn paint_marks(painter: &Painter, view: &BoardView<'_>, grid: Grid, colors: &MarksPalette) {
    let rule = view.position.rule();
    for row in 0..rule.height() {
        for col in 0..rule.width() {
            let cell = Cell::new(row, col);
            if let Some(side) = view.position.get(cell) {
                paint_mark(painter, grid.cell_rect(cell), side, colors.mark(side));
            }
        }
    }
}

/// The learners' move values, each at the foot of its cell: green for a win, red for a
/// loss, the grid's colour otherwise.
fn paint_values(painter: &Painter, values: &[MoveValue], grid: Grid, colors: &MarksPalette) {
    let edge = grid.edge;
    for m in values {
        let rect = grid.cell_rect(m.cell);
        let color = match m.value {
            Value::Win { .. } => colors.win_value,
            Value::Loss { .. } => colors.loss_value,
            Value::Draw | Value::Unknown => colors.grid,
        };
        painter.text(
            rect.center_bottom() - Vec2::new(0.0, edge * 0.08),
            Align2::CENTER_BOTTOM,
            value_words(m.value, Wording::Cell),
            FontId::proportional((edge * 0.17).clamp(9.0, 22.0)),
            color,
        );
    }
}

/// Draws an X (two strokes) or an O (a ring) inside `rect`.
fn paint_mark(painter: &Painter, rect: Rect, side: Side, color: Color32) {
    let edge = rect.width();
    let stroke = Stroke::new((edge * 0.11).max(2.0), color);
    let inner = rect.shrink(edge * 0.22);
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
