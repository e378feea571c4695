//! The comparison of the search algorithms on one position: each [`Method`] searched in
//! turn, to the end of the game where the board allows it, else to a depth.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize, Serializer};

use super::{LabError, Method, TABLE_MEGABYTES};
use crate::engine::{
    Engine, EngineConfig, Features, Limits, Score, Searcher, Table, Value, position_bound,
    searches_every_cell, uses_gomoku_engine,
};
use crate::rules::{Cell, Position, Rule, Side};

/// The node limit of each method when none is given.
pub const DEFAULT_NODE_LIMIT: u64 = 5_000_000;

/// How deep to search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DepthChoice {
    /// To the end of the game if plain minimax would fit in the node limit there, else the
    /// deepest depth at which it would (see [`plan_depth`]).
    #[default]
    Auto,
    /// To the end of the game, whatever it costs (the node limit still stops each method).
    ToEnd,
    /// This many plies (to the end if the board has no more empty cells than that).
    Plies(u32),
}

/// The depth a request is searched to, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DepthPlan {
    /// Plies searched.
    pub plies: u32,
    /// Whether that reaches every end of the game, so the values are proved.
    pub to_end: bool,
    pub reason: DepthReason,
}

/// Why a [`DepthPlan`] has its depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum DepthReason {
    /// The depth asked for.
    Asked,
    /// To the end of the game, as asked.
    AskedToEnd,
    /// To the end: plain minimax fits in the node limit (at most `estimate` nodes).
    SmallEnough { estimate: u64 },
    /// Plain minimax to the end would need about `estimate` nodes, more than the limit, so
    /// the depth is the deepest that fits.
    TooLarge { estimate: u64 },
}

impl fmt::Display for DepthPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plies = match self.plies {
            1 => "1 ply".to_string(),
            n => format!("{n} plies"),
        };
        match self.reason {
            DepthReason::Asked if self.to_end => write!(f, "{plies}, to the end of the game"),
            DepthReason::Asked => write!(f, "{plies}, as asked"),
            DepthReason::AskedToEnd => write!(f, "{plies}, to the end of the game, as asked"),
            DepthReason::SmallEnough { .. } => write!(f, "{plies}, to the end of the game"),
            DepthReason::TooLarge { estimate } if estimate == u64::MAX => write!(
                f,
                "{plies}: minimax to the end would take more than 10^19 nodes"
            ),
            DepthReason::TooLarge { estimate } => write!(
                f,
                "{plies}: minimax to the end would take up to {} nodes, more than the limit",
                Big(estimate)
            ),
        }
    }
}

/// A large count written with an exponent.
struct Big(u64);

