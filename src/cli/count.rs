//! `tictactoe count`: perft-style counts of the whole game tree of a small board, from
//! [`crate::rules::perft`].

use std::fmt;
use std::io::Write;
use std::time::Instant;

use clap::Args;
use serde::Serialize;

use super::{BoardArgs, CliError, emit};
use crate::rules::perft::{self, Counts};

/// Arguments of `count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub board: BoardArgs,
}

/// What `count` prints.
#[derive(Serialize)]
struct CountReport {
    rule: String,
    #[serde(flatten)]
    counts: Counts,
    seconds: f64,
}

pub fn run(args: &CountArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let rule = args.board.rule();
    let start = Instant::now();
    let counts = perft::count(rule)?;
    let report = CountReport {
        rule: rule.to_string(),
        counts,
        seconds: start.elapsed().as_secs_f64(),
    };
    emit(output, args.board.json, &report)
}

impl fmt::Display for CountReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counts;
        writeln!(f, "rule                       {}", self.rule)?;
        writeln!(f, "games                      {}", c.games)?;
        writeln!(f, "  X wins                   {}", c.x_wins)?;
        writeln!(f, "  O wins                   {}", c.o_wins)?;
        writeln!(f, "  draws                    {}", c.draws)?;
        writeln!(f, "reachable positions        {}", c.positions)?;
        writeln!(f, "terminal positions         {}", c.terminal_positions)?;
        writeln!(
            f,
            "positions up to symmetry   {}",
            c.positions_up_to_symmetry
        )?;
        writeln!(
            f,
            "terminal up to symmetry    {}",
            c.terminal_up_to_symmetry
        )?;
        writeln!(f, "games up to symmetry       {}", c.games_up_to_symmetry)?;
        writeln!(f, "seconds                    {:.3}", self.seconds)
    }
}
