//! The learners' lab's recorded search trees: the recorded minimax tree is the whole game
//! tree, the alpha-beta tree finds the same value with fewer nodes, every cut-off names the
//! children it spared and why, horizon leaves carry e(P), and the budget cuts a tree short
//! and says so. The driver records the pair as the window asks for it.

use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tictactoe::game::{Driver, DriverConfig, Ticket};
use tictactoe::lab::{
    self, DepthChoice, LabError, LabUpdate, Method, NodeEnd, SearchTree, StepKind, TreePairRequest,
    TreeProgress, TreeRequest, TreesUpdate,
};
use tictactoe::rules::{Cell, Position, Rule, Side};

use crate::support::boards;

use boards::{CORNER_AND_EDGE, EMPTY, X_WON_TOP_ROW};

/// X to move, and X wins (an edge reply to the corner loses for O).
const WON: &str = CORNER_AND_EDGE;

/// The 3x3 position of a diagram or of its notation.
fn position(diagram: &str) -> Position {
    boards::tic_tac_toe(diagram)
}

fn record(text: &str, method: Method, depth: DepthChoice) -> SearchTree {
    let request = TreeRequest {
        depth,
        ..TreeRequest::new(position(text), method)
    };
    lab::record(&request, &AtomicBool::new(false)).unwrap()
}

/// Nodes of the full game tree below `position`, itself included (brute force over the
/// rules).
fn tree_nodes(position: &mut Position) -> usize {
    if position.is_over() {
        return 1;
    }
    let moves: Vec<usize> = position.empty_indices().collect();
    let mut total = 1;
    for m in moves {
        position.make(m);
        total += tree_nodes(position);
        position.unmake(m);
    }
    total
}

/// The position at `id`: the root with the moves on the path to it played.
fn position_at(tree: &SearchTree, root: &Position, id: usize) -> Position {
    let mut path = Vec::new();
    let mut at = id;
    while let Some(parent) = tree.nodes[at].parent {
        path.push(tree.nodes[at].cell.unwrap());
        at = parent;
    }
    let mut p = root.clone();
    for &cell in path.iter().rev() {
        p.play(cell).unwrap();
    }
    p
}

/// The course's e(P) on 3x3, computed from the lines: lines still open for the side to
/// move minus lines still open for the opponent.
fn course_heuristic(p: &Position) -> i32 {
    let lines: [[(usize, usize); 3]; 8] = [
        [(0, 0), (0, 1), (0, 2)],
        [(1, 0), (1, 1), (1, 2)],
        [(2, 0), (2, 1), (2, 2)],
        [(0, 0), (1, 0), (2, 0)],
        [(0, 1), (1, 1), (2, 1)],
        [(0, 2), (1, 2), (2, 2)],
        [(0, 0), (1, 1), (2, 2)],
        [(0, 2), (1, 1), (2, 0)],
    ];
    let me = p.side_to_move();
    let open = |side: Side| {
        lines
            .iter()
            .filter(|line| {
                line.iter()
                    .all(|&(r, c)| p.get(Cell::new(r, c)) != Some(side.other()))
            })
            .count() as i32
    };
    open(me) - open(me.other())
}

