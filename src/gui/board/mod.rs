//! The board widget: the grid, the marks, the last move, the winning line, a hint, the
//! keyboard cursor and a preview of the mark a click would place. Built in the four steps of
//! egui's `toggle_switch.rs`: decide a size, allocate it, handle interaction, paint.
//!
//! Every cell is its own accessible widget labelled like "row 1, column 2: empty", so a
//! screen reader (and the tests) can find and press it.

mod stones;

use egui::{
    Align2, Color32, FontId, Id, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo,
};
use serde::{Deserialize, Serialize};

use crate::engine::{MoveValue, Value};
use crate::rules::{Cell, Position, Rule, Side};
use crate::t;

use super::naming::side_name;
use super::status::{Wording, value_words};
use crate::rules::threats::Threat;

/// How boards are drawn: stones on the lines of gomoku boards, or marks in cells everywhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardLook {
    /// Black and white stones on boards larger than 5x5; X and O marks on smaller ones.
    #[default]
    Stones,
    /// X and O marks in the cells on every board.
    Marks,
}

impl BoardLook {
    /// Whether a board of `rule` is drawn with stones on its intersections.
    #[must_use]
    pub fn stones_on(self, rule: &Rule) -> bool {
        self == BoardLook::Stones && rule.width() > 5 && rule.height() > 5
    }
}

/// Smallest cell edge in points; below this the board scrolls out of the panel instead of
/// shrinking further. Small enough that a 15x15 board beside the open lab fits the smallest
/// window.
const MIN_CELL: f32 = 8.0;

/// What the board shows besides the stones.
pub struct BoardView<'a> {
    pub(super) position: &'a Position,
    id: Id,
    pub(super) last_move: Option<Cell>,
    pub(super) win_line: &'a [Cell],
    pub(super) hint: Option<Cell>,
    pub(super) cursor: Option<Cell>,
    /// The mark a click would place, or `None` when a click cannot play (computer's turn,
    /// game over).
    pub(super) preview: Option<Side>,
    /// What each empty cell is worth to the side to move (the learners' view).
    values: &'a [MoveValue],
    /// Stones on the intersections, gomoku style (see `stones`), rather than marks in cells.
    stones: bool,
    /// The moves in order, to number the stones; empty for no numbers.
    pub(super) numbers: &'a [Cell],
    /// Fours and open threes to mark (the learners' view).
    pub(super) threats: &'a [Threat],
    /// Drawn last, over everything (the learners' lab).
    overlay: Option<Overlay<'a>>,
    /// The compact look (a board inside the lab's panel): cells at most this edge, the
    /// board only as large as its cells rather than filling and centred in the space left.
    compact: Option<f32>,
    /// Each cell's accessible label, for a board other than the game's.
    label: fn(Cell, Option<Side>) -> String,
}

/// A painter over the board: gets where each cell's centre is and the cell edge.
pub type Overlay<'a> = &'a dyn Fn(&egui::Painter, &dyn Fn(Cell) -> Pos2, f32);

/// What happened on the board this frame.
#[derive(Default)]
pub struct BoardResponse {
    /// The cell that was clicked (or pressed through accessibility / keyboard focus).
    pub clicked: Option<Cell>,
    /// The cell that just received keyboard focus (Tab), so the cursor can follow it.
    pub focused: Option<Cell>,
}

