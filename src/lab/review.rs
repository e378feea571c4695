//! The review of a game on a board too large to search to the end: every position of the
//! game valued by the same engine the computer plays with, at a fixed budget of nodes (so
//! the same game always gets the same review), with the forced win of the side to move
//! where the gomoku solvers find one; and from those values, what each move did: how far
//! it dropped its side's evaluation, the engine's own choice where it differs from the move
//! played, and the forced wins missed or allowed.
//!
//! Scores are the engine's heuristic numbers (wins and losses it proves aside), so a review
//! here says what this engine at this budget thinks, not what best play gives: the words on
//! screen say so. The evaluation for the graph is the score squashed into -1..1 from X's
//! (black's) side, the way game-review tools draw a win-rate curve.

use std::sync::atomic::{AtomicBool, Ordering};

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

/// The least drop of the evaluation (on the -1..1 scale) that marks a move.
pub const LEAST_MARKED_DROP: f64 = 0.25;

/// What the engine found in one position of the game.
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
/// position alone): a search of [`REVIEW_NODES`] nodes and the forced-win solvers. `None`
/// when `stop` was set before it finished.
pub fn evaluate(
    engine: &mut Engine,
    position: &Position,
    stop: &AtomicBool,
) -> Option<PositionEval> {
    engine.clear();
    let limits = Limits {
        nodes: Some(REVIEW_NODES),
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

/// The scale of a rule's heuristic scores: a score of this size counts as a clear lead
/// (three quarters of the way to a won game on the graph).
#[must_use]
pub fn score_scale(rule: &Rule) -> f64 {
    if uses_gomoku_engine(rule) {
        1_500.0
    } else {
        40.0
    }
}

/// A score for the side to move as the evaluation for X (black) on -1..1: a proved win
/// or loss at the end, the heuristic score squashed between.
#[must_use]
pub fn evaluation_for_x(score: Score, side_to_move: Side, scale: f64) -> f64 {
    let for_x = if side_to_move == Side::X {
        score
    } else {
        -score
    };
    if is_decisive(for_x) {
        f64::from(for_x.signum())
    } else {
        (f64::from(for_x) / scale).tanh()
    }
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
    /// How far the move dropped the mover's evaluation on the -1..1 scale (0 when it rose).
    pub drop: f64,
    /// The engine's move in the position before, when it is not the move played.
    pub engine_choice: Option<Cell>,
    /// The mover's forced win before the move, which the move did not follow and after
    /// which the engine no longer proves the win.
    pub missed: Option<ForcedWin>,
    /// The opponent's forced win after the move, when the mover was not proved lost before.
    pub allowed: Option<ForcedWin>,
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
            let before_x = evaluation_for_x(now.score, side, scale);
            let after_x = evaluation_for_x(next.score, side.other(), scale);
            let sign = if side == Side::X { 1.0 } else { -1.0 };
            let lost_before = matches!(now.value, Value::Loss { .. });
            let proved_after = matches!(next.value, Value::Loss { .. });
            MoveAssessment {
                side,
                cell,
                before: (now.score, now.value),
                after: (-next.score, flipped(next.value)),
                drop: (sign * (before_x - after_x)).max(0.0),
                engine_choice: now.best.filter(|&best| best != cell),
                missed: now
                    .forced
                    .clone()
                    .filter(|w| w.line.first() != Some(&cell) && !proved_after),
                allowed: next.forced.clone().filter(|_| !lost_before),
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

#[cfg(test)]
mod tests;