impl fmt::Display for Big {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 >= 100_000_000 {
            write!(f, "{:.1e}", self.0 as f64)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// The nodes of a full-width tree of `depth` plies over `empties` empty cells, root
/// included, ignoring wins (an upper bound for minimax), saturating.
fn full_width_nodes(empties: usize, depth: u32) -> u64 {
    let mut total: u64 = 1;
    let mut level: u64 = 1;
    for i in 0..depth.min(empties as u32) as usize {
        level = level.saturating_mul((empties - i) as u64);
        total = total.saturating_add(level);
    }
    total
}

/// The depth `choice` comes to on `position` with `node_limit` nodes per method.
pub fn plan_depth(
    position: &Position,
    choice: DepthChoice,
    node_limit: u64,
) -> Result<DepthPlan, LabError> {
    if position.is_over() {
        return Err(LabError::GameOver);
    }
    if node_limit == 0 {
        return Err(LabError::NoNodes);
    }
    let empties = position.empty_count() as u32;
    let plan = match choice {
        DepthChoice::Plies(0) => return Err(LabError::DepthZero),
        DepthChoice::Plies(plies) => DepthPlan {
            plies: plies.min(empties),
            to_end: plies >= empties,
            reason: DepthReason::Asked,
        },
        DepthChoice::ToEnd => DepthPlan {
            plies: empties,
            to_end: true,
            reason: DepthReason::AskedToEnd,
        },
        DepthChoice::Auto => {
            let estimate = full_width_nodes(empties as usize, empties);
            if estimate <= node_limit {
                DepthPlan {
                    plies: empties,
                    to_end: true,
                    reason: DepthReason::SmallEnough { estimate },
                }
            } else {
                let plies = (1..empties)
                    .rev()
                    .find(|&d| full_width_nodes(empties as usize, d) <= node_limit)
                    .unwrap_or(1);
                DepthPlan {
                    plies,
                    to_end: false,
                    reason: DepthReason::TooLarge { estimate },
                }
            }
        }
    };
    Ok(plan)
}

/// What to compare.
#[derive(Clone, Debug)]
pub struct CompareRequest {
    pub position: Position,
    pub depth: DepthChoice,
    /// The most nodes each method may visit (the search stops within about a thousand
    /// nodes past it); [`DEFAULT_NODE_LIMIT`] by default.
    pub node_limit: u64,
    /// The methods, in the order to run them; [`Method::ALL`] by default.
    pub methods: Vec<Method>,
}

impl CompareRequest {
    /// Every method on `position`, depth chosen automatically, the default node limit.
    #[must_use]
    pub fn new(position: Position) -> CompareRequest {
        CompareRequest {
            position,
            depth: DepthChoice::Auto,
            node_limit: DEFAULT_NODE_LIMIT,
            methods: Method::ALL.to_vec(),
        }
    }
}

/// Why a method stopped before its search was finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Stopped {
    /// It visited its limit of nodes.
    NodeLimit { limit: u64 },
    /// The stop flag was set.
    Cancelled,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stopped::NodeLimit { .. } => f.write_str("node limit reached"),
            Stopped::Cancelled => f.write_str("cancelled"),
        }
    }
}

/// Why a method's value cannot be compared with the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotComparable {
    /// It stopped before it had a value.
    Stopped,
    /// The full engine at a depth limit, without a proved win or loss on both sides: its
    /// game knowledge (dead draws, forced blocks, shortcuts) changes heuristic values, so
    /// they differ from plain minimax to that depth.
    KnowledgeAtHorizon,
    /// The full engine on five in a row: it searches only the moves its line patterns
    /// propose, so its tree is another one.
    Patterns,
}

impl fmt::Display for NotComparable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NotComparable::Stopped => "it stopped before it had a value",
            NotComparable::KnowledgeAtHorizon => {
                "at a depth limit the full engine's game knowledge (dead draws, forced \
                 blocks) changes the heuristic values"
            }
            NotComparable::Patterns => {
                "the full engine searches five in a row with line patterns, another tree"
            }
        })
    }
}

/// What one method found.
#[derive(Clone, Debug, Serialize)]
pub struct MethodResult {
    pub method: Method,
    /// Nodes visited, the root included.
    pub nodes: u64,
    /// Alpha-beta cut-offs (a move scored at least beta, so its siblings were not searched).
    pub cutoffs: u64,
    /// Positions found in the transposition table.
    pub tt_hits: u64,
    #[serde(rename = "seconds", serialize_with = "seconds")]
    pub elapsed: Duration,
    /// Plies searched (the full engine: its deepest finished iteration).
    pub depth: u32,
    /// The score found, from the side to move's point of view; `None` when stopped first.
    pub score: Option<Score>,
    /// The value the score proves: a win or loss in so many plies, a draw when searched to
    /// the end, else unknown.
    pub value: Value,
    pub best: Option<Cell>,
    /// The principal variation, as far as the method knows it (without a table only the
    /// best move).
    pub pv: Vec<Cell>,
    pub stopped: Option<Stopped>,
    /// Why this value cannot be compared with the others, if it cannot.
    pub not_comparable: Option<NotComparable>,
    /// Whether the value agrees with the first comparable one; `None` when not compared.
    pub agrees: Option<bool>,
}

fn seconds<S: Serializer>(elapsed: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64(elapsed.as_secs_f64())
}

/// Whether the values agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Agreement {
    /// Every comparable value is the same (`compared` of them, at least two).
    Agree { compared: usize },
    /// Some comparable values differ (a bug: the searches should agree).
    Disagree,
    /// Fewer than two values can be compared.
    TooFew { compared: usize },
}

