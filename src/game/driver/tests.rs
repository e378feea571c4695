//! The driver on real searches: tags, stale answers, stopping, failures, values, and the
//! table kept from one request to the next. Waits are bounded by a generous deadline, never
//! a fixed sleep.

use std::time::{Duration, Instant};

use super::*;
use crate::engine::Value;
use crate::rules::Side;

const BOUND: Duration = Duration::from_secs(120);

fn driver() -> Driver {
    Driver::new(DriverConfig::default(), || {})
}

fn engine(depth: Option<u32>, time_ms: Option<u64>) -> PlayerKind {
    PlayerKind::Engine { depth, time_ms }
}

fn request(tag: u64, position: &Position, task: Task) -> Request {
    Request {
        tag,
        position: position.clone(),
        task,
        clock: Clock::Free,
    }
}

fn pos(rule: Rule, text: &str) -> Position {
    Position::from_notation(rule, text).unwrap()
}

/// Polls until `done` holds, with `current` as the position on the board.
fn poll_until(
    d: &mut Driver,
    current: u64,
    mut done: impl FnMut(&mut Driver, Option<Update>) -> bool,
) {
    let deadline = Instant::now() + BOUND;
    loop {
        let update = d.poll(current);
        if done(d, update) {
            return;
        }
        assert!(Instant::now() < deadline, "the driver never answered");
        std::thread::yield_now();
    }
}

#[test]
fn iterations_and_the_answer_carry_the_request_tag() {
    let p = pos(Rule::new(4, 4, 4, false).unwrap(), "x.../..../..../....");
    let mut d = driver();
    d.request(request(42, &p, Task::Move(engine(Some(4), None))));
    assert!(d.is_running(42, TaskKind::Move));
    let mut depths = Vec::new();
    let answer = d
        .answer(42, &mut |it| depths.push(it.stats.depth))
        .expect("the search answers");
    assert_eq!(depths, [1, 2, 3, 4]);
    let Chooser::Search(result) = &answer.chooser else {
        panic!("the engine searched: {answer:?}");
    };
    assert_eq!(result.stats.depth, 4);
    assert!(p.get(answer.best.unwrap()).is_none());
    assert_eq!(p.side_to_move(), Side::O);
    assert!(!d.is_running(42, TaskKind::Move));
}

#[test]
fn an_answer_for_a_position_no_longer_current_is_dropped() {
    // The search for position 1 is not stopped: the front end simply moved on to position
    // 2 (say, the other player moved in a two-player game) before it answered.
    let p = Position::new(Rule::new(5, 5, 4, false).unwrap());
    let mut d = driver();
    d.request(request(1, &p, Task::Move(engine(None, None))));
    poll_until(&mut d, 2, |d, update| {
        assert!(update.is_none(), "handed out a stale update: {update:?}");
        !d.is_running(1, TaskKind::Move)
    });
    // The same search, with its position still current, is handed out.
    d.request(request(3, &p, Task::Move(engine(None, None))));
    let mut answered = false;
    poll_until(&mut d, 3, |_, update| {
        answered |= matches!(
            update,
            Some(Update {
                tag: 3,
                event: Event::Answer(_),
                ..
            })
        );
        answered
    });
}

#[test]
fn a_new_request_stops_the_one_running_and_nothing_of_it_comes_back() {
    let gomoku = Position::new(Rule::new(15, 15, 5, false).unwrap());
    let mut d = driver();
    d.request(request(1, &gomoku, Task::Move(engine(None, Some(60_000)))));
    let small = pos(Rule::TIC_TAC_TOE, "x../.../...");
    d.request(request(2, &small, Task::Move(engine(None, None))));
    assert!(!d.is_running(1, TaskKind::Move));
    let answer = d.answer(2, &mut |_| {}).expect("the new request answers");
    assert_eq!(answer.best, Some(Cell::new(1, 1)), "only the centre draws");
    assert!(d.poll(1).is_none());
}

