//! Learning from lost games (the course's gomoku material): after the computer loses, the
//! position from which its loss was forced and the move of the computer's that led into it
//! are remembered, in a file in the user's data folder, and the computer avoids that move in
//! that position next time.
//!
//! Which move led into the loss is worked out by the engine: going back from the end over
//! the computer's moves, each position after one of them is searched; the earliest move
//! after which the opponent's win is proved (and every later one too) is the lesson. When
//! not even the last position can be proved lost (a search too short for the board), the
//! computer's last move is the lesson.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use crate::engine::{Engine, EngineConfig, Limits, Value};
use crate::rules::{Cell, Position, Rule, Side};

/// The file the lessons are kept in, inside the user's data folder.
pub const LESSONS_FILE: &str = "lessons.json";

/// The version of the file's format.
const VERSION: u32 = 1;

/// The most nodes each proof of a lesson may search (about a tenth of a second).
const PROOF_NODES: u64 = 300_000;

/// One lesson: in the position of `moves` (from the empty board), do not play `avoid`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lesson {
    pub rule: Rule,
    pub moves: Vec<Cell>,
    pub avoid: Cell,
}

/// A game the computer lost: its moves from the empty board and the computer's side.
#[derive(Clone, Debug, PartialEq)]
pub struct LostGame {
    pub rule: Rule,
    pub moves: Vec<Cell>,
    pub computer: Side,
}

/// What the file holds.
#[derive(Serialize, Deserialize)]
struct LessonsFile {
    version: u32,
    lessons: Vec<Lesson>,
}

/// Why the lessons could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum LessonsError {
    #[error("could not read the lessons file {path}: {source}")]
    Read { path: PathBuf, source: io::Error },
    #[error("could not write the lessons file {path}: {source}")]
    Write { path: PathBuf, source: io::Error },
    #[error("the lessons file {path} is damaged ({reason}); forget the lessons to start again")]
    Damaged { path: PathBuf, reason: String },
}

/// The lessons learned, and the file they are kept in (none: in memory only).
#[derive(Debug, Default)]
pub struct Lessons {
    path: Option<PathBuf>,
    lessons: Vec<Lesson>,
    /// Each lesson's position, by rule and hash, for the look-up.
    keys: Vec<(Rule, u64)>,
}

/// Lessons shared between the window and the move driver's workers.
pub type SharedLessons = Arc<Mutex<Lessons>>;

impl Lessons {
    /// Lessons kept in memory only (tests, and front ends that do not learn).
    #[must_use]
    pub fn in_memory() -> Lessons {
        Lessons::default()
    }

    /// The lessons of the file at `path`: none when there is no file yet; an error that says
    /// what is wrong when it cannot be read or is damaged.
    pub fn load(path: &Path) -> Result<Lessons, LessonsError> {
        let mut lessons = Lessons {
            path: Some(path.to_path_buf()),
            ..Lessons::default()
        };
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(lessons),
            Err(source) => {
                return Err(LessonsError::Read {
                    path: path.to_path_buf(),
                    source,
                });
            }
        };
        let damaged = |reason: String| LessonsError::Damaged {
            path: path.to_path_buf(),
            reason,
        };
        let file: LessonsFile = serde_json::from_str(&text).map_err(|e| damaged(e.to_string()))?;
        if file.version != VERSION {
            return Err(damaged(format!("format version {}", file.version)));
        }
        for (n, lesson) in file.lessons.into_iter().enumerate() {
            lessons
                .add(lesson)
                .map_err(|e| damaged(format!("lesson {}: {e}", n + 1)))?;
        }
        Ok(lessons)
    }

    /// The number of lessons.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lessons.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lessons.is_empty()
    }

    /// The lessons, oldest first.
    #[must_use]
    pub fn lessons(&self) -> &[Lesson] {
        &self.lessons
    }

    /// The moves the computer should not play in `position`.
    #[must_use]
    pub fn avoids(&self, position: &Position) -> Vec<Cell> {
        let key = (*position.rule(), position.hash());
        self.keys
            .iter()
            .zip(&self.lessons)
            .filter(|(k, _)| **k == key)
            .map(|(_, lesson)| lesson.avoid)
            .collect()
    }

    /// Works out the lesson of a lost game (see the module's comment), remembers it and
    /// writes the file. Returns the lesson, or `None` when the game holds none (the computer
    /// made no move, or the game was not lost by it) or it is known already.
    pub fn record_loss(&mut self, game: &LostGame) -> Result<Option<Lesson>, LessonsError> {
        let Some(lesson) = lesson_of(game) else {
            return Ok(None);
        };
        Ok(self.remember(lesson.clone())?.then_some(lesson))
    }

    /// Remembers a lesson worked out by [`lesson_of`] and writes the file; `false` when it
    /// was known already.
    pub fn remember(&mut self, lesson: Lesson) -> Result<bool, LessonsError> {
        if self.lessons.contains(&lesson) {
            return Ok(false);
        }
        self.add(lesson)
            .expect("a lesson from a legal game is valid");
        self.save()?;
        Ok(true)
    }

    /// Forgets every lesson, in the file too.
    pub fn forget(&mut self) -> Result<(), LessonsError> {
        self.lessons.clear();
        self.keys.clear();
        self.save()
    }

    fn add(&mut self, lesson: Lesson) -> Result<(), String> {
        let mut position = Position::new(lesson.rule);
        for &m in &lesson.moves {
            position
                .play(m)
                .map_err(|e| format!("move {},{}: {e}", m.row, m.col))?;
        }
        position.check_move(lesson.avoid).map_err(|e| {
            format!(
                "move to avoid {},{}: {e}",
                lesson.avoid.row, lesson.avoid.col
            )
        })?;
        self.keys.push((lesson.rule, position.hash()));
        self.lessons.push(lesson);
        Ok(())
    }

    fn save(&self) -> Result<(), LessonsError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let write = |source| LessonsError::Write {
            path: path.clone(),
            source,
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(write)?;
        }
        let file = LessonsFile {
            version: VERSION,
            lessons: self.lessons.clone(),
        };
        let text = serde_json::to_string_pretty(&file).expect("lessons serialise");
        // Written whole to a neighbour first, so a crash never leaves half a file.
        let partial = path.with_extension("json.partial");
        std::fs::write(&partial, text).map_err(write)?;
        std::fs::rename(&partial, path).map_err(write)
    }
}

/// The lesson of a lost game: the computer's move that led into the forced loss, and the
/// position it was played in.
#[must_use]
pub fn lesson_of(game: &LostGame) -> Option<Lesson> {
    let mut position = Position::new(game.rule);
    let mut after_computer = Vec::new();
    for (n, &m) in game.moves.iter().enumerate() {
        let mover = position.side_to_move();
        position.play(m).ok()?;
        if mover == game.computer {
            after_computer.push((n, position.clone()));
        }
    }
    if position.winner() != Some(game.computer.other()) {
        return None;
    }
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 16,
        ..EngineConfig::default()
    });
    let stop = AtomicBool::new(false);
    let mut lesson_at = after_computer.last()?.0;
    for (n, after) in after_computer.iter().rev() {
        if after.is_over() {
            continue;
        }
        let limits = Limits {
            nodes: Some(PROOF_NODES),
            ..Limits::default()
        };
        let found = engine.search(after, &limits, &stop, &mut |_| {});
        if matches!(found.value, Value::Win { .. }) {
            lesson_at = *n;
        } else {
            break;
        }
    }
    Some(Lesson {
        rule: game.rule,
        moves: game.moves[..lesson_at].to_vec(),
        avoid: game.moves[lesson_at],
    })
}
