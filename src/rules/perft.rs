//! Perft-style counts of the whole game tree of a small board: complete games and how they
//! end, reachable and terminal positions, and the same up to the symmetries of the board.
//! Rules only, no search: the counts check move generation and win detection against
//! figures from the literature (for 3,3,3: 255,168 games, 5,478 positions).
//!
//! The tree is walked once per class of positions equal up to symmetry: every count below
//! is the same for a position and its rotations and reflections, so it is kept in a table
//! under an exact canonical key (the smallest of the board's 2-bit encodings under each
//! symmetry). That keeps 4x4 boards feasible, whose trees hold about 10^13 games.

use std::collections::HashMap;

use serde::Serialize;

use super::position::Position;
use super::rule::Rule;
use super::types::Side;

/// The largest board [`count`] accepts: 16 cells fit a 32-bit key, and the tables stay
/// within memory (4x4 has about 10^7 reachable positions).
pub const MAX_CELLS: usize = 16;

/// The counts of the game tree from the empty board of a rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Complete games: move sequences from the empty board to a win or a full board.
    pub games: u64,
    /// Games won by X.
    pub x_wins: u64,
    /// Games won by O.
    pub o_wins: u64,
    /// Games ending on a full board with no line.
    pub draws: u64,
    /// Distinct positions reachable in play, the empty board and the terminal ones included.
    pub positions: u64,
    /// Reachable positions where the game is over.
    pub terminal_positions: u64,
    /// Reachable positions up to the rotations and reflections of the board.
    pub positions_up_to_symmetry: u64,
    /// Terminal positions up to symmetry.
    pub terminal_up_to_symmetry: u64,
    /// Games up to symmetry: at each position only the moves leading to children that are
    /// distinct up to symmetry are followed (moves the position's own symmetries map onto
    /// each other count once). This is the definition that gives the 26,830 of 3,3,3.
    /// Identifying whole games under the eight symmetries of the board instead gives
    /// 255,168 / 8 = 31,896 (no complete game is fixed by a symmetry other than the
    /// identity), because it cannot merge two games that differ by a symmetry of a
    /// position reached midway, only by one symmetry from the first move on.
    pub games_up_to_symmetry: u64,
}

/// Why a board cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    #[error("counting needs a board of at most {MAX_CELLS} cells; {width}x{height} has {cells}")]
    TooLarge {
        width: usize,
        height: usize,
        cells: usize,
    },
}

/// Counts the game tree of `rule` from the empty board.
pub fn count(rule: Rule) -> Result<Counts, PerftError> {
    let cells = rule.cells();
    if cells > MAX_CELLS {
        return Err(PerftError::TooLarge {
            width: rule.width(),
            height: rule.height(),
            cells,
        });
    }
    let mut position = Position::new(rule);
    let mut walk = Walk::new(&position);
    let subtree = walk.visit(&mut position);
    let Walk { totals, .. } = walk;
    Ok(Counts {
        games: subtree.games,
        x_wins: subtree.x_wins,
        o_wins: subtree.o_wins,
        draws: subtree.draws,
        games_up_to_symmetry: subtree.games_up_to_symmetry,
        ..totals
    })
}

/// Classic perft: the number of move sequences of exactly `depth` plies from `position`,
/// not counting games that ended earlier. For 3,3,3 from the empty board, depth 9 gives the
/// 127,872 games that fill the board.
#[must_use]
pub fn perft(position: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves: Vec<usize> = position.empty_indices().collect();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|index| {
            position.make(index);
            let n = perft(position, depth - 1);
            position.unmake(index);
            n
        })
        .sum()
}

/// The counts of the subtree below one position; the same for all its symmetric images.
#[derive(Clone, Copy, Debug, Default)]
struct Subtree {
    games: u64,
    x_wins: u64,
    o_wins: u64,
    draws: u64,
    games_up_to_symmetry: u64,
}

