//! The prover: proves the value of an m,n,k position where the alpha-beta search cannot
//! reach the end, with proof-number search instead of a fixed-depth tree.
//!
//! A side cannot win when it cannot even win the Maker-Breaker game (make K in a row while
//! the other side only blocks): that search, with pairing strategies and the
//! Erdős–Selfridge potential as cuts, proves draws. A side that can win the Maker-Breaker
//! game is then searched in the real game, threats first, to prove the win. On the empty
//! board under the usual rule, strategy stealing shows the second player cannot win, so
//! only the first player is searched. Boards of up to 128 cells.
//!
//! Under exactly-K rules the Maker-Breaker argument still proves that a side cannot win,
//! but the search for wins assumes that extra stones never hurt, which overlines break:
//! there a win is left open ([`Verdict::Unknown`]) and said so.
//!
//! A long proof can be saved to a file as it runs and resumed from it in a later run
//! ([`prove_resumable`]), and a draw written down as a certificate that the separate
//! checker ([`crate::verify`]) reads without trusting the prover ([`certify`]).
//!
//! From the bottom up: `prover_board` (the prover's board: cells as bit masks, the lines,
//! symmetric hashes) and `reading` (every line read at once); `table` (what a table keeps of
//! a position, and a searcher's own table) and `shared_table` (the table the threads share);
//! `pairing` (the pairing search); `search` (depth-first proof-number search over any
//! AND/OR game); `maker_breaker` and `ordinary` (the two games it searches);
//! `saved` (the file a proof is saved to) and `journal` (what a resumable proof keeps);
//! `split` (the Maker-Breaker search shared out over threads); `standing` (where a saved
//! proof stands, read from its file); `certify` (writing a certificate). This file runs a
//! proof: both sides' searches, a watching thread, the saves.

pub mod certify;
mod journal;
mod maker_breaker;
mod ordinary;
mod pairing;
mod prover_board;
mod reading;
mod saved;
mod search;
mod shared_table;
mod split;
mod standing;
mod table;

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::rules::{Position, Side};

pub use journal::{OnSave, SaveReport};
pub use prover_board::MAX_CELLS;
pub use saved::ResumeError;
pub use standing::{
    Finished, LINE_DEPTH, LineStep, ProofStanding, SplitOpening, UnderWay, standing,
};
pub use table::INF;

// For the learners' lab, which shows a pairing strategy and a winning line with the prover's
// own board and searches.
pub(crate) use maker_breaker::MakerBreaker;
pub(crate) use ordinary::Ordinary;
pub(crate) use pairing::PairingSearch;
pub(crate) use prover_board::{Mask, ProverBoard, cells_of};
pub(crate) use search::{AndOr, Dfpn};

use journal::Journal;
use saved::{ProofStage, Saved, SavedHeader, TableToSave};
use search::Counters;
use shared_table::SharedTable;
use table::Numbers;

/// The proved value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    Win,
    Loss,
    Draw,
    /// Not proved: stopped, out of budget, or (exactly-K) a question the prover leaves open.
    Unknown,
}

impl Verdict {
    /// `"win"`, `"loss"`, `"draw"` or `"unknown"`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Loss => "loss",
            Verdict::Draw => "draw",
            Verdict::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Counters of one proof.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct ProverStats {
    /// Positions evaluated or expanded.
    pub nodes: u64,
    /// Positions found in the transposition table.
    pub table_hits: u64,
    /// Pairing searches run.
    pub pairing_searches: u64,
    /// Pairings found among the last few found (the pairing search's small cache).
    pub pairing_hits: u64,
    /// Attacker moves dropped by relevance zones.
    pub zone_cuts: u64,
    pub elapsed: Duration,
}

impl ProverStats {
    fn add(&mut self, counters: &Counters, pairing: (u64, u64)) {
        self.nodes += counters.nodes;
        self.table_hits += counters.table_hits;
        self.zone_cuts += counters.zone_cuts;
        self.pairing_searches += pairing.0;
        self.pairing_hits += pairing.1;
    }
}

/// What the prover reports while it works.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The side whose win is being searched for.
    pub attacker: Side,
    /// Whether this is the Maker-Breaker search (else the real game's).
    pub maker_breaker: bool,
    /// Whether the search is done and its certificate is being written (`certify`).
    pub writing: bool,
    /// The root's proof and disproof numbers.
    pub proof: u32,
    pub disproof: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Limits and options of a proof.
#[derive(Clone, Debug, Default)]
pub struct ProverConfig {
    /// Stop each search after this many nodes (`None`: no limit).
    pub node_limit: Option<u64>,
    /// Threads for the Maker-Breaker search (the attacker's first moves shared out); 0 or
    /// 1 for one.
    pub threads: usize,
    /// Stop after this long (`None`: no limit); the verdict is then `Unknown`.
    pub time: Option<Duration>,
    /// The most positions the table keeps (`None`: [`table::TABLE_LIMIT`]); past it the table
    /// is thinned.
    pub table_limit: Option<usize>,
}

impl ProverConfig {
    /// The most positions the table keeps.
    #[must_use]
    pub fn table_limit(&self) -> usize {
        self.table_limit.unwrap_or(table::TABLE_LIMIT)
    }
}

/// How often [`prove`] reports progress.
const REPORT_EVERY: Duration = Duration::from_secs(1);

/// Why the prover cannot take a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProverError {
    #[error("the prover handles boards of at most {MAX_CELLS} cells, this one has {0}")]
    TooLarge(usize),
}

