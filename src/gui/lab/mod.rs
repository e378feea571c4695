//! The learners' lab: views beside the board that show how the search thinks about the
//! position on it. One file per view: the evaluation e(P) (`evaluation`), moves alike under
//! symmetry (`symmetry`), the algorithms compared (`compare`), the search tree (`tree`), the
//! post-game review (`review`), practice positions (`practice`), why a side cannot win,
//! or how it wins (`pairing`), and a learner's own player checked against perfect play
//! (`grader`). Every search of the lab runs on the window's one driver,
//! each view on a worker of its own: the comparison, the tree recording, the search for a
//! winning line and the review of a large board as the lab's jobs, the exact review's and
//! practice's as the game's tasks through `analyst`. A view holds its search as a
//! [`Pending`](crate::game::Pending) beside the position it is for, which forgets itself
//! (and so stops the search) when the position changes. `marks` draws what a
//! view lays over the board, `steps` the buttons that step through a replay or a line, and
//! `mini_board` is the small board practice is played on.
//!
//! The lab opens as a panel on the right of the board (in the side panel's place on a window
//! too narrow for both). It never plays a move: a view may ask
//! the board to show another position (a preview) and to draw marks over it; both follow the
//! position on the board and are dropped when it changes.

mod analyst;
mod compare;
mod evaluation;
mod grader;
mod marks;
mod mini_board;
mod pairing;
mod practice;
mod review;
mod steps;
mod symmetry;
mod tree;

pub use grader::GraderRequest;
pub(crate) mod words;

use egui::containers::panel::PanelState;
use egui::{Painter, Pos2, Response, RichText, Ui};

use super::board::{BoardView, Overlay};
use super::naming::Naming;
use crate::engine::PlayerKind;
use crate::game::{Driver, Session};
use crate::rules::{Cell, Forbidden, Position};
use crate::t;

use marks::Mark;

use compare::Compare;
use grader::GraderView;
use pairing::WhyView;
use practice::Practice;
use review::Review;
use tree::TreeView;

/// The lab panel's share of the space the side panel leaves, until the player drags its
/// edge (then the share dragged to); the panel grows and shrinks with the window, and wide
/// content scrolls inside it rather than pushing the board about.
const PANEL_SHARE: f32 = 0.45;

/// The lab panel's id among the panels of the window.
const PANEL_ID: &str = "learners-lab";

/// The lab panel's width before it is dragged: its share, within these bounds.
const PANEL_DEFAULT: std::ops::RangeInclusive<f32> = 360.0..=720.0;

/// The narrowest the lab panel is dragged to.
const PANEL_NARROWEST: f32 = 140.0;

/// Room the board needs beyond its least width: at its smallest cells the two-digit row
/// numbers of a board of stones are wider than the margin kept for them.
const COORDINATE_ROOM: f32 = 8.0;

/// The least the lab panel is given however small the window: the board comes first.
const PANEL_LEAST: f32 = 96.0;

/// The narrowest and widest the lab panel may be in `space`, leaving the board
/// `board_width` and the room for its coordinates.
fn panel_bounds(space: f32, board_width: f32) -> (f32, f32) {
    let narrowest = PANEL_NARROWEST
        .min(space * 0.5)
        .min(space - board_width - COORDINATE_ROOM)
        .max(PANEL_LEAST);
    let widest = (space - board_width - COORDINATE_ROOM).max(narrowest);
    (narrowest, widest)
}

/// The views of the lab, in the order of their tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Evaluation,
    Symmetry,
    Review,
    Practice,
    Compare,
    Tree,
    Pairing,
    Grader,
}

impl Tab {
    const ALL: [Tab; 8] = [
        Tab::Evaluation,
        Tab::Symmetry,
        Tab::Pairing,
        Tab::Compare,
        Tab::Tree,
        Tab::Review,
        Tab::Practice,
        Tab::Grader,
    ];

    fn name(self) -> String {
        match self {
            Tab::Evaluation => t!("lab-tab-evaluation"),
            Tab::Symmetry => t!("lab-tab-symmetry"),
            Tab::Review => t!("lab-tab-review"),
            Tab::Practice => t!("lab-tab-practice"),
            Tab::Compare => t!("lab-tab-compare"),
            Tab::Tree => t!("lab-tab-tree"),
            Tab::Pairing => t!("lab-tab-pairing"),
            Tab::Grader => t!("lab-tab-grader"),
        }
    }
}

/// A position the board shows instead of the game's, never played: a step of the review, a
/// node of the search tree.
pub struct Preview {
    pub position: Position,
    pub last_move: Option<Cell>,
}

/// The learners' lab: which view is open and the state of the views that keep any.
pub struct Lab {
    open: bool,
    tab: Tab,
    review: Review,
    practice: Practice,
    compare: Compare,
    tree: TreeView,
    why: WhyView,
    grader: GraderView,
    /// The share of the space the player dragged the panel to, if they did.
    dragged_share: Option<f32>,
}

