//! The review of a game on a board too large to search to the end: every position of the
//! game valued by the same engine the computer plays with, at a fixed budget of nodes (so
//! the same game always gets the same review), with the forced win of the side to move
//! where the gomoku solvers find one; and from those values, what each move did: how far
//! it dropped its side's evaluation, the engine's own choice where it differs from the move
//! played, and the forced wins missed or allowed.
//!
//! Scores are the engine's heuristic numbers (wins and losses it proves aside), so a review
//! here says what this engine at this budget thinks, not what best play gives: the words on
//! screen say so. A score is shown as an expected score ([`expected_score`]): the chance of
//! winning, draws counting half, that the score stands for, the way game-review tools draw
//! a win-rate curve. A forced win the threat search finds is a proof that the side wins,
//! but its length is that of the line found, not the shortest: [`rows`] words every move
//! with only what is known.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::engine::code_tables::{self, Selection};
use crate::engine::{
    Engine, ForcedWin, Limits, Score, Value, forced_win, is_decisive, uses_gomoku_engine,
};
use crate::rules::{Cell, Position, Rule, Side};

/// The nodes of each position's search. The search's own VCF and VCT at the root count in
/// them (up to 220,000 in a position full of fours), so the budget leaves room beyond that.
pub const REVIEW_NODES: u64 = 400_000;

/// The most moves marked as the game's turning points by their drop alone (forced wins
/// missed or allowed are marked besides).
pub const MOST_MARKED: usize = 3;

/// The least drop of the expected score (0..1) that marks a move: ten points.
pub const LEAST_MARKED_DROP: f64 = 0.10;

/// The scale `K` of the gomoku engine's pattern evaluation as a chance of winning,
/// `1 / (1 + exp(-score / K))`: the value fitted to the engine's own games (docs/strength.md,
/// "A learned evaluation").
pub const GOMOKU_SCALE: f64 = 2_886.0;

/// The same scale for the learned tables' evaluation, the engine's default: the tables are
/// fitted as the log-odds of a win times this (`assets/gomoku/codes.txt`, "Scale K").
pub const GOMOKU_TABLES_SCALE: f64 = 4_424.1;

/// The same scale for the m,n,k engine's smaller numbers, not fitted: a score of 40 (a clear
/// lead in its units) reads as an expected score of 88%.
pub const MNK_SCALE: f64 = 20.0;

/// What one position of the game is worth, at a budget of nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionEval {
    /// The score for the side to move.
    pub score: Score,
    /// The score as a value: a proved win or loss, a draw, or unknown.
    pub value: Value,
    /// The engine's move here (`None` when the game is over).
    pub best: Option<Cell>,
    /// The depth of the deepest finished iteration, and the nodes searched.
    pub depth: u32,
    pub nodes: u64,
    /// The forced win of the side to move, by fours or by threes and fours.
    pub forced: Option<ForcedWin>,
}

/// Values `position` with `engine` (its table cleared first, so the answer depends on the
/// position alone): a search of `nodes` nodes ([`REVIEW_NODES`] in the window) and the
/// forced-win solvers. `None` when `stop` was set before it finished.
pub fn evaluate(
    engine: &mut Engine,
    position: &Position,
    nodes: u64,
    stop: &AtomicBool,
) -> Option<PositionEval> {
    engine.clear();
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let found = engine.search(position, &limits, stop, &mut |_| {});
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    Some(PositionEval {
        score: found.score,
        value: found.value,
        best: found.best,
        depth: found.stats.depth,
        nodes: found.stats.nodes,
        forced: forced_win(position),
    })
}

/// The scale `K` of a rule's scores as a chance of winning, for the engine the review
/// searches with (the process's evaluation of five in a row, [`code_tables::selected`]).
#[must_use]
pub fn score_scale(rule: &Rule) -> f64 {
    if uses_gomoku_engine(rule) {
        gomoku_scale(code_tables::selected())
    } else {
        MNK_SCALE
    }
}

/// The scale `K` of the gomoku engine's scores with the evaluation `eval` (`None`: the
/// pattern evaluation).
#[must_use]
pub fn gomoku_scale(eval: Option<Selection>) -> f64 {
    match eval {
        Some(tables) if tables.uses.eval => GOMOKU_TABLES_SCALE,
        _ => GOMOKU_SCALE,
    }
}

/// A score as the expected score (0..1) of the side it belongs to: 1 or 0 for a proved win
/// or loss, `1 / (1 + exp(-score / scale))` between.
#[must_use]
pub fn expected_score(score: Score, scale: f64) -> f64 {
    if is_decisive(score) {
        if score > 0 { 1.0 } else { 0.0 }
    } else {
        1.0 / (1.0 + (-f64::from(score) / scale).exp())
    }
}

/// An expected score (0..1) as a whole percentage. An estimate never reads as certain: it is
/// kept within 1% and 99%.
#[must_use]
pub fn percent(expected: f64) -> u32 {
    (expected * 100.0).round().clamp(1.0, 99.0) as u32
}

/// A score for the side to move as X's (black's) expected score.
#[must_use]
pub fn expected_for_x(score: Score, side_to_move: Side, scale: f64) -> f64 {
    let for_x = if side_to_move == Side::X {
        score
    } else {
        -score
    };
    expected_score(for_x, scale)
}

