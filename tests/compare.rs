//! The learners' lab comparison of the search algorithms, through the library and through
//! `tictactoe compare`: plain minimax visits the whole game tree, every method finds the
//! same value, each step visits fewer nodes than the one before it (or says why not), and
//! bad arguments are refused with a clear error. Through the driver, as the window runs it:
//! progress and the result come on the request's ticket, dropping the ticket or stopping it
//! ends the search, a failure is reported, and it runs beside the tree recording and the
//! computer's move without stopping them.

use std::process::{Command, Output};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tictactoe::engine::{PlayerKind, Value};
use tictactoe::game::{Driver, DriverConfig, MOVES, Task, TaskRequest, Ticket, VALUES};
use tictactoe::lab::{
    self, Agreement, COMPARE_LANE, CompareProgress, CompareRequest, CompareUpdate, DepthChoice,
    LabError, LabUpdate, Method, NotComparable, Stopped, TREES_LANE, TreePairRequest,
};
use tictactoe::rules::{Position, Rule};

use crate::support::boards;

use boards::{CORNER_AND_CENTRE, CORNER_AND_EDGE, X_WON_TOP_ROW, tic_tac_toe};

/// Nodes of the full game tree below `position`, the position itself included: an
/// independent brute force over the rules alone.
fn tree_nodes(position: &mut Position) -> u64 {
    if position.is_over() {
        return 1;
    }
    let moves: Vec<usize> = position.empty_indices().collect();
    let mut total = 1;
    for m in moves {
        position.make(m);
        total += tree_nodes(position);
        position.unmake(m);
    }
    total
}

/// Games (root-to-end paths) below `position`.
fn games(position: &mut Position) -> u64 {
    if position.is_over() {
        return 1;
    }
    let moves: Vec<usize> = position.empty_indices().collect();
    let mut total = 0;
    for m in moves {
        position.make(m);
        total += games(position);
        position.unmake(m);
    }
    total
}

fn empty_3x3() -> Position {
    Position::new(Rule::default())
}

fn compare_all(position: Position) -> lab::Comparison {
    let stop = AtomicBool::new(false);
    lab::compare(&CompareRequest::new(position), &stop, &mut |_| {}).unwrap()
}

#[test]
fn the_brute_force_count_of_the_3x3_tree_is_the_known_one() {
    let mut position = empty_3x3();
    assert_eq!(games(&mut position), 255_168);
    assert_eq!(tree_nodes(&mut position), 549_946);
}

#[test]
fn minimax_visits_every_node_of_the_3x3_tree_once_counting_the_root() {
    let comparison = compare_all(empty_3x3());
    let minimax = &comparison.results[0];
    assert_eq!(minimax.method, Method::Minimax);
    assert_eq!(minimax.nodes, 549_946);
    assert_eq!(minimax.nodes, tree_nodes(&mut empty_3x3()));
    assert_eq!(minimax.cutoffs, 0);
    assert_eq!(minimax.tt_hits, 0);
}

#[test]
fn every_method_finds_the_draw_and_each_step_visits_fewer_nodes() {
    let comparison = compare_all(empty_3x3());
    assert!(comparison.depth.to_end);
    assert_eq!(comparison.depth.plies, 9);
    let methods: Vec<Method> = comparison.results.iter().map(|r| r.method).collect();
    assert_eq!(methods, Method::ALL);
    for r in &comparison.results {
        assert_eq!(r.value, Value::Draw, "{:?}", r.method);
        assert_eq!(r.score, Some(0), "{:?}", r.method);
        assert_eq!(r.agrees, Some(true), "{:?}", r.method);
        assert_eq!(r.stopped, None);
    }
    assert_eq!(comparison.agreement, Agreement::Agree { compared: 6 });
    for p in &comparison.progression {
        assert!(
            p.fewer || p.why_not.is_some(),
            "{:?} after {:?} says nothing",
            p.method,
            p.previous
        );
    }
    // On the empty board every step does better than the one before it.
    let nodes: Vec<u64> = comparison.results.iter().map(|r| r.nodes).collect();
    assert!(nodes.windows(2).all(|w| w[1] < w[0]), "{nodes:?}");
    assert!(comparison.progression.iter().all(|p| p.fewer));
    // Alpha-beta cuts off, and only the methods with a table have table hits.
    for r in &comparison.results[1..] {
        assert!(r.cutoffs > 0, "{:?}", r.method);
    }
    assert_eq!(comparison.results[2].tt_hits, 0);
    assert!(comparison.results[3].tt_hits > 0);
}