#[test]
fn the_recorded_minimax_tree_is_the_whole_game_tree() {
    let tree = record(WON, Method::Minimax, DepthChoice::Auto);
    assert!(tree.is_complete());
    assert!(tree.depth.to_end);
    assert_eq!(tree.nodes.len(), tree_nodes(&mut position(WON)));
    // The comparison's minimax counts the same nodes.
    let stop = AtomicBool::new(false);
    let request = lab::CompareRequest {
        methods: vec![Method::Minimax],
        ..lab::CompareRequest::new(position(WON))
    };
    let comparison = lab::compare(&request, &stop, &mut |_| {}).unwrap();
    assert_eq!(comparison.results[0].nodes, tree.nodes.len() as u64);
    // Every node is entered once and backed up once; children point back at their parent.
    assert_eq!(tree.steps.len(), 2 * tree.nodes.len());
    assert_eq!(tree.steps[0].node, 0);
    assert_eq!(tree.steps[0].kind, StepKind::Enter);
    assert_eq!(tree.steps.last().unwrap().node, 0);
    assert_eq!(tree.steps.last().unwrap().kind, StepKind::BackUp);
    for node in &tree.nodes {
        assert_eq!(tree.steps[node.entered].node, node.id);
        let up = node.backed_up.unwrap();
        assert!(up > node.entered);
        assert_eq!(tree.steps[up].kind, StepKind::BackUp);
        for &child in &node.children {
            assert_eq!(tree.nodes[child].parent, Some(node.id));
            assert_eq!(tree.nodes[child].ply, node.ply + 1);
            assert!(tree.nodes[child].entered > node.entered);
        }
        // Plain minimax never narrows the window and never cuts off.
        assert_eq!(node.alpha, -node.beta);
        assert!(node.cutoff.is_none());
        // Negamax: a searched node is worth the best of its children, negated.
        if node.end == NodeEnd::Searched {
            let best = node
                .children
                .iter()
                .map(|&c| -tree.nodes[c].value.unwrap())
                .max();
            assert_eq!(node.value, best);
        }
    }
    assert_eq!(tree.pruned, 0);
}

#[test]
fn alpha_beta_finds_the_minimax_value_with_fewer_nodes() {
    let minimax = record(WON, Method::Minimax, DepthChoice::Auto);
    let alpha_beta = record(WON, Method::AlphaBeta, DepthChoice::Auto);
    assert!(alpha_beta.is_complete());
    assert_eq!(alpha_beta.value, minimax.value);
    assert!(alpha_beta.value.unwrap() > 0, "X wins here");
    assert!(alpha_beta.nodes.len() < minimax.nodes.len());
    assert!(alpha_beta.cutoffs > 0 && alpha_beta.pruned > 0);
    // Every method that can be recorded agrees.
    for method in [Method::Ordering, Method::Table, Method::Symmetry] {
        let tree = record(WON, method, DepthChoice::Auto);
        assert_eq!(tree.value, minimax.value, "{method:?}");
    }
    // The principal variation plays out to X's win, as fast as the value says.
    let mut p = position(WON);
    for &cell in &alpha_beta.pv {
        p.play(cell).unwrap();
    }
    assert_eq!(p.winner(), Some(Side::X));
    assert_eq!(alpha_beta.pv.first().copied(), alpha_beta.best);
    let plies = 1_000_000 - alpha_beta.value.unwrap();
    assert_eq!(alpha_beta.pv.len() as i32, plies);
    assert_eq!(alpha_beta.pv_nodes()[0], 0);
}

#[test]
fn a_pruned_child_carries_the_cutoff_at_its_parent() {
    let root = position(WON);
    let tree = record(WON, Method::AlphaBeta, DepthChoice::Auto);
    let mut checked = 0;
    for node in tree.nodes.iter().filter(|n| n.cutoff.is_some()) {
        let cut = node.cutoff.as_ref().unwrap();
        // The cut-off is the fail-high of the last child searched.
        assert!(cut.value >= cut.beta);
        assert_eq!(cut.beta, node.beta);
        assert_eq!(cut.side, node.side);
        let last = *node.children.last().unwrap();
        assert_eq!(tree.nodes[last].cell, Some(cut.cell));
        assert_eq!(-tree.nodes[last].value.unwrap(), cut.value);
        assert_eq!(node.value, Some(cut.value));
        // Searched and pruned children are the node's legal moves, each once.
        let searched: BTreeSet<Cell> = node
            .children
            .iter()
            .map(|&c| tree.nodes[c].cell.unwrap())
            .collect();
        // (A cut-off by the last move spares nothing.)
        let pruned: BTreeSet<Cell> = cut.pruned.iter().copied().collect();
        assert!(searched.is_disjoint(&pruned));
        let legal: BTreeSet<Cell> = position_at(&tree, &root, node.id)
            .legal_moves()
            .into_iter()
            .collect();
        assert_eq!(&searched | &pruned, legal);
        // Each pruned child names that cut-off as its reason.
        let spared = tree.pruned_children(node.id);
        assert_eq!(spared.len(), pruned.len());
        for child in spared {
            assert_eq!(child.parent, node.id);
            assert_eq!(child.reason, cut);
            let reason = child.reason.to_string();
            assert!(reason.starts_with("value "), "{reason}");
            assert!(
                reason.ends_with(&format!("{} will not allow this line", node.side.other())),
                "{reason}"
            );
        }
        checked += 1;
    }
    assert_eq!(checked as u64, tree.cutoffs);
    assert!(tree.pruned > 0);
    // A window that is not the full one shows in the reason as numbers.
    let narrow = tree
        .nodes
        .iter()
        .filter_map(|n| n.cutoff.as_ref())
        .find(|c| c.beta.abs() < 1000)
        .expect("a cut-off against a draw or heuristic bound");
    assert!(
        narrow
            .to_string()
            .contains(&format!(">= beta {}", narrow.beta))
    );
}

