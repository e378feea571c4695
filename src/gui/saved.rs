//! What the window keeps between runs: the game in progress with its settings and score,
//! and the window's own preferences. Only plain data here; the threads and channels of a
//! running window live in the app beside it and are never saved.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::engine::PlayerKind;
use crate::game::ranges::{self, BOARD_FIELD, DEPTH, TIME_PER_MOVE_MS, within};
use crate::game::{Session, Settings, clock};

use super::files::DialogChoice;
use super::goban::BoardLook;
use super::i18n::Language;
use super::theme::ThemeChoice;
use crate::t;

/// Everything saved through eframe's storage.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedState {
    pub session: Session,
    pub prefs: Prefs,
}

impl Default for SavedState {
    fn default() -> SavedState {
        SavedState {
            session: Session::new(Settings::default()),
            prefs: Prefs::default(),
        }
    }
}

/// What reading the saved state at start-up gave.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The state to start with: the saved one, corrected where needed, or the defaults.
    pub state: SavedState,
    /// Why the saved settings could not be used as they were, if so.
    pub problem: Option<Problem>,
}

/// What was wrong with the saved settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Numbers out of range, brought into range: the names of the settings reset.
    OutOfRange(Vec<&'static str>),
    /// The text could not be read (the reader's words, in English): the defaults are used.
    Unreadable(String),
}

impl Problem {
    /// The line for the window, in its language.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Problem::OutOfRange(names) => {
                let names: Vec<String> = names.iter().map(|name| setting_name(name)).collect();
                t!(
                    "settings-reset",
                    settings = names.join(&t!("list-separator"))
                )
            }
            Problem::Unreadable(reason) => t!("settings-unusable", reason = reason.as_str()),
        }
    }
}

/// A setting named by [`SavedState::correct`], in the window's language.
fn setting_name(name: &str) -> String {
    match name {
        TIME_PER_MOVE => t!("setting-time-per-move"),
        ENGINE_DEPTH => t!("setting-engine-depth"),
        CUSTOM_BOARD => t!("setting-custom-board"),
        COMPUTER_PLAYER => t!("setting-computer-player"),
        other => other.to_owned(),
    }
}

const TIME_PER_MOVE: &str = "time per move";
const ENGINE_DEPTH: &str = "engine depth";
const CUSTOM_BOARD: &str = "custom board";
const COMPUTER_PLAYER: &str = "computer player";

impl SavedState {
    /// Reads the state from eframe's storage text (RON). No text gives the defaults without
    /// a word; text that cannot be read gives the defaults and says why; numbers out of
    /// range are brought into range and named, so no search starts with a limit that
    /// cannot work (no time, or more time than a clock can count).
    #[must_use]
    pub fn from_storage(text: Option<&str>) -> Loaded {
        let Some(text) = text else {
            return Loaded {
                state: SavedState::default(),
                problem: None,
            };
        };
        match ron::from_str::<SavedState>(text) {
            Ok(mut state) => {
                let fixed = state.correct();
                let problem = (!fixed.is_empty()).then_some(Problem::OutOfRange(fixed));
                Loaded { state, problem }
            }
            Err(e) => Loaded {
                state: SavedState::default(),
                problem: Some(Problem::Unreadable(brief(&e))),
            },
        }
    }

    /// Brings every number into the range the window offers ([`ranges`]). Returns the names of the
    /// settings that changed.
    pub fn correct(&mut self) -> Vec<&'static str> {
        let mut fixed = Vec::new();
        let prefs = &mut self.prefs;
        let time = within(prefs.large_board_time_ms, &TIME_PER_MOVE_MS);
        if time != prefs.large_board_time_ms {
            prefs.large_board_time_ms = time;
            fixed.push(TIME_PER_MOVE);
        }
        let depth = prefs.engine_depth.map(|d| within(d, &DEPTH));
        if depth != prefs.engine_depth {
            prefs.engine_depth = depth;
            fixed.push(ENGINE_DEPTH);
        }
        let c = &mut prefs.custom;
        let custom = CustomBoard {
            width: within(c.width, &BOARD_FIELD),
            height: within(c.height, &BOARD_FIELD),
            k: within(c.k, &BOARD_FIELD),
            exact: c.exact,
        };
        if custom != *c {
            *c = custom;
            fixed.push(CUSTOM_BOARD);
        }
        let mut settings = self.session.settings().clone();
        let depths = ranges::depth_on(&settings.rule);
        if let PlayerKind::Engine { depth, time_ms } = &mut settings.computer {
            let good_depth = depth.map(|d| within(d, &depths));
            let good_time = time_ms.map(|t| within(t, &TIME_PER_MOVE_MS));
            if (good_depth, good_time) != (*depth, *time_ms) {
                (*depth, *time_ms) = (good_depth, good_time);
                fixed.push(COMPUTER_PLAYER);
            }
        }
        if settings != *self.session.settings() {
            // Same board, so the game on it stays.
            self.session.set_settings(settings);
        }
        fixed
    }
}

