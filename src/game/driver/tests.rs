//! The driver on real searches and on jobs made for the test: tickets, stopping by drop or by
//! a newer request, failures, values, wakes, and the table kept from one request to the
//! next. Every wait is on a ticket or a channel with a generous deadline, never a fixed
//! sleep or a busy loop.

use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

use super::*;
use crate::engine::{MoveValue, PlayerKind, Value};
use crate::rules::{Cell, Position, Side};

const BOUND: Duration = Duration::from_secs(120);

/// A search that would outlast any test: only a stop ends it in time.
const AN_HOUR_MS: u64 = 3_600_000;

fn driver() -> Driver {
    Driver::new(DriverConfig::default(), || {})
}

fn engine(depth: Option<u32>, time_ms: Option<u64>) -> PlayerKind {
    PlayerKind::Engine { depth, time_ms }
}

fn request(position: &Position, task: Task) -> TaskRequest {
    TaskRequest::new(position.clone(), task)
}

fn pos(rule: Rule, text: &str) -> Position {
    Position::from_notation(rule, text).unwrap()
}

/// 15x15 with one stone near the edge: out of the opening book, so the engine searches.
fn gomoku_off_the_book() -> Position {
    let mut position = Position::new(Rule::new(15, 15, 5, false).unwrap());
    position.play(Cell::new(2, 3)).unwrap();
    assert!(crate::engine::opening_book().replies(&position).is_empty());
    position
}

/// The next update, waited for at most [`BOUND`]; `None` once the job has ended.
fn next<U>(ticket: &mut Ticket<U>) -> Option<U> {
    ticket
        .next_timeout(BOUND)
        .expect("the driver answers within the bound")
}

#[test]
fn iterations_then_the_answer_come_on_the_ticket_and_then_it_ends() {
    let p = pos(Rule::new(4, 4, 4, false).unwrap(), "x.../..../..../....");
    let d = driver();
    let mut ticket = d.request(request(&p, Task::Move(engine(Some(4), None))));
    assert!(ticket.is_running());
    let mut depths = Vec::new();
    let answer = loop {
        match next(&mut ticket).expect("the search answers") {
            TaskEvent::Iteration(it) => depths.push(it.stats.depth),
            TaskEvent::Answer(answer) => break answer,
            other => panic!("unexpected {other:?}"),
        }
    };
    assert_eq!(depths, [1, 2, 3, 4]);
    let Chooser::Search(result) = &answer.chooser else {
        panic!("the engine searched: {answer:?}");
    };
    assert_eq!(result.stats.depth, 4);
    assert!(p.get(answer.best.unwrap()).is_none());
    assert_eq!(p.side_to_move(), Side::O);
    // The answer is the last update: nothing more, and no waiting for it.
    assert!(!ticket.is_running());
    assert!(ticket.next().is_none());
}

#[test]
fn a_new_request_stops_the_one_running_and_nothing_of_it_comes_back() {
    let d = driver();
    let endless = Task::Move(engine(None, Some(AN_HOUR_MS)));
    let mut first = d.request(request(&gomoku_off_the_book(), endless));
    let small = pos(Rule::TIC_TAC_TOE, "x../.../...");
    let second = d.request(request(&small, Task::Move(engine(None, None))));
    assert!(!first.is_running());
    // The worker is free for the new request: were the hour-long search still running, this
    // would not answer within the bound.
    let answer = second.answer(&mut |_| {}).expect("the new request answers");
    assert_eq!(answer.best, Some(Cell::new(1, 1)), "only the centre draws");
    assert!(first.try_next().is_none());
    assert!(first.next().is_none(), "a replaced ticket never blocks");
}

#[test]
fn a_large_board_without_a_time_setting_answers_within_the_default_budget() {
    let gomoku = gomoku_off_the_book();
    let d = driver();
    let ticket = d.request(request(&gomoku, Task::Move(engine(None, None))));
    let answer = ticket.answer(&mut |_| {}).expect("an answer");
    let Chooser::Search(result) = answer.chooser else {
        panic!("the engine searched");
    };
    assert!(result.stats.depth >= 1);
    assert!(gomoku.get(answer.best.unwrap()).is_none());
}

#[test]
fn a_stopped_ticket_hands_out_nothing_more() {
    let d = driver();
    let endless = Task::Move(engine(None, Some(AN_HOUR_MS)));
    let mut ticket = d.request(request(&gomoku_off_the_book(), endless));
    ticket.stop();
    assert!(!ticket.is_running());
    assert!(ticket.next().is_none());
    assert!(ticket.try_next().is_none());
    assert!(matches!(ticket.next_timeout(BOUND), Ok(None)));
}

