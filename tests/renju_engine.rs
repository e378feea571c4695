//! The engine under renju over random quiet positions: however far it searches, Black's
//! move is never a forbidden cell, even where a forbidden cell would be Black's best shape.

use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use tictactoe::engine::{Engine, EngineConfig, Limits};
use tictactoe::rules::{Position, Rule, Side, renju, threats};

/// A quiet renju position with Black to move, crowded into the middle of the board where
/// forbidden cells are common: each pick chooses among the legal moves within three cells of
/// the centre after which neither side has a four or an open three, so the search has a game
/// to play rather than a five to take or a threat to answer.
fn black_to_move() -> impl Strategy<Value = Position> {
    prop::collection::vec(any::<u16>(), 8..30).prop_map(|picks| {
        let mut position = Position::new(Rule::RENJU);
        let mut before = position.clone();
        for pick in picks {
            let quiet: Vec<_> = position
                .legal_moves()
                .into_iter()
                .filter(|c| c.row.abs_diff(7) <= 3 && c.col.abs_diff(7) <= 3)
                .filter(|&c| {
                    let mut after = position.clone();
                    after.play(c).is_ok() && threats::threats(&after).is_empty()
                })
                .collect();
            if quiet.is_empty() {
                break;
            }
            if position.side_to_move() == Side::X {
                before = position.clone();
            }
            position
                .play(quiet[usize::from(pick) % quiet.len()])
                .expect("a legal move");
        }
        if position.side_to_move() == Side::X {
            position
        } else {
            before
        }
    })
}

/// The cells forbidden to Black in `position`.
fn forbidden_cells(position: &Position) -> Vec<usize> {
    position
        .empty_indices()
        .filter(|&i| renju::forbidden_at(position, i).is_some())
        .collect()
}

/// The engine's move on `position` within `limits`, as a cell index.
fn engine_move(position: &Position, limits: &Limits) -> usize {
    let mut engine = Engine::new(EngineConfig {
        tt_megabytes: 4,
        ..EngineConfig::default()
    });
    let best = engine
        .search(position, limits, &AtomicBool::new(false), &mut |_| {})
        .best
        .expect("a move while the game goes on");
    position
        .geometry()
        .index(best)
        .expect("a cell of the board")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Positions with at least one forbidden cell: Black's move, by a shallow search and by
    /// a search of 20,000 nodes (its first iterations, threats and VCF included), is never
    /// one of them, and the rules accept it.
    #[test]
    fn black_never_plays_a_forbidden_cell(position in black_to_move()) {
        let forbidden = forbidden_cells(&position);
        prop_assume!(!forbidden.is_empty());
        for limits in [
            Limits { depth: Some(1), ..Limits::default() },
            Limits { nodes: Some(20_000), ..Limits::default() },
        ] {
            let index = engine_move(&position, &limits);
            prop_assert!(
                !forbidden.contains(&index),
                "{:?} played the forbidden {:?} in {}",
                limits,
                position.geometry().cell(index),
                position.to_notation()
            );
            prop_assert!(position.check_move(position.geometry().cell(index)).is_ok());
        }
    }
}
