//! The Maker-Breaker game: the attacker (Maker) wins by filling a line; the defender
//! (Breaker) only has to put a stone on every line. The defender's own lines do not count,
//! so the game is easier for the defender than the real one only in that it ignores the
//! defender's threats: a defender win here means the attacker cannot make K in a row in
//! the real game either, and on the empty board (where strategy stealing shows the first
//! player cannot lose) that the real game is a draw.
//!
//! Cuts at every node: a line one short (the attacker to move wins; two of them and the
//! defender cannot stop both), the Erdős–Selfridge potential, and a pairing strategy.
//! Moves: only empty cells on lines the attacker can still fill; cells that lie on exactly
//! the same such lines give the same position up to swapping them, so one stands for all.

use super::pairing::{PairingSearch, Pairs};
use super::prover_board::{Mask, ProverBoard, cells_of};
use super::reading::Reading;
use super::search::{AndOr, Leaf};
use super::table::INF;

/// The disproof number an attacker-to-move node starts with per unit of its potential
/// measured against the bound 2^(K-1) (see [`MakerBreaker::initial_numbers`]).
const DN_SCALE: u64 = 16;

/// The disproof number from the potential is multiplied by (1 + crowding / 3), the
/// pairing search's crowding (see [`PairingSearch::crowding`] and
/// [`MakerBreaker::initial_numbers`]).
const CROWDING_SCALE: u64 = 3;

/// Why a Maker-Breaker position is decided without searching its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The attacker has filled a line, or fills one now (or has two lines one short).
    Threat,
    /// No line can be filled any more.
    NoLines,
    /// The Erdős–Selfridge potential is below the bound.
    Potential,
    /// A pairing covers every line.
    Pairing(Pairs),
}

/// The Maker-Breaker game on a prover board.
pub struct MakerBreaker {
    pub board: ProverBoard,
    pub pairing: PairingSearch,
    /// The relevance zone of the last position [`AndOr::evaluate`] disproved.
    last_zone: Mask,
    /// What [`MakerBreaker::decide`] found on its pass over the lines, last time.
    last_scan: Scan,
    /// The lines as that pass read them.
    reading: Reading,
}

/// What one pass over the lines the attacker can still fill finds.
#[derive(Clone, Copy, Default)]
struct Scan {
    /// Their empty cells.
    cells: Mask,
    /// The cells where the attacker completes one (lines one short).
    wins: Mask,
    /// Whether one is full of attacker stones.
    filled: bool,
    /// The Erdős–Selfridge potential (see [`ProverBoard::potential`]).
    potential: u64,
}

/// What `reading` read of the lines of `board`.
fn scan(board: &ProverBoard, reading: &Reading) -> Scan {
    Scan {
        cells: reading.open_cells(board),
        wins: reading.wins(board),
        filled: reading.filled(board),
        potential: reading.potential(board),
    }
}

impl MakerBreaker {
    /// The game on `board`.
    #[must_use]
    pub fn new(board: ProverBoard) -> MakerBreaker {
        MakerBreaker {
            board,
            pairing: PairingSearch::default(),
            last_zone: Mask::MAX,
            last_scan: Scan::default(),
            reading: Reading::default(),
        }
    }

    /// The static verdict with its reason: `Some(true, _)` the attacker wins, `Some(false,
    /// _)` it cannot, `None` search on.
    pub fn decide(&mut self) -> Option<(bool, Reason)> {
        self.reading.read(&self.board);
        self.last_scan = scan(&self.board, &self.reading);
        let b = &self.board;
        let Scan {
            cells,
            wins,
            filled,
            potential,
        } = self.last_scan;
        if filled {
            return Some((true, Reason::Threat));
        }
        if b.attacker_to_move && wins != 0 || !b.attacker_to_move && wins.count_ones() >= 2 {
            return Some((true, Reason::Threat));
        }
        if cells == 0 {
            return Some((false, Reason::NoLines));
        }
        // Below 2^K with the defender to move (2^(K-1) with the attacker to move), the
        // defender can keep every line from filling.
        let bound = 1u64 << (b.k - u32::from(b.attacker_to_move));
        if potential < bound {
            return Some((false, Reason::Potential));
        }
        // A pairing is only searched with the attacker to move: with the defender to move,
        // any defender move keeps a pairing intact, so the children find it.
        if wins == 0
            && b.attacker_to_move
            && let Some(pairs) = self.pairing.find_in(&self.board, &mut self.reading)
        {
            return Some((false, Reason::Pairing(pairs)));
        }
        None
    }

