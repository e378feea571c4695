//! The window's side of the session, driven through egui_kittest by accessible labels: a
//! change of who moves first or of the board in the middle of a game starts a new game that
//! Undo can take back, and the score line says which mode and board it counts. The engine
//! answers on its own thread, so the tests step frames until an observable state (with a
//! generous bound), never sleep a fixed time.

use crate::support;

use egui_kittest::kittest::Queryable;
use tictactoe::game::{FirstMover, Mode, Player, Session, Settings};
use tictactoe::gui::{SavedState, cell_label};
use tictactoe::rules::{Cell, Rule, Side};

use support::*;

/// What the window says when a settings change set the game in progress aside.
const UNDO_BRINGS_IT_BACK: &str = "Undo brings back the game you were playing.";

/// X takes the top row while O plays in the middle row.
const X_WINS: [(usize, usize); 5] = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)];

/// Every stone of `moves` is on the board as its accessible label says.
fn assert_stones(h: &App, moves: &[Cell]) {
    for (i, cell) in moves.iter().enumerate() {
        let side = if i % 2 == 0 { Side::X } else { Side::O };
        h.get_by_label(&cell_label(*cell, Some(side)));
    }
}

#[test]
fn computer_first_mid_game_starts_a_new_game_that_undo_takes_back() {
    let mut h = app();
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    let old_game = h.state().session().moves().to_vec();
    assert_eq!(old_game.len(), 2);
    assert_shows(&h, "X - you");

    click(&mut h, "Computer first");
    wait_for_person(&mut h);
    let session = h.state().session();
    // Not a third stone played for you as X: a new game, which the computer opens as X.
    assert_eq!(session.moves().len(), 1, "the computer took over your side");
    assert_eq!(session.settings().first, FirstMover::Computer);
    assert!(matches!(session.player(Side::X), Player::Computer(_)));
    assert_eq!(session.player(Side::O), &Player::Human);
    assert_shows(&h, "O - you");
    assert_shows(
        &h,
        &format!("New game against the computer, the computer moves first. {UNDO_BRINGS_IT_BACK}"),
    );

    // The computer's opening alone cannot be undone: Undo brings back the old game.
    click(&mut h, "Undo Ctrl+Z");
    let session = h.state().session();
    assert_eq!(session.moves(), old_game.as_slice());
    assert_eq!(session.settings().first, FirstMover::Human);
    assert!(!h.state().is_thinking(), "nobody but you is to move");
    assert_shows(&h, "X - you");
    assert_stones(&h, &old_game);
}

#[test]
fn you_first_mid_game_does_not_hand_your_side_to_the_computer() {
    let mut h = app();
    click(&mut h, "Computer first");
    wait_for_person(&mut h);
    let empty = h.state().session().position().legal_moves()[0];
    click_cell(&mut h, empty.row, empty.col);
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 3);
    assert_shows(&h, "O - you");

    click(&mut h, "You first");
    // Were O handed to the computer, it would be searching already (it starts at once).
    let session = h.state().session();
    assert!(!h.state().is_thinking(), "the computer took over your side");
    assert!(!session.is_computer_to_move());
    assert_eq!(stones(h.state()), 0, "a new game, which you open");
    assert_eq!(session.player(Side::X), &Player::Human);
    assert_shows(&h, "X - you");
    assert_shows(&h, "New game against the computer, you move first.");
}

#[test]
fn changing_the_board_mid_game_can_be_undone_even_after_reopening() {
    use eframe::App as _;
    let mut h = app();
    click_cell(&mut h, 0, 0);
    wait_for_person(&mut h);
    let old_game = h.state().session().moves().to_vec();

    click(&mut h, "5x5, 4 in a row");
    assert_eq!(h.state().session().settings().rule.cells(), 25);
    assert_eq!(stones(h.state()), 0);
    assert_shows(
        &h,
        &format!("New game on the 5x5 board, 4 in a row. {UNDO_BRINGS_IT_BACK}"),
    );
    h.get_by_label(&label_of(4, 4, None));

    // The game set aside is saved with the session.
    let mut storage = MemoryStorage::default();
    h.state_mut().save(&mut storage);
    let mut h = reopen(storage);
    assert_eq!(h.state().session().settings().rule.cells(), 25);

    click(&mut h, "Undo Ctrl+Z");
    let session = h.state().session();
    assert_eq!(session.settings().rule, Rule::TIC_TAC_TOE);
    assert_eq!(session.moves(), old_game.as_slice());
    assert!(h.query_by_label(&label_of(4, 4, None)).is_none());
    assert_stones(&h, &old_game);
    assert_shows(&h, "X - you");
    assert!(!h.state().is_thinking());
}

