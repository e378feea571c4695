//! The search tree of the position on the board, recorded node by node as plain minimax and
//! as alpha-beta walked it, side by side: expand and collapse nodes, the children alpha-beta
//! never searched greyed with the reason, the principal variation highlighted, the leaves at
//! the depth limit showing e(P). Selecting a node previews its position on the board (never
//! played). A replay steps through the visit order: nodes appear as they are entered, values
//! back up, and the windows of later siblings narrow.
//!
//! Values and windows are shown from the view of the side to move at the root.

use egui::{CollapsingHeader, Color32, RichText, Ui};

use crate::engine::{Score, WIN, WIN_BOUND};
use crate::game::{Driver, Pending};
use crate::gui::naming::Naming;
use crate::lab::{
    DEFAULT_BUDGET, DepthChoice, DepthReason, LabUpdate, Method, NodeEnd, NodeId, SearchTree,
    StepKind, TreePair, TreePairRequest, TreeProgress, TreesUpdate,
};
use crate::rules::{Cell, Position, Side};
use crate::t;

use super::compare::{count, method_name};
use super::steps::step_buttons;

/// Which of the two trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Which {
    Minimax,
    AlphaBeta,
}

/// What the recording of one position found, while it runs and once it is done, and what
/// of it is shown.
struct RecordingRun {
    /// The side to move in the position recorded, whose view the values take.
    root: Side,
    running: Option<Method>,
    /// The two trees, or what went wrong.
    pair: Option<Result<TreePair, String>>,
    selected: Option<(Which, NodeId)>,
    /// The tree being replayed and the step shown (`None`: the whole tree).
    replaying: Which,
    step: Option<usize>,
}

impl RecordingRun {
    /// Takes in one of the recording's updates.
    fn take(&mut self, update: TreesUpdate) {
        match update {
            LabUpdate::Progress(TreeProgress::Started(method)) => self.running = Some(method),
            LabUpdate::Progress(TreeProgress::Finished { .. }) => self.running = None,
            LabUpdate::Done(found) => {
                self.running = None;
                self.pair = Some(found.map(|pair| *pair).map_err(|e| e.to_string()));
            }
            LabUpdate::Failed(message) => {
                self.running = None;
                self.pair = Some(Err(message));
            }
        }
    }

    fn tree(&self, which: Which) -> Option<&SearchTree> {
        let pair = self.pair.as_ref()?.as_ref().ok()?;
        Some(match which {
            Which::Minimax => &pair.minimax,
            Which::AlphaBeta => &pair.alpha_beta,
        })
    }
}

/// The tree view.
pub struct TreeView {
    driver: Driver,
    /// The recording of the position it was asked for.
    run: Pending<Position, TreesUpdate, RecordingRun>,
}

