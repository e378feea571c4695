//! One search recorded node by node: the tree the engine walked, as plain data.
//!
//! The tree is an arena: [`SearchTree::nodes`] holds every node entered, the root at index
//! 0, each with the index of its parent and of its children in the order they were searched.
//! [`SearchTree::steps`] is the visit order for a replay: a node's entry, and later the
//! moment its value was backed up to its parent.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;

use super::compare::{DepthChoice, DepthPlan, lab_table, plan_depth};
use super::{LabError, Method};
use crate::engine::{Bound, Exit, INFINITY, Limits, Recorder, Score, Searcher, WIN, WIN_BOUND};
use crate::rules::{Cell, Geometry, Position, Side};

/// The most nodes a recorded tree keeps unless told otherwise.
pub const DEFAULT_BUDGET: usize = 200_000;

/// A node's index in [`SearchTree::nodes`].
pub type NodeId = usize;

/// What to record.
#[derive(Clone, Debug)]
pub struct TreeRequest {
    pub position: Position,
    /// One of the single searches ([`Method::is_single_search`]).
    pub method: Method,
    /// [`DepthChoice::Auto`] searches to the end if plain minimax fits in the budget there.
    pub depth: DepthChoice,
    /// The most nodes to record; past it the search stops and the tree is cut short.
    pub budget: usize,
}

impl TreeRequest {
    /// `method` on `position`, depth chosen automatically, the default budget.
    #[must_use]
    pub fn new(position: Position, method: Method) -> TreeRequest {
        TreeRequest {
            position,
            method,
            depth: DepthChoice::Auto,
            budget: DEFAULT_BUDGET,
        }
    }
}

/// A score read for display. Scores are the side to move's at the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Worth {
    /// Above every score: the initial beta.
    PlusInfinity,
    /// Below every score: the initial alpha.
    MinusInfinity,
    /// A win for the side to move, the game ending at `ply` (counted from the searched
    /// position).
    Win { ply: u32 },
    /// A loss for the side to move, the game ending at `ply`.
    Loss { ply: u32 },
    /// A draw (0 at the end of the game) or the heuristic e(P) at a depth limit.
    Points { points: i32 },
}

impl Worth {
    /// How `score` reads.
    #[must_use]
    pub fn of(score: Score) -> Worth {
        if score >= INFINITY {
            Worth::PlusInfinity
        } else if score <= -INFINITY {
            Worth::MinusInfinity
        } else if score >= WIN_BOUND {
            Worth::Win {
                ply: (WIN - score) as u32,
            }
        } else if score <= -WIN_BOUND {
            Worth::Loss {
                ply: (WIN + score) as u32,
            }
        } else {
            Worth::Points { points: score }
        }
    }
}

impl fmt::Display for Worth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Worth::PlusInfinity => f.write_str("+inf"),
            Worth::MinusInfinity => f.write_str("-inf"),
            Worth::Win { ply } => write!(f, "win at ply {ply}"),
            Worth::Loss { ply } => write!(f, "loss at ply {ply}"),
            Worth::Points { points } => write!(f, "{points}"),
        }
    }
}

/// How a table entry bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableBound {
    /// The stored score is the value.
    Exact,
    /// The value is at least the score (it was a cut-off).
    Lower,
    /// The value is at most the score (no move raised alpha).
    Upper,
}

impl From<Bound> for TableBound {
    fn from(bound: Bound) -> TableBound {
        match bound {
            Bound::Exact => TableBound::Exact,
            Bound::Lower => TableBound::Lower,
            Bound::Upper => TableBound::Upper,
        }
    }
}

/// What the table knew about a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TableHit {
    pub bound: TableBound,
    /// The plies the stored result was searched to.
    pub depth: u32,
    pub score: Score,
}

/// How a node got its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum NodeEnd {
    /// Its moves were searched; the value is the best of them.
    Searched,
    /// The move into it won: the side to move has lost.
    Lost,
    /// The board is full: a draw.
    FullBoard,
    /// No line can be completed any more: a draw.
    DeadDraw,
    /// `side` can no longer win (by the potential, or a pairing strategy of its opponent).
    CannotWin { side: Side, pairing: bool },
    /// The depth limit: the value is the heuristic e(P).
    Horizon,
    /// The table's stored result settled it without search.
    Table,
    /// The side to move completes a line at once.
    WinsNow,
    /// The opponent threatens two lines: the side to move loses next.
    CannotBlock,
    /// Five in a row: the line patterns settled it.
    Patterns,
    /// The search stopped (budget or stop flag) before it had a value.
    Unfinished,
}

