//! The board's colours in one place: the marks look's and the stones look's palettes for
//! the light and the dark theme, the colours of the decorations both looks draw over the
//! board, and the learners' threat colours.

use egui::Color32;

use crate::rules::Side;
use crate::rules::threats::ThreatKind;

/// The colours of the decorations both looks draw over the board.
pub(super) struct DecorationColors {
    pub hint: Color32,
    pub cursor: Color32,
    pub win_line: Color32,
    /// The cross on a cell forbidden to black (renju).
    pub forbidden: Color32,
}

/// The marks look: X and O in the cells of a plain grid.
pub(super) struct MarksPalette {
    pub board: Color32,
    pub grid: Color32,
    x: Color32,
    o: Color32,
    pub last_move: Color32,
    pub win_cell: Color32,
    pub win_value: Color32,
    pub loss_value: Color32,
    pub decorations: DecorationColors,
}

impl MarksPalette {
    pub fn new(dark: bool) -> MarksPalette {
        if dark {
            MarksPalette {
                board: Color32::from_rgb(0x1f, 0x2a, 0x44),
                grid: Color32::from_rgb(0x8c, 0x9a, 0xb8),
                x: Color32::from_rgb(0xff, 0x8a, 0x5c),
                o: Color32::from_rgb(0x5c, 0xc8, 0xff),
                last_move: Color32::from_rgb(0x2c, 0x3b, 0x5e),
                win_cell: Color32::from_rgb(0x3d, 0x4a, 0x2a),
                win_value: Color32::from_rgb(0x7c, 0xe0, 0x8a),
                loss_value: Color32::from_rgb(0xff, 0x7a, 0x7a),
                decorations: DecorationColors {
                    hint: Color32::from_rgb(0x3f, 0xb3, 0x6b),
                    cursor: Color32::from_rgb(0xf0, 0xf0, 0xf0),
                    win_line: Color32::from_rgb(0xff, 0xe0, 0x8a),
                    forbidden: Color32::from_rgb(0xff, 0x5c, 0x5c),
                },
            }
        } else {
            MarksPalette {
                board: Color32::from_rgb(0xf7, 0xf3, 0xe8),
                grid: Color32::from_rgb(0x55, 0x5f, 0x73),
                x: Color32::from_rgb(0xd0, 0x45, 0x1b),
                o: Color32::from_rgb(0x15, 0x65, 0xc0),
                last_move: Color32::from_rgb(0xe8, 0xe0, 0xc8),
                win_cell: Color32::from_rgb(0xf5, 0xe6, 0x9c),
                win_value: Color32::from_rgb(0x1b, 0x7a, 0x2e),
                loss_value: Color32::from_rgb(0xb7, 0x1c, 0x1c),
                decorations: DecorationColors {
                    hint: Color32::from_rgb(0x1b, 0x8a, 0x3a),
                    cursor: Color32::from_rgb(0x20, 0x20, 0x20),
                    win_line: Color32::from_rgb(0x2e, 0x7d, 0x32),
                    forbidden: Color32::from_rgb(0xd3, 0x1f, 0x1f),
                },
            }
        }
    }

    /// The colour of the marks of `side`.
    pub fn mark(&self, side: Side) -> Color32 {
        match side {
            Side::X => self.x,
            Side::O => self.o,
        }
    }
}

/// The stones look: black and white stones on the lines of a wooden board.
pub(super) struct StonesPalette {
    pub wood: Color32,
    pub line: Color32,
    pub black: Color32,
    pub shine: Color32,
    pub white: Color32,
    pub rim: Color32,
    pub last_move: Color32,
    pub decorations: DecorationColors,
}

impl StonesPalette {
    pub fn new(dark: bool) -> StonesPalette {
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
        StonesPalette {
            wood,
            line,
            black: Color32::from_rgb(0x14, 0x14, 0x14),
            shine: Color32::from_rgb(0x4a, 0x4a, 0x4a),
            white: Color32::from_rgb(0xf6, 0xf6, 0xf2),
            rim: Color32::from_rgb(0x5a, 0x5a, 0x5a),
            last_move: Color32::from_rgb(0xe5, 0x2b, 0x2b),
            decorations: DecorationColors {
                hint: Color32::from_rgb(0x1b, 0x8a, 0x3a),
                cursor,
                win_line: Color32::from_rgb(0xe5, 0x2b, 0x2b),
                forbidden: Color32::from_rgb(0xc6, 0x10, 0x10),
            },
        }
    }

    /// The colour of a move number on a stone of `side`.
    pub fn number_on(&self, side: Option<Side>) -> Color32 {
        match side {
            Some(Side::X) => self.white,
            _ => self.black,
        }
    }
}

/// A threat's colour: red for a four (open or not), blue for an open three.
pub(super) fn threat_color(kind: ThreatKind) -> Color32 {
    match kind {
        ThreatKind::OpenFour | ThreatKind::Four => Color32::from_rgb(0xe5, 0x2b, 0x2b),
        ThreatKind::OpenThree => Color32::from_rgb(0x1e, 0x6c, 0xe8),
    }
}