impl TreeView {
    /// The tree view, recording on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> TreeView {
        TreeView {
            driver,
            run: Pending::default(),
        }
    }

    /// Stops the recording running.
    pub fn stop(&mut self) {
        self.run.stop();
        if let Some(run) = self.run.asked_mut() {
            run.running = None;
        }
    }

    /// Stops the recording and drops it, trees and all: a closed lab keeps no trees (two
    /// of up to [`DEFAULT_BUDGET`] nodes, tens of megabytes).
    pub fn close(&mut self) {
        self.run.forget();
    }

    /// Takes in what the recording of the position on the board sent; one of another
    /// position forgets itself (and stops).
    pub fn poll(&mut self, position: &Position) {
        while let Some((update, run)) = self.run.next(position) {
            run.take(update);
        }
        if !self.run.is_running()
            && let Some(run) = self.run.asked_mut()
        {
            // Done, or ended without a word: nothing more will come.
            run.running = None;
        }
    }

    fn start(&mut self, position: &Position, depth: Option<u32>) {
        // The difficulty's depth limit when it stops short of the end of the game; otherwise
        // to the end if that fits the budget, else as deep as fits.
        let choice = match depth {
            Some(plies) if (plies as usize) < position.empty_count() => DepthChoice::Plies(plies),
            _ => DepthChoice::Auto,
        };
        let ticket = self.driver.request(TreePairRequest {
            position: position.clone(),
            depth: choice,
            budget: DEFAULT_BUDGET,
        });
        let run = RecordingRun {
            root: position.side_to_move(),
            running: None,
            pair: None,
            selected: None,
            replaying: Which::AlphaBeta,
            step: None,
        };
        self.run.ask(position.clone(), ticket, run);
    }

    /// The selected node's position, to preview on the board.
    #[must_use]
    pub fn preview(&self) -> Option<(Position, Option<Cell>)> {
        let (recorded, run) = self.run.asked()?;
        let (which, id) = run.selected?;
        let tree = run.tree(which)?;
        let path = path_to(tree, id);
        let mut position = recorded.clone();
        for &cell in &path {
            position.play(cell).ok()?;
        }
        Some((position, path.last().copied()))
    }

    /// `depth`: the computer's depth limit (the difficulty), if it has one; sides and moves
    /// named as `naming` says.
    pub fn ui(&mut self, ui: &mut Ui, position: &Position, depth: Option<u32>, naming: Naming) {
        ui.label(RichText::new(t!("lab-tree-intro")).weak());
        ui.add_space(4.0);
        let running = self.run.is_running();
        if position.is_over() && !self.run.is_for(position) {
            ui.label(t!("lab-game-over"));
            return;
        }
        ui.horizontal(|ui| {
            if !position.is_over()
                && ui
                    .add_enabled(!running, egui::Button::new(t!("lab-tree-start")))
                    .clicked()
            {
                self.start(position, depth);
            }
            if running && ui.button(t!("lab-stop")).clicked() {
                self.stop();
            }
        });
        let Some(run) = self.run.kept_mut(position) else {
            return;
        };
        if let Some(method) = run.running {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t!("lab-tree-recording", method = method_name(method)));
            });
        }
        match &run.pair {
            None => {}
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e.as_str());
            }
            Some(Ok(pair)) => {
                let plan = pair.alpha_beta.depth;
                let depth_text = match plan.reason {
                    DepthReason::TooLarge { .. } => {
                        t!("lab-tree-depth-budget", plies = plan.plies)
                    }
                    _ if plan.to_end => t!("lab-compare-depth-end", plies = plan.plies),
                    _ => t!("lab-compare-depth-asked", plies = plan.plies),
                };
                ui.label(depth_text);
                let side = run.root;
                ui.label(RichText::new(t!("lab-tree-view", side = naming.side(side))).weak());
                replay_ui(ui, run, naming);
                ui.separator();
                trees_ui(ui, run, naming);
            }
        }
    }
}

/// The moves from the root to node `id`.
fn path_to(tree: &SearchTree, id: NodeId) -> Vec<Cell> {
    let mut path = Vec::new();
    let mut at = Some(id);
    while let Some(node) = at.map(|i| &tree.nodes[i]) {
        if let Some(cell) = node.cell {
            path.push(cell);
        }
        at = node.parent;
    }
    path.reverse();
    path
}

/// A score as the view writes it: infinities, wins and losses at a ply, or points.
fn worth(score: Score) -> String {
    if score > WIN {
        "+inf".to_string()
    } else if score < -WIN {
        "-inf".to_string()
    } else if score >= WIN_BOUND {
        t!("lab-tree-win", ply = WIN - score)
    } else if score <= -WIN_BOUND {
        t!("lab-tree-loss", ply = WIN + score)
    } else {
        score.to_string()
    }
}

fn replay_ui(ui: &mut Ui, run: &mut RecordingRun, naming: Naming) {
    ui.horizontal(|ui| {
        ui.label(t!("lab-tree-replay"));
        for (which, name) in [
            (Which::Minimax, method_name(Method::Minimax)),
            (Which::AlphaBeta, method_name(Method::AlphaBeta)),
        ] {
            if ui.selectable_label(run.replaying == which, name).clicked() {
                run.replaying = which;
                run.step = None;
            }
        }
    });
    let Some(last) = run
        .tree(run.replaying)
        .map(|t| t.steps.len().saturating_sub(1))
    else {
        return;
    };
    let mut step = run.step.unwrap_or(last);
    step_buttons(ui, &mut step, last);
    ui.add(egui::Slider::new(&mut step, 0..=last).show_value(false));
    let before = run.step;
    run.step = (step < last).then_some(step);
    if run.step != before
        && let Some(tree) = run.tree(run.replaying)
    {
        // The board follows the replay, as it follows a node clicked in the tree.
        run.selected = Some((run.replaying, tree.steps[step].node));
    }
    if let Some(tree) = run.tree(run.replaying) {
        let at = tree.steps[step];
        let node = &tree.nodes[at.node];
        let side = run.root;
        let name = node_name(tree, at.node, naming);
        let text = match at.kind {
            StepKind::Enter => {
                let (lo, hi) = node.window_for(side);
                t!(
                    "lab-tree-step-enter",
                    step = step + 1,
                    all = last + 1,
                    node = name,
                    alpha = worth(lo),
                    beta = worth(hi)
                )
            }
            StepKind::BackUp => t!(
                "lab-tree-step-backup",
                step = step + 1,
                all = last + 1,
                node = name,
                value = node.value_for(side).map_or_else(String::new, worth)
            ),
        };
        ui.label(RichText::new(text).strong());
    }
}

