//! Iterative deepening on one searcher: the schedule of depths, a result after each
//! finished iteration, and the answer when the search is stopped early.

use std::time::Instant;

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
        best = Some(iteration);
        if proved {
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