impl From<Exit> for NodeEnd {
    fn from(exit: Exit) -> NodeEnd {
        match exit {
            Exit::Aborted => NodeEnd::Unfinished,
            Exit::Lost => NodeEnd::Lost,
            Exit::FullBoard => NodeEnd::FullBoard,
            Exit::DeadDraw => NodeEnd::DeadDraw,
            Exit::CannotWin { side, pairing } => NodeEnd::CannotWin { side, pairing },
            Exit::Horizon => NodeEnd::Horizon,
            Exit::Table { .. } => NodeEnd::Table,
            Exit::WinsNow => NodeEnd::WinsNow,
            Exit::CannotBlock => NodeEnd::CannotBlock,
            Exit::Patterns => NodeEnd::Patterns,
            Exit::Searched => NodeEnd::Searched,
        }
    }
}

impl fmt::Display for NodeEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeEnd::Searched => f.write_str("searched"),
            NodeEnd::Lost => f.write_str("the game is won by the last move"),
            NodeEnd::FullBoard => f.write_str("the board is full: a draw"),
            NodeEnd::DeadDraw => f.write_str("no line can be completed: a draw"),
            NodeEnd::CannotWin { side, .. } => write!(f, "{side} can no longer win"),
            NodeEnd::Horizon => f.write_str("depth limit: heuristic value e(P)"),
            NodeEnd::Table => f.write_str("known from the transposition table"),
            NodeEnd::WinsNow => f.write_str("the side to move wins at once"),
            NodeEnd::CannotBlock => f.write_str("two threats: the side to move loses next"),
            NodeEnd::Patterns => f.write_str("settled by the line patterns"),
            NodeEnd::Unfinished => f.write_str("unfinished"),
        }
    }
}

/// An alpha-beta cut-off at a node: its move `cell` scored `value >= beta`, so the side
/// that moved into the node (the opponent of the side to move there) will not allow this
/// line, and the moves in `pruned` were never searched.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cutoff {
    /// The move that cut off.
    pub cell: Cell,
    pub value: Score,
    pub beta: Score,
    /// The side to move at the node.
    pub side: Side,
    /// The moves left unsearched, in board order.
    pub pruned: Vec<Cell>,
}

impl fmt::Display for Cutoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "value {} >= beta {}: {} will not allow this line",
            Worth::of(self.value),
            Worth::of(self.beta),
            self.side.other()
        )
    }
}

/// One node of a recorded search.
#[derive(Clone, Debug, Serialize)]
pub struct TreeNode {
    pub id: NodeId,
    pub parent: Option<NodeId>,
    /// The children searched, in the order they were searched.
    pub children: Vec<NodeId>,
    /// The move into this node (`None` at the root).
    pub cell: Option<Cell>,
    /// Plies from the root.
    pub ply: u32,
    /// Plies left to search below it.
    pub depth: u32,
    /// The side to move here.
    pub side: Side,
    /// The alpha-beta window on entry (plain minimax: always -inf, +inf).
    pub alpha: Score,
    pub beta: Score,
    /// The value it returned, from `side`'s point of view (`None`: unfinished). At a horizon
    /// leaf this is the heuristic e(P).
    pub value: Option<Score>,
    pub end: NodeEnd,
    /// Its best move, if it has one.
    pub best: Option<Cell>,
    /// The cut-off here, with the moves it left unsearched.
    pub cutoff: Option<Cutoff>,
    /// What the transposition table knew here.
    pub table: Option<TableHit>,
    /// Index in [`SearchTree::steps`] of its entry.
    pub entered: usize,
    /// Index in [`SearchTree::steps`] of its value's backing up (`None`: unfinished).
    pub backed_up: Option<usize>,
}

impl TreeNode {
    /// Whether its value was cut off early (an alpha-beta cut-off).
    #[must_use]
    pub fn is_cut(&self) -> bool {
        self.cutoff.is_some()
    }

    /// Its value from `side`'s point of view (for a minimax view, `Side::X`).
    #[must_use]
    pub fn value_for(&self, side: Side) -> Option<Score> {
        self.value.map(|v| if side == self.side { v } else { -v })
    }

    /// Its window from `side`'s point of view, as (lower, upper).
    #[must_use]
    pub fn window_for(&self, side: Side) -> (Score, Score) {
        if side == self.side {
            (self.alpha, self.beta)
        } else {
            (-self.beta, -self.alpha)
        }
    }
}

/// What happened at one step of the replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    /// The search entered the node.
    Enter,
    /// The node's value was backed up to its parent.
    BackUp,
}

/// One step of the visit order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TreeStep {
    pub node: NodeId,
    pub kind: StepKind,
}

