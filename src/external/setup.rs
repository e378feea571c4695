//! What an engine is told before a game: the board, the rule and the clock.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::Variant;

/// What the brain is told before the game: the board and the clock.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub width: usize,
    pub height: usize,
    /// How many in a row win: five is the protocol's game; any other number is sent as
    /// `INFO in_a_row` (this program's extension, which other brains ignore).
    pub in_a_row: usize,
    /// Freestyle, only exactly that many (INFO rule 1), or renju (INFO rule 4).
    pub variant: Variant,
    /// The time per move the brain is told (INFO timeout_turn).
    pub turn: Duration,
    /// How long START may take to answer: the brain may load its evaluation first.
    pub start_limit: Duration,
    /// Search threads the brain is asked to use (INFO thread_num), if any.
    pub threads: Option<u32>,
    /// The least time between an answer and the next command ([`SETTLE`] for a brain that
    /// needs it, zero for one that does not).
    pub settle: Duration,
}

/// The least time between a brain's answer and the next command it is sent, for brains
/// that need it ([`Setup::settle`]). Rapfi prints its move a moment before it is ready for
/// the next command, and a TURN arriving in that moment is dropped, leaving the move's text
/// to be read as an unknown command; a reply from an opponent that answers at once (a book
/// move, a forced block) comes that fast.
pub const SETTLE: Duration = Duration::from_millis(30);

/// How long an engine playing a game may take: to start (START, with its evaluation
/// loaded) and for each move. The defaults are the grader's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct TimeLimits {
    /// The time per move, in milliseconds, which the engine is told (INFO timeout_turn).
    pub turn_ms: u64,
    /// The time START may take, in milliseconds.
    pub start_ms: u64,
}

/// The time past its move time an engine's answer is still taken: the pipe and the
/// process's scheduling on a loaded machine, not thinking time.
pub const GRACE: Duration = Duration::from_millis(500);

impl Default for TimeLimits {
    fn default() -> TimeLimits {
        TimeLimits {
            turn_ms: 2_000,
            start_ms: 10_000,
        }
    }
}

impl TimeLimits {
    /// The time per move the engine is told.
    #[must_use]
    pub fn turn(&self) -> Duration {
        Duration::from_millis(self.turn_ms)
    }

    /// The time START may take.
    #[must_use]
    pub fn start(&self) -> Duration {
        Duration::from_millis(self.start_ms)
    }

    /// How long a move's answer is waited for: the move time and [`GRACE`].
    #[must_use]
    pub fn wait(&self) -> Duration {
        self.turn() + GRACE
    }

    /// Whether these are the defaults (left out of saved settings).
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == TimeLimits::default()
    }
}

impl Setup {
    /// The setup of a game of `rule` for an engine with `limits`: the board, the number in
    /// a row (sent as INFO in_a_row when not five), the variant, and the settling time a
    /// brain like Rapfi needs.
    #[must_use]
    pub fn for_game(rule: &crate::rules::Rule, limits: TimeLimits) -> Setup {
        Setup {
            width: rule.width(),
            height: rule.height(),
            in_a_row: rule.k(),
            variant: Variant::of(rule),
            turn: limits.turn(),
            start_limit: limits.start(),
            threads: None,
            settle: SETTLE,
        }
    }
}
