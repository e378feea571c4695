//! Swap and swap2 openings in the window, driven through egui_kittest by the accessible
//! labels a person sees: the opening chosen in the panel under the gomoku rule, the opening
//! stones placed by clicking cells, the choice made with the buttons, against the computer in
//! both seats and between two people, then a few moves of the game, or the whole game under
//! renju.

use crate::support;

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::game::{Choice, OpeningRule, Player, Seat, Step};
use tictactoe::gui::SavedState;
use tictactoe::rules::{Cell, Rule, Side};

use support::*;

/// The window on the gomoku board with the swap2 opening, in `mode` (a panel label), the
/// computer moving first when `computer_first`.
fn swap2(mode: Option<&str>, computer_first: bool) -> App {
    let mut h = app();
    if let Some(mode) = mode {
        click(&mut h, mode);
    }
    open_tab(&mut h, "Play");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    click(&mut h, "Swap2");
    assert_eq!(h.state().state().prefs.opening_rule, OpeningRule::Swap2);
    assert_eq!(h.state().session().opening().rule(), OpeningRule::Swap2);
    if computer_first {
        // Before any stone: the same game, the computer opening it.
        click(&mut h, "Computer first");
        assert_eq!(h.state().session().opening().rule(), OpeningRule::Swap2);
    }
    h
}

/// Clicks the first empty cell of the top rows, far from the opening's stones.
fn play_somewhere(h: &mut App) {
    let position = h.state().session().position().clone();
    let cell = (0..15)
        .flat_map(|row| (0..15).map(move |col| Cell::new(row, col)))
        .find(|&cell| position.get(cell).is_none())
        .expect("an empty cell");
    click_cell(h, cell.row, cell.col);
}

/// A few moves of the game once the opening is over: the person's, each answered by the
/// computer when it plays.
fn a_few_moves(h: &mut App) {
    wait_for_person(h);
    assert_eq!(h.state().session().opening_step(), Step::Play);
    for _ in 0..2 {
        let before = stones(h.state());
        play_somewhere(h);
        // The computer may have answered already.
        assert!(stones(h.state()) > before);
        wait_for_person(h);
    }
}

#[test]
fn the_person_opens_and_the_computer_chooses() {
    let mut h = swap2(None, false);
    assert_shows(&h, "Opening stone 1 of 3: Black - you");
    click_cell(&mut h, 7, 7);
    assert_shows(&h, "Opening stone 2 of 3: White - you");
    click_cell(&mut h, 7, 8);
    click_cell(&mut h, 8, 8);
    wait_for_person(&mut h);
    let session = h.state().session();
    match session.opening().choices() {
        [Choice::PlaceTwo] => {
            assert_eq!(stones(h.state()), 5);
            assert_shows(&h, "The computer places two more stones");
            assert_shows(&h, "Choose a colour - you");
            // The person takes black: the computer, white, moves next.
            click(&mut h, "Play Black");
            assert_eq!(h.state().session().player(Side::X), &Player::Human);
        }
        [Choice::Black] => {
            assert_shows(&h, "The computer takes Black");
            assert_eq!(h.state().session().player(Side::O), &Player::Human);
        }
        [Choice::White] => {
            assert_shows(&h, "The computer takes White");
            assert_eq!(h.state().session().player(Side::X), &Player::Human);
        }
        other => panic!("unexpected choices {other:?}"),
    }
    a_few_moves(&mut h);
}

#[test]
fn the_computer_opens_and_the_person_places_two_more() {
    let mut h = swap2(None, true);
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 3);
    assert_shows(&h, "The computer placed its opening stones");
    assert_shows(&h, "Choose, or place two - you");
    assert_shows(&h, "Play Black");
    assert_shows(&h, "Play White");
    click(&mut h, "Place two more");
    assert_shows(&h, "Two more stones, 1 of 2: White - you");
    play_somewhere(&mut h);
    assert_shows(&h, "Two more stones, 2 of 2: Black - you");
    play_somewhere(&mut h);
    wait_for_person(&mut h);
    // The computer, the opener, chose a colour; the person has the other.
    assert_eq!(h.state().session().opening_step(), Step::Play);
    let computer_side = match h.state().session().opening().choices() {
        [Choice::PlaceTwo, Choice::Black] => Side::X,
        [Choice::PlaceTwo, Choice::White] => Side::O,
        other => panic!("unexpected choices {other:?}"),
    };
    assert_shows(&h, "The computer takes");
    assert_eq!(
        h.state().session().player(computer_side.other()),
        &Player::Human
    );
    a_few_moves(&mut h);
}

