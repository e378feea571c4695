//! The saved-game file: small, versioned, human-readable JSON that another program can read.
//!
//! ```json
//! {
//!   "format": "tictactoe-game",
//!   "version": 1,
//!   "rule": { "width": 3, "height": 3, "k": 3, "exact": false },
//!   "mode": "human-vs-computer",
//!   "first": "human",
//!   "computer": { "Engine": { "depth": null, "time_ms": null } },
//!   "players": { "x": "human", "o": "computer" },
//!   "moves": [ { "row": 1, "col": 1 }, { "row": 0, "col": 0 } ],
//!   "result": "in-progress"
//! }
//! ```
//! Cells are 0-based from the top left; X moves first, so the moves alternate X, O, X...
//! `result` is `"x-wins"`, `"o-wins"`, `"draw"` or `"in-progress"` and must match the moves.
//!
//! A game that can end off the board (a network game) also says how it ended:
//! `"termination"` is `"on-the-board"`, `"resignation"`, `"agreed-draw"`, `"time-forfeit"`,
//! `"abandoned"` (the win claimed from a player who stayed away) or `"unfinished"`. With one
//! of the off-board endings the moves end before the board decides, and `result` names the
//! winner (or `"draw"` for an agreed draw).
//!
//! A game opened by swap or swap2 keeps its opening: `"opening": { "rule": "swap2",
//! "choices": ["place-two", "white"] }`, each choice (`"black"`, `"white"`, `"place-two"`)
//! made where the opening asks for it (after the third stone, then after the fifth).
//! `mode` and `first` say who played X, as the game was played. A game with an engine
//! from outside in a seat names it: `"engines": { "seats": [null, { "program": "python3",
//! "args": ["my_player.py"] }], "limits": { "turn_ms": 2000, "start_ms": 10000 } }`.

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::engine::PlayerKind;
use crate::rules::{Cell, Outcome, Position, Rule, Side};

use super::opening::{self, Choice, Opening, OpeningRule};
use super::{Engines, FirstMover, Mode, Player, Settings};

/// The value of the `format` field.
pub const FORMAT: &str = "tictactoe-game";
/// The record version this program writes and the newest it reads.
pub const VERSION: u32 = 1;

/// Why a saved game could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("not a saved game: {0}")]
    Malformed(String),
    #[error(
        "this game was saved by a newer version of the program (record version {0}, this program reads up to {VERSION})"
    )]
    NewerVersion(u32),
    #[error("the saved board is not valid: {0}")]
    BadRule(String),
    #[error("the saved game is impossible: move {number} ({cell}): {reason}")]
    BadMove {
        number: usize,
        cell: Cell,
        reason: String,
    },
    #[error("the saved result \"{saved}\" does not match the moves, which give \"{actual}\"")]
    WrongResult { saved: String, actual: String },
    #[error("could not read {path}: {reason}")]
    Read { path: String, reason: String },
    #[error("{path} is not a saved game (not text)")]
    NotText { path: String },
    #[error("could not write {path}: {reason}")]
    Write { path: String, reason: String },
    #[error("the saved opening is not valid: {0}")]
    BadOpening(String),
}

/// The players as the file names them (informational; `mode` and `first` decide).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerNames {
    pub x: String,
    pub o: String,
}

/// One saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub rule: Rule,
    pub mode: Mode,
    pub first: FirstMover,
    pub computer: PlayerKind,
    pub players: PlayerNames,
    pub moves: Vec<Cell>,
    pub result: String,
    /// How the game ended, for games that can end off the board; absent in the records of
    /// games played on one computer, where the moves say it all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination: Option<Termination>,
    /// The opening, for games opened by swap or swap2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening: Option<OpeningRecord>,
    /// The engines from outside seated in the game, if any.
    #[serde(default, skip_serializing_if = "Engines::is_none")]
    pub engines: Engines,
}

/// The opening of a game opened by swap or swap2: its rule and the choices made, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningRecord {
    pub rule: OpeningRule,
    pub choices: Vec<Choice>,
}

