//! Swap and swap2 in the engine: proposed openings are legal, differ from seed to seed, come
//! back the same for the same seed and are balanced; the colour choice takes the side that
//! wins in a lopsided position, for either colour; swap2's second step answers with legal
//! stones; a position with white to move is judged from where the colours stand even.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::balanced_opening::{
    Judge, RENJU_WHITE_EDGE_FIVE, RENJU_WHITE_EDGE_THREE, WHITE_EDGE_FIVE, WHITE_EDGE_THREE,
    propose_three, propose_two_more, white_edge,
};
use super::swap::{ColourChoice, Swap2Choice, SwapError, choose_colour, swap2_choice};
use crate::engine::{Engine, EngineConfig, Limits};
use crate::rules::{Cell, Position, Rule, Side};

/// A small node budget keeps the tests quick and their answers the same every run, yet near
/// what a judgement gets at short time controls, where the judge's edges were measured.
const NODES: u64 = 6_000;

fn judge() -> Judge {
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    Judge::new(limits, 2)
}

fn rules() -> [Rule; 3] {
    [
        Rule::new(15, 15, 5, false).unwrap(),
        Rule::new(15, 15, 5, true).unwrap(),
        Rule::RENJU,
    ]
}

/// Replays `stones` from the empty board through the rules' checked moves.
fn replay(rule: &Rule, stones: &[Cell]) -> Position {
    let mut position = Position::new(*rule);
    for &cell in stones {
        position.play(cell).expect("a legal stone");
    }
    position
}

#[test]
fn proposed_openings_are_legal_balanced_varied_and_repeatable() {
    for rule in rules() {
        let mut judge = judge();
        let mut seen = HashSet::new();
        for seed in 0..4 {
            let proposal = propose_three(&rule, seed, &mut judge).expect("three stones fit");
            assert_eq!(proposal.stones.len(), 3);
            let position = replay(&rule, &proposal.stones);
            assert_eq!(position.hash(), proposal.position.hash());
            assert_eq!(position.side_to_move(), Side::O);
            let first = proposal.stones[0];
            assert!(
                first.row.abs_diff(7) <= 1 && first.col.abs_diff(7) <= 1,
                "{first:?}"
            );
            assert!(
                proposal.judgement.is_balanced(),
                "seed {seed}: {:?}",
                proposal.judgement
            );
            let again = propose_three(&rule, seed, &mut judge).unwrap();
            assert_eq!(again.stones, proposal.stones, "seed {seed} again");
            seen.insert(proposal.stones);
        }
        assert!(seen.len() >= 3, "{} openings from 4 seeds", seen.len());
    }
}

#[test]
fn two_more_stones_are_white_then_black_legal_and_balanced() {
    for rule in rules() {
        let mut judge = judge();
        let three = propose_three(&rule, 11, &mut judge).unwrap();
        let mut found = 0;
        for seed in 0..3 {
            // No balanced stones among the candidates is an answer too: then none are offered.
            let Some(two) = propose_two_more(&three.position, seed, &mut judge) else {
                continue;
            };
            found += 1;
            assert_eq!(two.stones.len(), 2);
            let mut all = three.stones.clone();
            all.extend(&two.stones);
            let position = replay(&rule, &all);
            assert_eq!(position.stones(), 5);
            assert!(two.judgement.is_balanced(), "{:?}", two.judgement);
        }
        assert!(found > 0, "no balanced two stones from three seeds");
    }
}

/// A position from `(row, col)` stones, black's and white's alternately played.
fn position(rule: &Rule, black: &[(usize, usize)], white: &[(usize, usize)]) -> Position {
    let mut stones = Vec::new();
    for (number, &(row, col)) in black.iter().enumerate() {
        stones.push(Cell::new(row, col));
        if let Some(&(row, col)) = white.get(number) {
            stones.push(Cell::new(row, col));
        }
    }
    replay(rule, &stones)
}

#[test]
fn the_colour_choice_takes_the_winning_side() {
    for rule in rules() {
        let mut judge = judge();
        // Black has an open four (5 to 8 on row 7); white, to move, cannot stop both ends.
        let black_wins = position(
            &rule,
            &[(7, 5), (7, 6), (7, 7), (7, 8)],
            &[(0, 0), (0, 14), (14, 0)],
        );
        assert_eq!(
            choose_colour(&black_wins, &mut judge),
            Ok(ColourChoice::Black)
        );
        // White, to move, has an open three with black scattered on the edges: white makes
        // an open four first.
        let white_wins = position(
            &rule,
            &[(0, 0), (0, 14), (14, 0), (14, 14)],
            &[(7, 6), (7, 7), (7, 8)],
        );
        let choice = choose_colour(&white_wins, &mut judge).unwrap();
        let ColourChoice::White { reply } = choice else {
            panic!("{choice:?}");
        };
        assert_eq!(reply.row, 7, "{reply:?}");
        let swap2 = swap2_choice(&black_wins, 1, &mut judge);
        assert_eq!(swap2, Ok(Swap2Choice::Take(ColourChoice::Black)));
    }
}

#[test]
fn swap2s_second_step_answers_with_legal_stones() {
    for rule in rules() {
        let mut judge = judge();
        let three = propose_three(&rule, 3, &mut judge).unwrap();
        let mut after = three.position.clone();
        match swap2_choice(&three.position, 9, &mut judge).unwrap() {
            Swap2Choice::Take(ColourChoice::Black) => {}
            Swap2Choice::Take(ColourChoice::White { reply }) => after.play(reply).unwrap(),
            Swap2Choice::PlaceTwo { white, black } => {
                after.play(white).unwrap();
                after.play(black).unwrap();
                assert!(choose_colour(&after, &mut judge).is_ok());
            }
        }
        let black_to_move = replay(&rule, &[Cell::new(7, 7), Cell::new(7, 8)]);
        assert_eq!(
            choose_colour(&black_to_move, &mut judge),
            Err(SwapError::BlackToMove)
        );
    }
}

#[test]
fn white_to_move_is_judged_from_where_the_colours_stand_even() {
    let raw = |position: &Position| {
        // The judge's own evaluation, the pattern evaluation.
        let config = EngineConfig {
            tt_megabytes: 2,
            threads: 1,
            gomoku_eval: None,
            ..EngineConfig::default()
        };
        let limits = Limits {
            nodes: Some(NODES),
            ..Limits::default()
        };
        let stop = Arc::new(AtomicBool::new(false));
        Engine::new(config)
            .search(position, &limits, &stop, &mut |_| {})
            .score
    };
    let freestyle = Rule::new(15, 15, 5, false).unwrap();
    let edges = [
        (freestyle, WHITE_EDGE_THREE, WHITE_EDGE_FIVE),
        (Rule::RENJU, RENJU_WHITE_EDGE_THREE, RENJU_WHITE_EDGE_FIVE),
    ];
    for (rule, edge_three, edge_five) in edges {
        let three = replay(&rule, &[Cell::new(7, 7), Cell::new(6, 7), Cell::new(8, 8)]);
        let mut five = three.clone();
        five.play(Cell::new(9, 9)).unwrap();
        five.play(Cell::new(6, 6)).unwrap();
        for (position, edge) in [(&three, edge_three), (&five, edge_five)] {
            assert_eq!(white_edge(&rule, position.stones()), edge);
            assert_eq!(judge().judge(position).score, raw(position) - edge);
        }
        // Black to move: the search's own value.
        let mut four = three.clone();
        four.play(Cell::new(9, 9)).unwrap();
        assert_eq!(judge().judge(&four).score, raw(&four));
    }
}
