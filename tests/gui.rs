//! The desktop window, driven through egui_kittest by the accessible labels a player (or a
//! screen reader) sees: cells like "row 1, column 2: empty", buttons like "Undo Ctrl+Z".
//! The app is built without eframe storage. The engine answers on its own thread, so the
//! tests step frames until it has (with a generous bound), never sleep a fixed time.

use crate::support;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use tictactoe::engine::PlayerKind;
use tictactoe::game::{Mode, Session};
use tictactoe::gui::{GivenPath, SavedState, cell_label};
use tictactoe::rules::{Cell, Outcome, Side};

use support::*;

/// Steps frames until every one of the `empty` empty cells shows its value and the
/// analysis is over.
fn wait_for_values(h: &mut App, empty: usize) {
    let deadline = Instant::now() + BOUND;
    while h.query_all_by_label_contains(": empty, ").count() < empty
        || shows(h, "moves searched to the end")
    {
        assert!(
            Instant::now() < deadline,
            "the move values never all came in"
        );
        h.step();
        std::thread::yield_now();
    }
    assert_eq!(h.query_all_by_label_contains(": empty, ").count(), empty);
}

fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-gui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn full_game_against_the_computer() {
    let mut h = app();
    assert_shows(&h, "X - you");
    while h.state().session().outcome().is_none() {
        let empty = h.state().session().position().legal_moves()[0];
        click_cell(&mut h, empty.row, empty.col);
        wait_for_person(&mut h);
    }
    let session = h.state().session();
    // The full-depth engine cannot lose tic-tac-toe.
    let outcome = session.outcome().unwrap();
    assert_ne!(outcome.winner(), Some(Side::X), "the perfect engine lost");
    match outcome {
        Outcome::Draw => assert_shows(&h, "Draw"),
        Outcome::Win { .. } => assert_shows(&h, "The computer wins (O)"),
    }
    let tally = session.tally();
    assert_eq!(tally.wins + tally.losses + tally.draws, 1);
    assert_shows(&h, "Score: you 0");
}

#[test]
fn refused_clicks_say_why_and_change_nothing() {
    let mut h = app();
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    let before = h.state().session().moves().to_vec();
    click(&mut h, &label_of(1, 1, Some(Side::X)));
    assert_shows(&h, "Row 2, column 2 is already taken");
    assert_eq!(h.state().session().moves(), before.as_slice());

    // Two players, X wins on the top row; a click after the end is refused.
    let mut h = app();
    click(&mut h, "Two players at this computer");
    for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        click_cell(&mut h, row, col);
    }
    assert_shows(&h, "Player 1 wins (X)");
    click_cell(&mut h, 2, 2);
    assert_shows(&h, "The game is already over");
    assert_eq!(stones(h.state()), 5);
}

#[test]
fn undo_and_redo_with_buttons_and_shortcuts() {
    let mut h = app();
    click_cell(&mut h, 0, 0);
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 2);

    // Undo takes back your move and the computer's reply.
    click(&mut h, "Undo Ctrl+Z");
    assert_eq!(stones(h.state()), 0);
    assert_shows(&h, "X - you");
    click(&mut h, "Redo Ctrl+Shift+Z");
    assert_eq!(stones(h.state()), 2);

    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert_eq!(stones(h.state()), 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    settle(&mut h);
    assert_eq!(stones(h.state()), 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    settle(&mut h);
    assert_eq!(stones(h.state()), 2, "Ctrl+Shift+Z redoes");
}

#[test]
fn undo_while_the_computer_thinks_drops_its_answer() {
    // On 15x15 with 60 s per move the computer is thinking from the frame it is asked until
    // it is stopped: no race with its answer. The first stone is off the centre, where the
    // opening book has no line (a book reply comes at once and would end the thinking
    // before the test looks).
    let mut h = app();
    click(&mut h, "Gomoku 15x15, 5 in a row");
    h.get_by_label("Time per move (seconds):")
        .set_value_accesskit(60.0);
    settle(&mut h);
    click_cell(&mut h, 6, 5);
    assert!(h.state().is_thinking(), "the computer should be thinking");
    assert_shows(&h, "computer is thinking");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    settle(&mut h);
    assert!(!h.state().is_thinking());
    assert_eq!(stones(h.state()), 0);
    // On a board of stones the sides are black and white.
    assert_shows(&h, "Black - you");
    // Play elsewhere with a short budget: the answer that lands is the one for the new
    // position, never the stopped search's.
    h.get_by_label("Time per move (seconds):")
        .set_value_accesskit(0.2);
    settle(&mut h);
    click_cell(&mut h, 0, 0);
    wait_for_person(&mut h);
    let moves = h.state().session().moves().to_vec();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert_eq!(moves[0], Cell::new(0, 0));
}

#[test]
fn a_new_game_while_the_computer_thinks_drops_its_answer() {
    // As with undo: on 15x15 with 60 s per move the computer thinks until it is stopped.
    // The window does not stop it by hand: its search, read with the new game's position,
    // forgets itself.
    let mut h = app();
    click(&mut h, "Gomoku 15x15, 5 in a row");
    h.get_by_label("Time per move (seconds):")
        .set_value_accesskit(60.0);
    settle(&mut h);
    click_cell(&mut h, 6, 5);
    assert!(h.state().is_thinking(), "the computer should be thinking");
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    assert!(!h.state().is_thinking());
    assert_eq!(stones(h.state()), 0);
    h.get_by_label("Time per move (seconds):")
        .set_value_accesskit(0.2);
    settle(&mut h);
    click_cell(&mut h, 0, 0);
    wait_for_person(&mut h);
    let moves = h.state().session().moves().to_vec();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert_eq!(moves[0], Cell::new(0, 0));
}

#[test]
fn undo_after_the_game_is_over() {
    let mut h = app();
    click(&mut h, "Two players at this computer");
    for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        click_cell(&mut h, row, col);
    }
    assert!(h.state().session().outcome().is_some());
    click(&mut h, "Undo Ctrl+Z");
    assert!(h.state().session().outcome().is_none());
    assert_eq!(stones(h.state()), 4);
    assert_shows(&h, "X - player 1");
    // Playing elsewhere now is allowed.
    click_cell(&mut h, 2, 2);
    assert_eq!(stones(h.state()), 5);
}