/// How a game ended, beside its result (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// k in a row or a full board: the moves decide the result.
    OnTheBoard,
    /// The loser resigned.
    #[serde(rename = "resignation")]
    Resigned,
    /// Both players agreed to a draw.
    #[serde(rename = "agreed-draw")]
    DrawAgreed,
    /// The loser used up its time.
    #[serde(rename = "time-forfeit")]
    OutOfTime,
    /// The loser stayed away on its turn too long and the winner claimed the game.
    Abandoned,
    /// The game stopped before it ended.
    Unfinished,
}

/// The `result` word for a win by `side`.
fn win_word(side: Side) -> &'static str {
    match side {
        Side::X => "x-wins",
        Side::O => "o-wins",
    }
}

/// The `result` word for a position.
fn result_word(position: &Position) -> &'static str {
    match position.outcome() {
        None => "in-progress",
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Win { side: Side::X, .. }) => "x-wins",
        Some(Outcome::Win { side: Side::O, .. }) => "o-wins",
    }
}

impl GameRecord {
    /// The record of a game with these settings and moves (which must be legal).
    #[must_use]
    pub fn new(settings: &Settings, moves: &[Cell], position: &Position) -> GameRecord {
        let name = |p: &Player| match p {
            Player::Human => "human".to_string(),
            Player::Computer(_) => "computer".to_string(),
            Player::Engine(command) => format!("engine {command}"),
        };
        let [x, o] = settings.players();
        GameRecord {
            format: FORMAT.to_string(),
            version: VERSION,
            rule: settings.rule,
            mode: settings.mode,
            first: settings.first,
            computer: settings.computer.clone(),
            players: PlayerNames {
                x: name(&x),
                o: name(&o),
            },
            moves: moves.to_vec(),
            result: result_word(position).to_string(),
            termination: None,
            opening: None,
            engines: settings.engines.clone(),
        }
    }

    /// The record with the game's opening (none kept for a free one).
    #[must_use]
    pub fn with_opening(mut self, opening: &Opening) -> GameRecord {
        self.opening = (opening.rule() != OpeningRule::Free).then(|| OpeningRecord {
            rule: opening.rule(),
            choices: opening.choices().to_vec(),
        });
        self
    }

    /// The game's opening (a free one if the record keeps none).
    #[must_use]
    pub fn opening(&self) -> Opening {
        match &self.opening {
            Some(saved) => Opening::with_choices(saved.rule, saved.choices.clone()),
            None => Opening::default(),
        }
    }

    /// The record with how its game ended: `winner` is the side that won off the board
    /// (none for an agreed draw, and ignored for endings on the board or unfinished games,
    /// whose result the moves give).
    #[must_use]
    pub fn ended(mut self, termination: Termination, winner: Option<Side>) -> GameRecord {
        match (termination, winner) {
            (Termination::DrawAgreed, _) => self.result = "draw".to_string(),
            (Termination::OnTheBoard | Termination::Unfinished, _) | (_, None) => {}
            (_, Some(side)) => self.result = win_word(side).to_string(),
        }
        self.termination = Some(termination);
        self
    }

    /// Pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Reads a record, checking the format, the version, the rule, every move and the result.
    /// Returns the record with the position its moves reach.
    pub fn from_json(text: &str) -> Result<(GameRecord, Position), RecordError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RecordError::Malformed(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(RecordError::Malformed(format!(
                "the \"format\" field is not \"{FORMAT}\""
            )));
        }
        if let Some(v) = value.get("version").and_then(serde_json::Value::as_u64)
            && v > u64::from(VERSION)
        {
            return Err(RecordError::NewerVersion(
                u32::try_from(v).unwrap_or(u32::MAX),
            ));
        }
        if let Some(rule) = value.get("rule") {
            Rule::deserialize(rule).map_err(|e| RecordError::BadRule(e.to_string()))?;
        }
        let record: GameRecord =
            serde_json::from_value(value).map_err(|e| RecordError::Malformed(e.to_string()))?;
        let rule = record.rule;
        let mut position = Position::new(rule);
        for (i, &cell) in record.moves.iter().enumerate() {
            position.play(cell).map_err(|e| RecordError::BadMove {
                number: i + 1,
                cell,
                reason: e.to_string(),
            })?;
        }
        check_result(&record, &position)?;
        check_opening(&record)?;
        Ok((record, position))
    }

    /// The settings the record was played with.
    #[must_use]
    pub fn settings(&self) -> Settings {
        Settings {
            rule: self.rule,
            mode: self.mode,
            first: self.first,
            computer: self.computer.clone(),
            engines: self.engines.clone(),
        }
    }
}

