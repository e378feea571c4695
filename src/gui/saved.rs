//! What the window keeps between runs: the game in progress with its settings and score,
//! and the window's own preferences. Only plain data here; the threads and channels of a
//! running window live in the app beside it and are never saved.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::game::{Session, Settings};
use crate::rules::Rule;

use super::files::DialogChoice;
use super::theme::ThemeChoice;

/// Per-move time limit on boards too large to search to the end, unless changed.
pub const DEFAULT_LARGE_BOARD_TIME_MS: u64 = 2_000;

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

impl SavedState {
    /// Storage written by another version or edited by hand may hold a board the rules
    /// refuse; such a state is dropped rather than trusted.
    #[must_use]
    pub fn checked(self) -> Option<SavedState> {
        let r = self.session.settings().rule;
        Rule::new(r.width(), r.height(), r.k(), r.exact()).ok()?;
        Some(self)
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
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            theme: ThemeChoice::System,
            custom: CustomBoard::default(),
            engine_depth: None,
            large_board_time_ms: DEFAULT_LARGE_BOARD_TIME_MS,
            show_values: false,
            file_dialog: DialogChoice::default(),
            last_folder: None,
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