#[test]
fn the_computer_opens_and_the_person_takes_white_by_the_button() {
    let mut h = swap2(None, true);
    wait_for_person(&mut h);
    click(&mut h, "Play White");
    assert_eq!(h.state().session().player(Side::O), &Player::Human);
    assert_shows(&h, "White - you");
    a_few_moves(&mut h);
}

#[test]
fn two_people_play_a_swap2_opening_and_undo_through_it() {
    let mut h = swap2(Some("Two players at this computer"), false);
    assert_shows(&h, "Opening stone 1 of 3: Black - player 1");
    click_cell(&mut h, 7, 7);
    click_cell(&mut h, 7, 8);
    click_cell(&mut h, 8, 8);
    assert_shows(&h, "Choose, or place two - player 2");
    // A click on a cell now would take white; the button for two more is taken instead.
    click(&mut h, "Place two more");
    assert_shows(&h, "Two more stones, 1 of 2: White - player 2");
    click_cell(&mut h, 6, 6);
    click_cell(&mut h, 9, 9);
    assert_shows(&h, "Choose a colour - player 1");
    assert!(!shows(&h, "Place two more"));
    click(&mut h, "Play White");
    // Player 1 plays white now, and is to move.
    assert_shows(&h, "White - player 1");
    assert!(h.state().session().is_first_seat(Side::O));
    click_cell(&mut h, 6, 8);
    assert_shows(&h, "Black - player 2");
    // Undo: the move, then the choice; the choice comes back with Redo.
    open_tab(&mut h, "Play");
    click(&mut h, "Undo Ctrl+Z");
    click(&mut h, "Undo Ctrl+Z");
    assert_eq!(
        h.state().session().opening_step(),
        Step::Choose {
            seat: Seat::Opener,
            place_two: false
        }
    );
    assert_shows(&h, "Choose a colour - player 1");
    click(&mut h, "Redo Ctrl+Shift+Z");
    assert_eq!(h.state().session().opening_step(), Step::Play);
    // New game restarts the opening.
    click(&mut h, "New game Ctrl+N");
    assert_shows(&h, "Opening stone 1 of 3: Black - player 1");
}

#[test]
fn the_opening_row_is_greyed_off_the_gomoku_board_and_kept_between_runs() {
    let mut h = swap2(Some("Two players at this computer"), false);
    open_tab(&mut h, "Play");
    click(&mut h, "Classic 3x3");
    assert_eq!(h.state().session().opening_step(), Step::Play);
    assert!(h.get_by_label("Swap2").accesskit_node().is_disabled());
    let h = reopen(MemoryStorage::with_state(h.state().state()));
    assert_eq!(h.state().state().prefs.opening_rule, OpeningRule::Swap2);
}

/// The window against the computer (moving first when `computer_first`) on the gomoku
/// board, with the gomoku `rule` and the `opening` chosen in the panel; the computer takes a
/// fifth of a second a move.
fn against_the_computer(rule: &str, opening: &str, computer_first: bool) -> App {
    let mut state = SavedState::default();
    state.prefs.large_board_time_ms = 200;
    let mut h = build_with(state, |app| app);
    open_tab(&mut h, "Play");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    click(&mut h, rule);
    click(&mut h, opening);
    if computer_first {
        click(&mut h, "Computer first");
    }
    h
}

/// The cells a person plays to let the computer win: along the top and bottom rows, every
/// other cell, so they never make a four or a three (and never a cell forbidden to Black).
fn quiet_cells() -> impl Iterator<Item = Cell> {
    [0, 14]
        .into_iter()
        .flat_map(|row| (0..15).step_by(2).map(move |col| Cell::new(row, col)))
}

/// Clicks the first quiet cell still empty.
fn play_quietly(h: &mut App) {
    let position = h.state().session().position().clone();
    let cell = quiet_cells()
        .find(|&cell| position.get(cell).is_none())
        .expect("a quiet cell left");
    assert!(position.legal_moves().contains(&cell), "{cell:?} is legal");
    let before = stones(h.state());
    click_cell(h, cell.row, cell.col);
    assert!(stones(h.state()) > before, "the click on {cell:?} played");
}

