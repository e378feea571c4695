//! Depth-first proof-number search (Nagai's df-pn) over any AND/OR game, with a
//! transposition table and the 1+epsilon threshold (Pawlewicz and Lew), which lets the
//! search stay in a child until its numbers grow a fraction past its sibling's instead of
//! switching back and forth on every small change.
//!
//! Numbers are from the attacker's point of view: proof number 0 means the attacker wins,
//! disproof number 0 that it does not. Positions never repeat in these games, so the
//! cycle corrections of df-pn are not needed; transpositions are, and the table shares them.
//!
//! Relevance zones (for games that give them, see [`AndOr::zones`]): a disproved position
//! keeps a zone, a set of cells such that the defender still wins after any change that
//! can only help the defender (attacker stones taken away, defender stones added) together
//! with attacker stones added outside the zone. A leaf's zone comes from the game (a
//! pairing's cells, say); a defender node's is its refuting child's plus the reply; an
//! attacker node's is the union of its children's. When the attacker's move `m` is refuted
//! with a zone that does not hold `m`, every attacker move outside that zone is refuted by
//! the same reply (the position after it differs only outside the zone), so the search
//! drops those moves without looking at them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::prover_board::Mask;
use super::shared_table::{SharedTable, as_seen_marked};
use super::table::{INF, LEAF_MARK, Numbers, OwnTable};

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

    /// Whether the game gives relevance zones (then the methods below matter).
    fn zones(&self) -> bool {
        false
    }
    /// The zone of a leaf that [`AndOr::evaluate`] has just disproved.
    fn leaf_zone(&self) -> Mask {
        Mask::MAX
    }
    /// The moves of [`AndOr::moves`], each with the cells it stands for (cells whose move
    /// gives the same position up to swapping them), and the cells a zone of this position
    /// must hold because of moves left out (a move left out for a stronger one needs that
    /// one's cell to stay free or the defender's).
    fn zone_moves(&mut self, out: &mut Vec<(usize, Mask)>) -> Mask {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        out.extend(moves.into_iter().map(|cell| (cell, 1 << cell)));
        0
    }
    /// A zone of this position as a zone of the image whose key it shares, and back.
    fn zone_to_key(&self, zone: Mask) -> Mask {
        zone
    }
    fn zone_from_key(&self, zone: Mask) -> Mask {
        zone
    }
}

/// A child of the node being searched: the first move that leads to it, the moves that
/// reach the same position or a symmetric image ("twins"), and its zone once disproved.
pub(super) struct Child {
    pub(super) cell: usize,
    /// The cells of the move's class and of its twins' classes.
    pub(super) cells: Mask,
    pub(super) key: u64,
    twins: Vec<(usize, Mask)>,
    class: Mask,
    zone: Option<Mask>,
    /// The numbers its last search returned, for when the table has dropped them.
    numbers: Option<Numbers>,
}

/// Counters of one proof.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counters {
    /// Positions expanded or evaluated.
    pub nodes: u64,
    /// Numbers found in the table instead of evaluated.
    pub table_hits: u64,
    /// Attacker moves of refuted positions dropped because a sibling's refutation zone
    /// left them out.
    pub zone_cuts: u64,
    /// Times the table reached its limit ([`OwnTable::limit`]) and was thinned.
    pub collections: u64,
}

/// The df-pn searcher: its table and counters.
pub struct Dfpn<'a> {
    /// The searcher's own table (unused while [`Dfpn::shared`] names a shared one).
    pub table: OwnTable,
    pub counters: Counters,
    stop: &'a AtomicBool,
    /// A second stop flag: another thread has found the answer.
    pub settled: Option<&'a AtomicBool>,
    /// A third: the search is to come back to the root so that its table can be saved
    /// (the caller then goes on with another [`Dfpn::prove`]).
    pub pause: Option<&'a AtomicBool>,
    /// A node count shared with a watching thread, added to every 1024 nodes.
    pub published: Option<&'a AtomicU64>,
    /// Node budget; 0 for none.
    pub node_limit: u64,
    /// A table shared with other threads, used instead of this searcher's own.
    pub shared: Option<&'a SharedTable>,
    /// A fourth stop flag: the position this search started from is decided (by another
    /// thread sharing the table).
    pub finished: Option<&'a AtomicBool>,
    /// The 1+epsilon factor as a fraction over 16: 4 gives 1.25.
    epsilon_sixteenths: u32,
}

