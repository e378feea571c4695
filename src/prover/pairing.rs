//! Pairing strategies: disjoint pairs of empty cells such that every line the attacker can
//! still fill holds one pair. The defender answers a move in a pair with its partner (and
//! anything else with any move), so every line gets a defender stone before it fills: a
//! pairing proves the attacker cannot make K in a row.
//!
//! The search covers the lines one at a time, always the line with the fewest cells left
//! (a line with exactly two is forced; of lines with more, the one that meets the most
//! others), trying first the pairs that cover the most other lines and take a cell from the
//! fewest. Lines whose empty cells include another line's are dropped (covering the smaller
//! one covers them). The last few pairings found are tried before a search. (A cache of
//! results by the reduced set of lines was dropped: on 7,7,5 it answered 57 of 124,381
//! questions, and the build without it took 0.94 of the time, in a paired run of 7.)

use super::prover_board::{Mask, ProverBoard, cells_of};
use super::reading::{Reading, lines_holding};

/// Recursion steps one pairing search may take before it gives up (a give-up only loses a
/// shortcut: the tree search goes on below that node). A pairing found higher in the tree
/// saves the whole subtree below it, and on 8x8 the pairings need more steps to find than
/// on 7x7: with 30 steps (the best on 7,7,5 alone) three 8,8,5 positions with four stones
/// took 12.5, 93.4 and 14.0 s and 5.6, 35.3 and 5.5 million nodes; with 400 steps (and
/// the crowded-lines ratio at 0.88) 5.1, 12.2 and 4.2 s and 1.9, 4.8 and 0.9 million
/// nodes, and 7,7,5 0.22 s instead of 0.27 s (docs/prover.md, "Middle positions of 8,8,5").
/// Since the search takes the most constrained set and the least constraining pair first
/// (see [`cover`]), fewer steps do: 8,7,5 and those three positions took 15.4 s with 200
/// steps, 18.8 s with 400 and 14.3 s with 100, with 3.0, 2.8 and 3.3 million nodes. Where a
/// node costs more (a table of gigabytes shared by two threads), the nodes weigh more, so
/// 200 (docs/prover.md, "The pairing search's order").
const BUDGET: u32 = 200;

/// Pairings found lately, tried before a search: a node's pairing often still covers its
/// neighbours' lines. With the last 4 kept, 7,7,5 is proved in 1.13 s instead of 1.33 s
/// (`tictactoe solve --rule 7,7,5 --threads 1`, release).
const RECENT: usize = 4;

/// A pairing: cell index pairs.
pub type Pairs = Vec<(u8, u8)>;

/// A pairing found lately, with the lines each pair lies in, to check lines fast.
struct Recent {
    pairs: Pairs,
    held: Vec<Held>,
    /// The lines its pairs hold when all of them are free, by direction: a set of lines
    /// with one outside them cannot be held by the pairs left free either.
    all_held: [Mask; 4],
}

/// The lines that hold both cells of a pair (see [`lines_holding`]).
struct Held {
    pair: Mask,
    /// Their direction's index in `board.directions`.
    direction: usize,
    /// Those lines, at their first cells.
    lines: Mask,
}

/// The pairing finder with its cache and counters.
#[derive(Default)]
pub struct PairingSearch {
    scratch: Scratch,
    /// The latest pairings found, newest first.
    recent: Vec<Recent>,
    /// Buffers kept from one search to the next: the lines read, and the reduced lines
    /// (see [`Reading::kept_lines`]).
    reading: Reading,
    sets: Vec<Mask>,
    /// Searches run.
    pub searches: u64,
    /// Answers found among the recent pairings.
    pub hits: u64,
    /// How far the lines of the last search were over 9 for every 10 of their cells:
    /// 10 x lines - 9 x cells, or 0 (see [`PairingSearch::crowding`]).
    crowding: u32,
}

impl PairingSearch {
    /// A pairing for the lines the attacker can still fill on `board`, if one is found.
    pub fn find(&mut self, board: &ProverBoard) -> Option<Pairs> {
        let mut reading = std::mem::take(&mut self.reading);
        reading.read(board);
        let found = self.find_in(board, &mut reading);
        self.reading = reading;
        found
    }