/// The answer of a proof.
#[derive(Clone, Debug)]
pub struct Proof {
    pub verdict: Verdict,
    pub stats: ProverStats,
    /// Why the verdict is what it is, when that needs saying (exactly-K wins left open).
    pub note: Option<&'static str>,
    /// Whether the search was stopped (the caller's flag or the time limit) before it
    /// finished; the verdict is then `Unknown`.
    pub stopped: bool,
}

/// What the searching thread publishes for the watching one: the latest root numbers, the
/// nodes so far, and which search it is.
#[derive(Default)]
struct Watch {
    nodes: AtomicU64,
    proof: AtomicU32,
    disproof: AtomicU32,
    attacker_o: AtomicBool,
    real_game: AtomicBool,
    done: AtomicBool,
}

impl Watch {
    /// Publishes the root numbers of the search for `attacker`.
    fn numbers(&self, attacker: Side, maker_breaker: bool, entry: Numbers) {
        self.attacker_o
            .store(attacker == Side::O, Ordering::Relaxed);
        self.real_game.store(!maker_breaker, Ordering::Relaxed);
        self.proof.store(entry.pn, Ordering::Relaxed);
        self.disproof.store(entry.dn, Ordering::Relaxed);
    }

    fn progress(&self, start: Instant) -> Progress {
        Progress {
            attacker: if self.attacker_o.load(Ordering::Relaxed) {
                Side::O
            } else {
                Side::X
            },
            maker_breaker: !self.real_game.load(Ordering::Relaxed),
            writing: false,
            proof: self.proof.load(Ordering::Relaxed),
            disproof: self.disproof.load(Ordering::Relaxed),
            nodes: self.nodes.load(Ordering::Relaxed),
            elapsed: start.elapsed(),
        }
    }
}

/// What one side's search found.
enum SideResult {
    Wins,
    CannotWin,
    Unknown,
}

/// A proof resumed from a file and saved to it as it runs (see [`prove_resumable`]).
pub struct Resume {
    path: PathBuf,
    every: Duration,
    saved: Option<Saved>,
}

impl Resume {
    /// Reads the proof of `position` saved at `path` (a new proof when there is no file
    /// there), to be saved there again every `every`. A file that is not a saved proof, is
    /// damaged, of another format version or of another rule or position is refused.
    pub fn open(path: &Path, every: Duration, position: &Position) -> Result<Resume, ResumeError> {
        let saved = saved::read(path)?;
        if let Some(saved) = &saved {
            let wanted = header_of(position);
            let shown = || path.display().to_string();
            if saved.header.rule != wanted.rule || saved.header.position != wanted.position {
                return Err(ResumeError::OtherProof {
                    path: shown(),
                    rule: saved.header.rule.clone(),
                    position: saved.header.position.clone(),
                    wanted_rule: wanted.rule,
                    wanted_position: wanted.position,
                });
            }
            if saved.header.key_check != wanted.key_check {
                return Err(ResumeError::OtherKeys { path: shown() });
            }
        }
        Ok(Resume {
            path: path.to_path_buf(),
            every,
            saved,
        })
    }

    /// Whether there was no file: the proof starts afresh.
    #[must_use]
    pub fn is_new(&self) -> bool {
        self.saved.is_none()
    }

    /// Positions of the saved table.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.saved.as_ref().map_or(0, |s| s.table.entries.len())
    }

    /// Searches (openings and whole searches) the earlier runs finished.
    #[must_use]
    pub fn finished_searches(&self) -> usize {
        self.saved.as_ref().map_or(0, |s| s.header.finished.len())
    }

    /// Nodes and seconds of the earlier runs together.
    #[must_use]
    pub fn earlier(&self) -> (u64, f64) {
        self.saved
            .as_ref()
            .map_or((0, 0.0), |s| (s.header.nodes, s.header.seconds))
    }
}

