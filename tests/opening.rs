//! Swap and swap2 openings in the session: who places and who chooses, the colours each
//! person ends with, undo and redo through the opening, new games, saved states.

use tictactoe::game::{
    Choice, FirstMover, Mode, OpeningRule, Player, Seat, Session, Settings, Step,
};
use tictactoe::rules::{Cell, Rule, Side};

fn c(row: usize, col: usize) -> Cell {
    Cell::new(row, col)
}

fn gomoku(mode: Mode, first: FirstMover) -> Session {
    let mut session = Session::new(Settings {
        rule: Rule::new(15, 15, 5, false).unwrap(),
        mode,
        first,
        ..Settings::default()
    });
    session.set_opening_rule(OpeningRule::Swap2);
    session
}

fn three(session: &mut Session) {
    for cell in [c(7, 7), c(7, 8), c(8, 8)] {
        session.play(cell).unwrap();
    }
}

#[test]
fn the_person_opens_and_the_computer_choosing_black_leaves_the_person_white() {
    let mut s = gomoku(Mode::HumanVsComputer, FirstMover::Human);
    assert_eq!(
        s.opening_step(),
        Step::Place {
            seat: Seat::Opener,
            number: 1,
            of: 3
        }
    );
    three(&mut s);
    assert!(s.is_computer_to_move());
    assert_eq!(
        s.opening_step(),
        Step::Choose {
            seat: Seat::Chooser,
            place_two: true
        }
    );
    s.choose(Choice::Black).unwrap();
    assert_eq!(s.opening_step(), Step::Play);
    assert!(matches!(s.player(Side::X), Player::Computer(_)));
    assert_eq!(s.player(Side::O), &Player::Human);
    // White is to move: the person.
    assert_eq!(s.player_to_move(), Some(&Player::Human));
    // The record says who played which colour.
    assert_eq!(s.to_record().first, FirstMover::Computer);
    // Undo takes back the computer's choice with the person's third stone.
    assert!(s.undo());
    assert_eq!(s.moves().len(), 2);
    assert!(s.opening().choices().is_empty());
    assert_eq!(s.player_to_move(), Some(&Player::Human));
    // Redo gives them back, up to the person's turn again.
    assert!(s.redo());
    assert_eq!(s.moves().len(), 3);
    assert_eq!(s.opening().choices(), [Choice::Black]);
    assert_eq!(s.player_to_move(), Some(&Player::Human));
}

#[test]
fn a_person_who_took_white_and_wins_counts_a_win() {
    let mut s = gomoku(Mode::HumanVsComputer, FirstMover::Computer);
    // The computer opens; the person chooses, by playing white's stone.
    three(&mut s);
    assert_eq!(s.player_to_move(), Some(&Player::Human));
    s.play(c(0, 0)).unwrap();
    assert_eq!(s.opening().choices(), [Choice::White]);
    assert_eq!(s.player(Side::O), &Player::Human);
    for cell in [
        c(12, 0),
        c(1, 0),
        c(12, 2),
        c(2, 0),
        c(12, 4),
        c(3, 0),
        c(12, 6),
    ] {
        s.play(cell).unwrap();
    }
    s.play(c(4, 0)).unwrap();
    assert!(s.outcome().is_some());
    assert_eq!(s.tally().wins, 1);
}

#[test]
fn swap2_in_hotseat_hands_the_choice_back_to_player_one() {
    let mut s = gomoku(Mode::Hotseat, FirstMover::Human);
    three(&mut s);
    s.choose(Choice::PlaceTwo).unwrap();
    assert_eq!(
        s.opening_step(),
        Step::Place {
            seat: Seat::Chooser,
            number: 1,
            of: 2
        }
    );
    s.play(c(6, 6)).unwrap();
    s.play(c(9, 9)).unwrap();
    assert_eq!(
        s.opening_step(),
        Step::Choose {
            seat: Seat::Opener,
            place_two: false
        }
    );
    let refused = s.choose(Choice::PlaceTwo).unwrap_err().to_string();
    assert!(refused.contains("two more"), "{refused}");
    s.choose(Choice::White).unwrap();
    // Player 1 plays white now, and is to move.
    assert!(s.is_first_seat(Side::O));
    assert!(!s.is_first_seat(Side::X));
    // Undo takes back one thing at a time between two people: the choice, then a stone.
    assert!(s.undo());
    assert_eq!(s.moves().len(), 5);
    assert_eq!(s.opening().choices(), [Choice::PlaceTwo]);
    assert!(s.undo());
    assert_eq!(s.moves().len(), 4);
    assert!(s.redo() && s.redo());
    assert_eq!(s.opening().choices(), [Choice::PlaceTwo, Choice::White]);
}