#[test]
fn horizon_leaves_carry_the_heuristic_value() {
    let root = Position::new(Rule::default());
    let request = TreeRequest {
        depth: DepthChoice::Plies(2),
        ..TreeRequest::new(root.clone(), Method::Minimax)
    };
    let tree = lab::record(&request, &AtomicBool::new(false)).unwrap();
    assert!(!tree.depth.to_end);
    assert_eq!(tree.nodes.len(), 1 + 9 + 9 * 8);
    let leaves: Vec<_> = tree
        .nodes
        .iter()
        .filter(|n| n.end == NodeEnd::Horizon)
        .collect();
    assert_eq!(leaves.len(), 72);
    for leaf in leaves {
        assert_eq!(leaf.depth, 0);
        let p = position_at(&tree, &root, leaf.id);
        assert_eq!(
            leaf.value,
            Some(course_heuristic(&p)),
            "{}",
            p.to_notation()
        );
    }
    // X's best first move by e(P) two plies deep is the centre.
    assert_eq!(tree.best, Some(Cell::new(1, 1)));
}

#[test]
fn the_budget_cuts_a_tree_short_and_says_so() {
    let request = TreeRequest {
        budget: 1_000,
        depth: DepthChoice::ToEnd,
        ..TreeRequest::new(Position::new(Rule::default()), Method::Minimax)
    };
    let tree = lab::record(&request, &AtomicBool::new(false)).unwrap();
    assert!(tree.cut_short);
    assert!(!tree.cancelled && !tree.is_complete());
    assert_eq!(tree.nodes.len(), 1_000);
    assert_eq!(tree.value, None);
    assert!(tree.pv.is_empty());
    // The nodes left open when the budget ran out are unfinished, the rest have values.
    assert_eq!(tree.root().end, NodeEnd::Unfinished);
    assert!(tree.nodes.iter().any(|n| n.value.is_some()));
    for node in &tree.nodes {
        assert_eq!(node.value.is_none(), node.end == NodeEnd::Unfinished);
    }
    // Left to choose, the depth is one whose minimax tree fits the budget.
    let request = TreeRequest {
        budget: 1_000,
        ..TreeRequest::new(Position::new(Rule::default()), Method::Minimax)
    };
    let tree = lab::record(&request, &AtomicBool::new(false)).unwrap();
    assert!(tree.is_complete() && !tree.depth.to_end);
    assert!(tree.nodes.len() <= 1_000);
    // The default budget holds the whole 3x3 alpha-beta tree (not the minimax one).
    let tree = record(EMPTY, Method::AlphaBeta, DepthChoice::ToEnd);
    assert!(tree.is_complete());
    assert_eq!(tree.value, Some(0));
}

#[test]
fn a_stopped_recording_says_it_was_cancelled() {
    let request = TreeRequest::new(position(WON), Method::Minimax);
    let tree = lab::record(&request, &AtomicBool::new(true)).unwrap();
    assert!(tree.cancelled && !tree.cut_short);
    assert_eq!(tree.value, None);
}

