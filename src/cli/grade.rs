//! `tictactoe grade ENGINE [ARGS...] [--rule W,H,K] [--json]`: checks a player someone
//! wrote (any program that speaks the Gomocup protocol) ([`crate::grade`]), the options
//! before or after it (an argument of the player's that starts with - after --): on boards
//! up to 5x5 it is put positions and told which answers were not best (every position of tic-tac-toe by
//! default, a seeded sample settled by the game's solver on 4x4 and 5x5); on 15,15,5 it
//! plays a short match against the game's own engine and gets its score with a confidence
//! interval. Progress goes to standard error; the report to standard output, as text or
//! with `--json` as one object, and with `--out FILE` to a file as well (JSON when the name
//! ends in .json, text otherwise). Exits 0 when the grading went to the end (mistakes or
//! not), 1 when the player could not be graded to the end (it did not start, or failed
//! several positions in a row).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::CliError;
use crate::external::EngineCommand;
use crate::grade::{self, GradeLimits, GradeOutcome, MatchOptions, Positions};
use crate::rules::Rule;

/// Arguments of `grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    /// The player: a program that speaks the Gomocup protocol, and its arguments. The
    /// options may come before or after it; an argument of the player's that starts with -
    /// needs -- before the player (grade --rule 4,4,4 -- python3 -u player.py)
    #[arg(required = true, value_name = "ENGINE")]
    pub engine: Vec<String>,
    /// The board: width, height and how many in a row win. 3,3,3 asks every position;
    /// other boards of up to 25 cells (4,4,4, 5,5,4) a sample the game's solver settles;
    /// 15,15,5 plays a match against the game's own engine
    #[arg(long, value_name = "W,H,K", default_value = "3,3,3", value_parser = parse_rule)]
    pub rule: Rule,
    /// The seed a sample (or a match's openings) is drawn with: the same seed, the same
    /// positions
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// How many positions a sample has (4x4, 5x5)
    #[arg(long, value_name = "N", default_value_t = grade::SAMPLE_POSITIONS as u64,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub positions: u64,
    /// Games at each strength of the game's engine in a match (15,15,5), half with each
    /// colour
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub games: u64,
    /// Seconds the player has for each answer (2 on boards up to 5x5, 0.5 in a match)
    #[arg(long, value_name = "S", value_parser = super::parse_seconds)]
    pub turn: Option<Duration>,
    /// Seconds the player has to answer START
    #[arg(long, value_name = "S", default_value = "10", value_parser = super::parse_seconds)]
    pub start: Duration,
    /// Print the report as one JSON object, with every mistake
    #[arg(long)]
    pub json: bool,
    /// Save the report in FILE as well: JSON when its name ends in .json, text otherwise
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &GradeArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let command = EngineCommand {
        program: args.engine[0].clone(),
        args: args.engine[1..].to_vec(),
    };
    let outcome = if grade::is_match_rule(&args.rule) {
        let options = MatchOptions {
            games: args.games as usize,
            turn: args.turn.unwrap_or(MatchOptions::default().turn),
            start: args.start,
            seed: args.seed,
        };
        GradeOutcome::Match(grade::play_match(
            &command,
            &options,
            &mut progress("games"),
        ))
    } else {
        GradeOutcome::Positions(grade_positions(args, &command))
    };
    super::emit(output, args.json, &outcome)?;
    if let Some(path) = &args.out {
        outcome.save(path).map_err(CliError::Usage)?;
        eprintln!("report saved in {}", path.display());
    }
    match outcome.stopped() {
        Some(why) => Err(CliError::Grading(why.to_string())),
        None => Ok(()),
    }
}

fn grade_positions(args: &GradeArgs, command: &EngineCommand) -> grade::Report {
    let positions = Positions {
        rule: args.rule,
        seed: args.seed,
        count: args.positions as usize,
        budget: grade::BUDGET,
    };
    if !positions.is_every() {
        eprintln!(
            "a sample of {} positions of {}x{} ({} in a row), seed {}",
            positions.count,
            args.rule.width(),
            args.rule.height(),
            args.rule.k(),
            positions.seed
        );
    }
    let limits = GradeLimits {
        turn: args.turn.unwrap_or(GradeLimits::default().turn),
        start: args.start,
    };
    grade::grade(command, &positions, limits, &mut progress("positions"))
}

/// Progress on standard error: a line every tenth of the way.
fn progress(what: &'static str) -> impl FnMut(usize, usize) -> bool {
    let mut shown = 0;
    move |done, total| {
        let tenth = done * 10 / total.max(1);
        if tenth > shown {
            shown = tenth;
            eprintln!("graded {done} of {total} {what}");
        }
        true
    }
}

/// A board the grader can play: W,H,K, checked.
fn parse_rule(text: &str) -> Result<Rule, String> {
    let rule: Rule = text.parse().map_err(|e| format!("{e}"))?;
    if grade::is_match_rule(&rule) {
        return Ok(rule);
    }
    grade::check_positions_rule(&rule)?;
    Ok(rule)
}