/// "X 2,2" for a node (the move into it), or "root".
fn node_name(tree: &SearchTree, id: NodeId, naming: Naming) -> String {
    let node = &tree.nodes[id];
    match node.cell {
        Some(cell) => naming.move_short(node.side.other(), cell),
        None => t!("lab-tree-root"),
    }
}

fn trees_ui(ui: &mut Ui, run: &mut RecordingRun, naming: Naming) {
    let mut selected = run.selected;
    // Alpha-beta's rows carry the window too: it gets the wider column.
    let total = ui.available_width();
    ui.horizontal_top(|ui| {
        for (which, share) in [(Which::Minimax, 0.36), (Which::AlphaBeta, 0.64)] {
            let Some(tree) = run.tree(which) else {
                continue;
            };
            let width = total * share - ui.spacing().item_spacing.x;
            let step = (run.replaying == which).then_some(run.step).flatten();
            let mut view = Drawing {
                tree,
                which,
                root_side: run.root,
                step,
                pv: tree.pv_nodes(),
                current: step.map(|s| tree.steps[s].node),
                selected: &mut selected,
                naming,
            };
            ui.allocate_ui_with_layout(
                egui::vec2(width, 0.0),
                egui::Layout::top_down(egui::Align::Min),
                |column| {
                    column.set_width(width);
                    view.header_ui(column);
                    view.node_ui(column, 0);
                },
            );
        }
    });
    run.selected = selected;
}

/// What drawing one tree needs.
struct Drawing<'a> {
    tree: &'a SearchTree,
    which: Which,
    root_side: Side,
    /// The replay step shown, if replaying this tree.
    step: Option<usize>,
    pv: Vec<NodeId>,
    current: Option<NodeId>,
    selected: &'a mut Option<(Which, NodeId)>,
    naming: Naming,
}

