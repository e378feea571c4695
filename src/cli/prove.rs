//! `tictactoe solve` with the prover: the value of a position by proof-number search
//! (pairing strategies, the potential, threat search), with a progress line on standard
//! error every 10 seconds, Ctrl+C to stop with a clear message, `--proof FILE` to write
//! a certificate that `tictactoe verify` checks, and `--resume FILE` to save the proof as it
//! runs and go on from the file in a later run.

use std::fmt;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::wording::CellText;
use super::{CliError, emit};
use crate::engine::searches_every_cell;
use crate::prover::certify::{CertificateError, Written, certify_file};
use crate::prover::{
    Finished, INF, LINE_DEPTH, LineStep, MAX_CELLS, Progress, ProofStanding, ProverConfig,
    ProverStats, Resume, ResumeError, SaveReport, SplitOpening, Verdict, prove_resumable, standing,
};
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
    /// With `--resume`: the nodes and seconds of the earlier runs of this proof together.
    #[serde(skip_serializing_if = "Option::is_none")]
    earlier_nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    earlier_seconds: Option<f64>,
}

/// How `solve` runs the prover.
pub struct ProveOptions<'a> {
    pub threads: usize,
    pub time: Option<Duration>,
    /// The certificate file to write.
    pub proof: Option<&'a Path>,
    /// The file to resume from and save to.
    pub resume: Option<&'a Path>,
    pub save_every: Duration,
    /// The most positions the prover's table keeps (`None`: its default).
    pub table_positions: Option<usize>,
    pub json: bool,
}

/// Proves `position` and prints the result, with a certificate and a saved state as
/// `options` ask.
pub fn run(
    position: &Position,
    options: &ProveOptions,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    let stop = Arc::new(AtomicBool::new(false));
    // Ctrl+C (and a polite kill) set the flag instead of ending the process, so the proof
    // stops cleanly (and is saved with --resume).
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let _ = signal_hook::flag::register(signal, Arc::clone(&stop));
    }
    // Set when the certificate's search has shown there is none to write.
    let mut no_certificate = None;
    if let Some(path) = options.proof
        && options.resume.is_none()
        && draw_if_first_cannot_win(position)
    {
        match certificate_first(position, path, &stop)? {
            Ok(report) => return emit(output, options.json, &report),
            Err(refused) => no_certificate = Some(refused),
        }
    }
    let config = ProverConfig {
        threads: options.threads,
        time: options.time,
        table_limit: options.table_positions,
        ..ProverConfig::default()
    };
    let resume = match options.resume {
        Some(path) => Some(open_resume(path, position, options)?),
        None => None,
    };
    let earlier = resume.as_ref().filter(|r| !r.is_new()).map(Resume::earlier);
    let path = options.resume.map(|p| p.display().to_string());
    let on_save = |saved: Result<SaveReport, ResumeError>| {
        tell_saved(path.as_deref().unwrap_or_default(), saved);
    };
    let mut on_progress = every_ten_seconds();
    let found = prove_resumable(position, &config, resume, &stop, &mut on_progress, &on_save)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let mut note = found.note.map(str::to_string);
    if found.stopped {
        note = Some(match options.resume {
            Some(file) => format!(
                "stopped (Ctrl+C or the time limit) before the proof finished; \
                 its state is saved in {}: run the same command to go on",
                file.display()
            ),
            None => STOPPED.to_string(),
        });
    }
    let certificate = match options.proof {
        Some(path) => Some(write_certificate(
            position,
            found.verdict,
            path,
            no_certificate,
            &stop,
        )?),
        None => None,
    };
    let mut report = ProveReport::new(position, found.verdict, &found.stats);
    report.note = note;
    report.certificate = certificate;
    report.earlier_nodes = earlier.map(|e| e.0);
    report.earlier_seconds = earlier.map(|e| e.1);
    emit(output, options.json, &report)
}

/// The note of a proof stopped before it finished.
const STOPPED: &str = "stopped (Ctrl+C or the time limit) before the proof finished";

/// A progress printer that tells every [`PROGRESS_EVERY`].
fn every_ten_seconds() -> impl FnMut(&Progress) {
    let mut last = Instant::now();
    move |p: &Progress| {
        if last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            tell_progress(p);
        }
    }
}

/// Whether "the first player cannot make K in a row" is the whole value: on the empty
/// board under the usual rule strategy stealing shows the second player cannot win.
fn draw_if_first_cannot_win(position: &Position) -> bool {
    position.stones() == 0 && !position.rule().exact()
}

