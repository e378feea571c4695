//! Tic-tac-toe and its m,n,k relatives: the rules, an alpha-beta search engine, a game
//! session with undo and saved records, and two front ends (a desktop window and a command
//! line). Dependencies point one way: rules <- engine <- game <- {gui, cli}.

pub mod cli;
pub mod engine;
pub mod game;
pub mod gui;
pub mod rules;
