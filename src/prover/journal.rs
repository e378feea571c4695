//! The journal of a proof that can be stopped and resumed: the searches finished so far
//! with their results, and the file the proof is saved to.
//!
//! A proof is a fixed sequence of df-pn searches (for each attacker the Maker-Breaker
//! game, split into openings at the root, then the real game), each decided by its
//! result alone. Each search asks the journal first: a search an earlier run finished is
//! not run again, its result is taken; the search under way when the file was saved
//! starts from the saved table (a df-pn search restarted from its root with its table
//! goes on where it was: the numbers below are in the table). While a search runs, it
//! comes back to its root when the watching thread asks for a save, saves its table, and
//! goes on; when it is stopped (Ctrl+C, the time limit, the node budget) it saves and the
//! whole proof stops there.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::saved::{self, ProofStage, ResumeError, Saved, SavedHeader, SavedTable, TableToSave};
use super::search::{AndOr, Dfpn};
use super::table::Numbers;

/// What a save wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveReport {
    /// Positions of the table written.
    pub positions: u64,
    /// The file's size.
    pub bytes: u64,
    /// How long the save took.
    pub took: Duration,
    /// Whether the proof was finished (the file then gives its value at once).
    pub finished: bool,
}

/// Called after each save (or failed save), on the searching thread.
pub type OnSave<'a> = &'a (dyn Fn(Result<SaveReport, ResumeError>) + Sync);

/// The journal of one run of a proof.
pub struct Journal<'a> {
    /// The file, or `None` when nothing is saved.
    path: Option<PathBuf>,
    header: SavedHeader,
    /// The loaded table, until the search it belongs to takes it.
    table: SavedTable,
    /// Set by the watching thread when a save is due.
    pub pause: &'a AtomicBool,
    /// The proof's stop flag, set by the journal when a search stops with a file.
    pub halt: &'a AtomicBool,
    /// The nodes of this run so far (published by the searches).
    nodes: &'a AtomicU64,
    start: Instant,
    on_save: OnSave<'a>,
    /// Whether a search stopped and the state at the stop is saved.
    stopped: bool,
}

impl<'a> Journal<'a> {
    /// A journal for the proof described by `header`, resumed from `saved` (or new), and
    /// saved to `path` (or not saved).
    pub fn new(
        path: Option<PathBuf>,
        header: SavedHeader,
        saved: Option<Saved>,
        flags: (&'a AtomicBool, &'a AtomicBool, &'a AtomicU64),
        on_save: OnSave<'a>,
    ) -> Journal<'a> {
        let (header, table) = match saved {
            Some(saved) => (saved.header, saved.table),
            None => (header, SavedTable::default()),
        };
        let (pause, halt, nodes) = flags;
        Journal {
            path,
            header,
            table,
            pause,
            halt,
            nodes,
            start: Instant::now(),
            on_save,
            stopped: false,
        }
    }

    /// The result of `stage` if an earlier search finished it.
    #[must_use]
    pub fn finished(&self, stage: ProofStage) -> Option<Numbers> {
        self.header
            .finished
            .iter()
            .find(|(s, _)| *s == stage)
            .map(|&(_, entry)| entry)
    }

    /// Records the result of `stage` when it is decided.
    pub fn finish(&mut self, stage: ProofStage, entry: Numbers) {
        if (entry.pn == 0 || entry.dn == 0) && self.finished(stage).is_none() {
            self.header.finished.push((stage, entry));
        }
    }

    /// Runs `dfpn` on `game` for `stage` until it is decided or stopped: from the saved
    /// table if it is this search's, saving whenever a save is due and when it stops.
    pub fn run<G: AndOr>(
        &mut self,
        stage: ProofStage,
        dfpn: &mut Dfpn<'a>,
        game: &mut G,
        on_numbers: &mut dyn FnMut(Numbers),
    ) -> Numbers {
        if let Some(entry) = self.finished(stage) {
            return entry;
        }
        if let Some(table) = self.take_table(stage) {
            dfpn.table.load(table.entries, table.zones);
        }
        dfpn.pause = Some(self.pause);
        loop {
            let entry = dfpn.prove(game, &mut |e, _| on_numbers(e));
            if entry.pn == 0 || entry.dn == 0 {
                self.finish(stage, entry);
                return entry;
            }
            if self.pause.load(Ordering::Relaxed) && !dfpn.stopped() && !dfpn.out_of_budget() {
                self.pause.store(false, Ordering::Relaxed);
                self.save(Some((stage.table(), TableToSave::Own(dfpn))), false);
                continue;
            }
            self.stop(stage, TableToSave::Own(dfpn));
            return entry;
        }
    }

    /// The loaded table if it belongs to the search of `stage` (taken: it is loaded once).
    pub fn take_table(&mut self, stage: ProofStage) -> Option<SavedTable> {
        (self.table.stage == Some(stage.table())).then(|| std::mem::take(&mut self.table))
    }

    /// Saves the proof with `table`, the table of the search of `stage` under way.
    pub fn save_table(&mut self, stage: ProofStage, table: TableToSave) {
        self.save(Some((stage.table(), table)), false);
    }

    /// Saves the state at a stop, once, and stops the rest of the proof (with a file).
    pub fn stop(&mut self, stage: ProofStage, table: TableToSave) {
        if self.path.is_none() || self.stopped {
            return;
        }
        self.save(Some((stage.table(), table)), false);
        self.stopped = true;
        self.halt.store(true, Ordering::Relaxed);
    }

    /// Saves the end of the proof: every search finished, no table.
    pub fn close(&mut self) {
        if !self.stopped {
            self.save(None, true);
        }
    }

    fn save(&mut self, table: Option<(ProofStage, TableToSave)>, finished: bool) {
        let Some(path) = &self.path else {
            return;
        };
        let started = Instant::now();
        let header = SavedHeader {
            nodes: self.header.nodes + self.nodes.load(Ordering::Relaxed),
            seconds: self.header.seconds + self.start.elapsed().as_secs_f64(),
            ..self.header.clone()
        };
        let written = saved::write(path, &header, table).map(|w| SaveReport {
            positions: w.positions,
            bytes: w.bytes,
            took: started.elapsed(),
            finished,
        });
        (self.on_save)(written);
    }
}