impl<'a> Dfpn<'a> {
    /// A searcher with an empty table that stops when `stop` is set.
    #[must_use]
    pub fn new(stop: &'a AtomicBool) -> Dfpn<'a> {
        Dfpn {
            table: OwnTable::default(),
            counters: Counters::default(),
            stop,
            settled: None,
            pause: None,
            published: None,
            node_limit: 0,
            shared: None,
            finished: None,
            epsilon_sixteenths: 4,
        }
    }

    /// Whether the caller's stop flag is set.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Whether the node budget is spent.
    #[must_use]
    pub fn out_of_budget(&self) -> bool {
        self.node_limit > 0 && self.counters.nodes >= self.node_limit
    }

    /// Whether the search must stop now (the flag or the node budget).
    fn must_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.settled.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.pause.is_some_and(|p| p.load(Ordering::Relaxed))
            || self.finished.is_some_and(|f| f.load(Ordering::Relaxed))
            || (self.node_limit > 0 && self.counters.nodes >= self.node_limit)
    }

    /// Proves or disproves the position of `game` as far as `stop` and the budget allow;
    /// `on_progress` sees the root's numbers every time the search comes back to it.
    pub fn prove<G: AndOr>(
        &mut self,
        game: &mut G,
        on_progress: &mut dyn FnMut(Numbers, &Counters),
    ) -> Numbers {
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
    pub fn numbers<G: AndOr>(&mut self, game: &mut G) -> Numbers {
        let key = game.key();
        if let Some(entry) = self.get(key) {
            self.counters.table_hits += 1;
            return entry;
        }
        self.count_node();
        let entry = match game.evaluate() {
            Leaf::Proved => Numbers { pn: 0, dn: INF },
            Leaf::Disproved => Numbers { pn: INF, dn: 0 },
            Leaf::Open(pn, dn) => Numbers { pn, dn },
        };
        let zone = if entry.dn == 0 { game.leaf_zone() } else { 0 };
        self.put(game, entry, zone, true);
        entry
    }

    /// The numbers stored for `key`.
    fn get(&self, key: u64) -> Option<Numbers> {
        let stored = match self.shared {
            Some(shared) => shared.get(key),
            None => self.table.get(key),
        };
        stored.map(|e| Numbers {
            pn: e.pn & !LEAF_MARK,
            dn: e.dn,
        })
    }

    /// Puts the numbers of the searched position on `game` in the table, and the zone of a
    /// disproved one.
    fn store<G: AndOr>(&mut self, game: &G, entry: Numbers, zone: Mask) {
        self.put(game, entry, zone, false);
    }

    /// [`Dfpn::store`], for a position only evaluated when `leaf`; thins the table when it
    /// is full.
    fn put<G: AndOr>(&mut self, game: &G, entry: Numbers, zone: Mask, leaf: bool) {
        let key = game.key();
        let stored = Numbers {
            pn: if leaf { entry.pn | LEAF_MARK } else { entry.pn },
            dn: entry.dn,
        };
        let zone = (entry.dn == 0 && game.zones()).then(|| game.zone_to_key(zone));
        if let Some(shared) = self.shared {
            shared.put(key, stored, zone);
            return;
        }
        if self.table.put(key, stored, zone) {
            self.counters.collections += 1;
        }
    }

    /// The zone of the disproved position on `game` (every cell if none is kept).
    fn zone_here<G: AndOr>(&self, game: &G) -> Mask {
        let key = game.key();
        let zone = match self.shared {
            Some(shared) => shared.zone(key),
            None => self.table.zone(key),
        };
        zone.map_or(Mask::MAX, |zone| game.zone_from_key(zone))
    }

    /// The zone of the disproved position after `cell`.
    fn zone_after<G: AndOr>(&self, game: &mut G, cell: usize) -> Mask {
        game.make(cell);
        let zone = self.zone_here(game);
        game.unmake(cell);
        zone
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
    /// number reaches `thpn` or its disproof number `thdn`. With a shared table the
    /// position is marked as searched while the search is below it.
    fn mid<G: AndOr>(&mut self, game: &mut G, thpn: u32, thdn: u32) -> Numbers {
        let Some(shared) = self.shared else {
            return self.mid_here(game, thpn, thdn);
        };
        let key = game.key();
        shared.enter(key);
        let entry = self.mid_here(game, thpn, thdn);
        shared.leave(key);
        entry
    }

    fn mid_here<G: AndOr>(&mut self, game: &mut G, thpn: u32, thdn: u32) -> Numbers {
        // Step 1. The moves, each child once (symmetric and transposed children merge).
        let (mut children, keep) = children_of(game);
        let or = game.attacker_to_move();
        if children.is_empty() {
            // No move can help either side any more: the attacker does not win.
            let entry = Numbers { pn: INF, dn: 0 };
            self.store(game, entry, 0);
            return entry;
        }
        // The attacker's moves still to refute: those in every covering zone.
        let mut zoning = Zoning {
            relevant: Mask::MAX,
            covering: 0,
        };
        loop {
            // Step 2. The node's numbers from its children's.
            let (entry, best, second) = self.gather(game, &mut children, or, &mut zoning);
            let done = entry.pn == 0 || entry.dn == 0 || self.must_stop();
            if done || entry.pn >= thpn || entry.dn >= thdn {
                let zone = if entry.dn == 0 && game.zones() {
                    self.node_zone(game, &mut children, or, &zoning, keep)
                } else {
                    0
                };
                self.store(game, entry, zone);
                return entry;
            }
            // Step 3. The best child's thresholds, with the 1+epsilon slack.
            let (index, child) = best;
            let cell = children[index].cell;
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
            children[index].numbers = Some(self.mid(game, child_thpn, child_thdn));
            game.unmake(cell);
        }
    }

    /// The zone of a node just disproved: a defender node's is its refuting child's and
    /// the reply; an attacker node's holds every child's that was searched (without the
    /// move itself; with it when the move stands for other cells too, which must stay
    /// free for the swap to hold), the covering zones, and the cells `keep` names.
    fn node_zone<G: AndOr>(
        &mut self,
        game: &mut G,
        children: &mut [Child],
        or: bool,
        zoning: &Zoning,
        keep: Mask,
    ) -> Mask {
        if !or {
            let Some(child) = children
                .iter()
                .find(|c| self.get(c.key).or(c.numbers).is_some_and(|e| e.dn == 0))
            else {
                return Mask::MAX;
            };
            return self.zone_after(game, child.cell) | 1 << child.cell;
        }
        let mut zone = keep | zoning.covering;
        for child in children.iter_mut() {
            if child.cells & zoning.relevant == 0 {
                self.counters.zone_cuts += 1;
                continue;
            }
            let own = match child.zone {
                Some(z) => z,
                None => self.zone_after(game, child.cell),
            };
            zone |= own & !(1 << child.cell);
            if child.class.count_ones() > 1 {
                zone |= 1 << child.cell;
            }
            for &(twin, class) in &child.twins {
                zone |= self.zone_after(game, twin) & !(1 << twin);
                if class.count_ones() > 1 {
                    zone |= 1 << twin;
                }
            }
        }
        zone
    }

    /// The node's numbers, its most proving child (index and numbers) and the second-best
    /// child's deciding number. At an attacker node with zones, a refuted child whose zone
    /// leaves out its own move narrows the moves still to refute.
    fn gather<G: AndOr>(
        &mut self,
        game: &mut G,
        children: &mut [Child],
        or: bool,
        zoning: &mut Zoning,
    ) -> (Numbers, (usize, Numbers), u32) {
        let zones = or && game.zones();
        loop {
            let relevant = zoning.relevant;
            let result = self.gather_once(game, children, or, zones, zoning);
            if zoning.relevant == relevant {
                return result;
            }
        }
    }

    /// A child's numbers as this thread sees them: the table's (or the child's last ones,
    /// or its static verdict if neither is known), and with a shared table, those of a
    /// child another thread is searching made to look harder than they are, so that this
    /// thread turns to a sibling (see `shared.rs`).
    fn child_numbers<G: AndOr>(&mut self, game: &mut G, child: &Child) -> Numbers {
        let numbers = match self.get(child.key).or(child.numbers) {
            Some(e) => e,
            None => {
                game.make(child.cell);
                let e = self.numbers(game);
                game.unmake(child.cell);
                e
            }
        };
        match self.shared {
            Some(shared) if shared.marked(child.key) => as_seen_marked(numbers),
            _ => numbers,
        }
    }

    fn gather_once<G: AndOr>(
        &mut self,
        game: &mut G,
        children: &mut [Child],
        or: bool,
        zones: bool,
        zoning: &mut Zoning,
    ) -> (Numbers, (usize, Numbers), u32) {
        if let Some(shared) = self.shared {
            for child in children.iter() {
                if !zones || child.cells & zoning.relevant != 0 {
                    shared.prefetch(child.key);
                }
            }
        }
        let mut sum = 0u32;
        let mut best = (0, Numbers { pn: INF, dn: INF });
        let mut best_n = INF + 1;
        let mut second = INF;
        for (index, child) in children.iter_mut().enumerate() {
            if zones && child.cells & zoning.relevant == 0 {
                continue;
            }
            let cell = child.cell;
            let numbers = self.child_numbers(game, child);
            if zones && numbers.dn == 0 && child.zone.is_none() {
                let zone = self.zone_after(game, cell);
                child.zone = Some(zone);
                if zone & 1 << cell == 0 && zone != Mask::MAX {
                    // Every move outside `zone` is refuted as this one is.
                    zoning.relevant &= zone;
                    zoning.covering |= zone;
                }
            }
            // An OR node takes its smallest proof number and sums disproof numbers; an
            // AND node the other way round.
            let (decide, add) = if or {
                (numbers.pn, numbers.dn)
            } else {
                (numbers.dn, numbers.pn)
            };
            sum = sum.saturating_add(add).min(INF);
            if decide < best_n {
                second = best_n.min(INF);
                best_n = decide;
                best = (index, numbers);
            } else if decide < second {
                second = decide;
            }
            if decide == 0 {
                break;
            }
        }
        let entry = if or {
            Numbers {
                pn: best_n.min(INF),
                dn: sum,
            }
        } else {
            Numbers {
                pn: sum,
                dn: best_n.min(INF),
            }
        };
        let entry = if best_n == 0 {
            if or {
                Numbers { pn: 0, dn: INF }
            } else {
                Numbers { pn: INF, dn: 0 }
            }
        } else {
            entry
        };
        (entry, best, second)
    }
}

/// The children of the position on `game` as the search sees them: one per move the game
/// offers, moves reaching the same position or a mirror image of it merged into one child
/// (its twins); and the cells a zone of the position must keep (see [`AndOr::zone_moves`]).
pub(super) fn children_of<G: AndOr>(game: &mut G) -> (Vec<Child>, Mask) {
    let mut moves = Vec::new();
    let keep = game.zone_moves(&mut moves);
    let mut children: Vec<Child> = Vec::with_capacity(moves.len());
    for (cell, class) in moves {
        game.make(cell);
        let key = game.key();
        game.unmake(cell);
        match children.iter_mut().find(|c| c.key == key) {
            Some(child) => {
                child.twins.push((cell, class));
                child.cells |= class;
            }
            None => children.push(Child {
                cell,
                cells: class,
                key,
                twins: Vec::new(),
                class,
                zone: None,
                numbers: None,
            }),
        }
    }
    (children, keep)
}

/// An attacker node's narrowing by zones: the cells of moves still to refute, and the
/// union of the zones that narrowed it.
struct Zoning {
    relevant: Mask,
    covering: Mask,
}