/// Whether a method visited fewer nodes than the one before it, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Progression {
    pub method: Method,
    pub previous: Method,
    pub fewer: bool,
    pub why_not: Option<WhyNotFewer>,
}

/// Why a method did not visit fewer nodes than the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WhyNotFewer {
    /// One of the two stopped at a limit, so the counts do not compare.
    Stopped,
    /// No cut-off was possible: every move had to be searched.
    NothingToCut,
    /// The ordering put a weaker move first somewhere, so fewer cut-offs came early.
    OrderingMissed,
    /// No position came twice in the search, so the table had nothing to give.
    NoTranspositions,
    /// The table's remembered best moves changed the order, so the cut-offs fell elsewhere.
    TableChangedOrder,
    /// No position met a rotation or reflection of one already searched.
    NoSymmetricTwins,
    /// Iterative deepening searches every shallower depth first, and the proof asks
    /// null-window questions, so some nodes are visited more than once.
    Deepening,
    /// The two methods search different trees (another depth or move set).
    DifferentTrees,
}

impl fmt::Display for WhyNotFewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WhyNotFewer::Stopped => {
                "a node limit stopped one of the two, so the counts do not compare"
            }
            WhyNotFewer::NothingToCut => "no cut-off was possible: every move had to be searched",
            WhyNotFewer::OrderingMissed => {
                "the ordering put a weaker move first somewhere, so cut-offs came later"
            }
            WhyNotFewer::NoTranspositions => {
                "no position came twice, so the table had nothing to give"
            }
            WhyNotFewer::TableChangedOrder => {
                "the table's remembered moves changed the order, so the cut-offs fell elsewhere"
            }
            WhyNotFewer::NoSymmetricTwins => {
                "no position met a rotation or reflection of one already searched"
            }
            WhyNotFewer::Deepening => {
                "iterative deepening and the null-window proof visit some nodes more than once"
            }
            WhyNotFewer::DifferentTrees => "the two search different trees",
        })
    }
}

/// The comparison of the methods on one position.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    pub rule: String,
    /// The position in text notation.
    pub position: String,
    pub to_move: Side,
    pub depth: DepthPlan,
    pub node_limit: u64,
    /// Boards of more than 25 cells: only cells within two of a stone are searched.
    pub near_stones_only: bool,
    /// One per method run, in the order asked.
    pub results: Vec<MethodResult>,
    pub agreement: Agreement,
    /// For each result after the first, against the one before it.
    pub progression: Vec<Progression>,
    /// The stop flag ended the comparison; the methods not yet run are missing.
    pub cancelled: bool,
}

/// What [`compare`] reports while it runs.
#[derive(Clone, Debug)]
pub enum CompareProgress {
    /// The method at `index` of the request has started.
    Started { index: usize, method: Method },
    /// It has finished.
    Finished { index: usize, result: MethodResult },
}

/// Searches `request.position` with each method in turn, reporting each start and result to
/// `progress`. Setting `stop` ends the method running (its result says so) and skips the
/// rest; the comparison is then marked cancelled.
pub fn compare(
    request: &CompareRequest,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(CompareProgress),
) -> Result<Comparison, LabError> {
    let position = &request.position;
    let plan = plan_depth(position, request.depth, request.node_limit)?;
    let mut results = Vec::new();
    let mut cancelled = false;
    for (index, &method) in request.methods.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            cancelled = true;
            break;
        }
        progress(CompareProgress::Started { index, method });
        let result = run_method(position, method, plan, request.node_limit, stop);
        cancelled |= result.stopped == Some(Stopped::Cancelled);
        progress(CompareProgress::Finished {
            index,
            result: result.clone(),
        });
        results.push(result);
    }
    let agreement = agree(&mut results, plan);
    let progression = progressions(&results);
    Ok(Comparison {
        rule: position.rule().to_string(),
        position: position.to_notation(),
        to_move: position.side_to_move(),
        depth: plan,
        node_limit: request.node_limit,
        near_stones_only: !searches_every_cell(position.rule()),
        results,
        agreement,
        progression,
        cancelled,
    })
}