/// The first line of a reading error, short enough for the status line's hover text. The
/// position in the file ("1:59-1:60") means nothing to a player and is left out.
fn brief(error: &ron::error::SpannedError) -> String {
    const MAX_CHARS: usize = 160;
    let text = error.code.to_string();
    let line = text.lines().next().unwrap_or_default();
    if line.chars().count() > MAX_CHARS {
        let cut: String = line.chars().take(MAX_CHARS).collect();
        format!("{cut}...")
    } else {
        line.to_string()
    }
}

/// The window's preferences, apart from the game settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub theme: ThemeChoice,
    /// The custom board being edited in the panel (checked only when applied).
    pub custom: CustomBoard,
    /// The engine's depth, remembered while another computer player is chosen.
    pub engine_depth: Option<u32>,
    /// The engine's time per move on large boards.
    pub large_board_time_ms: u64,
    /// Whether the board shows what every move is worth (the learners' view).
    pub show_values: bool,
    /// How files are chosen when saving and opening.
    pub file_dialog: DialogChoice,
    /// The folder of the last game saved or opened, where the next choice starts.
    pub last_folder: Option<PathBuf>,
    /// The language chosen in the panel; `None` (the first start, or settings saved before
    /// the window spoke more than English) follows the system's locale.
    pub language: Option<Language>,
    /// Stones on the intersections of gomoku boards, or marks in cells everywhere.
    pub board_look: BoardLook,
    /// Whether stones show the number of their move.
    pub move_numbers: bool,
    /// Whether each side's fours and open threes are marked (the learners' view).
    pub show_threats: bool,
}

impl Prefs {
    /// The language the window speaks: the one chosen, else the system's.
    #[must_use]
    pub fn language(&self) -> Language {
        self.language.unwrap_or_else(Language::of_system)
    }
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            theme: ThemeChoice::System,
            custom: CustomBoard::default(),
            engine_depth: None,
            large_board_time_ms: clock::DEFAULT_MOVE_TIME_MS,
            show_values: false,
            file_dialog: DialogChoice::default(),
            last_folder: None,
            language: None,
            board_look: BoardLook::default(),
            move_numbers: false,
            show_threats: false,
        }
    }
}

/// The custom board's fields as typed, possibly invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomBoard {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    pub exact: bool,
}

impl Default for CustomBoard {
    fn default() -> CustomBoard {
        CustomBoard {
            width: 7,
            height: 6,
            k: 4,
            exact: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_text_is_quiet_and_bad_text_says_why_in_a_few_words() {
        assert!(SavedState::from_storage(None).problem.is_none());
        let good = ron::to_string(&SavedState::default()).unwrap();
        assert!(SavedState::from_storage(Some(&good)).problem.is_none());
        let bad = good.replace("k:3", "k:0");
        let problem = SavedState::from_storage(Some(&bad)).problem.unwrap();
        assert_eq!(
            problem.describe(),
            "The saved settings could not be used (K must be between 3 and the longer side of \
             the board (3), got 0): starting with the defaults."
        );
        let long = format!("(session:{})", "x".repeat(1000));
        let problem = SavedState::from_storage(Some(&long))
            .problem
            .unwrap()
            .describe();
        assert!(problem.chars().count() < 260, "{problem}");
    }

    #[test]
    fn settings_saved_before_the_board_look_still_load() {
        let old = "(prefs:(theme:Light,show_values:true))";
        let loaded = SavedState::from_storage(Some(old));
        assert!(loaded.problem.is_none());
        let prefs = loaded.state.prefs;
        assert!(prefs.show_values);
        assert_eq!(prefs.board_look, BoardLook::Stones);
        assert!(!prefs.move_numbers && !prefs.show_threats);
        let marks = "(prefs:(board_look:Marks,move_numbers:true,show_threats:true))";
        let prefs = SavedState::from_storage(Some(marks)).state.prefs;
        assert_eq!(prefs.board_look, BoardLook::Marks);
        assert!(prefs.move_numbers && prefs.show_threats);
    }
}
