//! `tictactoe review GAME.json`: the post-game review of a saved game, the same as the
//! window's Review gives it, so a student can keep it and a script can check it: every
//! move with what was known before and after it for the side that played it, each
//! statement marked proved or estimated, and the turning points explained.
//!
//! Boards of up to 25 cells are searched to the end: every value is exact and its distance
//! the shortest. Larger boards are valued by the engine at a budget of nodes per position
//! (the window's by default, so both give the same review): a forced win found is proved
//! but its line is not always the shortest, and an evaluation is an estimate, shown as an
//! expected score.

use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use clap::Args;
use serde::Serialize;

use super::wording::{CellText, MaybeCell, MovesText};
use super::{CliError, emit};
use crate::engine::{Engine, EngineConfig, ForcedKind, Limits, Value};
use crate::game::{GameRecord, clock, record};
use crate::lab::TABLE_MEGABYTES;
use crate::lab::review::{
    self, MoveNote, MoveRow, REVIEW_NODES, Standing, estimated_rows, exact_row, score_scale,
};
use crate::rules::{Cell, Position, Rule, Side};

/// Arguments of `review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The saved game: a file the window's Save game wrote
    #[arg(value_name = "GAME.json")]
    pub game: PathBuf,
    /// Print one JSON object instead of text
    #[arg(long)]
    pub json: bool,
    /// On boards of more than 25 cells, the nodes searched in each position (the window's
    /// review searches 400,000)
    #[arg(long, value_name = "N", default_value_t = REVIEW_NODES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
}

/// How the values of a review were found.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
enum Method {
    /// Every position searched to the end.
    Exact,
    /// Each position searched for a budget of nodes, with the threat searches.
    Estimated,
}

/// What `review` prints.
#[derive(Serialize)]
struct ReviewReport {
    game: String,
    rule: Rule,
    result: String,
    method: Method,
    /// The nodes of each position's search, for an estimated review.
    nodes: Option<u64>,
    /// The scale `K` of the expected score, `1 / (1 + exp(-evaluation / K))`, for an
    /// estimated review.
    scale: Option<f64>,
    rows: Vec<RowReport>,
}

/// One move of a [`ReviewReport`].
#[derive(Serialize)]
struct RowReport {
    number: usize,
    side: Side,
    cell: Cell,
    before: StandingReport,
    after: StandingReport,
    turning_point: bool,
    notes: Vec<NoteReport>,
}

/// A [`Standing`] as printed: `proved` says whether it is a proof or an estimate.
#[derive(Serialize)]
struct StandingReport {
    proved: bool,
    /// "exact", "game-over", "forced-win-found", "forced-loss-found" or "estimate".
    kind: &'static str,
    /// "win", "loss" or "draw" where the standing says.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    /// Exact: moves of both sides to the end with best play, the shortest.
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<u32>,
    /// A forced line found: its moves of both sides, not necessarily the shortest.
    #[serde(skip_serializing_if = "Option::is_none")]
    line_moves: Option<u32>,
    /// An estimate: the engine's evaluation for the side, and the expected score (0..1).
    #[serde(skip_serializing_if = "Option::is_none")]
    evaluation: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_score: Option<f64>,
}

/// A [`MoveNote`] as printed.
#[derive(Serialize)]
struct NoteReport {
    /// "win-let-slip", "draw-thrown", "forced-win-not-played", "forced-loss-walked-into" or
    /// "expected-score-fell".
    kind: &'static str,
    /// The move that kept the result (exact), the engine's choice, or the first move of a
    /// forced line found.
    #[serde(skip_serializing_if = "Option::is_none")]
    better: Option<Cell>,
    /// A forced line found: its moves of both sides, not necessarily the shortest.
    #[serde(skip_serializing_if = "Option::is_none")]
    line_moves: Option<u32>,
    /// A forced line found: "fours" or "threats", and its moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<Vec<Cell>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<f64>,
}

pub fn run(args: &ReviewArgs, output: &mut dyn Write) -> Result<(), CliError> {
    let record = read_game(&args.game)?;
    let rule = record.rule;
    let mut positions = vec![Position::new(rule)];
    for &cell in &record.moves {
        let mut next = positions[positions.len() - 1].clone();
        // The record's moves were checked when it was read.
        next.play(cell)
            .map_err(|e| CliError::Usage(e.to_string()))?;
        positions.push(next);
    }
    let progress = ReviewProgress::new(!args.json && std::io::stderr().is_terminal());
    let exact = clock::is_solvable(&rule);
    let rows = if exact {
        exact_review(&record.moves, &positions, &progress)
    } else {
        estimated_review(&record.moves, &positions, args.nodes, &progress)
    };
    progress.done();
    let report = ReviewReport {
        game: args.game.display().to_string(),
        rule,
        result: record.result.clone(),
        method: if exact {
            Method::Exact
        } else {
            Method::Estimated
        },
        nodes: (!exact).then_some(args.nodes),
        scale: (!exact).then(|| score_scale(&rule)),
        rows: rows.iter().map(RowReport::of).collect(),
    };
    emit(output, args.json, &report)
}

