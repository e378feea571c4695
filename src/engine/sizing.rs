//! How big a transposition table a search needs: the configured size, or less on a board
//! with fewer positions than that would hold.

use crate::rules::Rule;

use super::table::Table;
use super::types::{Algorithm, EngineConfig};

/// The table of an engine set up by `config` for boards of at most `positions` positions:
/// none for the reference searches, which keep no table.
pub(super) fn table_for(config: &EngineConfig, positions: usize) -> Table {
    let megabytes = if config.algorithm == Algorithm::Full {
        config.tt_megabytes
    } else {
        0
    };
    Table::new(megabytes, positions)
}

/// How many positions a board of `rule` has at most: every way of placing `x` X stones
/// and `o` O stones with `x == o` or `x == o + 1` (saturating; wins cut the true number down).
#[must_use]
pub fn position_bound(rule: &Rule) -> usize {
    let cells = rule.cells();
    let mut total = 0f64;
    for stones in 0..=cells {
        let (x, o) = (stones.div_ceil(2), stones / 2);
        total += multinomial(cells, x, o);
    }
    if total >= usize::MAX as f64 {
        usize::MAX
    } else {
        total as usize
    }
}

/// `n! / (a! b! (n - a - b)!)` as a float (exact for the board sizes where it matters).
fn multinomial(n: usize, a: usize, b: usize) -> f64 {
    let choose =
        |n: usize, k: usize| (0..k).fold(1f64, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    choose(n, a) * choose(n - a, b)
}
