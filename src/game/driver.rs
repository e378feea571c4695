//! The move driver: the one way every front end (the window, `tictactoe play`, the Gomocup
//! protocol) gets the computer's moves, hints and move values. It owns long-lived worker
//! threads, each with an engine whose transposition table lives from move to move (rebuilt
//! only when the board changes), so a front end never builds an engine per move.
//!
//! Every request carries a tag naming the position it is for (the window uses the session's
//! generation). Updates come back with that tag, and [`Driver::poll`] takes the tag of the
//! position that is current now: an update for any other position is dropped there, so a
//! late answer after undo, new game or new settings is never played. A new request on a lane
//! stops the one running there. A worker that panics is reported as [`Event::Failed`]
//! and its engine rebuilt for the next request.
//!
//! The learners' lab's searches go through here too: the comparison of the algorithms
//! ([`Task::Compare`]) and the recording of the minimax and alpha-beta trees
//! ([`Task::RecordTrees`]), each on a worker of its own, so neither stops the computer's
//! move, the move values or the other. Their progress comes back as updates
//! ([`Event::Lab`]), they stop with the same [`Driver::stop`], and a stale one is dropped
//! like any other.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::{
    DEFAULT_MEGABYTES, Engine, EngineConfig, Limits, MoveValue, PlayerKind, Score, SearchResult,
    Stats, Value, choose_move, opening_book, uses_gomoku_engine,
};
use crate::lab::{
    CompareProgress, CompareRequest, Comparison, DepthChoice, LabError, Method, TreePair,
    TreeProgress, compare, record_pair,
};
use crate::rules::{Cell, Position, Rule};

use super::clock::{self, Clock};
use super::lessons::SharedLessons;

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

/// What the computer is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Task {
    /// Choose a move to play, as this player.
    Move(PlayerKind),
    /// The full-strength engine's move for the side to move, to show, never to play;
    /// `player` is the game's computer player, whose time per move a hint gets at least.
    Hint { player: PlayerKind },
    /// The value of every legal move, sent move by move (the learners' view).
    Values,
    /// The lab's comparison of the search algorithms on the position (see
    /// [`crate::lab::compare()`]): `methods` in turn, to `depth`, each stopped after
    /// `node_limit` nodes. Each method's start and result come as [`LabEvent::Compare`],
    /// the whole comparison as [`LabEvent::Compared`].
    Compare {
        depth: DepthChoice,
        node_limit: u64,
        methods: Vec<Method>,
    },
    /// The lab's recording of the search tree, by plain minimax and by alpha-beta, to the
    /// same depth, each tree of at most `budget` nodes (see [`crate::lab::record_pair`]).
    /// Each tree's start and end come as [`LabEvent::Tree`], the pair as
    /// [`LabEvent::Trees`].
    RecordTrees { depth: DepthChoice, budget: usize },
}

impl Task {
    /// The kind of this task.
    #[must_use]
    pub fn kind(&self) -> TaskKind {
        match self {
            Task::Move(_) => TaskKind::Move,
            Task::Hint { .. } => TaskKind::Hint,
            Task::Values => TaskKind::Values,
            Task::Compare { .. } => TaskKind::Compare,
            Task::RecordTrees { .. } => TaskKind::RecordTrees,
        }
    }

    /// The comparison of every method (see [`crate::lab::Method::ALL`]), to the depth
    /// chosen for the board and the default node limit.
    #[must_use]
    pub fn compare_all() -> Task {
        Task::Compare {
            depth: DepthChoice::Auto,
            node_limit: crate::lab::DEFAULT_NODE_LIMIT,
            methods: Method::ALL.to_vec(),
        }
    }
}

/// A task without its details, to say which one an update belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TaskKind {
    Move,
    Hint,
    Values,
    Compare,
    RecordTrees,
}

impl TaskKind {
    /// Moves and hints share one worker (and its table); values have their own, so they
    /// can be worked out while the computer thinks about its move; the lab's comparison and
    /// its tree recording have one each, so they stop neither the game's searches nor each
    /// other.
    fn lane(self) -> usize {
        match self {
            TaskKind::Move | TaskKind::Hint => 0,
            TaskKind::Values => 1,
            TaskKind::Compare => 2,
            TaskKind::RecordTrees => 3,
        }
    }
}

const LANES: usize = 4;

