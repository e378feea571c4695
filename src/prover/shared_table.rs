//! The table that the threads of one proof share: a position proved or refuted on one
//! thread is known at once on the other, and the threads mark the positions they are in so
//! that another thread passing there turns to a sibling instead of searching the same
//! subtree beside them.
//!
//! The numbers and zones are the ones a [`Dfpn`](super::search::Dfpn) keeps in its own table,
//! here in a fixed array of slots read and written without locks. A slot is four words:
//! a seal, the numbers, and the zone's two halves; the seal is the key mixed with a hash of
//! the other three, so a slot another thread is writing half-way (words of two entries
//! mixed) or a slot of another position fails the check and is not read. A key has a bucket
//! of [`WAYS`] slots; when they are all taken, the new position replaces the least
//! valuable: a position only evaluated first, then the undecided one whose numbers are the
//! smallest (a small subtree, cheap to search again), a decided one last. Nothing is lost
//! but time: a position replaced is evaluated or searched again when met.
//!
//! The memory is taken whole but used from the front: the buckets in use double whenever
//! half their slots are taken, up to the whole table, so a small proof touches little
//! memory. After a doubling a key's bucket is either where it was or in the new half; a
//! position not found in its bucket is looked for where it was before, and moved (until the
//! whole table is in use and half full).
//!
//! A thread marks each position from its root down to where it searches now (a count per
//! slot of a small array, slots named by the key: a collision marks a position that is not
//! searched, which only steers the search). Another thread reading a marked child sees its
//! proof and disproof numbers doubled, so it chooses another child unless this one is much
//! the best; the numbers stored are the real ones, and 0 and [`INF`] are never changed, so
//! the marks change the order of the search, never what it proves.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicUsize, Ordering};

use super::prover_board::Mask;
use super::table::{INF, LEAF_MARK, Numbers};
use crate::memory::{ZeroIsValid, zeroed_vec};

/// How many slots the marks have (a power of two): some 130 positions are marked at a
/// time with two threads on 8x8, so a collision is rare.
const MARK_SLOTS: usize = 1 << 16;

/// Slots in a key's bucket.
pub const WAYS: usize = 4;

/// The bit of the numbers word that says the slot holds a zone.
const HAS_ZONE: u64 = 1 << 63;

/// Positions by key with their numbers as stored, as a table is saved and loaded.
pub type StoredPositions = Vec<(u64, Numbers)>;
/// Zones by key, as a table is saved and loaded.
pub type Zones = Vec<(u64, Mask)>;

/// The slots of one bucket, each `[seal, numbers, zone low, zone high]`; an empty slot is
/// all zeros (numbers are never both 0). The words' own alignment: a larger one would make
/// the allocator write the zeros itself instead of taking zeroed pages as they are used.
#[repr(C)]
struct Bucket([[AtomicU64; 4]; WAYS]);

// SAFETY: a bucket is only atomic words, and all-zero bytes are a valid atomic word.
unsafe impl ZeroIsValid for Bucket {}

/// A slot's contents as read.
#[derive(Clone, Copy)]
struct Stored {
    key: u64,
    numbers: u64,
    zone: Option<Mask>,
}

/// Buckets in use at first (2 MiB).
const FIRST_BUCKETS: usize = 1 << 14;

/// The numbers, zones and marks of one proof's threads.
pub struct SharedTable {
    buckets: Vec<Bucket>,
    /// Buckets in use: a power of two, from the front of `buckets`.
    in_use: AtomicUsize,
    /// Whether the whole table is in use and half full: then the bucket a position had
    /// before the last doubling is no longer looked at (set once, never cleared).
    settled: AtomicBool,
    marks: Box<[AtomicU16]>,
    /// Slots taken (counted when an empty slot is filled), on a cache line of its own: the
    /// words beside it are read at every node by both threads.
    len: Apart<AtomicUsize>,
}

