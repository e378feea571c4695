//! The driver: the one way every front end (the window, `tictactoe play`, the Gomocup
//! protocol) gets searches done off its own thread. It owns long-lived worker threads, one
//! per [`Lane`], each with an engine whose transposition table lives from job to job
//! (rebuilt only when the board changes), so a front end never builds an engine per move.
//!
//! A front end hands the driver a [`Job`] and gets back a [`Ticket`]: the job's own stream
//! of updates. The ticket is read without blocking from a window's frame
//! ([`Ticket::try_next`]), or by waiting from a terminal or a network thread
//! (as an iterator, or [`Ticket::next_timeout`]). Dropping the ticket stops the job, and a
//! new job on the same lane stops the one running there: either way nothing more of it is
//! handed out, so a late answer after undo, new game or new settings is never played. A
//! front end that follows a position holds its request as a [`Pending`], beside the key of
//! the position asked for, which forgets itself (and so stops its job) once that position is
//! gone. A worker that panics is reported through the job's failure update and its engine
//! rebuilt for the next job.
//!
//! The driver is generic over the job. The game's jobs (the computer's move, hints, move
//! values, an engine from outside's move) are in [`task`], with the computer's move policy
//! in [`policy`], its part of a swap opening in [`swap`], and the engine from outside, kept
//! by its worker between moves, in [`external`]; the learners'
//! lab defines its own jobs beside them, in its own module, and runs them on lanes of its
//! own, so they never stop the computer's move or the move values. A driver is a handle:
//! its clones share the workers, so one window runs one driver for all its searches.

mod external;
mod job;
mod pending;
mod policy;
mod swap;
mod task;
mod ticket;
mod worker;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use crate::engine::{DEFAULT_MEGABYTES, uses_gomoku_engine};
use crate::rules::Rule;

pub use external::{EngineFault, EngineTurn};
pub use job::{Job, Lane, Outbox, Worker};
pub use pending::Pending;
pub use policy::{Answer, Chooser, MovePolicy};
pub use swap::{NODES_PER_JUDGEMENT, SwapAnswer, SwapRequest};
pub use task::{ENGINES, MOVES, Task, TaskEvent, TaskRequest, VALUES};
pub use ticket::{Ticket, TimedOut};
pub use worker::{HoldsEngine, Release};

use worker::Order;

/// How the driver's engines are set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DriverConfig {
    /// Each engine's transposition table, in megabytes (smaller on boards with fewer
    /// positions).
    pub tt_megabytes: usize,
    /// Search threads per search (Lazy SMP) on five-in-a-row boards of over 25 cells, where
    /// depth is what strength is made of. Every other board searches with one thread, so its
    /// exact results come out the same move for move every time.
    pub threads: usize,
}

impl Default for DriverConfig {
    fn default() -> DriverConfig {
        DriverConfig {
            tt_megabytes: DEFAULT_MEGABYTES,
            threads: all_cores(),
        }
    }
}

impl DriverConfig {
    /// The search threads of an engine for `rule`: [`DriverConfig::threads`] on five in a
    /// row over 25 cells, one elsewhere.
    #[must_use]
    pub fn threads_for(&self, rule: &Rule) -> usize {
        if uses_gomoku_engine(rule) {
            self.threads.max(1)
        } else {
            1
        }
    }
}

/// The cores of this machine (1 when that cannot be known).
#[must_use]
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The driver: long-lived workers that run jobs on request. Cloning it gives another
/// handle on the same workers; they stop when the last handle is dropped.
#[derive(Clone)]
pub struct Driver {
    pool: Arc<Mutex<Pool>>,
}

impl Driver {
    /// A driver whose workers call `wake` after every update they send that the job says
    /// wakes (a window passes its repaint request, and the game's jobs do not wake it for
    /// iterations; a terminal front end passes nothing and waits on its tickets).
    pub fn new(config: DriverConfig, wake: impl Fn() + Send + Sync + 'static) -> Driver {
        let pool = Pool {
            config,
            stations: Vec::new(),
            wake: Arc::new(wake),
            fail_next: Arc::new(AtomicBool::new(false)),
        };
        Driver {
            pool: Arc::new(Mutex::new(pool)),
        }
    }

    /// Starts `job` on its lane, stopping the job running there before. The ticket hands
    /// out the job's updates; dropping it stops the job.
    pub fn request<J: Job>(&self, job: J) -> Ticket<J::Update> {
        // The pool's state stays whole even if a holder of the lock panicked: every change
        // to it is a single assignment.
        let mut pool = self.pool.lock().unwrap_or_else(PoisonError::into_inner);
        pool.request(job)
    }

    /// Makes the next job to run panic, to exercise the failure path (tests).
    #[doc(hidden)]
    pub fn fail_next_request(&self) {
        let pool = self.pool.lock().unwrap_or_else(PoisonError::into_inner);
        pool.fail_next.store(true, Ordering::Relaxed);
    }
}

/// The workers behind every handle of one driver.
struct Pool {
    config: DriverConfig,
    stations: Vec<Station>,
    wake: Arc<dyn Fn() + Send + Sync>,
    /// Set to make the next job panic (tests of the failure path).
    fail_next: Arc<AtomicBool>,
}

/// One lane's worker thread, and the stop flag of the latest job sent to it.
struct Station {
    lane: Lane,
    orders: Sender<Order>,
    current: Option<Arc<AtomicBool>>,
    thread: JoinHandle<()>,
}

impl Pool {
    fn request<J: Job>(&mut self, job: J) -> Ticket<J::Update> {
        let lane = job.lane();
        let (sender, updates) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let ticket = Ticket::new(updates, stop.clone(), J::is_final);
        let out = Outbox::new(sender, stop.clone(), self.wake.clone(), J::wakes);
        // Kept to say why, should the job never reach its worker.
        let report = out.clone();
        let errand = worker::errand(job, out, self.fail_next.clone());
        if let Err(message) = self.send(lane, Order { stop, errand }) {
            report.send(J::failed(message));
        }
        ticket
    }

    /// Sends `order` to the worker of `lane`, stopping the job it was running.
    fn send(&mut self, lane: Lane, order: Order) -> Result<(), String> {
        let station = self.station(lane)?;
        if let Some(previous) = station.current.replace(order.stop.clone()) {
            previous.store(true, Ordering::Relaxed);
        }
        if station.orders.send(order).is_err() {
            // The worker is gone: start a fresh one next time.
            self.stations.retain(|s| s.lane != lane);
            return Err("the search thread has stopped working; try again".to_string());
        }
        Ok(())
    }

    /// The worker of `lane`, started if it is not running.
    fn station(&mut self, lane: Lane) -> Result<&mut Station, String> {
        let found = self.stations.iter().position(|s| s.lane == lane);
        let index = match found {
            Some(index) => index,
            None => {
                let (orders, inbox) = mpsc::channel();
                let config = lane.engine().unwrap_or(self.config);
                let thread = worker::spawn(lane.name(), config, inbox)
                    .map_err(|e| format!("could not start a search thread: {e}"))?;
                self.stations.push(Station {
                    lane,
                    orders,
                    current: None,
                    thread,
                });
                self.stations.len() - 1
            }
        };
        Ok(&mut self.stations[index])
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for station in self.stations.drain(..) {
            if let Some(stop) = &station.current {
                stop.store(true, Ordering::Relaxed);
            }
            // Closing the order channel ends the worker's loop once its job has stopped.
            drop(station.orders);
            let _ = station.thread.join();
        }
    }
}

#[cfg(test)]
mod tests;
