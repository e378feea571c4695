//! What fitting the pattern-code tables ([`super::code_tables`]) to played games needs: each
//! kept position's features as indices into two flat parameter vectors, one for the
//! evaluation (the terms of every code when to move and when waiting, and the threat-mask
//! terms, per set) and one for the move scores (attack and defence per code, per set), and
//! the tables made back from fitted vectors. The trainer is `examples/code_tables.rs`.
//!
//! A position is kept when it is a five-in-a-row position on a large board, past the first
//! plies, with at least [`MIN_EMPTY`] empty cells, the game not over, and no five to make for
//! either side (the search settles those before any evaluation or ordering).

use crate::rules::{Position, Side};

use super::code_tables::{CodeSet, CodeTable, CodeTables, MASKS, SETS, threat_mask};
use super::eval::evaluate;
use super::line_board::LineBoard;
use super::lines::{PatternBoard, is_gomoku};
use super::pattern_code::{PatternCode, THREATS, Threat};
use super::tuning::GameLine;

pub use super::line_class::CLASSES;
pub use super::pattern_code::CODES;

/// The fewest empty cells a kept position has.
pub const MIN_EMPTY: usize = 50;

/// The evaluation parameters of one set: the terms when to move, when waiting, the masks.
const EVAL_PER_SET: usize = 2 * CODES + MASKS;
/// The number of evaluation parameters.
pub const EVAL_PARAMETERS: usize = SETS * EVAL_PER_SET;
/// The number of move-score parameters: attack and defence per code, per set.
pub const MOVE_PARAMETERS: usize = SETS * 2 * CODES;

/// The cells a move is chosen among: the empty cells within this many rows and columns of a
/// stone (the search's candidates).
const NEAR: usize = 2;

/// One kept position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation's features: parameter index and how many times it counts (negative for
    /// the opponent's cells).
    pub eval: Vec<(u32, f32)>,
    /// The points of the side to move (1, 0.5 or 0).
    pub points: f32,
    /// The pattern evaluation of the position, for the side to move (what the scale is
    /// fitted to).
    pub pattern_eval: f32,
    /// Each candidate cell's attack and defence parameters; the played move's is first.
    pub candidates: Vec<[u32; 2]>,
}

/// The index of the evaluation term of `code` for `set`, `role` 0 when its side is to move.
#[must_use]
pub fn eval_index(set: CodeSet, role: usize, code: usize) -> usize {
    set as usize * EVAL_PER_SET + role * CODES + code
}

/// The index of the threat-mask term `mask` for the side to move's `set`.
#[must_use]
pub fn mask_index(set: CodeSet, mask: usize) -> usize {
    set as usize * EVAL_PER_SET + 2 * CODES + mask
}

/// The index of the attack (`part` 0) or defence (1) score of `code` for `set`.
#[must_use]
pub fn move_index(set: CodeSet, part: usize, code: usize) -> usize {
    set as usize * 2 * CODES + part * CODES + code
}

/// The four line classes of `code` (their numbers, weakest first), for a trainer that
/// builds a code's parameter from its classes'.
#[must_use]
pub fn code_classes(code: usize) -> [usize; 4] {
    PatternCode(code as u16).classes().map(|c| c as usize)
}

/// The samples of one game: every kept position from ply `skip` on, and past the opening's
/// stones where the game names them.
pub fn samples(game: &GameLine, skip: usize) -> Result<Vec<Sample>, String> {
    let skip = skip.max(game.opening.unwrap_or(0));
    let mut out = Vec::new();
    if !is_gomoku(&game.rule) {
        return Ok(out);
    }
    for (ply, (position, points)) in game.positions()?.into_iter().enumerate() {
        if ply < skip || position.empty_count() < MIN_EMPTY || position.is_over() {
            continue;
        }
        let played = position
            .check_move(game.moves[ply])
            .map_err(|e| format!("move {}: {e}", ply + 1))?;
        if let Some(sample) = sample(&position, points as f32, played) {
            out.push(sample);
        }
    }
    Ok(out)
}