/// Runs one method.
fn run_method(
    position: &Position,
    method: Method,
    plan: DepthPlan,
    node_limit: u64,
    stop: &AtomicBool,
) -> MethodResult {
    let start = Instant::now();
    let limits = Limits {
        depth: Some(plan.plies),
        nodes: Some(node_limit),
        ..Limits::default()
    };
    let mut result = match method.features() {
        Some(features) => run_searcher(position, method, features, plan, &limits, stop),
        None => run_engine(position, method, plan, &limits, stop),
    };
    result.elapsed = start.elapsed();
    if result.score.is_none() {
        result.stopped = Some(if stop.load(Ordering::Relaxed) {
            Stopped::Cancelled
        } else {
            Stopped::NodeLimit { limit: node_limit }
        });
        result.not_comparable = Some(NotComparable::Stopped);
    } else if method == Method::Full && uses_gomoku_engine(position.rule()) {
        result.not_comparable = Some(NotComparable::Patterns);
    }
    result
}

/// One method of the comparison that is the searcher with some of its `features`: one
/// iteration to the plan's depth, within `limits`.
fn run_searcher(
    position: &Position,
    method: Method,
    features: Features,
    plan: DepthPlan,
    limits: &Limits,
    stop: &AtomicBool,
) -> MethodResult {
    let table = lab_table(position.rule(), features.table);
    let mut s = Searcher::new(position, &table, features, limits, stop, 0);
    let (score, best) = s.root(plan.plies, 0);
    let finished = !s.aborted;
    let pv = if features.table {
        s.principal_variation(best, plan.plies as usize)
    } else {
        best.into_iter().collect()
    };
    let geometry = position.geometry();
    MethodResult {
        method,
        nodes: s.stats.nodes,
        cutoffs: s.stats.cutoffs,
        tt_hits: s.stats.tt_hits,
        elapsed: Duration::ZERO,
        depth: plan.plies,
        score: finished.then_some(score),
        value: if finished {
            Value::from_score(score, plan.to_end)
        } else {
            Value::Unknown
        },
        best: best.filter(|_| finished).map(|i| geometry.cell(i)),
        pv: if finished {
            pv.into_iter().map(|i| geometry.cell(i)).collect()
        } else {
            Vec::new()
        },
        stopped: None,
        not_comparable: None,
        agrees: None,
    }
}

/// The full engine's row of the comparison: the engine as the game plays it, to the plan's
/// depth (or to the end), within `limits`' nodes.
fn run_engine(
    position: &Position,
    method: Method,
    plan: DepthPlan,
    limits: &Limits,
    stop: &AtomicBool,
) -> MethodResult {
    let config = EngineConfig {
        tt_megabytes: TABLE_MEGABYTES,
        ..EngineConfig::default()
    };
    let mut engine = Engine::for_rule(config, position.rule());
    let limits = Limits {
        depth: (!plan.to_end).then_some(plan.plies),
        ..limits.clone()
    };
    let node_limit = limits.nodes.unwrap_or(u64::MAX);
    let found = engine.search(position, &limits, stop, &mut |_| {});
    let finished = found.stats.nodes < node_limit && !stop.load(Ordering::Relaxed);
    MethodResult {
        method,
        nodes: found.stats.nodes,
        cutoffs: found.stats.cutoffs,
        tt_hits: found.stats.tt_hits,
        elapsed: Duration::ZERO,
        depth: found.stats.depth,
        score: finished.then_some(found.score),
        value: if finished {
            found.value
        } else {
            Value::Unknown
        },
        best: found.best,
        pv: found.pv,
        stopped: None,
        not_comparable: None,
        agrees: None,
    }
}

/// A table for a lab search: the lab's size, bounded by the positions of the board; one slot
/// when the method has none.
pub(super) fn lab_table(rule: &Rule, used: bool) -> Table {
    if used {
        Table::new(TABLE_MEGABYTES, position_bound(rule))
    } else {
        Table::new(0, 1)
    }
}