#[test]
fn a_choice_is_refused_outside_its_moment_and_new_game_restarts_the_opening() {
    let mut s = gomoku(Mode::Hotseat, FirstMover::Human);
    assert!(s.choose(Choice::Black).is_err());
    three(&mut s);
    s.choose(Choice::Black).unwrap();
    s.new_game();
    assert_eq!(s.moves().len(), 0);
    assert!(s.opening().choices().is_empty());
    assert!(matches!(s.opening_step(), Step::Place { number: 1, .. }));
    // Undo on the new game's first position brings the game back, choice and all.
    assert!(s.undo());
    assert_eq!(s.opening().choices(), [Choice::Black]);
}

#[test]
fn another_opening_rule_starts_a_new_game_once_stones_are_down() {
    let mut s = gomoku(Mode::Hotseat, FirstMover::Human);
    assert!(!s.set_opening_rule(OpeningRule::Swap));
    assert_eq!(s.opening().rule(), OpeningRule::Swap);
    s.play(c(7, 7)).unwrap();
    assert!(s.set_opening_rule(OpeningRule::Free));
    assert_eq!(s.opening_step(), Step::Play);
    assert!(s.moves().is_empty());
    // Other boards open freely, whatever the rule of new games.
    let mut small = Session::new(Settings::default());
    small.set_opening_rule(OpeningRule::Swap2);
    assert_eq!(small.opening_rule(), OpeningRule::Swap2);
    assert_eq!(small.opening_step(), Step::Play);
}

#[test]
fn the_opening_is_saved_with_the_session_and_a_damaged_one_is_refused() {
    let mut s = gomoku(Mode::HumanVsComputer, FirstMover::Human);
    three(&mut s);
    s.choose(Choice::PlaceTwo).unwrap();
    let text = serde_json::to_string(&s).unwrap();
    let loaded: Session = serde_json::from_str(&text).unwrap();
    assert_eq!(loaded.opening(), s.opening());
    assert_eq!(loaded.opening_rule(), OpeningRule::Swap2);
    assert_eq!(loaded.opening_step(), s.opening_step());
    // A choice that swap does not offer.
    let bad = text.replace("\"swap2\"", "\"swap\"");
    let error = serde_json::from_str::<Session>(&bad)
        .unwrap_err()
        .to_string();
    assert!(error.contains("two more"), "{error}");
}

#[test]
fn an_engine_from_outside_in_a_seat_plays_without_a_swap_opening() {
    let mut s = gomoku(Mode::HumanVsComputer, FirstMover::Human);
    assert_ne!(s.opening_step(), Step::Play);
    // Seating an engine (it speaks no swap) starts the game again without the opening.
    let mut settings = s.settings().clone();
    settings.engines.seats[1] = tictactoe::external::EngineCommand::parse("my-engine");
    s.set_settings(settings.clone());
    assert_eq!(s.opening_step(), Step::Play);
    assert_eq!(s.opening_rule(), OpeningRule::Swap2, "the preference stays");
    s.play(c(7, 7)).unwrap();
    assert!(matches!(s.player_to_move(), Some(Player::Engine(_))));
    // Taken off again, a new game opens by swap2.
    settings.engines.seats[1] = None;
    s.set_settings(settings);
    assert_ne!(s.opening_step(), Step::Play);
}