/// A child that was never searched, and the cut-off at its parent that spared it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrunedChild<'a> {
    pub parent: NodeId,
    pub cell: Cell,
    pub reason: &'a Cutoff,
}

/// One recorded search.
#[derive(Clone, Debug, Serialize)]
pub struct SearchTree {
    pub method: Method,
    pub rule: String,
    /// The searched position in text notation.
    pub position: String,
    pub depth: DepthPlan,
    pub budget: usize,
    /// Every node entered, the root first.
    pub nodes: Vec<TreeNode>,
    /// The visit order: entries and backings-up.
    pub steps: Vec<TreeStep>,
    /// The root's value (`None` if the search did not finish).
    pub value: Option<Score>,
    pub best: Option<Cell>,
    /// The principal variation: from the root, each node's best move.
    pub pv: Vec<Cell>,
    /// The budget ran out before the search finished.
    pub cut_short: bool,
    /// The stop flag ended the search.
    pub cancelled: bool,
    pub cutoffs: u64,
    pub tt_hits: u64,
    /// Children never searched, over the whole tree.
    pub pruned: usize,
}

impl SearchTree {
    /// The root node.
    #[must_use]
    pub fn root(&self) -> &TreeNode {
        &self.nodes[0]
    }

    /// Whether the search finished with the whole tree recorded.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        !self.cut_short && !self.cancelled
    }

    /// The children of `id` never searched, each with the cut-off that spared it.
    #[must_use]
    pub fn pruned_children(&self, id: NodeId) -> Vec<PrunedChild<'_>> {
        self.nodes[id].cutoff.as_ref().map_or_else(Vec::new, |cut| {
            cut.pruned
                .iter()
                .map(|&cell| PrunedChild {
                    parent: id,
                    cell,
                    reason: cut,
                })
                .collect()
        })
    }

    /// The nodes along the principal variation, the root first.
    #[must_use]
    pub fn pv_nodes(&self) -> Vec<NodeId> {
        let mut line = vec![0];
        let mut at = 0;
        while let Some(best) = self.nodes[at].best {
            let Some(&child) = self.nodes[at]
                .children
                .iter()
                .rev()
                .find(|&&c| self.nodes[c].cell == Some(best))
            else {
                break;
            };
            line.push(child);
            at = child;
        }
        line
    }
}

/// A minimax and an alpha-beta recording of the same position, for showing side by side.
#[derive(Clone, Debug, Serialize)]
pub struct TreePair {
    pub minimax: SearchTree,
    pub alpha_beta: SearchTree,
}

/// What [`record_pair`] reports while it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeProgress {
    /// Recording this method has started.
    Started(Method),
    /// It has finished, with so many nodes.
    Finished { method: Method, nodes: usize },
}

/// Builds the tree as the searcher reports it.
struct TreeBuilder {
    geometry: Arc<Geometry>,
    root_side: Side,
    budget: usize,
    nodes: Vec<TreeNode>,
    steps: Vec<TreeStep>,
    stack: Vec<NodeId>,
    pending: Option<usize>,
}

impl Recorder for TreeBuilder {
    const ACTIVE: bool = true;

    fn is_full(&self) -> bool {
        self.nodes.len() >= self.budget
    }

    fn before_child(&mut self, cell: usize) {
        self.pending = Some(cell);
    }

    fn enter(&mut self, ply: u32, depth: u32, alpha: Score, beta: Score) {
        let id = self.nodes.len();
        let parent = self.stack.last().copied();
        let cell = self.pending.take().map(|i| self.geometry.cell(i));
        if let Some(p) = parent {
            self.nodes[p].children.push(id);
        }
        let side = if ply.is_multiple_of(2) {
            self.root_side
        } else {
            self.root_side.other()
        };
        self.steps.push(TreeStep {
            node: id,
            kind: StepKind::Enter,
        });
        self.nodes.push(TreeNode {
            id,
            parent,
            children: Vec::new(),
            cell,
            ply,
            depth,
            side,
            alpha,
            beta,
            value: None,
            end: NodeEnd::Unfinished,
            best: None,
            cutoff: None,
            table: None,
            entered: self.steps.len() - 1,
            backed_up: None,
        });
        self.stack.push(id);
    }

    fn table_hit(&mut self, bound: Bound, depth: u32, score: Score) {
        if let Some(&id) = self.stack.last() {
            self.nodes[id].table = Some(TableHit {
                bound: bound.into(),
                depth,
                score,
            });
        }
    }

