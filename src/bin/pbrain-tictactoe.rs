//! `pbrain-tictactoe`: the engine as a Gomocup brain for Piskvork, Yixin-Board and other
//! managers. The protocol lives in the library; this only connects it to standard input and
//! output.

use std::io::{self, ErrorKind};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    match tictactoe::protocol::run(&mut input, &mut output) {
        Ok(()) => ExitCode::SUCCESS,
        // The manager closed its end: there is nobody left to answer.
        Err(error) if error.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("pbrain-tictactoe: {error}");
            ExitCode::FAILURE
        }
    }
}
