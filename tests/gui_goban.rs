//! The gomoku board in the window: stones on the intersections of 15x15, found and pressed by
//! their accessible labels like any board; the look, move numbers and threat marks as saved
//! settings; the computer's thinking shown as it searches; and a whole computer-vs-computer
//! game on 15x15.

mod support;

use std::time::{Duration, Instant};

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::engine::PlayerKind;
use tictactoe::game::{FirstMover, Mode, Session, Settings};
use tictactoe::gui::{BoardLook, SavedState};
use tictactoe::rules::{Cell, Rule, Side};

use support::*;

fn gomoku() -> Rule {
    Rule::new(15, 15, 5, false).unwrap()
}

/// The window on 15x15 with `mode`, the computer given `time_ms` per move.
fn on_15x15(mode: Mode, first: FirstMover, time_ms: u64) -> App {
    let settings = Settings {
        rule: gomoku(),
        mode,
        first,
        computer: PlayerKind::Engine {
            depth: None,
            time_ms: Some(time_ms),
        },
    };
    let mut state = SavedState {
        session: Session::new(settings),
        ..SavedState::default()
    };
    state.prefs.large_board_time_ms = time_ms;
    build_with(state, |app| app)
}

fn two_players() -> App {
    on_15x15(Mode::Hotseat, FirstMover::Human, 2_000)
}

/// Clicks a setting in the side panel, scrolled into view first (the board's settings are
/// near the panel's end).
fn click_setting(h: &mut App, label: &str) {
    h.get_by_label(label).scroll_to_me();
    settle(h);
    click(h, label);
}

fn stone_at(h: &App, row: usize, col: usize) -> Option<Side> {
    h.state().session().position().get(Cell::new(row, col))
}

#[test]
fn a_click_on_an_intersection_plays_there() {
    let mut h = two_players();
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Stones);
    click_cell(&mut h, 7, 7);
    assert_eq!(stone_at(&h, 7, 7), Some(Side::X));
    assert!(shows(&h, &label_of(7, 7, Some(Side::X))));

    // Near a point, not on it: within half a line spacing still plays there.
    let point = h.get_by_label(&label_of(7, 8, None)).rect();
    let near = point.center() + point.size() * egui::vec2(0.35, -0.35);
    h.drag_at(near);
    h.step();
    h.drop_at(near);
    settle(&mut h);
    assert_eq!(stone_at(&h, 7, 8), Some(Side::O));
    assert_eq!(stones(h.state()), 2);

    // A click on a stone is refused, and the status says why.
    click(&mut h, &label_of(7, 7, Some(Side::X)));
    assert_shows(&h, "already taken");
    assert_eq!(stones(h.state()), 2);
}

#[test]
fn the_keyboard_cursor_plays_on_the_points() {
    let mut h = two_players();
    h.key_press(Key::ArrowRight);
    settle(&mut h);
    h.key_press(Key::ArrowDown);
    settle(&mut h);
    h.key_press(Key::Enter);
    settle(&mut h);
    // The first arrow shows the cursor at the centre (H8); the second moves it down to H9.
    assert_eq!(stone_at(&h, 8, 7), Some(Side::X));
}

#[test]
fn the_look_is_a_setting_and_is_kept() {
    let mut h = two_players();
    click_cell(&mut h, 7, 7);
    click_setting(&mut h, "Marks on every board");
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Marks);
    // The points keep their labels and clicks in either look.
    click_cell(&mut h, 6, 6);
    assert_eq!(stone_at(&h, 6, 6), Some(Side::O));

    let storage = MemoryStorage::with_state(h.state().state());
    let h = reopen(storage);
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Marks);
    assert_eq!(stone_at(&h, 6, 6), Some(Side::O));
    let mut h = h;
    click_setting(&mut h, "Stones on gomoku boards");
    assert_eq!(h.state().state().prefs.board_look, BoardLook::Stones);
}

#[test]
fn move_numbers_are_an_option_for_boards_of_stones() {
    let mut h = two_players();
    click_setting(&mut h, "Move numbers on the stones");
    assert!(h.state().state().prefs.move_numbers);
    let storage = MemoryStorage::with_state(h.state().state());
    let mut h = reopen(storage);
    assert!(h.state().state().prefs.move_numbers);
    click_setting(&mut h, "Move numbers on the stones");
    assert!(!h.state().state().prefs.move_numbers);

    // The 3x3 board has marks, so the option is there but cannot be changed.
    let mut h = app();
    let before = h.state().state().prefs.move_numbers;
    click_setting(&mut h, "Move numbers on the stones");
    assert_eq!(h.state().state().prefs.move_numbers, before);
}