#[test]
fn the_pair_records_minimax_and_alpha_beta_to_the_same_depth() {
    let mut seen = Vec::new();
    let pair = lab::record_pair(
        &position(WON),
        DepthChoice::Auto,
        lab::DEFAULT_BUDGET,
        &AtomicBool::new(false),
        &mut |p| seen.push(p),
    )
    .unwrap();
    assert_eq!(pair.minimax.method, Method::Minimax);
    assert_eq!(pair.alpha_beta.method, Method::AlphaBeta);
    assert_eq!(pair.minimax.depth, pair.alpha_beta.depth);
    assert_eq!(pair.minimax.value, pair.alpha_beta.value);
    assert_eq!(seen.len(), 4);
    assert_eq!(seen[0], TreeProgress::Started(Method::Minimax));
    assert_eq!(
        seen[3],
        TreeProgress::Finished {
            method: Method::AlphaBeta,
            nodes: pair.alpha_beta.nodes.len()
        }
    );
}

fn record_trees(d: &Driver, position: &Position, budget: usize) -> Ticket<TreesUpdate> {
    d.request(TreePairRequest {
        position: position.clone(),
        depth: DepthChoice::Auto,
        budget,
    })
}

/// The next update, waited for at most two minutes; `None` once the recording has ended.
fn next(ticket: &mut Ticket<TreesUpdate>) -> Option<TreesUpdate> {
    ticket
        .next_timeout(Duration::from_secs(120))
        .expect("the driver answers within the bound")
}

#[test]
fn the_driver_records_the_pair_with_progress_on_its_ticket() {
    let d = Driver::new(DriverConfig::default(), || {});
    let mut ticket = record_trees(&d, &position(WON), 50_000);
    let mut seen = Vec::new();
    let pair = loop {
        match next(&mut ticket).expect("the recording ends with the trees") {
            LabUpdate::Progress(p) => seen.push(p),
            LabUpdate::Done(found) => break found.unwrap(),
            other => panic!("unexpected {other:?}"),
        }
    };
    assert_eq!(seen.len(), 4);
    assert_eq!(seen[0], TreeProgress::Started(Method::Minimax));
    let direct = lab::record_pair(
        &position(WON),
        DepthChoice::Auto,
        50_000,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(pair.alpha_beta.value, direct.alpha_beta.value);
    assert_eq!(pair.alpha_beta.nodes.len(), direct.alpha_beta.nodes.len());
    assert!(ticket.next().is_none(), "the trees are the last update");

    // A recording for a position no longer on the board is dropped with its ticket, and a
    // stopped one sends nothing more.
    drop(record_trees(&d, &position(WON), 50_000));
    let mut ticket = record_trees(
        &d,
        &Position::new(Rule::new(4, 4, 4, false).unwrap()),
        200_000,
    );
    ticket.stop();
    assert!(ticket.next().is_none());
    // A game already over is refused.
    let mut ticket = record_trees(&d, &position(X_WON_TOP_ROW), 50_000);
    assert!(matches!(
        next(&mut ticket),
        Some(LabUpdate::Done(Err(LabError::GameOver)))
    ));
}

#[test]
fn the_full_engine_and_bad_requests_are_refused() {
    let request = TreeRequest::new(position(WON), Method::Full);
    let stop = AtomicBool::new(false);
    assert_eq!(
        lab::record(&request, &stop).unwrap_err(),
        LabError::NotRecordable(Method::Full)
    );
    let over = TreeRequest::new(position(X_WON_TOP_ROW), Method::Minimax);
    assert_eq!(lab::record(&over, &stop).unwrap_err(), LabError::GameOver);
    let empty_budget = TreeRequest {
        budget: 0,
        ..TreeRequest::new(position(WON), Method::Minimax)
    };
    assert_eq!(
        lab::record(&empty_budget, &stop).unwrap_err(),
        LabError::NoNodes
    );
}

#[test]
fn the_table_methods_record_their_hits() {
    let tree = record(EMPTY, Method::Symmetry, DepthChoice::Auto);
    assert!(tree.tt_hits > 0);
    let hits = tree.nodes.iter().filter(|n| n.table.is_some()).count();
    assert_eq!(hits as u64, tree.tt_hits);
    assert!(tree.nodes.iter().any(|n| n.end == NodeEnd::Table));
    for node in tree.nodes.iter().filter(|n| n.end == NodeEnd::Table) {
        assert!(node.table.is_some() && node.children.is_empty());
    }
}
