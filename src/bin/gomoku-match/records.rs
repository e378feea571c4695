//! The games of a match as a games file (`--record`): one game a line, in the format the
//! evaluation's trainers read ([`tictactoe::engine::tuning::GameLine`]): the rule, black's
//! points, every move from the opening's first stone, how many of them the opening placed,
//! and the names of the players. Each game is appended as it ends, so a long run that is
//! stopped keeps the games it finished. Games lost by a fault (a time-out, an illegal move,
//! a crash) are left out: their result says nothing about the positions.

use std::path::{Path, PathBuf};

use tictactoe::engine::tuning::{self, GameLine};
use tictactoe::external::EngineCommand;
use tictactoe::rules::{Cell, Rule};

use crate::game::GameEnd;
use crate::referee_board::{Colour, Point};
use crate::report::PlayedGame;

/// Where a match's games go, and what each line says of them.
pub struct GamesFile {
    path: PathBuf,
    rule: Rule,
    /// The names of engines A and B.
    names: [String; 2],
}

impl GamesFile {
    /// A recorder appending to the plain games file at `path` (made if missing) under
    /// `rule`, the engines named `names` (A's and B's).
    pub fn new(path: &Path, rule: Rule, names: [String; 2]) -> Result<GamesFile, String> {
        for name in &names {
            tuning::check_name(name).map_err(|e| format!("--name-a/--name-b: {e}"))?;
        }
        if path.extension().is_some_and(|e| e == "gz") {
            return Err(format!(
                "--record {}: games are appended to a plain file (compress it when the run is over)",
                path.display()
            ));
        }
        // Made at once, so a run whose every game a fault decides still leaves its file.
        tuning::append_games(path, &[])?;
        Ok(GamesFile {
            path: path.to_path_buf(),
            rule,
            names,
        })
    }

    /// Appends one game, opened by `opening` (the stones before the engines' first move),
    /// unless a fault decided it.
    pub fn record(&self, opening: &[Point], record: &PlayedGame) -> Result<(), String> {
        match line(self.rule, opening, record, &self.names) {
            Some(line) => tuning::append_games(&self.path, &[line]),
            None => Ok(()),
        }
    }
}

/// The games file's line for one game, `None` for a game a fault decided.
pub fn line(
    rule: Rule,
    opening: &[Point],
    record: &PlayedGame,
    names: &[String; 2],
) -> Option<GameLine> {
    if matches!(record.outcome.end, GameEnd::Fault(..)) {
        return None;
    }
    let black_points = match record.outcome.end.winner() {
        Some(Colour::Black) => 1.0,
        Some(Colour::White) => 0.0,
        None => 0.5,
    };
    let moves = opening
        .iter()
        .chain(&record.outcome.moves)
        .map(|p| Cell::new(p.y, p.x))
        .collect();
    let (black, white) = match record.a_colour {
        Colour::Black => (&names[0], &names[1]),
        Colour::White => (&names[1], &names[0]),
    };
    let mut line = GameLine::new(rule, black_points, moves);
    line.opening = Some(opening.len());
    line.black = Some(black.clone());
    line.white = Some(white.clone());
    Some(line)
}

/// An engine's name in the games file when none is given: its program's file name.
pub fn default_name(engine: &EngineCommand) -> String {
    let name = Path::new(&engine.program).file_name().map_or_else(
        || engine.program.clone(),
        |n| n.to_string_lossy().to_string(),
    );
    name.split_whitespace().collect::<Vec<_>>().join("_")
}
