//! The learners' threat marks, the same on both looks: a band under the threatening stones
//! and a ring on each point that carries the threat out.

use egui::{Color32, Painter, Pos2, Stroke, Vec2};

use crate::rules::Cell;
use crate::rules::threats::BoardThreat;

use super::palette::threat_color;

/// Paints `threats` over the board whose cells of `edge` points have their centres at
/// `centre`: red for fours, blue for open threes.
pub(super) fn paint(
    painter: &Painter,
    threats: &[BoardThreat],
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