/// The saved game at `path`, or why it is none, naming the file.
fn read_game(path: &Path) -> Result<GameRecord, CliError> {
    let text = record::read(path).map_err(|e| CliError::Usage(e.to_string()))?;
    GameRecord::from_json(&text)
        .map(|(record, _)| record)
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))
}

/// "Searching position 3 of 40" on standard error while a person waits at a terminal.
struct ReviewProgress {
    shown: bool,
}

impl ReviewProgress {
    fn new(shown: bool) -> ReviewProgress {
        ReviewProgress { shown }
    }

    fn at(&self, done: usize, all: usize) {
        if self.shown {
            eprint!("\rsearching position {} of {all}", done + 1);
        }
    }

    fn done(&self) {
        if self.shown {
            eprint!("\r\x1b[K");
        }
    }
}

/// The engine of a review: the window's review lane's table and one thread, so that the
/// same game gets the same values here and there.
fn review_engine(rule: &Rule) -> Engine {
    let config = EngineConfig {
        tt_megabytes: TABLE_MEGABYTES,
        threads: 1,
        ..EngineConfig::default()
    };
    Engine::for_rule(config, rule)
}

/// Every move valued by searching every move of the position before it to the end.
fn exact_review(moves: &[Cell], positions: &[Position], progress: &ReviewProgress) -> Vec<MoveRow> {
    let mut engine = review_engine(positions[0].rule());
    let stop = AtomicBool::new(false);
    let mut rows = Vec::with_capacity(moves.len());
    for (i, &cell) in moves.iter().enumerate() {
        progress.at(i, moves.len());
        let values = engine.analyse(&positions[i], &Limits::default(), &stop);
        let side = positions[i].side_to_move();
        if let Some(row) = exact_row(i + 1, side, cell, &values, &positions[i + 1]) {
            rows.push(row);
        }
    }
    rows
}

/// Every position valued at `nodes` nodes with the threat searches, then the rows.
fn estimated_review(
    moves: &[Cell],
    positions: &[Position],
    nodes: u64,
    progress: &ReviewProgress,
) -> Vec<MoveRow> {
    let mut engine = review_engine(positions[0].rule());
    let stop = AtomicBool::new(false);
    let evals: Vec<_> = positions
        .iter()
        .enumerate()
        .filter_map(|(i, position)| {
            progress.at(i, positions.len());
            review::evaluate(&mut engine, position, nodes, &stop)
        })
        .collect();
    estimated_rows(moves, positions, &evals)
}

impl RowReport {
    fn of(row: &MoveRow) -> RowReport {
        RowReport {
            number: row.number,
            side: row.side,
            cell: row.cell,
            before: StandingReport::of(row.before),
            after: StandingReport::of(row.after),
            turning_point: row.turning_point,
            notes: row.notes.iter().map(NoteReport::of).collect(),
        }
    }
}

impl StandingReport {
    fn of(standing: Standing) -> StandingReport {
        let mut report = StandingReport {
            proved: standing.is_proved(),
            kind: "exact",
            result: None,
            plies: None,
            line_moves: None,
            evaluation: None,
            expected_score: None,
        };
        match standing {
            Standing::Exact(value) => {
                report.result = Some(value.result_word());
                report.plies = match value {
                    Value::Win { plies } | Value::Loss { plies } => Some(plies),
                    Value::Draw | Value::Unknown => None,
                };
            }
            Standing::Won | Standing::Drawn => {
                report.kind = "game-over";
                report.result = Some(if standing == Standing::Won {
                    "win"
                } else {
                    "draw"
                });
            }
            Standing::WinFound { moves } => {
                report.kind = "forced-win-found";
                report.result = Some("win");
                report.line_moves = Some(moves);
            }
            Standing::LossFound { moves } => {
                report.kind = "forced-loss-found";
                report.result = Some("loss");
                report.line_moves = Some(moves);
            }
            Standing::Estimate { score, expected } => {
                report.kind = "estimate";
                report.evaluation = Some(score);
                report.expected_score = Some(expected);
            }
        }
        report
    }
}