    /// [`PairingSearch::find`] with the lines of `board` already read into `reading`.
    /// The lines are listed only when a search runs: most positions of a large board have
    /// too many lines for their cells, and the recent pairings and that count are read
    /// from `reading` as it stands.
    pub fn find_in(&mut self, board: &ProverBoard, reading: &mut Reading) -> Option<Pairs> {
        self.crowding = 0;
        if !reading.reduce(board) {
            return None;
        }
        if let Some(pairs) = self.recent_fit(board, reading) {
            self.hits += 1;
            return Some(pairs);
        }
        self.searches += 1;
        let (lines, cells) = reading.kept_size(board);
        self.crowding = (10 * lines).saturating_sub(9 * cells);
        if crowded(lines, cells) {
            return None;
        }
        let mut sets = std::mem::take(&mut self.sets);
        reading.kept_lines(board, &mut sets);
        let mut pairs = Vec::new();
        let mut budget = BUDGET;
        let found = (!too_many_separate_lines(&sets, &mut self.scratch.picked)
            && cover(&sets, &mut pairs, &mut budget, &mut self.scratch, 0))
        .then_some(pairs);
        self.sets = sets;
        if let Some(pairs) = &found {
            self.remember(board, pairs);
        }
        found
    }

    /// How far the reduced lines of the last [`PairingSearch::find`] were from a pairing by
    /// their count: 10 x lines - 9 x cells when the lines were more than 9 for every 10 of
    /// their empty cells, else 0 (also when a recent pairing fit or no search ran). The
    /// tree search starts such positions with higher disproof numbers: the pairings that
    /// end a Maker-Breaker tree are found where the lines are fewer for their cells.
    pub fn crowding(&self) -> u32 {
        self.crowding
    }

    /// The pairs of a recent pairing whose cells are both still free, if they hold a pair
    /// of every line `reading` kept; that pairing becomes the newest.
    fn recent_fit(&mut self, board: &ProverBoard, reading: &Reading) -> Option<Pairs> {
        let free = board.free();
        let kept = reading.kept();
        let index = self.recent.iter().position(|recent| {
            if kept
                .iter()
                .zip(recent.all_held)
                .any(|(&kept, all)| kept & !all != 0)
            {
                return false;
            }
            // The lines holding a pair with both cells empty, by direction.
            let mut held = [0; 4];
            for pair in &recent.held {
                if pair.pair & free == pair.pair {
                    held[pair.direction] |= pair.lines;
                }
            }
            kept.iter().zip(held).all(|(&kept, held)| kept & !held == 0)
        })?;
        let recent = self.recent.remove(index);
        let pairs = recent
            .pairs
            .iter()
            .copied()
            .filter(|&(a, b)| free >> a & 1 == 1 && free >> b & 1 == 1)
            .collect();
        self.recent.insert(0, recent);
        Some(pairs)
    }

    /// Keeps `pairs` (found on `board`) as the newest of the recent pairings.
    fn remember(&mut self, board: &ProverBoard, pairs: &Pairs) {
        if self.recent.len() == RECENT {
            self.recent.pop();
        }
        let held: Vec<Held> = pairs
            .iter()
            .filter_map(|&(a, b)| {
                let pair: Mask = 1 << a | 1 << b;
                let (direction, lines) = lines_holding(board, pair)?;
                Some(Held {
                    pair,
                    direction,
                    lines,
                })
            })
            .collect();
        let mut all_held = [0; 4];
        for pair in &held {
            all_held[pair.direction] |= pair.lines;
        }
        self.recent.insert(
            0,
            Recent {
                pairs: pairs.clone(),
                held,
                all_held,
            },
        );
    }
}

/// Whether the lines are too many for their cells for a pairing to be worth looking for:
/// more than 88 for every 100 empty cells they hold. A pairing's pair seldom lies in two of
/// the reduced lines, so such searches run out of budget; measured on 7,7,5 (`tictactoe
/// solve --rule 7,7,5 --threads 1` with the searches counted by that ratio), all 3,042
/// pairings found had under 0.89 lines per cell, and 50,333 of the 63,378 searches that
/// ran out of budget had over 0.9. A refusal here only gives up a shortcut, as the budget
/// does. On the 8,8,5 positions of [`BUDGET`], with 100 steps: 0.9 took 5.2, 17.0 and 3.0
/// s, 0.85 4.7, 17.2 and 3.0 s, 0.8 49, 81 and 99 s, and no refusal 14.3 s on the first.
fn crowded(lines: u32, cells: u32) -> bool {
    100 * lines > 88 * cells
}

