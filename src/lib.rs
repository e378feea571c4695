//! Tic-tac-toe and its m,n,k relatives: the rules, an alpha-beta search engine, the learners'
//! lab (the algorithms compared, searches recorded as trees), a game session with undo and
//! saved records, and three front ends (a desktop window, a command line and the Gomocup
//! protocol). Dependencies point one way: rules <- engine <- lab <- external <- game <- {gui,
//! cli, protocol}; `external` runs engines from outside that speak the Gomocup protocol.

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
pub mod rules;
pub mod salvage;
pub mod verify;