/// A value for the side to move, as the other side sees it.
#[must_use]
pub fn flipped(value: Value) -> Value {
    match value {
        Value::Win { plies } => Value::Loss { plies },
        Value::Loss { plies } => Value::Win { plies },
        other => other,
    }
}

/// What one move of the game did, for the side that played it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAssessment {
    pub side: Side,
    pub cell: Cell,
    /// The score and value of the position before the move, for the mover.
    pub before: (Score, Value),
    /// The same after the move (the next position's, for the mover).
    pub after: (Score, Value),
    /// The mover's expected score (0..1) before and after the move.
    pub expected: (f64, f64),
    /// How far the move dropped the mover's expected score (0 when it rose).
    pub drop: f64,
    /// The engine's move in the position before, when it is not the move played.
    pub engine_choice: Option<Cell>,
    /// The mover's forced win found before the move, which the move did not follow and
    /// after which none was found.
    pub missed: Option<FoundWin>,
    /// The opponent's forced win found after the move, when no forced loss of the mover was
    /// found before it.
    pub allowed: Option<FoundWin>,
}

/// A forced win found for the side to move, by the engine's search or the threat search.
/// It proves the win; its length is that of the line found, not necessarily the shortest.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundWin {
    /// The moves of both sides in the shorter line found.
    pub moves: u32,
    /// The line's first move.
    pub first: Option<Cell>,
    /// The whole line and how it goes, where the threat search found one (the engine's
    /// search gives only its first move).
    pub forced: Option<ForcedWin>,
}

/// The forced win found for the side to move in a position valued at a budget, if any.
#[must_use]
pub fn found_win(eval: &PositionEval) -> Option<FoundWin> {
    let line = eval.forced.as_ref().map(|w| w.line.len() as u32);
    let moves = match (eval.value, line) {
        (Value::Win { plies }, line) => line.map_or(plies, |l| l.min(plies)),
        (Value::Loss { .. }, _) | (_, None) => return None,
        (_, Some(line)) => line,
    };
    let first = eval
        .forced
        .as_ref()
        .and_then(|w| w.line.first().copied())
        .or(eval.best);
    Some(FoundWin {
        moves,
        first,
        forced: eval.forced.clone(),
    })
}

/// What each move of a game did, from the values of its positions: `positions[i]` is the
/// position before `moves[i]`, `evals[i]` its value. Moves whose position after has no
/// value yet are left out (the list is as long as the values allow).
#[must_use]
pub fn assess(
    moves: &[Cell],
    positions: &[Position],
    evals: &[PositionEval],
) -> Vec<MoveAssessment> {
    let Some(rule) = positions.first().map(|p| *p.rule()) else {
        return Vec::new();
    };
    let scale = score_scale(&rule);
    let known = evals.len().saturating_sub(1).min(moves.len());
    (0..known)
        .map(|i| {
            let (now, next) = (&evals[i], &evals[i + 1]);
            let side = positions[i].side_to_move();
            let cell = moves[i];
            let expected = (
                expected_score(now.score, scale),
                expected_score(-next.score, scale),
            );
            let lost_before = matches!(now.value, Value::Loss { .. });
            let proved_after =
                matches!(next.value, Value::Loss { .. }) || positions[i + 1].is_over();
            MoveAssessment {
                side,
                cell,
                before: (now.score, now.value),
                after: (-next.score, flipped(next.value)),
                expected,
                drop: (expected.0 - expected.1).max(0.0),
                engine_choice: now.best.filter(|&best| best != cell),
                missed: found_win(now).filter(|w| {
                    // The engine's own move follows the win its search proved.
                    let engines = matches!(now.value, Value::Win { .. }) && now.best == Some(cell);
                    w.first != Some(cell) && !engines && !proved_after
                }),
                allowed: found_win(next).filter(|_| !lost_before),
            }
        })
        .collect()
}

/// The game's turning points, in the order they were played: every move that missed or
/// allowed a forced win, and the [`MOST_MARKED`] largest drops of at least
/// [`LEAST_MARKED_DROP`] among moves the engine would not have played.
#[must_use]
pub fn turning_points(assessed: &[MoveAssessment]) -> Vec<usize> {
    let mut by_drop: Vec<usize> = (0..assessed.len())
        .filter(|&i| {
            let a = &assessed[i];
            a.engine_choice.is_some() && a.drop >= LEAST_MARKED_DROP
        })
        .collect();
    by_drop.sort_by(|&a, &b| {
        assessed[b]
            .drop
            .total_cmp(&assessed[a].drop)
            .then(a.cmp(&b))
    });
    by_drop.truncate(MOST_MARKED);
    let mut marked: Vec<usize> = (0..assessed.len())
        .filter(|&i| assessed[i].missed.is_some() || assessed[i].allowed.is_some())
        .chain(by_drop)
        .collect();
    marked.sort_unstable();
    marked.dedup();
    marked
}

mod rows;

pub use rows::{MoveNote, MoveRow, Standing, estimated_rows, exact_row};

#[cfg(test)]
mod tests;
