//! `tictactoe bench`: searches a fixed list of positions on several boards with fixed
//! limits, one thread and a cleared table each time, and prints the nodes of each and their
//! total. The total is a signature of the search's behaviour: any change to move ordering,
//! pruning or the table shows up in it at once (as Stockfish's `bench` does). Every limit is
//! a depth (or the end of the game), never a time, so the total is the same on every machine
//! and build; the test below asserts it, and says how to take a new one.
//!
//! Its other modes print measurements rather than a signature: `--smp` (Lazy SMP on 15x15
//! middle games, [`smp`]), `--solve` (the empty small boards solved, [`solve`]) and
//! `--versus` (the gomoku engine against the general one, [`versus`]).

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::wording::{MaybeCell, ValueText};
use super::{CliError, emit, parse_position};
use crate::engine::{Algorithm, Engine, EngineConfig, Limits};
use crate::rules::{Cell, Rule};

mod prove;
mod smp;
mod solve;
mod versus;

/// Arguments of `bench`.
#[derive(Args, Debug, Default)]
pub struct BenchArgs {
    /// Only the positions of this board (all boards by default)
    #[arg(long, value_name = "W,H,K", value_parser = super::parse_rule)]
    pub rule: Option<Rule>,
    /// Search the positions under the exactly-K rule
    #[arg(long)]
    pub exact: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// Search five in a row with the general engine, not the gomoku one (patterns, VCF):
    /// the signature as it was before that engine (and with `--smp`, its depth and speed)
    #[arg(long)]
    pub generic: bool,
    /// Measure Lazy SMP instead: search each 15x15 middle game for `--time-ms` with each
    /// thread count of `--threads`, and print the depth reached and the nodes per second
    #[arg(long, conflicts_with_all = ["solve", "versus", "prove"])]
    pub smp: bool,
    /// Solve the empty board of each small rule instead (3x3 up to 5x5 with four in a row),
    /// and print the value, nodes and time of each
    #[arg(long, conflicts_with_all = ["versus", "prove"])]
    pub solve: bool,
    /// Play the gomoku engine against the general engine on 15x15 instead, from four
    /// openings with both colours, `--time-ms` a move, and print the games and the score
    #[arg(long, conflicts_with = "prove")]
    pub versus: bool,
    /// Prove the ladder of empty boards (4,4,4 up to 8,8,5) with the prover instead, with
    /// each thread count of `--threads`: value, time, nodes, pairing searches and cache hits
    #[arg(long)]
    pub prove: bool,
    /// The time limit per board of `--prove`, in seconds (the value is then "unknown")
    #[arg(long, default_value = "60", value_name = "S", value_parser = super::parse_seconds)]
    pub prove_seconds: Duration,
    /// The thread counts compared by `--smp` and `--prove`
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1,2",
        value_name = "N,N..."
    )]
    pub threads: Vec<usize>,
    /// The time per position of `--smp`, or per move of `--versus`, in milliseconds
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    pub time_ms: u64,
    /// With `--smp`: search each middle game to this depth instead of for `--time-ms` (with
    /// one thread the node counts are then the same on every machine: a check that a
    /// change for speed searches the same tree)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=30))]
    pub depth: Option<u32>,
}

/// One position of the bench and the limit it is searched to (`None`: solved outright).
struct BenchPosition {
    rule: &'static str,
    position: &'static str,
    depth: Option<u32>,
}

const fn bench(rule: &'static str, position: &'static str, depth: Option<u32>) -> BenchPosition {
    BenchPosition {
        rule,
        position,
        depth,
    }
}

/// The positions. Changing this list changes the signature.
const POSITIONS: &[BenchPosition] = &[
    // Tic-tac-toe, solved: the empty board, an opening and two middlegames.
    bench("3,3,3", ".../.../...", None),
    bench("3,3,3", "x../.../...", None),
    bench("3,3,3", "x../.o./...", None),
    bench("3,3,3", "x../.o./..x", None),
    bench("3,3,3", "xo./.x./..o", None),
    // 4,4,3 (a first-player win), solved.
    bench("4,4,3", "..../..../..../....", None),
    bench("4,4,3", "..../.o../..x./....", None),
    // 4,4,4 (a draw), solved from a middlegame.
    bench("4,4,4", "x.../.o../..x./...o", None),
    bench("4,4,4", "..../.xo./.ox./....", None),
    // Middlegames of larger boards at a fixed depth.
    bench("5,5,4", "...../.xo../..x../.o.../.....", Some(6)),
    bench("6,5,4", "....../..xo../..ox../....../......", Some(6)),
    // Openings of larger boards at a fixed depth, where the search has work to do.
    bench("5,5,4", "...../...../...../...../.....", Some(8)),
    bench(
        "6,6,4",
        "....../....../..xx../...o../....../......",
        Some(7),
    ),
    bench(
        "7,7,5",
        "......./......./......./...xo../......./......./.......",
        Some(6),
    ),
    // Gomoku, a few moves in, at a fixed depth.
    bench(
        "15,15,5",
        "...............\
         /...............\
         /...............\
         /...............\
         /...............\
         /...............\
         /......o........\
         /.......x.......\
         /......xo.......\
         /...............\
         /...............\
         /...............\
         /...............\
         /...............\
         /...............",
        Some(4),
    ),
    // Gomoku middle games (the first and third of `bench --smp`), at a fixed depth.
    bench(
        "15,15,5",
        "...............\
         /...............\
         /...............\
         /...............\
         /...............\
         /...............\
         /.......x.......\
         /.......xxo.....\
         /......oxo......\
         /.......o.......\
         /...............\
         /...............\
         /...............\
         /...............\
         /...............",
        Some(6),
    ),
    bench(
        "15,15,5",
        "...............\
         /...............\
         /...............\
         /...............\
         /.......o.......\
         /.....o.x.......\
         /......xxo......\
         /......ox.......\
         /......xox......\
         /.........o.....\
         /...............\
         /...............\
         /...............\
         /...............\
         /...............",
        Some(6),
    ),
];

