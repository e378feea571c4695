//! `tictactoe bench --solve`: how long the engine takes to solve the empty board of each
//! small rule, from 3x3 up to 5x5 with four in a row, one thread and a fresh table each:
//! the value, the best move, the nodes and the time of each. The values are known (the
//! tests check them); the times are a measurement and move with the machine and its load.

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;

use serde::Serialize;

use super::super::wording::{MaybeCell, ValueText};
use super::super::{CliError, emit};
use super::BenchArgs;
use crate::engine::{Algorithm, Engine, EngineConfig, Limits};
use crate::rules::{Cell, Position, Rule};

/// The boards solved, as width, height and K, quickest first.
pub const BOARDS: &[(usize, usize, usize)] = &[
    (3, 3, 3),
    (4, 4, 3),
    (4, 4, 4),
    (5, 4, 4),
    (6, 5, 4),
    (5, 5, 4),
];

/// The table size of every solve.
const TT_MEGABYTES: usize = 4;

/// One board's solve.
#[derive(Serialize)]
struct SolveLine {
    rule: String,
    #[serde(flatten)]
    verdict: ValueText,
    best: Option<Cell>,
    nodes: u64,
    seconds: f64,
}

/// What `bench --solve` prints.
#[derive(Serialize)]
struct SolveBenchReport {
    boards: Vec<SolveLine>,
}

pub fn run(args: &BenchArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let chosen: Vec<Rule> = BOARDS
        .iter()
        .map(|&(w, h, k)| Rule::new(w, h, k, false).expect("the bench's boards are rules"))
        .filter(|rule| args.rule.is_none_or(|r| r == *rule))
        .map(|rule| rule.with_exact(args.exact))
        .collect();
    if chosen.is_empty() {
        return Err(CliError::Usage(
            "bench --solve solves only 3,3,3 4,4,3 4,4,4 5,4,4 6,5,4 and 5,5,4".to_string(),
        ));
    }
    let stop = AtomicBool::new(false);
    let boards = chosen
        .into_iter()
        .map(|rule| {
            let mut engine = Engine::new(EngineConfig {
                algorithm: Algorithm::Full,
                tt_megabytes: TT_MEGABYTES,
                ..EngineConfig::default()
            });
            let empty = Position::new(rule);
            let found = engine.search(&empty, &Limits::default(), &stop, &mut |_| {});
            SolveLine {
                rule: rule.to_string(),
                verdict: ValueText::of(&found.value, &empty),
                best: found.best,
                nodes: found.stats.nodes,
                seconds: found.stats.elapsed.as_secs_f64(),
            }
        })
        .collect();
    emit(output, args.json, &SolveBenchReport { boards })
}

impl fmt::Display for SolveBenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "The empty board of each rule, solved")?;
        for line in &self.boards {
            writeln!(
                f,
                "{:<12} {:<18} best {:<8} nodes {:>10}  seconds {:.3}",
                line.rule,
                line.verdict.to_string(),
                MaybeCell(line.best).to_string(),
                line.nodes,
                line.seconds,
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(rule: Option<&str>) -> BenchArgs {
        BenchArgs {
            solve: true,
            rule: rule.map(|r| r.parse().unwrap()),
            ..BenchArgs::default()
        }
    }

    #[test]
    fn each_board_is_solved_to_its_value_from_the_literature() {
        // 3x3 and 4x4 with four in a row are draws, 4x4 with three a first-player win.
        for (rule, result) in [
            ("3,3,3", "draw in 9 plies"),
            ("4,4,3", "win in"),
            ("4,4,4", "draw in 16 plies"),
        ] {
            let mut out = Vec::new();
            run(&args(Some(rule)), &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let lines: Vec<&str> = text.lines().filter(|l| l.starts_with(rule)).collect();
            assert_eq!(lines.len(), 1, "{text}");
            assert!(lines[0].contains(result), "{text}");
        }
    }

    #[test]
    fn a_board_not_in_the_list_is_refused() {
        let mut out = Vec::new();
        assert!(run(&args(Some("7,7,5")), &mut out).is_err());
        assert!(out.is_empty());
    }
}