    /// The proof and disproof numbers an undecided node starts with. With the attacker to
    /// move, the disproof number grows with the Erdős–Selfridge potential over its bound
    /// 2^(K-1): a position far above the bound needs many defender answers to refute, one
    /// just above it few, so df-pn looks first where refutations are cheap. Measured with
    /// `tictactoe solve --rule 7,7,5 --threads 1` (release): all nodes (1, 1) 2.14 s and
    /// 673,891 nodes; 16 per unit of potential 1.33 s and 188,892 nodes (2 per unit 1.78 s,
    /// 8 per unit 1.45 s, 12 to 256 per unit 1.29 to 1.39 s). Giving the defender's nodes
    /// numbers from the potential too made it slower (2.5 s), as did proof numbers (8.3 s).
    ///
    /// That number is then multiplied by 1 + crowding / [`CROWDING_SCALE`]: a position
    /// whose open lines are many for their cells is far from a pairing, the leaf that ends
    /// most of a Maker-Breaker tree on 8x8 (where the potential never falls under its
    /// bound). With it, `tictactoe solve --rule 8,7,5 --threads 1` took 9.0 s and 1,054,476
    /// nodes instead of 59.0 s and 26,546,529; the scale and the ratio 9 in 10 were chosen
    /// on the middle positions of docs/prover.md (there: 1 + crowding / 3 3.8, 5.4 and 1.7
    /// s against 5.1, 12.4 and 4.3 s; / 5 and / 10 in between; adding instead of
    /// multiplying, or a ratio of 8, 10 or 11 in 10, did less). 7,7,5 takes 0.36 s instead
    /// of 0.22 s.
    /// Called right after [`MakerBreaker::decide`], whose potential and pairing search it
    /// reads.
    fn initial_numbers(&self) -> (u32, u32) {
        let b = &self.board;
        if !b.attacker_to_move {
            return (1, 1);
        }
        let bound = 1u64 << (b.k - 1);
        let crowding = u64::from(self.pairing.crowding());
        let dn = (self.last_scan.potential * DN_SCALE).div_ceil(bound)
            * (CROWDING_SCALE + crowding)
            / CROWDING_SCALE;
        (1, u32::try_from(dn).unwrap_or(INF - 1).clamp(1, INF - 1))
    }

    /// Moves with the cells they stand for: each empty cell of an open line, grouped with
    /// the cells that lie on exactly the same open lines.
    pub fn move_classes(&self) -> Vec<(usize, Vec<usize>)> {
        self.classes()
            .into_iter()
            .map(|class| (class.cell, cells_of(class.members).collect()))
            .collect()
    }

    /// The move classes, heaviest first (the Erdős–Selfridge weight), each with its open
    /// lines.
    fn classes(&self) -> Vec<Class> {
        let b = &self.board;
        let mut reading = Reading::default();
        reading.read(b);
        let (cells, wins) = (reading.open_cells(b), reading.wins(b));
        if !b.attacker_to_move && wins != 0 {
            // The one threat must be blocked.
            let cell = wins.trailing_zeros() as usize;
            return vec![Class {
                cell,
                members: 1 << cell,
                lines: [0; LINE_WORDS],
                digest: 0,
                weight: 0,
            }];
        }
        let mut classes: Vec<Class> = Vec::with_capacity(cells.count_ones() as usize);
        for cell in cells_of(cells) {
            let mut lines = [0u64; LINE_WORDS];
            for &id in &b.lines_through[cell] {
                if b.is_open(b.lines[id as usize]) {
                    lines[id as usize / 64] |= 1 << (id % 64);
                }
            }
            let digest = digest(&lines);
            match (classes.iter_mut()).find(|class| class.digest == digest && class.lines == lines)
            {
                Some(class) => class.members |= 1 << cell,
                None => classes.push(Class {
                    cell,
                    members: 1 << cell,
                    lines,
                    digest,
                    weight: b.weight(cell, true),
                }),
            }
        }
        classes.sort_by_key(|class| (std::cmp::Reverse(class.weight), class.cell));
        classes
    }
}

