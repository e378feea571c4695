//! `tictactoe grade ENGINE [ARGS...]`: puts every position of tic-tac-toe that is not over
//! to a player someone wrote (any program that speaks the Gomocup protocol) and says which
//! answers were not best, from a solver of its own ([`crate::grade`]). Progress goes to
//! standard error; the report to standard output, as text or with `--json` as one object.
//! Exits 0 when every position was asked (mistakes or not), 1 when the player could not
//! be graded to the end (it did not start, or failed several positions in a row).

use std::io::Write;
use std::time::Duration;

use clap::Args;

use super::CliError;
use crate::grade::{self, Limits};
use crate::protocol::engine::EngineCommand;

/// Arguments of `grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    /// The player: a program that speaks the Gomocup protocol, and its arguments
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ENGINE"
    )]
    pub engine: Vec<String>,
    /// Seconds the player has for each answer
    #[arg(long, value_name = "S", default_value = "2", value_parser = super::parse_seconds)]
    pub turn: Duration,
    /// Seconds the player has to answer START
    #[arg(long, value_name = "S", default_value = "10", value_parser = super::parse_seconds)]
    pub start: Duration,
    /// Print the report as one JSON object, with every mistake
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &GradeArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let command = EngineCommand {
        program: args.engine[0].clone(),
        args: args.engine[1..].to_vec(),
    };
    let limits = Limits {
        turn: args.turn,
        start: args.start,
    };
    let mut shown = 0;
    let report = grade::grade(&command, limits, &mut |asked, total| {
        // A line every tenth of the way.
        let tenth = asked * 10 / total;
        if tenth > shown {
            shown = tenth;
            eprintln!("graded {asked} of {total} positions");
        }
        true
    });
    super::emit(output, args.json, &report)?;
    match &report.stopped {
        Some(why) => Err(CliError::Grading(why.clone())),
        None => Ok(()),
    }
}