impl NoteReport {
    fn of(note: &MoveNote) -> NoteReport {
        let mut report = NoteReport {
            kind: "",
            better: None,
            line_moves: None,
            by: None,
            line: None,
            from: None,
            to: None,
        };
        match note {
            MoveNote::WinLetSlip { kept_by } | MoveNote::DrawThrown { kept_by } => {
                report.kind = if matches!(note, MoveNote::WinLetSlip { .. }) {
                    "win-let-slip"
                } else {
                    "draw-thrown"
                };
                report.better = Some(*kept_by);
            }
            MoveNote::WinNotFollowed(win) | MoveNote::LossWalkedInto(win) => {
                report.kind = if matches!(note, MoveNote::WinNotFollowed(_)) {
                    "forced-win-not-played"
                } else {
                    "forced-loss-walked-into"
                };
                report.line_moves = Some(win.moves);
                report.better = win.first;
                if let Some(forced) = &win.forced {
                    report.by = Some(match forced.kind {
                        ForcedKind::Fours => "fours",
                        ForcedKind::Threats => "threats",
                    });
                    report.line = Some(forced.line.clone());
                }
            }
            MoveNote::ScoreFell { from, to, choice } => {
                report.kind = "expected-score-fell";
                report.better = Some(*choice);
                report.from = Some(*from);
                report.to = Some(*to);
            }
        }
        report
    }
}

impl fmt::Display for ReviewReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game      {}", self.game)?;
        writeln!(
            f,
            "board     {}, {} moves, {}",
            self.rule,
            self.rows.len(),
            self.result
        )?;
        match (self.method, self.nodes, self.scale) {
            (Method::Estimated, Some(nodes), Some(scale)) => {
                writeln!(
                    f,
                    "method    estimated: each position searched for {nodes} nodes by the \
                     engine, with its threat searches"
                )?;
                writeln!(
                    f,
                    "reading   \"forced win found\" is proved, but its line is the one found, \
                     not always the shortest; \"expected score\" is an estimate: the \
                     evaluation read as a chance of winning, draws counting half, \
                     1 / (1 + exp(-evaluation / {scale}))"
                )?;
            }
            _ => writeln!(
                f,
                "method    exact: every position searched to the end; \"win in N\" and \
                 \"loss in N\" count the moves of both sides with best play, the shortest"
            )?,
        }
        writeln!(
            f,
            "each move: what was known before it and after it, for the side that played it"
        )?;
        for row in &self.rows {
            row.fmt(f)?;
        }
        Ok(())
    }
}

impl fmt::Display for RowReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = format!("{}. {} {}", self.number, self.side, CellText(self.cell));
        let mark = if self.turning_point { " *" } else { "" };
        writeln!(
            f,
            "{head:<14} before: {}; after: {}{mark}",
            self.before, self.after
        )?;
        for note in &self.notes {
            writeln!(f, "{:14}   {note}", "")?;
        }
        Ok(())
    }
}

impl fmt::Display for StandingReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let result = self.result.unwrap_or("draw");
        match (self.kind, self.plies, self.line_moves, self.expected_score) {
            ("exact", Some(plies), _, _) => write!(f, "{result} in {plies} (proved, the shortest)"),
            ("exact", None, _, _) => write!(f, "{result} (proved)"),
            ("game-over", ..) if result == "win" => f.write_str("the game won"),
            ("game-over", ..) => f.write_str("the game drawn"),
            (_, _, Some(moves), _) => write!(
                f,
                "forced {result} found (proved; a line of {moves} moves, not always the shortest)"
            ),
            (_, _, _, Some(expected)) => write!(
                f,
                "expected score {}% (estimated; evaluation {:+})",
                review::percent(expected),
                self.evaluation.unwrap_or_default()
            ),
            _ => f.write_str(result),
        }
    }
}

impl NoteReport {
    /// A forced line found, as the text says it: "by fours: (8,8) (8,9) ..." where the
    /// threat search gave the line, else "a line of 17 moves starting at (8,8)".
    fn found(&self) -> String {
        match (&self.line, self.by) {
            (Some(line), Some(by)) => format!("by {by}: {}", MovesText(line)),
            _ => format!(
                "a line of {} moves starting at {}",
                self.line_moves.unwrap_or_default(),
                MaybeCell(self.better)
            ),
        }
    }
}

impl fmt::Display for NoteReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let better = self.better.map(CellText);
        match (self.kind, better) {
            ("win-let-slip", Some(better)) => write!(f, "a win let slip: {better} kept the win"),
            ("draw-thrown", Some(better)) => {
                write!(f, "a draw thrown away: {better} kept the draw")
            }
            ("forced-win-not-played", _) => write!(
                f,
                "a forced win had been found here ({}) and was not played; none was found \
                 after the move",
                self.found()
            ),
            ("forced-loss-walked-into", _) => write!(
                f,
                "walked into a forced loss: the other side has a forced win ({})",
                self.found()
            ),
            (_, Some(better)) => write!(
                f,
                "the expected score fell from {}% to {}%; the engine would play {better}",
                review::percent(self.from.unwrap_or_default()),
                review::percent(self.to.unwrap_or_default())
            ),
            _ => f.write_str(self.kind),
        }
    }
}