#[test]
fn a_failing_worker_is_reported_and_the_next_request_works() {
    let p = Position::new(Rule::TIC_TAC_TOE);
    let d = driver();
    d.fail_next_request();
    let ticket = d.request(request(&p, Task::Move(engine(None, None))));
    let error = ticket.answer(&mut |_| {}).unwrap_err();
    assert!(error.contains("failed on purpose"), "{error}");
    let ticket = d.request(request(&p, Task::Move(engine(None, None))));
    let answer = ticket.answer(&mut |_| {}).expect("a new engine answers");
    assert!(answer.best.is_some());
}

#[test]
fn non_search_players_say_what_they_are() {
    let p = pos(Rule::TIC_TAC_TOE, "xx./oo./...");
    let d = driver();
    let ticket = d.request(request(&p, Task::Move(PlayerKind::RuleBased)));
    let answer = ticket.answer(&mut |_| panic!("no search")).unwrap();
    assert!(matches!(answer.chooser, Chooser::RuleBased));
    assert_eq!(answer.best, Some(Cell::new(0, 2)));
    let ticket = d.request(request(&p, Task::Move(PlayerKind::Random)));
    let answer = ticket.answer(&mut |_| {}).unwrap();
    assert!(matches!(answer.chooser, Chooser::Random));
    assert!(p.get(answer.best.unwrap()).is_none());
}

#[test]
fn the_table_is_kept_from_one_request_to_the_next() {
    let p = Position::new(Rule::new(4, 4, 4, false).unwrap());
    let d = driver();
    let mut nodes = Vec::new();
    for _ in 0..2 {
        let player = engine(None, None);
        let ticket = d.request(request(&p, Task::Hint { player }));
        let answer = ticket.answer(&mut |_| {}).unwrap();
        let Chooser::Search(result) = answer.chooser else {
            panic!("a hint is a search");
        };
        assert_eq!(result.value, Value::Draw);
        nodes.push(result.stats.nodes);
    }
    assert!(
        nodes[1] < nodes[0],
        "the second search starts from the table: {nodes:?}"
    );
}

/// Every value the ticket hands out, up to the one that says they are all there.
fn values(ticket: &mut Ticket<TaskEvent>) -> Vec<MoveValue> {
    let mut found = Vec::new();
    while let Some(event) = next(ticket) {
        match event {
            TaskEvent::Value(value) => found.push(value),
            TaskEvent::ValuesDone => return found,
            other => panic!("unexpected {other:?}"),
        }
    }
    panic!("the values never finished");
}

#[test]
fn values_come_move_by_move_and_stop_when_asked() {
    // X to move can win at once on the top right; every other move lets O win or draw.
    let p = pos(Rule::TIC_TAC_TOE, "xx./oo./...");
    let d = driver();
    let found = values(&mut d.request(request(&p, Task::Values)));
    assert_eq!(found.len(), 5);
    let win = found.iter().find(|m| m.cell == Cell::new(0, 2)).unwrap();
    assert_eq!(win.value, Value::Win { plies: 1 });
    let corner = found.iter().find(|m| m.cell == Cell::new(2, 2)).unwrap();
    assert_eq!(corner.value, Value::Loss { plies: 2 });

    // Stopped, the values send nothing more and never say they are done.
    let big = Position::new(Rule::new(7, 7, 4, false).unwrap());
    let mut ticket = d.request(request(&big, Task::Values));
    ticket.stop();
    assert!(ticket.next().is_none());
}

#[test]
fn values_and_a_move_search_run_side_by_side() {
    let p = Position::new(Rule::TIC_TAC_TOE);
    let d = driver();
    let mut values_ticket = d.request(request(&p, Task::Values));
    let move_ticket = d.request(request(&p, Task::Move(engine(None, None))));
    // On different lanes: the move did not stop the values.
    assert!(values_ticket.is_running());
    assert!(move_ticket.answer(&mut |_| {}).unwrap().best.is_some());
    // On the empty board the corners are worth the same, and so are the edges.
    assert_eq!(values(&mut values_ticket).len(), 9);
}

