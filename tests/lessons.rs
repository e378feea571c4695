//! Learning from lost games: the computer loses a line, remembers the move that led into the
//! forced loss, and plays something else when the same line comes again; the lessons live
//! in a file, and a damaged file is a clear error, never a panic.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use tictactoe::engine::{Engine, EngineConfig, Limits, PlayerKind};
use tictactoe::game::{
    Chooser, Driver, DriverConfig, Lessons, LessonsError, LostGame, SharedLessons, Task,
    TaskRequest,
};
use tictactoe::rules::{Cell, Position, Rule, Side};

/// A fresh file name in the temporary folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-lessons-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("lessons.json")
}

/// The weak computer of the test: one ply deep.
fn weak() -> PlayerKind {
    PlayerKind::Engine {
        depth: Some(1),
        time_ms: None,
    }
}

/// The computer's move through the driver, as the window and the terminal get it, avoiding
/// what `lessons` say.
fn computer_move(driver: &Driver, lessons: &SharedLessons, position: &Position) -> Cell {
    let request =
        TaskRequest::new(position.clone(), Task::Move(weak())).with_lessons(Some(lessons.clone()));
    driver
        .request(request)
        .answer(&mut |_| {})
        .expect("an answer")
        .best
        .expect("a move")
}

/// The perfect player's move (the side that wins 4,4,3 from the start).
fn perfect_move(position: &Position) -> Cell {
    let mut engine = Engine::new(EngineConfig::default());
    let stop = AtomicBool::new(false);
    engine
        .search(position, &Limits::default(), &stop, &mut |_| {})
        .best
        .expect("a move")
}

/// Plays a game of 4x4, three in a row: X perfect, or X's moves of `script` while the
/// position is the same as then; O the weak computer. The moves.
fn play(driver: &Driver, lessons: &SharedLessons, script: &[Cell]) -> Vec<Cell> {
    let rule: Rule = "4,4,3".parse().unwrap();
    let mut position = Position::new(rule);
    let mut moves = Vec::new();
    while !position.is_over() {
        let cell = if position.side_to_move() == Side::X {
            match script.get(moves.len()) {
                Some(&cell) if moves[..] == script[..moves.len()] => cell,
                _ => perfect_move(&position),
            }
        } else {
            computer_move(driver, lessons, &position)
        };
        position.play(cell).unwrap();
        moves.push(cell);
    }
    assert_eq!(
        position.winner(),
        Some(Side::X),
        "the weak computer loses 4,4,3"
    );
    moves
}

#[test]
fn the_computer_deviates_from_a_line_it_lost() {
    let path = scratch("deviates");
    let lessons = Arc::new(Mutex::new(Lessons::load(&path).unwrap()));
    let driver = Driver::new(DriverConfig::default(), || {});

    let first = play(&driver, &lessons, &[]);
    let lesson = lessons
        .lock()
        .unwrap()
        .record_loss(&LostGame {
            rule: "4,4,3".parse().unwrap(),
            moves: first.clone(),
            computer: Side::O,
        })
        .unwrap()
        .expect("a lesson from the lost game");
    // The lesson is one of the computer's moves of that game, in the position it was
    // played in.
    let at = lesson.moves.len();
    assert_eq!(lesson.moves[..], first[..at]);
    assert_eq!(lesson.avoid, first[at]);
    assert_eq!(at % 2, 1, "a move of O's");

    // The same line again: the computer plays something else where it went wrong.
    let second = play(&driver, &lessons, &first);
    assert_eq!(second[..at], first[..at], "the same line up to the lesson");
    assert_ne!(
        second[at], first[at],
        "the computer deviates: {first:?} / {second:?}"
    );

    // Asked there again, the computer says the lessons chose its move, and which move of the
    // search they set aside; it is no search result of its own.
    let mut there = Position::new("4,4,3".parse().unwrap());
    for &m in &first[..at] {
        there.play(m).unwrap();
    }
    let request = TaskRequest::new(there, Task::Move(weak())).with_lessons(Some(lessons.clone()));
    let answer = driver.request(request).answer(&mut |_| {}).unwrap();
    match answer.chooser {
        Chooser::Lessons { result, avoided } => {
            assert_eq!(avoided, lesson.avoid);
            assert_eq!(answer.best, result.best);
            assert_ne!(answer.best, Some(avoided));
        }
        other => panic!("the lessons' move said it came from {other:?}"),
    }

    // The lesson is in the file, and read back from it.
    let reread = Lessons::load(&path).unwrap();
    assert_eq!(reread.len(), 1);
    let mut position = Position::new("4,4,3".parse().unwrap());
    for &m in &lesson.moves {
        position.play(m).unwrap();
    }
    assert_eq!(reread.avoids(&position), vec![lesson.avoid]);

    // Forgotten: none left, in the file too.
    lessons.lock().unwrap().forget().unwrap();
    assert_eq!(Lessons::load(&path).unwrap().len(), 0);
}

#[test]
fn a_damaged_lessons_file_is_a_clear_error() {
    let path = scratch("damaged");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    for (text, says) in [
        ("not json at all", "damaged"),
        (r#"{"version": 9, "lessons": []}"#, "format version 9"),
        (
            r#"{"version": 1, "lessons": [{"rule": {"width": 3, "height": 3, "k": 3, "exact": false},
               "moves": [{"row": 1, "col": 1}], "avoid": {"row": 1, "col": 1}}]}"#,
            "lesson 1",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        let err = Lessons::load(&path).unwrap_err();
        assert!(matches!(err, LessonsError::Damaged { .. }), "{err}");
        let message = err.to_string();
        assert!(message.contains(says), "{message}");
        assert!(message.contains("lessons.json"), "{message}");
    }
    // No file yet: no lessons, no error.
    std::fs::remove_file(&path).unwrap();
    assert!(Lessons::load(&path).unwrap().is_empty());
}

