//! Iterative deepening on one searcher: the schedule of depths, a result after each
//! finished iteration, and the answer when the search is stopped early.

use std::time::{Duration, Instant};

use crate::rules::{Cell, Geometry, Position};

use super::score::{Score, Value, WIN};
use super::search::{Features, Knowledge, Recorder, Searcher, is_proved};
use super::types::{Limits, SearchResult, Stats};

/// The depths iterative deepening visits: 1, 2, ... up to `max`, or just `max` for the
/// reference searches (which have no table to carry knowledge between iterations). A proof
/// (`max` reaches the end of the game) stops the shallow iterations at half the empty cells:
/// they find quick wins and seed the table's move ordering, but past that they cost more than
/// they save, so it jumps to the end.
pub(super) fn iteration_depths(features: Features, max: u32, empties: usize) -> Vec<u32> {
    let max = max.min(empties as u32);
    if !features.table || max == 0 {
        vec![max]
    } else if max as usize == empties {
        (1..=max / 2).chain([max]).collect()
    } else {
        (1..=max).collect()
    }
}

/// Runs iterative deepening on one searcher from `position`, calling `on_iteration` after
/// each finished iteration; the last one's result, or a legal move when none finished.
pub(super) fn deepen<K: Knowledge, R: Recorder>(
    s: &mut Searcher<K, R>,
    position: &Position,
    limits: &Limits,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let start = Instant::now();
    let empties = position.empty_count();
    let geometry = position.geometry().clone();
    let max_depth = limits.depth.unwrap_or(empties as u32).max(1);
    // A win the knowledge's solvers find at once (five in a row: by continuous fours, or
    // threes and fours) is played at once, with its proof line.
    if let Some(line) = s.root_win() {
        return root_win_result(s, &line, &geometry, start, on_iteration);
    }
    let mut best: Option<SearchResult> = None;
    let mut soft = limits.target.map(SoftStop::new);
    for depth in iteration_depths(s.features(), max_depth, empties) {
        let (score, mv) = if depth as usize >= empties {
            s.prove(depth, 0)
        } else {
            s.root(depth, 0)
        };
        if s.aborted {
            // The stopped iteration searched the last finished iteration's move first, to
            // the end, and then a move that beat it: that move is played.
            if let (Some((score, mv, first)), Some(last)) = (s.partial_root.take(), &best)
                && last.best == Some(geometry.cell(first))
                && mv != first
            {
                best = Some(finished(s, position, depth, (score, Some(mv)), start));
            }
            break;
        }
        let iteration = finished(s, position, depth, (score, mv), start);
        on_iteration(&iteration);
        let proved = iteration.value != Value::Unknown;
        let enough = soft
            .as_mut()
            .is_some_and(|soft| soft.enough(&iteration, start.elapsed()));
        best = Some(iteration);
        if proved || enough {
            break;
        }
    }
    best.unwrap_or_else(|| {
        // Stopped before the first iteration finished: still answer with a legal move.
        let first = s.fallback_move().map(|i| geometry.cell(i));
        SearchResult {
            best: first,
            score: 0,
            value: Value::Unknown,
            pv: Vec::new(),
            stats: Stats {
                elapsed: start.elapsed(),
                ..s.stats.clone()
            },
        }
    })
}

/// A finished iteration's result past the target time this many times (in eighths) starts
/// no further iteration when the position is clear: the best move has not changed for a
/// while and the score has not fallen. The next iteration would take a few times as long as
/// all before it, so it would end near the target or be stopped past it.
const CLEAR_EIGHTHS: u32 = 4;
/// What each change of the best move adds (in eighths of the target); the changes count
/// half as much with each iteration after them.
const CHANGE_EIGHTHS: u32 = 6;
/// What a fall of the score adds (in eighths of the target).
const FALL_EIGHTHS: u32 = 4;
/// The most the target is stretched (in eighths): twice the target. The hard limit (the
/// search's `time`) stops the search in any case.
const MOST_EIGHTHS: u32 = 16;
/// A score this much lower than two iterations before (the same side to move at the
/// horizon, so the odd-even swing of the evaluation does not count) is a fall: about a
/// live three.
const FALL: Score = 250;

/// When a search with a target time has done enough: it starts another iteration only
/// while the time spent is under the target, stretched where the position is unclear (the
/// best move changed in the last iterations, or the score fell).
struct SoftStop {
    target: Duration,
    /// The best move of the last finished iteration.
    last_best: Option<Cell>,
    /// The scores of the last two finished iterations, the older first.
    scores: [Option<Score>; 2],
    /// Best-move changes, in sixteenths, halved with each finished iteration.
    changes: u32,
}