#[test]
fn two_players_take_turns() {
    let mut h = app();
    click(&mut h, "Two players at this computer");
    assert_shows(&h, "X - player 1");
    click_cell(&mut h, 1, 1);
    assert_shows(&h, "O - player 2");
    click_cell(&mut h, 0, 0);
    assert!(
        !h.state().is_thinking(),
        "nobody computes in two-player mode"
    );
    assert_eq!(
        h.state().session().position().get(Cell::new(0, 0)),
        Some(Side::O)
    );
    h.get_by_label(&label_of(0, 0, Some(Side::O)));
}

#[test]
fn computer_against_computer_finishes_a_game() {
    let mut h = app();
    click(&mut h, "Computer vs computer");
    let started = Instant::now();
    wait_until(&mut h, "the end of the game", |h| {
        h.state().session().outcome().is_some()
    });
    // Nine moves with a visible pause before each.
    assert!(started.elapsed() >= tictactoe::gui::COMPUTER_VS_COMPUTER_PAUSE * 9);
    assert_eq!(
        h.state().session().outcome(),
        Some(Outcome::Draw),
        "perfect play draws"
    );
    assert_shows(&h, "Draw");
    assert_eq!(
        h.state().session().settings().mode,
        Mode::ComputerVsComputer
    );
}

#[test]
fn the_computer_can_move_first() {
    let mut h = app();
    click(&mut h, "Computer first");
    wait_for_person(&mut h);
    let session = h.state().session();
    assert_eq!(session.moves().len(), 1);
    assert_eq!(
        session.player(Side::X),
        &tictactoe::game::Player::Computer(session.settings().computer.clone())
    );
    assert_shows(&h, "O - you");
    // New game: the computer opens again.
    click(&mut h, "New game Ctrl+N");
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 1);
}

#[test]
fn difficulty_and_board_changes() {
    let mut h = app();
    assert_shows(&h, "plays perfectly, cannot lose");
    click(&mut h, "Beginner");
    assert_shows(&h, "Looks 1 move ahead");
    assert_shows(&h, "O - computer (depth 1)");
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 2);

    click(&mut h, "Rule-based");
    assert_shows(&h, "takes the centre");
    click(&mut h, "Alpha-beta search");
    assert_shows(&h, "Looks 1 move ahead");

    click(&mut h, "4x4, 4 in a row");
    assert_eq!(h.state().session().settings().rule.cells(), 16);
    assert_eq!(stones(h.state()), 0, "a new board starts a new game");
    h.get_by_label(&label_of(3, 3, None));

    click(&mut h, "Gomoku 15x15, 5 in a row");
    assert_eq!(h.state().session().settings().rule.k(), 5);
    h.get_by_label(&label_on(&h, 14, 14, None));
    assert_shows(&h, "2 s per move");
    assert_shows(&h, "Large board: the computer thinks at most 2 s per move");
    h.get_by_label("Time per move (seconds):")
        .set_value_accesskit(0.5);
    settle(&mut h);
    assert_eq!(
        h.state().session().settings().computer,
        PlayerKind::Engine {
            depth: Some(1),
            time_ms: Some(500)
        }
    );
    assert_shows(&h, "computer (depth 1, 0.5 s per move)");

    // Back on 3x3 the engine has no time limit again; at full depth it plays perfectly.
    click(&mut h, "Classic 3x3");
    assert_eq!(
        h.state().session().settings().computer,
        PlayerKind::Engine {
            depth: Some(1),
            time_ms: None
        }
    );
    click(&mut h, "Perfect");
    assert_shows(&h, "cannot lose");
    assert_shows(&h, "computer (perfect)");
}

