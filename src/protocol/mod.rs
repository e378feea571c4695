//! The Gomocup ("pbrain") protocol front end, as Piskvork and Yixin-Board speak it to a
//! brain on standard input and output: [`command`] reads the manager's lines into typed
//! commands, [`settings`] keeps the INFO settings (clock, memory, rule), [`brain`] plays
//! the game through the move driver, and [`swap2`] answers the swap2 opening (SWAP2BOARD).
//! The `pbrain-tictactoe` binary only connects [`run`] to its standard input and output.
//! The other side, a manager's (starting any engine that speaks the protocol and asking it
//! for moves), is [`crate::external`], below the game layer; [`interval`] is the score of
//! a match between such engines, with its confidence interval.

pub mod brain;
pub mod command;
pub mod interval;
pub mod settings;
pub mod swap2;

use std::io::{self, BufRead, Write};

pub use brain::{BrainState, Flow};
pub use command::{BoardLine, BrainCommand, Field, Info, ParseError, Point};
pub use interval::Interval;
pub use settings::InfoSettings;

/// Answers the manager's commands from `input` on `output` until END or the end of input.
/// Lines need not be valid UTF-8: a damaged byte becomes a replacement character, and the
/// line is answered like any other malformed one.
pub fn run(input: &mut dyn BufRead, output: &mut dyn Write) -> io::Result<()> {
    let mut brain = BrainState::new();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&bytes);
        if brain.handle(&line, output)? == Flow::End {
            return Ok(());
        }
    }
}