/// Words of a [`LineSet`]: a board of at most 128 cells has at most 4 x 128 lines.
/// A maker move class for a certificate: its first cell, its cells, and the first cell of a
/// class that dominates it (strictly more open lines, among them all of this one's; itself
/// not dominated), if any.
pub struct CertificateClass {
    pub cell: usize,
    pub members: Vec<usize>,
    pub dominated_by: Option<usize>,
}

impl MakerBreaker {
    /// Every attacker move class, strongest first, with what dominates it.
    pub fn certificate_classes(&self) -> Vec<CertificateClass> {
        let classes = self.classes();
        let stronger = |i: usize| {
            classes
                .iter()
                .enumerate()
                .any(|(j, other)| j != i && subset(&classes[i].lines, &other.lines))
        };
        let maximal: Vec<bool> = (0..classes.len()).map(|i| !stronger(i)).collect();
        classes
            .iter()
            .enumerate()
            .map(|(i, class)| CertificateClass {
                cell: class.cell,
                members: cells_of(class.members).collect(),
                dominated_by: (!maximal[i])
                    .then(|| {
                        classes.iter().enumerate().find(|&(j, other)| {
                            maximal[j] && j != i && subset(&class.lines, &other.lines)
                        })
                    })
                    .flatten()
                    .map(|(_, other)| other.cell),
            })
            .collect()
    }
}

const LINE_WORDS: usize = 8;

/// A set of lines, bit `i` for line id `i`.
type LineSet = [u64; LINE_WORDS];

/// A move class: its first cell, all its cells, its open lines and its weight.
struct Class {
    cell: usize,
    members: Mask,
    lines: LineSet,
    /// [`digest`] of `lines`.
    digest: u64,
    weight: u64,
}

/// A word that differs for most different line sets, compared before the sets themselves:
/// comparing every cell's 64-byte set with every class's took a tenth of the 9,8,5 proof.
fn digest(lines: &LineSet) -> u64 {
    lines.iter().fold(0, |d, &w| d.rotate_left(13) ^ w)
}

/// Whether every line of `a` is also in `b`.
fn subset(a: &LineSet, b: &LineSet) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

impl MakerBreaker {
    /// The moves the search tries: one per move class, without the attacker's dominated
    /// ones. A cell whose open lines are a strict subset of another empty cell's is
    /// dominated: taking the other cell instead does everything it does and more (swap the
    /// two cells in the defender's refutation of the stronger move; every line the weaker
    /// cell completes also runs through the stronger one). So if the dominated move wins,
    /// so does the one that dominates it, and the search needs only the latter. The same
    /// holds for the defender, but its dominated replies are kept: one of them is often the
    /// reply after which the pairing search sees the draw at once. The second value holds
    /// a dominating cell for each move left out (a relevance zone must keep it).
    pub fn search_moves(&self) -> (Vec<(usize, Mask)>, Mask) {
        let b = &self.board;
        let classes = self.classes();
        let dominate = classes.len() >= 2 && b.attacker_to_move;
        // Classes have distinct line sets, so a subset is a strict one.
        let (mut moves, mut keep) = (Vec::with_capacity(classes.len()), 0);
        for (i, class) in classes.iter().enumerate() {
            let stronger = dominate
                .then(|| {
                    classes
                        .iter()
                        .enumerate()
                        .find(|&(j, other)| j != i && subset(&class.lines, &other.lines))
                })
                .flatten();
            match stronger {
                Some((_, other)) => keep |= 1 << other.cell,
                None => moves.push((class.cell, class.members)),
            }
        }
        (moves, keep)
    }
}

