//! Your own player in the window: a learner types the command of the player they wrote,
//! picks a board, checks it, watches the progress, reads the counts (or a match's score),
//! clicks a mistake to see it on a board of the right size (a preview: the game on the
//! board is not changed), and saves the report to a file. Players are the game's own engine
//! (`pbrain-tictactoe`, perfect) and a shell script that always takes the first empty cell
//! (tests/fixtures/first-empty-player.sh).

use crate::support;

use std::path::PathBuf;
use std::sync::Arc;

use egui_kittest::kittest::Queryable;
use support::*;
use tictactoe::gui::GivenPath;
use tictactoe::rules::Side;

fn first_empty() -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/first-empty-player.sh")
        .display()
        .to_string()
}

/// Opens the lab's "Your own player" view, types `command` and picks `board`.
fn open(h: &mut App, command: &str, board: &str) {
    open_tab(h, "Learn");
    click(h, "Open the learners' lab");
    click(h, "Your own player");
    h.get_by_label("The player's command")
        .set_text_value_accesskit(command);
    settle(h);
    click(h, board);
}

/// Checks the player started by `command` on 3x3, waiting for the report.
fn check(h: &mut App, command: &str) {
    open(h, command, "3x3");
    click(h, "Check it on 3x3");
    wait_for_text(h, "Positions asked: 4520 of 4520");
}

#[test]
fn the_games_own_engine_is_checked_perfect_in_the_window() {
    let mut h = app();
    check(&mut h, env!("CARGO_BIN_EXE_pbrain-tictactoe"));
    assert_shows(&h, "Every answer was a best move");
}

#[test]
fn a_mistake_is_listed_and_shown_on_the_board_without_touching_the_game() {
    let mut h = app();
    check(&mut h, &first_empty());
    assert_shows(&h, "Wins missed");
    // The first mistake listed: X took the top-left corner and O, answering the first
    // empty cell beside it, throws the draw that only the centre keeps. Clicking it puts
    // its position on the board, marked, and the game stays as it was.
    let first = "Draws thrown away: O to move after 1 move, answered 1,0, best 1,1";
    wait_for_text(&mut h, first);
    click(&mut h, first);
    assert!(
        h.state().session().moves().is_empty(),
        "the game is not changed"
    );
    // The board shows the mistake's position: X in the top-left corner.
    assert!(
        h.query_by_label(&label_of(0, 0, Some(Side::X))).is_some(),
        "the board shows the position of the mistake"
    );
    // Clicked again, the mistake is put away and the board shows the game again.
    click(&mut h, first);
    assert!(h.query_by_label(&label_of(0, 0, None)).is_some());
}

#[test]
fn a_sample_of_4x4_positions_is_checked_and_a_mistake_opens_on_a_4x4_board() {
    let mut h = app();
    open(&mut h, &first_empty(), "4x4, four in a row");
    click(&mut h, "Check it on 4x4");
    wait_for_text(&mut h, "Positions asked: 100 of 100");
    assert_shows(&h, "A sample drawn with seed 1");
    // The list may reach below the window's edge: scrolled to, as a person would.
    h.query_all_by_label_contains(" to move after ")
        .next()
        .expect("a first-empty-cell player errs on 4x4")
        .scroll_to_me();
    settle(&mut h);
    h.query_all_by_label_contains(" to move after ")
        .next()
        .expect("still listed")
        .click();
    settle(&mut h);
    // The board is 4x4 now: its last cell is there, whatever it holds.
    let corner = [None, Some(Side::X), Some(Side::O)]
        .into_iter()
        .any(|content| h.query_by_label(&label_of(3, 3, content)).is_some());
    assert!(corner, "the mistake is shown on a 4x4 board");
    assert!(h.state().session().moves().is_empty());
}

#[test]
fn the_match_on_15x15_shows_its_progress_and_stops() {
    let mut h = app();
    open(&mut h, &first_empty(), "15x15 match");
    click(&mut h, "Check it on 15x15");
    wait_for_text(&mut h, "of 6 games");
    click(&mut h, "Stop");
    wait_for_text(&mut h, "Check it on 15x15");
}

#[test]
fn the_report_is_saved_to_the_file_chosen() {
    let dir = std::env::temp_dir().join(format!("tictactoe-gui-grader-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join("report.txt");
    let _ = std::fs::remove_file(&path);
    let picker = Arc::new(GivenPath(path.clone()));
    let mut h = build(move |app| app.with_picker(picker));
    check(&mut h, &first_empty());
    click(&mut h, "Save report…");
    wait_for_text(&mut h, "Saved the report to");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("Positions asked: 4520 of 4520"), "{text}");
    assert!(text.contains("draws thrown away"), "{text}");
}

#[test]
fn a_mistake_is_studied_on_the_board_with_the_search_tree_and_undo_brings_the_game_back() {
    let mut h = app();
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    let game = h.state().session().moves().to_vec();
    check(&mut h, &first_empty());
    let first = "Draws thrown away: O to move after 1 move, answered 1,0, best 1,1";
    wait_for_text(&mut h, first);
    click(&mut h, first);
    click(&mut h, "Study it on the board");
    // The mistake's position is the game now: X in the top-left corner, O to move, two
    // people at this computer so that nobody moves by itself, the moves' values shown.
    let session = h.state().session();
    assert_eq!(session.moves(), [tictactoe::rules::Cell::new(0, 0)]);
    assert_eq!(session.settings().mode, tictactoe::game::Mode::Hotseat);
    assert!(h.state().state().prefs.show_values);
    assert_shows(&h, "the lab's search tree shows why");
    // Undoing past its first move brings the game that was on the board back.
    open_tab(&mut h, "Play");
    click(&mut h, "Undo Ctrl+Z");
    assert!(h.state().session().moves().is_empty());
    click(&mut h, "Undo Ctrl+Z");
    assert_eq!(h.state().session().moves(), game.as_slice());
}
