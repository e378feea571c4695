//! What a lab view lays over the board: open lines in a side's colour, letters naming kinds
//! of moves. Marks name cells, not points, so the board decides where they fall.

use egui::{Align2, Color32, FontId, Painter, Pos2, Stroke};

use crate::rules::{Cell, Side};

/// One thing drawn over the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A line still open for `side`, from the centre of one end cell to the other's. X's
    /// lines are drawn a little above and left of the centres, O's below and right, so a
    /// line open for both shows as two.
    Line { from: Cell, to: Cell, side: Side },
    /// A short text in a cell, coloured by its `group` (moves alike under symmetry).
    Letter {
        cell: Cell,
        text: String,
        group: usize,
    },
}

/// The colours of groups of moves, told apart in both themes.
const GROUP_COLOURS: [Color32; 8] = [
    Color32::from_rgb(0xd8, 0x1b, 0x60),
    Color32::from_rgb(0x1e, 0x88, 0xe5),
    Color32::from_rgb(0x00, 0x89, 0x7b),
    Color32::from_rgb(0xf5, 0x7c, 0x00),
    Color32::from_rgb(0x8e, 0x24, 0xaa),
    Color32::from_rgb(0x6d, 0x8b, 0x00),
    Color32::from_rgb(0x79, 0x55, 0x48),
    Color32::from_rgb(0x54, 0x6e, 0x7a),
];

/// The colour of group `n`.
#[must_use]
pub fn group_colour(n: usize) -> Color32 {
    GROUP_COLOURS[n % GROUP_COLOURS.len()]
}

/// A side's colour for its open lines (the marks' own colours, see-through).
#[must_use]
pub fn side_colour(side: Side, dark: bool) -> Color32 {
    let solid = match (side, dark) {
        (Side::X, false) => Color32::from_rgb(0xd0, 0x45, 0x1b),
        (Side::X, true) => Color32::from_rgb(0xff, 0x8a, 0x5c),
        (Side::O, false) => Color32::from_rgb(0x15, 0x65, 0xc0),
        (Side::O, true) => Color32::from_rgb(0x5c, 0xc8, 0xff),
    };
    solid.gamma_multiply(0.7)
}

/// Paints `marks`; `centre` says where a cell's centre is on screen.
pub fn paint(
    marks: &[Mark],
    painter: &Painter,
    centre: &dyn Fn(Cell) -> Pos2,
    edge: f32,
    dark: bool,
) {
    for mark in marks {
        match mark {
            Mark::Line { from, to, side } => {
                let shift = edge
                    * match side {
                        Side::X => -0.07,
                        Side::O => 0.07,
                    };
                let (a, b) = (centre(*from), centre(*to));
                // Across the line, so parallel lines of the two sides stay apart.
                let across = (b - a).normalized().rot90() * shift;
                let stroke = Stroke::new((edge * 0.035).clamp(1.5, 4.0), side_colour(*side, dark));
                painter.line_segment([a + across, b + across], stroke);
                painter.circle_filled(a + across, stroke.width * 1.2, stroke.color);
                painter.circle_filled(b + across, stroke.width * 1.2, stroke.color);
            }
            Mark::Letter { cell, text, group } => {
                let at: Pos2 = centre(*cell);
                let colour = group_colour(*group);
                painter.circle_filled(at, edge * 0.26, colour.gamma_multiply(0.25));
                painter.text(
                    at,
                    Align2::CENTER_CENTER,
                    text,
                    FontId::proportional((edge * 0.3).clamp(10.0, 40.0)),
                    colour,
                );
            }
        }
    }
}