impl Lab {
    /// The lab of a window, searching on the window's `driver`.
    #[must_use]
    pub fn new(driver: &Driver) -> Lab {
        Lab {
            open: false,
            tab: Tab::default(),
            review: Review::new(driver.clone()),
            practice: Practice::new(driver.clone()),
            compare: Compare::new(driver.clone()),
            tree: TreeView::new(driver.clone()),
            why: WhyView::new(driver.clone()),
            grader: GraderView::new(driver.clone()),
            dragged_share: None,
        }
    }

    /// The side panel's section that opens and closes the lab: whether the player asked to
    /// open it (`true`) or close it, for the app to apply ([`Lab::set_open`]).
    #[must_use]
    pub fn section_ui(&self, ui: &mut Ui) -> Option<bool> {
        ui.label(RichText::new(t!("lab-heading")).strong());
        let text = if self.open {
            t!("lab-close")
        } else {
            t!("lab-open")
        };
        ui.selectable_label(self.open, text)
            .clicked()
            .then_some(!self.open)
    }

    /// Opens or closes the lab; a closed lab's views stop their searches, and the search
    /// trees recorded are dropped.
    pub fn set_open(&mut self, open: bool) {
        self.open = open;
        if !open {
            // Closed views need no searches.
            self.review.stop();
            self.practice.stop();
            self.compare.stop();
            self.tree.close();
            self.why.stop();
            self.grader.stop();
            // What the views dropped goes back to the system (the searches' threads give
            // back theirs once idle).
            crate::memory::give_back();
        }
    }

    /// The view open beside the board, or `None` while the lab is closed.
    #[must_use]
    pub fn view(&self) -> Option<Tab> {
        self.open.then_some(self.tab)
    }

    /// Reads what the lab's searches sent, whether or not the panel is drawn this frame.
    pub fn poll(&mut self, session: &Session) {
        self.review.poll(session);
        self.practice.poll();
        self.compare.poll(session.position());
        self.tree.poll(session.position());
        self.why
            .poll(session.position(), session.moves().last().copied());
        self.grader.poll();
    }

    /// The lab panel, on the right of the board; `naming` is how the board shown names sides
    /// and cells, and the views name them so.
    ///
    /// The panel can be dragged wider or narrower, but never over the board: it leaves the
    /// board at least `board_width` (the board's least width, see `BoardView::least_width`).
    pub fn panel_ui(
        &mut self,
        ui: &mut Ui,
        session: &Session,
        board_width: f32,
        naming: Naming,
    ) -> Option<GraderRequest> {
        if !self.open {
            return None;
        }
        let space = ui.available_width();
        let width = self.panel_width(ui, space, board_width);
        let (narrowest, widest) = panel_bounds(space, board_width);
        egui::Panel::right(PANEL_ID)
            .resizable(true)
            .default_size(width)
            .size_range(narrowest..=widest)
            .show(ui, |ui| self.contents_ui(ui, session, naming))
            .inner
    }

    /// The lab's heading, its tabs and the view, in `ui`: the panel beside the board, or
    /// (on a window too narrow for both) the side panel's place. Returns what the grader
    /// asked of the window; to study a mistake, the lab turns to the search tree, which shows
    /// why.
    pub fn contents_ui(
        &mut self,
        ui: &mut Ui,
        session: &Session,
        naming: Naming,
    ) -> Option<GraderRequest> {
        ui.add_space(4.0);
        // Wrapped: on a narrow window the button goes under the heading rather than over it.
        ui.horizontal_wrapped(|ui| {
            ui.heading(t!("lab-heading"));
            if ui.button(t!("lab-close")).clicked() {
                self.set_open(false);
            }
        });
        ui.horizontal_wrapped(|ui| {
            for tab in Tab::ALL {
                if ui.selectable_label(self.tab == tab, tab.name()).clicked() {
                    self.tab = tab;
                }
            }
        });
        ui.separator();
        let asked = egui::ScrollArea::both()
            .auto_shrink(false)
            .show(ui, |ui| self.view_ui(ui, session, naming))
            .inner;
        if matches!(asked, Some(GraderRequest::Study(..))) {
            self.tab = Tab::Tree;
        }
        asked
    }

