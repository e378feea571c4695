//! The engine board's incremental sums of the learned code terms against a sum from scratch,
//! on random positions under every rule with random tables: the value for either side to
//! move and every cell's move score, read again from the line-word board's codes and threat
//! counts after moves made and taken back; and the whole incremental state against a board
//! built from scratch.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};

use crate::rules::{Position, Rule, Side};

use super::code_tables::{CodeSet, CodeTables, MASKS, threat_mask};
use super::line_board::LineBoard;
use super::line_board_tests::picked_move;
use super::lines::PatternBoard;
use super::pattern_code::{CODES, THREATS, Threat};

/// Tables of random numbers, kept for the rest of the test run.
fn random_tables(seed: u64) -> &'static CodeTables {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut tables = CodeTables::zero();
    for set in &mut tables.sets {
        let [to_move, waiting] = &mut set.eval;
        for part in [
            to_move,
            waiting,
            &mut set.attack,
            &mut set.defence,
            &mut set.mask,
        ] {
            for n in part.iter_mut() {
                *n = rng.random_range(-3000..3000);
            }
        }
    }
    assert_eq!(tables.sets[0].mask.len(), MASKS);
    Box::leak(Box::new(tables))
}

/// The value for `me` and the move scores, summed from scratch over the line-word board.
fn from_scratch(tables: &CodeTables, pos: &Position, me: Side) -> (i32, Vec<(usize, i32)>) {
    let lines = LineBoard::new(pos);
    let sets = CodeSet::of_rule(pos.rule());
    let table = |side: Side| tables.set(sets[side.index()]);
    let them = me.other();
    let mut value = 0;
    let mut orders = Vec::new();
    for cell in pos.empty_indices() {
        let (mine, theirs) = (lines.code(cell, me), lines.code(cell, them));
        value += i32::from(table(me).eval[0][usize::from(mine.0)]);
        value -= i32::from(table(them).eval[1][usize::from(theirs.0)]);
        let order = i32::from(table(me).attack[usize::from(mine.0)])
            + i32::from(table(them).defence[usize::from(theirs.0)]);
        orders.push((cell, order));
    }
    let counts = |side: Side| -> [u16; THREATS] {
        std::array::from_fn(|t| lines.count(side, Threat::ALL[t]))
    };
    value += i32::from(table(me).mask[threat_mask(&counts(me), &counts(them))]);
    (value, orders)
}

fn check(
    tables: &'static CodeTables,
    board: &PatternBoard,
    pos: &Position,
) -> Result<(), TestCaseError> {
    let codes = board.codes().expect("the board keeps the codes");
    for me in Side::BOTH {
        let (value, orders) = from_scratch(tables, pos, me);
        prop_assert_eq!(codes.value(me), value, "value for {:?}", me);
        for (cell, order) in orders {
            prop_assert_eq!(codes.order(cell, me), order, "cell {}", cell);
            prop_assert!(usize::from(codes.code(cell, me).0) < CODES);
        }
    }
    prop_assert_eq!(
        board.facts(),
        PatternBoard::with_codes(pos, Some(tables)).facts()
    );
    Ok(())
}

/// The rule of a case: freestyle and exactly five on 15x15 or an oblong board, renju.
fn rule_of(kind: u8) -> Rule {
    match kind % 5 {
        0 => Rule::new(15, 15, 5, false).unwrap(),
        1 => Rule::new(15, 15, 5, true).unwrap(),
        2 => Rule::new(20, 20, 5, false).unwrap(),
        3 => Rule::new(9, 12, 5, true).unwrap(),
        _ => Rule::RENJU,
    }
}

fn play(kind: u8, seed: u64, picks: &[u16], undo_every: usize) -> Result<(), TestCaseError> {
    let rule = rule_of(kind);
    let tables = random_tables(seed);
    let mut pos = Position::new(rule);
    let mut board = PatternBoard::with_codes(&pos, Some(tables));
    let mut played = Vec::new();
    for (n, &pick) in picks.iter().enumerate() {
        let side = pos.side_to_move();
        let Some(cell) = picked_move(&pos, pick) else {
            break;
        };
        pos.make(cell);
        board.place(cell, side);
        played.push(cell);
        if undo_every > 0 && n % undo_every == undo_every - 1 {
            let last = played.pop().expect("a move");
            pos.unmake(last);
            board.remove(last);
        }
    }
    check(tables, &board, &pos)?;
    while let Some(last) = played.pop() {
        pos.unmake(last);
        board.remove(last);
    }
    check(tables, &board, &pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn the_incremental_code_terms_are_the_sum_from_scratch(
        kind in 0u8..5,
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u16>(), 0..60),
        undo_every in 0usize..5,
    ) {
        play(kind, seed, &picks, undo_every)?;
    }
}