/// One request: a task on a position, under a clock.
#[derive(Clone, Debug)]
pub struct Request {
    /// The caller's name for the position, echoed in every update.
    pub tag: u64,
    pub position: Position,
    pub task: Task,
    pub clock: Clock,
}

/// Who chose a move, and how.
#[derive(Clone, Debug)]
pub enum Chooser {
    /// The alpha-beta engine, with its search's numbers.
    Search(SearchResult),
    /// The course's rule-based player (no search: fixed rules).
    RuleBased,
    /// The random player.
    Random,
}

/// A chosen move. `best` is `None` only when the game is already over.
#[derive(Clone, Debug)]
pub struct Answer {
    pub best: Option<Cell>,
    pub chooser: Chooser,
}

/// What a worker reports.
#[derive(Clone, Debug)]
pub enum Event {
    /// An iteration of iterative deepening finished (moves and hints by the engine).
    Iteration(SearchResult),
    /// One move's value (values).
    Value(MoveValue),
    /// The move or hint.
    Answer(Answer),
    /// Every move's value has been sent.
    ValuesDone,
    /// The worker failed (a panic in the search); the message says what went wrong.
    Failed(String),
    /// Progress or the result of a lab task (compare, record trees).
    Lab(LabEvent),
}

/// What the lab's tasks report.
#[derive(Clone, Debug)]
pub enum LabEvent {
    /// A method of the comparison started or finished.
    Compare(CompareProgress),
    /// The comparison, or why it could not run. A stopped comparison sends nothing.
    Compared(Result<Box<Comparison>, LabError>),
    /// Recording one of the trees started or finished.
    Tree(TreeProgress),
    /// The two trees, or why they could not be recorded.
    Trees(Result<Box<TreePair>, LabError>),
}

impl Event {
    /// Whether this is the last event of its request.
    #[must_use]
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            Event::Answer(_)
                | Event::ValuesDone
                | Event::Failed(_)
                | Event::Lab(LabEvent::Compared(_) | LabEvent::Trees(_))
        )
    }
}

/// An event with the request it belongs to.
#[derive(Clone, Debug)]
pub struct Update {
    pub tag: u64,
    pub task: TaskKind,
    pub event: Event,
}

/// A request on its way to a worker, with its own stop flag.
struct Job {
    request: Request,
    stop: Arc<AtomicBool>,
}

/// One worker thread and what runs on it.
struct Lane {
    jobs: Sender<Job>,
    /// The stop flag of the latest job sent, and its tag and task.
    current: Option<(Arc<AtomicBool>, u64, TaskKind)>,
    thread: Option<JoinHandle<()>>,
}

/// The move driver: long-lived workers that search on request, and the updates they send.
pub struct Driver {
    config: DriverConfig,
    lanes: [Option<Lane>; LANES],
    updates: Receiver<Update>,
    sender: Sender<Update>,
    wake: Arc<dyn Fn() + Send + Sync>,
    /// The requests whose final update has not been handed out or dropped yet.
    running: Vec<(u64, TaskKind)>,
    /// Set to make the next job panic (tests of the failure path).
    fail_next: Arc<AtomicBool>,
    /// The lessons of lost games the computer's moves avoid, if it learns.
    lessons: Option<SharedLessons>,
}

impl Driver {
    /// A driver whose workers call `wake` after every update they send but iterations (a
    /// window passes its repaint request; a terminal front end passes nothing and waits).
    pub fn new(config: DriverConfig, wake: impl Fn() + Send + Sync + 'static) -> Driver {
        let (sender, updates) = mpsc::channel();
        Driver {
            config,
            lanes: [None, None, None, None],
            updates,
            sender,
            wake: Arc::new(wake),
            running: Vec::new(),
            fail_next: Arc::new(AtomicBool::new(false)),
            lessons: None,
        }
    }

    /// Makes the computer's moves avoid what `lessons` says (from the next request on).
    pub fn set_lessons(&mut self, lessons: SharedLessons) {
        self.lessons = Some(lessons);
        // Workers started before keep their own copy of the setting: start them afresh.
        self.stop_all();
        for lane in &mut self.lanes {
            if let Some(lane) = lane.take() {
                drop(lane.jobs);
            }
        }
    }

