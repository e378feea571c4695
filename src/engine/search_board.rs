//! The search's own copy of a position, with per-window stone counts kept up to date in
//! make/unmake, so the evaluation, threat detection and dead-draw test cost O(1) per node
//! and O(windows through the cell) per move.

use std::sync::Arc;

use crate::rules::{Geometry, Position, Side};

use super::score::{Score, WIN_BOUND};

/// Boards with more cells than this only consider cells near existing stones.
pub const FULL_WIDTH_CELLS: usize = 25;

/// Whether the search considers every empty cell of a board of `rule` by default (else only
/// cells near stones, unless [`crate::engine::EngineConfig::every_cell`] asks for all).
#[must_use]
pub fn searches_every_cell(rule: &crate::rules::Rule) -> bool {
    rule.cells() <= FULL_WIDTH_CELLS
}

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
    /// more stones to complete; `live[side][K + 1]` counts the windows dead for `side`.
    live: [Vec<u32>; 2],
    /// What a window with `x` X and `o` O stones contributes, at `x * (K + 1) + o`.
    states: Vec<WindowState>,
    /// Windows one stone short of a line for each side, with no opposing stone.
    threats: [u32; 2],
    /// e(P) for X minus e(P) for O, summed over open windows with the weights below.
    balance: Score,
    /// An open window's weight by the stones it holds ([`window_weights`]).
    weights: Vec<Score>,
    /// Stones within [`NEAR`] of each cell (large boards only).
    near: Vec<u16>,
    /// The cells with a stone within [`NEAR`], and the cells with a stone, as bit sets (64
    /// cells a word; large boards only): the candidates are the first and not the second.
    near_bits: Vec<u64>,
    stone_bits: Vec<u64>,
    restrict: bool,
    /// Each window as a bit mask of its cells (boards of at most [`MASK_CELLS`] cells; else
    /// empty, and the pairing test is off).
    masks: Vec<u64>,
    /// The empty cells as a bit mask (boards of at most [`MASK_CELLS`] cells).
    empty: u64,
    /// The line (row, column or diagonal) each window lies on, numbered densely (boards of
    /// at most [`MASK_CELLS`] cells, which have fewer than 128 lines).
    lines: Vec<u8>,
    /// Whether the window counts are kept up to date (see
    /// [`SearchBoard::without_window_counts`]).
    windows: bool,
}

/// The largest board whose cells fit the bit masks of the pairing test.
const MASK_CELLS: usize = 64;

/// The most steps [`SearchBoard::breaker_pairs_off`] spends looking for a pairing.
const PAIRING_BUDGET: u32 = 128;

/// The weight of an open window by the stones it holds (index `n`, 0 to K): 1 for every open
/// window on K = 3 (the course's e(P)); growing with the stones when K > 3, 4^n where that
/// keeps every heuristic score below the win bound, and a smaller base on boards where it
/// would not (long K). The bound holds however the stones lie: every window at the largest
/// weight still sums to less than half of [`WIN_BOUND`].
#[must_use]
pub fn window_weights(geometry: &Geometry) -> Vec<Score> {
    let rule = geometry.rule();
    let k = rule.k();
    if k <= 3 {
        return vec![1; k + 1];
    }
    // An open window holds at most K - 1 stones of one side without a win; K under the
    // exactly-K rule, where an overline leaves a full window that did not win.
    let most = if rule.exact() { k } else { k - 1 };
    let cap = f64::from(WIN_BOUND / 2) / geometry.window_count().max(1) as f64;
    let base = 4f64.min(cap.powf(1.0 / most as f64));
    let mut weights: Vec<Score> = Vec::with_capacity(k + 1);
    for n in 0..=k {
        let ideal = base.powi(n as i32).round() as Score;
        let previous = weights.last().map_or(0, |&w| w + 1);
        weights.push(ideal.max(previous).min(cap as Score));
    }
    weights
}

