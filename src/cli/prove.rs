//! `tictactoe solve` with the prover: the value of a position by proof-number search
//! (pairing strategies, the potential, threat search), with a progress line on standard
//! error every 10 seconds, Ctrl+C to stop with a clear message, and `--proof FILE` to write
//! a certificate that `tictactoe verify` checks.

use std::fmt;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::{CliError, emit};
use crate::engine::prover::certificate::certify;
use crate::engine::prover::{MAX_CELLS, Progress, ProverConfig, Verdict, prove};
use crate::engine::searches_every_cell;
use crate::rules::{Position, Side};

/// How often a long proof reports.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Whether the prover is the better tool for the value of `position`: boards too large for
/// the exact search to finish, small enough for the prover's cell masks, with five or more
/// in a row (shorter lines on large boards are quick wins the engine's threats find).
#[must_use]
pub fn prefers_prover(position: &Position) -> bool {
    let rule = position.rule();
    !searches_every_cell(rule) && rule.cells() <= MAX_CELLS && rule.k() >= 5
}

/// What the prover's `solve` prints.
#[derive(Serialize)]
struct ProveReport {
    rule: String,
    position: String,
    to_move: Side,
    result: &'static str,
    prover: bool,
    nodes: u64,
    table_hits: u64,
    pairing_searches: u64,
    pairing_hits: u64,
    zone_cuts: u64,
    seconds: f64,
    note: Option<String>,
    certificate: Option<String>,
}

/// Proves `position` and prints the result; `proof` names the certificate file to write.
pub fn run(
    position: &Position,
    threads: usize,
    time: Option<Duration>,
    proof: Option<&Path>,
    json: bool,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    let stop = Arc::new(AtomicBool::new(false));
    // Ctrl+C sets the flag instead of killing the process, so the proof stops cleanly.
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&stop));
    let config = ProverConfig {
        threads,
        time,
        ..ProverConfig::default()
    };
    let mut last = Instant::now();
    let mut on_progress = |p: &Progress| {
        if last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            eprintln!(
                "proving {} {}: proof {} disproof {}  nodes {}  {:.0} s",
                p.attacker,
                if p.maker_breaker {
                    "cannot win"
                } else {
                    "wins"
                },
                p.proof,
                p.disproof,
                p.nodes,
                p.elapsed.as_secs_f64()
            );
        }
    };
    let found = prove(position, &config, &stop, &mut on_progress)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let mut note = found.note.map(str::to_string);
    if found.stopped {
        note = Some("stopped (Ctrl+C or the time limit) before the proof finished".to_string());
    }
    let certificate = match proof {
        Some(path) => Some(write_certificate(position, found.verdict, path, &stop)?),
        None => None,
    };
    let report = ProveReport {
        rule: position.rule().to_string(),
        position: position.to_notation(),
        to_move: position.side_to_move(),
        result: found.verdict.word(),
        prover: true,
        nodes: found.stats.nodes,
        table_hits: found.stats.table_hits,
        pairing_searches: found.stats.pairing_searches,
        pairing_hits: found.stats.pairing_hits,
        zone_cuts: found.stats.zone_cuts,
        seconds: found.stats.elapsed.as_secs_f64(),
        note,
        certificate,
    };
    emit(output, json, &report)
}

/// Writes the certificate that the side to move cannot make K in a row (on the empty board:
/// that the game is a draw) and says what it holds.
fn write_certificate(
    position: &Position,
    verdict: Verdict,
    path: &Path,
    stop: &AtomicBool,
) -> Result<String, CliError> {
    if verdict != Verdict::Draw && verdict != Verdict::Loss {
        return Err(CliError::Usage(format!(
            "--proof writes a proof that the side to move cannot win; the value here is {verdict}"
        )));
    }
    let mover = position.side_to_move();
    let certificate = certify(position, mover, stop).map_err(|e| CliError::Usage(e.to_string()))?;
    let text = serde_json::to_string(&certificate)?;
    std::fs::write(path, &text)
        .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", path.display())))?;
    Ok(format!(
        "{} ({} nodes, {} bytes): {mover} cannot make {} in a row",
        path.display(),
        certificate.nodes.len(),
        text.len(),
        position.rule().k()
    ))
}

impl fmt::Display for ProveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "position  {}  ({}, {} to move)",
            self.position, self.rule, self.to_move
        )?;
        writeln!(f, "result    {}", self.result)?;
        writeln!(
            f,
            "method    prover (proof-number search, pairings, threats)"
        )?;
        if let Some(note) = &self.note {
            writeln!(f, "note      {note}")?;
        }
        if let Some(certificate) = &self.certificate {
            writeln!(f, "proof     {certificate}")?;
        }
        writeln!(f, "nodes     {}", self.nodes)?;
        writeln!(
            f,
            "pairing   {} searches, {} cache hits",
            self.pairing_searches, self.pairing_hits
        )?;
        writeln!(f, "zones     {} moves dropped", self.zone_cuts)?;
        writeln!(f, "seconds   {:.3}", self.seconds)
    }
}