/// Marks each comparable result with whether it agrees with the first comparable one: the
/// same value to the end of the game; at a depth limit the same score, or for the full
/// engine the same proved win or loss (its other values there are not comparable).
fn agree(results: &mut [MethodResult], plan: DepthPlan) -> Agreement {
    let decisive = |r: &MethodResult| matches!(r.value, Value::Win { .. } | Value::Loss { .. });
    let reference = results
        .iter()
        .find(|r| r.not_comparable.is_none() && r.method != Method::Full)
        .or_else(|| results.iter().find(|r| r.not_comparable.is_none()))
        .map(|r| (r.value, r.score, decisive(r)));
    let mut compared = 0;
    let mut all = true;
    for r in results.iter_mut() {
        let Some((value, score, reference_decisive)) = reference else {
            break;
        };
        if r.method == Method::Full
            && !plan.to_end
            && r.not_comparable.is_none()
            && !(decisive(r) && reference_decisive)
        {
            r.not_comparable = Some(NotComparable::KnowledgeAtHorizon);
        }
        if r.not_comparable.is_some() {
            continue;
        }
        let same = if plan.to_end || r.method == Method::Full {
            r.value == value
        } else {
            r.value == value && r.score == score
        };
        compared += 1;
        all &= same;
        r.agrees = Some(same);
    }
    if compared < 2 {
        for r in results.iter_mut() {
            r.agrees = None;
        }
        Agreement::TooFew { compared }
    } else if all {
        Agreement::Agree { compared }
    } else {
        Agreement::Disagree
    }
}

/// Each result against the one before it.
fn progressions(results: &[MethodResult]) -> Vec<Progression> {
    results
        .windows(2)
        .map(|pair| {
            let (before, now) = (&pair[0], &pair[1]);
            let fewer = now.nodes < before.nodes;
            let why_not = (!fewer).then(|| why_not_fewer(before, now));
            Progression {
                method: now.method,
                previous: before.method,
                fewer,
                why_not,
            }
        })
        .collect()
}

fn why_not_fewer(before: &MethodResult, now: &MethodResult) -> WhyNotFewer {
    if before.stopped.is_some() || now.stopped.is_some() {
        return WhyNotFewer::Stopped;
    }
    match (before.method, now.method) {
        (Method::Minimax, Method::AlphaBeta) => WhyNotFewer::NothingToCut,
        (Method::AlphaBeta, Method::Ordering) => WhyNotFewer::OrderingMissed,
        (Method::Ordering, Method::Table) if now.tt_hits == 0 => WhyNotFewer::NoTranspositions,
        (Method::Ordering, Method::Table) => WhyNotFewer::TableChangedOrder,
        (Method::Table, Method::Symmetry) if now.tt_hits <= before.tt_hits => {
            WhyNotFewer::NoSymmetricTwins
        }
        (Method::Table, Method::Symmetry) => WhyNotFewer::TableChangedOrder,
        (_, Method::Full) => WhyNotFewer::Deepening,
        _ => WhyNotFewer::DifferentTrees,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_width_bound_of_3x3_counts_every_move_sequence() {
        // 1 + 9 + 9*8 + ... + 9!: every sequence of moves, wins ignored.
        assert_eq!(full_width_nodes(9, 9), 986_410);
        assert_eq!(full_width_nodes(9, 2), 1 + 9 + 72);
        assert_eq!(full_width_nodes(9, 20), 986_410);
        assert_eq!(full_width_nodes(225, 225), u64::MAX);
    }

    #[test]
    fn a_depth_past_the_end_is_the_end() {
        let position = Position::new(Rule::default());
        let plan = plan_depth(&position, DepthChoice::Plies(20), 10).unwrap();
        assert_eq!((plan.plies, plan.to_end), (9, true));
        let plan = plan_depth(&position, DepthChoice::Auto, 100).unwrap();
        assert_eq!((plan.plies, plan.to_end), (2, false));
        assert_eq!(
            plan.to_string(),
            "2 plies: minimax to the end would take up to 986410 nodes, more than the limit"
        );
    }
}