/// The person's quiet moves, each answered by the computer, until the game is over: the
/// computer, playing `computer`, wins with a line of its own.
fn play_to_the_end(h: &mut App, computer: Side) {
    for _ in quiet_cells() {
        wait_for_person(h);
        if h.state().session().outcome().is_some() {
            break;
        }
        play_quietly(h);
    }
    let outcome = h.state().session().outcome().expect("the game is over");
    assert_eq!(outcome.winner(), Some(computer), "{outcome:?}");
    assert_shows(h, "The computer wins");
}

/// The side the computer plays once the opening is over, by the choices made.
fn computer_side(h: &App) -> Side {
    let session = h.state().session();
    assert_eq!(session.opening_step(), Step::Play);
    let side = if session.player(Side::X) == &Player::Human {
        Side::O
    } else {
        Side::X
    };
    assert_eq!(session.player(side.other()), &Player::Human);
    side
}

#[test]
fn renju_and_swap2_the_computer_opens_the_person_places_two_more_and_the_game_is_played_out() {
    let mut h = against_the_computer("Renju", "Swap2", true);
    assert_eq!(h.state().session().settings().rule, Rule::RENJU);
    assert_eq!(h.state().session().opening().rule(), OpeningRule::Swap2);
    assert_shows(&h, "15x15, renju");
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 3);
    assert_shows(&h, "The computer placed its opening stones");
    assert_shows(&h, "Choose, or place two - you");
    click(&mut h, "Place two more");
    assert_shows(&h, "Two more stones, 1 of 2: White - you");
    play_quietly(&mut h);
    assert_shows(&h, "Two more stones, 2 of 2: Black - you");
    play_quietly(&mut h);
    wait_for_person(&mut h);
    assert!(matches!(
        h.state().session().opening().choices(),
        [Choice::PlaceTwo, Choice::Black | Choice::White]
    ));
    assert_shows(&h, "The computer takes");
    let computer = computer_side(&h);
    play_to_the_end(&mut h, computer);
}

#[test]
fn renju_and_swap2_the_person_opens_takes_a_colour_and_the_game_is_played_out() {
    let mut h = against_the_computer("Renju", "Swap2", false);
    assert_eq!(h.state().session().settings().rule, Rule::RENJU);
    assert_shows(&h, "Opening stone 1 of 3: Black - you");
    click_cell(&mut h, 7, 7);
    click_cell(&mut h, 7, 8);
    click_cell(&mut h, 8, 8);
    wait_for_person(&mut h);
    if h.state().session().opening().choices() == [Choice::PlaceTwo] {
        // The computer placed two more: the person chooses, and takes White.
        assert_eq!(stones(h.state()), 5);
        assert_shows(&h, "Choose a colour - you");
        click(&mut h, "Play White");
        assert_eq!(h.state().session().player(Side::O), &Player::Human);
    }
    let computer = computer_side(&h);
    play_to_the_end(&mut h, computer);
}

#[test]
fn swap_the_computer_opens_and_the_person_takes_black() {
    let mut h = against_the_computer("Freestyle", "Swap", true);
    assert_eq!(h.state().session().opening().rule(), OpeningRule::Swap);
    wait_for_person(&mut h);
    assert_eq!(stones(h.state()), 3);
    assert_shows(&h, "The computer placed its opening stones");
    assert_shows(&h, "Choose a colour - you");
    assert!(!shows(&h, "Place two more"), "swap has no two more stones");
    click(&mut h, "Play Black");
    assert_eq!(h.state().session().opening().choices(), [Choice::Black]);
    // Black's move is White's turn: the computer, now White, moves next.
    assert_eq!(computer_side(&h), Side::O);
    play_to_the_end(&mut h, Side::O);
}

#[test]
fn swap_the_person_opens_and_the_computer_chooses_a_colour() {
    let mut h = against_the_computer("Exactly five", "Swap", false);
    assert_shows(&h, "Opening stone 1 of 3: Black - you");
    click_cell(&mut h, 7, 7);
    click_cell(&mut h, 7, 8);
    click_cell(&mut h, 8, 8);
    wait_for_person(&mut h);
    let computer = match h.state().session().opening().choices() {
        [Choice::Black] => Side::X,
        [Choice::White] => Side::O,
        other => panic!("swap offers no other choice: {other:?}"),
    };
    assert_shows(&h, "The computer takes");
    assert_eq!(computer_side(&h), computer);
    play_to_the_end(&mut h, computer);
}
