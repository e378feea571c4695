//! `tictactoe bench --prove`: the prover on the ladder of empty boards from 4,4,4 to 8,8,5,
//! with each thread count of `--threads`, and per board the value, time, nodes, nodes per
//! second, pairing searches and pairing cache hits. Each board stops after `--prove-seconds`
//! (the value is then "unknown"), so the whole ladder has a known bound.

use std::fmt;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::Serialize;

use super::BenchArgs;
use crate::cli::{CliError, emit};
use crate::prover::{ProverConfig, prove};
use crate::rules::{Position, Rule};

/// The ladder, smallest first.
const LADDER: &[&str] = &[
    "4,4,4", "5,5,4", "6,5,4", "6,6,5", "7,6,5", "7,7,5", "8,7,5", "8,8,5",
];

/// One board with one thread count.
#[derive(Serialize)]
struct ProveLine {
    rule: String,
    threads: usize,
    value: &'static str,
    seconds: f64,
    nodes: u64,
    nodes_per_second: u64,
    pairing_searches: u64,
    pairing_hits: u64,
    zone_cuts: u64,
}

/// The ladder's lines.
#[derive(Serialize)]
struct ProveBenchReport {
    boards: Vec<ProveLine>,
}

pub fn run(args: &BenchArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let rules: Vec<Rule> = LADDER
        .iter()
        .map(|r| r.parse::<Rule>().expect("ladder rules are valid"))
        .filter(|rule| args.rule.is_none_or(|r| r == *rule))
        .collect();
    if rules.is_empty() {
        return Err(CliError::Usage(
            "that board is not on the prover's ladder".to_string(),
        ));
    }
    let limit = args.prove_seconds;
    let mut boards = Vec::new();
    for rule in rules {
        for &threads in &args.threads {
            let line = prove_one(rule, threads.max(1), limit)?;
            if !args.json {
                write!(output, "{line}")?;
                output.flush()?;
            }
            boards.push(line);
        }
    }
    if args.json {
        emit(output, true, &ProveBenchReport { boards })?;
    }
    Ok(())
}

/// Proves the empty board of `rule`, stopping after `limit`.
fn prove_one(rule: Rule, threads: usize, limit: Duration) -> Result<ProveLine, CliError> {
    let position = Position::new(rule);
    let stop = AtomicBool::new(false);
    let config = ProverConfig {
        threads,
        time: Some(limit),
        ..ProverConfig::default()
    };
    let proof = prove(&position, &config, &stop, &mut |_| {})
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let seconds = proof.stats.elapsed.as_secs_f64().max(1e-6);
    Ok(ProveLine {
        rule: rule.to_string(),
        threads,
        value: proof.verdict.word(),
        seconds,
        nodes: proof.stats.nodes,
        nodes_per_second: (proof.stats.nodes as f64 / seconds) as u64,
        pairing_searches: proof.stats.pairing_searches,
        pairing_hits: proof.stats.pairing_hits,
        zone_cuts: proof.stats.zone_cuts,
    })
}

impl fmt::Display for ProveLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<7} threads {}  {:<7}  {:>9.3} s  nodes {:>11}  {:>9} nodes/s  pairing searches {:>10}  cache hits {:>10}  zone cuts {:>10}",
            self.rule,
            self.threads,
            self.value,
            self.seconds,
            self.nodes,
            self.nodes_per_second,
            self.pairing_searches,
            self.pairing_hits,
            self.zone_cuts,
        )
    }
}

impl fmt::Display for ProveBenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.boards.iter().try_for_each(|line| write!(f, "{line}"))
    }
}
