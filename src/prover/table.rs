//! What the prover's tables keep of a position: its proof and disproof numbers
//! ([`Numbers`]), saturating at [`INF`], with [`LEAF_MARK`] on a position only evaluated, and
//! how many positions a table holds ([`TABLE_LIMIT`]); and a searcher's own table
//! ([`OwnTable`]). The table the threads share is in `shared_table.rs`; both are saved to a
//! file as `saved.rs` writes them.

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use super::prover_board::Mask;

/// An unreachable threshold: proof and disproof numbers saturate here.
pub const INF: u32 = u32::MAX / 2;

/// The most positions the table holds. A searcher's own table, past it, drops the
/// positions only evaluated (never searched below), and they are evaluated again if met
/// again; if that leaves more than three quarters, the undecided ones go too, and if even
/// that is not enough, the whole table is emptied. About 40 bytes a position with its zone:
/// some 2.7 GB at the limit. The table the threads share has this many slots of 32 bytes
/// (2 GiB), each new position replacing the least valuable one of its bucket.
pub const TABLE_LIMIT: usize = 1 << 26;

/// The bit of a stored proof number that marks a position only evaluated (numbers never
/// reach it: they saturate at [`INF`]).
pub(super) const LEAF_MARK: u32 = 1 << 31;

/// What a table keeps of a position: its proof and disproof numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    pub pn: u32,
    pub dn: u32,
}

/// A searcher's own table: the numbers by key (a proof number with [`LEAF_MARK`] is a
/// position only evaluated) and the zones of disproved positions, as zones of the image the
/// key names. The keys are already hashes of the position, so the maps mix them with one
/// multiplication: with the standard library's SipHash one thread searched 14.8 million
/// nodes of 9,8,5 in 20 s, with this 17.4 million (docs/prover.md).
pub struct OwnTable {
    numbers: HashMap<u64, Numbers, FxBuildHasher>,
    pub zones: HashMap<u64, Mask, FxBuildHasher>,
    /// The most positions kept (see [`TABLE_LIMIT`]).
    pub limit: usize,
}

impl Default for OwnTable {
    /// An empty table of at most [`TABLE_LIMIT`] positions.
    fn default() -> OwnTable {
        OwnTable {
            numbers: HashMap::default(),
            zones: HashMap::default(),
            limit: TABLE_LIMIT,
        }
    }
}

impl OwnTable {
    /// The numbers stored for `key`, as stored.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<Numbers> {
        self.numbers.get(&key).copied()
    }

    /// The zone stored for `key`.
    #[must_use]
    pub fn zone(&self, key: u64) -> Option<Mask> {
        self.zones.get(&key).copied()
    }

    /// Stores the numbers of `key`, and its zone if it has one; thins the table when it is
    /// full, and then says so.
    pub fn put(&mut self, key: u64, stored: Numbers, zone: Option<Mask>) -> bool {
        self.numbers.insert(key, stored);
        if let Some(zone) = zone {
            self.zones.insert(key, zone);
        }
        let full = self.numbers.len() > self.limit;
        if full {
            self.thin();
        }
        full
    }

    /// Drops the positions only evaluated; if that is not enough, the undecided ones as
    /// well, and everything if even that is not. Nothing is lost but time: a dropped
    /// position is evaluated or searched again when met.
    fn thin(&mut self) {
        let enough = self.limit / 4 * 3;
        self.numbers.retain(|_, e| e.pn & LEAF_MARK == 0);
        if self.numbers.len() > enough {
            self.numbers.retain(|_, e| e.pn == 0 || e.dn == 0);
        }
        if self.numbers.len() > enough {
            self.numbers.clear();
        }
        let numbers = &self.numbers;
        self.zones.retain(|key, _| numbers.contains_key(key));
    }

    /// Every position in the table: its key and its numbers as stored (a proof number
    /// with the mark of a position only evaluated), for saving the table.
    pub fn entries(&self) -> impl Iterator<Item = (u64, Numbers)> + '_ {
        self.numbers.iter().map(|(&key, &entry)| (key, entry))
    }

    /// How many positions the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.numbers.len()
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }

    /// Puts saved positions (as [`OwnTable::entries`] gives them) and zones in the table.
    pub fn load(
        &mut self,
        entries: impl IntoIterator<Item = (u64, Numbers)>,
        zones: impl IntoIterator<Item = (u64, Mask)>,
    ) {
        self.numbers.extend(entries);
        self.zones.extend(zones);
    }
}