/// The sample of `position` where `played` was played; none where a side has a five to make.
fn sample(position: &Position, points: f32, played: usize) -> Option<Sample> {
    let lines = LineBoard::new(position);
    let me = position.side_to_move();
    let them = me.other();
    if Side::BOTH.iter().any(|&s| lines.count(s, Threat::Five) > 0) {
        return None;
    }
    let sets = CodeSet::of_rule(position.rule());
    let (mine, theirs) = (sets[me.index()], sets[them.index()]);
    let mut counts: Vec<(u32, f32)> = Vec::new();
    let mut add = |index: usize, n: f32| counts.push((index as u32, n));
    for cell in position.empty_indices() {
        add(
            eval_index(mine, 0, usize::from(lines.code(cell, me).0)),
            1.0,
        );
        add(
            eval_index(theirs, 1, usize::from(lines.code(cell, them).0)),
            -1.0,
        );
    }
    let threats = |side: Side| -> [u16; THREATS] {
        std::array::from_fn(|t| lines.count(side, Threat::ALL[t]))
    };
    add(
        mask_index(mine, threat_mask(&threats(me), &threats(them))),
        1.0,
    );
    counts.sort_unstable_by_key(|&(i, _)| i);
    let mut eval: Vec<(u32, f32)> = Vec::with_capacity(counts.len());
    for (i, n) in counts {
        match eval.last_mut() {
            Some((last, sum)) if *last == i => *sum += n,
            _ => eval.push((i, n)),
        }
    }
    let candidate = |cell: usize| {
        [
            move_index(mine, 0, usize::from(lines.code(cell, me).0)) as u32,
            move_index(theirs, 1, usize::from(lines.code(cell, them).0)) as u32,
        ]
    };
    let mut candidates = vec![candidate(played)];
    candidates.extend(
        near_cells(position)
            .into_iter()
            .filter(|&c| c != played)
            .map(candidate),
    );
    let pattern_eval = evaluate(&PatternBoard::with_codes(position, None), me) as f32;
    Some(Sample {
        eval,
        points,
        pattern_eval,
        candidates,
    })
}

/// The empty cells within [`NEAR`] rows and columns of a stone; black's forbidden cells
/// under renju left out when black is to move.
fn near_cells(position: &Position) -> Vec<usize> {
    let rule = position.rule();
    let (width, height) = (rule.width(), rule.height());
    position
        .empty_indices()
        .filter(|&cell| {
            let (r, c) = (cell / width, cell % width);
            let rows = r.saturating_sub(NEAR)..=(r + NEAR).min(height - 1);
            rows.into_iter().any(|rr| {
                (c.saturating_sub(NEAR)..=(c + NEAR).min(width - 1))
                    .any(|cc| position.at(rr * width + cc).is_some())
            })
        })
        .filter(|&cell| !position.is_forbidden(cell))
        .collect()
}

/// The tables of fitted vectors: the evaluation's numbers times `eval_scale` and the move
/// scores times `move_scale`, rounded and kept within `i16`.
#[must_use]
pub fn tables(eval: &[f64], moves: &[f64], eval_scale: f64, move_scale: f64) -> CodeTables {
    let number = |x: f64, scale: f64| (x * scale).round().clamp(-32767.0, 32767.0) as i16;
    let sets = CodeSet::ALL.map(|set| {
        let mut table = CodeTable::zero();
        for code in 0..CODES {
            for role in 0..2 {
                table.eval[role][code] = number(eval[eval_index(set, role, code)], eval_scale);
            }
            table.attack[code] = number(moves[move_index(set, 0, code)], move_scale);
            table.defence[code] = number(moves[move_index(set, 1, code)], move_scale);
        }
        for mask in 0..MASKS {
            table.mask[mask] = number(eval[mask_index(set, mask)], eval_scale);
        }
        table
    });
    CodeTables { sets }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_sums_its_features_into_the_tables_value() {
        let game: GameLine = "15,15,5\t1\t7,7 7,8 8,8 6,6 9,9 8,7 6,8 5,5 9,8 9,7"
            .parse()
            .unwrap();
        let samples = samples(&game, 2).unwrap();
        assert_eq!(samples.len(), 8);
        // With every evaluation parameter numbered by its index, the tables' value of the
        // position is the features times the parameters.
        let eval: Vec<f64> = (0..EVAL_PARAMETERS).map(|i| (i % 97) as f64).collect();
        let moves: Vec<f64> = (0..MOVE_PARAMETERS).map(|i| (i % 89) as f64).collect();
        let tables: &'static CodeTables = Box::leak(Box::new(tables(&eval, &moves, 1.0, 1.0)));
        let positions = game.positions().unwrap();
        for (sample, (position, points)) in samples.iter().zip(&positions[2..]) {
            assert_eq!(f64::from(sample.points), *points);
            let board = PatternBoard::with_codes(position, Some(tables));
            let codes = board.codes().unwrap();
            let me = position.side_to_move();
            let sum: f64 = sample
                .eval
                .iter()
                .map(|&(i, n)| eval[i as usize] * f64::from(n))
                .sum();
            assert_eq!(sum, f64::from(codes.value(me)));
            let [attack, defence] = sample.candidates[0];
            let played = position.check_move(game.moves[position.stones()]).unwrap();
            assert_eq!(
                moves[attack as usize] + moves[defence as usize],
                f64::from(codes.order(played, me))
            );
        }
    }
}
