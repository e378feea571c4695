//! `tictactoe analyse`: the value of every legal move of a position and the best of them.
//! With `--position -` it reads one position per line from standard input and answers each
//! with one line, reusing one engine, so a whole table of positions goes through one process.
//! Without `--depth` every move is searched to the end, which only boards the game layer
//! calls solvable allow; on a larger board the command refuses at once and says what to use.

use std::fmt;
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

use clap::Args;
use serde::Serialize;

use super::wording::{CellText, MaybeCell, ValueText};
use super::{BoardArgs, CliError, emit, parse_position};
use crate::engine::{Engine, EngineConfig, Limits, MoveValue};
use crate::game::clock;
use crate::rules::{Cell, Position, Rule, Side};

/// Arguments of `analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// The position, rows from the top joined by '/' (for example x.o/.x./...), or '-' to
    /// read one position per line from standard input
    #[arg(long, value_name = "P")]
    pub position: String,
    /// Search each move this many plies deep (full depth by default)
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Consider every empty cell. Without it, boards of more than 25 cells consider only
    /// cells within two of a stone, and the values hold for that narrower search
    #[arg(long)]
    pub every_cell: bool,
}

/// What `analyse` prints for one position.
#[derive(Serialize)]
struct AnalyseReport {
    position: String,
    to_move: Side,
    #[serde(flatten)]
    verdict: ValueText,
    best: Option<Cell>,
    moves: Vec<MoveReport>,
}

/// One move of an [`AnalyseReport`]; plies count from the analysed position, this move
/// included.
#[derive(Serialize)]
struct MoveReport {
    cell: Cell,
    #[serde(flatten)]
    verdict: ValueText,
}

/// The answer to a line of standard input that is not a position.
#[derive(Serialize)]
struct LineError<'a> {
    position: &'a str,
    error: String,
}

/// The engine and limits shared by every position of one run.
struct Analyser {
    engine: Engine,
    limits: Limits,
    stop: AtomicBool,
}

pub fn run(
    args: &AnalyseArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    let rule = args.board.rule();
    if args.depth.is_none() && !clock::is_solvable(&rule) {
        return Err(CliError::Usage(too_large(&rule)));
    }
    let mut analyser = Analyser {
        engine: Engine::for_rule(
            EngineConfig {
                every_cell: args.every_cell,
                ..EngineConfig::default()
            },
            &args.board.rule(),
        ),
        limits: Limits {
            depth: args.depth,
            ..Limits::default()
        },
        stop: AtomicBool::new(false),
    };
    if args.position != "-" {
        let position = parse_position(rule, &args.position)?;
        return emit(output, args.board.json, &analyser.analyse(&position));
    }
    run_lines(&mut analyser, rule, args.board.json, input, output)
}

/// Why a board too large to search to the end is not analysed without a depth, and what to
/// use instead: a search of every move to the end there would not finish in a lifetime.
fn too_large(rule: &Rule) -> String {
    let exact = if rule.exact() { " --exact" } else { "" };
    format!(
        "analyse without --depth searches every move to the end, which boards of more than \
         {} cells do not allow ({}x{} has {}); give --depth D to value each move D plies \
         deep, or use `tictactoe solve --rule {},{},{}{exact} --position P --time S` for the \
         best move found in S seconds",
        clock::SOLVABLE_CELLS,
        rule.width(),
        rule.height(),
        rule.cells(),
        rule.width(),
        rule.height(),
        rule.k(),
    )
}

/// Answers each non-blank line of `input`; a bad line gets an error answer of its own and
/// the run goes on, failing at the end.
fn run_lines(
    analyser: &mut Analyser,
    rule: Rule,
    json: bool,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    let (mut total, mut failed) = (0, 0);
    for line in input.lines() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        total += 1;
        match parse_position(rule, text) {
            Ok(position) => emit(output, json, &analyser.analyse(&position))?,
            Err(error) => {
                failed += 1;
                if json {
                    let answer = LineError {
                        position: text,
                        error: error.to_string(),
                    };
                    serde_json::to_writer(&mut *output, &answer)?;
                    writeln!(output)?;
                } else {
                    writeln!(output, "error: {error}")?;
                }
            }
        }
    }
    if failed > 0 {
        return Err(CliError::SomeLinesFailed { failed, total });
    }
    Ok(())
}

impl Analyser {
    fn analyse(&mut self, position: &Position) -> AnalyseReport {
        let mut values = self.engine.analyse(position, &self.limits, &self.stop);
        values.sort_by_key(|m| m.cell);
        let best = best_move(&values);
        let verdict = match best {
            Some(best) => ValueText::of(&best.value, position),
            None => ValueText::of_finished(position),
        };
        let moves = values
            .iter()
            .map(|m| MoveReport {
                cell: m.cell,
                verdict: ValueText::of(&m.value, position),
            })
            .collect();
        AnalyseReport {
            position: position.to_notation(),
            to_move: position.side_to_move(),
            verdict,
            best: best.map(|m| m.cell),
            moves,
        }
    }
}

/// The move with the highest score, the first in board order on a tie.
fn best_move(values: &[MoveValue]) -> Option<&MoveValue> {
    values
        .iter()
        .fold(None, |best: Option<&MoveValue>, m| match best {
            Some(b) if b.score >= m.score => Some(b),
            _ => Some(m),
        })
}

impl fmt::Display for AnalyseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "position  {}  ({} to move)", self.position, self.to_move)?;
        writeln!(f, "result    {}", self.verdict)?;
        writeln!(f, "best      {}", MaybeCell(self.best))?;
        for m in &self.moves {
            writeln!(f, "  {:<9} {}", CellText(m.cell).to_string(), m.verdict)?;
        }
        Ok(())
    }
}
