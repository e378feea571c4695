//! The transposition table: a fixed number of slots, shared lock-free between search threads.
//!
//! Each slot holds two 64-bit words, `key ^ data` and `data`; a torn write by another thread
//! makes the check `word0 ^ word1 == key` fail, so a probe never returns a mixed entry
//! (the classic lockless scheme). Replacement: a slot is overwritten unless it holds a deeper
//! result for a different position of the same search (depth-preferred, ties replace).

use std::sync::atomic::{AtomicU64, Ordering};

use super::score::{Score, WIN_BOUND};
use crate::memory::zeroed_vec;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    /// The true value is at least the score (a beta cut-off).
    Lower = 2,
    /// The true value is at most the score (no move raised alpha).
    Upper = 3,
}

/// A probed entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub score: Score,
    pub depth: u8,
    pub bound: Bound,
    /// Best move as a cell index in the canonical orientation, if any.
    pub best: Option<u16>,
    /// Bit `side.index()` set: the search found no pairing strategy against `side` here, so
    /// it need not look again.
    pub unpaired: u8,
}

/// The default table size in megabytes (4 M slots of 16 bytes).
pub const DEFAULT_MEGABYTES: usize = 64;

/// A fixed-size table of `2^n` slots.
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl Table {
    /// A table of at most `megabytes` MB, and no larger than needed for `positions`
    /// different positions: a 3x3 game never needs more than a few thousand slots, and a
    /// small table is quicker to touch than a large one is to fault in.
    #[must_use]
    pub fn new(megabytes: usize, positions: usize) -> Table {
        let needed = positions.max(1).checked_next_power_of_two();
        let wanted = ((megabytes.max(1) << 20) / 16).min(needed.unwrap_or(usize::MAX));
        let size = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let slots = zeroed_slots(size);
        Table {
            slots,
            mask: size - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot[0].store(0, Ordering::Relaxed);
            slot[1].store(0, Ordering::Relaxed);
        }
    }

    /// The entry for `key`, with win scores made relative to `ply` again.
    #[must_use]
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if slot[0].load(Ordering::Relaxed) ^ data != key || data == 0 {
            return None;
        }
        let mut entry = unpack(data)?;
        entry.score = from_table(entry.score, ply);
        Some(entry)
    }

    /// Stores an entry for `key`; win scores are stored relative to the node (`ply`).
    pub fn store(&self, key: u64, ply: u32, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        let old = slot[1].load(Ordering::Relaxed);
        let same = slot[0].load(Ordering::Relaxed) ^ old == key;
        if !same && old != 0 && unpack(old).is_some_and(|e| e.depth > entry.depth) {
            return;
        }
        let data = pack(Entry {
            score: to_table(entry.score, ply),
            ..entry
        });
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

/// `size` empty slots, allocated already zeroed so the operating system can hand out zero
/// pages lazily: a large table costs nothing until it is used.
fn zeroed_slots(size: usize) -> Vec<[AtomicU64; 2]> {
    let layout = std::alloc::Layout::array::<[AtomicU64; 2]>(size).expect("table size fits memory");
    zeroed_vec(size).unwrap_or_else(|| std::alloc::handle_alloc_error(layout))
}

fn pack(e: Entry) -> u64 {
    let best = e.best.map_or(0xFFFF, u64::from);
    let flags = e.bound as u64 | u64::from(e.unpaired & 3) << 2;
    (e.score as u32 as u64) | (u64::from(e.depth) << 32) | (flags << 40) | (best << 48)
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let best = (data >> 48) as u16;
    Some(Entry {
        score: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound,
        best: (best != 0xFFFF).then_some(best),
        unpaired: ((data >> 42) & 3) as u8,
    })
}

/// A win score counted from the root becomes one counted from this node, so the entry is
/// right wherever the position recurs.
fn to_table(score: Score, ply: u32) -> Score {
    if score >= WIN_BOUND {
        score + ply as Score
    } else if score <= -WIN_BOUND {
        score - ply as Score
    } else {
        score
    }
}

fn from_table(score: Score, ply: u32) -> Score {
    if score >= WIN_BOUND {
        score - ply as Score
    } else if score <= -WIN_BOUND {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::score::WIN;

    #[test]
    fn win_scores_are_stored_relative_to_the_node() {
        let t = Table::new(1, usize::MAX);
        let e = Entry {
            score: WIN - 7,
            depth: 3,
            bound: Bound::Exact,
            best: Some(4),
            unpaired: 2,
        };
        t.store(0xABCD, 5, e);
        // Found again two plies nearer the root: the win is two plies nearer too.
        let got = t.probe(0xABCD, 3).unwrap();
        assert_eq!(got.score, WIN - 5);
        assert_eq!(got.best, Some(4));
        assert_eq!(t.probe(0xABCE, 3), None);
        let neg = Entry {
            score: -12,
            depth: 1,
            bound: Bound::Upper,
            best: None,
            unpaired: 1,
        };
        t.store(0x1234_5678, 0, neg);
        assert_eq!(t.probe(0x1234_5678, 9), Some(neg));
    }
}
