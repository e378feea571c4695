//! Whole games played by the engine against a weaker copy of itself, for tests that need a
//! real finished game on a large board (the review of a lost game). Each side searches a
//! fixed number of nodes on one thread, so the same call always plays the same game.

use std::sync::atomic::AtomicBool;

use tictactoe::engine::{Engine, EngineConfig, Limits};
use tictactoe::rules::{Cell, Position, Rule, Side};

/// The nodes of the stronger side's searches and of the weaker side's.
const STRONG_NODES: u64 = 20_000;
const WEAK_NODES: u64 = 300;

/// A game of `rule` between `strong`, searching [`STRONG_NODES`] a move, and the other side
/// searching [`WEAK_NODES`]: its moves and its winner (at budgets this small the weaker side
/// may win; either way one side has lost). Panics if the game is drawn (the test would be
/// wrong).
pub fn lost_game(rule: Rule, strong: Side) -> (Vec<Cell>, Side) {
    let config = EngineConfig {
        tt_megabytes: 16,
        threads: 1,
        ..EngineConfig::default()
    };
    let mut engines = [
        Engine::for_rule(config.clone(), &rule),
        Engine::for_rule(config, &rule),
    ];
    let stop = AtomicBool::new(false);
    let mut position = Position::new(rule);
    let mut moves = Vec::new();
    while !position.is_over() {
        let side = position.side_to_move();
        let nodes = if side == strong {
            STRONG_NODES
        } else {
            WEAK_NODES
        };
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let engine = &mut engines[usize::from(side == Side::O)];
        let found = engine.search(&position, &limits, &stop, &mut |_| {});
        let cell = found.best.expect("a move in a game not over");
        position.play(cell).expect("the engine's move is legal");
        moves.push(cell);
    }
    let winner = position.winner().expect("a game won, not drawn");
    (moves, winner)
}