#[test]
fn threat_marks_name_each_sides_fours_and_open_threes() {
    let mut h = two_players();
    // Black H8 I8 J8 (an open three), White A1 A2 A3 along the edge (blocked: no threat),
    // then Black K8 makes an open four.
    for (row, col) in [(7, 7), (0, 0), (7, 8), (1, 0), (7, 9), (2, 0)] {
        click_cell(&mut h, row, col);
    }
    click_setting(&mut h, "Mark fours and open threes");
    assert!(h.state().state().prefs.show_threats);
    assert_shows(&h, "Black open three: H8 I8 J8, at G8 K8");
    assert!(!shows(&h, "White open three"));
    click_cell(&mut h, 7, 10);
    assert_shows(&h, "Black open four: H8 I8 J8 K8, at G8 L8");
    // White blocks one end: a four that can still be stopped.
    click_cell(&mut h, 7, 6);
    assert_shows(&h, "Black four: H8 I8 J8 K8, at L8");

    click_setting(&mut h, "Mark fours and open threes");
    assert!(!shows(&h, "Black four"));
}

#[test]
fn the_status_shows_the_depth_and_line_while_the_computer_thinks() {
    let mut h = on_15x15(Mode::HumanVsComputer, FirstMover::Human, 4_000);
    // Near the edge, out of the opening book (whose replies come without a search).
    click_cell(&mut h, 2, 3);
    assert!(
        tictactoe::engine::opening_book()
            .replies(h.state().session().position())
            .is_empty(),
        "the position is out of the book"
    );
    // The line is read at the status line's once-a-second tick; the search gets 4 s.
    wait_until(&mut h, "the search's depth and line", |h| {
        shows(h, "Depth ") && shows(h, ", expects ")
    });
    let line = h.get_by_label_contains(", expects ");
    let node = line.accesskit_node();
    let text = node.value().or_else(|| node.label()).unwrap_or_default();
    assert!(text.starts_with("Depth "), "{text}");
    wait_for_person(&mut h);
    assert!(!shows(&h, ", expects "));
    assert_eq!(stones(h.state()), 2);
}

#[test]
fn computer_against_computer_plays_a_whole_game_on_15x15() {
    // A short time per move keeps the test short; the pause between moves is the window's.
    // GOBAN_CVC_MS sets another time per move, to measure the pace a person sees (the
    // window's default is 2000).
    let ms = std::env::var("GOBAN_CVC_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let mut h = on_15x15(Mode::ComputerVsComputer, FirstMover::Human, ms);
    let start = Instant::now();
    let bound = Duration::from_secs(1800);
    let mut last = (0, start);
    let mut gaps = Vec::new();
    while h.state().session().outcome().is_none() {
        assert!(
            start.elapsed() < bound,
            "no result after {} moves",
            stones(h.state())
        );
        h.step();
        if stones(h.state()) != last.0 {
            gaps.push(last.1.elapsed().as_secs_f64());
            last = (stones(h.state()), Instant::now());
        }
        // The window sleeps through the pause between moves too; stepping busily would
        // only take time from the search.
        std::thread::sleep(Duration::from_millis(20));
    }
    settle(&mut h);
    let moves = stones(h.state());
    let outcome = h.state().session().outcome().unwrap();
    match outcome.winner() {
        Some(side) => assert_shows(&h, &format!("{side} wins")),
        None => assert_shows(&h, "Draw"),
    }
    assert!(moves >= 9, "a five needs at least 9 moves, got {moves}");
    let shortest = gaps.iter().copied().fold(f64::INFINITY, f64::min);
    let longest = gaps.iter().copied().fold(0.0, f64::max);
    println!(
        "computer vs computer on 15x15 at {ms} ms a move: {moves} moves, winner {:?}, {:.1} s \
         in all, {:.2} s a move on average (shortest {shortest:.2} s, longest {longest:.2} s)",
        outcome.winner(),
        start.elapsed().as_secs_f64(),
        start.elapsed().as_secs_f64() / moves as f64,
    );
}