#[test]
fn gomoku_searches_use_every_core_and_small_boards_one_thread() {
    let config = DriverConfig::default();
    assert_eq!(config.threads, all_cores());
    let gomoku = Rule::new(15, 15, 5, false).unwrap();
    let exact = Rule::new(15, 15, 5, true).unwrap();
    assert_eq!(config.threads_for(&gomoku), all_cores());
    assert_eq!(config.threads_for(&exact), all_cores());
    for small in ["3,3,3", "4,4,4", "5,5,4", "15,15,4"] {
        let rule: Rule = small.parse().unwrap();
        assert_eq!(config.threads_for(&rule), 1, "{small}");
    }
}

#[test]
fn gomoku_moves_come_from_the_opening_book_with_variety() {
    let d = driver();
    let rule = Rule::new(15, 15, 5, false).unwrap();
    let mut centre = Position::new(rule);
    let book_move = |position: &Position| {
        let ticket = d.request(request(position, Task::Move(engine(None, Some(200)))));
        let answer = ticket.answer(&mut |_| panic!("a book move needs no search"));
        let answer = answer.unwrap();
        assert!(
            matches!(answer.chooser, Chooser::Book),
            "a book move says it came from the book, not from a search of 0 nodes: {:?}",
            answer.chooser
        );
        answer.best.unwrap()
    };
    // The empty board: the centre, from the book.
    assert_eq!(book_move(&centre), Cell::new(7, 7));
    centre.play(Cell::new(7, 7)).unwrap();
    let book = crate::engine::opening_book().replies(&centre);
    let mut seen = std::collections::HashSet::new();
    for _ in 2..30 {
        let cell = book_move(&centre);
        assert!(
            book.iter().any(|&(c, _)| c == cell),
            "{cell:?} is a book move"
        );
        seen.insert(cell);
    }
    assert!(seen.len() >= 2, "the same reply every time: {seen:?}");
}

#[test]
fn iterations_do_not_wake_the_front_end_and_every_other_update_does() {
    let (woken, wakes) = mpsc::channel();
    let d = Driver::new(DriverConfig::default(), move || {
        let _ = woken.send(());
    });
    let p = pos(Rule::new(4, 4, 4, false).unwrap(), "x.../..../..../....");
    let mut iterations = 0;
    let ticket = d.request(request(&p, Task::Move(engine(Some(4), None))));
    ticket.answer(&mut |_| iterations += 1).unwrap();
    let values = values(&mut d.request(request(&p, Task::Values)));
    // Dropping the driver joins its workers: every wake has been sent by then.
    drop(d);
    assert_eq!(iterations, 4);
    let expected = 1 + values.len() + 1;
    assert_eq!(
        wakes.try_iter().count(),
        expected,
        "the answer, each value, done"
    );
}

#[test]
fn tickets_and_the_driver_move_to_other_threads() {
    fn sendable<T: Send>() {}
    fn shareable<T: Send + Sync + Clone>() {}
    sendable::<Ticket<TaskEvent>>();
    shareable::<Driver>();
    // A network front end waits on its ticket on a thread of its own.
    let d = driver();
    let p = pos(Rule::TIC_TAC_TOE, "xx./oo./...");
    let ticket = d
        .clone()
        .request(request(&p, Task::Move(engine(None, None))));
    let waiting = std::thread::spawn(move || ticket.answer(&mut |_| {}));
    let answer = waiting.join().unwrap().expect("an answer");
    assert_eq!(answer.best, Some(Cell::new(0, 2)), "X wins at once");
}

// Jobs made for the test, to see the driver's side of the contract alone.

const TEST_LANE: Lane = Lane::new("test");
const OTHER_LANE: Lane = Lane::new("other test");

/// Says when it starts, sends nothing, and runs until it is stopped; then says it ended.
struct UntilStopped {
    lane: Lane,
    started: Sender<()>,
    ended: Sender<()>,
}

impl Job for UntilStopped {
    type Update = ();

    fn lane(&self) -> Lane {
        self.lane
    }

    fn run(self, _worker: &mut Worker, out: &Outbox<()>) {
        let _ = self.started.send(());
        // Polls its stop flag as the searches do.
        while !out.stop().load(Ordering::Relaxed) {
            std::thread::park_timeout(Duration::from_millis(1));
        }
        let _ = self.ended.send(());
    }

    fn failed(_message: String) {}

    fn is_final(_update: &()) -> bool {
        true
    }
}

/// An [`UntilStopped`] job on `lane`, with the receivers of its start and end.
fn until_stopped(lane: Lane) -> (UntilStopped, Receiver<()>, Receiver<()>) {
    let (started, has_started) = mpsc::channel();
    let (ended, has_ended) = mpsc::channel();
    let job = UntilStopped {
        lane,
        started,
        ended,
    };
    (job, has_started, has_ended)
}

