//! What can go wrong with an engine: it could not start, did not answer in time, ended
//! (exited, crashed or closed its output), refused, wrote something unreadable or played an
//! illegal move. Every such [`Fault`] is shown to a person, so its text says what happened
//! in a few words: an engine that exits with a code is said to have exited, and only one
//! ended by a signal is said to have crashed.

use std::fmt;
use std::time::Duration;

use super::Point;
use crate::rules::Forbidden;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("off the board")]
    OffBoard,
    #[error("on a taken cell")]
    Taken,
    #[error("forbidden for black under renju ({0})")]
    Forbidden(Forbidden),
}

/// Why the program could not be started, in words a front end can translate; the system's
/// own words where they say something else.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LaunchFailure {
    #[error("no such program")]
    NotFound,
    #[error("not allowed to run it (is it executable?)")]
    NotPermitted,
    #[error("not a program this system can run")]
    NotAProgram,
    #[error("no pipes to the process")]
    NoPipes,
    #[error("{0}")]
    Other(String),
}

impl LaunchFailure {
    /// The failure the system reported when starting the program.
    #[must_use]
    pub fn of(error: &std::io::Error) -> LaunchFailure {
        /// The system's "exec format error" (ENOEXEC): a file that is not a program.
        const NOT_EXECUTABLE_FORMAT: i32 = 8;
        match error.kind() {
            std::io::ErrorKind::NotFound => LaunchFailure::NotFound,
            std::io::ErrorKind::PermissionDenied => LaunchFailure::NotPermitted,
            _ if cfg!(unix) && error.raw_os_error() == Some(NOT_EXECUTABLE_FORMAT) => {
                LaunchFailure::NotAProgram
            }
            _ => LaunchFailure::Other(error.to_string()),
        }
    }
}

/// How an engine's process ended, as far as the manager could see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProcessExit {
    /// It exited with this code.
    Code(i32),
    /// A signal ended it (a crash: SIGSEGV, SIGABRT, or one sent from outside).
    Signal(i32),
    /// It closed its output but went on running; it was killed.
    OutputClosed,
}

impl ProcessExit {
    /// How the process with `status` ended.
    #[must_use]
    pub fn of(status: std::process::ExitStatus) -> ProcessExit {
        if let Some(code) = status.code() {
            return ProcessExit::Code(code);
        }
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            if let Some(signal) = status.signal() {
                return ProcessExit::Signal(signal);
            }
        }
        ProcessExit::Code(-1)
    }
}

/// The usual name of a signal that ends a crashing program, as people look it up.
#[must_use]
pub fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        _ => return None,
    })
}

/// An engine's process that ended while it was asked something: how, whether it had
/// answered anything before (one that had not stopped at once), and the last line it wrote
/// on its error output (cut short and cleaned), which is often the reason: an interpreter's
/// error, a missing file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineExit {
    pub exit: ProcessExit,
    pub answered: bool,
    pub last_error: Option<String>,
}

impl fmt::Display for EngineExit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.exit, self.answered) {
            (ProcessExit::Code(code), false) => write!(f, "stopped at once with exit code {code}")?,
            (ProcessExit::Code(code), true) => {
                write!(f, "exited with code {code} before answering")?
            }
            (ProcessExit::Signal(signal), _) => match signal_name(signal) {
                Some(name) => write!(f, "crashed (signal {signal}, {name})")?,
                None => write!(f, "crashed (signal {signal})")?,
            },
            (ProcessExit::OutputClosed, _) => f.write_str("closed its output before answering")?,
        }
        match &self.last_error {
            Some(line) => write!(f, "; its last error line: {line}"),
            None => Ok(()),
        }
    }
}

/// Why a brain lost the game without losing on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Launch(LaunchFailure),
    /// No answer by the deadline; the brain was killed.
    TimeOut(Duration),
    /// The brain's output ended (it exited, crashed or closed it), or its input was closed.
    Ended(EngineExit),
    /// ERROR or UNKNOWN instead of an answer.
    Refused(String),
    /// A line that is not the answer asked for.
    Unreadable(String),
    /// A move the rules do not allow.
    Illegal(Point, IllegalMove),
    /// The manager stopped waiting (the game moved on before the answer came); the brain
    /// was killed. Not the brain's fault, and never counted against it.
    Stopped,
}

impl Fault {
    /// The column of the totals this fault is counted in.
    #[must_use]
    pub fn kind(&self) -> FaultKind {
        match self {
            Fault::TimeOut(_) => FaultKind::TimeOut,
            Fault::Illegal(..) => FaultKind::Illegal,
            Fault::Launch(_) | Fault::Ended(_) => FaultKind::Crash,
            Fault::Refused(_) | Fault::Unreadable(_) | Fault::Stopped => FaultKind::Error,
        }
    }
}

/// The kinds of fault the totals count apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    TimeOut,
    Illegal,
    Crash,
    Error,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Launch(why) => write!(f, "could not start: {why}"),
            Fault::TimeOut(limit) => write!(f, "no answer in {} ms", limit.as_millis()),
            Fault::Ended(ending) => write!(f, "{ending}"),
            Fault::Refused(line) => write!(f, "refused: {line}"),
            Fault::Unreadable(line) => write!(f, "unreadable answer: {line}"),
            Fault::Illegal(point, why) => write!(f, "illegal move {point}: {why}"),
            Fault::Stopped => f.write_str("stopped: the game moved on"),
        }
    }
}