#[test]
fn methods_agree_on_won_positions_and_at_a_depth_limit() {
    // X to move wins: the fastest win is found by every method.
    let won = tic_tac_toe(CORNER_AND_EDGE);
    let comparison = compare_all(won);
    assert_eq!(comparison.agreement, Agreement::Agree { compared: 6 });
    let first = comparison.results[0].value;
    assert!(matches!(first, Value::Win { .. }), "{first:?}");
    // At a depth limit the single searches give the same heuristic score; the full engine
    // is not compared unless it proves a result.
    let stop = AtomicBool::new(false);
    let request = CompareRequest {
        depth: DepthChoice::Plies(3),
        ..CompareRequest::new(tic_tac_toe(CORNER_AND_CENTRE))
    };
    let shallow = lab::compare(&request, &stop, &mut |_| {}).unwrap();
    assert!(!shallow.depth.to_end);
    let score = shallow.results[0].score;
    for r in &shallow.results[..5] {
        assert_eq!(r.score, score, "{:?}", r.method);
        assert_eq!(r.value, Value::Unknown);
        assert_eq!(r.depth, 3);
    }
    assert_eq!(
        shallow.results[5].not_comparable,
        Some(NotComparable::KnowledgeAtHorizon)
    );
    assert_eq!(shallow.agreement, Agreement::Agree { compared: 5 });
    for p in shallow.progression.iter().filter(|p| !p.fewer) {
        assert!(p.why_not.is_some());
    }
}

#[test]
fn a_board_too_large_for_minimax_is_searched_to_a_depth_that_fits() {
    let position = Position::new("4,4,3".parse().unwrap());
    let plan = lab::plan_depth(&position, DepthChoice::Auto, 1_000_000).unwrap();
    assert!(!plan.to_end);
    assert!(plan.plies >= 3 && plan.plies < 16, "{plan:?}");
    let plan = lab::plan_depth(&empty_3x3(), DepthChoice::Auto, 1_000_000).unwrap();
    assert!(plan.to_end);
    assert_eq!(plan.plies, 9);
}

#[test]
fn a_node_limit_stops_a_method_and_the_result_says_so() {
    let stop = AtomicBool::new(false);
    let request = CompareRequest {
        depth: DepthChoice::ToEnd,
        node_limit: 5_000,
        methods: vec![Method::Minimax, Method::Symmetry],
        ..CompareRequest::new(empty_3x3())
    };
    let comparison = lab::compare(&request, &stop, &mut |_| {}).unwrap();
    let minimax = &comparison.results[0];
    assert_eq!(minimax.stopped, Some(Stopped::NodeLimit { limit: 5_000 }));
    assert_eq!(minimax.score, None);
    assert_eq!(minimax.value, Value::Unknown);
    assert_eq!(minimax.not_comparable, Some(NotComparable::Stopped));
    // The symmetry search fits in the limit.
    assert_eq!(comparison.results[1].value, Value::Draw);
    assert_eq!(comparison.agreement, Agreement::TooFew { compared: 1 });
}