    /// Starts `request`, stopping whatever ran on its worker before.
    pub fn request(&mut self, request: Request) {
        let (tag, task) = (request.tag, request.task.kind());
        let lane = task.lane();
        self.stop_lane(lane);
        let stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            request,
            stop: stop.clone(),
        };
        let sent = match self.lane(lane) {
            Ok(worker) => worker
                .jobs
                .send(job)
                .map_err(|_| "the search thread has stopped working; try again".to_string()),
            Err(message) => Err(message),
        };
        self.running.push((tag, task));
        match sent {
            Ok(()) => {
                if let Some(worker) = &mut self.lanes[lane] {
                    worker.current = Some((stop, tag, task));
                }
            }
            Err(message) => {
                // The worker is gone: start a fresh one next time, and say so now.
                self.lanes[lane] = None;
                let event = Event::Failed(message);
                let _ = self.sender.send(Update { tag, task, event });
                (self.wake)();
            }
        }
    }

    /// The next update for the position tagged `current`; updates for any other position
    /// are dropped on the way.
    pub fn poll(&mut self, current: u64) -> Option<Update> {
        while let Ok(update) = self.updates.try_recv() {
            if let Some(update) = self.accept(update, current) {
                return Some(update);
            }
        }
        None
    }

    /// Waits for the next update for the position tagged `current` (a terminal front end);
    /// `None` when nothing for it is running.
    pub fn wait(&mut self, current: u64) -> Option<Update> {
        while self.running.iter().any(|&(tag, _)| tag == current) {
            let update = self.updates.recv().ok()?;
            if let Some(update) = self.accept(update, current) {
                return Some(update);
            }
        }
        None
    }

    /// Waits for the answer of the move or hint tagged `tag`, passing every iteration to
    /// `on_iteration`. Fails with the worker's message if it failed.
    pub fn answer(
        &mut self,
        tag: u64,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> Result<Answer, String> {
        while let Some(update) = self.wait(tag) {
            match update.event {
                Event::Iteration(iteration) => on_iteration(&iteration),
                Event::Answer(answer) => return Ok(answer),
                Event::Failed(message) => return Err(message),
                Event::Value(_) | Event::ValuesDone | Event::Lab(_) => {}
            }
        }
        Err("no search was running for this position".to_string())
    }

    /// Whether a request of kind `task` for the position tagged `tag` is still running.
    #[must_use]
    pub fn is_running(&self, tag: u64, task: TaskKind) -> bool {
        self.running.contains(&(tag, task))
    }

    /// Whether any request of kind `task` is running, for whatever position.
    #[must_use]
    pub fn is_busy(&self, task: TaskKind) -> bool {
        self.running.iter().any(|&(_, t)| t == task)
    }

    /// Stops every request of kind `task`; nothing more is handed out for them.
    pub fn stop(&mut self, task: TaskKind) {
        let lane = task.lane();
        let runs_it = self.lanes[lane]
            .as_ref()
            .and_then(|l| l.current.as_ref())
            .is_some_and(|&(_, _, t)| t == task);
        if runs_it {
            self.stop_lane(lane);
        }
        self.running.retain(|&(_, t)| t != task);
    }

    /// Stops everything.
    pub fn stop_all(&mut self) {
        for lane in 0..LANES {
            self.stop_lane(lane);
        }
        self.running.clear();
    }

    /// Makes the next request's worker panic, to exercise the failure path (tests).
    #[doc(hidden)]
    pub fn fail_next_request(&self) {
        self.fail_next.store(true, Ordering::Relaxed);
    }

    fn stop_lane(&mut self, lane: usize) {
        if let Some(worker) = &mut self.lanes[lane]
            && let Some((stop, tag, task)) = worker.current.take()
        {
            stop.store(true, Ordering::Relaxed);
            self.running.retain(|&r| r != (tag, task));
        }
    }

    /// Keeps the bookkeeping of `update` and hands it on if it is for `current`.
    fn accept(&mut self, update: Update, current: u64) -> Option<Update> {
        let key = (update.tag, update.task);
        if !self.running.contains(&key) {
            // Stopped, or replaced by a newer request: nothing of it is handed out.
            return None;
        }
        if update.event.is_final() {
            self.running.retain(|&r| r != key);
            if let Some(worker) = &mut self.lanes[update.task.lane()]
                && worker
                    .current
                    .as_ref()
                    .is_some_and(|&(_, t, k)| (t, k) == key)
            {
                worker.current = None;
            }
        }
        (update.tag == current).then_some(update)
    }

    /// The worker of `lane`, started if it is not running.
    fn lane(&mut self, lane: usize) -> Result<&mut Lane, String> {
        if self.lanes[lane].is_none() {
            let (jobs, inbox) = mpsc::channel::<Job>();
            let worker = Worker {
                config: self.config,
                engine: None,
                updates: self.sender.clone(),
                wake: self.wake.clone(),
                fail_next: self.fail_next.clone(),
                lessons: self.lessons.clone(),
                rng: StdRng::from_rng(&mut rand::rng()),
            };
            let thread = std::thread::Builder::new()
                .name(format!("engine worker {lane}"))
                .spawn(move || worker.run(&inbox))
                .map_err(|e| format!("could not start a search thread: {e}"))?;
            self.lanes[lane] = Some(Lane {
                jobs,
                current: None,
                thread: Some(thread),
            });
        }
        Ok(self.lanes[lane].as_mut().expect("started above"))
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        for lane in &mut self.lanes {
            if let Some(lane) = lane.take() {
                if let Some((stop, _, _)) = &lane.current {
                    stop.store(true, Ordering::Relaxed);
                }
                // Closing the job channel ends the worker's loop once its job has stopped.
                drop(lane.jobs);
                if let Some(thread) = lane.thread {
                    let _ = thread.join();
                }
            }
        }
    }
}

