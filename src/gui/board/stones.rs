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

use egui::{Align2, Color32, FontId, Painter, Pos2, Rect, Stroke, StrokeKind, Ui, Vec2};

use crate::rules::threats::{Threat, ThreatKind};
use crate::rules::{Cell, Rule, Side};

use super::{BoardView, DecorationColors, paint_decorations};
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

/// Paints the board of `view` whose cells (one around each intersection) fill `board`,
/// `edge` points each; `hovered` is the point under the pointer.
pub(super) fn paint(ui: &Ui, view: &BoardView<'_>, board: Rect, edge: f32, hovered: Option<Cell>) {
    let painter = ui.painter();
    let colors = Colors::new(ui.visuals().dark_mode);
    let rule = *view.position.rule();
    let centre = |cell: Cell| {
        board.min
            + Vec2::new(
                (cell.col as f32 + 0.5) * edge,
                (cell.row as f32 + 0.5) * edge,
            )
    };
    let first = centre(Cell::new(0, 0));
    let last = centre(Cell::new(rule.height() - 1, rule.width() - 1));

    // The wood, the lines, the border and the star points.
    painter.rect_filled(board, 2.0, colors.wood);
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
    for cell in star_points(&rule) {
        painter.circle_filled(centre(cell), (edge * 0.1).clamp(2.0, 5.0), colors.line);
    }
    coordinates(ui, &rule, board, edge, &centre);

    paint_threats(painter, view.threats, &centre, edge);

    // The stones, their numbers and the last move.
    let radius = edge * 0.46;
    for (number, &cell) in view.numbers.iter().enumerate() {
        if view.position.get(cell).is_some() {
            let text = (number + 1).to_string();
            stone(
                painter,
                centre(cell),
                radius,
                view.position.get(cell),
                &colors,
                1.0,
            );
            let last = Some(cell) == view.last_move;
            let color = if last {
                colors.last_move
            } else {
                colors.number_on(view.position.get(cell))
            };
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
    if view.numbers.is_empty() {
        for row in 0..rule.height() {
            for col in 0..rule.width() {
                let cell = Cell::new(row, col);
                if let Some(side) = view.position.get(cell) {
                    stone(painter, centre(cell), radius, Some(side), &colors, 1.0);
                    if side == Side::X {
                        // A soft highlight up and to the left, as on a real stone (left out
                        // where a number is written on the stone).
                        let shine = centre(cell) - Vec2::splat(radius * 0.38);
                        painter.circle_filled(shine, radius * 0.2, colors.shine);
                    }
                }
            }
        }
        if let Some(cell) = view.last_move {
            painter.circle_filled(centre(cell), edge * 0.13, colors.last_move);
        }
    }

    // What a click would place, the hint, the cursor and the winning line.
    paint_decorations(
        painter,
        view,
        hovered,
        &centre,
        edge,
        &|at, side, opacity| stone(painter, at, radius, Some(side), &colors, opacity),
        &DecorationColors {
            hint: colors.hint,
            cursor: colors.cursor,
            win_line: colors.win_line,
        },
    );
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

/// The learners' threat marks: a band under the threatening stones and a ring on each point
/// that carries the threat out; red for fours, blue for open threes.
pub(super) fn paint_threats(
    painter: &Painter,
    threats: &[Threat],
    centre: &dyn Fn(Cell) -> Pos2,
    edge: f32,
) {
    for threat in threats {
        let color = threat_color(threat.kind);
        if let (Some(&a), Some(&b)) = (threat.stones.first(), threat.stones.last()) {
            // Wider than a stone, so it shows around the stones it joins.
            let outline = Stroke::new((edge * 0.06).clamp(1.0, 2.5), color);
            let fill = color.gamma_multiply(0.5);
            capsule(painter, [centre(a), centre(b)], edge * 0.56, fill, outline);
        }
        for &point in &threat.points {
            // A ring with a dot, unlike any stone or mark.
            let ring = Stroke::new((edge * 0.07).clamp(1.5, 3.0), color);
            painter.circle_stroke(centre(point), edge * 0.24, ring);
            painter.circle_filled(centre(point), edge * 0.08, color);
        }
    }
}

/// A band with round ends from `a` to `b`, `radius` wide on each side of the line.
fn capsule(painter: &Painter, [a, b]: [Pos2; 2], radius: f32, fill: Color32, outline: Stroke) {
    const STEPS: usize = 12;
    let along = if a == b { 0.0 } else { (b - a).angle() };
    let half_turn = std::f32::consts::PI;
    let mut points = Vec::with_capacity(2 * (STEPS + 1));
    for (end, start) in [(b, along - half_turn / 2.0), (a, along + half_turn / 2.0)] {
        for i in 0..=STEPS {
            let angle = start + half_turn * i as f32 / STEPS as f32;
            points.push(end + Vec2::angled(angle) * radius);
        }
    }
    painter.add(egui::Shape::convex_polygon(points, fill, outline));
}

/// A threat's colour: red for a four (open or not), blue for an open three.
fn threat_color(kind: ThreatKind) -> Color32 {
    match kind {
        ThreatKind::OpenFour | ThreatKind::Four => Color32::from_rgb(0xe5, 0x2b, 0x2b),
        ThreatKind::OpenThree => Color32::from_rgb(0x1e, 0x6c, 0xe8),
    }
}

/// A black or white stone, `opacity` 1 when played, less for a preview.
fn stone(
    painter: &Painter,
    at: Pos2,
    radius: f32,
    side: Option<Side>,
    colors: &Colors,
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

/// The board's palette for the light and the dark theme.
struct Colors {
    wood: Color32,
    line: Color32,
    black: Color32,
    shine: Color32,
    white: Color32,
    rim: Color32,
    last_move: Color32,
    hint: Color32,
    cursor: Color32,
    win_line: Color32,
}

impl Colors {
    fn new(dark: bool) -> Colors {
        let (wood, line, cursor) = if dark {
            (
                Color32::from_rgb(0x9a, 0x76, 0x3c),
                Color32::from_rgb(0x24, 0x18, 0x08),
                Color32::from_rgb(0xa8, 0xd8, 0xff),
            )
        } else {
            (
                Color32::from_rgb(0xdc, 0xb3, 0x5c),
                Color32::from_rgb(0x3a, 0x2a, 0x10),
                Color32::from_rgb(0x0d, 0x47, 0xa1),
            )
        };
        Colors {
            wood,
            line,
            black: Color32::from_rgb(0x14, 0x14, 0x14),
            shine: Color32::from_rgb(0x4a, 0x4a, 0x4a),
            white: Color32::from_rgb(0xf6, 0xf6, 0xf2),
            rim: Color32::from_rgb(0x5a, 0x5a, 0x5a),
            last_move: Color32::from_rgb(0xe5, 0x2b, 0x2b),
            hint: Color32::from_rgb(0x1b, 0x8a, 0x3a),
            cursor,
            win_line: Color32::from_rgb(0xe5, 0x2b, 0x2b),
        }
    }

    /// The colour of a move number on a stone of `side`.
    fn number_on(&self, side: Option<Side>) -> Color32 {
        match side {
            Some(Side::X) => self.white,
            _ => self.black,
        }
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
