//! The gomoku board as gomoku players know it: black and white stones on the intersections
//! of the lines, the board's border, star points, coordinates, the last move marked and, on
//! request, move numbers on the stones. X plays black and moves first, O plays white.
//!
//! Coordinates: columns are letters from A on the left (none skipped, so column 9 is I),
//! rows are numbers from 1 at the top; the window names every cell on this board by them
//! (`naming`), so a move named in the status is found on the board by its labels.
//!
//! [`BoardView`](super::BoardView) lays the board out and handles clicks, the
//! keyboard and accessibility; this file only paints. Each intersection owns the square
//! cell around it, so a click anywhere within half a line spacing of a point plays there.

use egui::{Align2, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, Ui, Vec2};

use crate::rules::{Cell, Rule, Side};

use super::palette::StonesPalette;
use super::{BoardView, Grid, paint_decorations, threats};
use crate::gui::naming::column_letter;

/// The space kept around the board for the coordinates, in line spacings on each side.
pub const MARGIN: f32 = 0.8;

/// The star points (hoshi): on the 4th line from each edge on boards of 13 lines or more
/// (the 3rd line on smaller ones), and the centre when both sides are odd; none below 7
/// lines. 15x15 has D4, L4, D12, L12 and H8.
#[must_use]
pub fn star_points(rule: &Rule) -> Vec<Cell> {
    let (w, h) = (rule.width(), rule.height());
    if w.min(h) < 7 {
        return Vec::new();
    }
    let inset = |side: usize| if side >= 13 { 3 } else { 2 };
    let rows = [inset(h), h - 1 - inset(h)];
    let cols = [inset(w), w - 1 - inset(w)];
    let mut points: Vec<Cell> = rows
        .iter()
        .flat_map(|&r| cols.iter().map(move |&c| Cell::new(r, c)))
        .collect();
    if w % 2 == 1 && h % 2 == 1 {
        points.push(Cell::new(h / 2, w / 2));
    }
    points
}

/// Paints the board of `view` on `grid`, whose cells are the squares around the
/// intersections; `hovered` is the point under the pointer.
pub(super) fn paint(ui: &Ui, view: &BoardView<'_>, grid: Grid, hovered: Option<Cell>) {
    let painter = ui.painter();
    let colors = StonesPalette::new(ui.visuals().dark_mode);
    let rule = *view.position.rule();
    let Grid { board, edge } = grid;
    let centre = |cell: Cell| {
        board.min
            + Vec2::new(
                (cell.col as f32 + 0.5) * edge,
                (cell.row as f32 + 0.5) * edge,
            )
    };
    paint_wood(painter, &rule, grid, &colors, &centre);
    coordinates(ui, &rule, board, edge, &centre);
    threats::paint(painter, view.threats, &centre, edge);
    let radius = edge * 0.46;
    if view.numbers.is_empty() {
        paint_stones(painter, view, &centre, radius, &colors);
        if let Some(cell) = view.last_move {
            painter.circle_filled(centre(cell), edge * 0.13, colors.last_move);
        }
    } else {
        paint_numbered_stones(painter, view, &centre, edge, &colors);
    }
    // What a click would place, the hint, the cursor and the winning line.
    paint_decorations(
        painter,
        view,
        hovered,
        &centre,
        edge,
        &|at, side, opacity| stone(painter, at, radius, Some(side), &colors, opacity),
        &colors.decorations,
    );
}

/// The wood, the lines, the border and the star points.
fn paint_wood(
    painter: &Painter,
    rule: &Rule,
    grid: Grid,
    colors: &StonesPalette,
    centre: &dyn Fn(Cell) -> Pos2,
) {
    let edge = grid.edge;
    let first = centre(Cell::new(0, 0));
    let last = centre(Cell::new(rule.height() - 1, rule.width() - 1));
    painter.rect_filled(grid.board, 2.0, colors.wood);
    let line = Stroke::new((edge * 0.04).clamp(1.0, 1.6), colors.line);
    for col in 0..rule.width() {
        let x = centre(Cell::new(0, col)).x;
        painter.line_segment([Pos2::new(x, first.y), Pos2::new(x, last.y)], line);
    }
    for row in 0..rule.height() {
        let y = centre(Cell::new(row, 0)).y;
        painter.line_segment([Pos2::new(first.x, y), Pos2::new(last.x, y)], line);
    }
    let border = Stroke::new((edge * 0.08).clamp(2.0, 3.0), colors.line);
    painter.rect_stroke(
        Rect::from_two_pos(first, last),
        0.0,
        border,
        StrokeKind::Middle,
    );
    for cell in star_points(rule) {
        painter.circle_filled(centre(cell), (edge * 0.1).clamp(2.0, 5.0), colors.line);
    }
}