/// What a saved proof of `position` must say it is of, with no work yet.
fn header_of(position: &Position) -> SavedHeader {
    let key_check = ProverBoard::new(position, position.side_to_move()).map_or(0, |board| {
        MakerBreaker::new(board.clone()).key() ^ Ordinary::new(board).key().rotate_left(17)
    });
    SavedHeader {
        rule: position.rule().to_string(),
        position: position.to_notation(),
        key_check,
        nodes: 0,
        seconds: 0.0,
        finished: Vec::new(),
    }
}

/// Proves the value of `position` for the side to move. The search runs on a thread of
/// its own; the calling thread watches it: it calls `on_progress` about once a second and
/// stops the search when `stop` is set or `config.time` has passed.
pub fn prove(
    position: &Position,
    config: &ProverConfig,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
) -> Result<Proof, ProverError> {
    prove_resumable(position, config, None, stop, on_progress, &|_| {})
}

/// [`prove`], resumed from the file of `resume` when it holds a saved proof and saved to
/// it every `every` of `resume`, when the search stops (the flag, the time limit, the node
/// budget: the proof stops there) and when it ends; `on_save` hears of each save on the
/// searching thread. A resumed proof needs one thread.
pub fn prove_resumable(
    position: &Position,
    config: &ProverConfig,
    resume: Option<Resume>,
    stop: &AtomicBool,
    on_progress: &mut dyn FnMut(&Progress),
    on_save: OnSave,
) -> Result<Proof, ProverError> {
    let start = Instant::now();
    let cells = position.rule().cells();
    if cells > MAX_CELLS {
        return Err(ProverError::TooLarge(cells));
    }
    let every = resume.as_ref().map(|r| r.every);
    let (path, saved) = resume.map_or((None, None), |r| (Some(r.path), r.saved));
    let (halt, pause) = (AtomicBool::new(false), AtomicBool::new(false));
    let watch = Watch::default();
    let watcher = std::thread::current();
    let (verdict, mut stats, note) = std::thread::scope(|scope| {
        let (halt, pause, watch, watcher) = (&halt, &pause, &watch, &watcher);
        let search = scope.spawn(move || {
            let _done = Done(watch, watcher);
            let flags = (pause, halt, &watch.nodes);
            let journal = Journal::new(path, header_of(position), saved, flags, on_save);
            run_proof(position, config, journal, watch)
        });
        let timers = (config.time, every);
        oversee(watch, (halt, pause), stop, timers, start, on_progress);
        search
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    stats.elapsed = start.elapsed();
    Ok(Proof {
        verdict,
        stats,
        note,
        stopped: verdict == Verdict::Unknown && halt.load(Ordering::Relaxed),
    })
}

/// Tells the watching thread that the search is over when dropped: also when the search
/// panics (in the caller's `on_save`, say), whose panic then reaches the caller instead of
/// leaving the watching thread waiting for a search that is gone.
struct Done<'a>(&'a Watch, &'a std::thread::Thread);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Release);
        self.1.unpark();
    }
}

/// The watching thread until the search is done: progress about once a second, the stop
/// (the caller's flag or the time limit, the first of `timers`) and a save every second
/// of `timers`, passed on through `flags` (halt, pause).
fn oversee(
    watch: &Watch,
    flags: (&AtomicBool, &AtomicBool),
    stop: &AtomicBool,
    timers: (Option<Duration>, Option<Duration>),
    start: Instant,
    on_progress: &mut dyn FnMut(&Progress),
) {
    let (halt, pause) = flags;
    let (time, every) = timers;
    let mut last = Instant::now();
    let mut saved = Instant::now();
    while !watch.done.load(Ordering::Acquire) {
        std::thread::park_timeout(Duration::from_millis(20));
        if stop.load(Ordering::Relaxed) || time.is_some_and(|t| start.elapsed() >= t) {
            halt.store(true, Ordering::Relaxed);
        }
        if every.is_some_and(|every| saved.elapsed() >= every) {
            saved = Instant::now();
            pause.store(true, Ordering::Relaxed);
        }
        if last.elapsed() >= REPORT_EVERY {
            last = Instant::now();
            on_progress(&watch.progress(start));
        }
    }
}

/// What the searching thread works with.
struct ProverRun<'a> {
    config: &'a ProverConfig,
    watch: &'a Watch,
    journal: Journal<'a>,
    stats: ProverStats,
    note: Option<&'static str>,
}

impl<'a> ProverRun<'a> {
    /// A searcher with the proof's stop flag, node budget and published node count.
    fn dfpn(&self) -> Dfpn<'a> {
        let mut dfpn = Dfpn::new(self.journal.halt);
        dfpn.node_limit = self.config.node_limit.unwrap_or(0);
        dfpn.table.limit = self.config.table_limit();
        dfpn.published = Some(&self.watch.nodes);
        dfpn
    }
}