    fn cutoff(&mut self, cell: usize, value: Score, beta: Score, unsearched: &[usize]) {
        if let Some(&id) = self.stack.last() {
            let mut pruned: Vec<usize> = unsearched.to_vec();
            pruned.sort_unstable();
            let node = &mut self.nodes[id];
            node.cutoff = Some(Cutoff {
                cell: self.geometry.cell(cell),
                value,
                beta,
                side: node.side,
                pruned: pruned.into_iter().map(|i| self.geometry.cell(i)).collect(),
            });
        }
    }

    fn leave(&mut self, score: Score, exit: Exit, best: Option<usize>) {
        let Some(id) = self.stack.pop() else {
            return;
        };
        let end = NodeEnd::from(exit);
        let node = &mut self.nodes[id];
        node.end = end;
        if end != NodeEnd::Unfinished {
            node.value = Some(score);
            node.best = best.map(|i| self.geometry.cell(i));
            self.steps.push(TreeStep {
                node: id,
                kind: StepKind::BackUp,
            });
            node.backed_up = Some(self.steps.len() - 1);
        }
    }
}

/// Records one search of `request.position` by `request.method` (a single search). The
/// search stops when the budget is full (the tree is then cut short) or `stop` is set.
pub fn record(request: &TreeRequest, stop: &AtomicBool) -> Result<SearchTree, LabError> {
    let Some(features) = request.method.features() else {
        return Err(LabError::NotRecordable(request.method));
    };
    if request.budget == 0 {
        return Err(LabError::NoNodes);
    }
    let position = &request.position;
    let plan = plan_depth(position, request.depth, request.budget as u64)?;
    let table = lab_table(position.rule(), features.table);
    let builder = TreeBuilder {
        geometry: position.geometry().clone(),
        root_side: position.side_to_move(),
        budget: request.budget,
        nodes: Vec::new(),
        steps: Vec::new(),
        stack: Vec::new(),
        pending: None,
    };
    let limits = Limits {
        depth: Some(plan.plies),
        ..Limits::default()
    };
    let mut s = Searcher::recording(position, &table, features, &limits, stop, 0, builder);
    let (score, best) = s.root(plan.plies, 0);
    let finished = !s.aborted;
    let cancelled = !finished && stop.load(Ordering::Relaxed);
    let cut_short = !finished && !cancelled;
    let (cutoffs, tt_hits) = (s.stats.cutoffs, s.stats.tt_hits);
    let builder = s.recorder;
    let pruned = builder
        .nodes
        .iter()
        .filter_map(|n| n.cutoff.as_ref())
        .map(|c| c.pruned.len())
        .sum();
    let mut tree = SearchTree {
        method: request.method,
        rule: position.rule().to_string(),
        position: position.to_notation(),
        depth: plan,
        budget: request.budget,
        nodes: builder.nodes,
        steps: builder.steps,
        value: finished.then_some(score),
        best: best
            .filter(|_| finished)
            .map(|i| position.geometry().cell(i)),
        pv: Vec::new(),
        cut_short,
        cancelled,
        cutoffs,
        tt_hits,
        pruned,
    };
    if finished {
        tree.pv = principal_variation(&tree);
    }
    Ok(tree)
}

/// The best moves from the root down, through the recorded nodes (the last may be a move a
/// node chose without searching it, such as an immediate win).
fn principal_variation(tree: &SearchTree) -> Vec<Cell> {
    let nodes = tree.pv_nodes();
    let mut line: Vec<Cell> = nodes.iter().filter_map(|&id| tree.nodes[id].cell).collect();
    let last = &tree.nodes[nodes[nodes.len() - 1]];
    if let Some(best) = last.best
        && !last
            .children
            .iter()
            .any(|&c| tree.nodes[c].cell == Some(best))
    {
        line.push(best);
    }
    line
}

/// Records plain minimax and alpha-beta (board order) on the same position to the same
/// depth, for showing side by side; `progress` hears of each start and finish.
pub fn record_pair(
    position: &Position,
    depth: DepthChoice,
    budget: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(TreeProgress),
) -> Result<TreePair, LabError> {
    let plan = plan_depth(position, depth, budget.max(1) as u64)?;
    let mut one = |method| -> Result<SearchTree, LabError> {
        progress(TreeProgress::Started(method));
        let request = TreeRequest {
            position: position.clone(),
            method,
            depth: DepthChoice::Plies(plan.plies),
            budget,
        };
        let mut tree = record(&request, stop)?;
        tree.depth = plan;
        progress(TreeProgress::Finished {
            method,
            nodes: tree.nodes.len(),
        });
        Ok(tree)
    };
    let minimax = one(Method::Minimax)?;
    let alpha_beta = one(Method::AlphaBeta)?;
    Ok(TreePair {
        minimax,
        alpha_beta,
    })
}