impl SearchBoard {
    /// Prepares a search copy of `pos`.
    #[must_use]
    pub fn new(pos: &Position) -> SearchBoard {
        let geometry = pos.geometry().clone();
        let cells = geometry.rule().cells();
        let weights = window_weights(&geometry);
        let mut board = SearchBoard {
            pos: Position::with_geometry(geometry.clone()),
            counts: vec![[0, 0]; geometry.window_count()],
            live: {
                let mut empty = vec![0; geometry.rule().k() + 2];
                empty[geometry.rule().k()] = geometry.window_count() as u32;
                [empty.clone(), empty]
            },
            states: window_states(geometry.rule().k(), &weights),
            weights,
            threats: [0, 0],
            balance: 0,
            near: vec![0; cells],
            near_bits: vec![0; cells.div_ceil(64)],
            stone_bits: vec![0; cells.div_ceil(64)],
            restrict: cells > FULL_WIDTH_CELLS,
            masks: Vec::new(),
            empty: 0,
            lines: Vec::new(),
            windows: true,
            geometry,
        };
        if cells <= MASK_CELLS {
            let geometry = &board.geometry;
            board.masks = (0..geometry.window_count())
                .map(|w| geometry.window(w).iter().fold(0, |m, &c| m | 1 << c))
                .collect();
            board.lines = line_numbers(geometry);
            board.empty = u64::MAX >> (MASK_CELLS - cells);
        }
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
        self.geometry.rule().k()
    }

    /// Stops keeping the window counts, for a search that reads none of them (five in a row
    /// on a large board, whose line patterns tell it all it needs): a move then costs only
    /// the cells near it. Without them nothing can be told about dead windows: the dead-draw
    /// and potential tests say no, and every move is checked for a win.
    #[must_use]
    pub fn without_window_counts(mut self) -> SearchBoard {
        self.windows = false;
        self
    }