#[test]
fn custom_board_is_checked() {
    let mut h = app();
    click(&mut h, "Custom board");
    // K larger than the board is refused with the rules' message, not a panic.
    h.get_by_label("K (in a row)").set_value_accesskit(9.0);
    settle(&mut h);
    assert_shows(
        &h,
        "K must be between 3 and the longer side of the board (7), got 9",
    );
    h.get_by_label("K (in a row)").set_value_accesskit(4.0);
    h.get_by_label("Width").set_value_accesskit(6.0);
    settle(&mut h);
    click(&mut h, "Play on this board");
    let rule = h.state().session().settings().rule;
    assert_eq!((rule.width(), rule.height(), rule.k()), (6, 6, 4));
    h.get_by_label(&label_on(&h, 5, 5, None));
}

#[test]
fn keypad_digits_play_on_three_by_three() {
    let mut h = app();
    click(&mut h, "Two players at this computer");
    h.key_press(Key::Num7);
    settle(&mut h);
    assert_eq!(
        h.state().session().position().get(Cell::new(0, 0)),
        Some(Side::X)
    );
    h.key_press(Key::Num3);
    settle(&mut h);
    assert_eq!(
        h.state().session().position().get(Cell::new(2, 2)),
        Some(Side::O)
    );
    h.key_press(Key::Num5);
    settle(&mut h);
    assert_eq!(
        h.state().session().position().get(Cell::new(1, 1)),
        Some(Side::X)
    );
    h.get_by_label(&label_of(1, 1, Some(Side::X)));
}

#[test]
fn arrows_and_enter_play_on_any_board() {
    let mut h = app();
    click(&mut h, "Two players at this computer");
    click(&mut h, "5x5, 4 in a row");
    // The cursor appears at the centre (row 3, column 3) on the first arrow, then moves.
    for key in [Key::ArrowUp, Key::ArrowUp, Key::ArrowUp, Key::ArrowLeft] {
        h.key_press(key);
        settle(&mut h);
    }
    h.key_press(Key::Enter);
    settle(&mut h);
    assert_eq!(
        h.state().session().position().get(Cell::new(0, 1)),
        Some(Side::X)
    );
    h.key_press(Key::ArrowDown);
    h.key_press(Key::Space);
    settle(&mut h);
    assert_eq!(
        h.state().session().position().get(Cell::new(1, 1)),
        Some(Side::O)
    );
    // The cursor stops at the edge.
    for _ in 0..9 {
        h.key_press(Key::ArrowRight);
    }
    h.key_press(Key::Enter);
    settle(&mut h);
    assert_eq!(
        h.state().session().position().get(Cell::new(1, 4)),
        Some(Side::X)
    );
}

#[test]
fn a_bad_record_is_refused_and_the_game_stays() {
    let path = temp_path("broken.json");
    std::fs::write(
        &path,
        "{ \"format\": \"tictactoe-game\", \"version\": 1, \"moves\": [",
    )
    .unwrap();
    let picker = Arc::new(GivenPath(path));
    let mut h = build(move |app| app.with_picker(picker));
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    let before = h.state().session().moves().to_vec();
    open_tab(&mut h, "Play");
    click(&mut h, "Open game Ctrl+O");
    wait_for_text(&mut h, "Could not open");
    assert_shows(&h, "not a saved game");
    assert_eq!(h.state().session().moves(), before.as_slice());

    // A record from a newer version is refused with its own message.
    let newer = temp_path("newer.json");
    let mut record = h.state().session().to_record();
    record.version = 99;
    std::fs::write(&newer, record.to_json()).unwrap();
    let picker = Arc::new(GivenPath(newer));
    let mut h = build(move |app| app.with_picker(picker));
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    wait_for_text(&mut h, "saved by a newer version of the program");
    assert_eq!(stones(h.state()), 0);
}

