//! `tictactoe book`: rebuilds the opening book of 15x15 five in a row (freestyle and
//! exactly five) with the engine's own searches. From the empty board (the centre), every
//! position of the book is answered by searching each cell within two of the stones (one
//! of each set of cells the board's symmetries make equal) to `--depth` plies; the replies
//! within reach of the best are kept with their scores, and the best `--keep` of them are
//! followed to the next move, up to `--plies` stones.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::AtomicBool;

use clap::Args;

use super::CliError;
use crate::engine::{BookLine, Engine, EngineConfig, Limits, Score};
use crate::rules::{Cell, Position, Rule};

/// Arguments of `book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Positions of the book have fewer stones than this
    #[arg(long, default_value_t = 3)]
    pub plies: usize,
    /// Search depth of each candidate reply, in plies (even, so that every reply is seen
    /// from the same side's last move)
    #[arg(long, default_value_t = 6)]
    pub depth: u32,
    /// Replies of each position followed to the next move
    #[arg(long, default_value_t = 2)]
    pub keep: usize,
    /// Write the book here (standard output by default)
    #[arg(long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// Replies kept per position, and how far below the best they may score.
const REPLIES: usize = 6;
const KEPT_BELOW_BEST: Score = 2 * crate::engine::BOOK_MARGIN;

pub fn run(args: &BookArgs, output: &mut dyn Write) -> Result<(), CliError> {
    if args.plies == 0 || args.plies > 6 || args.keep == 0 || !(1..=12).contains(&args.depth) {
        return Err(CliError::Usage(
            "--plies takes 1 to 6, --depth 1 to 12, --keep at least 1".to_string(),
        ));
    }
    let mut text = String::from(
        "# The opening book of 15x15 five in a row, built by the engine itself with\n\
         # cargo run --release -- book --output assets/book/gomoku.txt\n\
         # Each line: rule (x: exactly five), the moves (row,col from 0; '-' none), ':',\n\
         # the replies with their scores for the side to move.\n",
    );
    let _ = writeln!(
        text,
        "# --plies {} --keep {} --depth {}",
        args.plies, args.keep, args.depth
    );
    for exact in [false, true] {
        let rule = Rule::new(15, 15, 5, exact).expect("15x15 five in a row is a rule");
        for line in build(rule, args) {
            text.push_str(&line.to_text());
            text.push('\n');
            eprintln!("{}", line.to_text());
        }
    }
    match &args.output {
        Some(path) => std::fs::write(path, &text)
            .map_err(|e| CliError::Usage(format!("could not write {}: {e}", path.display())))?,
        None => output.write_all(text.as_bytes())?,
    }
    Ok(())
}

/// The book lines of one rule, breadth first from the empty board.
fn build(rule: Rule, args: &BookArgs) -> Vec<BookLine> {
    // The pattern evaluation: the book's scores and its margins are on its scale.
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 64,
        gomoku_eval: None,
        ..EngineConfig::default()
    });
    let limits = Limits {
        depth: Some(args.depth),
        ..Limits::default()
    };
    let centre = Cell::new(7, 7);
    let mut lines = vec![BookLine {
        rule,
        moves: Vec::new(),
        replies: vec![(centre, 0)],
    }];
    let mut frontier = vec![vec![centre]];
    let mut seen = HashSet::new();
    while let Some(moves) = frontier.first().cloned() {
        frontier.remove(0);
        let mut position = Position::new(rule);
        for &m in &moves {
            position.play(m).expect("book moves are legal");
        }
        if !seen.insert(position.canonical_hash()) || position.is_over() {
            continue;
        }
        let replies = score_replies(&mut engine, &position, &limits);
        if moves.len() + 1 < args.plies {
            for &(reply, _) in replies.iter().take(args.keep) {
                let mut next = moves.clone();
                next.push(reply);
                frontier.push(next);
            }
        }
        lines.push(BookLine {
            rule,
            moves,
            replies,
        });
    }
    lines
}

/// The good replies in `position`, best first, with the side to move's scores.
fn score_replies(engine: &mut Engine, position: &Position, limits: &Limits) -> Vec<(Cell, Score)> {
    let stop = AtomicBool::new(false);
    let mut seen = HashSet::new();
    let mut scored = Vec::new();
    for cell in near_stones(position) {
        let mut child = position.clone();
        child.play(cell).expect("an empty cell");
        if !seen.insert(child.canonical_hash()) {
            continue;
        }
        let found = engine.search(&child, limits, &stop, &mut |_| {});
        scored.push((cell, -found.score));
    }
    scored.sort_by_key(|&(cell, score)| (std::cmp::Reverse(score), cell.row, cell.col));
    let best = scored.first().map_or(0, |&(_, s)| s);
    scored.retain(|&(_, s)| s >= best - KEPT_BELOW_BEST);
    scored.truncate(REPLIES);
    scored
}

/// The empty cells within two of a stone.
fn near_stones(position: &Position) -> Vec<Cell> {
    let rule = position.rule();
    let (w, h) = (rule.width() as isize, rule.height() as isize);
    let mut cells = Vec::new();
    for row in 0..h {
        for col in 0..w {
            let cell = Cell::new(row as usize, col as usize);
            if position.get(cell).is_some() {
                continue;
            }
            let near = (-2..=2isize).any(|dr| {
                (-2..=2isize).any(|dc| {
                    let (r, c) = (row + dr, col + dc);
                    (0..h).contains(&r)
                        && (0..w).contains(&c)
                        && position.get(Cell::new(r as usize, c as usize)).is_some()
                })
            });
            if near {
                cells.push(cell);
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_settings_are_refused_before_any_search() {
        for (plies, depth, keep) in [(0, 6, 2), (7, 6, 2), (3, 0, 2), (3, 6, 0)] {
            let args = BookArgs {
                plies,
                depth,
                keep,
                output: None,
            };
            let mut out = Vec::new();
            assert!(run(&args, &mut out).is_err(), "{plies} {depth} {keep}");
            assert!(out.is_empty());
        }
    }

    #[test]
    fn a_small_book_starts_in_the_centre_and_reads_back() {
        let rule = Rule::new(15, 15, 5, false).unwrap();
        let args = BookArgs {
            plies: 2,
            depth: 2,
            keep: 1,
            output: None,
        };
        let lines = build(rule, &args);
        assert_eq!(lines[0].replies, vec![(Cell::new(7, 7), 0)]);
        assert_eq!(lines.len(), 2, "the empty board and the centre");
        let text: String = lines.iter().map(|l| l.to_text() + "\n").collect();
        let book = crate::engine::Book::parse(&text).unwrap();
        let mut centre = Position::new(rule);
        centre.play(Cell::new(7, 7)).unwrap();
        assert!(!book.replies(&centre).is_empty());
    }
}