/// The stones of the position, black ones with a shine.
fn paint_stones(
    painter: &Painter,
    view: &BoardView<'_>,
    centre: &dyn Fn(Cell) -> Pos2,
    radius: f32,
    colors: &StonesPalette,
) {
    let rule = view.position.rule();
    for row in 0..rule.height() {
        for col in 0..rule.width() {
            let cell = Cell::new(row, col);
            if let Some(side) = view.position.get(cell) {
                stone(painter, centre(cell), radius, Some(side), colors, 1.0);
                if side == Side::X {
                    // A soft highlight up and to the left, as on a real stone (left out
                    // where a number is written on the stone).
                    let shine = centre(cell) - Vec2::splat(radius * 0.38);
                    painter.circle_filled(shine, radius * 0.2, colors.shine);
                }
            }
        }
    }
}

/// The stones of the moves with their numbers, the last move's number in red.
fn paint_numbered_stones(
    painter: &Painter,
    view: &BoardView<'_>,
    centre: &dyn Fn(Cell) -> Pos2,
    edge: f32,
    colors: &StonesPalette,
) {
    let radius = edge * 0.46;
    for (number, &cell) in view.numbers.iter().enumerate() {
        let side = view.position.get(cell);
        if side.is_none() {
            continue;
        }
        stone(painter, centre(cell), radius, side, colors, 1.0);
        let color = if Some(cell) == view.last_move {
            colors.last_move
        } else {
            colors.number_on(side)
        };
        let text = (number + 1).to_string();
        let size = if text.len() >= 3 { 0.36 } else { 0.46 };
        painter.text(
            centre(cell),
            Align2::CENTER_CENTER,
            text,
            FontId::proportional((edge * size).max(7.0)),
            color,
        );
    }
}

/// Letters above and below the board, numbers to its left and right, in the text colour of
/// the window around the board.
fn coordinates(ui: &Ui, rule: &Rule, board: Rect, edge: f32, centre: &dyn Fn(Cell) -> Pos2) {
    let painter = ui.painter();
    let color = ui.visuals().text_color();
    let font = FontId::proportional((edge * 0.42).clamp(8.0, 16.0));
    let gap = edge * 0.12;
    for col in 0..rule.width() {
        let x = centre(Cell::new(0, col)).x;
        let letter = column_letter(col).to_string();
        for (y, align) in [
            (board.min.y - gap, Align2::CENTER_BOTTOM),
            (board.max.y + gap, Align2::CENTER_TOP),
        ] {
            painter.text(Pos2::new(x, y), align, &letter, font.clone(), color);
        }
    }
    for row in 0..rule.height() {
        let y = centre(Cell::new(row, 0)).y;
        let number = (row + 1).to_string();
        for (x, align) in [
            (board.min.x - gap, Align2::RIGHT_CENTER),
            (board.max.x + gap, Align2::LEFT_CENTER),
        ] {
            painter.text(Pos2::new(x, y), align, &number, font.clone(), color);
        }
    }
}

/// A black or white stone, `opacity` 1 when played, less for a preview.
fn stone(
    painter: &Painter,
    at: Pos2,
    radius: f32,
    side: Option<Side>,
    colors: &StonesPalette,
    opacity: f32,
) {
    match side {
        Some(Side::X) => {
            painter.circle_filled(at, radius, colors.black.gamma_multiply(opacity));
        }
        Some(Side::O) => {
            painter.circle_filled(at, radius, colors.white.gamma_multiply(opacity));
            let rim = Stroke::new((radius * 0.08).max(1.0), colors.rim.gamma_multiply(opacity));
            painter.circle_stroke(at, radius, rim);
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::board::BoardLook;
    use crate::gui::naming::point_name;

    #[test]
    fn star_points_of_the_usual_boards() {
        let names = |w, h| -> Vec<String> {
            let rule = Rule::new(w, h, 5, false).unwrap();
            star_points(&rule).into_iter().map(point_name).collect()
        };
        assert_eq!(names(15, 15), ["D4", "L4", "D12", "L12", "H8"]);
        assert_eq!(names(19, 19), ["D4", "P4", "D16", "P16", "J10"]);
        assert_eq!(names(20, 20), ["D4", "Q4", "D17", "Q17"]);
        assert_eq!(names(9, 9), ["C3", "G3", "C7", "G7", "E5"]);
        assert_eq!(names(6, 6), Vec::<String>::new());
    }

    #[test]
    fn stones_only_on_boards_larger_than_five() {
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        assert!(BoardLook::Stones.stones_on(&gomoku));
        assert!(!BoardLook::Marks.stones_on(&gomoku));
        assert!(!BoardLook::Stones.stones_on(&Rule::TIC_TAC_TOE));
        assert!(!BoardLook::Stones.stones_on(&Rule::new(5, 5, 4, false).unwrap()));
        assert!(BoardLook::Stones.stones_on(&Rule::new(7, 6, 4, false).unwrap()));
    }
}