#[test]
fn save_then_open_gives_back_the_same_game() {
    let path = temp_path("saved.json");
    let _ = std::fs::remove_file(&path);
    let picker = Arc::new(GivenPath(path.clone()));
    let mut h = build(move |app| app.with_picker(picker));
    click_cell(&mut h, 0, 0);
    wait_for_person(&mut h);
    click_cell(&mut h, 2, 2);
    wait_for_person(&mut h);
    let saved: Vec<Cell> = h.state().session().moves().to_vec();
    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    wait_for_text(&mut h, "Saved the game to");
    assert!(path.exists());
    assert_eq!(Session::load(&path).unwrap().moves(), saved.as_slice());

    click(&mut h, "New game Ctrl+N");
    assert_eq!(stones(h.state()), 0);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    settle(&mut h);
    wait_until(&mut h, "the open", |h| {
        !h.state().session().moves().is_empty()
    });
    assert_eq!(h.state().session().moves(), saved.as_slice());
    assert_shows(&h, "Opened");
    for (i, cell) in saved.iter().enumerate() {
        let side = if i % 2 == 0 { Side::X } else { Side::O };
        h.get_by_label(&cell_label(*cell, Some(side)));
    }
}

#[test]
fn hint_shows_a_move_without_playing_it() {
    let mut h = app();
    click(&mut h, "Hint");
    wait_for_text(&mut h, "best: row");
    assert_eq!(stones(h.state()), 0, "a hint is not played");
}

#[test]
fn learners_view_shows_the_last_search() {
    let mut h = app();
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    open_tab(&mut h, "Learn");
    click(&mut h, "Last search (for learners)");
    assert_shows(&h, "Computer's move for O");
    assert_shows(&h, "Nodes: ");
    assert_shows(&h, "Cut-offs: ");
    assert_shows(&h, "Table hits: ");
    assert_shows(&h, "Depth reached: ");
    assert_shows(&h, "draw with best play");
}

#[test]
fn the_last_search_belongs_to_the_board_and_names_a_player_without_search() {
    let mut h = app();
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    open_tab(&mut h, "Learn");
    click(&mut h, "Last search (for learners)");
    assert_shows(&h, "Computer's move for O");
    // Another board: the 3x3 search says nothing about it.
    open_tab(&mut h, "Play");
    click(&mut h, "4x4, 4 in a row");
    open_tab(&mut h, "Learn");
    assert!(!shows(&h, "Computer's move for O"));
    assert_shows(&h, "No search of this position yet");
    // The rule-based player does not search: the view says so instead of giving zeros.
    open_tab(&mut h, "Play");
    click(&mut h, "Rule-based");
    click_cell(&mut h, 0, 0);
    wait_for_person(&mut h);
    open_tab(&mut h, "Learn");
    assert_shows(&h, "The rule-based player chose");
    assert!(!shows(&h, "Nodes: 0"));
    assert!(!shows(&h, "not proved within the search limits"));
}

#[test]
fn theme_switch() {
    let mut h = app();
    open_tab(&mut h, "Options");
    click(&mut h, "Dark");
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    click(&mut h, "Light");
    assert_eq!(h.ctx.theme(), egui::Theme::Light);
    click(&mut h, "System");
    assert_eq!(
        h.state().state().prefs.theme,
        tictactoe::gui::ThemeChoice::System
    );
}

#[test]
fn settings_and_game_survive_closing_and_reopening() {
    use eframe::App as _;
    let mut h = app();
    open_tab(&mut h, "Options");
    click(&mut h, "Dark");
    open_tab(&mut h, "Play");
    click(&mut h, "Beginner");
    click_cell(&mut h, 0, 0);
    wait_for_person(&mut h);
    let moves = h.state().session().moves().to_vec();
    let settings = h.state().session().settings().clone();
    let mut storage = MemoryStorage::default();
    h.state_mut().save(&mut storage);

    let h = reopen(storage);
    assert_eq!(h.state().session().moves(), moves.as_slice());
    assert_eq!(h.state().session().settings(), &settings);
    assert_eq!(h.ctx.theme(), egui::Theme::Dark);
    assert_shows(&h, "computer (depth 1)");
    h.get_by_label(&label_of(0, 0, Some(Side::X)));
}