impl Drawing<'_> {
    fn header_ui(&self, ui: &mut Ui) {
        let tree = self.tree;
        ui.label(RichText::new(method_name(tree.method)).strong());
        ui.label(t!(
            "lab-tree-summary",
            nodes = count(tree.nodes.len() as u64),
            cutoffs = count(tree.cutoffs),
            pruned = count(tree.pruned as u64)
        ));
        if tree.cut_short {
            ui.label(
                RichText::new(t!("lab-tree-cut-short", budget = count(tree.budget as u64)))
                    .color(ui.visuals().warn_fg_color),
            );
        }
    }

    fn visible(&self, id: NodeId) -> bool {
        self.step.is_none_or(|s| self.tree.nodes[id].entered <= s)
    }

    fn backed_up(&self, id: NodeId) -> bool {
        let node = &self.tree.nodes[id];
        node.backed_up
            .is_some_and(|b| self.step.is_none_or(|s| b <= s))
    }

    /// Whether `id` lies on the path to the node the replay is at.
    fn leads_to_current(&self, id: NodeId) -> bool {
        let mut at = self.current;
        while let Some(n) = at {
            if n == id {
                return true;
            }
            at = self.tree.nodes[n].parent;
        }
        false
    }

    fn text(&self, id: NodeId) -> String {
        let node = &self.tree.nodes[id];
        let name = node_name(self.tree, id, self.naming);
        let (lo, hi) = node.window_for(self.root_side);
        let value = if self.backed_up(id) {
            match (node.end, node.value_for(self.root_side)) {
                (NodeEnd::Horizon, Some(v)) => t!("lab-tree-horizon", value = v),
                (_, Some(v)) => worth(v),
                (_, None) => "?".to_string(),
            }
        } else {
            "?".to_string()
        };
        // Plain minimax searches every node with the full window: only alpha-beta shows it.
        let mut text = if self.which == Which::Minimax {
            t!("lab-tree-node-minimax", node = name, value = value)
        } else {
            t!(
                "lab-tree-node",
                node = name,
                value = value,
                alpha = worth(lo),
                beta = worth(hi)
            )
        };
        if node.is_cut() && self.backed_up(id) {
            text.push_str(&t!("lab-tree-cut-mark"));
        }
        if node.table.is_some() {
            text.push_str(&t!("lab-tree-table-mark"));
        }
        text
    }

    /// How the node got its value, for its tooltip.
    fn details(&self, id: NodeId) -> String {
        let node = &self.tree.nodes[id];
        let mut lines = vec![end_words(node.end, self.naming)];
        if let Some(hit) = node.table {
            lines.push(t!(
                "lab-tree-table-hit",
                depth = hit.depth,
                value = worth(hit.score)
            ));
        }
        if let Some(cut) = &node.cutoff {
            lines.push(t!(
                "lab-tree-cut-reason",
                value = worth(cut.value),
                beta = worth(cut.beta),
                side = self.naming.side(cut.side.other())
            ));
        }
        lines.join("\n")
    }

    fn rich(&self, ui: &Ui, id: NodeId) -> RichText {
        let mut text = RichText::new(self.text(id));
        if self.current == Some(id) {
            text = text
                .background_color(ui.visuals().selection.bg_fill)
                .strong();
        } else if self.step.is_none() && self.pv.contains(&id) {
            text = text.color(Color32::from_rgb(0x2e, 0x9d, 0x44)).strong();
        }
        text
    }

    fn node_ui(&mut self, ui: &mut Ui, id: NodeId) {
        if !self.visible(id) {
            return;
        }
        let node = &self.tree.nodes[id];
        let is_selected = *self.selected == Some((self.which, id));
        let has_more = !node.children.is_empty() || node.cutoff.is_some();
        if !has_more {
            let text = self.rich(ui, id);
            if ui
                .add(egui::Button::selectable(is_selected, text).wrap())
                .on_hover_text(self.details(id))
                .clicked()
            {
                *self.selected = Some((self.which, id));
            }
            return;
        }
        let mut header = CollapsingHeader::new(self.rich(ui, id))
            .id_salt(("lab-tree", self.which as u8, id))
            .default_open(id == 0);
        if self.step.is_some() && self.leads_to_current(id) {
            header = header.open(Some(true));
        }
        let response = header.show(ui, |ui| {
            let children = node.children.clone();
            for child in children {
                self.node_ui(ui, child);
            }
            if self.backed_up(id) {
                self.pruned_ui(ui, id);
            }
        });
        let header_response = response.header_response.on_hover_text(self.details(id));
        if header_response.clicked() {
            *self.selected = Some((self.which, id));
        }
        if is_selected {
            header_response.highlight();
        }
    }

    fn pruned_ui(&self, ui: &mut Ui, id: NodeId) {
        for pruned in self.tree.pruned_children(id) {
            let cut = pruned.reason;
            let mover = cut.side;
            let reason = t!(
                "lab-tree-cut-reason",
                value = worth(cut.value),
                beta = worth(cut.beta),
                side = self.naming.side(cut.side.other())
            );
            let text = t!(
                "lab-tree-pruned",
                node = self.naming.move_short(mover, pruned.cell),
                reason = reason
            );
            ui.label(
                RichText::new(text)
                    .color(ui.visuals().weak_text_color())
                    .italics(),
            );
        }
    }
}

/// How a node got its value, in the window's language.
fn end_words(end: NodeEnd, naming: Naming) -> String {
    match end {
        NodeEnd::Searched => t!("lab-end-searched"),
        NodeEnd::Lost => t!("lab-end-lost"),
        NodeEnd::FullBoard => t!("lab-end-full-board"),
        NodeEnd::DeadDraw => t!("lab-end-dead-draw"),
        NodeEnd::CannotWin { side, .. } => t!("lab-end-cannot-win", side = naming.side(side)),
        NodeEnd::Horizon => t!("lab-end-horizon"),
        NodeEnd::Table => t!("lab-end-table"),
        NodeEnd::WinsNow => t!("lab-end-wins-now"),
        NodeEnd::CannotBlock => t!("lab-end-cannot-block"),
        NodeEnd::Patterns => t!("lab-end-patterns"),
        NodeEnd::Unfinished => t!("lab-end-unfinished"),
    }
}
