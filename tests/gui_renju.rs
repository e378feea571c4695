//! Renju in the window, driven through egui_kittest by the accessible labels a person sees:
//! the gomoku board and its rule chosen in the panel, black's forbidden cells labelled (and
//! crossed) while black is to move, a click on one refused with the reason and the game
//! unchanged, the rule named in the status, kept in a saved game and between runs.

use crate::support;

use std::sync::Arc;

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::game::Session;
use tictactoe::gui::{GivenPath, GomokuRule};
use tictactoe::rules::{Cell, Rule, Side};

use support::*;

/// Black's F4, F5, D6 and E6 with white far away, black to move: F6 would make two open
/// threes at once (down the F column and along row 6).
const DOUBLE_THREE_AT_F6: [(usize, usize); 8] = [
    (3, 5),
    (10, 0),
    (4, 5),
    (10, 2),
    (5, 3),
    (10, 4),
    (5, 4),
    (10, 6),
];

/// The window for two players on the gomoku board played by `rule`, chosen in the panel.
fn two_players_by(rule: &str) -> App {
    let mut h = app();
    open_tab(&mut h, "Play");
    click(&mut h, "Two players at this computer");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    click(&mut h, rule);
    h
}

fn play_all(h: &mut App, moves: &[(usize, usize)]) {
    for &(row, col) in moves {
        click_cell(h, row, col);
    }
    assert_eq!(stones(h.state()), moves.len());
}

/// The labels of the cells said to be forbidden.
fn forbidden_labels(h: &App) -> Vec<String> {
    h.query_all_by_label_contains("forbidden for Black")
        .filter_map(|node| node.accesskit_node().label())
        .collect()
}

#[test]
fn a_forbidden_cell_is_marked_and_a_click_on_it_is_refused() {
    let mut h = two_players_by("Renju");
    assert_eq!(h.state().session().settings().rule, Rule::RENJU);
    assert_eq!(h.state().state().prefs.gomoku_rule, GomokuRule::Renju);
    assert_shows(&h, "15x15, renju");
    play_all(&mut h, &DOUBLE_THREE_AT_F6);
    assert_eq!(
        forbidden_labels(&h),
        ["F6: forbidden for Black (double three)"]
    );

    let before = h.state().session().moves().to_vec();
    click(&mut h, "F6: forbidden for Black (double three)");
    assert_shows(&h, "F6 is forbidden for Black: double three");
    assert_eq!(h.state().session().moves(), before.as_slice());
    assert_eq!(h.state().session().position().get(Cell::new(5, 5)), None);
    assert_eq!(
        h.state().session().position().side_to_move(),
        Side::X,
        "still black's move"
    );

    // Black plays elsewhere: white to move has no forbidden cells, so no crosses.
    click_cell(&mut h, 0, 14);
    assert!(forbidden_labels(&h).is_empty());
}

#[test]
fn freestyle_has_no_forbidden_cells() {
    let mut h = two_players_by("Renju");
    play_all(&mut h, &DOUBLE_THREE_AT_F6);
    assert_eq!(forbidden_labels(&h).len(), 1);

    // Back to freestyle: the game set aside, a new one by the new rule; the same moves leave
    // F6 open to black, and it plays there.
    open_tab(&mut h, "Play");
    click(&mut h, "Freestyle");
    assert_eq!(
        h.state().session().settings().rule,
        Rule::new(15, 15, 5, false).unwrap()
    );
    assert!(forbidden_labels(&h).is_empty());
    play_all(&mut h, &DOUBLE_THREE_AT_F6);
    assert!(forbidden_labels(&h).is_empty());
    assert_shows(&h, "15x15, 5 in a row");
    click_cell(&mut h, 5, 5);
    assert_eq!(
        h.state().session().position().get(Cell::new(5, 5)),
        Some(Side::X)
    );
}

#[test]
fn the_rule_row_keeps_its_place_and_the_choice_comes_back() {
    let mut h = app();
    // Where the rule row and the custom board's header are, from the gomoku board's button
    // (the panel may scroll between two looks).
    let places = |h: &App| {
        let top = h.get_by_label("Gomoku 15x15, 5 in a row").rect().top();
        ["Freestyle", "Renju", "Custom board"].map(|label| h.get_by_label(label).rect().top() - top)
    };
    let greyed = places(&h);
    click(&mut h, "Gomoku 15x15, 5 in a row");
    assert_eq!(places(&h), greyed, "nothing moves when the row comes alive");
    click(&mut h, "Exactly five");
    assert_eq!(
        h.state().session().settings().rule,
        Rule::new(15, 15, 5, true).unwrap()
    );
    assert_shows(&h, "15x15, exactly 5 in a row");
    // Another board, then the gomoku board again: played by the rule chosen before.
    click(&mut h, "Classic 3x3");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    assert_eq!(
        h.state().session().settings().rule,
        Rule::new(15, 15, 5, true).unwrap()
    );
    // Kept between runs.
    click(&mut h, "Renju");
    let h = reopen(MemoryStorage::with_state(h.state().state()));
    assert_eq!(h.state().session().settings().rule, Rule::RENJU);
    assert_eq!(h.state().state().prefs.gomoku_rule, GomokuRule::Renju);
}

#[test]
fn a_saved_renju_game_opens_as_renju() {
    let path = std::env::temp_dir().join(format!("tictactoe-renju-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let picker = Arc::new(GivenPath(path.clone()));
    let mut h = build(move |app| app.with_picker(picker));
    click(&mut h, "Two players at this computer");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    click(&mut h, "Renju");
    play_all(&mut h, &DOUBLE_THREE_AT_F6);
    open_tab(&mut h, "Play");
    click(&mut h, "Save game Ctrl+S");
    wait_for_text(&mut h, "Saved the game to");
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("\"renju\"")
    );
    assert_eq!(Session::load(&path).unwrap().settings().rule, Rule::RENJU);

    // Opened on another board, the game comes back as renju, F6 still forbidden.
    click(&mut h, "Freestyle");
    click(&mut h, "Open game Ctrl+O");
    wait_for_text(&mut h, "Opened");
    assert_eq!(h.state().session().settings().rule, Rule::RENJU);
    assert_eq!(stones(h.state()), DOUBLE_THREE_AT_F6.len());
    assert_eq!(forbidden_labels(&h).len(), 1);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_lab_s_preview_crosses_forbidden_cells_too() {
    let mut h = two_players_by("Renju");
    play_all(&mut h, &DOUBLE_THREE_AT_F6);
    // Black plays elsewhere: white to move, nothing forbidden on the game's board.
    click_cell(&mut h, 0, 14);
    assert!(forbidden_labels(&h).is_empty());

    // The review's step back shows the position with black to move: F6 crossed there too.
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    click(&mut h, "Review");
    click(&mut h, "Review this game");
    click(&mut h, "Back");
    assert_shows(&h, "The board shows the position after 8 of 9 moves.");
    assert_eq!(
        forbidden_labels(&h),
        ["F6: forbidden for Black (double three)"]
    );
    // The game itself stays as it is.
    assert_eq!(stones(h.state()), 9);
}
