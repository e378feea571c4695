//! What fitting the evaluation's weights to game results needs (the Texel method): the games
//! as lines of text, and each quiet position's features, the numbers the evaluation
//! multiplies the weights by. The evaluation is linear in every weight but the initiative:
//! `evaluate = Σ weight × feature` for the line patterns and the forks, where a feature counts
//! the side to move's cells (times the initiative's eighths) less the opponent's, plus one
//! for the fork the side to move has to play. The tuning tool (`examples/texel.rs`) fits
//! those weights by logistic regression of game results on this sum.

use std::fmt;
use std::str::FromStr;

use crate::rules::{Cell, Position, Rule, Side};

use super::eval::fork_to_play;
use super::lines::{PatternBoard, is_gomoku};
use super::patterns::{Combo, Pattern, is_double_four};
use super::weights::{ForkWeights, LineWeights, Weights};

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
    if !is_gomoku(position.rule()) || position.is_over() {
        return None;
    }
    let board = PatternBoard::new(position);
    let me = position.side_to_move();
    if [me, me.other()]
        .iter()
        .any(|&s| board.count(s, Combo::Five) > 0)
    {
        return None;
    }
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

/// One game as a line of a games file: the rule, black's points (1, 0.5 or 0) and every
/// move from the first, black first, as `row,column` from 0, separated by tabs and spaces:
/// `15,15,5 renju<TAB>1<TAB>7,7 7,8 8,8 ...`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    pub rule: Rule,
    pub black_points: f64,
    pub moves: Vec<Cell>,
}

impl fmt::Display for GameLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t{}\t", self.rule, self.black_points)?;
        let moves: Vec<String> = self
            .moves
            .iter()
            .map(|c| format!("{},{}", c.row, c.col))
            .collect();
        f.write_str(&moves.join(" "))
    }
}

impl FromStr for GameLine {
    type Err = String;

    fn from_str(line: &str) -> Result<GameLine, String> {
        let mut fields = line.split('\t');
        let (Some(rule), Some(points), Some(moves), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err("expected three fields separated by tabs".to_string());
        };
        let rule: Rule = rule.parse().map_err(|e| format!("the rule: {e}"))?;
        let black_points = match points {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            _ => {
                return Err(format!(
                    "black's points must be 1, 0.5 or 0, got {points:?}"
                ));
            }
        };
        let moves = moves
            .split_whitespace()
            .map(|m| {
                let (r, c) = m.split_once(',').ok_or(format!("bad move {m:?}"))?;
                let number = |t: &str| t.parse::<usize>().map_err(|_| format!("bad move {m:?}"));
                Ok(Cell::new(number(r)?, number(c)?))
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(GameLine {
            rule,
            black_points,
            moves,
        })
    }
}

impl GameLine {
    /// The positions of the game in order, the first before any move, each with the points of
    /// its side to move; an illegal move is an error.
    pub fn positions(&self) -> Result<Vec<(Position, f64)>, String> {
        let mut position = Position::new(self.rule);
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        for (number, &cell) in self.moves.iter().enumerate() {
            out.push((position.clone(), self.points_of(position.side_to_move())));
            position
                .play(cell)
                .map_err(|e| format!("move {} ({cell}): {e}", number + 1))?;
        }
        Ok(out)
    }

    fn points_of(&self, side: Side) -> f64 {
        match side {
            Side::X => self.black_points,
            Side::O => 1.0 - self.black_points,
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::engine::gomoku::eval::evaluate;

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
                let board = PatternBoard::new(&position);
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

    #[test]
    fn a_game_line_is_written_and_read_back_and_a_bad_one_is_refused() {
        let line = GameLine {
            rule: Rule::RENJU,
            black_points: 0.5,
            moves: vec![Cell::new(7, 7), Cell::new(7, 8), Cell::new(8, 8)],
        };
        let text = line.to_string();
        assert_eq!(text, "15,15,5 renju\t0.5\t7,7 7,8 8,8");
        assert_eq!(text.parse::<GameLine>().unwrap(), line);
        let positions = line.positions().unwrap();
        assert_eq!(positions.len(), 3);
        assert_eq!(positions[1].1, 0.5);
        assert!("15,15,5\t2\t7,7".parse::<GameLine>().is_err());
        assert!("15,15,5\t1\t7;7".parse::<GameLine>().is_err());
        let taken: GameLine = "15,15,5\t1\t7,7 7,7".parse().unwrap();
        assert!(taken.positions().unwrap_err().contains("move 2"));
    }
}