#[test]
fn progress_reports_each_method_and_a_stop_flag_cancels() {
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let request = CompareRequest::new(empty_3x3());
    lab::compare(&request, &stop, &mut |p| {
        seen.push(match p {
            CompareProgress::Started { method, .. } => (method, false),
            CompareProgress::Finished { result, .. } => (result.method, true),
        });
    })
    .unwrap();
    assert_eq!(seen.len(), 12);
    assert_eq!(seen[0], (Method::Minimax, false));
    assert_eq!(seen[11], (Method::Full, true));

    let stopped = AtomicBool::new(true);
    let comparison = lab::compare(&request, &stopped, &mut |_| {}).unwrap();
    assert!(comparison.cancelled);
    assert!(comparison.results.is_empty());
}

/// Minimax and alpha-beta to the end of 4x4: minimax would never finish, so only a stop
/// ends it.
fn endless() -> CompareRequest {
    CompareRequest {
        depth: DepthChoice::ToEnd,
        node_limit: u64::MAX,
        methods: vec![Method::Minimax, Method::AlphaBeta],
        ..CompareRequest::new(Position::new("4,4,4".parse().unwrap()))
    }
}

#[test]
fn a_stop_flag_set_during_a_method_ends_it_and_its_result_says_so() {
    let request = endless();
    let stop = AtomicBool::new(false);
    let comparison = std::thread::scope(|scope| {
        let searching = scope.spawn(|| {
            lab::compare(&request, &stop, &mut |p| {
                // The first method has started: stop it.
                if matches!(p, CompareProgress::Started { .. }) {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            })
        });
        searching.join().unwrap().unwrap()
    });
    assert!(comparison.cancelled);
    assert_eq!(comparison.results.len(), 1);
    assert_eq!(comparison.results[0].method, Method::Minimax);
    assert_eq!(comparison.results[0].stopped, Some(Stopped::Cancelled));
}

// Through the driver, as the window runs it.

const BOUND: Duration = Duration::from_secs(120);

fn driver() -> Driver {
    Driver::new(DriverConfig::default(), || {})
}

/// The next update, waited for at most [`BOUND`]; `None` once the job has ended.
fn next<U>(ticket: &mut Ticket<U>) -> Option<U> {
    ticket
        .next_timeout(BOUND)
        .expect("the driver answers within the bound")
}

/// Waits until the comparison on `ticket` has started its first method (its first update).
fn wait_for_the_start(ticket: &mut Ticket<CompareUpdate>) {
    let first = next(ticket).expect("the comparison starts");
    assert!(
        matches!(
            first,
            LabUpdate::Progress(CompareProgress::Started {
                method: Method::Minimax,
                ..
            })
        ),
        "expected the start of minimax, got {first:?}"
    );
}

/// The comparison's result, waited for on `ticket`.
fn comparison(ticket: &mut Ticket<CompareUpdate>) -> lab::Comparison {
    loop {
        match next(ticket).expect("the comparison ends with its result") {
            LabUpdate::Progress(_) => {}
            LabUpdate::Done(found) => return *found.unwrap(),
            LabUpdate::Failed(message) => panic!("{message}"),
        }
    }
}

#[test]
fn the_driver_sends_a_comparison_s_progress_and_result_on_its_ticket() {
    let d = driver();
    let mut ticket = d.request(CompareRequest::new(empty_3x3()));
    assert!(ticket.is_running());
    let mut progress = Vec::new();
    let comparison = loop {
        match next(&mut ticket).expect("the comparison ends with its result") {
            LabUpdate::Progress(p) => progress.push(p),
            LabUpdate::Done(found) => break found.unwrap(),
            other => panic!("unexpected {other:?}"),
        }
    };
    // Each method's start and result, in order.
    assert_eq!(progress.len(), 12);
    assert!(matches!(
        progress[0],
        CompareProgress::Started {
            method: Method::Minimax,
            ..
        }
    ));
    assert!(matches!(
        &progress[11],
        CompareProgress::Finished { result, .. } if result.method == Method::Full
    ));
    assert_eq!(comparison.results[0].nodes, 549_946);
    assert_eq!(comparison.agreement, Agreement::Agree { compared: 6 });
    assert!(!ticket.is_running());
    assert!(ticket.next().is_none(), "the result is the last update");

    // A position that cannot be compared is refused through the driver too.
    let over = tic_tac_toe(X_WON_TOP_ROW);
    let mut ticket = d.request(CompareRequest::new(over));
    assert!(matches!(
        next(&mut ticket),
        Some(LabUpdate::Done(Err(LabError::GameOver)))
    ));
}

#[test]
fn a_comparison_whose_ticket_is_dropped_stops_and_frees_its_worker() {
    // The board moved on: the view drops the comparison of the old position.
    let d = driver();
    let mut ticket = d.request(endless());
    wait_for_the_start(&mut ticket);
    drop(ticket);
    // Were minimax still walking 4x4 to the end, this would never start, let alone finish.
    let found = comparison(&mut d.request(CompareRequest::new(empty_3x3())));
    assert_eq!(found.agreement, Agreement::Agree { compared: 6 });
}

#[test]
fn stopping_a_comparison_ends_its_search_and_nothing_more_comes() {
    let d = driver();
    let mut ticket = d.request(endless());
    wait_for_the_start(&mut ticket);
    ticket.stop();
    assert!(!ticket.is_running());
    assert!(ticket.next().is_none());
    // The worker is free again: were minimax still walking 4x4 to the end, this would never
    // start, let alone finish.
    let found = comparison(&mut d.request(CompareRequest::new(empty_3x3())));
    assert_eq!(found.results[0].nodes, 549_946);
}

#[test]
fn a_comparison_that_fails_is_reported_and_the_next_one_works() {
    let d = driver();
    d.fail_next_request();
    let mut ticket = d.request(CompareRequest::new(empty_3x3()));
    match next(&mut ticket) {
        Some(LabUpdate::Failed(message)) => {
            assert!(message.contains("failed on purpose"), "{message}");
        }
        other => panic!("expected a failure, got {other:?}"),
    }
    assert!(ticket.next().is_none(), "a failure is the last update");
    let request = CompareRequest {
        methods: vec![Method::AlphaBeta],
        ..CompareRequest::new(empty_3x3())
    };
    let found = comparison(&mut d.request(request));
    assert_eq!(found.results[0].value, Value::Draw);
}

#[test]
fn a_comparison_does_not_stop_the_computer_s_move() {
    let d = driver();
    let mut compared = d.request(endless());
    wait_for_the_start(&mut compared);
    let engine = PlayerKind::Engine {
        depth: None,
        time_ms: None,
    };
    let moved = d.request(TaskRequest::new(empty_3x3(), Task::Move(engine)));
    // The move comes while the comparison keeps running on its own worker.
    let answer = moved.answer(&mut |_| {}).expect("the move search answers");
    assert!(answer.best.is_some());
    assert!(compared.is_running());
}

#[test]
fn a_comparison_a_tree_recording_and_a_move_search_run_side_by_side() {
    // Each on a worker of its own, on one driver, as in the window.
    let lanes = [COMPARE_LANE, TREES_LANE, MOVES, VALUES];
    for (i, lane) in lanes.iter().enumerate() {
        assert!(!lanes[..i].contains(lane), "{lane:?} is shared");
    }
    let p = Position::from_notation(Rule::default(), "x../.o./...").unwrap();
    let d = driver();
    let mut compared = d.request(CompareRequest::new(p.clone()));
    let mut recorded = d.request(TreePairRequest {
        position: p.clone(),
        depth: DepthChoice::Auto,
        budget: lab::DEFAULT_BUDGET,
    });
    let engine = PlayerKind::Engine {
        depth: None,
        time_ms: None,
    };
    let moved = d.request(TaskRequest::new(p, Task::Move(engine)));
    assert!(moved.answer(&mut |_| {}).unwrap().best.is_some());
    assert!(matches!(
        comparison(&mut compared).agreement,
        Agreement::Agree { .. }
    ));
    let pair = loop {
        match next(&mut recorded).expect("the recording ends with the trees") {
            LabUpdate::Progress(_) => {}
            LabUpdate::Done(found) => break found.unwrap(),
            LabUpdate::Failed(message) => panic!("{message}"),
        }
    };
    assert_eq!(pair.minimax.value, pair.alpha_beta.value);
}

#[test]
fn a_finished_game_or_a_zero_depth_is_refused() {
    let over = tic_tac_toe(X_WON_TOP_ROW);
    let stop = AtomicBool::new(false);
    let error = lab::compare(&CompareRequest::new(over), &stop, &mut |_| {}).unwrap_err();
    assert_eq!(error, LabError::GameOver);
    let request = CompareRequest {
        depth: DepthChoice::Plies(0),
        ..CompareRequest::new(empty_3x3())
    };
    let error = lab::compare(&request, &stop, &mut |_| {}).unwrap_err();
    assert_eq!(error, LabError::DepthZero);
}

// The command line.

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Exit status 2, nothing on standard output, and a one-line `error:` message.
fn assert_refused(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stdout.is_empty(), "{args:?} printed {stdout}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn compare_prints_a_table_of_every_method() {
    let out = run(&["compare"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("nodes"), "{stdout}");
    assert!(stdout.contains("cut-offs") && stdout.contains("table hits"));
    let minimax = stdout
        .lines()
        .find(|l| l.starts_with("minimax"))
        .expect("a minimax line");
    assert!(minimax.contains("549946"), "{minimax}");
    assert!(minimax.contains("draw in 9 plies"), "{minimax}");
    for method in Method::ALL {
        assert!(
            stdout.lines().any(|l| l.starts_with(method.name())),
            "{method:?}: {stdout}"
        );
    }
    assert!(stdout.contains("all 6 agree"), "{stdout}");
    assert!(
        stdout.contains("each step visits fewer nodes than the one before it"),
        "{stdout}"
    );
}

#[test]
fn compare_json_parses_and_has_every_method() {
    let out = run(&[
        "compare",
        "--json",
        "--position",
        "x../.o./...",
        "--depth",
        "4",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["position"], "x../.o./...");
    assert_eq!(json["depth"]["plies"], 4);
    assert_eq!(json["depth"]["to_end"], false);
    let results = json["results"].as_array().unwrap();
    let ids: Vec<&str> = results
        .iter()
        .map(|r| r["method"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "minimax",
            "alpha-beta",
            "ordering",
            "table",
            "symmetry",
            "full"
        ]
    );
    for r in results {
        assert!(r["nodes"].as_u64().unwrap() > 0);
        assert!(r["seconds"].as_f64().is_some());
        assert!(r["cutoffs"].is_u64() && r["tt_hits"].is_u64());
    }
    assert_eq!(json["agreement"]["kind"], "agree");
    assert_eq!(json["progression"].as_array().unwrap().len(), 5);
}

#[test]
fn compare_with_a_node_limit_says_which_methods_stopped() {
    let out = run(&[
        "compare", "--rule", "4,4,4", "--depth", "end", "--nodes", "2000",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("node limit reached"), "{stdout}");
    assert!(stdout.contains("not compared"), "{stdout}");
}

#[test]
fn compare_refuses_bad_arguments_clearly() {
    let stderr = assert_refused(&["compare", "--position", "xx"]);
    assert!(stderr.contains("bad position 'xx'"), "{stderr}");
    let stderr = assert_refused(&["compare", "--rule", "3,3"]);
    assert!(stderr.contains("3,3"), "{stderr}");
    let stderr = assert_refused(&["compare", "--depth", "0"]);
    assert!(stderr.contains("at least 1"), "{stderr}");
    let stderr = assert_refused(&["compare", "--depth", "deep"]);
    assert!(stderr.contains("'deep' is not a depth"), "{stderr}");
    let stderr = assert_refused(&["compare", "--nodes", "0"]);
    assert!(stderr.contains("--nodes"), "{stderr}");
    let stderr = assert_refused(&["compare", "--position", "xxx/oo./..."]);
    assert!(stderr.contains("already over"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