/// Checks the saved opening: a swap opening only where it applies (five in a row on a large
/// board, no engine from outside seated, whose protocol has no swap), each choice where
/// the opening asks for it.
fn check_opening(record: &GameRecord) -> Result<(), RecordError> {
    let Some(saved) = &record.opening else {
        return Ok(());
    };
    let bad = |why: String| Err(RecordError::BadOpening(why));
    if saved.rule == OpeningRule::Free {
        return if saved.choices.is_empty() {
            Ok(())
        } else {
            bad("a free opening has no choices".to_string())
        };
    }
    if !opening::applies(&record.rule) {
        return bad(format!("{} is not played on this board", saved.rule));
    }
    if record.engines.seats.iter().any(Option::is_some) {
        return bad(format!(
            "{} is not played with an engine from outside in a seat",
            saved.rule
        ));
    }
    record.opening().check(record.moves.len()).or_else(bad)
}

/// Checks the saved result against the moves and the termination.
fn check_result(record: &GameRecord, position: &Position) -> Result<(), RecordError> {
    let on_board = result_word(position);
    let wrong = |actual: &str| RecordError::WrongResult {
        saved: record.result.clone(),
        actual: actual.to_string(),
    };
    let off_board_words: &[&str] = match record.termination {
        None | Some(Termination::OnTheBoard) => {
            return if record.result == on_board {
                Ok(())
            } else {
                Err(wrong(on_board))
            };
        }
        Some(Termination::Unfinished) => {
            return if record.result == "in-progress" && on_board == "in-progress" {
                Ok(())
            } else {
                Err(wrong("in-progress"))
            };
        }
        Some(Termination::DrawAgreed) => &["draw"],
        Some(_) => &["x-wins", "o-wins"],
    };
    if on_board != "in-progress" {
        // A game decided on the board cannot also have ended off it.
        return Err(wrong(on_board));
    }
    if off_board_words.contains(&record.result.as_str()) {
        Ok(())
    } else {
        Err(wrong(&off_board_words.join("\" or \"")))
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename, so a
/// crash leaves either the old file or the new one, never half of one.
pub(crate) fn write_atomically(path: &Path, text: &str) -> Result<(), RecordError> {
    write_with_mode(path, text, 0o666)
}

/// As [`write_atomically`], readable and writable by the user alone (a file that holds a
/// secret key).
pub(crate) fn write_privately(path: &Path, text: &str) -> Result<(), RecordError> {
    write_with_mode(path, text, 0o600)
}

fn write_with_mode(path: &Path, text: &str, mode: u32) -> Result<(), RecordError> {
    let io = |e: std::io::Error| RecordError::Write {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or("game".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
        #[cfg(not(unix))]
        let _ = mode;
        let mut file = options.open(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result.map_err(io)
}

/// Reads a file as text; a file that is not text (not UTF-8) is said to be no saved game.
pub(crate) fn read(path: &Path) -> Result<String, RecordError> {
    let name = || path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| RecordError::Read {
        path: name(),
        reason: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|_| RecordError::NotText { path: name() })
}

#[cfg(test)]
mod tests {
    use super::Termination;

    /// The words of a saved game are its format: a variant renamed in the code must keep
    /// them, so that files written before still read.
    #[test]
    fn terminations_keep_their_words_in_the_file() {
        let words = [
            (Termination::OnTheBoard, "on-the-board"),
            (Termination::Resigned, "resignation"),
            (Termination::DrawAgreed, "agreed-draw"),
            (Termination::OutOfTime, "time-forfeit"),
            (Termination::Abandoned, "abandoned"),
            (Termination::Unfinished, "unfinished"),
        ];
        for (termination, word) in words {
            let text = format!("\"{word}\"");
            assert_eq!(serde_json::to_string(&termination).unwrap(), text);
            assert_eq!(
                serde_json::from_str::<Termination>(&text).unwrap(),
                termination
            );
        }
    }
}