impl<'a> BoardView<'a> {
    #[must_use]
    pub fn new(position: &'a Position) -> BoardView<'a> {
        BoardView {
            position,
            id: Id::unique("board"),
            last_move: None,
            win_line: &[],
            hint: None,
            cursor: None,
            preview: None,
            values: &[],
            stones: false,
            numbers: &[],
            threats: &[],
            overlay: None,
            compact: None,
            label: cell_label,
        }
    }

    /// The compact look for a board that is not the game's (the lab's practice board): its
    /// own `id`, cells of at most `max_cell` points labelled by `label`, and only as much
    /// space as the board takes. Disabled (`Ui::add_enabled_ui`) it takes no clicks.
    #[must_use]
    pub fn compact(
        mut self,
        id: Id,
        max_cell: f32,
        label: fn(Cell, Option<Side>) -> String,
    ) -> Self {
        self.id = id;
        self.compact = Some(max_cell);
        self.label = label;
        self
    }

    #[must_use]
    pub fn stones(mut self, stones: bool) -> Self {
        self.stones = stones;
        self
    }

    #[must_use]
    pub fn move_numbers(mut self, moves: &'a [Cell]) -> Self {
        self.numbers = moves;
        self
    }

    #[must_use]
    pub fn threats(mut self, threats: &'a [Threat]) -> Self {
        self.threats = threats;
        self
    }

    #[must_use]
    pub fn overlay(mut self, overlay: Option<Overlay<'a>>) -> Self {
        self.overlay = overlay;
        self
    }

    #[must_use]
    pub fn last_move(mut self, cell: Option<Cell>) -> Self {
        self.last_move = cell;
        self
    }

    #[must_use]
    pub fn win_line(mut self, line: &'a [Cell]) -> Self {
        self.win_line = line;
        self
    }

    #[must_use]
    pub fn hint(mut self, cell: Option<Cell>) -> Self {
        self.hint = cell;
        self
    }

    #[must_use]
    pub fn cursor(mut self, cell: Option<Cell>) -> Self {
        self.cursor = cell;
        self
    }

    #[must_use]
    pub fn preview(mut self, side: Option<Side>) -> Self {
        self.preview = side;
        self
    }

    #[must_use]
    pub fn values(mut self, values: &'a [MoveValue]) -> Self {
        self.values = values;
        self
    }

    /// The id of one cell's widget; the app uses it to tell whether a cell has focus.
    #[must_use]
    pub fn cell_id(board: Id, index: usize) -> Id {
        board.with(("cell", index))
    }

    /// The board's own id (the parent of the cell ids).
    #[must_use]
    pub fn board_id() -> Id {
        Id::unique("board")
    }

    /// The least width a board of `rule` takes (its cells at their smallest, and the margin
    /// for coordinates around a board of stones): what the panels beside it leave free.
    #[must_use]
    pub fn least_width(rule: &Rule, stones: bool) -> f32 {
        let frame = if stones { 2.0 * stones::MARGIN } else { 0.0 };
        (rule.width() as f32 + frame) * MIN_CELL
    }

    /// Draws the board in the space left in `ui` and reports clicks.
    pub fn ui(self, ui: &mut Ui) -> BoardResponse {
        let rule = *self.position.rule();
        let (columns, rows) = (rule.width() as f32, rule.height() as f32);

        // 1. Decide a size: square cells, as large as the space allows (leaving room for the
        // coordinates around a board of stones).
        let available = ui.available_size();
        let frame = if self.stones {
            2.0 * stones::MARGIN
        } else {
            0.0
        };
        let edge = match self.compact {
            // As wide as the panel, no taller than its cells allow.
            Some(max_cell) => (available.x / (columns + frame)).min(max_cell),
            None => (available.x / (columns + frame)).min(available.y / (rows + frame)),
        }
        .floor()
        .max(MIN_CELL);
        let board_size = Vec2::new(edge * columns, edge * rows);

        // 2. Allocate: the whole area so the board stays centred in it, or in the compact
        // look only the board.
        let outer = board_size + Vec2::splat(frame * edge);
        let wanted = if self.compact.is_some() {
            outer
        } else {
            available.max(outer)
        };
        let (area, _) = ui.allocate_exact_size(wanted, Sense::hover());
        let board = Rect::from_center_size(area.center(), board_size);
        let cell_rect = |cell: Cell| {
            let min = board.min + Vec2::new(cell.col as f32 * edge, cell.row as f32 * edge);
            Rect::from_min_size(min, Vec2::splat(edge))
        };

        // 3. Interaction: one accessible, clickable widget per cell.
        let mut response = BoardResponse::default();
        let mut hovered = None;
        for row in 0..rule.height() {
            for col in 0..rule.width() {
                let cell = Cell::new(row, col);
                let index = row * rule.width() + col;
                let id = Self::cell_id(self.id, index);
                let cell_response = ui.interact(cell_rect(cell), id, Sense::click());
                let value = self.values.iter().find(|m| m.cell == cell);
                let label = match value {
                    Some(m) => t!(
                        "cell-with-value",
                        cell = (self.label)(cell, None),
                        value = value_words(m.value, Wording::Cell)
                    ),
                    None => (self.label)(cell, self.position.get(cell)),
                };
                let enabled = ui.is_enabled();
                cell_response.widget_info(|| WidgetInfo::labeled(Role::Button, enabled, &label));
                if cell_response.clicked() {
                    response.clicked = Some(cell);
                }
                if cell_response.gained_focus() {
                    response.focused = Some(cell);
                }
                if cell_response.hovered() {
                    hovered = Some(cell);
                }
            }
        }

        // 4. Paint.
        if self.stones {
            stones::paint(ui, &self, board, edge, hovered);
            // Each point owns the square around it, so a cell's centre is its intersection.
            if let Some(overlay) = self.overlay {
                overlay(ui.painter(), &|cell| cell_rect(cell).center(), edge);
            }
            return response;
        }
        if ui.is_rect_visible(board) {
            let painter = ui.painter();
            let visuals = ui.visuals();
            let colors = Colors::new(visuals.dark_mode);
            painter.rect_filled(board, 4.0, colors.board);

            let highlight = |cell: Cell, fill: Color32| {
                painter.rect_filled(cell_rect(cell).shrink(1.0), 2.0, fill);
            };
            if let Some(cell) = self.last_move {
                highlight(cell, colors.last_move);
            }
            for &cell in self.win_line {
                highlight(cell, colors.win_cell);
            }

            let grid = Stroke::new((edge * 0.04).clamp(1.0, 3.0), colors.grid);
            for c in 1..rule.width() {
                let x = board.min.x + c as f32 * edge;
                painter.line_segment([Pos2::new(x, board.min.y), Pos2::new(x, board.max.y)], grid);
            }
            for r in 1..rule.height() {
                let y = board.min.y + r as f32 * edge;
                painter.line_segment([Pos2::new(board.min.x, y), Pos2::new(board.max.x, y)], grid);
            }

            stones::paint_threats(painter, self.threats, &|c| cell_rect(c).center(), edge);
            for row in 0..rule.height() {
                for col in 0..rule.width() {
                    let cell = Cell::new(row, col);
                    if let Some(side) = self.position.get(cell) {
                        paint_mark(ui, cell_rect(cell), side, colors.mark(side));
                    }
                }
            }

            for m in self.values {
                let rect = cell_rect(m.cell);
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

            paint_decorations(
                painter,
                &self,
                hovered,
                &|cell| cell_rect(cell).center(),
                edge,
                &|at, side, opacity| {
                    let rect = Rect::from_center_size(at, Vec2::splat(edge));
                    paint_mark(ui, rect, side, colors.mark(side).gamma_multiply(opacity));
                },
                &DecorationColors {
                    hint: colors.hint,
                    cursor: colors.cursor,
                    win_line: colors.win_line,
                },
            );
            if let Some(overlay) = self.overlay {
                overlay(painter, &|cell| cell_rect(cell).center(), edge);
            }
        }
        response
    }
}

/// The colours of the decorations, from the look's palette.
pub(super) struct DecorationColors {
    pub hint: Color32,
    pub cursor: Color32,
    pub win_line: Color32,
}

/// The decorations both looks share, drawn over the board at the cells' centres: the piece
/// a click would place (faint, at `hovered`), the hint (a fainter piece, ringed), the
/// keyboard cursor and the winning line. `piece` draws one piece of a side at a centre, with
/// an opacity.
pub(super) fn paint_decorations(
    painter: &egui::Painter,
    view: &BoardView<'_>,
    hovered: Option<Cell>,
    centre: &dyn Fn(Cell) -> Pos2,
    edge: f32,
    piece: &dyn Fn(Pos2, Side, f32),
    colors: &DecorationColors,
) {
    let empty = |cell: Cell| view.position.get(cell).is_none();
    if let (Some(side), Some(cell)) = (view.preview, hovered)
        && empty(cell)
    {
        piece(centre(cell), side, 0.4);
    }
    if let Some(cell) = view.hint
        && empty(cell)
    {
        let side = view.preview.unwrap_or(view.position.side_to_move());
        piece(centre(cell), side, 0.55);
        let ring = Stroke::new((edge * 0.06).clamp(2.0, 4.0), colors.hint);
        painter.circle_stroke(centre(cell), edge * 0.46, ring);
    }
    if let Some(cell) = view.cursor {
        let stroke = Stroke::new((edge * 0.06).clamp(2.0, 4.0), colors.cursor);
        let square = Rect::from_center_size(centre(cell), Vec2::splat(edge * 0.9));
        painter.rect_stroke(square, 3.0, stroke, StrokeKind::Inside);
    }
    if let (Some(&first), Some(&last)) = (view.win_line.first(), view.win_line.last()) {
        let stroke = Stroke::new((edge * 0.12).clamp(3.0, 10.0), colors.win_line);
        let (a, b) = (centre(first), centre(last));
        // Run the line a little past the end cells' centres so it reads as "through".
        let overshoot = (b - a).normalized() * edge * 0.3;
        painter.line_segment([a - overshoot, b + overshoot], stroke);
    }
}

/// The accessible label of one cell in the window's language: "row 1, column 2: empty" or
/// "row 1, column 2: X".
#[must_use]
pub fn cell_label(cell: Cell, content: Option<Side>) -> String {
    let cell = super::naming::cell_name(cell);
    match content {
        Some(side) => t!("cell-taken", cell = cell, side = side_name(side)),
        None => t!("cell-empty", cell = cell),
    }
}

/// Draws an X (two strokes) or an O (a ring) inside `rect`.
fn paint_mark(ui: &Ui, rect: Rect, side: Side, color: Color32) {
    let edge = rect.width();
    let stroke = Stroke::new((edge * 0.11).max(2.0), color);
    let inner = rect.shrink(edge * 0.22);
    match side {
        Side::X => {
            ui.painter()
                .line_segment([inner.left_top(), inner.right_bottom()], stroke);
            ui.painter()
                .line_segment([inner.right_top(), inner.left_bottom()], stroke);
        }
        Side::O => {
            ui.painter()
                .circle_stroke(rect.center(), inner.width() / 2.0, stroke);
        }
    }
}

/// The board's palette for the light and the dark theme.
struct Colors {
    board: Color32,
    grid: Color32,
    x: Color32,
    o: Color32,
    last_move: Color32,
    win_cell: Color32,
    win_line: Color32,
    hint: Color32,
    cursor: Color32,
    win_value: Color32,
    loss_value: Color32,
}

impl Colors {
    fn new(dark: bool) -> Colors {
        if dark {
            Colors {
                board: Color32::from_rgb(0x1f, 0x2a, 0x44),
                grid: Color32::from_rgb(0x8c, 0x9a, 0xb8),
                x: Color32::from_rgb(0xff, 0x8a, 0x5c),
                o: Color32::from_rgb(0x5c, 0xc8, 0xff),
                last_move: Color32::from_rgb(0x2c, 0x3b, 0x5e),
                win_cell: Color32::from_rgb(0x3d, 0x4a, 0x2a),
                win_line: Color32::from_rgb(0xff, 0xe0, 0x8a),
                hint: Color32::from_rgb(0x3f, 0xb3, 0x6b),
                cursor: Color32::from_rgb(0xf0, 0xf0, 0xf0),
                win_value: Color32::from_rgb(0x7c, 0xe0, 0x8a),
                loss_value: Color32::from_rgb(0xff, 0x7a, 0x7a),
            }
        } else {
            Colors {
                board: Color32::from_rgb(0xf7, 0xf3, 0xe8),
                grid: Color32::from_rgb(0x55, 0x5f, 0x73),
                x: Color32::from_rgb(0xd0, 0x45, 0x1b),
                o: Color32::from_rgb(0x15, 0x65, 0xc0),
                last_move: Color32::from_rgb(0xe8, 0xe0, 0xc8),
                win_cell: Color32::from_rgb(0xf5, 0xe6, 0x9c),
                win_line: Color32::from_rgb(0x2e, 0x7d, 0x32),
                hint: Color32::from_rgb(0x1b, 0x8a, 0x3a),
                cursor: Color32::from_rgb(0x20, 0x20, 0x20),
                win_value: Color32::from_rgb(0x1b, 0x7a, 0x2e),
                loss_value: Color32::from_rgb(0xb7, 0x1c, 0x1c),
            }
        }
    }

    fn mark(&self, side: Side) -> Color32 {
        match side {
            Side::X => self.x,
            Side::O => self.o,
        }
    }
}