#[test]
fn dropping_a_ticket_stops_its_job() {
    let d = driver();
    let (job, started, ended) = until_stopped(TEST_LANE);
    let ticket = d.request(job);
    started.recv_timeout(BOUND).expect("the job started");
    assert!(ended.try_recv().is_err(), "it runs until stopped");
    drop(ticket);
    ended
        .recv_timeout(BOUND)
        .expect("dropping the ticket stopped it");
}

#[test]
fn a_ticket_waits_with_a_time_limit() {
    let d = driver();
    let (job, started, _ended) = until_stopped(TEST_LANE);
    let mut ticket = d.request(job);
    started.recv_timeout(BOUND).expect("the job started");
    // The job sends nothing until it is stopped: any wait runs out.
    assert!(matches!(
        ticket.next_timeout(Duration::from_millis(1)),
        Err(TimedOut)
    ));
    assert!(ticket.is_running());
}

#[test]
fn jobs_on_different_lanes_run_side_by_side() {
    let d = driver();
    let (first, first_started, first_ended) = until_stopped(TEST_LANE);
    let (second, second_started, _) = until_stopped(OTHER_LANE);
    let _first = d.request(first);
    let _second = d.request(second);
    first_started
        .recv_timeout(BOUND)
        .expect("the first started");
    second_started
        .recv_timeout(BOUND)
        .expect("the second started while the first runs");
    assert!(first_ended.try_recv().is_err(), "the first still runs");
    // A job on the first one's lane stops it.
    let (third, third_started, _) = until_stopped(TEST_LANE);
    let _third = d.request(third);
    first_ended.recv_timeout(BOUND).expect("the first stopped");
    third_started
        .recv_timeout(BOUND)
        .expect("the third started");
}

/// Panics when it runs.
struct Panics;

impl Job for Panics {
    type Update = Result<u32, String>;

    fn lane(&self) -> Lane {
        TEST_LANE
    }

    fn run(self, _worker: &mut Worker, _out: &Outbox<Result<u32, String>>) {
        panic!("a bad job");
    }

    fn failed(message: String) -> Result<u32, String> {
        Err(message)
    }

    fn is_final(_update: &Result<u32, String>) -> bool {
        true
    }
}

/// Sends the count of iterations of nothing: 1, 2, 3, then its total.
struct CountingJob;

impl Job for CountingJob {
    type Update = Result<u32, String>;

    fn lane(&self) -> Lane {
        TEST_LANE
    }

    fn run(self, _worker: &mut Worker, out: &Outbox<Result<u32, String>>) {
        for n in 1..=3 {
            out.send(Ok(n));
        }
        out.send(Ok(6));
    }

    fn failed(message: String) -> Result<u32, String> {
        Err(message)
    }

    fn is_final(update: &Result<u32, String>) -> bool {
        matches!(update, Ok(6) | Err(_))
    }
}

#[test]
fn a_job_that_panics_is_reported_and_its_lane_works_on() {
    let d = driver();
    let mut ticket = d.request(Panics);
    let failure = next(&mut ticket).expect("a failure is reported");
    assert!(failure.unwrap_err().contains("a bad job"));
    assert!(ticket.next().is_none());
    let mut ticket = d.request(CountingJob);
    let mut counts = Vec::new();
    while let Some(update) = next(&mut ticket) {
        counts.push(update.unwrap());
    }
    assert_eq!(counts, [1, 2, 3, 6]);
}

#[test]
fn a_lane_may_set_up_its_own_engines() {
    /// Reports how its worker sets up engines.
    struct EngineSetupJob;
    impl Job for EngineSetupJob {
        type Update = (usize, usize);
        fn lane(&self) -> Lane {
            TEST_LANE.with_engine(DriverConfig {
                tt_megabytes: 1,
                threads: 1,
            })
        }
        fn run(self, worker: &mut Worker, out: &Outbox<(usize, usize)>) {
            let config = worker.config();
            out.send((config.tt_megabytes, config.threads));
        }
        fn failed(_message: String) -> (usize, usize) {
            (0, 0)
        }
        fn is_final(_update: &(usize, usize)) -> bool {
            true
        }
    }
    let d = Driver::new(
        DriverConfig {
            tt_megabytes: 8,
            threads: 2,
        },
        || {},
    );
    assert_eq!(next(&mut d.request(EngineSetupJob)), Some((1, 1)));
}