#[test]
fn the_score_is_kept_and_labelled_per_mode_and_board() {
    let mut h = app();
    assert_shows(
        &h,
        "Score: you 0, computer 0, draws 0 (3x3, against the computer)",
    );
    click(&mut h, "Two players at this computer");
    for (row, col) in X_WINS {
        click_cell(&mut h, row, col);
    }
    assert_shows(&h, "Score: X 1, O 0, draws 0 (3x3, two players)");

    // The computer against itself: perfect play draws, on its own score.
    click(&mut h, "Computer vs computer");
    wait_until(&mut h, "the end of the game", |h| {
        h.state().session().outcome().is_some()
    });
    assert_shows(&h, "Score: X 0, O 0, draws 1 (3x3, computer vs computer)");

    // Back against the computer: neither X win nor the draw is yours.
    click(&mut h, "You vs computer");
    assert_shows(
        &h,
        "Score: you 0, computer 0, draws 0 (3x3, against the computer)",
    );
    click(&mut h, "Two players at this computer");
    assert_shows(&h, "Score: X 1, O 0, draws 0 (3x3, two players)");
    click(&mut h, "5x5, 4 in a row");
    assert_shows(
        &h,
        "Score: X 0, O 0, draws 0 (5x5, 4 in a row, two players)",
    );
    click(&mut h, "Classic 3x3");
    assert_shows(&h, "Score: X 1, O 0, draws 0 (3x3, two players)");
}

#[test]
fn a_saved_state_from_before_per_mode_scores_opens() {
    let mut session = Session::new(Settings {
        mode: Mode::Hotseat,
        ..Settings::default()
    });
    for (row, col) in X_WINS {
        session.play(Cell::new(row, col)).unwrap();
    }
    session.new_game();
    session.play(Cell::new(1, 1)).unwrap();
    let state = SavedState {
        session,
        ..SavedState::default()
    };
    let mut storage = MemoryStorage::default();
    eframe::set_value(&mut storage, eframe::APP_KEY, &state);
    let text = eframe::Storage::get_string(&storage, eframe::APP_KEY).unwrap();
    // What the previous version wrote: the same, without the per-mode scores and the games
    // set aside.
    let old = without_field(&without_field(&text, "scores"), "earlier");
    assert!(old.contains("tally:") && !old.contains("scores:") && !old.contains("earlier:"));
    eframe::Storage::set_string(&mut storage, eframe::APP_KEY, old);

    let h = reopen(storage);
    assert_eq!(h.state().session().moves(), &[Cell::new(1, 1)]);
    assert_shows(&h, "Score: X 1, O 0, draws 0 (3x3, two players)");
    assert_eq!(h.state().session().earlier_games(), 0);
}

/// `text` without the list field `name` (`,name:[...]`) of a RON record.
fn without_field(text: &str, name: &str) -> String {
    let start = text
        .find(&format!(",{name}:["))
        .unwrap_or_else(|| panic!("no field {name} in {text}"));
    let mut depth = 0;
    let mut end = start;
    for (i, ch) in text[start..].char_indices() {
        match ch {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => {
                depth -= 1;
                if depth == 0 {
                    end = start + i + 1;
                    break;
                }
            }
            _ => {}
        }
    }
    format!("{}{}", &text[..start], &text[end..])
}

#[test]
fn a_hotseat_game_ended_differently_after_undo_scores_the_new_ending() {
    let mut h = app();
    click(&mut h, "Two players at this computer");
    for (row, col) in X_WINS {
        click_cell(&mut h, row, col);
    }
    assert_shows(&h, "Score: X 1, O 0, draws 0 (3x3, two players)");
    click(&mut h, "Undo Ctrl+Z");
    // X plays elsewhere; O takes the middle row.
    click_cell(&mut h, 2, 0);
    click_cell(&mut h, 1, 2);
    assert_shows(&h, "Player 2 wins (O)");
    assert_shows(&h, "Score: X 0, O 1, draws 0 (3x3, two players)");
}

#[test]
fn a_note_goes_when_the_position_it_speaks_of_does() {
    // A new game of the computer against itself: the note about it goes with the first move.
    let mut h = app();
    click_cell(&mut h, 1, 1);
    wait_for_person(&mut h);
    click(&mut h, "Computer vs computer");
    wait_until(&mut h, "the computers' game to end", |h| {
        h.state().session().outcome().is_some()
    });
    assert!(!shows(&h, "New game, computer against computer"));

    // A refused click goes when the lab opens: the board it spoke of is seen differently.
    let mut h = app();
    click(&mut h, "Two players at this computer");
    click_cell(&mut h, 1, 1);
    h.get_by_label(&cell_label(Cell::new(1, 1), Some(Side::X)))
        .click();
    settle(&mut h);
    assert_shows(&h, "is already taken");
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    assert!(!shows(&h, "is already taken"));
}
