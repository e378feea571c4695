//! `tictactoe bench --smp`: what Lazy SMP buys on five in a row. Each of a fixed set of 15x15
//! middle games is searched for a fixed time with each thread count, a fresh table each
//! time, and the depth reached and the nodes per second (all threads' nodes) are printed.
//! A measurement, not a signature: the figures move with the machine and its load. With
//! `--threads 1` and `--generic` beside it, it compares the gomoku engine's depth and speed
//! with the general engine's.

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::Serialize;

use super::super::{CliError, emit};
use super::BenchArgs;
use crate::engine::{Engine, EngineConfig, Limits};
use crate::rules::{Cell, Position, Rule};

/// The middle games, as moves (row,col, 0-based) from the empty 15x15 board.
pub const MIDDLE_GAMES: &[&str] = &[
    // A quiet fight of a few stones each.
    "7,7 8,8 7,8 7,9 6,7 8,6 8,7 9,7",
    // X's diagonal three blocked at both ends, a two of X's on a column.
    "7,7 7,8 8,8 6,6 9,9 6,9 6,7 10,10",
    // A crowded centre, every three of X's blocked.
    "7,7 6,8 8,8 9,9 6,6 5,5 8,6 7,6 6,7 8,7 5,7 4,7",
    // Two knights' shapes side by side.
    "7,7 7,8 6,9 8,7 6,6 8,9 5,8 9,8 6,7 6,8",
    // Two diagonals crossing, both sides' twos all round.
    "7,7 8,8 6,8 8,6 8,7 6,6 7,6 7,8 5,9 9,5",
    // White's wall and black's stones around it.
    "7,7 7,6 8,6 6,6 6,7 5,6 4,6 8,8 9,9 6,8 5,9",
];

/// One search of the measurement.
#[derive(Serialize)]
struct SmpLine {
    position: usize,
    threads: usize,
    depth: u32,
    nodes: u64,
    nodes_per_second: u64,
    best: Option<Cell>,
}

/// One thread count's averages over the positions.
#[derive(Serialize)]
struct SmpSummary {
    threads: usize,
    mean_depth: f64,
    nodes_per_second: u64,
}

/// What `bench --smp` prints.
#[derive(Serialize)]
struct SmpReport {
    time_ms: u64,
    /// The depth each search went to, instead of the time.
    depth: Option<u32>,
    cores: usize,
    searches: Vec<SmpLine>,
    summary: Vec<SmpSummary>,
}

/// The middle game `n` of [`MIDDLE_GAMES`] on the 15x15 board, freestyle or exactly five.
pub fn middle_game(n: usize, exact: bool) -> Position {
    let rule = Rule::new(15, 15, 5, exact).expect("15x15 five in a row is a rule");
    let mut position = Position::new(rule);
    for mv in MIDDLE_GAMES[n].split_whitespace() {
        let (r, c) = mv.split_once(',').expect("row,col");
        let cell = Cell::new(r.parse().expect("row"), c.parse().expect("col"));
        position.play(cell).expect("the middle games are legal");
    }
    position
}

pub fn run(args: &BenchArgs, output: &mut dyn Write) -> Result<(), CliError> {
    if args.threads.is_empty() || args.threads.iter().any(|&t| t == 0 || t > 64) {
        return Err(CliError::Usage(
            "--threads takes thread counts from 1 to 64, such as 1,2".to_string(),
        ));
    }
    if args.time_ms == 0 {
        return Err(CliError::Usage("--time-ms must be above 0".to_string()));
    }
    let limits = match args.depth {
        Some(depth) => Limits {
            depth: Some(depth),
            ..Limits::default()
        },
        None => Limits {
            time: Some(Duration::from_millis(args.time_ms)),
            ..Limits::default()
        },
    };
    let stop = AtomicBool::new(false);
    let mut searches = Vec::new();
    for n in 0..MIDDLE_GAMES.len() {
        let position = middle_game(n, args.exact);
        for &threads in &args.threads {
            let mut engine = Engine::new(EngineConfig {
                threads,
                gomoku: !args.generic,
                ..EngineConfig::default()
            });
            let found = engine.search(&position, &limits, &stop, &mut |_| {});
            let seconds = found.stats.elapsed.as_secs_f64().max(1e-6);
            searches.push(SmpLine {
                position: n + 1,
                threads,
                depth: found.stats.depth,
                nodes: found.stats.nodes,
                nodes_per_second: (found.stats.nodes as f64 / seconds) as u64,
                best: found.best,
            });
        }
    }
    let summary = args
        .threads
        .iter()
        .map(|&threads| {
            let mine: Vec<&SmpLine> = searches.iter().filter(|s| s.threads == threads).collect();
            let count = mine.len().max(1) as f64;
            SmpSummary {
                threads,
                mean_depth: mine.iter().map(|s| f64::from(s.depth)).sum::<f64>() / count,
                nodes_per_second: (mine.iter().map(|s| s.nodes_per_second as f64).sum::<f64>()
                    / count) as u64,
            }
        })
        .collect();
    let report = SmpReport {
        time_ms: args.time_ms,
        depth: args.depth,
        cores: std::thread::available_parallelism().map_or(1, usize::from),
        searches,
        summary,
    };
    emit(output, args.json, &report)
}

impl fmt::Display for SmpReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limit = match self.depth {
            Some(depth) => format!("to depth {depth}"),
            None => format!("{} ms each", self.time_ms),
        };
        writeln!(
            f,
            "15x15 middle games, {limit}, {} cores available",
            self.cores
        )?;
        for s in &self.searches {
            writeln!(
                f,
                "position {}  threads {:>2}  depth {:>2}  nodes {:>9}  nodes/s {:>8}  best {}",
                s.position,
                s.threads,
                s.depth,
                s.nodes,
                s.nodes_per_second,
                super::MaybeCell(s.best),
            )?;
        }
        writeln!(f, "===========================")?;
        for s in &self.summary {
            writeln!(
                f,
                "threads {:>2}: mean depth {:.1}, mean nodes/s {}",
                s.threads, s.mean_depth, s.nodes_per_second
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(threads: Vec<usize>, time_ms: u64) -> BenchArgs {
        BenchArgs {
            rule: None,
            exact: false,
            json: false,
            smp: true,
            threads,
            time_ms,
            ..BenchArgs::default()
        }
    }

    #[test]
    fn the_middle_games_are_quiet_positions_of_15x15() {
        for n in 0..MIDDLE_GAMES.len() {
            let position = middle_game(n, false);
            assert!(!position.is_over());
            assert!(position.stones() >= 8, "position {}", n + 1);
        }
        assert!(MIDDLE_GAMES.len() >= 5);
    }

    #[test]
    fn every_position_is_searched_with_every_thread_count() {
        let mut out = Vec::new();
        run(&args(vec![1, 2], 20), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.matches("threads  1  depth").count(),
            MIDDLE_GAMES.len()
        );
        assert_eq!(
            text.matches("threads  2  depth").count(),
            MIDDLE_GAMES.len()
        );
        assert!(text.contains("threads  2: mean depth"), "{text}");
    }

    #[test]
    fn bad_thread_counts_and_times_are_refused() {
        let mut out = Vec::new();
        assert!(run(&args(vec![0], 20), &mut out).is_err());
        assert!(run(&args(vec![], 20), &mut out).is_err());
        assert!(run(&args(vec![1], 0), &mut out).is_err());
        assert!(out.is_empty());
    }
}
