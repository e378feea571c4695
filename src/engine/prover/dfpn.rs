//! Depth-first proof-number search (Nagai's df-pn) over any AND/OR game, with a
//! transposition table and the 1+epsilon threshold (Pawlewicz and Lew), which lets the
//! search stay in a child until its numbers grow a fraction past its sibling's instead of
//! switching back and forth on every small change.
//!
//! Numbers are from the attacker's point of view: proof number 0 means the attacker wins,
//! disproof number 0 that it does not. Positions never repeat in these games, so the
//! cycle corrections of df-pn are not needed; transpositions are, and the table shares them.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// An unreachable threshold: proof and disproof numbers saturate here.
pub const INF: u32 = u32::MAX / 2;

/// The static verdict on a position before its moves are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The attacker wins.
    Proved,
    /// The attacker cannot win.
    Disproved,
    /// Unknown: search the moves. The numbers are the initial proof and disproof numbers.
    Open(u32, u32),
}

/// A game as the prover sees it: an attacker (OR nodes) and a defender (AND nodes).
pub trait AndOr {
    /// A key shared by transpositions and symmetric images, with the side to move.
    fn key(&self) -> u64;
    /// Whether the attacker moves (an OR node).
    fn attacker_to_move(&self) -> bool;
    /// The static verdict; may cost a pairing search.
    fn evaluate(&mut self) -> Leaf;
    /// The moves worth searching, most promising first (forced moves alone).
    fn moves(&mut self, out: &mut Vec<usize>);
    fn make(&mut self, cell: usize);
    fn unmake(&mut self, cell: usize);
}

/// One table entry: the numbers of a position.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub pn: u32,
    pub dn: u32,
}

/// Counters of one proof.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counters {
    /// Positions expanded or evaluated.
    pub nodes: u64,
    /// Numbers found in the table instead of evaluated.
    pub table_hits: u64,
}

/// The df-pn searcher: its table and counters; `on_tick` is called every 4096 nodes with
/// the root's numbers as last known.
pub struct Dfpn<'a> {
    pub table: HashMap<u64, Entry>,
    pub counters: Counters,
    stop: &'a AtomicBool,
    /// A second stop flag: another thread has found the answer.
    pub settled: Option<&'a AtomicBool>,
    /// A node count shared with a watching thread, added to every 1024 nodes.
    pub published: Option<&'a AtomicU64>,
    /// Node budget; 0 for none.
    pub node_limit: u64,
    /// The 1+epsilon factor as a fraction over 16: 4 gives 1.25.
    epsilon_sixteenths: u32,
}

impl<'a> Dfpn<'a> {
    /// A searcher with an empty table that stops when `stop` is set.
    #[must_use]
    pub fn new(stop: &'a AtomicBool) -> Dfpn<'a> {
        Dfpn {
            table: HashMap::new(),
            counters: Counters::default(),
            stop,
            settled: None,
            published: None,
            node_limit: 0,
            epsilon_sixteenths: 4,
        }
    }

    /// Whether the caller's stop flag is set.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether the search must stop now (the flag or the node budget).
    fn must_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.settled.is_some_and(|s| s.load(Ordering::Relaxed))
            || (self.node_limit > 0 && self.counters.nodes >= self.node_limit)
    }

    /// Proves or disproves the position of `game` as far as `stop` and the budget allow;
    /// `on_progress` sees the root's numbers every time the search comes back to it.
    pub fn prove<G: AndOr>(
        &mut self,
        game: &mut G,
        on_progress: &mut dyn FnMut(Entry, &Counters),
    ) -> Entry {
        let root = self.numbers(game);
        if root.pn == 0 || root.dn == 0 {
            return root;
        }
        // Thresholds grow step by step so that progress is reported; the last pass is
        // unlimited.
        let mut threshold = 64u32;
        loop {
            let limit = threshold.min(INF);
            let entry = self.mid(game, limit, limit);
            on_progress(entry, &self.counters);
            if entry.pn == 0 || entry.dn == 0 || self.must_stop() {
                return entry;
            }
            threshold = threshold
                .saturating_mul(2)
                .max(entry.pn.max(entry.dn).saturating_add(1));
        }
    }

