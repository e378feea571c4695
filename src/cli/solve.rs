//! `tictactoe solve`: the game-theoretic value of a position (the empty board by default),
//! a best move and the principal variation, by a full-depth engine search, or (for boards
//! the engine cannot finish, or when a proof is asked for) the value by the prover.

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use serde::Serialize;

use super::wording::{MaybeCell, MovesText, ValueText};
use super::{BoardArgs, CliError, emit};
use crate::engine::{Engine, EngineConfig, Limits, searches_every_cell};
use crate::rules::{Cell, Side};

/// Arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// The position, rows from the top joined by '/' (for example x.o/.x./...); empty board
    /// by default
    #[arg(long, value_name = "P")]
    pub position: Option<String>,
    /// Stop after this many seconds; the result is "unknown" unless proved by then
    #[arg(long, value_name = "S", value_parser = super::parse_seconds)]
    pub time: Option<Duration>,
    /// Search threads
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Consider every empty cell. Without it, boards of more than 25 cells consider only
    /// cells within two of a stone, and the result holds for that narrower search
    #[arg(long)]
    pub every_cell: bool,
    /// Use the prover (proof-number search with pairing strategies). It is chosen by itself
    /// for boards of 26 to 128 cells with five or more in a row, or with --proof
    #[arg(long)]
    pub prove: bool,
    /// Prove the value with the prover and write the proof (that the side to move cannot
    /// win) to FILE, for `tictactoe verify`
    #[arg(long, value_name = "FILE")]
    pub proof: Option<std::path::PathBuf>,
    /// Prove with the prover, resuming from FILE if it holds this proof saved, and save the
    /// proof's state there as it runs, on Ctrl+C and at the end
    #[arg(long, value_name = "FILE")]
    pub resume: Option<std::path::PathBuf>,
    /// With --resume: say where the proof saved in FILE stands (the searches finished, the
    /// openings, the line the search follows and how many moves along it are decided), and
    /// search nothing
    #[arg(long, requires = "resume", conflicts_with_all = ["proof", "time"])]
    pub status: bool,
    /// With --resume: save every S seconds
    #[arg(long, value_name = "S", value_parser = super::parse_seconds,
          default_value = "300", requires = "resume")]
    pub save_every: Duration,
    /// The prover's table keeps at most N positions: about 50 bytes each on one thread, which
    /// then drops the positions least worth keeping; 32 bytes each, taken as used, in the
    /// table --threads 2 or more share, where a new position replaces the least worth
    /// keeping; 67108864 (some 3.4 GB, or 2 GiB shared) by default
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1024..=(1u64 << 32)))]
    pub table_positions: Option<u64>,
}

/// What `solve` prints.
#[derive(Serialize)]
struct SolveReport {
    rule: String,
    position: String,
    to_move: Side,
    #[serde(flatten)]
    verdict: ValueText,
    best: Option<Cell>,
    nodes: u64,
    seconds: f64,
    depth: u32,
    pv: Vec<Cell>,
    /// Whether every empty cell was a candidate (else only cells near stones).
    every_cell: bool,
    /// Five in a row on a large board without `--every-cell`: the gomoku engine chose among
    /// the cells near stones by their line patterns.
    #[serde(skip)]
    patterns: bool,
}

pub fn run(args: &SolveArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let position = args.board.position(args.position.as_deref())?;
    if let (true, Some(path)) = (args.status, &args.resume) {
        return super::prove::status(&position, path, args.board.json, output);
    }
    let asks_proof = args.prove
        || args.proof.is_some()
        || args.resume.is_some()
        || args.table_positions.is_some();
    if asks_proof || (!args.every_cell && super::prove::prefers_prover(&position)) {
        let options = super::prove::ProveOptions {
            threads: usize::from(args.threads),
            time: args.time,
            proof: args.proof.as_deref(),
            resume: args.resume.as_deref(),
            save_every: args.save_every,
            table_positions: args
                .table_positions
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            json: args.board.json,
        };
        return super::prove::run(&position, &options, output);
    }
    let config = EngineConfig {
        threads: usize::from(args.threads),
        every_cell: args.every_cell,
        ..EngineConfig::default()
    };
    let mut engine = Engine::for_rule(config, position.rule());
    let limits = Limits {
        time: args.time,
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let found = engine.search(&position, &limits, &stop, &mut |_| {});
    let verdict = if position.is_over() {
        ValueText::of_finished(&position)
    } else {
        ValueText::of(&found.value, &position)
    };
    let report = SolveReport {
        rule: position.rule().to_string(),
        position: position.to_notation(),
        to_move: position.side_to_move(),
        verdict,
        best: found.best,
        nodes: found.stats.nodes,
        seconds: found.stats.elapsed.as_secs_f64(),
        depth: found.stats.depth,
        pv: found.pv,
        every_cell: args.every_cell || searches_every_cell(position.rule()),
        patterns: !args.every_cell && crate::engine::uses_gomoku_engine(position.rule()),
    };
    emit(output, args.board.json, &report)
}

impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "position  {}  ({}, {} to move)",
            self.position, self.rule, self.to_move
        )?;
        writeln!(f, "result    {}", self.verdict)?;
        writeln!(f, "best      {}", MaybeCell(self.best))?;
        writeln!(f, "pv        {}", MovesText(&self.pv))?;
        writeln!(f, "depth     {}", self.depth)?;
        if self.every_cell {
            writeln!(f, "cells     every empty cell searched")?;
        } else if self.patterns {
            writeln!(
                f,
                "cells     only cells within two of a stone searched, the best of them by \
                 their five-in-a-row patterns (--every-cell for all)"
            )?;
        } else {
            writeln!(
                f,
                "cells     only cells within two of a stone searched (--every-cell for all)"
            )?;
        }
        writeln!(f, "nodes     {}", self.nodes)?;
        writeln!(f, "seconds   {:.3}", self.seconds)
    }
}