#[test]
fn a_game_the_computer_did_not_lose_teaches_nothing() {
    let mut lessons = Lessons::in_memory();
    let rule: Rule = "3,3,3".parse().unwrap();
    // X wins on the top row; the computer played O.
    let moves: Vec<Cell> = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
        .iter()
        .map(|&(r, c)| Cell::new(r, c))
        .collect();
    let as_x = LostGame {
        rule,
        moves: moves.clone(),
        computer: Side::X,
    };
    assert_eq!(lessons.record_loss(&as_x).unwrap(), None);
    let as_o = LostGame {
        rule,
        moves,
        computer: Side::O,
    };
    assert!(lessons.record_loss(&as_o).unwrap().is_some());
    assert_eq!(lessons.len(), 1);
    // The same lesson twice is kept once.
    assert_eq!(lessons.record_loss(&as_o).unwrap(), None);
    assert_eq!(lessons.len(), 1);
}

use crate::support;

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::gui::i18n::Language;

#[test]
fn the_window_says_how_many_lessons_and_offers_to_forget_them() {
    let mut h = support::app();
    support::open_tab(&mut h, "Learn");
    support::assert_shows(&h, "The computer has learned no lessons yet");
    let forget = h.get_by_label("Forget the lessons");
    assert!(
        forget.accesskit_node().is_disabled(),
        "nothing to forget yet: the button is disabled"
    );
}

/// The window on 4x4, three in a row, the person (X) against the weak computer, which
/// learns from its lost games.
fn window_on_4x4() -> support::App {
    use tictactoe::game::{FirstMover, Mode, Session, Settings};
    use tictactoe::gui::SavedState;
    // Won by the first player; the computer one ply deep.
    let settings = Settings {
        rule: "4,4,3".parse().unwrap(),
        mode: Mode::HumanVsComputer,
        first: FirstMover::Human,
        computer: weak(),
        engines: Default::default(),
    };
    let state = SavedState {
        session: Session::new(settings),
        ..SavedState::default()
    };
    support::build_with(state, |app| app)
}

/// The person's next move in the window: X's move of `script` while the game is the same as
/// then, the perfect move otherwise.
fn person_moves(h: &mut support::App, script: &[Cell]) {
    let moves = h.state().session().moves().to_vec();
    let cell = match script.get(moves.len()) {
        Some(&cell) if moves[..] == script[..moves.len()] => cell,
        _ => perfect_move(h.state().session().position()),
    };
    support::click_cell(h, cell.row, cell.col);
    support::wait_for_person(h);
}

#[test]
fn beating_the_computer_in_the_window_teaches_a_lesson_that_forget_takes_away() {
    let mut h = window_on_4x4();
    while !h.state().session().position().is_over() {
        person_moves(&mut h, &[]);
    }
    assert_eq!(h.state().session().position().winner(), Some(Side::X));
    support::open_tab(&mut h, "Learn");
    support::wait_until(&mut h, "the lesson learned", |h| {
        support::shows(h, "The computer has learned 1 lesson")
    });
    support::click(&mut h, "Forget the lessons");
    support::assert_shows(&h, "The computer has learned no lessons yet");
}

#[test]
fn a_move_the_lessons_chose_says_so_in_the_last_search_view() {
    let mut h = window_on_4x4();
    while !h.state().session().position().is_over() {
        person_moves(&mut h, &[]);
    }
    let lost = h.state().session().moves().to_vec();
    support::open_tab(&mut h, "Learn");
    support::wait_until(&mut h, "the lesson learned", |h| {
        support::shows(h, "The computer has learned 1 lesson")
    });
    // The same line again, until the computer plays another move than in the lost game.
    support::open_tab(&mut h, "Play");
    support::click(&mut h, "New game Ctrl+N");
    support::open_tab(&mut h, "Learn");
    support::click(&mut h, "Last search (for learners)");
    let (reply, avoided) = loop {
        assert!(
            !h.state().session().position().is_over(),
            "the computer played the lost game again: {lost:?}"
        );
        person_moves(&mut h, &lost);
        let moves = h.state().session().moves().to_vec();
        let at = moves.len() - 1;
        if moves[at] != lost[at] {
            break (moves[at], lost[at]);
        }
    };
    let name = |cell: Cell| format!("row {}, column {}", cell.row + 1, cell.col + 1);
    // Where the move came from, which move of the search it set aside, and the numbers of
    // that search (a search did run).
    support::assert_shows(
        &h,
        &format!(
            "{}, from the lessons of lost games: the search chose {}, which lost a game from \
             this position before",
            name(reply),
            name(avoided)
        ),
    );
    support::assert_shows(&h, "Depth reached: 1");
    assert!(
        !support::shows(&h, "Best move: "),
        "a lessons' move is not shown as the search's best"
    );
    // The same in Chinese.
    support::click(&mut h, Language::Chinese.own_name());
    support::assert_shows(&h, "来自输棋的教训");
    support::assert_shows(&h, "达到的深度：1");
}
