//! The Maker-Breaker search with the attacker's first moves shared out: each move class
//! of the root is an opening of its own, taken from a common queue by one of the threads,
//! all of them with one table ([`SharedTable`]): what one thread proves, the others find.
//! A thread that finds the queue empty joins the opening still searched by the fewest
//! threads, where the marks of the shared table steer it to other children than the
//! threads already there. The attacker wins when one opening wins (the others are then
//! stopped); it cannot win when no opening does. On one thread the openings are searched
//! in turn, each a search the journal of a resumable proof keeps ([`in_turn`]).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use super::ProverRun;
use super::journal::Journal;
use super::maker_breaker::MakerBreaker;
use super::prover_board::ProverBoard;
use super::saved::{ProofStage, TableToSave};
use super::search::{AndOr, Counters, Dfpn};
use super::shared_table::SharedTable;
use super::table::{INF, Numbers};
use crate::rules::Side;

/// What the split search found, with its counters summed over the threads.
pub struct SplitResult {
    pub entry: Numbers,
    pub counters: Counters,
    pub pairing: (u64, u64),
}

/// One opening as the threads share it.
#[derive(Default)]
struct SharedOpening {
    /// Decided (by whichever thread searched it to the end).
    done: AtomicBool,
    /// Threads searching it now.
    threads: AtomicUsize,
}

/// Shared state of the threads: the table, the next opening to take, the openings under
/// way, the results, and where the nodes and the latest opening's numbers are published.
struct SharedWork<'a> {
    table: &'a SharedTable,
    next: AtomicUsize,
    openings: Vec<SharedOpening>,
    won: AtomicBool,
    unknown: AtomicBool,
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    on_numbers: &'a (dyn Fn(Numbers) + Sync),
    totals: Mutex<(Counters, (u64, u64))>,
}

impl SharedWork<'_> {
    /// The next opening for a thread: the queue's next, else the undecided one with the
    /// fewest threads in it; none when all are decided or taken to their end.
    fn take(&self) -> Option<usize> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        if n < self.openings.len() {
            return Some(n);
        }
        self.openings
            .iter()
            .enumerate()
            .filter(|(_, o)| !o.done.load(Ordering::Relaxed))
            .filter(|(_, o)| o.threads.load(Ordering::Relaxed) > 0)
            .min_by_key(|(_, o)| o.threads.load(Ordering::Relaxed))
            .map(|(n, _)| n)
    }
}

/// A split proof that is saved: its attacker (whose searches the journal names) and the
/// journal, locked by the thread that records an opening's result or saves.
pub type KeptJournal<'k, 'j, 'a> = (Side, &'k Mutex<&'j mut Journal<'a>>);

/// Where the threads tell how far they are: the stop flag, the node count, and the latest
/// opening's root numbers.
pub type Watching<'w> = (&'w AtomicBool, &'w AtomicU64, &'w (dyn Fn(Numbers) + Sync));

/// Proves the Maker-Breaker position on `board`, attacker to move, over `threads` threads
/// sharing `table` (each thread with a budget of `node_limit` nodes, 0 for none), telling
/// `watching` as they go. With `kept`, the openings its journal has finished are not searched
/// again, each opening decided is recorded there, and a save asked for (the journal's pause
/// flag) is made by the first thread back at its opening's root while the others go on.
pub fn prove_split(
    board: &ProverBoard,
    threads: usize,
    (table, node_limit): (&SharedTable, u64),
    watching: Watching,
    kept: Option<KeptJournal>,
) -> SplitResult {
    let (stop, nodes, on_numbers) = watching;
    let mut openings = distinct_openings(board);
    if let Some((side, journal)) = kept {
        let journal = journal.lock().unwrap_or_else(|e| e.into_inner());
        let finished = |&cell: &usize| journal.finished(opening_stage(side, cell));
        if openings.iter().filter_map(finished).any(|e| e.pn == 0) {
            return SplitResult {
                entry: Numbers { pn: 0, dn: INF },
                counters: Counters::default(),
                pairing: (0, 0),
            };
        }
        openings.retain(|cell| finished(cell).is_none());
    }
    let threads = threads.max(1);
    let shared = SharedWork {
        table,
        next: AtomicUsize::new(0),
        openings: openings.iter().map(|_| SharedOpening::default()).collect(),
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
            scope.spawn(move || worker(board, openings, shared, node_limit, kept));
        }
    });
    let (counters, pairing) = *shared.totals.lock().unwrap_or_else(|e| e.into_inner());
    let entry = if shared.won.load(Ordering::Relaxed) {
        Numbers { pn: 0, dn: INF }
    } else if shared.unknown.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
        Numbers { pn: 1, dn: 1 }
    } else {
        Numbers { pn: INF, dn: 0 }
    };
    SplitResult {
        entry,
        counters,
        pairing,
    }
}

