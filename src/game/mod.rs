//! The game layer, below every front end: a [`Session`] (the settings, the moves played with
//! undo and redo, the score, saved records), the [`Driver`] that runs searches on worker
//! threads and hands each request's updates back on a [`Ticket`] (the game's own jobs are
//! the computer's moves, hints and move values, chosen by the [`MovePolicy`]), the time
//! policy ([`clock`]), the opening phase of swap and swap2 ([`opening`]), the ranges of what a player may set ([`ranges`]) and the lessons of
//! lost games ([`lessons`]). No drawing here. The learners' lab sits above this layer: it
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
use crate::external::{EngineCommand, TimeLimits};
use crate::rules::{Rule, Side};

pub use clock::{Clock, SOLVABLE_CELLS};
pub use driver::{
    Answer, Chooser, Driver, DriverConfig, ENGINES, EngineFault, EngineTurn, HoldsEngine, Job,
    Lane, MOVES, MovePolicy, Outbox, Pending, Release, SwapAnswer, SwapRequest, Task, TaskEvent,
    TaskRequest, Ticket, TimedOut, VALUES, Worker,
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

impl FirstMover {
    /// The other one.
    #[must_use]
    pub fn other(self) -> FirstMover {
        match self {
            FirstMover::Human => FirstMover::Computer,
            FirstMover::Computer => FirstMover::Human,
        }
    }
}

/// Who makes the moves of one side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    Human,
    Computer(PlayerKind),
    /// An engine from outside that speaks the Gomocup protocol (see [`crate::external`]).
    Engine(EngineCommand),
}

/// Everything a player chooses before and during a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub rule: Rule,
    pub mode: Mode,
    pub first: FirstMover,
    /// The computer player (both sides in computer-vs-computer).
    pub computer: PlayerKind,
    /// Engines from outside in place of the mode's players, if any.
    #[serde(default, skip_serializing_if = "Engines::is_none")]
    pub engines: Engines,
}

/// Engines from outside (programs that speak the Gomocup protocol) seated in a game, and how
/// long they may take.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Engines {
    /// The engines that play X and O, in that order, in place of whoever the mode seats
    /// there.
    pub seats: [Option<EngineCommand>; 2],
    /// How long they may take to start and per move.
    pub limits: TimeLimits,
}

impl Engines {
    /// No engine seated, the default limits (left out of saved settings).
    #[must_use]
    pub fn is_none(&self) -> bool {
        *self == Engines::default()
    }
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
            engines: Engines::default(),
        }
    }
}

impl Settings {
    /// The players of X and O, in that order: the mode's, an engine from outside in a
    /// seat that has one.
    #[must_use]
    pub fn players(&self) -> [Player; 2] {
        let computer = Player::Computer(self.computer.clone());
        let mut players = match (self.mode, self.first) {
            (Mode::Hotseat, _) => [Player::Human, Player::Human],
            (Mode::ComputerVsComputer, _) => [computer.clone(), computer],
            (Mode::HumanVsComputer, FirstMover::Human) => [Player::Human, computer],
            (Mode::HumanVsComputer, FirstMover::Computer) => [computer, Player::Human],
        };
        for (player, engine) in players.iter_mut().zip(&self.engines.seats) {
            if let Some(command) = engine {
                *player = Player::Engine(command.clone());
            }
        }
        players
    }

    /// The engine from outside playing `side`, if any.
    #[must_use]
    pub fn engine(&self, side: Side) -> Option<&EngineCommand> {
        self.engines.seats[side.index()].as_ref()
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
