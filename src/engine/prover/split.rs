//! The Maker-Breaker search with the attacker's first moves shared out: each move class
//! of the root is an opening of its own, taken from a common queue by one of the threads,
//! each with its own table. The attacker wins when one opening wins (the others are then
//! stopped); it cannot win when no opening does. On one thread the openings are searched
//! in turn, each a search the journal of a resumable proof keeps ([`in_turn`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::Run;
use super::board::Board;
use super::checkpoint::Stage;
use super::dfpn::{AndOr, Counters, Dfpn, Entry, INF};
use super::maker_breaker::MakerBreaker;
use crate::rules::Side;

/// What the split search found, with its counters summed over the threads.
pub struct SplitResult {
    pub entry: Entry,
    pub counters: Counters,
    pub pairing: (u64, u64),
}

/// Shared state of the threads: the next opening to take, the results, and where the
/// nodes and the latest opening's numbers are published.
struct Shared<'a> {
    next: AtomicUsize,
    won: AtomicBool,
    unknown: AtomicBool,
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    on_numbers: &'a (dyn Fn(Entry) + Sync),
    totals: Mutex<(Counters, (u64, u64))>,
}

/// Proves the Maker-Breaker position on `board`, attacker to move, over `threads` threads,
/// adding the nodes searched to `nodes` and giving the latest opening's root numbers to
/// `on_numbers` as the threads go.
pub fn prove_split(
    board: &Board,
    threads: usize,
    node_limit: u64,
    stop: &AtomicBool,
    nodes: &AtomicU64,
    on_numbers: &(dyn Fn(Entry) + Sync),
) -> SplitResult {
    let openings = distinct_openings(board);
    let threads = threads.max(1);
    let shared = Shared {
        next: AtomicUsize::new(0),
        won: AtomicBool::new(false),
        unknown: AtomicBool::new(false),
        stop,
        nodes,
        on_numbers,
        totals: Mutex::new((Counters::default(), (0, 0))),
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (shared, openings) = (&shared, &openings);
            scope.spawn(move || worker(board, openings, shared, node_limit));
        }
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

/// The same search on one thread: the openings in turn on one table, each a search of
/// the journal's (a resumed proof takes the results of the openings already searched).
pub(super) fn in_turn(board: &Board, side: Side, run: &mut Run) -> Entry {
    let mut dfpn = run.dfpn();
    let mut game = MakerBreaker::new(board.clone());
    let watch = run.watch;
    let mut on_numbers = |e| watch.numbers(side, true, e);
    let mut result = Entry { pn: INF, dn: 0 };
    for cell in distinct_openings(board) {
        let stage = Stage {
            opening: u16::try_from(cell).ok(),
            ..Stage::whole(side, false)
        };
        game.make(cell);
        let entry = run
            .journal
            .run(stage, &mut dfpn, &mut game, &mut on_numbers);
        game.unmake(cell);
        if entry.pn == 0 {
            result = Entry { pn: 0, dn: INF };
            break;
        }
        if entry.dn != 0 {
            result = Entry { pn: 1, dn: 1 };
            break;
        }
    }
    run.stats
        .add(&dfpn.counters, (game.pairing.searches, game.pairing.hits));
    result
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
    dfpn.published = Some(shared.nodes);
    let mut game = MakerBreaker::new(board.clone());
    loop {
        let n = shared.next.fetch_add(1, Ordering::Relaxed);
        if n >= openings.len() || shared.won.load(Ordering::Relaxed) {
            break;
        }
        let cell = openings[n];
        game.make(cell);
        let entry = dfpn.prove(&mut game, &mut |e, _| (shared.on_numbers)(e));
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
}
