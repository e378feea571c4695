//! `tictactoe bench --versus`: the gomoku engine (line patterns, VCF and VCT) against the
//! general engine every other board uses, on 15x15 from a few openings, each played with
//! both colours, `--time-ms` a move. Prints each game and the score, and the final board of
//! each game the gomoku engine lost. A measurement of strength, not a signature: the games
//! are timed, so the results move from run to run on a loaded machine.

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::Serialize;

use super::super::{CliError, emit};
use super::BenchArgs;
use crate::engine::{Engine, EngineConfig, Limits};
use crate::rules::{Cell, Position, Rule, Side};

/// The openings: a few stones near the centre of 15x15, as moves (row,col, 0-based).
pub const OPENINGS: [&str; 4] = [
    // The direct opening: X centre, O diagonal, X beside.
    "7,7 8,8 7,8",
    // The indirect opening: O one step off the diagonal.
    "7,7 6,8 8,8",
    // Two stones each, spread out.
    "7,7 7,9 9,7 5,5",
    // A quiet start away from the centre.
    "5,9 6,9 4,8",
];

/// The table size of each engine.
const TT_MEGABYTES: usize = 16;

/// One game of the match.
#[derive(Serialize)]
struct BenchGame {
    opening: &'static str,
    /// The side the gomoku engine played.
    gomoku_side: Side,
    /// The winner's engine: "gomoku", "general", or `None` for a full board.
    winner: Option<&'static str>,
    stones: usize,
    /// The final position, rows from the top joined by '/'.
    end: String,
}

/// What `bench --versus` prints.
#[derive(Serialize)]
struct VersusReport {
    rule: String,
    time_ms: u64,
    games: Vec<BenchGame>,
    /// The gomoku engine's wins, losses and draws.
    wins: usize,
    losses: usize,
    draws: usize,
}

pub fn run(args: &BenchArgs, output: &mut dyn Write) -> Result<(), CliError> {
    if args.time_ms == 0 {
        return Err(CliError::Usage("--time-ms must be above 0".to_string()));
    }
    let rule = Rule::new(15, 15, 5, args.exact).expect("15x15 five in a row is a rule");
    let per_move = Duration::from_millis(args.time_ms);
    let mut games = Vec::new();
    for opening in OPENINGS {
        for gomoku_side in Side::BOTH {
            let end = play(rule, opening, gomoku_side, per_move)?;
            let winner = end.winner().map(|w| {
                if w == gomoku_side {
                    "gomoku"
                } else {
                    "general"
                }
            });
            games.push(BenchGame {
                opening,
                gomoku_side,
                winner,
                stones: end.stones(),
                end: end.to_notation(),
            });
        }
    }
    let count = |who: Option<&str>| games.iter().filter(|g| g.winner == who).count();
    let report = VersusReport {
        rule: rule.to_string(),
        time_ms: args.time_ms,
        wins: count(Some("gomoku")),
        losses: count(Some("general")),
        draws: count(None),
        games,
    };
    emit(output, args.json, &report)
}

/// The position after `opening` on an empty board of `rule`.
fn opening_position(rule: Rule, opening: &str) -> Result<Position, CliError> {
    let mut position = Position::new(rule);
    for mv in opening.split_whitespace() {
        let cell = mv
            .split_once(',')
            .and_then(|(r, c)| Some(Cell::new(r.parse().ok()?, c.parse().ok()?)))
            .ok_or_else(|| CliError::Usage(format!("'{mv}' is not a move")))?;
        position
            .play(cell)
            .map_err(|e| CliError::Usage(format!("opening {opening}: {e}")))?;
    }
    Ok(position)
}

/// Plays one game from `opening` to its end, the gomoku engine as `gomoku_side`, each move
/// searched for `per_move`; the final position.
fn play(
    rule: Rule,
    opening: &str,
    gomoku_side: Side,
    per_move: Duration,
) -> Result<Position, CliError> {
    let engine = |gomoku| {
        Engine::new(EngineConfig {
            tt_megabytes: TT_MEGABYTES,
            gomoku,
            ..EngineConfig::default()
        })
    };
    let (mut gomoku, mut general) = (engine(true), engine(false));
    let mut position = opening_position(rule, opening)?;
    let limits = Limits {
        time: Some(per_move),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    while !position.is_over() {
        let engine = if position.side_to_move() == gomoku_side {
            &mut gomoku
        } else {
            &mut general
        };
        let found = engine.search(&position, &limits, &stop, &mut |_| {});
        let cell = found
            .best
            .ok_or_else(|| CliError::Engine("the engine found no move".to_string()))?;
        position
            .play(cell)
            .map_err(|e| CliError::Engine(format!("the engine's move was refused: {e}")))?;
    }
    Ok(position)
}

impl fmt::Display for VersusReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: the gomoku engine against the general engine, {} ms a move",
            self.rule, self.time_ms
        )?;
        for game in &self.games {
            let result = match game.winner {
                Some("gomoku") => "gomoku engine wins",
                Some(_) => "general engine wins",
                None => "draw",
            };
            writeln!(
                f,
                "opening {:<16} gomoku engine plays {}: {result} ({} stones)",
                game.opening, game.gomoku_side, game.stones
            )?;
            if game.winner == Some("general") {
                for row in game.end.split('/') {
                    writeln!(f, "    {row}")?;
                }
            }
        }
        writeln!(f, "===========================")?;
        writeln!(
            f,
            "gomoku engine: {} wins, {} losses, {} draws",
            self.wins, self.losses, self.draws
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_a_legal_start_of_15x15() {
        let rule = Rule::new(15, 15, 5, false).unwrap();
        for opening in OPENINGS {
            let position = opening_position(rule, opening).unwrap();
            assert_eq!(position.stones(), opening.split_whitespace().count());
            assert!(!position.is_over());
        }
        assert!(opening_position(rule, "7,7 7,7").is_err());
        assert!(opening_position(rule, "7;7").is_err());
    }

    #[test]
    fn a_game_is_played_to_its_end() {
        let rule = Rule::new(15, 15, 5, false).unwrap();
        let end = play(rule, OPENINGS[0], Side::X, Duration::from_millis(5)).unwrap();
        assert!(end.is_over());
        assert!(end.stones() > 3);
        // The moves alternate from the opening on: X has as many stones as O, or one more.
        let x = end.board().iter().filter(|c| **c == Some(Side::X)).count();
        assert!(x * 2 == end.stones() || x * 2 == end.stones() + 1, "{x}");
    }

    #[test]
    fn no_time_is_refused() {
        let args = BenchArgs {
            versus: true,
            ..BenchArgs::default()
        };
        let mut out = Vec::new();
        assert!(run(&args, &mut out).is_err());
        assert!(out.is_empty());
    }
}
