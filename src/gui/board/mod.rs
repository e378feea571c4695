//! The board widget: the grid, the marks, the last move, the winning line, a hint, the
//! keyboard cursor and a preview of the mark a click would place. Built in the four steps of
//! egui's `toggle_switch.rs`: decide a size, allocate it, handle interaction, paint.
//!
//! Every cell is its own accessible widget labelled like "row 1, column 2: empty", so a
//! screen reader (and the tests) can find and press it.
//!
//! This file lays the board out and handles interaction; each look paints itself: `marks`
//! (X and O in cells) and `stones` (stones on the lines), both with the colours of
//! `palette`, both with the learners' `threats` and the decorations drawn here over them
//! (black's forbidden cells under renju among them, a small red cross each).

mod marks;
mod palette;
mod stones;
mod threats;

use egui::{Id, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo};
use serde::{Deserialize, Serialize};

use crate::engine::MoveValue;
use crate::rules::{Cell, Forbidden, Position, Rule, Side};
use crate::t;

use super::naming::Naming;
use super::status::{Wording, forbidden_name, value_words};
use crate::rules::threats::BoardThreat;
use palette::DecorationColors;

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

    /// How a board of `rule` in this look names its sides and cells.
    #[must_use]
    pub fn naming(self, rule: &Rule) -> Naming {
        Naming::new(self.stones_on(rule))
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
    /// Stones on the intersections, gomoku style (see `stones`), with their names (Black,
    /// White, H8), or marks in cells (X, O, row and column).
    naming: Naming,
    /// The moves in order, to number the stones; empty for no numbers.
    pub(super) numbers: &'a [Cell],
    /// Fours and open threes to mark (the learners' view).
    pub(super) threats: &'a [BoardThreat],
    /// Black's forbidden cells under renju and why, marked while black is to move.
    forbidden: &'a [(Cell, Forbidden)],
    /// Drawn last, over everything (the learners' lab).
    overlay: Option<Overlay<'a>>,
    /// The compact look (a board inside the lab's panel): cells at most this edge, the
    /// board only as large as its cells rather than filling and centred in the space left.
    compact: Option<f32>,
    /// Each cell's accessible label, for a board other than the game's.
    label: fn(Naming, Cell, Option<Side>) -> String,
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
            naming: Naming::MARKS,
            numbers: &[],
            threats: &[],
            forbidden: &[],
            overlay: None,
            compact: None,
            label: named_cell_label,
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
        label: fn(Naming, Cell, Option<Side>) -> String,
    ) -> Self {
        self.id = id;
        self.compact = Some(max_cell);
        self.label = label;
        self
    }

    /// Drawn and named as `naming` says: stones on the lines, labelled "H8: Black", or
    /// marks in the cells, labelled "row 8, column 8: X" (marks unless told).
    #[must_use]
    pub fn naming(mut self, naming: Naming) -> Self {
        self.naming = naming;
        self
    }

    #[must_use]
    pub fn move_numbers(mut self, moves: &'a [Cell]) -> Self {
        self.numbers = moves;
        self
    }

    #[must_use]
    pub fn threats(mut self, threats: &'a [BoardThreat]) -> Self {
        self.threats = threats;
        self
    }

    /// The cells forbidden to black (renju), each with its reason: crossed in red, said in
    /// their labels, and never previewed under the pointer.
    #[must_use]
    pub fn forbidden(mut self, cells: &'a [(Cell, Forbidden)]) -> Self {
        self.forbidden = cells;
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
        // 1. Decide a size and 2. allocate it.
        let grid = self.allocate(ui);
        // 3. Interaction: one accessible, clickable widget per cell.
        let (response, hovered) = self.interact(ui, grid);
        // 4. Paint.
        self.paint(ui, grid, hovered);
        response
    }

    /// The space around the board, in cells: the coordinates' margin on each side of a
    /// board of stones.
    fn frame(&self) -> f32 {
        if self.naming.stones() {
            2.0 * stones::MARGIN
        } else {
            0.0
        }
    }

    /// Square cells as large as the space allows (leaving room for the coordinates around
    /// a board of stones); allocates the whole space so the board stays centred in it, or in
    /// the compact look only the board.
    fn allocate(&self, ui: &mut Ui) -> Grid {
        let rule = self.position.rule();
        let (columns, rows) = (rule.width() as f32, rule.height() as f32);
        let available = ui.available_size();
        let frame = self.frame();
        let edge = match self.compact {
            // As wide as the panel, no taller than its cells allow.
            Some(max_cell) => (available.x / (columns + frame)).min(max_cell),
            None => (available.x / (columns + frame)).min(available.y / (rows + frame)),
        }
        .floor()
        .max(MIN_CELL);
        let board_size = Vec2::new(edge * columns, edge * rows);
        let outer = board_size + Vec2::splat(frame * edge);
        let wanted = if self.compact.is_some() {
            outer
        } else {
            available.max(outer)
        };
        let (area, _) = ui.allocate_exact_size(wanted, Sense::hover());
        Grid {
            board: Rect::from_center_size(area.center(), board_size),
            edge,
        }
    }

    /// One accessible, clickable widget per cell; returns what was clicked or focused, and
    /// the cell under the pointer.
    fn interact(&self, ui: &Ui, grid: Grid) -> (BoardResponse, Option<Cell>) {
        let rule = self.position.rule();
        let mut response = BoardResponse::default();
        let mut hovered = None;
        for row in 0..rule.height() {
            for col in 0..rule.width() {
                let cell = Cell::new(row, col);
                let id = Self::cell_id(self.id, row * rule.width() + col);
                let cell_response = ui.interact(grid.cell_rect(cell), id, Sense::click());
                let label = self.accessible_label(cell);
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
        (response, hovered)
    }

    /// A cell's label for screen readers (and the tests): its name and what it holds, or
    /// its value in the learners' view, or why black may not play there.
    fn accessible_label(&self, cell: Cell) -> String {
        if let Some(kind) = self.forbidden_at(cell) {
            return t!(
                "cell-forbidden",
                cell = self.naming.cell(cell),
                side = self.naming.side(Side::X),
                kind = forbidden_name(kind)
            );
        }
        match self.values.iter().find(|m| m.cell == cell) {
            Some(m) => t!(
                "cell-with-value",
                cell = (self.label)(self.naming, cell, None),
                value = value_words(m.value, Wording::Cell)
            ),
            None => (self.label)(self.naming, cell, self.position.get(cell)),
        }
    }

    /// Why black may not play `cell`, if it is one of the forbidden cells.
    fn forbidden_at(&self, cell: Cell) -> Option<Forbidden> {
        self.forbidden
            .iter()
            .find(|(c, _)| *c == cell)
            .map(|&(_, kind)| kind)
    }

    /// Paints the board in its look, then the overlay over it.
    fn paint(&self, ui: &Ui, grid: Grid, hovered: Option<Cell>) {
        if self.naming.stones() {
            stones::paint(ui, self, grid, hovered);
        } else if ui.is_rect_visible(grid.board) {
            marks::paint(ui, self, grid, hovered);
        } else {
            return;
        }
        // On a board of stones each point owns the square around it, so a cell's centre is
        // its intersection.
        if let Some(overlay) = self.overlay {
            overlay(
                ui.painter(),
                &|cell| grid.cell_rect(cell).center(),
                grid.edge,
            );
        }
    }
}

/// Where the board is drawn: the rectangle its cells fill and the edge of a cell.
#[derive(Clone, Copy)]
struct Grid {
    board: Rect,
    edge: f32,
}

impl Grid {
    /// The square of `cell`.
    fn cell_rect(self, cell: Cell) -> Rect {
        let offset = Vec2::new(cell.col as f32 * self.edge, cell.row as f32 * self.edge);
        let min = self.board.min + offset;
        Rect::from_min_size(min, Vec2::splat(self.edge))
    }
}

/// The decorations both looks share, drawn over the board at the cells' centres: black's
/// forbidden cells (a small cross each), the piece a click would place (faint, at `hovered`,
/// unless the cell is forbidden), the hint (a fainter piece, ringed), the keyboard cursor and
/// the winning line. `piece` draws one piece of a side at a centre, with an opacity.
fn paint_decorations(
    painter: &egui::Painter,
    view: &BoardView<'_>,
    hovered: Option<Cell>,
    centre: &dyn Fn(Cell) -> Pos2,
    edge: f32,
    piece: &dyn Fn(Pos2, Side, f32),
    colors: &DecorationColors,
) {
    let empty = |cell: Cell| view.position.get(cell).is_none();
    let cross = Stroke::new((edge * 0.07).clamp(1.5, 3.0), colors.forbidden);
    for &(cell, _) in view.forbidden {
        let arm = Vec2::splat(edge * 0.16);
        let at = centre(cell);
        painter.line_segment([at - arm, at + arm], cross);
        painter.line_segment(
            [at + Vec2::new(arm.x, -arm.y), at - Vec2::new(arm.x, -arm.y)],
            cross,
        );
    }
    if let (Some(side), Some(cell)) = (view.preview, hovered)
        && empty(cell)
        && view.forbidden_at(cell).is_none()
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

/// The accessible label of one cell in the window's language, named as `naming` says: "row
/// 1, column 2: empty" or "row 1, column 2: X" on a board of marks, "B1: Black" on one of
/// stones.
#[must_use]
pub fn named_cell_label(naming: Naming, cell: Cell, content: Option<Side>) -> String {
    let cell = naming.cell(cell);
    match content {
        Some(side) => t!("cell-taken", cell = cell, side = naming.side(side)),
        None => t!("cell-empty", cell = cell),
    }
}

/// The accessible label of one cell of a board of marks: "row 1, column 2: X".
#[must_use]
pub fn cell_label(cell: Cell, content: Option<Side>) -> String {
    named_cell_label(Naming::MARKS, cell, content)
}

/// The accessible label of one point of a board of stones: "H8: Black".
#[must_use]
pub fn point_label(cell: Cell, content: Option<Side>) -> String {
    named_cell_label(Naming::STONES, cell, content)
}