impl SoftStop {
    fn new(target: Duration) -> SoftStop {
        SoftStop {
            target,
            last_best: None,
            scores: [None; 2],
            changes: 0,
        }
    }

    /// Whether, after `iteration` finished at `elapsed`, no further iteration is to start.
    fn enough(&mut self, iteration: &SearchResult, elapsed: Duration) -> bool {
        let changed = self.last_best.is_some() && self.last_best != iteration.best;
        self.changes = self.changes / 2 + if changed { 16 } else { 0 };
        let fell = self.scores[0].is_some_and(|before| before - iteration.score >= FALL);
        self.last_best = iteration.best;
        self.scores = [self.scores[1], Some(iteration.score)];
        let eighths = CLEAR_EIGHTHS
            + self.changes * CHANGE_EIGHTHS / 16
            + if fell { FALL_EIGHTHS } else { 0 };
        elapsed >= self.target * eighths.min(MOST_EIGHTHS) / 8
    }
}

/// The result of the iteration to `depth` that found `score` and the move `mv`, with the
/// principal variation from the table.
fn finished<K: Knowledge, R: Recorder>(
    s: &mut Searcher<K, R>,
    position: &Position,
    depth: u32,
    (score, mv): (Score, Option<usize>),
    start: Instant,
) -> SearchResult {
    let geometry = position.geometry();
    let empties = position.empty_count();
    let mv = mv.or_else(|| position.empty_indices().next());
    let proved = is_proved(score, depth, empties) || s.board().is_dead_draw();
    let pv: Vec<Cell> = s
        .principal_variation(mv, depth as usize)
        .into_iter()
        .map(|i| geometry.cell(i))
        .collect();
    SearchResult {
        best: mv.map(|i| geometry.cell(i)),
        score,
        value: Value::from_score(score, proved),
        pv,
        stats: Stats {
            depth,
            elapsed: start.elapsed(),
            ..s.stats.clone()
        },
    }
}

/// The result of a win found at the root before the search: proved, in as many plies as the
/// line has moves.
fn root_win_result<K: Knowledge, R: Recorder>(
    s: &Searcher<K, R>,
    line: &[usize],
    geometry: &Geometry,
    start: Instant,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let plies = line.len() as u32;
    let pv: Vec<Cell> = line.iter().map(|&i| geometry.cell(i)).collect();
    let result = SearchResult {
        best: pv.first().copied(),
        score: WIN - plies as Score,
        value: Value::Win { plies },
        pv,
        stats: Stats {
            depth: plies,
            elapsed: start.elapsed(),
            ..s.stats.clone()
        },
    };
    on_iteration(&result);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iteration(best: (usize, usize), score: Score) -> SearchResult {
        SearchResult {
            best: Some(Cell::new(best.0, best.1)),
            score,
            value: Value::Unknown,
            pv: Vec::new(),
            stats: Stats::default(),
        }
    }

    #[test]
    fn a_clear_position_stops_at_half_the_target_and_an_unclear_one_goes_on() {
        let target = Duration::from_millis(800);
        let ms = Duration::from_millis;
        // The same move and score every iteration: enough from half the target on.
        let mut clear = SoftStop::new(target);
        assert!(!clear.enough(&iteration((7, 7), 10), ms(100)));
        assert!(!clear.enough(&iteration((7, 7), 12), ms(399)));
        assert!(clear.enough(&iteration((7, 7), 11), ms(400)));
        // The best move changed in the last iteration: on to 1.25 times the target.
        let mut changed = SoftStop::new(target);
        assert!(!changed.enough(&iteration((7, 7), 10), ms(100)));
        assert!(!changed.enough(&iteration((8, 8), 10), ms(999)));
        // A change two iterations back counts half.
        assert!(!changed.enough(&iteration((8, 8), 10), ms(699)));
        assert!(changed.enough(&iteration((8, 8), 10), ms(600)));
        // The score fell by a live three since two iterations before, and the move changed:
        // 1.75 times the target; never past twice it.
        let mut fell = SoftStop::new(target);
        assert!(!fell.enough(&iteration((7, 7), 400), ms(10)));
        assert!(!fell.enough(&iteration((7, 7), 300), ms(20)));
        assert!(!fell.enough(&iteration((6, 6), 100), ms(1199)));
        assert!(fell.enough(&iteration((5, 5), -300), ms(1600)));
    }
}