/// With `--proof` on the empty board: the certificate's own search is the proof (one search
/// instead of a proof and then a certificate). The error when the first player wins the
/// Maker-Breaker game: then the whole prover decides, and there is no certificate.
fn certificate_first(
    position: &Position,
    path: &Path,
    stop: &AtomicBool,
) -> Result<Result<ProveReport, CertificateError>, CliError> {
    let mover = position.side_to_move();
    let mut on_progress = every_ten_seconds();
    let start = Instant::now();
    match certify_file(position, mover, stop, &mut on_progress, path) {
        Ok(written) => {
            let mut report = ProveReport::new(position, Verdict::Draw, &written.stats);
            report.certificate = Some(describe_certificate(position, mover, &written, path));
            report.seconds = start.elapsed().as_secs_f64();
            Ok(Ok(report))
        }
        Err(CertificateError::NotADraw) => Ok(Err(CertificateError::NotADraw)),
        Err(e @ CertificateError::Write(_)) => Err(CliError::Usage(e.to_string())),
        Err(CertificateError::Stopped) => {
            let mut report = ProveReport::new(position, Verdict::Unknown, &Default::default());
            report.note = Some(STOPPED.to_string());
            report.seconds = start.elapsed().as_secs_f64();
            Ok(Ok(report))
        }
    }
}

impl ProveReport {
    fn new(position: &Position, verdict: Verdict, stats: &ProverStats) -> ProveReport {
        ProveReport {
            rule: position.rule().to_string(),
            position: position.to_notation(),
            to_move: position.side_to_move(),
            result: verdict.word(),
            prover: true,
            nodes: stats.nodes,
            table_hits: stats.table_hits,
            pairing_searches: stats.pairing_searches,
            pairing_hits: stats.pairing_hits,
            zone_cuts: stats.zone_cuts,
            seconds: stats.elapsed.as_secs_f64(),
            note: None,
            certificate: None,
            earlier_nodes: None,
            earlier_seconds: None,
        }
    }
}

/// Reads the saved proof for `--resume` and says on standard error what it holds.
fn open_resume(
    path: &Path,
    position: &Position,
    options: &ProveOptions,
) -> Result<Resume, CliError> {
    let resume = Resume::open(path, options.save_every, position)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let every = options.save_every.as_secs_f64();
    if resume.is_new() {
        eprintln!(
            "no saved proof in {}: a new proof, saved there every {every:.0} s, on Ctrl+C and \
             at the end",
            path.display()
        );
    } else {
        let (nodes, seconds) = resume.earlier();
        eprintln!(
            "resumed from {}: {} positions loaded, {} searches already finished (earlier \
             runs: {nodes} nodes, {seconds:.0} s); saved every {every:.0} s",
            path.display(),
            resume.positions(),
            resume.finished_searches(),
        );
    }
    Ok(resume)
}

/// What `solve --resume FILE --status` prints.
#[derive(Serialize)]
struct StatusReport {
    file: String,
    rule: String,
    position: String,
    to_move: Side,
    #[serde(flatten)]
    standing: ProofStanding,
}

/// `solve --resume FILE --status`: where the proof saved in FILE stands, read from the file
/// without searching.
pub fn status(
    position: &Position,
    path: &Path,
    json: bool,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    let resume =
        Resume::open(path, Duration::ZERO, position).map_err(|e| CliError::Usage(e.to_string()))?;
    if resume.is_new() {
        return Err(CliError::Usage(format!(
            "no saved proof in {}: nothing to report (without --status, the same command starts \
             a proof saved there)",
            path.display()
        )));
    }
    let report = StatusReport {
        file: path.display().to_string(),
        rule: position.rule().to_string(),
        position: position.to_notation(),
        to_move: position.side_to_move(),
        standing: standing(resume, position, LINE_DEPTH),
    };
    emit(output, json, &report)
}

/// A proof or disproof number as text: "inf" for the number of a position decided the
/// other way.
fn number(n: u32) -> String {
    if n >= INF {
        "inf".to_string()
    } else {
        n.to_string()
    }
}

impl fmt::Display for StatusReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.standing;
        writeln!(
            f,
            "saved proof  {}: {} from {} ({} to move)",
            self.file, self.rule, self.position, self.to_move
        )?;
        writeln!(f, "earlier runs {} nodes in {:.0} s", s.nodes, s.seconds)?;
        if s.finished.is_empty() {
            writeln!(f, "finished     no search yet")?;
        }
        for done in &s.finished {
            writeln!(f, "finished     {}", FinishedText(done))?;
        }
        let Some(u) = &s.under_way else {
            return writeln!(f, "under way    no search: the file holds no table");
        };
        let a = u.attacker;
        let game = if u.real_game {
            format!("whether {a} wins the real game")
        } else {
            format!("whether {a} can make the line when the other side only blocks (Maker-Breaker)")
        };
        writeln!(
            f,
            "under way    {game}; {} positions in the table",
            u.positions
        )?;
        if !u.openings.is_empty() {
            writeln!(
                f,
                "openings     {} ({a}'s first moves, one per position up to symmetry, in the order \
                 the threads take them):",
                u.openings.len()
            )?;
        }
        for opening in &u.openings {
            writeln!(f, "  {}", OpeningText(opening, a))?;
        }
        for line in &u.lines {
            let from = line
                .first()
                .and_then(|s| s.played)
                .map_or("the root".to_string(), |c| CellText(c).to_string());
            writeln!(
                f,
                "line from {from}: the move the search takes next at each position, and what \
                 the table says of the moves there (refuted: {a} cannot win after it; won: {a} \
                 wins after it; unseen: not in the table)"
            )?;
            for (depth, step) in line.iter().enumerate() {
                writeln!(f, "  {:>2}. {}", depth + 1, StepText(step))?;
            }
        }
        Ok(())
    }
}

