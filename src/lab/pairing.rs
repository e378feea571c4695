//! Pairing strategies as a learner sees them: the pairs of cells with which one side stops
//! the other from ever making K in a row, on the position on the board, and the answer the
//! pairing gives to the move just played.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::prover::{Mask, PairingSearch, ProverBoard, cells_of};
use crate::rules::{Cell, Position, Side};

/// A pairing strategy against `attacker`: pairs of empty cells, every line `attacker` can
/// still fill holding one pair. The other side answers a move in a pair with its partner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingStrategy {
    pub attacker: Side,
    /// The pairs, each as two cells.
    pub pairs: Vec<(Cell, Cell)>,
    /// With the defender to move: the reply after which the pairs hold (the partner of the
    /// attacker's last move when it fell in a pair, else any cell that keeps a pairing).
    pub reply: Option<Cell>,
}

/// The pairing strategy that stops `attacker` on `position`, if the pairing search finds
/// one: with `attacker` to move, the pairs as they stand; with the defender to move after
/// `attacker`'s `last_move`, a reply (tried first at the last move's partner) after which a
/// pairing stands; with the defender to move otherwise, the pairs as they stand. `None` on
/// boards over [`crate::prover::MAX_CELLS`] cells, when `attacker` already has K in a row, or when
/// no pairing is found (the side may still be unable to win: the prover's search can tell).
#[must_use]
pub fn pairing_strategy(
    position: &Position,
    attacker: Side,
    last_move: Option<Cell>,
) -> Option<PairingStrategy> {
    pairing_strategy_until(position, attacker, last_move, &AtomicBool::new(false))
}

/// [`pairing_strategy`], giving up (`None`) soon after `stop` is set: with the defender to
/// move it is a pairing search for each reply tried, most of a second on 7x7.
#[must_use]
pub fn pairing_strategy_until(
    position: &Position,
    attacker: Side,
    last_move: Option<Cell>,
    stop: &AtomicBool,
) -> Option<PairingStrategy> {
    if position.winner().is_some() {
        return None;
    }
    let geometry = position.geometry();
    let mut board = ProverBoard::new(position, attacker)?;
    let mut search = PairingSearch::default();
    let to_cells = |pairs: Vec<(u8, u8)>| {
        pairs
            .into_iter()
            .map(|(a, b)| (geometry.cell(a as usize), geometry.cell(b as usize)))
            .collect()
    };
    if board.attacker_to_move {
        let pairs = search.find(&board)?;
        return Some(PairingStrategy {
            attacker,
            pairs: to_cells(pairs),
            reply: None,
        });
    }
    // The defender answers first: the cell it would answer the last move with, then every
    // other empty cell.
    let free: Mask = board.free();
    let mut tries: Vec<usize> = Vec::new();
    let attackers_last = last_move.filter(|&c| position.get(c) == Some(attacker));
    if attackers_last.is_none()
        && let Some(pairs) = search.find(&board)
    {
        // Nothing to answer: the pairs stand as they are, and a move of the defender's own
        // only blocks more lines.
        return Some(PairingStrategy {
            attacker,
            pairs: to_cells(pairs),
            reply: None,
        });
    }
    if let Some(last) = attackers_last.and_then(|c| geometry.index(c)) {
        board.unmake(last);
        let before = search.find(&board);
        board.make(last);
        if let Some(pairs) = before
            && let Some(&(a, b)) = pairs
                .iter()
                .find(|&&(a, b)| usize::from(a) == last || usize::from(b) == last)
        {
            tries.push(if usize::from(a) == last { b } else { a }.into());
        }
    }
    let first = tries.first().copied();
    tries.extend(cells_of(free).filter(|&c| Some(c) != first));
    for reply in tries {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        board.make(reply);
        let found = search.find(&board);
        board.unmake(reply);
        if let Some(pairs) = found {
            return Some(PairingStrategy {
                attacker,
                pairs: to_cells(pairs),
                reply: Some(geometry.cell(reply)),
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    /// Checks a strategy the way the defender would use it, from the rules alone: the pairs
    /// are disjoint empty cells (after the reply), and every line of K cells without a
    /// defender stone holds a pair.
    fn holds(position: &Position, strategy: &PairingStrategy) -> bool {
        let mut position = position.clone();
        if let Some(reply) = strategy.reply
            && position.play(reply).is_err()
        {
            return false;
        }
        let defender = strategy.attacker.other();
        let mut used = Vec::new();
        for &(a, b) in &strategy.pairs {
            if a == b || used.contains(&a) || used.contains(&b) {
                return false;
            }
            if position.get(a).is_some() || position.get(b).is_some() {
                return false;
            }
            used.extend([a, b]);
        }
        let rule = *position.rule();
        let (w, h, k) = (rule.width() as i64, rule.height() as i64, rule.k() as i64);
        for row in 0..h {
            for col in 0..w {
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    let cells: Vec<Cell> = (0..k)
                        .map(|i| (row + dr * i, col + dc * i))
                        .filter(|&(r, c)| r >= 0 && r < h && c >= 0 && c < w)
                        .map(|(r, c)| Cell::new(r as usize, c as usize))
                        .collect();
                    if cells.len() as i64 != k {
                        continue;
                    }
                    let blocked = cells.iter().any(|&c| position.get(c) == Some(defender));
                    let paired = strategy
                        .pairs
                        .iter()
                        .any(|(a, b)| cells.contains(a) && cells.contains(b));
                    if !blocked && !paired {
                        return false;
                    }
                }
            }
        }
        true
    }

    #[test]
    fn the_empty_5_5_5_board_has_a_pairing_for_the_second_player() {
        let position = Position::new(Rule::new(5, 5, 5, false).unwrap());
        let strategy = pairing_strategy(&position, Side::X, None).expect("5,5,5 pairs");
        assert!(strategy.reply.is_none());
        assert!(holds(&position, &strategy));
    }

    #[test]
    fn after_a_move_the_reply_is_the_partner_and_the_pairs_hold() {
        let rule = Rule::new(5, 5, 5, false).unwrap();
        let empty = Position::new(rule);
        let before = pairing_strategy(&empty, Side::X, None).unwrap();
        let (a, b) = before.pairs[0];
        let mut position = empty.clone();
        position.play(a).unwrap();
        let after = pairing_strategy(&position, Side::X, Some(a)).expect("a reply keeps it");
        assert_eq!(after.reply, Some(b));
        assert!(holds(&position, &after));
    }

    #[test]
    fn tic_tac_toe_has_no_pairing() {
        assert!(pairing_strategy(&Position::new(Rule::TIC_TAC_TOE), Side::X, None).is_none());
    }
}
