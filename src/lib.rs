//! Tic-tac-toe and its m,n,k relatives: the rules, an alpha-beta search engine, a prover of
//! m,n,k values with a separate checker of its certificates, the learners' lab (the
//! algorithms compared, searches recorded as trees), a game session with undo and saved
//! records, network play, and three front ends (a desktop window, a command line and the
//! Gomocup protocol).
//!
//! The layers, from the ground up; a module uses only modules of the layers below its own:
//!
//! 1. `rules` (the games' rules, no search), `memory` (large tables allocated zeroed, freed
//!    memory handed back), `renderer` (the window's renderer as the command line names it),
//!    `salvage` (what can still be read of a damaged file)
//! 2. `engine` (the alpha-beta search), `prover` (proofs of m,n,k values), `verify` (the
//!    checker of the prover's certificates), `external` (engines from outside that speak
//!    the Gomocup protocol), `install` (the game as installed)
//! 3. `game` (the session, saved games and the driver that runs searches)
//! 4. `net` (network play), `protocol` (the Gomocup brain)
//! 5. `grade` (a player someone wrote, checked against perfect play)
//! 6. `lab` (the learners' lab)
//! 7. `gui` (the window, the only module that uses egui), `cli` (the command line)
//!
//! Above them stand the binaries: `main.rs` (the window, or the command line with a
//! subcommand), `bin/pbrain-tictactoe.rs` and `bin/gomoku-match/`. A test
//! (`tests/layout.rs`) checks that this list names every module once and that no module
//! uses its own layer or one above it.

pub mod cli;
pub mod engine;
pub mod external;
pub mod game;
pub mod grade;
pub mod gui;
pub mod install;
pub mod lab;
mod memory;
pub mod net;
pub mod protocol;
pub mod prover;
pub mod renderer;
pub mod rules;
pub mod salvage;
pub mod verify;
