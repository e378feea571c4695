//! What fitting the evaluation's weights to game results needs (the Texel method): the games
//! (read from games files by [`super::games`]), and each quiet position's features, the numbers the evaluation
//! multiplies the weights by. The evaluation is linear in every weight but the initiative:
//! `evaluate = Σ weight × feature` for the line patterns and the forks, where a feature counts
//! the side to move's cells (times the initiative's eighths) less the opponent's, plus one
//! for the fork the side to move has to play. The tuning tool (`examples/texel.rs`) fits
//! those weights by logistic regression of game results on this sum.

use crate::rules::{Position, Side};

use super::eval::{evaluated_board, fork_to_play};
use super::patterns::{Combo, Pattern, is_double_four};
use super::weights::{ForkWeights, LineWeights, Weights};

pub use super::games::{GameLine, append_games, check_name, games_files, read_games, write_games};

/// The number of weights fitted: ten line patterns, three forks in a cell, three forks to
/// play.
pub const PARAMETERS: usize = 16;

/// The weights' names, in the order of [`vector`].
pub const NAMES: [&str; PARAMETERS] = [
    "lines.dead1",
    "lines.live1",
    "lines.dead2",
    "lines.live2",
    "lines.dead3",
    "lines.live3",
    "lines.dead4",
    "lines.live4",
    "lines.double_four",
    "lines.five",
    "forks.double_three",
    "forks.four_three",
    "forks.open_four",
    "to_play.double_three",
    "to_play.four_three",
    "to_play.open_four",
];

/// The forks, in the order their weights come in [`vector`].
const FORKS: [Combo; 3] = [Combo::DoubleThree, Combo::FourThree, Combo::OpenFour];

/// The weights as numbers, in the order of [`NAMES`] (the initiative is left out: it is not
/// linear).
#[must_use]
pub fn vector(weights: &Weights) -> [f64; PARAMETERS] {
    let l = &weights.lines;
    let lines = [
        l.dead1,
        l.live1,
        l.dead2,
        l.live2,
        l.dead3,
        l.live3,
        l.dead4,
        l.live4,
        l.double_four,
        l.five,
    ];
    let forks = FORKS.map(|c| weights.forks.of(c));
    let to_play = FORKS.map(|c| weights.to_play.of(c));
    let mut out = [0.0; PARAMETERS];
    for (slot, w) in out
        .iter_mut()
        .zip(lines.iter().chain(&forks).chain(&to_play))
    {
        *slot = f64::from(*w);
    }
    out
}

/// `weights` with the fitted numbers of `v` (rounded), the initiative kept, and the
/// provenance given.
#[must_use]
pub fn from_vector(weights: &Weights, v: &[f64; PARAMETERS], provenance: String) -> Weights {
    let n: Vec<i32> = v.iter().map(|x| x.round() as i32).collect();
    Weights {
        provenance,
        lines: LineWeights {
            dead1: n[0],
            live1: n[1],
            dead2: n[2],
            live2: n[3],
            dead3: n[4],
            live3: n[5],
            dead4: n[6],
            live4: n[7],
            double_four: n[8],
            five: n[9],
        },
        forks: ForkWeights {
            double_three: n[10],
            four_three: n[11],
            open_four: n[12],
        },
        to_play: ForkWeights {
            double_three: n[13],
            four_three: n[14],
            open_four: n[15],
        },
        initiative_eighths: weights.initiative_eighths,
    }
}

/// The features of `position` for the side to move, with the initiative at
/// `initiative_eighths`: `Σ weight × feature` is the evaluation before it is clamped. `None`
/// where the evaluation is never asked: not five in a row on a large board, a finished game,
/// or a position where either side has a five to play (the search settles those).
#[must_use]
pub fn features(position: &Position, initiative_eighths: i32) -> Option<[f64; PARAMETERS]> {
    let board = evaluated_board(position, None)?;
    let me = position.side_to_move();
    let mut out = [0.0; PARAMETERS];
    let share = f64::from(initiative_eighths) / 8.0;
    for (side, sign) in [(me, share), (me.other(), -1.0)] {
        let forbidden = position.rule().renju() && side == Side::X;
        for cell in position.empty_indices() {
            let at = board.at(cell, side);
            if forbidden && is_double_four(at.lines) {
                continue;
            }
            for line in at.lines {
                // Every pattern but `None` has a weight, in the order of [`NAMES`].
                if line != Pattern::None {
                    out[line as usize - 1] += sign;
                }
            }
            if let Some(k) = FORKS.iter().position(|&c| c == at.combo) {
                out[10 + k] += sign;
            }
        }
    }
    if let Some(fork) = fork_to_play(&board, me)
        && let Some(k) = FORKS.iter().position(|&c| c == fork)
    {
        out[13 + k] = 1.0;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::engine::gomoku::eval::evaluate;
    use crate::engine::gomoku::lines::PatternBoard;
    use crate::rules::{Cell, Rule};

    /// A random game of `moves` moves near the centre of a 15x15 board by `rule`.
    fn random_game(rng: &mut rand::rngs::StdRng, rule: Rule, moves: usize) -> Position {
        let mut position = Position::new(rule);
        while position.stones() < moves && !position.is_over() {
            let near: Vec<Cell> = position
                .legal_moves()
                .into_iter()
                .filter(|c| (3..=11).contains(&c.row) && (3..=11).contains(&c.col))
                .collect();
            let cell = near[rng.random_range(0..near.len())];
            position.play(cell).unwrap();
        }
        position
    }

    #[test]
    fn the_features_times_the_weights_are_the_evaluation() {
        let weights = Weights::built_in();
        let w = vector(weights);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut checked = 0;
        for rule in ["15,15,5", "15,15,5 exact", "renju"] {
            let rule: Rule = rule.parse().unwrap();
            for _ in 0..60 {
                let moves = rng.random_range(4..40);
                let position = random_game(&mut rng, rule, moves);
                let Some(f) = features(&position, weights.initiative_eighths) else {
                    continue;
                };
                let sum: f64 = f.iter().zip(&w).map(|(f, w)| f * w).sum();
                let board = PatternBoard::with_codes(&position, None);
                let eval = f64::from(evaluate(&board, position.side_to_move()));
                // The evaluation divides the side to move's total by 8 in integers.
                assert!(
                    (sum - eval).abs() <= 1.0,
                    "{sum} against {eval} in {position:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} quiet positions");
    }

    #[test]
    fn the_weights_go_through_the_vector_unchanged() {
        let weights = Weights::built_in();
        let back = from_vector(weights, &vector(weights), weights.provenance.clone());
        assert_eq!(&back, weights);
    }
}