/// Whether some of the sets are too many for their cells: sets that pairwise share at
/// most one cell need a pair each (a pair lies in at most one of them), so n of them need
/// 2n cells. A quick refusal before [`cover`]: 7,7,5 in 0.95 s instead of 1.13 s
/// (`tictactoe solve --rule 7,7,5 --threads 1`, release).
fn too_many_separate_lines(sets: &[Mask], picked: &mut Vec<Mask>) -> bool {
    let mut union: Mask = 0;
    picked.clear();
    for &set in sets {
        if picked.iter().all(|&p| (p & set).count_ones() <= 1) {
            picked.push(set);
            union |= set;
        }
    }
    2 * picked.len() as u32 > union.count_ones()
}

/// Buffers for [`cover`], one of each per depth, kept from one search to the next so that
/// the search allocates nothing once warmed up.
#[derive(Default)]
struct Scratch {
    /// Each pair to try with the sets it would cover and the sets it would take one cell
    /// from.
    candidates: Vec<Vec<(usize, usize, Mask)>>,
    rests: Vec<Vec<Mask>>,
    /// The sets [`too_many_separate_lines`] picks.
    picked: Vec<Mask>,
}

/// Covers every set in `sets` with a pair of its cells, the pairs disjoint, adding them to
/// `pairs`. The sets hold only cells no pair has taken yet: each step covers the set with
/// the fewest cells (see [`tightest`]), trying first the pairs that lie in the most sets
/// and, of those, the pairs that take a cell from the fewest other sets, and takes the
/// pair's cells out of the sets left. Returns false when impossible or out of budget.
///
/// Those two orders (the most constrained set, the least constraining pair) find more of
/// the pairings there are within the budget, and show sooner that there is none. On 2,608
/// sets of lines the search met on 8,7,5 (every 20th search, 3,000 of those that found a
/// pairing, 3,000 that ran out of 400 steps and 1,823 that showed there was none, every
/// third taken), a SAT solver found a pairing in a third of those that ran out; within 400
/// steps the search with the two orders found 1,145 pairings and showed 637 sets to have
/// none, against 1,022 and 615 before, in 15% fewer steps. See docs/prover.md, "The
/// pairing search's order", for the proofs it shortens.
fn cover(
    sets: &[Mask],
    pairs: &mut Pairs,
    budget: &mut u32,
    scratch: &mut Scratch,
    depth: usize,
) -> bool {
    let Some(fewest) = sets.iter().map(|s| s.count_ones()).min() else {
        return true;
    };
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    if fewest < 2 {
        return false;
    }
    if scratch.candidates.len() <= depth {
        scratch.candidates.resize_with(depth + 1, Vec::new);
        scratch.rests.resize_with(depth + 1, Vec::new);
    }
    let mut candidates = std::mem::take(&mut scratch.candidates[depth]);
    let mut rest = std::mem::take(&mut scratch.rests[depth]);
    let tightest = tightest(sets, fewest);
    candidates.clear();
    for a in cells_of(tightest) {
        for b in cells_of(tightest & !((2 << a) - 1)) {
            candidates.push((0usize, 0usize, 1 << a | 1 << b));
        }
    }
    if candidates.len() > 1 {
        // A pair covers the sets that hold both its cells and takes a cell from those
        // that hold one: first the pairs that cover the most, then those that take the
        // fewest cells from the sets left.
        for &set in sets {
            let shared = set & tightest;
            if shared != 0 {
                for (covered, touched, pair) in &mut candidates {
                    let both = shared & *pair;
                    if both == *pair {
                        *covered += 1;
                    } else if both != 0 {
                        *touched += 1;
                    }
                }
            }
        }
        candidates.sort_unstable_by_key(|&(covered, touched, pair)| {
            (std::cmp::Reverse(covered), touched, pair)
        });
    }
    let mut found = false;
    for &(_, _, pair) in &candidates {
        rest.clear();
        rest.extend(
            sets.iter()
                .filter(|&&s| s & pair != pair)
                .map(|&s| s & !pair),
        );
        let (a, b) = (
            pair.trailing_zeros() as u8,
            (127 - pair.leading_zeros()) as u8,
        );
        pairs.push((a, b));
        if cover(&rest, pairs, budget, scratch, depth + 1) {
            found = true;
            break;
        }
        pairs.pop();
        if *budget == 0 {
            break;
        }
    }
    scratch.candidates[depth] = candidates;
    scratch.rests[depth] = rest;
    found
}