/// A search finished, as text.
struct FinishedText<'a>(&'a Finished);

impl fmt::Display for FinishedText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let done = self.0;
        let result = if done.attacker_wins {
            "wins"
        } else {
            "cannot win"
        };
        let game = if done.real_game {
            "real game"
        } else {
            "Maker-Breaker game"
        };
        write!(f, "{} {result} ({game}", done.attacker)?;
        if let Some(cell) = done.opening {
            write!(f, ", opening {}", CellText(cell))?;
        }
        f.write_str(")")
    }
}

/// An opening of the search under way (of `Side`'s), as text.
struct OpeningText<'a>(&'a SplitOpening, Side);

impl fmt::Display for OpeningText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (o, a) = (self.0, self.1);
        write!(f, "{}  ", CellText(o.cell))?;
        match (o.attacker_wins, o.proof, o.disproof) {
            (Some(true), _, _) => write!(f, "{a} wins (finished)"),
            (Some(false), _, _) => write!(f, "{a} cannot win (finished)"),
            (None, Some(pn), Some(dn)) => write!(f, "proof {} disproof {}", number(pn), number(dn)),
            _ => f.write_str("not started"),
        }
    }
}

/// One position of a line, as text.
struct StepText<'a>(&'a LineStep);

impl fmt::Display for StepText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0;
        let played = s
            .played
            .map_or("root".to_string(), |c| CellText(c).to_string());
        write!(
            f,
            "{played:<7} {} to move  proof {} disproof {}  {} moves: {} refuted, {} won, {} open, \
             {} unseen",
            s.to_move,
            number(s.proof),
            number(s.disproof),
            s.moves,
            s.refuted_moves.len(),
            s.won_moves.len(),
            s.open,
            s.unseen
        )?;
        if s.dropped > 0 {
            write!(f, ", {} left out by zones", s.dropped)?;
        }
        Ok(())
    }
}

/// The progress line on standard error.
fn tell_progress(p: &Progress) {
    if p.writing {
        eprintln!(
            "writing the certificate: nodes {}  {:.0} s",
            p.nodes,
            p.elapsed.as_secs_f64()
        );
        return;
    }
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

/// The line on standard error after a save of the proof to `path`.
fn tell_saved(path: &str, saved: Result<SaveReport, ResumeError>) {
    match saved {
        Ok(s) if s.finished => eprintln!(
            "saved {path}: the proof is finished ({} bytes, {:.2} s); resuming from it gives \
             the value at once",
            s.bytes,
            s.took.as_secs_f64()
        ),
        Ok(s) => eprintln!(
            "saved {path}: {} positions, {} bytes ({:.1} bytes a position), in {:.2} s",
            s.positions,
            s.bytes,
            s.bytes as f64 / s.positions.max(1) as f64,
            s.took.as_secs_f64()
        ),
        Err(e) => eprintln!("{e}; the proof goes on"),
    }
}

/// Writes the certificate that the side to move cannot make K in a row (on the empty board:
/// that the game is a draw) and says what it holds; `refused` when the certificate's own
/// search has already found there is none.
fn write_certificate(
    position: &Position,
    verdict: Verdict,
    path: &Path,
    refused: Option<CertificateError>,
    stop: &AtomicBool,
) -> Result<String, CliError> {
    if verdict != Verdict::Draw && verdict != Verdict::Loss {
        return Err(CliError::Usage(format!(
            "--proof writes a proof that the side to move cannot win; the value here is {verdict}"
        )));
    }
    if let Some(refused) = refused {
        return Err(CliError::Usage(refused.to_string()));
    }
    let mover = position.side_to_move();
    let written = certify_file(position, mover, stop, &mut every_ten_seconds(), path)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(describe_certificate(position, mover, &written, path))
}

/// What the certificate written to `path` holds.
fn describe_certificate(
    position: &Position,
    maker: Side,
    written: &Written,
    path: &Path,
) -> String {
    format!(
        "{} ({} nodes, {} references to nodes written before, {} bytes): {} cannot make {} \
         in a row",
        path.display(),
        written.nodes,
        written.references,
        written.bytes,
        maker,
        position.rule().k()
    )
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
        if let (Some(nodes), Some(seconds)) = (self.earlier_nodes, self.earlier_seconds) {
            writeln!(
                f,
                "earlier   {nodes} nodes in {seconds:.3} s by the runs before (with this one: \
                 {} nodes, {:.3} s)",
                nodes + self.nodes,
                seconds + self.seconds
            )?;
        }
        writeln!(
            f,
            "pairing   {} searches, {} cache hits",
            self.pairing_searches, self.pairing_hits
        )?;
        writeln!(f, "zones     {} moves dropped", self.zone_cuts)?;
        writeln!(f, "seconds   {:.3}", self.seconds)
    }
}