/// Asks Linux to back the table with 2 MiB pages where it can (transparent huge pages, when
/// the system gives them on request). Every read of a table of gigabytes lands on another
/// page, and with 4 KiB pages nearly every one also misses the processor's cache of
/// addresses; with 2 MiB pages a few thousand entries of that cache cover the table. Only
/// advice: where it is refused, or elsewhere than Linux, the table works as before. See
/// docs/prover.md, "Large pages for the shared table".
fn ask_for_large_pages(buckets: &[Bucket]) {
    #[cfg(target_os = "linux")]
    {
        const LARGE: usize = 2 << 20;
        let start = buckets.as_ptr() as usize;
        let first = start.next_multiple_of(LARGE);
        let end = (start + std::mem::size_of_val(buckets)) / LARGE * LARGE;
        if end > first {
            // SAFETY: the range lies inside the table's allocation, and the advice changes
            // only how the kernel backs those pages, never what they hold.
            unsafe {
                libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = buckets;
}

/// A value on a cache line of its own.
#[repr(align(64))]
struct Apart<T>(T);

impl SharedTable {
    /// An empty table of at least `limit` positions (rounded up to a power of two), its
    /// memory taken from the system as the slots are first used. When the system refuses
    /// that much, the table is halved until it is given (see [`SharedTable::capacity`]).
    #[must_use]
    pub fn new(limit: usize) -> SharedTable {
        let mut buckets = limit.div_ceil(WAYS).max(1).next_power_of_two();
        let buckets = loop {
            match zeroed_vec(buckets) {
                Some(taken) => break taken,
                None if buckets > 1 => buckets /= 2,
                None => {
                    let layout = std::alloc::Layout::new::<Bucket>();
                    std::alloc::handle_alloc_error(layout)
                }
            }
        };
        ask_for_large_pages(&buckets);
        SharedTable {
            in_use: AtomicUsize::new(buckets.len().min(FIRST_BUCKETS)),
            buckets,
            settled: AtomicBool::new(false),
            marks: (0..MARK_SLOTS).map(|_| AtomicU16::new(0)).collect(),
            len: Apart(AtomicUsize::new(0)),
        }
    }

    /// How many positions the table can hold.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// The bucket of `key` when `in_use` buckets are used.
    fn bucket_of(&self, key: u64, in_use: usize) -> &Bucket {
        // The high bits of a mixed key: the low bits of a key hold the side to move.
        let index = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32;
        &self.buckets[index as usize & (in_use - 1)]
    }

    /// The bucket of `key` now.
    fn bucket(&self, key: u64) -> &Bucket {
        self.bucket_of(key, self.in_use.load(Ordering::Relaxed))
    }

    /// What `slot` holds if it holds `key` (with `Some(key)`) or any position (`None`).
    fn read(slot: &[AtomicU64; 4], key: Option<u64>) -> Option<Stored> {
        let numbers = slot[1].load(Ordering::Relaxed);
        if numbers == 0 {
            return None;
        }
        let low = slot[2].load(Ordering::Relaxed);
        let high = slot[3].load(Ordering::Relaxed);
        let sealed = slot[0].load(Ordering::Relaxed) ^ hash(numbers, low, high);
        if key.is_some_and(|key| key != sealed) {
            return None;
        }
        let zone = (numbers & HAS_ZONE != 0).then_some(Mask::from(low) | Mask::from(high) << 64);
        Some(Stored {
            key: sealed,
            numbers,
            zone,
        })
    }

    fn find(&self, key: u64) -> Option<Stored> {
        let in_use = self.in_use.load(Ordering::Relaxed);
        let bucket = self.bucket_of(key, in_use);
        let look = |bucket: &Bucket| {
            bucket
                .0
                .iter()
                .find_map(|slot| SharedTable::read(slot, Some(key)))
        };
        if let Some(found) = look(bucket) {
            return Some(found);
        }
        // Where it was before the last doubling: moved to its bucket now when found. Once
        // the whole table is in use and half full, what is left there is not looked for.
        if in_use <= FIRST_BUCKETS || self.settled.load(Ordering::Relaxed) {
            return None;
        }
        let before = self.bucket_of(key, in_use / 2);
        if std::ptr::eq(before, bucket) {
            return None;
        }
        let found = look(before)?;
        self.put(key, unpack(found.numbers), found.zone);
        Some(found)
    }

    /// Asks the processor to bring the bucket of `key` into its cache, so that the reads of
    /// a node's children overlap instead of waiting for memory one after the other.
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let start = std::ptr::from_ref(self.bucket(key)).cast::<i8>();
            for offset in [0, 64, size_of::<Bucket>() - 1] {
                // SAFETY: a prefetch only hints the cache and never faults; the addresses are
                // those of the bucket's own bytes.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The numbers stored for `key`, as stored (with the leaf mark).
    pub fn get(&self, key: u64) -> Option<Numbers> {
        self.find(key).map(|s| unpack(s.numbers))
    }

    /// The zone kept for `key`.
    pub fn zone(&self, key: u64) -> Option<Mask> {
        self.find(key).and_then(|s| s.zone)
    }

    /// Stores the numbers (as stored) of `key`, and its zone when it has one: in the slot
    /// that holds `key`, else in an empty one of its bucket, else in place of the least
    /// valuable position there. Returns whether it took another position's place (not
    /// counted here: a count both threads add to at every node costs them the cache line).
    pub fn put(&self, key: u64, stored: Numbers, zone: Option<Mask>) -> bool {
        let bucket = self.bucket(key);
        let mut target = None;
        let mut lowest = u64::MAX;
        for slot in &bucket.0 {
            let value = match SharedTable::read(slot, None) {
                Some(held) if held.key == key => {
                    target = Some((slot, None));
                    break;
                }
                Some(held) => worth(held.numbers),
                None => 0,
            };
            if target.is_none() || value < lowest {
                lowest = value;
                target = Some((slot, Some(value)));
            }
        }
        let Some((slot, replacing)) = target else {
            return false;
        };
        let replaced = match replacing {
            Some(0) if slot[1].load(Ordering::Relaxed) == 0 => {
                let len = self.len.0.fetch_add(1, Ordering::Relaxed) + 1;
                let in_use = self.in_use.load(Ordering::Relaxed);
                if len > in_use * WAYS / 2 {
                    if in_use < self.buckets.len() {
                        // Only one of the threads that see it full doubles it.
                        let _ = self.in_use.compare_exchange(
                            in_use,
                            in_use * 2,
                            Ordering::Relaxed,
                            Ordering::Relaxed,
                        );
                    } else if !self.settled.load(Ordering::Relaxed) {
                        self.settled.store(true, Ordering::Relaxed);
                    }
                }
                false
            }
            Some(_) => true,
            None => false,
        };
        let zone_bits = zone.unwrap_or(0);
        let (low, high) = (zone_bits as u64, (zone_bits >> 64) as u64);
        let numbers = pack(stored) | if zone.is_some() { HAS_ZONE } else { 0 };
        slot[1].store(numbers, Ordering::Relaxed);
        slot[2].store(low, Ordering::Relaxed);
        slot[3].store(high, Ordering::Relaxed);
        slot[0].store(key ^ hash(numbers, low, high), Ordering::Relaxed);
        replaced
    }

    /// Every position (its numbers as stored) and every zone, copied while the other
    /// threads go on: a slot being written just then is left out.
    #[must_use]
    pub fn snapshot(&self) -> (StoredPositions, Zones) {
        let mut entries = Vec::with_capacity(self.len());
        let mut zones = Vec::new();
        let in_use = self.in_use.load(Ordering::Relaxed);
        for bucket in &self.buckets[..in_use] {
            for slot in &bucket.0 {
                let Some(held) = SharedTable::read(slot, None) else {
                    continue;
                };
                // A slot torn by a writer gives a key of another bucket (almost surely); a
                // position moved since the last doubling is taken from its bucket now.
                let now = self.bucket_of(held.key, in_use);
                if !std::ptr::eq(now, bucket) {
                    let before = self.bucket_of(held.key, (in_use / 2).max(1));
                    let moved = now
                        .0
                        .iter()
                        .any(|slot| SharedTable::read(slot, Some(held.key)).is_some());
                    if !std::ptr::eq(before, bucket) || moved {
                        continue;
                    }
                }
                entries.push((held.key, unpack(held.numbers)));
                if let Some(zone) = held.zone {
                    zones.push((held.key, zone));
                }
            }
        }
        (entries, zones)
    }

    /// Puts saved positions (as [`SharedTable::snapshot`] gives them) and zones in the table;
    /// returns how many took the place of another position.
    pub fn load(&self, entries: StoredPositions, zones: Zones) -> usize {
        // The buckets in use as many as the positions will need, taken at once: positions
        // put in before two doublings would not be found.
        let needed = (entries.len() * 2).div_ceil(WAYS).next_power_of_two();
        self.in_use
            .fetch_max(needed.min(self.buckets.len()), Ordering::Relaxed);
        let zones: HashMap<u64, Mask> = zones.into_iter().collect();
        let mut replaced = 0;
        for (key, entry) in entries {
            let zone = (entry.dn == 0).then(|| zones.get(&key).copied()).flatten();
            replaced += usize::from(self.put(key, entry, zone));
        }
        replaced
    }

    /// How many positions the table holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len.0.load(Ordering::Relaxed)
    }

    /// Whether the table is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

/// The numbers as one word (never 0: a proof and a disproof number are never both 0).
fn pack(entry: Numbers) -> u64 {
    u64::from(entry.pn) | u64::from(entry.dn) << 32
}

fn unpack(numbers: u64) -> Numbers {
    Numbers {
        pn: numbers as u32,
        dn: (numbers >> 32) as u32 & !(HAS_ZONE >> 32) as u32,
    }
}

/// What keeping a position is worth, to choose which one a new position replaces: a
/// position only evaluated least, an undecided one by its numbers (a larger subtree has
/// larger ones), a decided one most.
fn worth(numbers: u64) -> u64 {
    let entry = unpack(numbers);
    if entry.pn & LEAF_MARK != 0 {
        1
    } else if entry.pn == 0 || entry.dn == 0 {
        u64::MAX
    } else {
        2 + u64::from(entry.pn) + u64::from(entry.dn)
    }
}

/// A hash of a slot's words but the seal (splitmix64's finaliser, chained), so that words
/// of two entries mixed do not pass for one.
fn hash(numbers: u64, low: u64, high: u64) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(numbers ^ mix(low ^ mix(high.wrapping_add(0x9E37_79B9_7F4A_7C15))))
}

/// The numbers of a child another thread is searching, as the thread choosing among its
/// siblings sees them: doubled, except where decided (0) or unreachable ([`INF`]).
#[must_use]
pub fn as_seen_marked(entry: Numbers) -> Numbers {
    let double = |n: u32| {
        if n == 0 || n >= INF {
            n
        } else {
            n.saturating_mul(2).min(INF - 1)
        }
    };
    Numbers {
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
        let seen = as_seen_marked(Numbers { pn: 5, dn: 0 });
        assert_eq!(seen, Numbers { pn: 10, dn: 0 });
        let seen = as_seen_marked(Numbers {
            pn: INF,
            dn: INF - 3,
        });
        assert_eq!(
            seen,
            Numbers {
                pn: INF,
                dn: INF - 1
            }
        );
    }

    fn leaf(pn: u32, dn: u32) -> Numbers {
        Numbers {
            pn: pn | LEAF_MARK,
            dn,
        }
    }

    #[test]
    fn a_full_bucket_gives_up_a_position_only_evaluated_then_the_smallest_undecided() {
        // One bucket: every key shares it.
        let table = SharedTable::new(WAYS);
        assert_eq!(table.capacity(), WAYS);
        assert!(!table.put(1, leaf(1, 1), None));
        assert!(!table.put(2, Numbers { pn: 3, dn: 4 }, None));
        assert!(!table.put(3, Numbers { pn: 30, dn: 40 }, None));
        assert!(!table.put(4, Numbers { pn: INF, dn: 0 }, Some(0b101 | 1 << 100)));
        assert_eq!(table.len(), 4);
        assert!(table.put(5, Numbers { pn: 0, dn: INF }, None));
        assert!(
            table.get(1).is_none(),
            "the position only evaluated goes first"
        );
        assert!(table.put(6, Numbers { pn: 7, dn: 7 }, None));
        assert!(
            table.get(2).is_none(),
            "then the undecided one with the smallest numbers"
        );
        assert!(table.put(7, Numbers { pn: 8, dn: 8 }, None));
        assert!(table.get(6).is_none());
        assert_eq!(table.get(3), Some(Numbers { pn: 30, dn: 40 }));
        assert_eq!(table.get(5), Some(Numbers { pn: 0, dn: INF }));
        assert_eq!(table.zone(4), Some(0b101 | 1 << 100));
        assert_eq!(table.get(7), Some(Numbers { pn: 8, dn: 8 }));
        // A position stored again keeps its slot.
        assert!(!table.put(3, Numbers { pn: 31, dn: 41 }, None));
        assert_eq!(table.get(3), Some(Numbers { pn: 31, dn: 41 }));
        assert_eq!(table.len(), 4);
    }

    #[test]
    fn a_slot_with_words_of_two_entries_is_not_read() {
        let table = SharedTable::new(1 << 10);
        table.put(9, Numbers { pn: INF, dn: 0 }, Some(0xFF));
        table.put(10, Numbers { pn: INF, dn: 0 }, Some(0xF0F0));
        // Another writer's zone half-written into key 9's slot.
        let slot = &table.bucket(9).0[0];
        slot[2].store(0xF0F0, Ordering::Relaxed);
        assert_eq!(table.get(9), None);
        assert_eq!(table.zone(9), None);
        assert_eq!(table.zone(10), Some(0xF0F0));
        let (entries, zones) = table.snapshot();
        assert_eq!(entries, vec![(10, Numbers { pn: INF, dn: 0 })]);
        assert_eq!(zones, vec![(10, 0xF0F0)]);
    }

    #[test]
    fn a_snapshot_loads_into_a_new_table() {
        let table = SharedTable::new(1 << 10);
        for key in 0..300u64 {
            let entry = match key % 3 {
                0 => leaf(1, key as u32 + 1),
                1 => Numbers { pn: INF, dn: 0 },
                _ => Numbers {
                    pn: key as u32,
                    dn: 2,
                },
            };
            let zone = (key % 3 == 1).then_some(Mask::from(key) << 70);
            table.put(key * 0x1_0000_0001, entry, zone);
        }
        let (entries, zones) = table.snapshot();
        let copy = SharedTable::new(1 << 10);
        copy.load(entries.clone(), zones.clone());
        let sorted = |mut v: StoredPositions| {
            v.sort_by_key(|e| e.0);
            v
        };
        let (again, zones_again) = copy.snapshot();
        assert_eq!(sorted(again), sorted(entries.clone()));
        assert_eq!(zones_again.len(), zones.len());
        for (key, entry) in entries {
            assert_eq!(copy.get(key), Some(entry));
        }
    }

    #[test]
    fn the_buckets_in_use_double_and_positions_are_found_after() {
        let table = SharedTable::new(1 << 20);
        let key = |n: u64| n.wrapping_mul(0xD134_2543_DE82_EF95) | 1;
        let half = FIRST_BUCKETS * WAYS / 2;
        let mut replaced = 0;
        for n in 0..half as u64 {
            replaced += usize::from(table.put(key(n), Numbers { pn: 2, dn: 3 }, None));
        }
        assert_eq!(table.in_use.load(Ordering::Relaxed), FIRST_BUCKETS);
        for n in half as u64..(half + 5000) as u64 {
            replaced += usize::from(table.put(key(n), Numbers { pn: 2, dn: 3 }, None));
        }
        assert_eq!(table.in_use.load(Ordering::Relaxed), 2 * FIRST_BUCKETS);
        // Every position is found (those stored before the doubling where they were), but
        // the few a full bucket gave up.
        let found = (0..(half + 5000) as u64)
            .filter(|&n| table.get(key(n)).is_some())
            .count();
        assert!(
            found + replaced >= half + 5000,
            "{found} found, {replaced} replaced"
        );
        assert!(found > half, "{found} found");
        // Those found were moved to their buckets now: a snapshot holds each position once.
        let (entries, _) = table.snapshot();
        let mut keys: Vec<u64> = entries.iter().map(|e| e.0).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), entries.len());
        assert!(entries.len() >= found);
    }

    #[test]
    fn a_large_saved_table_is_found_whole_once_loaded() {
        let key = |n: u64| n.wrapping_mul(0x9FB2_1C65_1E98_DF25) ^ 0x55;
        let n = FIRST_BUCKETS * WAYS * 3;
        let entries: StoredPositions = (0..n as u64)
            .map(|k| (key(k), Numbers { pn: 5, dn: 6 }))
            .collect();
        let table = SharedTable::new(1 << 22);
        let replaced = table.load(entries, Vec::new());
        let found = (0..n as u64)
            .filter(|&k| table.get(key(k)).is_some())
            .count();
        assert!(
            found + replaced >= n,
            "{found} found, {replaced} replaced of {n}"
        );
    }

    #[test]
    fn threads_writing_one_bucket_never_read_a_mixed_entry() {
        // Each key's numbers and zone follow from the key, so any other reading is a torn
        // one; four threads hammer one bucket of a tiny table.
        let table = SharedTable::new(WAYS);
        let expected = |key: u64| {
            let entry = Numbers {
                pn: key as u32 * 1000,
                dn: 0,
            };
            let zone = Mask::from(key.wrapping_mul(0x2545_F491_4F6C_DD1D)) << 64 | Mask::from(key);
            (entry, zone)
        };
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for round in 0..50_000u64 {
                        let key = (round * 7 + thread) % 11 + 1;
                        let (entry, zone) = expected(key);
                        table.put(key, entry, Some(zone));
                        let other = (round * 5 + thread * 3) % 11 + 1;
                        if let Some(found) = table.get(other) {
                            assert_eq!(found, expected(other).0);
                        }
                        if let Some(found) = table.zone(other) {
                            assert_eq!(found, expected(other).1);
                        }
                    }
                });
            }
        });
        assert!(table.len() <= WAYS);
    }
}
