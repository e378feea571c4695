//! The Maker-Breaker search with the attacker's first moves shared out: each move class
//! of the root is an opening of its own, taken from a common queue by one of the threads,
//! each with its own table. The attacker wins when one opening wins (the others are then
//! stopped); it cannot win when no opening does. The calling thread only watches and
//! reports progress.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::board::Board;
use super::dfpn::{AndOr, Counters, Dfpn, Entry, INF};
use super::maker_breaker::MakerBreaker;

/// How often the watching thread reports.
const REPORT_EVERY: Duration = Duration::from_secs(1);

/// What the split search found, with its counters summed over the threads.
pub struct SplitResult {
    pub entry: Entry,
    pub counters: Counters,
    pub pairing: (u64, u64),
}

/// Shared state of the threads: the next opening to take, the results and the latest
/// numbers for progress reports.
struct Shared<'a> {
    next: AtomicUsize,
    finished_threads: AtomicUsize,
    won: AtomicBool,
    unknown: AtomicBool,
    stop: &'a AtomicBool,
    nodes: AtomicU64,
    proof: AtomicU32,
    disproof: AtomicU32,
    totals: Mutex<(Counters, (u64, u64))>,
}

/// Proves the Maker-Breaker position on `board`, attacker to move, over `threads` threads,
/// calling `on_progress` (root numbers of the latest opening, nodes so far) about once a
/// second from the calling thread.
pub fn prove_split(
    board: &Board,
    threads: usize,
    node_limit: u64,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(Entry, u64),
) -> SplitResult {
    let openings = distinct_openings(board);
    let threads = threads.max(1);
    let shared = Shared {
        next: AtomicUsize::new(0),
        finished_threads: AtomicUsize::new(0),
        won: AtomicBool::new(false),
        unknown: AtomicBool::new(false),
        stop,
        nodes: AtomicU64::new(0),
        proof: AtomicU32::new(1),
        disproof: AtomicU32::new(1),
        totals: Mutex::new((Counters::default(), (0, 0))),
    };
    let watcher = std::thread::current();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (shared, openings, watcher) = (&shared, &openings, &watcher);
                scope.spawn(move || {
                    worker(board, openings, shared, node_limit);
                    // The watcher need not wait out its nap to see the last one finish.
                    watcher.unpark();
                })
            })
            .collect();
        let mut last = Instant::now();
        while shared.finished_threads.load(Ordering::Acquire) < threads {
            std::thread::park_timeout(Duration::from_millis(20));
            if last.elapsed() >= REPORT_EVERY {
                last = Instant::now();
                let entry = Entry {
                    pn: shared.proof.load(Ordering::Relaxed),
                    dn: shared.disproof.load(Ordering::Relaxed),
                };
                on_progress(entry, shared.nodes.load(Ordering::Relaxed));
            }
        }
        drop(workers);
    });
    let (counters, pairing) = *shared.totals.lock().unwrap_or_else(|e| e.into_inner());
    let entry = if shared.won.load(Ordering::Relaxed) {
        Entry { pn: 0, dn: INF }
    } else if shared.unknown.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
        Entry { pn: 1, dn: 1 }
    } else {
        Entry { pn: INF, dn: 0 }
    };
    SplitResult {
        entry,
        counters,
        pairing,
    }
}

/// The root's moves, one per position up to symmetry (and without the dominated ones): an
/// opening that is the mirror image of another needs no proof of its own, and with a table
/// per thread a second thread would prove it again.
fn distinct_openings(board: &Board) -> Vec<usize> {
    let mut game = MakerBreaker::new(board.clone());
    let mut keys = Vec::new();
    let mut openings = Vec::new();
    for (cell, _) in game.search_moves().0 {
        game.make(cell);
        let key = game.key();
        game.unmake(cell);
        if !keys.contains(&key) {
            keys.push(key);
            openings.push(cell);
        }
    }
    openings
}

/// One thread: takes openings from the queue until it is empty or the answer is known.
fn worker(board: &Board, openings: &[usize], shared: &Shared, node_limit: u64) {
    let mut dfpn = Dfpn::new(shared.stop);
    dfpn.settled = Some(&shared.won);
    dfpn.node_limit = node_limit;
    dfpn.published = Some(&shared.nodes);
    let mut game = MakerBreaker::new(board.clone());
    loop {
        let n = shared.next.fetch_add(1, Ordering::Relaxed);
        if n >= openings.len() || shared.won.load(Ordering::Relaxed) {
            break;
        }
        let cell = openings[n];
        game.make(cell);
        let entry = dfpn.prove(&mut game, &mut |e, _| {
            shared.proof.store(e.pn, Ordering::Relaxed);
            shared.disproof.store(e.dn, Ordering::Relaxed);
        });
        game.unmake(cell);
        if entry.pn == 0 {
            shared.won.store(true, Ordering::Relaxed);
        } else if entry.dn != 0 {
            shared.unknown.store(true, Ordering::Relaxed);
        }
    }
    let mut totals = shared.totals.lock().unwrap_or_else(|e| e.into_inner());
    totals.0.nodes += dfpn.counters.nodes;
    totals.0.table_hits += dfpn.counters.table_hits;
    totals.0.zone_cuts += dfpn.counters.zone_cuts;
    totals.1.0 += game.pairing.searches;
    totals.1.1 += game.pairing.hits;
    drop(totals);
    shared.finished_threads.fetch_add(1, Ordering::Release);
}
