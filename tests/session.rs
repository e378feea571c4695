//! The game session as a front end uses it: undo and redo in every mode, the score, settings.

use tictactoe::engine::PlayerKind;
use tictactoe::game::{FirstMover, Mode, Player, Session, Settings, Tally};
use tictactoe::rules::{Cell, MoveError, Rule, Side};

fn settings(mode: Mode, first: FirstMover) -> Settings {
    Settings {
        mode,
        first,
        ..Settings::default()
    }
}

fn c(row: usize, col: usize) -> Cell {
    Cell::new(row, col)
}

#[test]
fn undo_against_the_computer_takes_back_both_moves() {
    let mut s = Session::new(Settings::default());
    assert!(!s.can_undo() && !s.can_redo());
    s.play(c(1, 1)).unwrap(); // you
    assert!(s.is_computer_to_move());
    s.play(c(0, 0)).unwrap(); // the computer's reply
    let before = s.generation();
    assert!(s.undo());
    assert!(s.moves().is_empty());
    assert_ne!(s.generation(), before);
    assert!(s.can_redo());
    assert!(s.redo());
    assert_eq!(s.moves(), &[c(1, 1), c(0, 0)]);
    assert!(!s.can_redo());
}

#[test]
fn undo_while_the_computer_thinks_takes_back_only_your_move() {
    let mut s = Session::new(Settings::default());
    s.play(c(1, 1)).unwrap();
    assert!(s.is_computer_to_move());
    assert!(s.undo());
    assert!(s.moves().is_empty());
    assert!(!s.is_computer_to_move());
}

#[test]
fn undo_after_the_game_is_over() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    for cell in [c(0, 0), c(1, 0), c(0, 1), c(1, 1), c(0, 2)] {
        s.play(cell).unwrap();
    }
    assert_eq!(s.outcome().unwrap().winner(), Some(Side::X));
    assert_eq!(s.play(c(2, 2)), Err(MoveError::GameOver));
    assert_eq!(
        s.tally(),
        Tally {
            wins: 1,
            losses: 0,
            draws: 0
        }
    );
    assert!(s.undo());
    assert_eq!(s.moves().len(), 4, "hotseat: one undo is one move");
    assert!(s.outcome().is_none());
    // Finishing the same game again does not count it twice.
    s.play(c(0, 2)).unwrap();
    assert_eq!(s.tally().wins, 1);
    s.new_game();
    assert!(s.moves().is_empty());
    assert_eq!(s.tally().wins, 1, "the score survives a new game");
}

#[test]
fn computer_first_cannot_undo_its_opening_alone() {
    let mut s = Session::new(settings(Mode::HumanVsComputer, FirstMover::Computer));
    assert_eq!(
        *s.player(Side::X),
        Player::Computer(PlayerKind::Engine {
            depth: None,
            time_ms: None
        })
    );
    assert!(s.is_computer_to_move());
    s.play(c(1, 1)).unwrap();
    assert!(!s.can_undo());
    s.play(c(0, 0)).unwrap(); // you
    s.play(c(2, 2)).unwrap(); // computer
    assert!(s.undo());
    assert_eq!(s.moves(), &[c(1, 1)]);
    assert!(!s.is_computer_to_move());
}

#[test]
fn computer_against_computer_undoes_one_move() {
    let mut s = Session::new(settings(Mode::ComputerVsComputer, FirstMover::Human));
    s.play(c(1, 1)).unwrap();
    s.play(c(0, 0)).unwrap();
    assert!(s.undo());
    assert_eq!(s.moves(), &[c(1, 1)]);
}

#[test]
fn losses_and_draws_are_counted_from_your_side() {
    let mut s = Session::new(Settings::default());
    for cell in [c(1, 0), c(0, 0), c(2, 2), c(0, 1), c(1, 2), c(0, 2)] {
        s.play(cell).unwrap();
    }
    assert_eq!(
        s.tally(),
        Tally {
            wins: 0,
            losses: 1,
            draws: 0
        }
    );
    s.new_game();
    for cell in [
        c(0, 0),
        c(1, 1),
        c(2, 2),
        c(0, 1),
        c(2, 1),
        c(2, 0),
        c(0, 2),
        c(1, 2),
        c(1, 0),
    ] {
        s.play(cell).unwrap();
    }
    assert_eq!(s.tally().draws, 1);
}

#[test]
fn settings_changes() {
    let mut s = Session::new(Settings::default());
    s.play(c(1, 1)).unwrap();
    let g = s.generation();
    s.set_settings(settings(Mode::Hotseat, FirstMover::Human));
    assert_eq!(s.moves().len(), 1, "a mode change keeps the game");
    assert!(!s.is_computer_to_move());
    assert_ne!(s.generation(), g);
    let big = Settings {
        rule: Rule::new(15, 15, 5, false).unwrap(),
        ..Settings::default()
    };
    s.set_settings(big);
    assert!(s.moves().is_empty(), "a new board starts a new game");
    assert_eq!(s.position().rule().cells(), 225);
}

#[test]
fn the_session_round_trips_through_serde() {
    let mut s = Session::new(Settings::default());
    s.play(c(1, 1)).unwrap();
    s.play(c(0, 0)).unwrap();
    s.undo();
    let text = serde_json::to_string(&s).unwrap();
    let back: Session = serde_json::from_str(&text).unwrap();
    assert_eq!(back.moves(), s.moves());
    assert!(back.can_redo());
    // A tampered saved state is refused rather than loaded.
    let bad = text.replace("\"row\":1", "\"row\":7");
    assert!(serde_json::from_str::<Session>(&bad).is_err());
}