#[test]
fn a_release_drops_the_lanes_engine_and_the_next_search_starts_afresh() {
    let p = Position::new(Rule::new(4, 4, 4, false).unwrap());
    let d = driver();
    let hint_nodes = || {
        let player = engine(None, None);
        let ticket = d.request(request(&p, Task::Hint { player }));
        let answer = ticket.answer(&mut |_| {}).unwrap();
        let Chooser::Search(result) = answer.chooser else {
            panic!("a hint is a search");
        };
        result.stats.nodes
    };
    let holds = || next(&mut d.request(HoldsEngine(MOVES))).expect("it answers");
    let fresh = hint_nodes();
    assert!(holds(), "the engine is kept after a search");
    assert_eq!(next(&mut d.request(Release { lane: MOVES })), Some(()));
    assert!(!holds(), "the release dropped it");
    assert_eq!(
        hint_nodes(),
        fresh,
        "the search after a release starts from an empty table, as the first did"
    );
}

/// A wrapper around the Python template that writes a line to `log` each time it starts.
fn counted_template(log: &std::path::Path) -> crate::external::EngineCommand {
    let template = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/python/minimax_player.py"
    );
    let script = log.with_extension("sh");
    let body = format!(
        "#!/bin/sh\necho started >> '{}'\nexec python3 '{template}'\n",
        log.display()
    );
    let partial = log.with_extension("part");
    std::fs::write(&partial, body).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::rename(&partial, &script).unwrap();
    crate::external::EngineCommand {
        program: script.display().to_string(),
        args: Vec::new(),
    }
}

fn starts(log: &std::path::Path) -> usize {
    std::fs::read_to_string(log).map_or(0, |text| text.lines().count())
}

#[test]
fn an_engine_from_outside_is_kept_between_its_moves_and_ended_when_released() {
    let dir = std::env::temp_dir().join(format!("tictactoe-driver-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("starts.log");
    let _ = std::fs::remove_file(&log);
    let command = counted_template(&log);
    let d = driver();
    let turn = |moves: &[Cell], side| EngineTurn {
        command: command.clone(),
        name: command.name().to_string(),
        side,
        limits: crate::external::TimeLimits {
            turn_ms: 60_000,
            start_ms: 60_000,
        },
        moves: moves.to_vec(),
    };
    let ask = |position: &Position, moves: &[Cell]| {
        let side = position.side_to_move();
        let task = Task::Engine(turn(moves, side));
        let answer = d.request(request(position, task)).answer(&mut |_| {});
        answer.unwrap().best.unwrap()
    };
    // X's moves on 3x3: one launch for the game, whatever is played between.
    let mut position = Position::new(Rule::TIC_TAC_TOE);
    let mut moves = vec![ask(&position, &[])];
    position.play(moves[0]).unwrap();
    let reply = position.legal_moves()[0];
    position.play(reply).unwrap();
    moves.push(reply);
    let second = ask(&position, &moves);
    assert!(position.check_move(second).is_ok());
    assert_eq!(starts(&log), 1, "kept between moves");
    // Another board: launched again, for that board.
    let four = Position::new(Rule::new(4, 4, 3, false).unwrap());
    ask(&four, &[]);
    assert_eq!(starts(&log), 2, "launched again for another board");
    // Released: the process is ended and the worker holds nothing.
    let lane = ENGINES[Side::X.index()];
    assert!(
        d.request(HoldsEngine(lane))
            .next_timeout(BOUND)
            .unwrap()
            .unwrap()
    );
    let _ = d.request(Release { lane }).next_timeout(BOUND);
    assert!(
        !d.request(HoldsEngine(lane))
            .next_timeout(BOUND)
            .unwrap()
            .unwrap()
    );
}

#[test]
fn an_engine_from_outside_that_fails_is_reported_and_launched_afresh() {
    let d = driver();
    let command = crate::external::EngineCommand::parse("/nonexistent/brain").unwrap();
    let position = Position::new(Rule::TIC_TAC_TOE);
    let task = Task::Engine(EngineTurn {
        name: command.name().to_string(),
        command,
        side: Side::X,
        limits: crate::external::TimeLimits::default(),
        moves: Vec::new(),
    });
    let mut ticket = d.request(request(&position, task));
    let Some(TaskEvent::EngineFault(fault)) = next(&mut ticket) else {
        panic!("a launch failure is an engine fault");
    };
    assert_eq!(fault.name, "brain");
    assert!(matches!(fault.fault, crate::external::Fault::Launch(_)));
    assert!(
        fault
            .to_string()
            .starts_with("The engine brain could not start: ")
    );
}
