//! What the driver runs: a [`Job`] says which worker it runs on (its [`Lane`]), does its
//! work there with what the worker keeps from job to job (its [`Worker`]: the engine and
//! its table), and sends its updates through an [`Outbox`], which drops them once the job
//! has been stopped.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::{Engine, EngineConfig};
use crate::rules::Rule;

use super::DriverConfig;
use super::external::Launched;

/// Work for the driver's threads, with the updates it reports.
pub trait Job: Send + 'static {
    /// What the job reports, in order; the last one is final (see [`Job::is_final`]).
    type Update: Send + 'static;

    /// The worker this job runs on. A new job on a lane stops the one running there; jobs
    /// on different lanes run side by side.
    fn lane(&self) -> Lane;

    /// Does the work on `worker` (whose engine carries over from the job before), sending
    /// updates through `out` and returning soon after `out.stop()` is set.
    fn run(self, worker: &mut Worker, out: &Outbox<Self::Update>);

    /// The final update that says the job failed, with `message` saying why (a panic in the
    /// search, or no thread to run it on).
    fn failed(message: String) -> Self::Update;

    /// Whether `update` is the last of its job.
    fn is_final(update: &Self::Update) -> bool;

    /// Whether sending `update` wakes the front end (the driver's `wake`). Every update
    /// does unless the job says otherwise.
    fn wakes(_update: &Self::Update) -> bool {
        true
    }
}

/// A worker of the driver, by name. Jobs on one lane run one at a time; a lane may set up
/// its engines differently from the driver's (a smaller table, one thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lane {
    name: &'static str,
    engine: Option<DriverConfig>,
}

impl Lane {
    /// The lane called `name`, its engines set up as the driver's.
    #[must_use]
    pub const fn new(name: &'static str) -> Lane {
        Lane { name, engine: None }
    }

    /// The same lane with its engines set up by `config` rather than the driver's.
    #[must_use]
    pub const fn with_engine(self, config: DriverConfig) -> Lane {
        Lane {
            engine: Some(config),
            ..self
        }
    }

    /// The lane's name (its worker thread's name too).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// How the lane's engines are set up, when not as the driver's.
    #[must_use]
    pub fn engine(&self) -> Option<DriverConfig> {
        self.engine
    }
}

/// Where a running job sends its updates: to its ticket, until the job is stopped.
pub struct Outbox<U> {
    sender: Sender<U>,
    stop: Arc<AtomicBool>,
    wake: Arc<dyn Fn() + Send + Sync>,
    wakes: fn(&U) -> bool,
}

impl<U> Outbox<U> {
    pub(super) fn new(
        sender: Sender<U>,
        stop: Arc<AtomicBool>,
        wake: Arc<dyn Fn() + Send + Sync>,
        wakes: fn(&U) -> bool,
    ) -> Outbox<U> {
        Outbox {
            sender,
            stop,
            wake,
            wakes,
        }
    }

    /// The job's stop flag, for the search to watch.
    #[must_use]
    pub fn stop(&self) -> &AtomicBool {
        &self.stop
    }

    /// The job's stop flag, shared, for work that keeps it (an engine of its own).
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Sends `update` unless the job was stopped: a value found after the stop may be cut
    /// short, and nobody reads it. Wakes the front end if the job says this update wakes
    /// it: on a large board iterations finish many times a second, and a window that
    /// redrew for each would take CPU from the search it shows.
    pub fn send(&self, update: U) {
        if self.stop.load(Ordering::Relaxed) {
            return;
        }
        let wakes = (self.wakes)(&update);
        // The ticket may be gone already; then nobody waits for this.
        if self.sender.send(update).is_ok() && wakes {
            (self.wake)();
        }
    }
}

impl<U> Clone for Outbox<U> {
    fn clone(&self) -> Outbox<U> {
        Outbox {
            sender: self.sender.clone(),
            stop: self.stop.clone(),
            wake: self.wake.clone(),
            wakes: self.wakes,
        }
    }
}

impl<U> fmt::Debug for Outbox<U> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Outbox")
            .field("stopped", &self.stop.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

/// What a worker thread keeps from one job to the next, lent to each job as it runs.
pub struct Worker {
    config: DriverConfig,
    /// The engine and the rule it was built for.
    engine: Option<(Rule, Engine)>,
    /// The engine from outside launched for this lane's moves, if one plays.
    external: Option<Launched>,
    rng: StdRng,
}

impl Worker {
    pub(super) fn new(config: DriverConfig) -> Worker {
        Worker {
            config,
            engine: None,
            external: None,
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

    /// Whether this worker holds an engine (and so its table), or a launched engine from
    /// outside.
    #[must_use]
    pub fn holds_engine(&self) -> bool {
        self.engine.is_some() || self.external.is_some()
    }

    /// Drops the engine (and its table) and ends the engine from outside; the next job
    /// builds or launches a new one.
    pub(super) fn drop_engine(&mut self) {
        self.engine = None;
        if let Some(launched) = self.external.take() {
            launched.end();
        }
    }

    /// The engine from outside this worker keeps between moves.
    pub(super) fn external(&mut self) -> &mut Option<Launched> {
        &mut self.external
    }

    /// This worker's random numbers (the opening book's choice among its good replies).
    pub fn rng(&mut self) -> &mut StdRng {
        &mut self.rng
    }
}
