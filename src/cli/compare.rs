//! `tictactoe compare`: the learners' lab comparison ([`crate::lab::compare`]) of plain
//! minimax, alpha-beta in board order, with move ordering, with a transposition table, with
//! the table keyed on symmetry, and the full engine, on one position: a table of nodes,
//! cut-offs, table hits, time and value, whether the values agree, and whether each step
//! visits fewer nodes than the one before it (and why not when it does not).

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;

use clap::Args;
use serde::Serialize;

use super::wording::{MaybeCell, ValueText};
use super::{BoardArgs, CliError, emit};
use crate::game::ranges;
use crate::lab::{
    self, Agreement, CompareRequest, Comparison, DEFAULT_NODE_LIMIT, DepthChoice, Method,
    MethodResult, Worth,
};
use crate::rules::Position;

/// Arguments of `compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// The position, rows from the top joined by '/' (for example x.o/.x./...); empty board
    /// by default
    #[arg(long, value_name = "P")]
    pub position: Option<String>,
    /// Plies to search, or 'end' for the end of the game. By default to the end where plain
    /// minimax fits in the node limit, else the deepest depth where it does
    #[arg(long, value_name = "D", value_parser = parse_depth)]
    pub depth: Option<DepthChoice>,
    /// The most nodes each method may visit
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_LIMIT,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
}

/// Parses `--depth`: a number of plies (at least 1) or `end`.
fn parse_depth(text: &str) -> Result<DepthChoice, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("end") {
        return Ok(DepthChoice::ToEnd);
    }
    match text.parse::<u32>() {
        Ok(plies) if plies < *ranges::DEPTH.start() => Err(format!(
            "the depth must be at least {} ply",
            ranges::DEPTH.start()
        )),
        Ok(plies) => Ok(DepthChoice::Plies(plies)),
        Err(_) => Err(format!(
            "'{text}' is not a depth: give a number of plies or 'end'"
        )),
    }
}

/// What `compare` prints: the comparison itself in JSON, a table in text.
#[derive(Serialize)]
#[serde(transparent)]
struct CompareReport {
    comparison: Comparison,
    #[serde(skip)]
    position: Position,
}

pub fn run(args: &CompareArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let position = args.board.position(args.position.as_deref())?;
    let request = CompareRequest {
        depth: args.depth.unwrap_or_default(),
        node_limit: args.nodes,
        ..CompareRequest::new(position.clone())
    };
    let stop = AtomicBool::new(false);
    let comparison = lab::compare(&request, &stop, &mut |_| {})
        .map_err(|error| CliError::Usage(error.to_string()))?;
    emit(
        output,
        args.board.json,
        &CompareReport {
            comparison,
            position,
        },
    )
}

impl CompareReport {
    /// The value column of one result.
    fn value(&self, r: &MethodResult) -> String {
        match (r.stopped, r.score) {
            (Some(stopped), _) => stopped.to_string(),
            (None, Some(score)) if r.value == crate::engine::Value::Unknown => {
                format!("score {}", Worth::of(score))
            }
            _ => ValueText::of(&r.value, &self.position).to_string(),
        }
    }
}

impl fmt::Display for CompareReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.comparison;
        writeln!(
            f,
            "position  {}  ({}, {} to move)",
            c.position, c.rule, c.to_move
        )?;
        writeln!(f, "depth     {}", c.depth)?;
        if c.near_stones_only {
            writeln!(f, "cells     only cells within two of a stone are searched")?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "{:<24} {:>10} {:>9} {:>10} {:>9}  {:<26} best",
            "method", "nodes", "cut-offs", "table hits", "ms", "value"
        )?;
        for r in &c.results {
            writeln!(
                f,
                "{:<24} {:>10} {:>9} {:>10} {:>9.3}  {:<26} {}",
                r.method.name(),
                r.nodes,
                r.cutoffs,
                r.tt_hits,
                r.elapsed.as_secs_f64() * 1000.0,
                self.value(r),
                MaybeCell(r.best),
            )?;
        }
        writeln!(f)?;
        match c.agreement {
            Agreement::Agree { compared } if compared == c.results.len() => {
                writeln!(f, "values    all {compared} agree")?;
            }
            Agreement::Agree { compared } => {
                writeln!(f, "values    the {compared} comparable values agree")?;
            }
            Agreement::Disagree => writeln!(f, "values    DISAGREE (the searches should agree)")?,
            Agreement::TooFew { compared } => {
                writeln!(f, "values    only {compared} can be compared")?;
            }
        }
        for r in &c.results {
            if let Some(why) = r.not_comparable {
                writeln!(f, "          {} not compared: {why}", name(r.method))?;
            } else if r.agrees == Some(false) {
                writeln!(f, "          {} differs", name(r.method))?;
            }
        }
        if c.progression.iter().all(|p| p.fewer) {
            writeln!(
                f,
                "nodes     each step visits fewer nodes than the one before it"
            )?;
        } else {
            for p in c.progression.iter().filter(|p| !p.fewer) {
                let why = p.why_not.map(|w| w.to_string()).unwrap_or_default();
                writeln!(
                    f,
                    "nodes     {} visits no fewer than {}: {why}",
                    name(p.method),
                    name(p.previous)
                )?;
            }
        }
        if c.cancelled {
            writeln!(f, "cancelled before every method had run")?;
        }
        Ok(())
    }
}

/// A method's name for a sentence, without the table's leading "+ ".
fn name(method: Method) -> &'static str {
    method.name().trim_start_matches("+ ")
}
