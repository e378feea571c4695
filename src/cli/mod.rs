//! The command line, `tictactoe <subcommand>`: one file per subcommand, each a thin adapter
//! that reads its arguments, asks the rules or the engine, and prints plain text or, with
//! `--json`, one JSON object per answer. Cells in JSON are `{"row": r, "col": c}`, 0-based
//! from the top left; in text they are `(row,col)`, 1-based, as the `play` prompt reads them.
//!
//! Errors are one line on standard error (`error: ...`) and exit status 2.

mod analyse;
mod bench;
mod book;
mod compare;
mod count;
mod error;
mod grade;
mod net;
mod play;
mod prove;
mod review;
mod solve;
mod verify;
mod wording;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::rules::{Position, Rule, RuleError};

pub use error::CliError;

/// `tictactoe`: tic-tac-toe and its m,n,k relatives.
#[derive(Parser, Debug)]
#[command(name = "tictactoe", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
    /// Without a subcommand, the window's renderer: glow (OpenGL) costs least without a GPU;
    /// if the one named cannot start, the window tries the other
    #[arg(long, value_enum, value_name = "NAME", default_value_t)]
    pub renderer: crate::renderer::Renderer,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum CliCommand {
    /// The game-theoretic value of a position, a best move and the plies to the end
    Solve(solve::SolveArgs),
    /// The value and plies of every legal move of a position (`--position -` reads stdin)
    Analyse(analyse::AnalyseArgs),
    /// Count games and positions of a small board (perft-style, at most 16 cells)
    Count(count::CountArgs),
    /// Play a game against the engine in the terminal
    Play(play::PlayArgs),
    /// Search a fixed list of positions: nodes per position, a node signature, nodes per second
    Bench(bench::BenchArgs),
    /// Compare minimax, alpha-beta, move ordering, the table, symmetry and the full engine on
    /// one position: nodes, cut-offs, table hits, time and value of each
    Compare(compare::CompareArgs),
    /// Rebuild the opening book of 15x15 five in a row with the engine's own searches
    Book(book::BookArgs),
    /// Check a proof written by `solve --proof` with the independent checker
    Verify(verify::VerifyArgs),
    /// Check a player you wrote (any program that speaks the Gomocup protocol) against
    /// perfect play on every position of tic-tac-toe
    Grade(grade::GradeArgs),
    /// Play another person over the network: `net host` prints a ticket, `net join TICKET`
    Net(net::NetArgs),
    /// Review a saved game: every move with what was known before and after it, proved or
    /// estimated, and the turning points
    Review(review::ReviewArgs),
}

/// The board options every subcommand takes.
#[derive(Args, Debug, Clone)]
pub struct BoardArgs {
    /// Board width, height and how many in a row win; `W,H,K exact` for exactly K, `renju`
    /// for 15x15 renju
    #[arg(long, value_name = "W,H,K", default_value = "3,3,3", value_parser = parse_rule)]
    pub rule: Rule,
    /// Only exactly K in a row wins; longer lines do not
    #[arg(long)]
    pub exact: bool,
    /// Print one JSON object per answer instead of text
    #[arg(long)]
    pub json: bool,
}

impl BoardArgs {
    /// The rule with the `--exact` option applied.
    #[must_use]
    pub fn rule(&self) -> Rule {
        with_exact_option(self.rule, self.exact)
    }

    /// The position given as `text`, or the empty board when there is none.
    pub fn position(&self, text: Option<&str>) -> Result<Position, CliError> {
        match text {
            None => Ok(Position::new(self.rule())),
            Some(text) => parse_position(self.rule(), text),
        }
    }
}

/// `rule` with the `--exact` option: given, it makes the rule exactly K (and not renju);
/// not given, it leaves the rule as `--rule` wrote it (`15,15,5 exact` stays exact).
#[must_use]
pub fn with_exact_option(rule: Rule, exact: bool) -> Rule {
    if exact { rule.with_exact(true) } else { rule }
}

fn parse_rule(text: &str) -> Result<Rule, RuleError> {
    text.parse()
}

/// Parses a positive number of seconds such as `2` or `0.5`.
fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 1e6) {
        return Err(format!(
            "seconds must be more than 0 and at most 1000000, got {text}"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// Parses a position in text notation, naming it in the error.
pub fn parse_position(rule: Rule, text: &str) -> Result<Position, CliError> {
    Position::from_notation(rule, text).map_err(|source| CliError::Position {
        text: text.trim().to_string(),
        source,
    })
}

/// Runs one subcommand on the process's standard input and output.
#[must_use]
pub fn run(command: &CliCommand) -> ExitCode {
    let stdout = io::stdout();
    let mut output = io::BufWriter::new(stdout.lock());
    let result = match command {
        // The network game reads standard input on a thread of its own, so that the peer is
        // heard while the player types: the input must not be locked here.
        CliCommand::Net(args) => net::run(args, &mut output),
        _ => execute(command, &mut io::stdin().lock(), &mut output),
    };
    let result = result.and_then(|()| Ok(output.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            let _ = output.flush();
            eprintln!("error: {error}");
            ExitCode::from(error.exit_status())
        }
    }
}

/// Runs one subcommand on the given input and output.
pub fn execute(
    command: &CliCommand,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    match command {
        CliCommand::Solve(args) => solve::run(args, output),
        CliCommand::Analyse(args) => analyse::run(args, input, output),
        CliCommand::Count(args) => count::run(args, output),
        CliCommand::Play(args) => play::run(args, input, output),
        CliCommand::Bench(args) => bench::run(args, output),
        CliCommand::Compare(args) => compare::run(args, output),
        CliCommand::Book(args) => book::run(args, output),
        CliCommand::Verify(args) => verify::run(args, output),
        CliCommand::Grade(args) => grade::run(args, output),
        CliCommand::Review(args) => review::run(args, output),
        // Reads standard input on a thread of its own, to hear the network meanwhile.
        CliCommand::Net(args) => net::run(args, output),
    }
}

/// Writes `report` as one line of JSON or as its text form.
fn emit<T>(output: &mut dyn Write, json: bool, report: &T) -> Result<(), CliError>
where
    T: serde::Serialize + std::fmt::Display,
{
    if json {
        serde_json::to_writer(&mut *output, report)?;
        writeln!(output)?;
    } else {
        write!(output, "{report}")?;
    }
    Ok(())
}
