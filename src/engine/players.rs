//! The computer players besides the search: the course's rule-based player and a uniformly
//! random one, and `choose_move`, which runs whichever player a [`PlayerKind`] names.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::rules::{Cell, Position};

use super::lazy_smp::Engine;
use super::score::Value;
use super::types::{Limits, PlayerKind, SearchResult, Stats};

/// A uniformly random legal move; seedable so tests repeat.
pub struct RandomPlayer {
    rng: StdRng,
}

impl RandomPlayer {
    /// A player whose choices repeat for the same seed.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// A player seeded from the operating system.
    #[must_use]
    pub fn from_entropy() -> RandomPlayer {
        RandomPlayer::new(rand::rng().random())
    }

    /// A legal move, or `None` when the game is over.
    pub fn choose(&mut self, position: &Position) -> Option<Cell> {
        let moves = position.legal_moves();
        (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())])
    }
}

/// The rule-based player of the course material, in priority order: win now; block the
/// opponent's win; take the centre; with the opponent on two opposite corners and this
/// player in the centre (the only three stones), take an edge, since a corner there loses;
/// take a corner; otherwise the cell on the most lines still open for this player.
#[must_use]
pub fn rule_based_move(position: &Position) -> Option<Cell> {
    let geometry = position.geometry();
    let rule = *position.rule();
    let me = position.side_to_move();
    let empties: Vec<usize> = position.empty_indices().collect();
    let first = |pred: &dyn Fn(usize) -> bool| empties.iter().copied().find(|&i| pred(i));
    let (last_r, last_c) = (rule.height() - 1, rule.width() - 1);
    let corners = [
        0,
        last_c,
        last_r * rule.width(),
        last_r * rule.width() + last_c,
    ];
    let centre = (rule.width() % 2 == 1 && rule.height() % 2 == 1)
        .then(|| rule.height() / 2 * rule.width() + rule.width() / 2);

    let choice = first(&|i| position.wins_at(i, me))
        .or_else(|| first(&|i| position.wins_at(i, me.other())))
        .or_else(|| centre.filter(|&c| position.at(c).is_none()))
        .or_else(|| {
            let opposite = |a: usize, b: usize| {
                position.at(corners[a]) == Some(me.other())
                    && position.at(corners[b]) == Some(me.other())
            };
            let special = position.stones() == 3
                && centre.is_some_and(|c| position.at(c) == Some(me))
                && (opposite(0, 3) || opposite(1, 2));
            special
                .then(|| first(&|i| is_edge(i, &rule) && !corners.contains(&i)))
                .flatten()
        })
        .or_else(|| first(&|i| corners.contains(&i)))
        .or_else(|| {
            let open = |i: usize| {
                geometry
                    .windows_through(i)
                    .iter()
                    .filter(|&&w| {
                        geometry
                            .window(w as usize)
                            .iter()
                            .all(|&c| position.at(c as usize) != Some(me.other()))
                    })
                    .count()
            };
            empties
                .iter()
                .copied()
                .max_by_key(|&i| (open(i), std::cmp::Reverse(i)))
        });
    choice.map(|i| geometry.cell(i))
}

fn is_edge(index: usize, rule: &crate::rules::Rule) -> bool {
    let (r, c) = (index / rule.width(), index % rule.width());
    r == 0 || c == 0 || r == rule.height() - 1 || c == rule.width() - 1
}

/// Runs the player `kind` on `position`; the engine (when `kind` is the engine) searches with
/// `limits`, reporting its iterations through `on_iteration`. Its table carries over from
/// earlier searches of the same engine.
pub fn choose_move(
    engine: &mut Engine,
    kind: &PlayerKind,
    position: &Position,
    limits: &Limits,
    stop: &AtomicBool,
    on_iteration: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let instant = |best: Option<Cell>| SearchResult {
        best,
        score: 0,
        value: Value::Unknown,
        pv: best.into_iter().collect(),
        stats: Stats::default(),
    };
    match kind {
        PlayerKind::RuleBased => instant(rule_based_move(position)),
        PlayerKind::Random => instant(RandomPlayer::from_entropy().choose(position)),
        PlayerKind::Engine { .. } => engine.search(position, limits, stop, on_iteration),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn pos(text: &str) -> Position {
        Position::from_notation(Rule::TIC_TAC_TOE, text).unwrap()
    }

    #[test]
    fn rule_based_priorities() {
        assert_eq!(rule_based_move(&pos("xx./oo./...")), Some(Cell::new(0, 2))); // win
        assert_eq!(rule_based_move(&pos("xx./.o./...")), Some(Cell::new(0, 2))); // block
        assert_eq!(rule_based_move(&pos("x../.../...")), Some(Cell::new(1, 1))); // centre
        assert_eq!(rule_based_move(&pos(".../.x./...")), Some(Cell::new(0, 0))); // corner
    }

    #[test]
    fn rule_based_special_case_takes_an_edge() {
        let choice = rule_based_move(&pos("x../.o./..x")).unwrap();
        assert!(
            ![Cell::new(0, 2), Cell::new(2, 0)].contains(&choice),
            "{choice}"
        );
        assert_eq!(
            (choice.row + choice.col) % 2,
            1,
            "an edge, not a corner: {choice}"
        );
    }

    #[test]
    fn random_player_plays_legal_repeatable_moves() {
        let p = pos("xo./.x./...");
        let a: Vec<_> = (0..20)
            .map(|_| RandomPlayer::new(7).choose(&p).unwrap())
            .collect();
        assert!(a.iter().all(|c| p.get(*c).is_none()));
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let mut r = RandomPlayer::new(1);
        let seen: std::collections::HashSet<_> = (0..200).map(|_| r.choose(&p).unwrap()).collect();
        assert_eq!(seen.len(), 6);
        assert_eq!(RandomPlayer::new(3).choose(&pos("xxx/oo./...")), None);
    }
}
