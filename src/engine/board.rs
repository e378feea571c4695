//! The search's own copy of a position, with per-window stone counts kept up to date in
//! make/unmake, so the evaluation, threat detection and dead-draw test cost O(1) per node
//! and O(windows through the cell) per move.

use std::sync::Arc;

use crate::rules::{Geometry, Position, Side};

use super::score::Score;

/// Boards with more cells than this only consider cells near existing stones.
pub const FULL_WIDTH_CELLS: usize = 25;

/// How far (in king moves) from a stone a candidate may be on large boards.
const NEAR: isize = 2;

/// A position plus the incremental facts the search needs.
#[derive(Clone)]
pub struct SearchBoard {
    pub pos: Position,
    geometry: Arc<Geometry>,
    /// Stones of X and O in each window.
    counts: Vec<[u8; 2]>,
    /// `live[side][n]`: windows holding no stone of the other side that `side` needs `n`
    /// more stones to complete.
    live: [Vec<u32>; 2],
    /// Windows one stone short of a line for each side, with no opposing stone.
    threats: [u32; 2],
    /// e(P) for X minus e(P) for O, summed over open windows with the weights below.
    balance: Score,
    /// Stones within [`NEAR`] of each cell (large boards only).
    near: Vec<u16>,
    restrict: bool,
}

/// The weight of an open window holding `n` stones: 1 for every open window on K = 3 (the
/// course's e(P)), growing with the stones it holds when K > 3.
fn weight(k: usize, n: u8) -> Score {
    if k <= 3 { 1 } else { 1 << (2 * n as Score) }
}

impl SearchBoard {
    /// Prepares a search copy of `pos`.
    #[must_use]
    pub fn new(pos: &Position) -> SearchBoard {
        let geometry = pos.geometry().clone();
        let cells = geometry.rule().cells();
        let mut board = SearchBoard {
            pos: Position::with_geometry(geometry.clone()),
            counts: vec![[0, 0]; geometry.window_count()],
            live: {
                let mut empty = vec![0; geometry.rule().k + 1];
                empty[geometry.rule().k] = geometry.window_count() as u32;
                [empty.clone(), empty]
            },
            threats: [0, 0],
            balance: 0,
            near: vec![0; cells],
            restrict: cells > FULL_WIDTH_CELLS,
            geometry,
        };
        // Replay the stones without win checks, then copy the real position (its outcome).
        for (index, side) in pos.board().iter().enumerate() {
            if let Some(side) = *side {
                board.count_stone(index, side, 1);
            }
        }
        board.pos = pos.clone();
        board
    }

    fn k(&self) -> usize {
        self.geometry.rule().k
    }

    /// The rule's shared geometry.
    #[must_use]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Plays `index` for the side to move.
    #[inline]
    pub fn make(&mut self, index: usize) {
        let side = self.pos.side_to_move();
        self.pos.make(index);
        self.count_stone(index, side, 1);
    }

    /// Takes back the last move, on `index`.
    #[inline]
    pub fn unmake(&mut self, index: usize) {
        let side = self.pos.at(index).expect("unmake of an empty cell");
        self.count_stone(index, side, -1);
        self.pos.unmake(index);
    }

    /// Adds (`delta` = 1) or removes (-1) the window effects of a stone.
    fn count_stone(&mut self, index: usize, side: Side, delta: i8) {
        let k = self.k();
        let me = side.index();
        let geometry = self.geometry.clone();
        for &w in geometry.windows_through(index) {
            // Take the window's old contribution out, change the count, put the new one in.
            let old = self.counts[w as usize];
            let mut new = old;
            new[me] = if delta > 0 { old[me] + 1 } else { old[me] - 1 };
            self.counts[w as usize] = new;
            self.balance += window_balance(k, new) - window_balance(k, old);
            self.count_live(k, old, -1);
            self.count_live(k, new, 1);
            for s in 0..2 {
                self.threats[s] = self.threats[s] + u32::from(is_threat(k, new, s))
                    - u32::from(is_threat(k, old, s));
            }
        }
        if self.restrict {
            let rule = *self.geometry.rule();
            let (row, col) = ((index / rule.width) as isize, (index % rule.width) as isize);
            for r in (row - NEAR).max(0)..=(row + NEAR).min(rule.height as isize - 1) {
                for c in (col - NEAR).max(0)..=(col + NEAR).min(rule.width as isize - 1) {
                    let n = &mut self.near[r as usize * rule.width + c as usize];
                    if delta > 0 {
                        *n += 1;
                    } else {
                        *n -= 1;
                    }
                }
            }
        }
    }