impl Subtree {
    fn leaf(winner: Option<Side>) -> Subtree {
        Subtree {
            games: 1,
            x_wins: u64::from(winner == Some(Side::X)),
            o_wins: u64::from(winner == Some(Side::O)),
            draws: u64::from(winner.is_none()),
            games_up_to_symmetry: 1,
        }
    }

    fn add_games(&mut self, child: &Subtree) {
        self.games += child.games;
        self.x_wins += child.x_wins;
        self.o_wins += child.o_wins;
        self.draws += child.draws;
    }
}

/// The state of one walk: the memo table, the position counts so far, and the board's
/// encoding under every symmetry, kept up to date move by move.
struct Walk {
    /// `maps[s][i]`: the bit offset (2 bits per cell) of cell `i` under symmetry `s`.
    maps: Vec<Vec<u32>>,
    /// The board encoded under each symmetry: cell `i` holding side `s` adds
    /// `(1 + s) << maps[n][i]`.
    keys: Vec<u32>,
    memo: HashMap<u32, Subtree>,
    totals: Counts,
}

impl Walk {
    fn new(position: &Position) -> Walk {
        let geometry = position.geometry();
        let maps: Vec<Vec<u32>> = (0..geometry.symmetries().len())
            .map(|n| {
                geometry
                    .symmetry_map(n)
                    .iter()
                    .map(|&image| 2 * u32::from(image))
                    .collect()
            })
            .collect();
        let keys = vec![0; maps.len()];
        Walk {
            maps,
            keys,
            memo: HashMap::new(),
            totals: Counts::default(),
        }
    }

    fn toggle(&mut self, index: usize, side: Side) {
        let code = 1 + side.index() as u32;
        for (key, map) in self.keys.iter_mut().zip(&self.maps) {
            *key ^= code << map[index];
        }
    }

    fn canonical_key(&self) -> u32 {
        self.keys.iter().copied().min().unwrap_or(0)
    }

    /// How many distinct boards the current one is equal to up to symmetry.
    fn orbit_size(&self) -> u64 {
        let mut images = self.keys.clone();
        images.sort_unstable();
        images.dedup();
        images.len() as u64
    }

    fn visit(&mut self, position: &mut Position) -> Subtree {
        let key = self.canonical_key();
        if let Some(known) = self.memo.get(&key) {
            return *known;
        }
        let orbit = self.orbit_size();
        self.totals.positions += orbit;
        self.totals.positions_up_to_symmetry += 1;
        let subtree = if position.is_over() {
            self.totals.terminal_positions += orbit;
            self.totals.terminal_up_to_symmetry += 1;
            Subtree::leaf(position.winner())
        } else {
            self.visit_children(position)
        };
        self.memo.insert(key, subtree);
        subtree
    }

    fn visit_children(&mut self, position: &mut Position) -> Subtree {
        let side = position.side_to_move();
        let moves: Vec<usize> = position.empty_indices().collect();
        let mut distinct_children = Vec::with_capacity(moves.len());
        let mut sum = Subtree::default();
        for index in moves {
            position.make(index);
            self.toggle(index, side);
            let child_key = self.canonical_key();
            let child = self.visit(position);
            self.toggle(index, side);
            position.unmake(index);
            sum.add_games(&child);
            if !distinct_children.contains(&child_key) {
                distinct_children.push(child_key);
                sum.games_up_to_symmetry += child.games_up_to_symmetry;
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tic_tac_toe_perft_by_ply() {
        let mut p = Position::new(Rule::TIC_TAC_TOE);
        let by_ply: Vec<u64> = (0..=9).map(|d| perft(&mut p, d)).collect();
        assert_eq!(
            by_ply,
            [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
        );
    }

    #[test]
    fn refuses_large_boards() {
        let rule = Rule::new(5, 4, 4, false).unwrap();
        assert_eq!(
            count(rule),
            Err(PerftError::TooLarge {
                width: 5,
                height: 4,
                cells: 20
            })
        );
    }
}
