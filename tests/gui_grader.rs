//! Your own player in the window: a learner types the command of the player they wrote,
//! checks it, watches the progress, reads the counts, and clicks a mistake to see it on
//! the board (a preview: the game on the board is not changed). Players are the game's own
//! engine (`pbrain-tictactoe`, perfect) and a shell script that always takes the first
//! empty cell (tests/fixtures/first-empty-player.sh).

mod support;

use egui_kittest::kittest::Queryable;
use support::*;
use tictactoe::rules::Side;

/// Opens the lab's "Your own player" view and checks the player started by `command`,
/// waiting for the report.
fn check(h: &mut App, command: &str) {
    click(h, "Open the learners' lab");
    click(h, "Your own player");
    h.get_by_label("The player's command")
        .set_text_value_accesskit(command);
    settle(h);
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
    let player = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/first-empty-player.sh");
    let mut h = app();
    check(&mut h, player.to_str().unwrap());
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