    /// The classic heuristic e(P) for the side to move: open lines for it minus open lines
    /// for the opponent (weighted by the stones they hold when K > 3).
    #[inline]
    #[must_use]
    pub fn evaluate(&self) -> Score {
        if self.pos.side_to_move() == Side::X {
            self.balance
        } else {
            -self.balance
        }
    }

    /// Whether no window can be completed by either side any more: a certain draw.
    #[inline]
    #[must_use]
    pub fn is_dead_draw(&self) -> bool {
        !self.can_still_win(Side::X) && !self.can_still_win(Side::O)
    }

    /// Whether `side` still has a window it could complete with the moves it has left
    /// (if not, it can no longer win).
    #[inline]
    #[must_use]
    pub fn can_still_win(&self, side: Side) -> bool {
        let empties = self.pos.empty_count();
        let moves_left = if self.pos.side_to_move() == side {
            empties.div_ceil(2)
        } else {
            empties / 2
        };
        self.live[side.index()]
            .iter()
            .take(moves_left + 1)
            .any(|&n| n > 0)
    }

    fn count_live(&mut self, k: usize, c: [u8; 2], delta: i32) {
        for side in 0..2 {
            if c[1 - side] == 0 {
                let n = &mut self.live[side][k - c[side] as usize];
                *n = n.wrapping_add_signed(delta);
            }
        }
    }

    /// Whether `side` has a window one stone short of a line (so it may win in one move).
    #[inline]
    #[must_use]
    pub fn has_threat(&self, side: Side) -> bool {
        self.threats[side.index()] > 0
    }

    /// The cells worth searching: every empty cell on small boards; on large boards the
    /// empty cells near a stone (the centre on an empty board).
    pub fn candidates(&self, out: &mut Vec<usize>) {
        out.clear();
        if self.pos.is_over() {
            return;
        }
        let restrict = self.restrict && self.pos.stones() > 0;
        for (index, cell) in self.pos.board().iter().enumerate() {
            if cell.is_none() && (!restrict || self.near[index] > 0) {
                out.push(index);
            }
        }
        if self.restrict && self.pos.stones() == 0 {
            let rule = self.geometry.rule();
            out.clear();
            out.push(rule.height / 2 * rule.width + rule.width / 2);
        }
    }

    /// How much a stone on `index` would do for both sides: the open windows through it,
    /// weighted by the stones already in them (attack plus defence). Used for ordering.
    #[must_use]
    pub fn potential(&self, index: usize) -> Score {
        let k = self.k();
        self.geometry
            .windows_through(index)
            .iter()
            .map(|&w| {
                let c = self.counts[w as usize];
                match (c[0], c[1]) {
                    (0, 0) => 1,
                    (x, 0) => weight(k, x) * 2,
                    (0, o) => weight(k, o) * 2,
                    _ => 0,
                }
            })
            .sum()
    }
}

/// A window's share of X's e(P) minus O's.
fn window_balance(k: usize, c: [u8; 2]) -> Score {
    match (c[0], c[1]) {
        (0, 0) => 0,
        (x, 0) => weight(k, x),
        (0, o) => -weight(k, o),
        _ => 0,
    }
}

fn is_threat(k: usize, c: [u8; 2], side: usize) -> bool {
    c[side] as usize == k - 1 && c[1 - side] == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn evaluation_is_the_course_heuristic_on_3x3() {
        // X in the centre: X has 8 open lines, O has the 4 that avoid the centre.
        let pos = Position::from_notation(Rule::TIC_TAC_TOE, ".../.x./...").unwrap();
        let board = SearchBoard::new(&pos);
        assert_eq!(board.evaluate(), -(8 - 4)); // O to move: O's 4 minus X's 8
        let mut b = SearchBoard::new(&Position::new(Rule::TIC_TAC_TOE));
        b.make(4);
        assert_eq!(b.evaluate(), board.evaluate());
        b.make(0);
        // X: the lines avoiding O's corner, 8 - 3 = 5; O: the lines avoiding the centre, 4.
        assert_eq!(b.evaluate(), 5 - 4);
        b.unmake(0);
        b.unmake(4);
        assert_eq!(b.evaluate(), 0);
    }

    #[test]
    fn dead_draw_and_threats() {
        let pos = Position::from_notation(Rule::TIC_TAC_TOE, "xox/xoo/ox.").unwrap();
        let b = SearchBoard::new(&pos);
        assert!(b.is_dead_draw());
        let pos = Position::from_notation(Rule::TIC_TAC_TOE, "xx./oo./...").unwrap();
        let b = SearchBoard::new(&pos);
        assert!(b.has_threat(Side::X) && b.has_threat(Side::O));
    }
}