#[test]
fn corrupt_or_missing_storage_falls_back_to_defaults_for_what_cannot_be_read() {
    let h = reopen(MemoryStorage::default());
    assert_eq!(stones(h.state()), 0);
    assert_shows(&h, "X - you");

    let mut storage = MemoryStorage::default();
    eframe::Storage::set_string(
        &mut storage,
        eframe::APP_KEY,
        "(session: garbage".to_string(),
    );
    let h = reopen(storage);
    assert_eq!(stones(h.state()), 0);
    assert_shows(&h, "plays perfectly, cannot lose");

    // Well-formed, but a board the rules refuse: not trusted either; the preferences,
    // which read on their own, are kept.
    let mut state = SavedState::default();
    state.prefs.large_board_time_ms = 3_000;
    let mut storage = MemoryStorage::default();
    eframe::set_value(&mut storage, eframe::APP_KEY, &state);
    let text = eframe::Storage::get_string(&storage, eframe::APP_KEY).unwrap();
    assert!(text.contains("width:3"), "{text}");
    let bad = text.replace("width:3", "width:0");
    eframe::Storage::set_string(&mut storage, eframe::APP_KEY, bad);
    let h = reopen(storage);
    assert_eq!(h.state().session().settings().rule.width(), 3);
    assert_eq!(h.state().state().prefs.large_board_time_ms, 3_000);
}

#[test]
fn move_values_are_shown_on_the_board_for_learners() {
    let mut h = app();
    click(&mut h, "Two players at this computer");
    open_tab(&mut h, "Learn");
    click(&mut h, "Show what each move is worth");
    // On the empty board every first move draws with best play.
    wait_for_values(&mut h, 9);
    assert_eq!(h.query_all_by_label_contains(": empty, draw").count(), 9);
    // X in a corner: only the centre holds the draw for O; O beside it on an edge loses,
    // and X then wins in 5 plies (this move included).
    click(&mut h, &format!("{}, draw", label_of(0, 0, None)));
    wait_for_values(&mut h, 8);
    assert_shows(&h, &format!("{}, loss in 6", label_of(0, 1, None)));
    assert_shows(&h, &format!("{}, draw", label_of(1, 1, None)));
    click(&mut h, &format!("{}, loss in 6", label_of(0, 1, None)));
    wait_for_values(&mut h, 7);
    assert_shows(&h, &format!("{}, win in 5", label_of(1, 0, None)));
    assert_eq!(stones(h.state()), 2, "values are shown, never played");
    // Turned off, the cells are plain again.
    open_tab(&mut h, "Learn");
    click(&mut h, "Show what each move is worth");
    assert!(!shows(&h, ", win in"));
    assert_shows(&h, &label_of(2, 2, None));
}

#[test]
fn move_values_on_the_five_by_five_board() {
    let mut h = app();
    click(&mut h, "Two players at this computer");
    click(&mut h, "5x5, 4 in a row");
    // The empty board takes seconds: the panel counts the values as they come in, and
    // turning the view off stops the work.
    open_tab(&mut h, "Learn");
    click(&mut h, "Show what each move is worth");
    assert_shows(&h, " of 25 moves searched to the end");
    click(&mut h, "Show what each move is worth");
    assert!(!shows(&h, "moves searched to the end"));
    // X builds three in the middle row from the left edge; O plays in the corners.
    for (row, col) in [(2, 0), (0, 0), (2, 1), (0, 4), (2, 2), (4, 4)] {
        click_cell(&mut h, row, col);
        settle(&mut h);
    }
    assert_eq!(stones(h.state()), 6);
    click(&mut h, "Show what each move is worth");
    wait_for_values(&mut h, 25 - 6);
    // X completes the row at once.
    assert_shows(&h, &format!("{}, win in 1", label_of(2, 3, None)));
}

#[test]
fn a_failed_search_is_reported_and_can_be_tried_again() {
    let mut h = app();
    h.state().fail_next_search();
    click_cell(&mut h, 1, 1);
    wait_for_text(&mut h, "the computer could not move");
    assert_shows(&h, "failed on purpose");
    assert!(!h.state().is_thinking());
    assert_eq!(stones(h.state()), 1);
    click(&mut h, "Try again");
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 2);
    assert!(!shows(&h, "could not move"));
}

#[test]
fn a_refused_click_is_forgotten_once_the_game_moves_on() {
    let mut h = build(|app| app);
    // Computer vs computer: every click is refused while the game plays itself out.
    h.get_by_label("Computer vs computer").click();
    settle(&mut h);
    click_cell(&mut h, 0, 0);
    assert_shows(&h, "Wait: ");
    wait_until(&mut h, "the end of the game", |h| {
        h.state().session().outcome().is_some()
    });
    assert!(
        !shows(&h, "Wait: "),
        "a stale refusal stays beside the result"
    );
}
