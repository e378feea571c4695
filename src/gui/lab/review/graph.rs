//! The review's graph of the expected score over the game, drawn with egui's painter:
//! black's expected score after each move (up is good for black, down for white), the
//! turning points marked on it, and the move selected. The sides' names stand in a margin
//! of their own at the left, so the curve never runs under them. A click on a marked point, or anywhere on the
//! graph, chooses that step of the game. Each marked point is a widget of its own, with a
//! label a screen reader (or a test) finds.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Ui, Vec2, WidgetInfo};

/// The graph's height, in points.
const HEIGHT: f32 = 120.0;

/// The narrowest the graph is drawn.
const LEAST_WIDTH: f32 = 120.0;

/// A marked point's radius, and the side of the square a click on it counts in.
const MARK_RADIUS: f32 = 4.5;
const MARK_TARGET: f32 = 14.0;

/// One marked point: the step of the game it is at (the position after the move), how it is
/// drawn, and the label it is read by.
pub struct Marked {
    pub step: usize,
    pub colour: Color32,
    pub label: String,
}

/// The graph of one game.
pub struct Graph<'a> {
    /// Black's expected score (0..1) in each position valued so far, from the empty board on.
    pub points: &'a [f64],
    /// The steps of the whole game: the positions, from the empty board to the last one.
    pub steps: usize,
    pub marked: &'a [Marked],
    /// The step shown on the board.
    pub selected: usize,
    /// The graph's own label, and the names of the sides at its top and bottom.
    pub label: String,
    pub top: String,
    pub bottom: String,
}

impl Graph<'_> {
    /// Draws the graph; the step a click chose, if any.
    pub fn ui(&self, ui: &mut Ui) -> Option<usize> {
        let width = ui.available_width().max(LEAST_WIDTH);
        let (rect, response) = ui.allocate_exact_size(Vec2::new(width, HEIGHT), Sense::click());
        response.widget_info(|| WidgetInfo::labeled(egui::Role::Image, true, &self.label));
        let margin = self.margin(ui);
        let inner = rect.shrink(6.0);
        let frame = Frame {
            rect: Rect::from_min_max(Pos2::new(inner.left() + margin, inner.top()), inner.max),
            steps: self.steps.max(2),
        };
        if ui.is_rect_visible(rect) {
            self.paint(ui, rect, &frame);
        }
        let mut chosen = response
            .clicked()
            .then(|| response.interact_pointer_pos().map(|p| frame.step_at(p)))
            .flatten();
        for (n, mark) in self.marked.iter().enumerate() {
            let Some(&value) = self.points.get(mark.step) else {
                continue;
            };
            let target =
                Rect::from_center_size(frame.at(mark.step, value), Vec2::splat(MARK_TARGET));
            let point = ui.interact(target, response.id.with(n), Sense::click());
            point.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, &mark.label));
            if point.clicked() {
                chosen = Some(mark.step);
            }
            point.on_hover_text(&mark.label);
        }
        chosen
    }

    /// The width of the margin the sides' names stand in: the wider name and a gap.
    fn margin(&self, ui: &Ui) -> f32 {
        let width = |text: &str| {
            ui.painter()
                .layout_no_wrap(text.to_string(), label_font(), Color32::WHITE)
                .size()
                .x
        };
        width(&self.top).max(width(&self.bottom)) + 6.0
    }

    /// The frame, the line of equality, the curve, the marks and the selected step.
    fn paint(&self, ui: &Ui, rect: Rect, frame: &Frame) {
        let visuals = ui.visuals();
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 3.0, visuals.extreme_bg_color);
        let weak = visuals.weak_text_color();
        let (left, right) = (frame.rect.left(), frame.rect.right());
        let middle = frame.rect.center().y;
        painter.line_segment(
            [Pos2::new(left, middle), Pos2::new(right, middle)],
            Stroke::new(1.0, weak),
        );
        let names = Rect::from_min_max(
            Pos2::new(rect.left() + 6.0, frame.rect.top()),
            Pos2::new(left, frame.rect.bottom()),
        );
        painter.text(
            names.left_top(),
            Align2::LEFT_TOP,
            &self.top,
            label_font(),
            weak,
        );
        painter.text(
            names.left_bottom(),
            Align2::LEFT_BOTTOM,
            &self.bottom,
            label_font(),
            weak,
        );
        if self.selected < frame.steps {
            let x = frame.x(self.selected);
            let stroke = Stroke::new(1.5, visuals.selection.bg_fill);
            painter.line_segment(
                [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
                stroke,
            );
        }
        let curve: Vec<Pos2> = (0..self.points.len())
            .map(|step| frame.at(step, self.points[step]))
            .collect();
        if curve.len() >= 2 {
            painter.add(Shape::line(
                curve,
                Stroke::new(2.0, visuals.strong_text_color()),
            ));
        }
        for mark in self.marked {
            if let Some(&value) = self.points.get(mark.step) {
                painter.circle(
                    frame.at(mark.step, value),
                    MARK_RADIUS,
                    mark.colour,
                    Stroke::new(1.0, visuals.extreme_bg_color),
                );
            }
        }
    }
}

/// The font of the sides' names: the small text style's size.
fn label_font() -> FontId {
    FontId::proportional(11.0)
}

/// Where the steps and expected scores fall inside the graph.
struct Frame {
    rect: Rect,
    steps: usize,
}

impl Frame {
    fn x(&self, step: usize) -> f32 {
        let last = (self.steps - 1) as f32;
        self.rect.left() + self.rect.width() * step as f32 / last
    }

    /// The point of `step` with black's expected score `value` (up: black is ahead).
    fn at(&self, step: usize, value: f64) -> Pos2 {
        Pos2::new(
            self.x(step),
            self.rect.bottom() - value.clamp(0.0, 1.0) as f32 * self.rect.height(),
        )
    }

    /// The step nearest to `point` across the graph.
    fn step_at(&self, point: Pos2) -> usize {
        let last = (self.steps - 1) as f32;
        let t = ((point.x - self.rect.left()) / self.rect.width()).clamp(0.0, 1.0);
        (t * last).round() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_and_evaluations_fall_where_they_belong() {
        let frame = Frame {
            rect: Rect::from_min_size(Pos2::new(10.0, 0.0), Vec2::new(100.0, 100.0)),
            steps: 11,
        };
        assert_eq!(frame.at(0, 1.0), Pos2::new(10.0, 0.0));
        assert_eq!(frame.at(10, 0.0), Pos2::new(110.0, 100.0));
        assert_eq!(frame.at(5, 0.5), Pos2::new(60.0, 50.0));
        assert_eq!(frame.step_at(Pos2::new(64.0, 3.0)), 5);
        assert_eq!(frame.step_at(Pos2::new(500.0, 3.0)), 10);
    }
}
