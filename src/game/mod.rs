//! The game layer, below every front end: a [`Session`] (the settings, the moves played with
//! undo and redo, the score, saved records), the [`Driver`] that runs searches on worker
//! threads and hands each request's updates back on a [`Ticket`] (the game's own jobs are
//! the computer's moves, hints and move values, chosen by the [`MovePolicy`]), the time
//! policy ([`clock`]), the opening phase of swap and swap2 ([`opening`]), the ranges of what a player may set ([`ranges`]) and the lessons of
//! lost games ([`lessons`]). No drawing here. The learners' lab sits beside this layer: it
//! runs its own jobs on the driver, and nothing here knows about them.

pub mod clock;
pub mod driver;
pub mod lessons;
pub mod opening;
pub mod ranges;
pub(crate) mod record;
mod session;

use serde::{Deserialize, Serialize};

use crate::engine::PlayerKind;
use crate::rules::Rule;

pub use clock::{Clock, SOLVABLE_CELLS};
pub use driver::{
    Answer, Chooser, Driver, DriverConfig, Event, HoldsEngine, Job, Lane, MOVES, MovePolicy,
    Outbox, Release, Request, SwapAnswer, SwapRequest, Task, Ticket, TimedOut, VALUES, Worker,
};
pub use lessons::{Lesson, Lessons, LessonsError, LostGame, SharedLessons};
pub use opening::{Choice, Opening, OpeningRule, Seat, Step};
pub use record::{FORMAT, GameRecord, RecordError, Termination, VERSION};
pub use session::{EARLIER_GAMES, MOST_GAMES_COUNTED, Session};

/// Who plays whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// A person against the computer.
    #[default]
    HumanVsComputer,
    /// Two people taking turns at one computer.
    Hotseat,
    /// The computer against itself.
    ComputerVsComputer,
}

/// Who moves first in a game against the computer; whoever moves first plays X.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstMover {
    #[default]
    Human,
    Computer,
}

/// Who makes the moves of one side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    Human,
    Computer(PlayerKind),
}

/// Everything a player chooses before and during a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub rule: Rule,
    pub mode: Mode,
    pub first: FirstMover,
    /// The computer player (both sides in computer-vs-computer).
    pub computer: PlayerKind,
}

impl Default for Settings {
    /// Classic 3x3 against the full-strength engine, the person moving first.
    fn default() -> Settings {
        Settings {
            rule: Rule::TIC_TAC_TOE,
            mode: Mode::HumanVsComputer,
            first: FirstMover::Human,
            computer: PlayerKind::Engine {
                depth: None,
                time_ms: None,
            },
        }
    }
}

impl Settings {
    /// The players of X and O, in that order.
    #[must_use]
    pub fn players(&self) -> [Player; 2] {
        let computer = Player::Computer(self.computer.clone());
        match (self.mode, self.first) {
            (Mode::Hotseat, _) => [Player::Human, Player::Human],
            (Mode::ComputerVsComputer, _) => [computer.clone(), computer],
            (Mode::HumanVsComputer, FirstMover::Human) => [Player::Human, computer],
            (Mode::HumanVsComputer, FirstMover::Computer) => [computer, Player::Human],
        }
    }
}

/// Finished games of one mode on one board. Against the computer, from the person's point
/// of view; otherwise `wins` counts X's wins and `losses` O's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}