impl AndOr for MakerBreaker {
    fn key(&self) -> u64 {
        self.board.key()
    }

    fn attacker_to_move(&self) -> bool {
        self.board.attacker_to_move
    }

    fn evaluate(&mut self) -> Leaf {
        match self.decide() {
            Some((true, _)) => Leaf::Proved,
            Some((false, reason)) => {
                // The cells the refutation rests on: a pairing's cells; for the potential,
                // every empty cell of an open line (an attacker stone anywhere else lies on
                // no open line and changes no term); nothing when no line is left.
                self.last_zone = match reason {
                    Reason::Pairing(pairs) => {
                        pairs.iter().fold(0, |z: Mask, &(a, b)| z | 1 << a | 1 << b)
                    }
                    Reason::Potential => self.last_scan.cells,
                    Reason::NoLines => 0,
                    Reason::Threat => Mask::MAX,
                };
                Leaf::Disproved
            }
            None => {
                let (pn, dn) = self.initial_numbers();
                Leaf::Open(pn, dn)
            }
        }
    }

    fn moves(&mut self, out: &mut Vec<usize>) {
        out.extend(self.search_moves().0.into_iter().map(|(cell, _)| cell));
    }

    fn zones(&self) -> bool {
        true
    }

    fn leaf_zone(&self) -> Mask {
        self.last_zone
    }

    fn zone_moves(&mut self, out: &mut Vec<(usize, Mask)>) -> Mask {
        let (moves, keep) = self.search_moves();
        out.extend(moves);
        keep
    }

    fn zone_to_key(&self, zone: Mask) -> Mask {
        let b = &self.board;
        b.map_mask(b.canonical_symmetry(), zone, false)
    }

    fn zone_from_key(&self, zone: Mask) -> Mask {
        let b = &self.board;
        b.map_mask(b.canonical_symmetry(), zone, true)
    }

    fn make(&mut self, cell: usize) {
        self.board.make(cell);
    }

    fn unmake(&mut self, cell: usize) {
        self.board.unmake(cell);
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicBool, AtomicU64};

    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::prover::search::Dfpn;
    use crate::prover::shared_table::SharedTable;
    use crate::prover::split::prove_split;
    use crate::rules::{Position, Rule, Side};

