//! Saving and opening games in the window, driven through egui_kittest by the accessible
//! labels a person sees: the in-window file browser used where the desktop has no file
//! dialog, the path field, a file that cannot be read, and a dialog that takes its time
//! while the window goes on working. Answers come from helper threads, so the tests step
//! frames until the window shows them (with a generous bound), never sleep a fixed time.

use crate::support;

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::game::Session;
use tictactoe::gui::{
    FileAction, FilePicker, GivenPath, PATH_FIELD_LABEL, SavedState, TicTacToeApp, cell_label,
};
use tictactoe::rules::{Cell, Side};

use support::*;

/// Preferences whose file choices start in `folder`.
fn starting_in(folder: &Path) -> SavedState {
    let mut state = SavedState::default();
    state.prefs.last_folder = Some(folder.to_path_buf());
    state
}

fn moves(h: &App) -> Vec<Cell> {
    h.state().session().moves().to_vec()
}

/// Whether the in-window browser's window is open: its title is the action's, after an
/// icon (the panel's buttons start with the same words, so the title is looked up by role).
fn browser_shows(h: &App, action: FileAction) -> bool {
    h.query_all_by_role(egui::accesskit::Role::Window).any(|w| {
        w.accesskit_node()
            .label()
            .is_some_and(|l| l.ends_with(&action.title()))
    })
}

