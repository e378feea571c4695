//! Engines from outside: any program, in any language, that speaks the Gomocup protocol, run
//! as a child process and asked for moves. This is the manager's side of the protocol (the
//! brain's side is [`crate::protocol`]): a [`Brain`] is a running engine, started by its
//! [`EngineCommand`] and set up for a game by its [`Setup`]; it is asked with a [`BrainRequest`]
//! and answers with a move or a [`Fault`], never a panic. It sits below the game layer, so
//! the game's move driver can hold an engine as a player; the grader and the match runner
//! use it too.

pub mod brain;
pub mod brain_report;
pub mod command;
pub mod fault;
pub mod point;
pub mod request;
pub mod setup;
pub mod variant;

pub use brain::{Brain, MAX_LINE, shown};
pub use brain_report::BrainReport;
pub use command::EngineCommand;
pub use fault::{
    EngineExit, Fault, FaultKind, IllegalMove, LaunchFailure, ProcessExit, signal_name,
};
pub use point::Point;
pub use request::{
    BrainRequest, Swap2Answer, parse_about_name, parse_move, parse_swap2_answer, swap2_lines,
};
pub use setup::{GRACE, SETTLE, Setup, TimeLimits};
pub use variant::Variant;