    /// The K-cell lines of a width x height board as bit masks, written out here rather than
    /// taken from the rules, so the oracle shares nothing with the prover but positions.
    pub(in crate::prover) fn lines(width: usize, height: usize, k: usize) -> Vec<u32> {
        let mut out = Vec::new();
        for row in 0..height {
            for col in 0..width {
                for (dr, dc) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
                    let end_row = row as i32 + dr * (k as i32 - 1);
                    let end_col = col as i32 + dc * (k as i32 - 1);
                    if end_row < 0 || end_row >= height as i32 || end_col < 0 {
                        continue;
                    }
                    if end_col >= width as i32 {
                        continue;
                    }
                    let mask = (0..k as i32).fold(0u32, |m, i| {
                        let (r, c) = (row as i32 + dr * i, col as i32 + dc * i);
                        m | 1 << (r as usize * width + c as usize)
                    });
                    out.push(mask);
                }
            }
        }
        out
    }

    /// Whether the maker can fill a line by brute force over every move, remembered by
    /// position.
    pub(in crate::prover) fn maker_wins(
        lines: &[u32],
        all: u32,
        maker: u32,
        breaker: u32,
        maker_moves: bool,
        memo: &mut HashMap<(u32, u32, bool), bool>,
    ) -> bool {
        if lines.iter().any(|&l| l & !maker == 0) {
            return true;
        }
        let free = all & !(maker | breaker);
        if free == 0 || lines.iter().all(|&l| l & breaker != 0) {
            return false;
        }
        if let Some(&known) = memo.get(&(maker, breaker, maker_moves)) {
            return known;
        }
        let mut cells = (0..32).filter(|&c| free >> c & 1 == 1);
        let wins = if maker_moves {
            cells.any(|c| maker_wins(lines, all, maker | 1 << c, breaker, false, memo))
        } else {
            cells.all(|c| maker_wins(lines, all, maker, breaker | 1 << c, true, memo))
        };
        memo.insert((maker, breaker, maker_moves), wins);
        wins
    }

    /// Random positions of `rule` (random play, at least `min_stones` stones), each side as
    /// the maker in turn: the prover's Maker-Breaker search (relevance zones, domination,
    /// move classes, pairings, a table that fills up) agrees with the brute force every
    /// time.
    fn agree(rule_text: &str, min_stones: usize, samples: usize, seed: u64) {
        let rule: Rule = rule_text.parse().unwrap();
        let (width, height, k) = (rule.width(), rule.height(), rule.k());
        let lines = lines(width, height, k);
        let all = (1u32 << rule.cells()) - 1;
        let mut rng = StdRng::seed_from_u64(seed);
        let stop = AtomicBool::new(false);
        let (mut wins, mut losses, mut split) = (0, 0, 0);
        for n in 0..samples {
            let mut position = Position::new(rule);
            let stones = rng.random_range(min_stones..rule.cells() - 1);
            for _ in 0..stones {
                let moves = position.legal_moves();
                if position.is_over() || moves.is_empty() {
                    break;
                }
                let cell = moves[rng.random_range(0..moves.len())];
                position.play(cell).unwrap();
            }
            let maker_side = if n % 2 == 0 { Side::X } else { Side::O };
            let (mut maker, mut breaker) = (0u32, 0u32);
            for (cell, stone) in position.board().iter().enumerate() {
                match stone {
                    Some(side) if *side == maker_side => maker |= 1 << cell,
                    Some(_) => breaker |= 1 << cell,
                    None => {}
                }
            }
            let maker_moves = position.side_to_move() == maker_side;
            let expected = maker_wins(
                &lines,
                all,
                maker,
                breaker,
                maker_moves,
                &mut HashMap::new(),
            );
            let board = ProverBoard::new(&position, maker_side).unwrap();
            let mut game = MakerBreaker::new(board);
            let mut dfpn = Dfpn::new(&stop);
            // Every third search with a tiny table, thinned and emptied over and over.
            if n % 3 == 0 {
                dfpn.table.limit = 16;
            }
            let entry = dfpn.prove(&mut game, &mut |_, _| {});
            assert!(entry.pn == 0 || entry.dn == 0, "undecided");
            assert_eq!(
                entry.pn == 0,
                expected,
                "{rule_text} {} with {maker_side:?} the maker",
                position.to_notation()
            );
            // Three threads sharing one table (a tiny one every third time), so that
            // threads join openings already under way, steered by each other's marks.
            let board = ProverBoard::new(&position, maker_side).unwrap();
            let root = Dfpn::new(&stop).numbers(&mut MakerBreaker::new(board.clone()));
            if maker_moves && root.pn != 0 && root.dn != 0 {
                let table = SharedTable::new(if n % 3 == 1 { 16 } else { 1 << 20 });
                let nodes = AtomicU64::new(0);
                let found =
                    prove_split(&board, 3, (&table, 0), (&stop, &nodes, &|_| {}), None).entry;
                split += 1;
                assert_eq!(
                    (found.pn == 0, found.dn == 0),
                    (expected, !expected),
                    "{rule_text} {} with {maker_side:?} the maker, three threads",
                    position.to_notation()
                );
            }
            if expected {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        // Both answers occur, so the sample tests something.
        assert!(
            wins > 0 && losses > 0 && split > 0,
            "{rule_text}: {wins} wins, {losses} losses, {split} split over three threads"
        );
    }

    #[test]
    fn the_maker_breaker_search_agrees_with_brute_force_on_4x4() {
        agree("4,4,3", 5, 200, 43);
        agree("4,4,4", 2, 200, 44);
    }

    #[test]
    fn the_maker_breaker_search_agrees_with_brute_force_on_5x4_5x5_and_6x4() {
        agree("5,4,4", 7, 300, 54);
        agree("5,5,4", 10, 300, 55);
        agree("6,4,4", 10, 300, 64);
    }
}
