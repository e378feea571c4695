//! The driver's worker threads: each runs the jobs of one lane, newest first, keeping its
//! engine (and so its transposition table) from job to job. A job that panics is reported
//! as failed and the engine rebuilt, since the panic may have left it half-way through a
//! change. A worker idle for a while after its jobs gives the memory they freed back to the
//! system.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

use super::DriverConfig;
use super::job::{Job, Lane, Outbox, Worker};

/// How long a worker waits with no job before it hands the memory its jobs freed back to
/// the system ([`crate::memory::give_back`]): longer than the pause between the moves of
/// the computer against itself, so a game under way never waits on it.
const REST: Duration = Duration::from_secs(2);

/// A job that hands the engine of its lane (and so its transposition table, tens of
/// megabytes) back to the system: for a finished game, whose table no later search needs.
/// The next job on the lane builds a new engine.
#[derive(Clone, Copy, Debug)]
pub struct Release {
    /// The lane whose engine goes.
    pub lane: Lane,
}

impl Job for Release {
    type Update = ();

    fn lane(&self) -> Lane {
        self.lane
    }

    fn run(self, worker: &mut Worker, out: &Outbox<()>) {
        worker.drop_engine();
        out.send(());
    }

    fn failed(_message: String) {}

    fn is_final(_update: &()) -> bool {
        true
    }

    fn wakes(_update: &()) -> bool {
        false
    }
}

/// A job that says whether the worker of its lane holds an engine (and so its table): how
/// a view's test sees that it handed back what it no longer needs.
#[derive(Clone, Copy, Debug)]
pub struct HoldsEngine(pub Lane);

impl Job for HoldsEngine {
    type Update = bool;

    fn lane(&self) -> Lane {
        self.0
    }

    fn run(self, worker: &mut Worker, out: &Outbox<bool>) {
        out.send(worker.holds_engine());
    }

    fn failed(_message: String) -> bool {
        false
    }

    fn is_final(_update: &bool) -> bool {
        true
    }
}

/// A job with its outbox, ready to run on whichever worker takes it.
pub(super) type Errand = Box<dyn FnOnce(&mut Worker) + Send>;

/// An errand on its way to a worker, with its job's stop flag.
pub(super) struct Order {
    pub stop: Arc<AtomicBool>,
    pub errand: Errand,
}

/// `job` as an errand: run, and reported as failed should it panic.
pub(super) fn errand<J: Job>(job: J, out: Outbox<J::Update>, fail_next: Arc<AtomicBool>) -> Errand {
    Box::new(move |worker: &mut Worker| {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            if fail_next.swap(false, Ordering::Relaxed) {
                panic!("the search failed on purpose (a test of the failure path)");
            }
            job.run(worker, &out);
        }));
        if let Err(panic) = outcome {
            worker.drop_engine();
            out.send(J::failed(panic_message(panic.as_ref())));
        }
    })
}

/// Starts the worker thread of the lane `name`, taking its orders from `inbox`.
pub(super) fn spawn(
    name: &str,
    config: DriverConfig,
    inbox: Receiver<Order>,
) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name(format!("driver: {name}"))
        .spawn(move || run(Worker::new(config), &inbox))
}

fn run(mut worker: Worker, inbox: &Receiver<Order>) {
    // Whether a job ran since the memory was last given back.
    let mut worked = false;
    loop {
        let received = if worked {
            match inbox.recv_timeout(REST) {
                Err(RecvTimeoutError::Timeout) => {
                    // Idle a while: what the jobs freed goes back to the system.
                    crate::memory::give_back();
                    worked = false;
                    continue;
                }
                received => received.ok(),
            }
        } else {
            inbox.recv().ok()
        };
        let Some(mut order) = received else {
            return;
        };
        // Only the newest of the orders waiting matters: the others were stopped. Dropping
        // them closes their tickets.
        while let Ok(newer) = inbox.try_recv() {
            order = newer;
        }
        if !order.stop.load(Ordering::Relaxed) {
            (order.errand)(&mut worker);
            worked = true;
        }
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let text = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "an unknown error".to_string());
    format!("the search stopped with an error: {text}")
}
