//! The table that the threads of one proof share: a position proved or refuted on one
//! thread is known at once on the other, and the threads mark the positions they are in so
//! that another thread passing there turns to a sibling instead of searching the same
//! subtree beside them.
//!
//! The numbers and zones are the ones a [`Dfpn`](super::dfpn::Dfpn) keeps in its own table,
//! in concurrent maps. A thread marks each position from its root down to where it
//! searches now (a count per slot of a small array, slots named by the key: a collision
//! marks a position that is not searched, which only steers the search). Another thread
//! reading a marked child sees its proof and disproof numbers doubled, so it chooses
//! another child unless this one is much the best; the numbers stored are the real ones,
//! and 0 and [`INF`] are never changed, so the marks change the order of the search, never
//! what it proves.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicUsize, Ordering};

use dashmap::DashMap;

use super::board::Mask;
use super::dfpn::{Entry, INF, LEAF_MARK};

/// How many slots the marks have (a power of two): some 130 positions are marked at a
/// time with two threads on 8x8, so a collision is rare.
const MARK_SLOTS: usize = 1 << 16;

/// Positions by key with their numbers as stored, as a table is saved and loaded.
pub type Positions = Vec<(u64, Entry)>;
/// Zones by key, as a table is saved and loaded.
pub type Zones = Vec<(u64, Mask)>;

/// The numbers, zones and marks of one proof's threads.
pub struct SharedTable {
    /// The numbers by key; a proof number with [`LEAF_MARK`] is a position only evaluated.
    numbers: DashMap<u64, Entry>,
    zones: DashMap<u64, Mask>,
    /// Positions in `numbers`, counted at each insertion of a new key.
    len: AtomicUsize,
    /// The most positions kept (see [`TABLE_LIMIT`](super::dfpn::TABLE_LIMIT)).
    limit: usize,
    /// Held by the thread that thins the table.
    thinning: Mutex<()>,
    marks: Box<[AtomicU16]>,
    /// Times the table was thinned.
    pub collections: AtomicU64,
}

impl SharedTable {
    /// An empty table that keeps at most `limit` positions.
    #[must_use]
    pub fn new(limit: usize) -> SharedTable {
        SharedTable {
            numbers: DashMap::with_shard_amount(64),
            zones: DashMap::with_shard_amount(64),
            len: AtomicUsize::new(0),
            limit,
            thinning: Mutex::new(()),
            marks: (0..MARK_SLOTS).map(|_| AtomicU16::new(0)).collect(),
            collections: AtomicU64::new(0),
        }
    }

    /// The numbers stored for `key`, as stored (with the leaf mark).
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.numbers.get(&key).map(|e| *e)
    }

    /// Stores the numbers (as stored) of `key`, and its zone when it has one; thins the
    /// table when it is full.
    pub fn put(&self, key: u64, stored: Entry, zone: Option<Mask>) {
        if self.numbers.insert(key, stored).is_none() {
            self.len.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(zone) = zone {
            self.zones.insert(key, zone);
        }
        if self.len.load(Ordering::Relaxed) > self.limit {
            self.collect();
        }
    }

    /// The zone kept for `key`.
    pub fn zone(&self, key: u64) -> Option<Mask> {
        self.zones.get(&key).map(|z| *z)
    }

    /// Every position (its numbers as stored) and every zone, copied.
    #[must_use]
    pub fn snapshot(&self) -> (Positions, Zones) {
        let entries = self.numbers.iter().map(|e| (*e.key(), *e.value()));
        let zones = self.zones.iter().map(|z| (*z.key(), *z.value()));
        (entries.collect(), zones.collect())
    }

    /// Puts saved positions (as [`SharedTable::snapshot`] gives them) and zones in the table.
    pub fn load(&self, entries: Positions, zones: Zones) {
        for (key, entry) in entries {
            self.put(key, entry, None);
        }
        for (key, zone) in zones {
            self.zones.insert(key, zone);
        }
    }

    /// How many positions the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops the positions only evaluated, or everything if that is not enough (as a
    /// thread's own table does). One thread thins; the others go on meanwhile.
    fn collect(&self) {
        let Ok(_held) = self.thinning.try_lock() else {
            return;
        };
        if self.len.load(Ordering::Relaxed) <= self.limit {
            return;
        }
        self.collections.fetch_add(1, Ordering::Relaxed);
        self.numbers.retain(|_, e| e.pn & LEAF_MARK == 0);
        if self.numbers.len() > self.limit / 4 * 3 {
            self.numbers.clear();
        }
        let numbers = &self.numbers;
        self.zones.retain(|key, _| numbers.contains_key(key));
        self.len.store(self.numbers.len(), Ordering::Relaxed);
    }

    fn slot(&self, key: u64) -> &AtomicU16 {
        // The high bits: the low ones of a key hold the side to move and little else.
        &self.marks[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize % MARK_SLOTS]
    }

    /// Marks `key` as searched by a thread now.
    pub fn enter(&self, key: u64) {
        self.slot(key).fetch_add(1, Ordering::Relaxed);
    }

    /// Takes the mark of [`SharedTable::enter`] away.
    pub fn leave(&self, key: u64) {
        self.slot(key).fetch_sub(1, Ordering::Relaxed);
    }

    /// Whether a thread is searching `key` (or a position that shares its slot).
    #[must_use]
    pub fn marked(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) > 0
    }
}

/// The numbers of a child another thread is searching, as the thread choosing among its
/// siblings sees them: doubled, except where decided (0) or unreachable ([`INF`]).
#[must_use]
pub fn as_seen_marked(entry: Entry) -> Entry {
    let double = |n: u32| {
        if n == 0 || n >= INF {
            n
        } else {
            n.saturating_mul(2).min(INF - 1)
        }
    };
    Entry {
        pn: double(entry.pn),
        dn: double(entry.dn),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_count_the_threads_in_a_position() {
        let table = SharedTable::new(16);
        let key = 0x1234_5678_9abc_def0;
        assert!(!table.marked(key));
        table.enter(key);
        table.enter(key);
        table.leave(key);
        assert!(table.marked(key));
        table.leave(key);
        assert!(!table.marked(key));
    }

    #[test]
    fn marked_numbers_grow_but_decided_ones_stay() {
        let seen = as_seen_marked(Entry { pn: 5, dn: 0 });
        assert_eq!(seen, Entry { pn: 10, dn: 0 });
        let seen = as_seen_marked(Entry {
            pn: INF,
            dn: INF - 3,
        });
        assert_eq!(
            seen,
            Entry {
                pn: INF,
                dn: INF - 1
            }
        );
    }

    #[test]
    fn a_full_table_drops_the_positions_only_evaluated_first() {
        let table = SharedTable::new(8);
        for key in 0..4u64 {
            table.put(key, Entry { pn: 3, dn: 4 }, None);
        }
        table.put(100, Entry { pn: 0, dn: INF }, None);
        table.put(101, Entry { pn: INF, dn: 0 }, Some(0b101));
        for key in 10..13u64 {
            table.put(
                key,
                Entry {
                    pn: 1 | LEAF_MARK,
                    dn: 1,
                },
                None,
            );
        }
        // Nine positions: the three only evaluated went, the searched ones stayed.
        assert_eq!(table.len(), 6);
        assert!(table.get(10).is_none());
        assert_eq!(table.get(100), Some(Entry { pn: 0, dn: INF }));
        assert_eq!(table.zone(101), Some(0b101));
    }
}
