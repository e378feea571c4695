//! The `tictactoe` binary: parses the command line and hands over to the library.

use std::process::ExitCode;

use clap::Parser;
use tictactoe::cli::{self, Cli};

fn main() -> ExitCode {
    let args = Cli::parse();
    match &args.command {
        Some(command) => cli::run(command),
        None => match tictactoe::gui::run(args.renderer) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tictactoe: could not open the window: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