/// The set [`cover`] covers next: one with the fewest cells and, of those, the one that
/// meets the most other sets. With two cells the set's pair is forced and the first one is
/// taken: the order of forced pairs changes nothing but which conflict shows first.
fn tightest(sets: &[Mask], fewest: u32) -> Mask {
    let mut tied = sets.iter().copied().filter(|s| s.count_ones() == fewest);
    let first = tied.next().unwrap_or(0);
    if fewest == 2 {
        return first;
    }
    let meets = |set: Mask| sets.iter().filter(|&&s| s & set != 0).count();
    let mut best = (first, meets(first));
    for set in tied {
        let count = meets(set);
        if count > best.1 {
            best = (set, count);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Rule, Side};

    fn board(rule: &str, notation: Option<&str>) -> ProverBoard {
        let rule: Rule = rule.parse().unwrap();
        let position = match notation {
            Some(text) => Position::from_notation(rule, text).unwrap(),
            None => Position::new(rule),
        };
        ProverBoard::new(&position, Side::X).unwrap()
    }

    /// Checks a pairing the way the defender would use it.
    fn is_pairing(board: &ProverBoard, pairs: &Pairs) -> bool {
        let mut seen: Mask = 0;
        for &(a, b) in pairs {
            let pair: Mask = 1 << a | 1 << b;
            if seen & pair != 0 || pair & board.free() != pair || a == b {
                return false;
            }
            seen |= pair;
        }
        board.lines.iter().filter(|&&l| board.is_open(l)).all(|&l| {
            pairs.iter().any(|&(a, b)| {
                let pair: Mask = 1 << a | 1 << b;
                l & pair == pair
            })
        })
    }

    #[test]
    fn a_board_with_two_spare_cells_per_line_pairs() {
        // 5x5 with five in a row: 12 lines, 25 cells; the classic pairing exists.
        let b = board("5,5,5", None);
        let mut search = PairingSearch::default();
        let pairs = search.find(&b).expect("5,5,5 has a pairing");
        assert!(is_pairing(&b, &pairs));
        assert_eq!(search.find(&b), Some(pairs));
        assert_eq!((search.searches, search.hits), (1, 1));
    }

    #[test]
    fn tic_tac_toe_has_none() {
        // 8 lines of 3 through 9 cells: 4 pairs cannot cover 8 lines (each pair lies in at
        // most one line).
        let b = board("3,3,3", None);
        assert_eq!(PairingSearch::default().find(&b), None);
    }

    #[test]
    fn a_line_one_short_has_none() {
        let b = board("5,5,4", Some("xxx../oo.../...../...../....."));
        assert_eq!(PairingSearch::default().find(&b), None);
    }

    /// Lines the search met on 8,7,5, reduced, from a position where a pairing exists: the
    /// search before the most constrained line and the least constraining pair came first
    /// ran out of 400 steps on them; now it finds a pairing well within its budget.
    #[test]
    fn the_most_constrained_line_first_finds_a_pairing_the_plain_order_missed() {
        let sets: Vec<Mask> = vec![
            0x800080008,
            0x80800080000,
            0x102040010,
            0x40404040,
            0x1700,
            0x3600,
            0x7400,
            0xf000,
            0x400040404000,
            0x40400040400000,
            0x1f,
            0x101010101,
            0x3e,
            0x202020202,
            0x7c,
            0x404040404,
            0xf8,
            0x8040201008,
            0x2020202020,
            0x204081020,
            0x8080808080,
            0x10101010100,
            0x100804020100,
            0x20202020200,
            0x40404040400,
            0x10204081000,
            0x202020202000,
            0x808080808000,
            0x1010101010000,
            0x10080402010000,
            0x2020202020000,
            0x20100804020000,
            0x4040404040000,
            0x20202020200000,
            0x80808080800000,
            0x8102040800000,
            0x1f0000000000,
            0x3e0000000000,
            0x7c0000000000,
            0xf80000000000,
            0x1f000000000000,
            0x3e000000000000,
            0x7c000000000000,
            0xf8000000000000,
        ];
        let mut pairs = Vec::new();
        let mut budget = BUDGET;
        assert!(cover(
            &sets,
            &mut pairs,
            &mut budget,
            &mut Scratch::default(),
            0
        ));
        assert!(BUDGET - budget < 50, "{} steps", BUDGET - budget);
        let mut taken: Mask = 0;
        for &(a, b) in &pairs {
            let pair: Mask = 1 << a | 1 << b;
            assert_eq!(taken & pair, 0, "pairs share a cell");
            taken |= pair;
        }
        for set in &sets {
            assert!(
                pairs
                    .iter()
                    .any(|&(a, b)| set >> a & 1 == 1 && set >> b & 1 == 1),
                "a line without a pair"
            );
        }
    }
}
