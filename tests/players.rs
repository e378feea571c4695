//! The full-depth engine as a player: it never loses on 3x3, against itself, the random
//! player or the rule-based player, and it finds the known values of larger boards.

use std::sync::atomic::AtomicBool;

use tictactoe::engine::{Engine, EngineConfig, Limits, RandomPlayer, Value, rule_based_move};
use tictactoe::rules::{Cell, Position, Rule, Side};

fn engine_move(engine: &mut Engine, position: &Position) -> Cell {
    let result = engine.search(
        position,
        &Limits::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    );
    result.best.expect("a move while the game goes on")
}

/// Plays a game; `x` and `o` choose the moves. Returns the winner.
fn play(
    mut x: impl FnMut(&Position) -> Cell,
    mut o: impl FnMut(&Position) -> Cell,
    opening: Option<Cell>,
) -> Option<Side> {
    let mut p = Position::new(Rule::TIC_TAC_TOE);
    if let Some(cell) = opening {
        p.play(cell).unwrap();
    }
    while !p.is_over() {
        let cell = if p.side_to_move() == Side::X {
            x(&p)
        } else {
            o(&p)
        };
        p.play(cell).expect("players only make legal moves");
    }
    p.winner()
}

#[test]
fn self_play_is_always_a_draw_from_every_opening() {
    let mut engine = Engine::new(EngineConfig::default());
    let mut other = Engine::new(EngineConfig::default());
    for opening in Position::new(Rule::TIC_TAC_TOE).legal_moves() {
        let winner = play(
            |p| engine_move(&mut engine, p),
            |p| engine_move(&mut other, p),
            Some(opening),
        );
        assert_eq!(winner, None, "after the opening {opening}");
    }
}

#[test]
fn never_loses_to_the_random_player() {
    let mut engine = Engine::new(EngineConfig::default());
    let mut random = RandomPlayer::new(2026);
    let (mut wins, mut draws) = (0, 0);
    for game in 0..3000 {
        let engine_side = if game % 2 == 0 { Side::X } else { Side::O };
        let winner = if engine_side == Side::X {
            play(
                |p| engine_move(&mut engine, p),
                |p| random.choose(p).unwrap(),
                None,
            )
        } else {
            play(
                |p| random.choose(p).unwrap(),
                |p| engine_move(&mut engine, p),
                None,
            )
        };
        match winner {
            Some(w) if w == engine_side => wins += 1,
            Some(_) => panic!("the engine lost game {game} as {engine_side}"),
            None => draws += 1,
        }
    }
    assert_eq!(wins + draws, 3000);
    assert!(
        wins > 2000,
        "a perfect player beats a random one most of the time: {wins} wins"
    );
}

#[test]
fn the_rule_based_player_never_beats_it() {
    let mut engine = Engine::new(EngineConfig::default());
    let rules = |p: &Position| rule_based_move(p).unwrap();
    assert_ne!(
        play(|p| engine_move(&mut engine, p), rules, None),
        Some(Side::O)
    );
    assert_ne!(
        play(rules, |p| engine_move(&mut engine, p), None),
        Some(Side::X)
    );
    // From every opening the rule-based player could face.
    for opening in Position::new(Rule::TIC_TAC_TOE).legal_moves() {
        let winner = play(rules, |p| engine_move(&mut engine, p), Some(opening));
        assert_ne!(winner, Some(Side::O), "engine as X lost after {opening}");
    }
}

fn solve(w: usize, h: usize, k: usize) -> Value {
    let mut engine = Engine::new(EngineConfig::default());
    let p = Position::new(Rule::new(w, h, k, false).unwrap());
    engine
        .search(&p, &Limits::default(), &AtomicBool::new(false), &mut |_| {})
        .value
}

#[test]
fn known_values_of_larger_boards() {
    assert!(
        matches!(solve(4, 4, 3), Value::Win { .. }),
        "4,4,3 is a first-player win"
    );
    assert_eq!(solve(4, 4, 4), Value::Draw, "4,4,4 is a draw");
    assert_eq!(solve(5, 4, 4), Value::Draw, "5,4,4 is a draw");
}