/// The table size of every bench search: part of what the signature depends on.
const TT_MEGABYTES: usize = 16;

/// What `bench` prints for one position.
#[derive(Serialize)]
struct BenchLine {
    rule: String,
    position: String,
    depth: u32,
    #[serde(flatten)]
    verdict: ValueText,
    best: Option<Cell>,
    nodes: u64,
}

/// What `bench` prints.
#[derive(Serialize)]
struct BenchReport {
    positions: Vec<BenchLine>,
    /// The signature: the total of the nodes.
    nodes: u64,
    seconds: f64,
    nodes_per_second: u64,
}

pub fn run(args: &BenchArgs, output: &mut dyn Write) -> Result<(), CliError> {
    if args.smp {
        return smp::run(args, output);
    }
    if args.solve {
        return solve::run(args, output);
    }
    if args.versus {
        return versus::run(args, output);
    }
    if args.prove {
        return prove::run(args, output);
    }
    let chosen: Vec<(Rule, &BenchPosition)> = POSITIONS
        .iter()
        .map(|b| (b.rule.parse::<Rule>().expect("bench rules are valid"), b))
        .filter(|(rule, _)| args.rule.is_none_or(|r| r == *rule))
        .map(|(rule, b)| (rule.with_exact(args.exact), b))
        .collect();
    if chosen.is_empty() {
        return Err(CliError::Usage(
            "no bench position is on that board".to_string(),
        ));
    }
    let report = search_all(&chosen, args.generic)?;
    emit(output, args.json, &report)
}

/// Searches `chosen` one after another, each with a cleared table and one thread, and
/// reports the nodes of each and their total (`generic`: five in a row with the general
/// engine).
fn search_all(chosen: &[(Rule, &BenchPosition)], generic: bool) -> Result<BenchReport, CliError> {
    let mut engine = Engine::new(EngineConfig {
        algorithm: Algorithm::Full,
        tt_megabytes: TT_MEGABYTES,
        threads: 1,
        every_cell: false,
        gomoku: !generic,
        ..EngineConfig::default()
    });
    let stop = AtomicBool::new(false);
    // Only the searches are timed: clearing the table between positions is not searching.
    let mut searching = Duration::ZERO;
    let mut lines = Vec::new();
    for &(rule, b) in chosen {
        let position = parse_position(rule, b.position)?;
        engine.clear();
        let limits = Limits {
            depth: b.depth,
            ..Limits::default()
        };
        let found = engine.search(&position, &limits, &stop, &mut |_| {});
        searching += found.stats.elapsed;
        lines.push(BenchLine {
            rule: rule.to_string(),
            position: position.to_notation(),
            depth: found.stats.depth,
            verdict: ValueText::of(&found.value, &position),
            best: found.best,
            nodes: found.stats.nodes,
        });
    }
    let elapsed = searching.max(Duration::from_micros(1));
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    Ok(BenchReport {
        positions: lines,
        nodes,
        seconds: elapsed.as_secs_f64(),
        nodes_per_second: (nodes as f64 / elapsed.as_secs_f64()) as u64,
    })
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, line) in self.positions.iter().enumerate() {
            let position = if line.position.len() > 36 {
                format!("{}...", &line.position[..33])
            } else {
                line.position.clone()
            };
            writeln!(
                f,
                "{:>2}  {:<8} {:<36}  depth {:>2}  nodes {:>10}  {:<18} best {}",
                n + 1,
                line.rule,
                position,
                line.depth,
                line.nodes,
                line.verdict.to_string(),
                MaybeCell(line.best),
            )?;
        }
        writeln!(f, "===========================")?;
        writeln!(
            f,
            "Search time (ms): {}",
            (self.seconds * 1000.0).round() as u64
        )?;
        writeln!(f, "Nodes searched  : {}", self.nodes)?;
        writeln!(f, "Nodes/second    : {}", self.nodes_per_second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bench's node signature: the total of the nodes `tictactoe bench` searches over
    /// its fixed positions, at fixed depths or to the end, one thread, a cleared table each
    /// time. Nothing in it depends on time or the machine, so any change to the search's
    /// move ordering, pruning, evaluation or table changes this number, and this test says
    /// so (as Stockfish checks its bench signature in CI).
    ///
    /// When a change is meant to change the search: run `tictactoe bench` (or this test,
    /// whose failure prints the new total), check that the values and best moves it prints
    /// are still right and the change is what you meant, and set the new total here in the
    /// same commit, saying in its message why the signature moved.
    const SIGNATURE: u64 = 83_781;

    /// The bench's total over every position (`generic`: five in a row by the general
    /// engine), its lines printed.
    fn signature(generic: bool) -> u64 {
        let chosen: Vec<(Rule, &BenchPosition)> = POSITIONS
            .iter()
            .map(|b| (b.rule.parse::<Rule>().expect("bench rules are valid"), b))
            .collect();
        let report = search_all(&chosen, generic).expect("the bench positions parse");
        // Shown when the test fails: the lines to check before taking a new signature.
        println!("{report}");
        report.nodes
    }

    #[test]
    fn the_bench_signature_is_unchanged() {
        // The general engine's signature on the same lines (`bench --generic`, 943,986
        // nodes) takes seconds in a debug build; `tictactoe bench --generic` prints it.
        assert_eq!(
            signature(false),
            SIGNATURE,
            "the bench's node signature moved"
        );
    }
}