/// The proof itself, on the searching thread: the side to move first, then (unless
/// strategy stealing settles it) the other side.
fn run_proof<'a>(
    position: &Position,
    config: &'a ProverConfig,
    journal: Journal<'a>,
    watch: &'a Watch,
) -> (Verdict, ProverStats, Option<&'static str>) {
    let mut run = ProverRun {
        config,
        watch,
        journal,
        stats: ProverStats::default(),
        note: None,
    };
    let mover = position.side_to_move();
    let verdict = if position.winner().is_some() {
        Verdict::Loss
    } else if position.is_over() {
        Verdict::Draw
    } else {
        match side_wins(position, mover, &mut run) {
            SideResult::Wins => Verdict::Win,
            first => {
                let stealing = position.stones() == 0 && !position.rule().exact();
                let second = if stealing {
                    SideResult::CannotWin
                } else {
                    side_wins(position, mover.other(), &mut run)
                };
                match (first, second) {
                    (_, SideResult::Wins) => Verdict::Loss,
                    (SideResult::CannotWin, SideResult::CannotWin) => Verdict::Draw,
                    _ => Verdict::Unknown,
                }
            }
        }
    };
    run.journal.close();
    (verdict, run.stats, run.note)
}

/// Whether `side` can force K in a row from `position`: the Maker-Breaker search first,
/// then the real game's if the attacker wins that.
fn side_wins(position: &Position, side: Side, run: &mut ProverRun) -> SideResult {
    let Some(board) = ProverBoard::new(position, side) else {
        return SideResult::Unknown;
    };
    let entry = maker_breaker(&board, side, run);
    if entry.dn == 0 {
        return SideResult::CannotWin;
    }
    if entry.pn != 0 {
        return SideResult::Unknown;
    }
    if position.rule().exact() {
        run.note =
            Some("under exactly-K rules the prover only proves draws; a possible win is left open");
        return SideResult::Unknown;
    }
    let mut dfpn = run.dfpn();
    let mut game = Ordinary::new(board);
    let watch = run.watch;
    let stage = ProofStage::whole(side, true);
    let mut on_numbers = |e| watch.numbers(side, false, e);
    let entry = run
        .journal
        .run(stage, &mut dfpn, &mut game, &mut on_numbers);
    run.stats
        .add(&dfpn.counters, (game.pairing.searches, game.pairing.hits));
    match (entry.pn, entry.dn) {
        (0, _) => SideResult::Wins,
        (_, 0) => SideResult::CannotWin,
        _ => SideResult::Unknown,
    }
}

/// The Maker-Breaker search for the attacker of `board`: split over the threads at the
/// root when the attacker moves there and the root is not decided at once (on one thread,
/// the openings in turn).
fn maker_breaker(board: &ProverBoard, side: Side, run: &mut ProverRun) -> Numbers {
    let whole = ProofStage::whole(side, false);
    if let Some(entry) = run.journal.finished(whole) {
        return entry;
    }
    let watch = run.watch;
    let mut dfpn = run.dfpn();
    let mut game = MakerBreaker::new(board.clone());
    let root = dfpn.numbers(&mut game);
    watch.numbers(side, true, root);
    if root.pn == 0 || root.dn == 0 || !board.attacker_to_move {
        let mut on_numbers = |e| watch.numbers(side, true, e);
        let entry = run
            .journal
            .run(whole, &mut dfpn, &mut game, &mut on_numbers);
        run.stats
            .add(&dfpn.counters, (game.pairing.searches, game.pairing.hits));
        return entry;
    }
    run.stats
        .add(&dfpn.counters, (game.pairing.searches, game.pairing.hits));
    let entry = if run.config.threads <= 1 {
        split::in_turn(board, side, run)
    } else {
        // The threads share one table, loaded from the file of a resumed proof.
        let table = SharedTable::new(run.config.table_limit());
        if let Some(saved) = run.journal.take_table(whole) {
            table.load(saved.entries, saved.zones);
        }
        let on_numbers = |entry: Numbers| watch.numbers(side, true, entry);
        let limit = run.config.node_limit.unwrap_or(0);
        let watching = (run.journal.halt, &watch.nodes, &on_numbers as _);
        let journal = Mutex::new(&mut run.journal);
        let threads = run.config.threads;
        let found = split::prove_split(
            board,
            threads,
            (&table, limit),
            watching,
            Some((side, &journal)),
        );
        let journal = journal.into_inner().unwrap_or_else(|e| e.into_inner());
        if found.entry.pn != 0 && found.entry.dn != 0 {
            journal.stop(whole, TableToSave::Shared(&table));
        }
        run.stats.add(&found.counters, found.pairing);
        found.entry
    };
    run.journal.finish(whole, entry);
    entry
}