    /// The numbers of the position on `game`: from the table, else its static verdict
    /// (stored in the table).
    pub fn numbers<G: AndOr>(&mut self, game: &mut G) -> Entry {
        let key = game.key();
        if let Some(entry) = self.table.get(&key) {
            self.counters.table_hits += 1;
            return *entry;
        }
        self.count_node();
        let entry = match game.evaluate() {
            Leaf::Proved => Entry { pn: 0, dn: INF },
            Leaf::Disproved => Entry { pn: INF, dn: 0 },
            Leaf::Open(pn, dn) => Entry { pn, dn },
        };
        self.table.insert(key, entry);
        entry
    }

    /// Counts a position evaluated or expanded, and adds to the count shared with a
    /// watching thread every 1024.
    fn count_node(&mut self) {
        self.counters.nodes += 1;
        if let Some(shared) = self.published
            && self.counters.nodes.is_multiple_of(1024)
        {
            shared.fetch_add(1024, Ordering::Relaxed);
        }
    }

    /// The multiple-iterative-deepening step: search below the position until its proof
    /// number reaches `thpn` or its disproof number `thdn`.
    fn mid<G: AndOr>(&mut self, game: &mut G, thpn: u32, thdn: u32) -> Entry {
        // Step 1. The moves, each child once (symmetric and transposed children merge).
        let mut moves = Vec::new();
        game.moves(&mut moves);
        let mut children: Vec<(usize, u64)> = Vec::with_capacity(moves.len());
        for cell in moves {
            game.make(cell);
            let key = game.key();
            game.unmake(cell);
            if !children.iter().any(|&(_, k)| k == key) {
                children.push((cell, key));
            }
        }
        let or = game.attacker_to_move();
        if children.is_empty() {
            // No move can help either side any more: the attacker does not win.
            let entry = Entry { pn: INF, dn: 0 };
            self.table.insert(game.key(), entry);
            return entry;
        }
        loop {
            // Step 2. The node's numbers from its children's.
            let (entry, best, second) = self.gather(game, &children, or);
            let done = entry.pn == 0 || entry.dn == 0 || self.must_stop();
            if done || entry.pn >= thpn || entry.dn >= thdn {
                self.table.insert(game.key(), entry);
                return entry;
            }
            // Step 3. The best child's thresholds, with the 1+epsilon slack.
            let (cell, child) = best;
            let grow =
                |n: u32| n.saturating_add(n.saturating_mul(self.epsilon_sixteenths) / 16 + 1);
            let (child_thpn, child_thdn) = if or {
                (
                    thpn.min(grow(second)),
                    thdn.saturating_sub(entry.dn)
                        .saturating_add(child.dn)
                        .min(INF),
                )
            } else {
                (
                    thpn.saturating_sub(entry.pn)
                        .saturating_add(child.pn)
                        .min(INF),
                    thdn.min(grow(second)),
                )
            };
            // Step 4. Search the child.
            game.make(cell);
            self.count_node();
            self.mid(game, child_thpn, child_thdn);
            game.unmake(cell);
        }
    }

    /// The node's numbers, its most proving child (cell and numbers) and the second-best
    /// child's deciding number.
    fn gather<G: AndOr>(
        &mut self,
        game: &mut G,
        children: &[(usize, u64)],
        or: bool,
    ) -> (Entry, (usize, Entry), u32) {
        let mut sum = 0u32;
        let mut best = (children[0].0, Entry { pn: INF, dn: INF });
        let mut best_n = INF + 1;
        let mut second = INF;
        for &(cell, key) in children {
            let child = match self.table.get(&key) {
                Some(e) => *e,
                None => {
                    game.make(cell);
                    let e = self.numbers(game);
                    game.unmake(cell);
                    e
                }
            };
            // An OR node takes its smallest proof number and sums disproof numbers; an
            // AND node the other way round.
            let (decide, add) = if or {
                (child.pn, child.dn)
            } else {
                (child.dn, child.pn)
            };
            sum = sum.saturating_add(add).min(INF);
            if decide < best_n {
                second = best_n.min(INF);
                best_n = decide;
                best = (cell, child);
            } else if decide < second {
                second = decide;
            }
            if decide == 0 {
                break;
            }
        }
        let entry = if or {
            Entry {
                pn: best_n.min(INF),
                dn: sum,
            }
        } else {
            Entry {
                pn: sum,
                dn: best_n.min(INF),
            }
        };
        let entry = if best_n == 0 {
            if or {
                Entry { pn: 0, dn: INF }
            } else {
                Entry { pn: INF, dn: 0 }
            }
        } else {
            entry
        };
        (entry, best, second)
    }
}