    /// Makes every empty cell a candidate, also on boards where only cells near stones are.
    pub fn consider_every_cell(&mut self) {
        self.restrict = false;
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
        // Only a window one stone short can be completed by this move.
        self.pos
            .make_checked_for_win(index, !self.windows || self.threats[side.index()] > 0);
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
        if !self.masks.is_empty() {
            self.empty ^= 1 << index;
        }
        let state = |c: [u8; 2]| usize::from(c[0]) * (k + 1) + usize::from(c[1]);
        let windows: &[_] = if self.windows {
            self.geometry.windows_through(index)
        } else {
            &[]
        };
        for &w in windows {
            // Take the window's old contribution out, change the count, put the new one in.
            let old = self.counts[w as usize];
            let mut new = old;
            new[me] = old[me].wrapping_add_signed(delta);
            self.counts[w as usize] = new;
            let (was, is) = (self.states[state(old)], self.states[state(new)]);
            self.balance += is.balance - was.balance;
            for s in 0..2 {
                self.live[s][usize::from(was.need[s])] -= 1;
                self.live[s][usize::from(is.need[s])] += 1;
                self.threats[s] =
                    self.threats[s] + u32::from(is.threat[s]) - u32::from(was.threat[s]);
            }
        }
        if self.restrict {
            self.stone_bits[index / 64] ^= 1 << (index % 64);
            let rule = *self.geometry.rule();
            let (row, col) = (
                (index / rule.width()) as isize,
                (index % rule.width()) as isize,
            );
            for r in (row - NEAR).max(0)..=(row + NEAR).min(rule.height() as isize - 1) {
                for c in (col - NEAR).max(0)..=(col + NEAR).min(rule.width() as isize - 1) {
                    let cell = r as usize * rule.width() + c as usize;
                    let n = &mut self.near[cell];
                    if delta > 0 {
                        *n += 1;
                    } else {
                        *n -= 1;
                    }
                    if *n == u16::from(delta > 0) {
                        // Became near (0 to 1) or stopped being near (1 to 0).
                        self.near_bits[cell / 64] ^= 1 << (cell % 64);
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
        debug_assert!(self.windows, "evaluate needs the window counts");
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
        !self.windows
            || self.live[side.index()]
                .iter()
                .take(self.moves_left(side).min(self.k()) + 1)
                .any(|&n| n > 0)
    }

    /// How many more moves `side` gets, the current one included when it is to move.
    fn moves_left(&self, side: Side) -> usize {
        let empties = self.pos.empty_count();
        if self.pos.side_to_move() == side {
            empties.div_ceil(2)
        } else {
            empties / 2
        }
    }

    /// Whether the other side can stop `maker` from ever completing a window, by the
    /// Erdős–Selfridge potential: each window `maker` could still fill in time weighs
    /// 2^-(stones it still needs); if the total is below 1 with the breaker to move (1/2 with
    /// the maker to move), the breaker always has a move that keeps it so, and a completed
    /// window alone would weigh 1. Costs O(K).
    #[inline]
    #[must_use]
    pub fn potential_blocks(&self, maker: Side) -> bool {
        if !self.windows {
            return false;
        }
        let k = self.k();
        let left = self.moves_left(maker).min(k);
        let total: u64 = self.live[maker.index()]
            .iter()
            .take(left + 1)
            .enumerate()
            .map(|(n, &count)| u64::from(count) << (k - n))
            .sum();
        let limit = if self.pos.side_to_move() == maker {
            1 << (k - 1)
        } else {
            1 << k
        };
        total < limit
    }

    /// Whether the other side can stop `maker` from ever completing a window with a pairing
    /// strategy: disjoint pairs of empty cells such that every window `maker` could still fill
    /// in time holds both cells of some pair. Whenever `maker` takes one cell of a pair, the
    /// breaker takes the other, so no such window is ever filled. A small bounded search looks
    /// for the pairs; `false` means none was found, not that none exists.
    #[must_use]
    pub fn breaker_pairs_off(&self, maker: Side) -> bool {
        if self.masks.is_empty() || !self.windows {
            return false;
        }
        let k = self.k();
        let left = self.moves_left(maker);
        let breaker = maker.other().index();
        // The windows still open to the maker, as masks of their empty cells (at most 64:
        // with more the test gives up), and the line of each.
        let mut windows = [0u64; 64];
        let mut lines = [0u8; 64];
        let mut count = 0;
        let mut threats = u64::MAX;
        for (w, c) in self.counts.iter().enumerate() {
            let need = k - c[maker.index()] as usize;
            if c[breaker] != 0 || need > left {
                continue;
            }
            let cells = self.masks[w] & self.empty;
            if need == 1 {
                threats &= cells;
                continue;
            }
            if count == windows.len() {
                return false;
            }
            windows[count] = cells;
            lines[count] = self.lines[w];
            count += 1;
        }
        if threats != u64::MAX {
            // Windows one stone short: the breaker must be to move and block them all at once.
            if self.pos.side_to_move() == maker || threats == 0 {
                return false;
            }
            let count_before = count;
            let (all, all_lines) = (windows, lines);
            count = 0;
            for i in (0..count_before).filter(|&i| all[i] & threats == 0) {
                windows[count] = all[i];
                lines[count] = all_lines[i];
                count += 1;
            }
        }
        // A quick count that rules out most hopeless cases. Two windows that share fewer than
        // two free cells need two different pairs, and two cells fix a line, so windows on
        // different lines never share a pair. Along each line (windows come in order along
        // it) count windows that pairwise share fewer than two free cells: each needs its own
        // pair, and all those pairs need two free cells each.
        let mut last_counted = [0u64; 128];
        let mut pairs_needed = 0;
        let mut free = 0u64;
        for (&cells, &line) in windows[..count].iter().zip(&lines[..count]) {
            let last = &mut last_counted[usize::from(line)];
            if (cells & *last).count_ones() < 2 {
                pairs_needed += 1;
                *last = cells;
            }
            free |= cells;
        }
        if 2 * pairs_needed > free.count_ones() {
            return false;
        }
        let mut budget = PAIRING_BUDGET;
        pair_off(&mut windows[..count], 0, &mut budget)
    }

    /// Whether `side` has a window one stone short of a line (so it may win in one move).
    #[inline]
    #[must_use]
    pub fn has_threat(&self, side: Side) -> bool {
        debug_assert!(self.windows, "has_threat needs the window counts");
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
        if restrict {
            // The empty cells near a stone, in index order, a word of cells at a time.
            for (word, (&near, &stones)) in self.near_bits.iter().zip(&self.stone_bits).enumerate()
            {
                let mut bits = near & !stones;
                while bits != 0 {
                    out.push(word * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
            return;
        }
        for (index, cell) in self.pos.board().iter().enumerate() {
            if cell.is_none() {
                out.push(index);
            }
        }
        if self.restrict && self.pos.stones() == 0 {
            let rule = self.geometry.rule();
            out.clear();
            out.push(rule.height() / 2 * rule.width() + rule.width() / 2);
        }
    }

    /// How much a stone on `index` would do for both sides: the open windows through it,
    /// weighted by the stones already in them (attack plus defence). Used for ordering.
    #[must_use]
    pub fn potential(&self, index: usize) -> Score {
        debug_assert!(self.windows, "potential needs the window counts");
        self.geometry
            .windows_through(index)
            .iter()
            .map(|&w| {
                let c = self.counts[w as usize];
                match (c[0], c[1]) {
                    (0, 0) => 1,
                    (x, 0) => self.weights[x as usize] * 2,
                    (0, o) => self.weights[o as usize] * 2,
                    _ => 0,
                }
            })
            .sum()
    }
}

/// For each window of `geometry`, the number of the line (row, column or diagonal) it lies
/// on, counting the lines in the order their first windows appear.
fn line_numbers(geometry: &Geometry) -> Vec<u8> {
    let width = geometry.rule().width() as isize;
    let mut seen: Vec<(isize, isize)> = Vec::new();
    (0..geometry.window_count())
        .map(|w| {
            let cells = geometry.window(w);
            let (a, b) = (cells[0] as isize, cells[1] as isize);
            let (row, col) = (a / width, a % width);
            // The direction, and what all cells of the line have in common along it.
            let line = match b - a {
                1 => (0, row),
                d if d == width => (1, col),
                d if d == width + 1 => (2, col - row),
                _ => (3, col + row),
            };
            let number = seen.iter().position(|&l| l == line).unwrap_or_else(|| {
                seen.push(line);
                seen.len() - 1
            });
            number as u8
        })
        .collect()
}

/// Whether every window in `windows` (masks of empty cells) can be given a pair of its cells,
/// no cell in two different pairs (`used` holds the cells already paired). Takes the window
/// with the fewest free cells, tries each pair in it, and gives up when `budget` runs out.
/// Reorders `windows` (the set stays the same).
fn pair_off(windows: &mut [u64], used: u64, budget: &mut u32) -> bool {
    let Some(&tightest) = windows.iter().min_by_key(|&&w| (w & !used).count_ones()) else {
        return true;
    };
    let free = tightest & !used;
    if free.count_ones() < 2 {
        return false;
    }
    let mut a_bits = free;
    while a_bits != 0 {
        let a = a_bits & a_bits.wrapping_neg();
        a_bits ^= a;
        let mut b_bits = a_bits;
        while b_bits != 0 {
            let b = b_bits & b_bits.wrapping_neg();
            b_bits ^= b;
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            // Every window holding both cells is settled by this pair: move the others to
            // the front and go on with them.
            let pair = a | b;
            let mut open = 0;
            for i in 0..windows.len() {
                if windows[i] & pair != pair {
                    windows.swap(open, i);
                    open += 1;
                }
            }
            if pair_off(&mut windows[..open], used | pair, budget) {
                return true;
            }
        }
    }
    false
}

/// A window's share of X's e(P) minus O's.
/// A window's contribution to the incremental facts, by its stone counts.
#[derive(Clone, Copy, Debug)]
struct WindowState {
    /// Its share of X's e(P) minus O's.
    balance: Score,
    /// For each side, the stones it still needs here, or K + 1 if the window is dead for it.
    need: [u8; 2],
    /// For each side, whether the window is one stone short for it.
    threat: [bool; 2],
}

/// Every window state for K in a row, indexed by `x * (K + 1) + o`.
fn window_states(k: usize, weights: &[Score]) -> Vec<WindowState> {
    let mut states = Vec::with_capacity((k + 1) * (k + 1));
    for x in 0..=k as u8 {
        for o in 0..=k as u8 {
            let c = [x, o];
            let need = |s: usize| {
                if c[1 - s] == 0 {
                    k as u8 - c[s]
                } else {
                    k as u8 + 1
                }
            };
            states.push(WindowState {
                balance: window_balance(weights, c),
                need: [need(0), need(1)],
                threat: [is_threat(k, c, 0), is_threat(k, c, 1)],
            });
        }
    }
    states
}

fn window_balance(weights: &[Score], c: [u8; 2]) -> Score {
    match (c[0], c[1]) {
        (0, 0) => 0,
        (x, 0) => weights[x as usize],
        (0, o) => -weights[o as usize],
        _ => 0,
    }
}

fn is_threat(k: usize, c: [u8; 2], side: usize) -> bool {
    c[side] as usize == k - 1 && c[1 - side] == 0
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::engine::players::RandomPlayer;
    use crate::rules::{Cell, Rule};

    /// Whether `maker` can force a line of its own before the game ends, by trying every move
    /// (memoised on the board). Uses only the rules, none of the search board's bookkeeping.
    fn maker_can_win(
        pos: &mut Position,
        maker: Side,
        memo: &mut HashMap<Vec<Option<Side>>, bool>,
    ) -> bool {
        if let Some(winner) = pos.winner() {
            return winner == maker;
        }
        if pos.is_over() {
            return false;
        }
        if let Some(&known) = memo.get(pos.board()) {
            return known;
        }
        let makers_turn = pos.side_to_move() == maker;
        let moves: Vec<usize> = pos.empty_indices().collect();
        let mut result = !makers_turn;
        for m in moves {
            pos.make(m);
            let wins = maker_can_win(pos, maker, memo);
            pos.unmake(m);
            if wins == makers_turn {
                result = wins;
                break;
            }
        }
        memo.insert(pos.board().to_vec(), result);
        result
    }

    /// Positions of `rule` after random play, with `empties` empty cells, game not over.
    fn random_positions(rule: Rule, empties: usize, count: usize, seed: u64) -> Vec<Position> {
        let mut player = RandomPlayer::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut p = Position::new(rule);
            while p.empty_count() > empties
                && let Some(cell) = player.choose(&p)
            {
                p.play(cell).unwrap();
            }
            if !p.is_over() {
                out.push(p);
            }
        }
        out
    }

    /// The incremental facts of a board, to compare with a board built from scratch.
    fn facts(b: &SearchBoard) -> impl PartialEq + std::fmt::Debug + use<> {
        (
            b.counts.clone(),
            b.live.clone(),
            b.threats,
            b.balance,
            b.empty,
            b.pos.winner(),
        )
    }

    #[test]
    fn make_and_unmake_keep_the_facts_of_a_board_built_from_scratch() {
        let mut player = RandomPlayer::new(5);
        for (w, h, k, exact) in [
            (3, 3, 3, false),
            (5, 5, 4, false),
            (6, 4, 3, true),
            (9, 9, 5, false),
        ] {
            let rule = Rule::new(w, h, k, exact).unwrap();
            for _ in 0..20 {
                let mut board = SearchBoard::new(&Position::new(rule));
                let mut played = Vec::new();
                while let Some(cell) = player.choose(&board.pos) {
                    let index = board.geometry().index(cell).unwrap();
                    board.make(index);
                    played.push(index);
                    assert_eq!(facts(&board), facts(&SearchBoard::new(&board.pos)));
                }
                for index in played.into_iter().rev() {
                    board.unmake(index);
                    assert_eq!(facts(&board), facts(&SearchBoard::new(&board.pos)));
                }
            }
        }
    }

    #[test]
    fn the_breakers_tests_never_claim_a_win_that_exists() {
        // Every time the potential or a pairing says the maker can no longer win, exhaustive
        // search of the real game agrees; and both tests do fire on these boards.
        let (mut by_potential, mut by_pairs, mut checked) = (0, 0, 0);
        for (w, h, k, exact, empties, count) in [
            (4, 4, 3, false, 10, 60),
            (4, 4, 4, false, 10, 80),
            (4, 4, 4, false, 12, 40),
            (5, 4, 4, false, 11, 60),
            (5, 5, 4, false, 11, 40),
            (5, 5, 3, true, 11, 40),
        ] {
            let rule = Rule::new(w, h, k, exact).unwrap();
            for mut p in random_positions(rule, empties, count, (w * 100 + empties) as u64) {
                for maker in [Side::X, Side::O] {
                    let board = SearchBoard::new(&p);
                    let potential = board.potential_blocks(maker);
                    let pairs = board.breaker_pairs_off(maker);
                    if !(potential || pairs) {
                        continue;
                    }
                    by_potential += usize::from(potential);
                    by_pairs += usize::from(pairs);
                    checked += 1;
                    let mut memo = HashMap::new();
                    assert!(
                        !maker_can_win(&mut p, maker, &mut memo),
                        "{maker:?} wins {p:?} (potential {potential}, pairs {pairs})"
                    );
                }
            }
        }
        assert!(
            by_potential >= 20 && by_pairs >= 20,
            "{by_potential} {by_pairs}"
        );
        assert!(checked >= 100, "{checked}");
    }

    #[test]
    fn pairing_needs_a_pair_in_every_window() {
        let rule = Rule::new(4, 4, 4, false).unwrap();
        // X on two middle cells of the top row, O in a corner: the six windows still open to
        // X need twelve cells for their pairs, and only eleven are free outside the top row.
        let open = Position::from_notation(rule, ".xx./..../..../...o").unwrap();
        assert!(!SearchBoard::new(&open).breaker_pairs_off(Side::X));
        // X threatens the top row with O to move: O blocks it, and that block also closes
        // the column and diagonal through it; the bottom row is X's last window, and pairs.
        let threat = Position::from_notation(rule, "xxx./oo../..o./...x").unwrap();
        let board = SearchBoard::new(&threat);
        assert_eq!(board.pos.side_to_move(), Side::O);
        assert!(board.breaker_pairs_off(Side::X));
        // The same threat with X to move: X completes the row, and no pairing can help.
        let threat = Position::from_notation(rule, "xxx./oo../..o./....").unwrap();
        assert!(!SearchBoard::new(&threat).breaker_pairs_off(Side::X));
    }

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

    #[test]
    fn heuristic_scores_stay_below_the_win_bound_for_every_k() {
        for (w, h, k) in [
            (20, 20, 11),
            (20, 20, 16),
            (20, 20, 20),
            (20, 3, 20),
            (12, 12, 11),
        ] {
            for exact in [false, true] {
                let rule = Rule::new(w, h, k, exact).unwrap();
                let geometry = Geometry::new(rule);
                let weights = window_weights(&geometry);
                // Increasing over the stones an open window can hold without a win.
                let most = if exact { k } else { k - 1 };
                let open = &weights[..=most];
                assert!(open.windows(2).all(|p| p[0] < p[1]), "{rule}: {weights:?}");
                let worst = i64::from(*weights.last().unwrap()) * geometry.window_count() as i64;
                assert!(worst < i64::from(WIN_BOUND), "{rule}: {worst}");
                // A long run of X stones with O far away: open windows full of X stones.
                let mut pos = Position::new(rule);
                for col in 0..k - 1 {
                    pos.play(Cell::new(0, col)).unwrap();
                    pos.play(Cell::new(h - 1, w - 1 - col)).unwrap();
                }
                let score = SearchBoard::new(&pos).evaluate();
                assert!(score.abs() < WIN_BOUND, "{rule}: {score}");
            }
        }
    }

    #[test]
    fn usual_boards_keep_the_four_to_the_n_weights() {
        for (w, h, k) in [(4, 4, 4), (5, 5, 4), (15, 15, 5), (20, 20, 5)] {
            let geometry = Geometry::new(Rule::new(w, h, k, false).unwrap());
            let expected: Vec<Score> = (0..k as u32).map(|n| 4i32.pow(n)).collect();
            assert_eq!(
                &window_weights(&geometry)[..k],
                &expected[..],
                "{w},{h},{k}"
            );
        }
        let geometry = Geometry::new(Rule::TIC_TAC_TOE);
        assert_eq!(window_weights(&geometry), vec![1; 4]);
    }
}