/// The search of the opening `cell` of `attacker`'s Maker-Breaker game, as the journal
/// names it.
fn opening_stage(attacker: Side, cell: usize) -> ProofStage {
    ProofStage {
        opening: u16::try_from(cell).ok(),
        ..ProofStage::whole(attacker, false)
    }
}

/// The same search on one thread: the openings in turn on one table, each a search of
/// the journal's (a resumed proof takes the results of the openings already searched).
pub(super) fn in_turn(board: &ProverBoard, side: Side, run: &mut ProverRun) -> Numbers {
    let mut dfpn = run.dfpn();
    let mut game = MakerBreaker::new(board.clone());
    let watch = run.watch;
    let mut on_numbers = |e| watch.numbers(side, true, e);
    let mut result = Numbers { pn: INF, dn: 0 };
    for cell in distinct_openings(board) {
        let stage = opening_stage(side, cell);
        game.make(cell);
        let entry = run
            .journal
            .run(stage, &mut dfpn, &mut game, &mut on_numbers);
        game.unmake(cell);
        if entry.pn == 0 {
            result = Numbers { pn: 0, dn: INF };
            break;
        }
        if entry.dn != 0 {
            result = Numbers { pn: 1, dn: 1 };
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
pub(super) fn distinct_openings(board: &ProverBoard) -> Vec<usize> {
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

/// One thread: takes openings from the queue, then joins those under way, until every
/// opening is decided or the answer is known.
fn worker(
    board: &ProverBoard,
    openings: &[usize],
    shared: &SharedWork,
    node_limit: u64,
    kept: Option<KeptJournal>,
) {
    let mut dfpn = Dfpn::new(shared.stop);
    dfpn.settled = Some(&shared.won);
    dfpn.node_limit = node_limit;
    dfpn.published = Some(shared.nodes);
    dfpn.shared = Some(shared.table);
    let journal = kept.map(|(side, journal)| {
        let pause = journal.lock().unwrap_or_else(|e| e.into_inner()).pause;
        dfpn.pause = Some(pause);
        (side, journal, pause)
    });
    let mut game = MakerBreaker::new(board.clone());
    while !shared.won.load(Ordering::Relaxed) && !dfpn.stopped() && !dfpn.out_of_budget() {
        let Some(n) = shared.take() else {
            break;
        };
        let (cell, opening) = (openings[n], &shared.openings[n]);
        opening.threads.fetch_add(1, Ordering::Relaxed);
        dfpn.finished = Some(&opening.done);
        game.make(cell);
        let entry = loop {
            let entry = dfpn.prove(&mut game, &mut |e, _| (shared.on_numbers)(e));
            let decided = entry.pn == 0 || entry.dn == 0 || opening.done.load(Ordering::Relaxed);
            let stopped =
                shared.won.load(Ordering::Relaxed) || dfpn.stopped() || dfpn.out_of_budget();
            let Some((side, journal, pause)) = journal.filter(|_| !decided && !stopped) else {
                break entry;
            };
            // Back at the root for a save: the first thread back saves, and every thread
            // goes on from the table.
            if pause.swap(false, Ordering::Relaxed) {
                let mut journal = journal.lock().unwrap_or_else(|e| e.into_inner());
                journal.save_table(
                    ProofStage::whole(side, false),
                    TableToSave::Shared(shared.table),
                );
            }
        };
        game.unmake(cell);
        opening.threads.fetch_sub(1, Ordering::Relaxed);
        if entry.pn == 0 {
            shared.won.store(true, Ordering::Relaxed);
        }
        if entry.pn == 0 || entry.dn == 0 {
            opening.done.store(true, Ordering::Relaxed);
            if let Some((side, journal, _)) = journal {
                let mut journal = journal.lock().unwrap_or_else(|e| e.into_inner());
                journal.finish(opening_stage(side, cell), entry);
            }
        } else if !opening.done.load(Ordering::Relaxed) && !shared.won.load(Ordering::Relaxed) {
            // Stopped (the flag or the node budget) before this opening was decided; a
            // proof that is saved stops on every thread when one runs out of nodes.
            shared.unknown.store(true, Ordering::Relaxed);
            if journal.is_some() && dfpn.out_of_budget() {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
    }
    let mut totals = shared.totals.lock().unwrap_or_else(|e| e.into_inner());
    totals.0.nodes += dfpn.counters.nodes;
    totals.0.table_hits += dfpn.counters.table_hits;
    totals.0.zone_cuts += dfpn.counters.zone_cuts;
    totals.1.0 += game.pairing.searches;
    totals.1.1 += game.pairing.hits;
}
