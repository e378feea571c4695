//! Engine facts: the three algorithms agree, the tactics are right, limits and stopping work.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::*;
use crate::rules::{Cell, Position, Rule, Side};

fn solve(position: &Position, algorithm: Algorithm) -> SearchResult {
    let config = EngineConfig {
        algorithm,
        tt_megabytes: 4,
        threads: 1,
        every_cell: false,
        gomoku: true,
        gomoku_eval: code_tables::selected(),
    };
    Engine::new(config).search(
        position,
        &Limits::default(),
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

fn random_positions(rule: Rule, count: usize, seed: u64) -> Vec<Position> {
    let mut player = RandomPlayer::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut p = Position::new(rule);
        let plies = out.len() % rule.cells();
        for _ in 0..plies {
            match player.choose(&p) {
                Some(c) => p.play(c).unwrap(),
                None => break,
            }
        }
        if !p.is_over() {
            out.push(p);
        }
    }
    out
}

#[test]
fn all_algorithms_agree_at_full_depth() {
    for (rule, count) in [
        (Rule::TIC_TAC_TOE, 200),
        (Rule::new(4, 3, 3, false).unwrap(), 40),
        (Rule::new(3, 4, 3, false).unwrap(), 40),
    ] {
        let minimax_cells = if rule.cells() > 9 { 7 } else { 9 };
        for p in random_positions(rule, count, 11) {
            let full = solve(&p, Algorithm::Full);
            let ab = solve(&p, Algorithm::AlphaBeta);
            assert_eq!(full.score, ab.score, "{p:?}");
            assert_eq!(full.value, ab.value);
            if p.empty_count() <= minimax_cells {
                assert_eq!(solve(&p, Algorithm::Minimax).score, full.score, "{p:?}");
            }
            // The chosen move really has the claimed value.
            let mut after = p.clone();
            after.play(full.best.unwrap()).unwrap();
            let reply = solve(&after, Algorithm::AlphaBeta).value;
            let expected = match full.value {
                Value::Win { plies: 1 } => Value::Loss { plies: 0 },
                Value::Win { plies } => Value::Loss { plies: plies - 1 },
                Value::Loss { plies } => Value::Win { plies: plies - 1 },
                other => other,
            };
            assert_eq!(reply, expected, "{p:?}");
        }
    }
}

#[test]
fn full_engine_agrees_with_plain_alpha_beta_on_four_in_a_row() {
    // Late positions of boards where the draw tests (potential, pairing) fire often: the full
    // engine's value must be plain alpha-beta's, and its move must keep that value.
    for (w, h, exact, empties, count) in [
        (4, 4, false, 10, 40),
        (5, 4, false, 10, 30),
        (5, 5, false, 10, 20),
        (5, 5, true, 10, 20),
    ] {
        let rule = Rule::new(w, h, 4, exact).unwrap();
        let mut player = RandomPlayer::new(w as u64 * 7 + h as u64);
        let mut tested = 0;
        while tested < count {
            let mut p = Position::new(rule);
            while p.empty_count() > empties
                && let Some(cell) = player.choose(&p)
            {
                p.play(cell).unwrap();
            }
            if p.is_over() {
                continue;
            }
            tested += 1;
            let full = solve(&p, Algorithm::Full);
            let ab = solve(&p, Algorithm::AlphaBeta);
            assert_eq!(full.value, ab.value, "{p:?}");
            let mut after = p.clone();
            after.play(full.best.unwrap()).unwrap();
            let reply = solve(&after, Algorithm::AlphaBeta).value;
            let kept = match (full.value, reply) {
                (Value::Draw, Value::Draw) => true,
                (Value::Win { plies }, Value::Loss { plies: rest }) => rest + 1 == plies,
                (Value::Win { plies: 1 }, _) => after.winner().is_some(),
                (Value::Loss { plies }, Value::Win { plies: rest }) => rest + 1 == plies,
                _ => false,
            };
            assert!(kept, "{p:?}: {:?} then {reply:?}", full.value);
        }
    }
}

#[test]
fn pruning_visits_fewer_nodes() {
    let empty = Position::new(Rule::TIC_TAC_TOE);
    let (m, a, f) = (
        solve(&empty, Algorithm::Minimax),
        solve(&empty, Algorithm::AlphaBeta),
        solve(&empty, Algorithm::Full),
    );
    // Plain minimax visits every node of the game tree: 549,946 including the root.
    assert_eq!(m.stats.nodes, 549_946);
    assert!(
        a.stats.nodes < m.stats.nodes / 5,
        "{} vs {}",
        a.stats.nodes,
        m.stats.nodes
    );
    assert!(
        f.stats.nodes < a.stats.nodes,
        "{} vs {}",
        f.stats.nodes,
        a.stats.nodes
    );
    assert_eq!(
        (m.value, a.value, f.value),
        (Value::Draw, Value::Draw, Value::Draw)
    );
}

#[test]
fn known_values() {
    let rule = |w, h, k| Position::new(Rule::new(w, h, k, false).unwrap());
    assert!(matches!(
        solve(&rule(4, 4, 3), Algorithm::Full).value,
        Value::Win { .. }
    ));
    assert_eq!(solve(&rule(4, 4, 4), Algorithm::Full).value, Value::Draw);
    assert_eq!(solve(&rule(5, 4, 4), Algorithm::Full).value, Value::Draw);
    assert_eq!(solve(&rule(5, 5, 4), Algorithm::Full).value, Value::Draw);
}

#[test]
fn takes_the_fastest_win_and_blocks() {
    let p = Position::from_notation(Rule::TIC_TAC_TOE, "xx./oo./...").unwrap();
    let r = solve(&p, Algorithm::Full);
    assert_eq!(r.best, Some(Cell::new(0, 2)));
    assert_eq!(r.value, Value::Win { plies: 1 });
    let p = Position::from_notation(Rule::TIC_TAC_TOE, "xx./.o./...").unwrap();
    assert_eq!(solve(&p, Algorithm::Full).best, Some(Cell::new(0, 2)));
    // Lost: the loser still takes the line that delays the loss longest.
    let p = Position::from_notation(Rule::TIC_TAC_TOE, "x../.o./..x").unwrap();
    let r = solve(&p, Algorithm::Full);
    assert_eq!(r.value, Value::Draw);
}

#[test]
fn analyse_gives_every_move_with_plies() {
    let p = Position::from_notation(Rule::TIC_TAC_TOE, "xx./oo./...").unwrap();
    let mut engine = Engine::new(EngineConfig::default());
    let values = engine.analyse(&p, &Limits::default(), &AtomicBool::new(false));
    assert_eq!(values.len(), 5);
    let at = |r, c| {
        values
            .iter()
            .find(|v| v.cell == Cell::new(r, c))
            .unwrap()
            .value
    };
    assert_eq!(at(0, 2), Value::Win { plies: 1 });
    assert_eq!(at(2, 0), Value::Loss { plies: 2 });
}

#[test]
fn self_play_at_full_depth_is_a_draw() {
    let mut p = Position::new(Rule::TIC_TAC_TOE);
    while !p.is_over() {
        let r = solve(&p, Algorithm::Full);
        p.play(r.best.unwrap()).unwrap();
    }
    assert_eq!(p.winner(), None);
}

#[test]
fn self_play_on_five_by_five_with_four_in_a_row_is_a_draw() {
    // Each move is a full proof; both sides keep the draw to the last stone, and every move
    // keeps the value the engine gave the position before it.
    let mut engine = Engine::for_rule(EngineConfig::default(), &Rule::new(5, 5, 4, false).unwrap());
    let mut p = Position::new(Rule::new(5, 5, 4, false).unwrap());
    let stop = AtomicBool::new(false);
    while !p.is_over() {
        let r = engine.search(&p, &Limits::default(), &stop, &mut |_| {});
        assert_eq!(r.value, Value::Draw, "{p:?}");
        p.play(r.best.unwrap()).unwrap();
    }
    assert_eq!(p.winner(), None);
}

#[test]
fn on_five_by_five_the_engine_never_loses_to_random_play() {
    let rule = Rule::new(5, 5, 4, false).unwrap();
    let mut engine = Engine::for_rule(EngineConfig::default(), &rule);
    let mut random = RandomPlayer::new(55);
    let stop = AtomicBool::new(false);
    for game in 0..6 {
        let engine_side = if game % 2 == 0 { Side::X } else { Side::O };
        let mut p = Position::new(rule);
        while !p.is_over() {
            let cell = if p.side_to_move() == engine_side {
                engine
                    .search(&p, &Limits::default(), &stop, &mut |_| {})
                    .best
                    .unwrap()
            } else {
                random.choose(&p).unwrap()
            };
            p.play(cell).unwrap();
        }
        assert_ne!(p.winner(), Some(engine_side.other()), "game {game}: {p:?}");
    }
}

#[test]
fn limits_and_stop_return_a_legal_move() {
    let p = Position::new(Rule::new(15, 15, 5, false).unwrap());
    let mut engine = Engine::new(EngineConfig::default());
    let limits = Limits {
        time: Some(Duration::from_millis(200)),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = engine.search(&p, &limits, &AtomicBool::new(false), &mut |_| {});
    assert!(start.elapsed() < Duration::from_secs(20));
    assert_eq!(r.best, Some(Cell::new(7, 7)));
    let stopped = AtomicBool::new(true);
    let mut q = p.clone();
    q.play(Cell::new(7, 7)).unwrap();
    let r = engine.search(&q, &Limits::default(), &stopped, &mut |_| {});
    assert!(q.get(r.best.unwrap()).is_none());
    assert_eq!(r.value, Value::Unknown);
}

#[test]
fn position_bound_counts_placements_with_legal_stone_counts() {
    // 1 + 9 + 72 + 252 + 756 + 1260 + 1680 + 1260 + 630 + 126 placements on 3x3, of which
    // the 5,478 reachable positions are a part.
    assert_eq!(super::position_bound(&Rule::TIC_TAC_TOE), 6_046);
    let gomoku = Rule::new(15, 15, 5, false).unwrap();
    assert_eq!(super::position_bound(&gomoku), usize::MAX);
}

#[test]
fn analysis_sends_values_move_by_move_with_symmetric_moves_together() {
    // On the empty 3x3 board the corners are worth the same, and so are the edges: three
    // searches, nine values, each kind sent together.
    let p = Position::new(Rule::TIC_TAC_TOE);
    let mut engine = Engine::new(EngineConfig::default());
    let mut events = Vec::new();
    engine.analyse_each(&p, &Limits::default(), &AtomicBool::new(false), &mut |v| {
        events.push(v.clone())
    });
    let cells: Vec<(usize, usize)> = events.iter().map(|v| (v.cell.row, v.cell.col)).collect();
    assert_eq!(
        cells,
        [
            (0, 0),
            (0, 2),
            (2, 0),
            (2, 2),
            (0, 1),
            (1, 0),
            (1, 2),
            (2, 1),
            (1, 1)
        ]
    );
    assert!(events.iter().all(|v| v.value == Value::Draw));
    // The sorted form, as `analyse` returns it, agrees.
    let sorted = engine.analyse(&p, &Limits::default(), &AtomicBool::new(false));
    assert_eq!(sorted.len(), 9);
    assert_eq!((sorted[1].cell.row, sorted[1].cell.col), (0, 1));
}
