//! The driver's worker threads: each runs the jobs of one lane, newest first, keeping its
//! engine (and so its transposition table) from job to job. A job that panics is reported
//! as failed and the engine rebuilt, since the panic may have left it half-way through a
//! change.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::thread::JoinHandle;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::{Engine, EngineConfig};
use crate::rules::Rule;

use super::DriverConfig;
use super::job::{Job, Lane, Outbox};

/// What a worker thread keeps from one job to the next, lent to each job as it runs.
pub struct Worker {
    config: DriverConfig,
    /// The engine and the rule it was built for.
    engine: Option<(Rule, Engine)>,
    rng: StdRng,
}

impl Worker {
    fn new(config: DriverConfig) -> Worker {
        Worker {
            config,
            engine: None,
            rng: StdRng::from_rng(&mut rand::rng()),
        }
    }

    /// The engine for positions of `rule`: the one kept from the job before when the rule
    /// is the same (so its table carries over), a new one otherwise.
    pub fn engine(&mut self, rule: Rule) -> &mut Engine {
        if self.engine.as_ref().is_none_or(|(r, _)| *r != rule) {
            let config = EngineConfig {
                tt_megabytes: self.config.tt_megabytes,
                threads: self.config.threads_for(&rule),
                ..EngineConfig::default()
            };
            self.engine = Some((rule, Engine::for_rule(config, &rule)));
        }
        &mut self.engine.as_mut().expect("set above").1
    }

    /// How this worker sets up its engines: its lane's way, or else the driver's.
    #[must_use]
    pub fn config(&self) -> DriverConfig {
        self.config
    }

    /// Whether this worker holds an engine (and so its table).
    #[must_use]
    pub fn holds_engine(&self) -> bool {
        self.engine.is_some()
    }

    /// This worker's random numbers (the opening book's choice among its good replies).
    pub fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }
}

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
        worker.engine = None;
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
            worker.engine = None;
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
    while let Ok(mut order) = inbox.recv() {
        // Only the newest of the orders waiting matters: the others were stopped. Dropping
        // them closes their tickets.
        while let Ok(newer) = inbox.try_recv() {
            order = newer;
        }
        if !order.stop.load(Ordering::Relaxed) {
            (order.errand)(&mut worker);
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