/// The state of one worker thread: its engine, kept from job to job.
struct Worker {
    config: DriverConfig,
    /// The engine and the rule it was built for.
    engine: Option<(Rule, Engine)>,
    updates: Sender<Update>,
    wake: Arc<dyn Fn() + Send + Sync>,
    fail_next: Arc<AtomicBool>,
    lessons: Option<SharedLessons>,
    /// Chooses among the opening book's good replies.
    rng: StdRng,
}

impl Worker {
    fn run(mut self, inbox: &Receiver<Job>) {
        while let Ok(mut job) = inbox.recv() {
            // Only the newest of the jobs waiting matters: the others were stopped.
            while let Ok(newer) = inbox.try_recv() {
                job = newer;
            }
            if job.stop.load(Ordering::Relaxed) {
                continue;
            }
            let (tag, task) = (job.request.tag, job.request.task.kind());
            let outcome = catch_unwind(AssertUnwindSafe(|| self.work(&job)));
            if let Err(panic) = outcome {
                // The engine may be half-way through a change: build a new one next time.
                self.engine = None;
                let message = panic_message(panic.as_ref());
                self.send(tag, task, &job.stop, Event::Failed(message));
            }
        }
    }

    /// Runs one job, sending its events.
    fn work(&mut self, job: &Job) {
        if self.fail_next.swap(false, Ordering::Relaxed) {
            panic!("the search failed on purpose (a test of the failure path)");
        }
        let Request {
            tag,
            position,
            task,
            clock,
        } = &job.request;
        let (tag, kind, stop) = (*tag, task.kind(), &*job.stop);
        let (updates, wake) = (self.updates.clone(), self.wake.clone());
        let emit = |event: Event| send(&updates, &*wake, tag, kind, stop, event);
        let rule = *position.rule();
        let empty = position.empty_count();
        let lab = |event: LabEvent| emit(Event::Lab(event));
        let (player, limits) = match task {
            Task::Move(player) => (
                player.clone(),
                clock::move_limits(&rule, empty, player, *clock),
            ),
            Task::Hint { player } => (full_strength(), clock::hint_limits(&rule, player)),
            Task::Values => {
                let engine = self.engine_for(rule);
                engine.analyse_each(position, &Limits::default(), stop, &mut |value| {
                    emit(Event::Value(value.clone()));
                });
                emit(Event::ValuesDone);
                return;
            }
            Task::Compare {
                depth,
                node_limit,
                methods,
            } => {
                let request = CompareRequest {
                    position: position.clone(),
                    depth: *depth,
                    node_limit: *node_limit,
                    methods: methods.clone(),
                };
                let found = compare(&request, stop, &mut |p| lab(LabEvent::Compare(p)));
                lab(LabEvent::Compared(found.map(Box::new)));
                return;
            }
            Task::RecordTrees { depth, budget } => {
                let found = record_pair(position, *depth, *budget, stop, &mut |p| {
                    lab(LabEvent::Tree(p));
                });
                lab(LabEvent::Trees(found.map(Box::new)));
                return;
            }
        };
        let avoid = match (task, &self.lessons) {
            (Task::Move(PlayerKind::Engine { .. }), Some(lessons)) => lessons
                .lock()
                .map(|l| l.avoids(position))
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        if let Task::Move(PlayerKind::Engine { .. }) = task
            && let Some(cell) = self.book_move(position, &avoid)
        {
            emit(Event::Answer(Answer {
                best: Some(cell),
                chooser: Chooser::Search(book_result(cell)),
            }));
            return;
        }
        let engine = self.engine_for(rule);
        let mut result = choose_move(engine, &player, position, &limits, stop, &mut |it| {
            emit(Event::Iteration(it.clone()));
        });
        if result.best.is_some_and(|best| avoid.contains(&best)) {
            avoid_lesson(engine, position, &limits, stop, &avoid, &mut result);
        }
        let chooser = match player {
            PlayerKind::Engine { .. } => Chooser::Search(result.clone()),
            PlayerKind::RuleBased => Chooser::RuleBased,
            PlayerKind::Random => Chooser::Random,
        };
        emit(Event::Answer(Answer {
            best: result.best,
            chooser,
        }));
    }

    /// The engine for positions of `rule`: the one kept from the last job when the rule is
    /// the same (so its table carries over), a new one otherwise.
    fn engine_for(&mut self, rule: Rule) -> &mut Engine {
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

    /// A move of the opening book for `position` (five in a row only), not one to avoid.
    fn book_move(&mut self, position: &Position, avoid: &[Cell]) -> Option<Cell> {
        if !uses_gomoku_engine(position.rule()) {
            return None;
        }
        opening_book()
            .choose(position, &mut self.rng)
            .filter(|cell| !avoid.contains(cell))
    }

    fn send(&self, tag: u64, task: TaskKind, stop: &AtomicBool, event: Event) {
        send(&self.updates, &*self.wake, tag, task, stop, event);
    }
}

/// Sends an event unless its job was stopped (a value found after the stop may be cut
/// short, and nobody waits for it). Every event but an iteration wakes the front end: on a
/// large board iterations finish many times a second, and a window that redrew for each
/// would take CPU from the search it shows; one that shows progress reads them on its own
/// slow tick.
fn send(
    updates: &Sender<Update>,
    wake: &(dyn Fn() + Send + Sync),
    tag: u64,
    task: TaskKind,
    stop: &AtomicBool,
    event: Event,
) {
    if !stop.load(Ordering::Relaxed) {
        let quiet = matches!(event, Event::Iteration(_));
        let _ = updates.send(Update { tag, task, event });
        if !quiet {
            wake();
        }
    }
}

/// A book move as a search's answer: no nodes searched, the value unknown.
fn book_result(cell: Cell) -> SearchResult {
    SearchResult {
        best: Some(cell),
        score: 0,
        value: Value::Unknown,
        pv: vec![cell],
        stats: Stats::default(),
    }
}

/// The search chose a move a lesson says to avoid: the best of the other moves instead, by
/// their values (searched with the move's own limits on small boards, two plies on large
/// ones). When every move is to be avoided, the search's choice stands.
fn avoid_lesson(
    engine: &mut Engine,
    position: &Position,
    limits: &Limits,
    stop: &AtomicBool,
    avoid: &[Cell],
    result: &mut SearchResult,
) {
    let limits = if position.rule().cells() <= clock::SOLVABLE_CELLS {
        limits.clone()
    } else {
        Limits {
            depth: Some(2),
            ..limits.clone()
        }
    };
    let values = engine.analyse(position, &limits, stop);
    let best = values
        .iter()
        .filter(|v| !avoid.contains(&v.cell))
        .max_by_key(|v| (v.score, std::cmp::Reverse((v.cell.row, v.cell.col))));
    if let Some(best) = best {
        let score: Score = best.score;
        result.best = Some(best.cell);
        result.score = score;
        result.value = best.value;
        result.pv = vec![best.cell];
    }
}

/// The engine at full strength: to the end where the board allows, else as the clock says.
fn full_strength() -> PlayerKind {
    PlayerKind::Engine {
        depth: None,
        time_ms: None,
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

#[cfg(test)]
mod tests;
