//! The score of a match between engines with its confidence interval: how sure a few games
//! let one be of a strength. `gomoku-match` prints it under its table, and the grader's
//! match against the game's own engine ([`crate::grade`]) in its report.

use serde::Serialize;

/// A score over games with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub points: f64,
    pub games: usize,
    /// The fraction of the points, and the interval's ends.
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// The Wilson score interval of the fraction of points (a draw counted as half a win),
    /// which stays inside [0, 1] and keeps a width at a score of 0 or 1, where the plain
    /// normal approximation would claim certainty; `None` without games. Draws make the
    /// true spread smaller, so with many draws the interval is on the wide side.
    #[must_use]
    pub fn of(points: &[f64]) -> Option<Interval> {
        if points.is_empty() {
            return None;
        }
        let n = points.len() as f64;
        let total: f64 = points.iter().sum();
        let mean = total / n;
        // 1.96 standard errors: 95% of a normal distribution.
        let z2 = 1.96f64 * 1.96;
        let centre = (mean + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = 1.96 * (mean * (1.0 - mean) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Some(Interval {
            points: total,
            games: points.len(),
            mean,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_narrows_with_games_and_stays_in_bounds() {
        assert_eq!(Interval::of(&[]), None);
        let close = |a: f64, b: f64| (a - b).abs() < 5e-4;
        let even = Interval::of(&[1.0, 0.0]).unwrap();
        assert_eq!(even.mean, 0.5);
        assert!(
            close(even.low, 0.0945) && close(even.high, 0.9055),
            "{even:?}"
        );
        let many: Vec<f64> = (0..200).map(|i| f64::from(i % 2)).collect();
        let wide = Interval::of(&many).unwrap();
        assert!(
            close(wide.low, 0.4314) && close(wide.high, 0.5686),
            "{wide:?}"
        );
        // A clean sweep is not a certainty: 10 of 10 leaves room down to 72%.
        let all = Interval::of(&[1.0; 10]).unwrap();
        assert!(close(all.low, 0.7225) && all.high == 1.0, "{all:?}");
        let none = Interval::of(&[0.0; 20]).unwrap();
        assert!(none.low == 0.0 && close(none.high, 0.1611), "{none:?}");
    }
}