    /// The lab panel's width in `space`, leaving the board `board_width`: its share of the
    /// space, so that it grows and shrinks with the window (egui alone would keep the width
    /// it first had). While the player drags its edge, egui sizes it; once they let go, the
    /// width they chose is kept as a share of the space.
    fn panel_width(&mut self, ui: &Ui, space: f32, board_width: f32) -> f32 {
        let id = ui.scope_id().with(PANEL_ID);
        let (narrowest, widest) = panel_bounds(space, board_width);
        // The panel's drag handle, by the id egui 0.37 gives it (`resize_widget_id`).
        let edge = ui.ctx().read_response(id.with("__resize"));
        let stored = PanelState::load(ui.ctx(), id);
        if edge.as_ref().is_some_and(Response::dragged) {
            return stored.map_or(narrowest, |s| s.size().x);
        }
        if edge.is_some_and(|e| e.drag_stopped())
            && let Some(stored) = stored
            && space > 0.0
        {
            self.dragged_share = Some(stored.size().x / space);
        }
        let width = match self.dragged_share {
            Some(share) => space * share,
            None => (space * PANEL_SHARE).clamp(*PANEL_DEFAULT.start(), *PANEL_DEFAULT.end()),
        }
        .clamp(narrowest, widest);
        let mut outer_rect = stored.map_or(ui.max_rect(), |s| s.outer_rect);
        outer_rect.set_width(width);
        ui.ctx()
            .data_mut(|d| d.insert_persisted(id, PanelState { outer_rect }));
        width
    }

    fn view_ui(&mut self, ui: &mut Ui, session: &Session, naming: Naming) -> Option<GraderRequest> {
        let shown = self.shown_position(session);
        match self.tab {
            Tab::Grader => return self.grader.ui(ui, session.settings().engines.limits),
            Tab::Evaluation => evaluation::ui(ui, &shown, naming),
            Tab::Symmetry => symmetry::ui(ui, &shown),
            Tab::Pairing => {
                let last = session.moves().last().copied();
                self.why.ui(ui, session.position(), last, naming);
            }
            Tab::Review => self.review.ui(ui, session, naming),
            Tab::Practice => self.practice.ui(ui),
            Tab::Compare => self.compare.ui(ui, session.position()),
            Tab::Tree => {
                let depth = match &session.settings().computer {
                    PlayerKind::Engine { depth, .. } => *depth,
                    PlayerKind::RuleBased | PlayerKind::Random => None,
                };
                self.tree.ui(ui, session.position(), depth, naming);
            }
        }
        None
    }

    /// The position the board should show instead of the game's, if a view asks for one.
    #[must_use]
    pub fn preview(&self, session: &Session) -> Option<Preview> {
        if !self.open {
            return None;
        }
        match self.tab {
            Tab::Review => self.review.preview(session),
            Tab::Tree => self.tree.preview().map(|(position, last_move)| Preview {
                position,
                last_move,
            }),
            Tab::Pairing => self.why.preview().map(|(position, last_move)| Preview {
                position,
                last_move,
            }),
            Tab::Grader => self.grader.preview(),
            _ => None,
        }
    }

    /// The position the board shows: the preview, or the game's.
    fn shown_position(&self, session: &Session) -> Position {
        self.preview(session)
            .map_or_else(|| session.position().clone(), |p| p.position)
    }

    /// What the open view lays over the board showing `position`, whose last move was
    /// `last_move`.
    #[must_use]
    pub fn marks(&self, position: &Position, last_move: Option<Cell>) -> Vec<Mark> {
        if !self.open {
            return Vec::new();
        }
        match self.tab {
            Tab::Evaluation => evaluation::marks(position),
            Tab::Symmetry => symmetry::marks(position),
            Tab::Pairing => self.why.marks(position, last_move),
            Tab::Grader => self.grader.marks(),
            Tab::Review | Tab::Practice | Tab::Compare | Tab::Tree => Vec::new(),
        }
    }
}

/// Where a cell's centre is on screen.
type CellCentre<'a> = &'a dyn Fn(Cell) -> Pos2;

/// What the open view lays over the board showing `position`, as a painter for
/// [`BoardView::overlay`]; `None` when there is nothing to draw.
#[must_use]
pub fn overlay(
    lab: &Lab,
    position: &Position,
    last_move: Option<Cell>,
) -> Option<impl Fn(&Painter, CellCentre<'_>, f32) + use<>> {
    let marks = lab.marks(position, last_move);
    if marks.is_empty() {
        return None;
    }
    Some(
        move |painter: &Painter, centre: CellCentre<'_>, edge: f32| {
            let dark = painter.ctx().global_style().visuals.dark_mode;
            marks::paint(&marks, painter, centre, edge, dark);
        },
    )
}

/// The board showing a lab view's preview: never clickable, with the view's marks over it
/// and black's `forbidden` cells (renju) crossed, in the game board's look and names
/// (`naming`).
pub fn preview_ui(
    ui: &mut Ui,
    lab: &Lab,
    preview: &Preview,
    forbidden: &[(Cell, Forbidden)],
    naming: Naming,
) {
    let paint = overlay(lab, &preview.position, preview.last_move);
    let overlay: Option<Overlay<'_>> = paint.as_ref().map(|p| p as Overlay<'_>);
    let _ = BoardView::new(&preview.position)
        .naming(naming)
        .last_move(preview.last_move)
        .forbidden(forbidden)
        .overlay(overlay)
        .ui(ui);
}