/// A fresh folder of its own for each test.
fn temp_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("tictactoe-gui-files-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Two moves against the computer: X in the corner and its reply.
fn play_a_little(h: &mut App) -> Vec<Cell> {
    click_cell(h, 0, 0);
    wait_for_person(h);
    let played = moves(h);
    assert_eq!(played.len(), 2);
    played
}

#[test]
fn without_a_system_dialog_the_in_window_browser_saves_and_opens() {
    let folder = temp_folder("browser");
    let mut h = build_with(starting_in(&folder), TicTacToeApp::without_system_dialog);
    let played = play_a_little(&mut h);

    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    // The window says why there is no system dialog, and the browser is open in it.
    assert_shows(&h, "No system file dialog on this desktop");
    assert_shows(&h, "no desktop portal");
    assert!(browser_shows(&h, FileAction::Save));
    assert!(h.state().is_busy_with_a_file());
    click(&mut h, "Save");
    wait_for_text(&mut h, "Saved the game to");
    let file = folder.join("game.json");
    assert_eq!(Session::load(&file).unwrap().moves(), played.as_slice());

    open_tab(&mut h, "Play");
    click(&mut h, "New game Ctrl+N");
    assert!(moves(&h).is_empty());
    open_tab(&mut h, "Play");
    click(&mut h, "Open game Ctrl+O");
    assert!(browser_shows(&h, FileAction::Open));
    // The browser lists saved games by name; pick it, then open it.
    click(&mut h, "\u{1f5cb} game.json");
    click(&mut h, "Open");
    wait_until(&mut h, "the opened game", |h| !moves(h).is_empty());
    assert_eq!(moves(&h), played);
    assert_shows(&h, "Opened");
    for (i, cell) in played.iter().enumerate() {
        let side = if i % 2 == 0 { Side::X } else { Side::O };
        h.get_by_label(&cell_label(*cell, Some(side)));
    }
}

#[test]
fn the_in_window_browser_can_be_chosen_and_cancelled() {
    let folder = temp_folder("cancel");
    let mut h = build_with(starting_in(&folder), |app| app);
    let played = play_a_little(&mut h);
    open_tab(&mut h, "Options");
    click(&mut h, "In window");
    open_tab(&mut h, "Play");
    click(&mut h, "Open game Ctrl+O");
    assert!(browser_shows(&h, FileAction::Open));
    assert!(h.state().is_busy_with_a_file());
    click(&mut h, "Cancel");
    assert!(!h.state().is_busy_with_a_file());
    assert!(!browser_shows(&h, FileAction::Open), "the browser closed");
    assert_eq!(moves(&h), played);
}

#[test]
fn the_path_field_saves_and_opens() {
    let folder = temp_folder("field");
    let mut h = build_with(starting_in(&folder), |app| app);
    let played = play_a_little(&mut h);
    open_tab(&mut h, "Options");
    click(&mut h, "Type a path");

    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    let file = folder.join("typed.json");
    h.get_by_label(PATH_FIELD_LABEL)
        .set_text_value_accesskit(&file.display().to_string());
    settle(&mut h);
    click(&mut h, "Save");
    wait_for_text(&mut h, "Saved the game to");
    assert_eq!(Session::load(&file).unwrap().moves(), played.as_slice());

    open_tab(&mut h, "Play");
    click(&mut h, "New game Ctrl+N");
    click(&mut h, "Open game Ctrl+O");
    // A relative path is taken from the folder the field starts in.
    h.get_by_label(PATH_FIELD_LABEL)
        .set_text_value_accesskit("typed.json");
    settle(&mut h);
    click(&mut h, "Open");
    wait_until(&mut h, "the opened game", |h| !moves(h).is_empty());
    assert_eq!(moves(&h), played);
}

#[test]
fn a_malformed_file_leaves_the_game_as_it_was() {
    let folder = temp_folder("malformed");
    let bad = folder.join("bad.json");
    std::fs::write(&bad, "{ \"format\": \"tictactoe-game\", \"moves\": [").unwrap();

    // Typed into the path field.
    let mut h = build_with(starting_in(&folder), |app| app);
    let played = play_a_little(&mut h);
    open_tab(&mut h, "Options");
    click(&mut h, "Type a path");
    open_tab(&mut h, "Play");
    click(&mut h, "Open game Ctrl+O");
    h.get_by_label(PATH_FIELD_LABEL)
        .set_text_value_accesskit(&bad.display().to_string());
    settle(&mut h);
    click(&mut h, "Open");
    wait_for_text(&mut h, "Could not open");
    assert_shows(&h, "not a saved game");
    assert_eq!(moves(&h), played);
    assert!(!h.state().is_busy_with_a_file());

    // Handed in, a file that is not text, and a file that is not there at all.
    let garbage = folder.join("picture.png");
    std::fs::write(&garbage, [0x89, b'P', b'N', b'G', 0xff, 0xfe, 0x00, 0x9c]).unwrap();
    for (path, words) in [
        (bad.clone(), "not a saved game"),
        (garbage, "picture.png is not a saved game (not text)"),
        (folder.join("missing.json"), "could not read"),
    ] {
        let picker = Arc::new(GivenPath(path));
        let mut h = build(move |app| app.with_picker(picker));
        let played = play_a_little(&mut h);
        open_tab(&mut h, "Play");
        click(&mut h, "Open game Ctrl+O");
        wait_for_text(&mut h, "Could not open");
        assert_shows(&h, words);
        assert_eq!(moves(&h), played);
    }
}

#[test]
fn a_save_that_fails_says_so_and_keeps_the_game() {
    let folder = temp_folder("unwritable");
    let picker = Arc::new(GivenPath(folder.join("no such folder").join("game.json")));
    let mut h = build(move |app| app.with_picker(picker));
    let played = play_a_little(&mut h);
    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    wait_for_text(&mut h, "Could not save the game");
    assert_eq!(moves(&h), played);
    assert!(!h.state().is_busy_with_a_file());
}

/// A dialog that stays open until the test answers it.
struct HeldDialog {
    asked: Mutex<Sender<()>>,
    answer: Mutex<Receiver<PathBuf>>,
}

impl FilePicker for HeldDialog {
    fn pick(&self, _action: FileAction) -> Option<PathBuf> {
        let _ = self.asked.lock().unwrap().send(());
        self.answer.lock().unwrap().recv_timeout(BOUND).ok()
    }
}

#[test]
fn the_window_goes_on_while_a_dialog_is_open_and_a_file_is_written() {
    let (asked_tx, asked) = mpsc::channel();
    let (answer, answer_rx) = mpsc::channel();
    let picker = Arc::new(HeldDialog {
        asked: Mutex::new(asked_tx),
        answer: Mutex::new(answer_rx),
    });
    let mut h = build(move |app| app.with_picker(picker));
    click(&mut h, "Two players at this computer");
    click_cell(&mut h, 1, 1);
    click(&mut h, "Save game Ctrl+S");
    asked.recv_timeout(BOUND).expect("the dialog was asked for");
    assert!(h.state().is_busy_with_a_file());

    // The dialog is open on its helper thread; the board still takes moves.
    click_cell(&mut h, 0, 0);
    assert_eq!(moves(&h).len(), 2);
    assert!(h.state().is_busy_with_a_file());

    // What is saved is the game as it was when Save was pressed.
    let file = temp_folder("held").join("game.json");
    answer.send(file.clone()).unwrap();
    wait_for_text(&mut h, "Saved the game to");
    assert_eq!(Session::load(&file).unwrap().moves(), &[Cell::new(1, 1)]);
    assert_eq!(moves(&h).len(), 2, "the game on screen stays");
}

#[test]
fn the_in_window_chooser_holds_the_window_still_until_it_closes() {
    let folder = temp_folder("modal");
    let mut h = build_with(starting_in(&folder), |app| app);
    let played = play_a_little(&mut h);
    open_tab(&mut h, "Options");
    click(&mut h, "In window");
    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    assert!(browser_shows(&h, FileAction::Save));
    // Behind the browser nothing changes: not the board, not the mode, not by a shortcut.
    open_tab(&mut h, "Play");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    click(&mut h, "Two players at this computer");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    settle(&mut h);
    let session = h.state().session();
    assert_eq!(session.settings().rule, tictactoe::rules::Rule::TIC_TAC_TOE);
    assert_eq!(
        session.settings().mode,
        tictactoe::game::Mode::HumanVsComputer
    );
    assert_eq!(moves(&h), played);
    // The 3x3 game is saved, and afterwards the window takes input again.
    click(&mut h, "Save");
    wait_for_text(&mut h, "Saved the game to");
    let saved = Session::load(&folder.join("game.json")).unwrap();
    assert_eq!(saved.settings().rule, tictactoe::rules::Rule::TIC_TAC_TOE);
    open_tab(&mut h, "Play");
    click(&mut h, "Two players at this computer");
    assert_eq!(
        h.state().session().settings().mode,
        tictactoe::game::Mode::Hotseat
    );
}

#[test]
fn saving_over_a_file_asks_first() {
    let folder = temp_folder("replace");
    let file = folder.join("game.json");
    std::fs::write(&file, "an older file").unwrap();
    let mut h = build_with(starting_in(&folder), |app| app);
    let played = play_a_little(&mut h);
    open_tab(&mut h, "Options");
    click(&mut h, "Type a path");

    // Choosing another file leaves the old one as it was, and the field open.
    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    click(&mut h, "Save");
    assert_shows(&h, "“game.json” already exists. Replace it with this game?");
    click(&mut h, "Choose another");
    assert!(!shows(&h, "already exists"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "an older file");
    h.get_by_label(PATH_FIELD_LABEL);
    assert!(h.state().is_busy_with_a_file());

    // Replacing it writes the game.
    click(&mut h, "Save");
    click(&mut h, "Replace");
    wait_for_text(&mut h, "Saved the game to");
    assert_eq!(Session::load(&file).unwrap().moves(), played.as_slice());

    // A new file is written without a question.
    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    h.get_by_label(PATH_FIELD_LABEL)
        .set_text_value_accesskit(&folder.join("new.json").display().to_string());
    settle(&mut h);
    click(&mut h, "Save");
    wait_for_text(&mut h, "new.json");
    assert!(folder.join("new.json").exists());
}