#[test]
fn a_large_board_without_a_time_setting_answers_within_the_default_budget() {
    // A stone off the centre: out of the opening book, so the engine searches.
    let mut gomoku = Position::new(Rule::new(15, 15, 5, false).unwrap());
    gomoku.play(Cell::new(2, 3)).unwrap();
    let mut d = driver();
    d.request(request(5, &gomoku, Task::Move(engine(None, None))));
    let answer = d.answer(5, &mut |_| {}).expect("an answer");
    let Chooser::Search(result) = answer.chooser else {
        panic!("the engine searched");
    };
    assert!(result.stats.depth >= 1);
    assert!(gomoku.get(answer.best.unwrap()).is_none());
}

#[test]
fn stopping_a_task_hands_out_nothing_more_for_it() {
    let gomoku = Position::new(Rule::new(15, 15, 5, false).unwrap());
    let mut d = driver();
    d.request(request(9, &gomoku, Task::Move(engine(None, Some(60_000)))));
    d.stop(TaskKind::Move);
    assert!(!d.is_busy(TaskKind::Move));
    assert!(d.wait(9).is_none());
    assert!(d.poll(9).is_none());
}

#[test]
fn a_failing_worker_is_reported_and_the_next_request_works() {
    let p = Position::new(Rule::TIC_TAC_TOE);
    let mut d = driver();
    d.fail_next_request();
    d.request(request(1, &p, Task::Move(engine(None, None))));
    let error = d.answer(1, &mut |_| {}).unwrap_err();
    assert!(error.contains("failed on purpose"), "{error}");
    d.request(request(2, &p, Task::Move(engine(None, None))));
    let answer = d.answer(2, &mut |_| {}).expect("a new engine answers");
    assert!(answer.best.is_some());
}

#[test]
fn non_search_players_say_what_they_are() {
    let p = pos(Rule::TIC_TAC_TOE, "xx./oo./...");
    let mut d = driver();
    d.request(request(1, &p, Task::Move(PlayerKind::RuleBased)));
    let answer = d.answer(1, &mut |_| panic!("no search")).unwrap();
    assert!(matches!(answer.chooser, Chooser::RuleBased));
    assert_eq!(answer.best, Some(Cell::new(0, 2)));
    d.request(request(2, &p, Task::Move(PlayerKind::Random)));
    let answer = d.answer(2, &mut |_| {}).unwrap();
    assert!(matches!(answer.chooser, Chooser::Random));
    assert!(p.get(answer.best.unwrap()).is_none());
}

