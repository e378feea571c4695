//! The games of a match as a games file (`--record`): one game a line, in the format the
//! evaluation's tuning tool reads ([`tictactoe::engine::tuning::GameLine`]): the rule,
//! black's points, and every move from the opening's first stone. Games lost by a fault (a
//! time-out, an illegal move, a crash) are left out: their result says nothing about the
//! positions.

use std::io::Write;
use std::path::Path;

use tictactoe::engine::tuning::GameLine;
use tictactoe::rules::{Cell, Rule};

use crate::board::Colour;
use crate::game::End;
use crate::openings::Opening;
use crate::report::GameRecord;

/// The games file's lines for `records` played under `rule`, whose openings are `stones`
/// (by the records' opening index).
pub fn lines(rule: Rule, stones: &[Vec<Cell>], records: &[GameRecord]) -> Vec<GameLine> {
    records
        .iter()
        .filter(|r| !matches!(r.outcome.end, End::Fault(..)))
        .map(|r| GameLine {
            rule,
            black_points: match r.outcome.end.winner() {
                Some(Colour::Black) => 1.0,
                Some(Colour::White) => 0.0,
                None => 0.5,
            },
            moves: stones[r.opening]
                .iter()
                .copied()
                .chain(r.outcome.moves.iter().map(|p| Cell::new(p.y, p.x)))
                .collect(),
        })
        .collect()
}

/// The stones of each opening as cells.
pub fn opening_cells(
    openings: &[Opening],
    size: usize,
    variant: crate::board::Variant,
) -> Result<Vec<Vec<Cell>>, String> {
    openings
        .iter()
        .map(|o| {
            o.stones(size, variant)
                .map(|points| points.iter().map(|p| Cell::new(p.y, p.x)).collect())
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// Appends `lines` to the games file at `path` (made if missing), so several matches can
/// feed one file.
pub fn append(path: &Path, lines: &[GameLine]) -> Result<(), String> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
