//! The errors of the command line. Each prints as one line after `error: `.

use std::io;

use crate::rules::PositionError;
use crate::rules::perft::PerftError;

/// Why a subcommand failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("bad position '{text}': {source}")]
    Position { text: String, source: PositionError },
    #[error("{0}")]
    Count(#[from] PerftError),
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Engine(String),
    /// An engine from outside that failed in a game (it could not start, crashed, hung,
    /// wrote garbage or played an illegal move); the message says which and how.
    #[error("{0}")]
    EngineFault(String),
    #[error("{failed} of {total} positions could not be analysed")]
    SomeLinesFailed { failed: usize, total: usize },
    /// A network game that stopped because of a failure (refused, busy, the host gone or
    /// unreachable, a ticket that does not match), not because it was played out or left.
    #[error("the network game failed: {0}")]
    Network(String),
    /// A player being graded that could not be graded to the end.
    #[error("the player could not be graded to the end: {0}")]
    Grading(String),
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}

impl CliError {
    /// The exit status: 2 for bad input, 1 when reading or writing failed, a network game
    /// failed or an engine from outside failed in a game.
    #[must_use]
    pub fn exit_status(&self) -> u8 {
        match self {
            CliError::Io(_)
            | CliError::Json(_)
            | CliError::Network(_)
            | CliError::Grading(_)
            | CliError::EngineFault(_) => 1,
            _ => 2,
        }
    }

    /// Whether the reader of our output went away (`tictactoe ... | head`): not an error.
    #[must_use]
    pub fn is_broken_pipe(&self) -> bool {
        match self {
            CliError::Io(e) => e.kind() == io::ErrorKind::BrokenPipe,
            CliError::Json(e) => e.io_error_kind() == Some(io::ErrorKind::BrokenPipe),
            _ => false,
        }
    }
}