#[test]
fn the_table_is_kept_from_one_request_to_the_next() {
    let p = Position::new(Rule::new(4, 4, 4, false).unwrap());
    let mut d = driver();
    let mut nodes = Vec::new();
    for tag in 1..=2 {
        d.request(request(
            tag,
            &p,
            Task::Hint {
                player: engine(None, None),
            },
        ));
        let answer = d.answer(tag, &mut |_| {}).unwrap();
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

fn values(d: &mut Driver, tag: u64) -> Vec<MoveValue> {
    let mut found = Vec::new();
    while let Some(update) = d.wait(tag) {
        match update.event {
            Event::Value(value) => found.push(value),
            Event::ValuesDone => return found,
            other => panic!("unexpected {other:?}"),
        }
    }
    panic!("the values never finished");
}

#[test]
fn values_come_move_by_move_and_stop_when_asked() {
    // X to move can win at once on the top right; every other move lets O win or draw.
    let p = pos(Rule::TIC_TAC_TOE, "xx./oo./...");
    let mut d = driver();
    d.request(request(7, &p, Task::Values));
    let found = values(&mut d, 7);
    assert_eq!(found.len(), 5);
    let win = found.iter().find(|m| m.cell == Cell::new(0, 2)).unwrap();
    assert_eq!(win.value, Value::Win { plies: 1 });
    let corner = found.iter().find(|m| m.cell == Cell::new(2, 2)).unwrap();
    assert_eq!(corner.value, Value::Loss { plies: 2 });

    // Stopped, the values send nothing more and never say they are done.
    let big = Position::new(Rule::new(7, 7, 4, false).unwrap());
    d.request(request(8, &big, Task::Values));
    d.stop(TaskKind::Values);
    assert!(d.wait(8).is_none());
}

#[test]
fn values_and_a_move_search_run_side_by_side() {
    let p = Position::new(Rule::TIC_TAC_TOE);
    let mut d = driver();
    d.request(request(1, &p, Task::Values));
    d.request(request(1, &p, Task::Move(engine(None, None))));
    let (mut answer, mut done, mut count) = (false, false, 0);
    poll_until(&mut d, 1, |_, update| {
        match update.map(|u| u.event) {
            Some(Event::Answer(_)) => answer = true,
            Some(Event::ValuesDone) => done = true,
            Some(Event::Value(_)) => count += 1,
            _ => {}
        }
        answer && done
    });
    // On the empty board the corners are worth the same, and so are the edges.
    assert_eq!(count, 9);
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
    let mut d = driver();
    let rule = Rule::new(15, 15, 5, false).unwrap();
    let mut centre = Position::new(rule);
    // The empty board: the centre, from the book.
    d.request(request(1, &centre, Task::Move(engine(None, Some(200)))));
    let first = d.answer(1, &mut |_| {}).unwrap().best;
    assert_eq!(first, Some(Cell::new(7, 7)));
    centre.play(Cell::new(7, 7)).unwrap();
    let book = crate::engine::opening_book().replies(&centre);
    let mut seen = std::collections::HashSet::new();
    for tag in 2..30 {
        d.request(request(tag, &centre, Task::Move(engine(None, Some(200)))));
        let cell = d.answer(tag, &mut |_| {}).unwrap().best.unwrap();
        assert!(
            book.iter().any(|&(c, _)| c == cell),
            "{cell:?} is a book move"
        );
        seen.insert(cell);
    }
    assert!(seen.len() >= 2, "the same reply every time: {seen:?}");
}

#[test]
fn the_lab_s_tasks_run_on_workers_of_their_own() {
    // Each kind of task has its lane; moves and hints share one.
    let lanes: Vec<usize> = [
        TaskKind::Move,
        TaskKind::Hint,
        TaskKind::Values,
        TaskKind::Compare,
        TaskKind::RecordTrees,
    ]
    .iter()
    .map(|k| k.lane())
    .collect();
    assert_eq!(lanes, [0, 0, 1, 2, 3]);
    assert!(lanes.iter().all(|&lane| lane < LANES));

    // A comparison, a tree recording and a move search of one position all answer.
    let p = pos(Rule::TIC_TAC_TOE, "x../.o./...");
    let mut d = driver();
    d.request(request(4, &p, Task::compare_all()));
    let budget = crate::lab::DEFAULT_BUDGET;
    let trees = Task::RecordTrees {
        depth: DepthChoice::Auto,
        budget,
    };
    d.request(request(4, &p, trees));
    d.request(request(4, &p, Task::Move(engine(None, None))));
    let (mut compared, mut recorded, mut answered) = (false, false, false);
    poll_until(&mut d, 4, |_, update| {
        match update.map(|u| (u.task, u.event)) {
            Some((TaskKind::Compare, Event::Lab(LabEvent::Compared(found)))) => {
                compared = found.is_ok();
            }
            Some((TaskKind::RecordTrees, Event::Lab(LabEvent::Trees(found)))) => {
                recorded = found.is_ok();
            }
            Some((TaskKind::Move, Event::Answer(_))) => answered = true,
            Some((_, Event::Failed(message))) => panic!("{message}"),
            _ => {}
        }
        compared && recorded && answered
    });
}
