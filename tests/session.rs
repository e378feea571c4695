//! The game session as a front end uses it: undo and redo in every mode, the score, settings.

use tictactoe::engine::PlayerKind;
use tictactoe::external::EngineCommand;
use tictactoe::game::{EARLIER_GAMES, FirstMover, Mode, Player, Session, Settings, Tally};
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
    let stronger = Settings {
        computer: PlayerKind::RuleBased,
        ..Settings::default()
    };
    assert!(!s.set_settings(stronger.clone()));
    assert_eq!(s.moves().len(), 1, "a new computer player keeps the game");
    assert_eq!(*s.player(Side::O), Player::Computer(PlayerKind::RuleBased));
    assert!(s.is_computer_to_move());
    assert_ne!(s.generation(), g);
    let g = s.generation();
    assert!(s.set_settings(settings(Mode::Hotseat, FirstMover::Human)));
    assert!(
        s.moves().is_empty(),
        "a mode change mid-game starts a new game"
    );
    assert!(!s.is_computer_to_move());
    assert_ne!(s.generation(), g);
    let big = Settings {
        rule: Rule::new(15, 15, 5, false).unwrap(),
        ..Settings::default()
    };
    assert!(
        !s.set_settings(big),
        "nothing played on this board: nothing set aside"
    );
    assert!(s.moves().is_empty());
    assert_eq!(s.position().rule().cells(), 225);
}

/// Plays `cells` in order, every one of them legal.
fn play_all(s: &mut Session, cells: &[Cell]) {
    for &cell in cells {
        s.play(cell).unwrap();
    }
}

/// X takes the top row while O plays in the middle row.
const X_WINS: [(usize, usize); 5] = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)];

fn x_wins() -> Vec<Cell> {
    X_WINS.iter().map(|&(r, col)| c(r, col)).collect()
}

fn tally(wins: u32, losses: u32, draws: u32) -> Tally {
    Tally {
        wins,
        losses,
        draws,
    }
}

#[test]
fn scores_are_kept_per_mode_and_board() {
    let classic = Rule::TIC_TAC_TOE;
    let five = Rule::new(5, 5, 4, false).unwrap();
    // Computer against computer: X wins.
    let mut s = Session::new(settings(Mode::ComputerVsComputer, FirstMover::Human));
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(1, 0, 0));

    // Back to you against the computer: its X win is not yours.
    s.set_settings(Settings::default());
    assert_eq!(s.tally(), Tally::default());
    // You (X) lose to the computer's O on the left column.
    play_all(
        &mut s,
        &[c(0, 1), c(0, 0), c(2, 2), c(1, 0), c(1, 2), c(2, 0)],
    );
    assert_eq!(s.tally(), tally(0, 1, 0));

    // Two players: neither the computer's win nor yours is an O or X win here.
    s.set_settings(settings(Mode::Hotseat, FirstMover::Human));
    assert_eq!(s.tally(), Tally::default());
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(1, 0, 0));

    // Another board has its own score.
    let hotseat_five = Settings {
        rule: five,
        ..settings(Mode::Hotseat, FirstMover::Human)
    };
    s.set_settings(hotseat_five.clone());
    assert_eq!(s.tally(), Tally::default());

    // Who moves first does not split the score against the computer.
    s.set_settings(settings(Mode::HumanVsComputer, FirstMover::Computer));
    assert_eq!(s.tally(), tally(0, 1, 0), "the earlier score comes back");
    assert_eq!(
        s.tally_for(&classic, Mode::ComputerVsComputer),
        tally(1, 0, 0)
    );
    assert_eq!(s.tally_for(&classic, Mode::Hotseat), tally(1, 0, 0));
    assert_eq!(s.tally_for(&five, Mode::Hotseat), Tally::default());
    assert_eq!(s.tally_for(&five, Mode::HumanVsComputer), Tally::default());
}

#[test]
fn changing_who_moves_first_mid_game_starts_a_new_game() {
    let mut s = Session::new(Settings::default());
    play_all(&mut s, &[c(1, 1), c(0, 0)]);
    assert!(!s.is_computer_to_move(), "your turn, as X");
    let g = s.generation();

    let computer_first = settings(Mode::HumanVsComputer, FirstMover::Computer);
    assert!(s.set_settings(computer_first.clone()));
    // The computer does not take over your X in the middle of the game: a new game starts,
    // in which it opens as X and you play O.
    assert!(s.moves().is_empty());
    assert_eq!(s.settings(), &computer_first);
    assert!(s.is_computer_to_move());
    assert_eq!(*s.player(Side::O), Player::Human);
    assert!(s.generation() > g);
    assert!(s.can_undo(), "the old game can be brought back");

    // The computer opens; that alone cannot be undone, so Undo brings the old game back.
    s.play(c(1, 1)).unwrap();
    let g = s.generation();
    assert!(s.undo());
    assert_eq!(s.moves(), &[c(1, 1), c(0, 0)]);
    assert_eq!(s.settings(), &Settings::default());
    assert_eq!(*s.player(Side::X), Player::Human);
    assert!(!s.is_computer_to_move());
    assert!(
        s.generation() > g,
        "a restored game is a new position for the window"
    );
    assert_eq!(s.earlier_games(), 0);
}

#[test]
fn changing_who_moves_first_before_any_move_simply_applies() {
    let mut s = Session::new(Settings::default());
    assert!(!s.set_settings(settings(Mode::HumanVsComputer, FirstMover::Computer)));
    assert!(s.is_computer_to_move());
    assert_eq!(s.earlier_games(), 0);
    assert!(!s.can_undo());
    // Computer vs computer before a move: also simply applies.
    assert!(!s.set_settings(settings(Mode::ComputerVsComputer, FirstMover::Human)));
    assert_eq!(s.earlier_games(), 0);
}

#[test]
fn changing_the_board_sets_the_game_aside_and_undo_brings_it_back() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    play_all(&mut s, &[c(0, 0), c(1, 1), c(2, 2)]);
    assert!(s.undo());
    assert_eq!(s.moves().len(), 2);
    let before = s.settings().clone();
    let five = Settings {
        rule: Rule::new(5, 5, 4, false).unwrap(),
        ..before.clone()
    };
    assert!(s.set_settings(five.clone()));
    assert_eq!(s.position().rule().cells(), 25);
    assert!(s.moves().is_empty() && !s.can_redo());
    play_all(&mut s, &[c(4, 4)]);

    // Undo first takes back the move on the new board, then brings back the old game with
    // its board, its settings, its moves and the move it could redo.
    assert!(s.undo());
    assert!(s.moves().is_empty());
    assert_eq!(s.position().rule().cells(), 25);
    let g = s.generation();
    assert!(s.undo());
    assert!(s.generation() > g);
    assert_eq!(s.settings(), &before);
    assert_eq!(s.position().rule().cells(), 9);
    assert_eq!(s.moves(), &[c(0, 0), c(1, 1)]);
    assert_eq!(s.position().get(c(1, 1)), Some(Side::O));
    assert!(s.redo());
    assert_eq!(s.moves(), &[c(0, 0), c(1, 1), c(2, 2)]);
    // Nothing further back.
    while s.undo() {}
    assert!(s.moves().is_empty());
    assert!(!s.can_undo());
    assert_eq!(s.settings(), &before);
}

#[test]
fn new_game_can_be_undone() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    assert!(!s.can_undo());
    s.new_game();
    assert_eq!(s.earlier_games(), 0, "an empty board is not kept");
    play_all(&mut s, &[c(0, 0), c(1, 1)]);
    s.new_game();
    assert!(s.moves().is_empty());
    assert!(s.can_undo());
    let g = s.generation();
    assert!(s.undo());
    assert!(s.generation() > g);
    assert_eq!(s.moves(), &[c(0, 0), c(1, 1)]);
}

#[test]
fn a_finished_game_brought_back_is_not_counted_twice() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(1, 0, 0));
    s.set_settings(Settings {
        rule: Rule::new(4, 4, 4, false).unwrap(),
        ..settings(Mode::Hotseat, FirstMover::Human)
    });
    assert!(s.undo());
    assert!(s.outcome().is_some(), "the finished game is back");
    assert!(s.undo());
    s.play(c(0, 2)).unwrap();
    assert!(s.outcome().is_some());
    assert_eq!(s.tally(), tally(1, 0, 0));
}

#[test]
fn a_finished_game_ended_differently_after_undo_keeps_only_the_new_result() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(1, 0, 0));
    assert!(s.undo());
    // X plays elsewhere and O takes the middle row instead.
    play_all(&mut s, &[c(2, 0), c(1, 2)]);
    assert_eq!(s.outcome().unwrap().winner(), Some(Side::O));
    assert_eq!(s.tally(), tally(0, 1, 0), "O's win replaces X's");
    // Taking the ending back and replaying it changes nothing.
    assert!(s.undo());
    assert_eq!(s.tally(), tally(0, 1, 0));
    assert!(s.redo());
    assert_eq!(s.tally(), tally(0, 1, 0));
    // Back to the first ending: X's win again, once.
    assert!(s.undo() && s.undo());
    s.play(c(0, 2)).unwrap();
    assert_eq!(s.tally(), tally(1, 0, 0));
    // The next game counts on top of it.
    s.new_game();
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(2, 0, 0));
}

#[test]
fn a_game_brought_back_and_ended_differently_replaces_its_result() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    play_all(&mut s, &x_wins());
    s.new_game();
    let text = serde_json::to_string(&s).unwrap();
    let mut back: Session = serde_json::from_str(&text).unwrap();
    assert!(back.undo(), "the finished game comes back");
    assert!(back.undo());
    play_all(&mut back, &[c(2, 0), c(1, 2)]);
    assert_eq!(back.tally(), tally(0, 1, 0));
}

#[test]
fn a_state_saved_before_results_were_kept_replaces_its_counted_result() {
    // A finished hotseat game (X took the top row) whose win is counted, as the previous
    // version wrote it: `counted` only.
    let old = r#"{
        "settings": {
            "rule": {"width": 3, "height": 3, "k": 3, "exact": false},
            "mode": "hotseat",
            "first": "human",
            "computer": {"Engine": {"depth": 4, "time_ms": null}}
        },
        "moves": [{"row": 0, "col": 0}, {"row": 1, "col": 0}, {"row": 0, "col": 1},
                  {"row": 1, "col": 1}],
        "redo": [{"row": 0, "col": 2}],
        "tally": {"wins": 1, "losses": 0, "draws": 0},
        "counted": true
    }"#;
    let mut s: Session = serde_json::from_str(old).unwrap();
    play_all(&mut s, &[c(2, 0), c(1, 2)]);
    assert_eq!(s.tally(), tally(0, 1, 0));
}

#[test]
fn at_most_twenty_earlier_games_are_kept() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    for game in 0..EARLIER_GAMES + 5 {
        s.play(c(game % 3, game / 3 % 3)).unwrap();
        s.new_game();
    }
    assert_eq!(s.earlier_games(), EARLIER_GAMES);
    let mut brought_back = Vec::new();
    let mut last = s.generation();
    while s.undo() {
        assert!(s.generation() > last, "every undo is a new generation");
        last = s.generation();
        if let Some(&cell) = s.moves().first() {
            brought_back.push(cell);
            assert!(s.undo(), "the game's own move is taken back first");
        }
    }
    assert_eq!(brought_back.len(), EARLIER_GAMES);
    // The latest games come back, newest first.
    let newest = EARLIER_GAMES + 4;
    assert_eq!(brought_back[0], c(newest % 3, newest / 3 % 3));
}

#[test]
fn opening_a_saved_game_sets_the_game_in_progress_aside() {
    let mut saved = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    play_all(&mut saved, &[c(2, 2)]);
    let text = saved.to_json();
    let mut s = Session::new(Settings::default());
    play_all(&mut s, &[c(1, 1), c(0, 0)]);
    s.replace_game(Session::from_json(&text).unwrap());
    assert_eq!(s.moves(), &[c(2, 2)]);
    assert!(s.undo() && s.moves().is_empty());
    assert!(s.undo());
    assert_eq!(s.moves(), &[c(1, 1), c(0, 0)]);
    assert_eq!(s.settings(), &Settings::default());
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

#[test]
fn scores_and_earlier_games_round_trip_through_serde() {
    let mut s = Session::new(settings(Mode::Hotseat, FirstMover::Human));
    play_all(&mut s, &x_wins());
    s.set_settings(Settings::default());
    play_all(&mut s, &[c(1, 1), c(0, 0)]);
    s.new_game();
    let text = serde_json::to_string(&s).unwrap();
    let mut back: Session = serde_json::from_str(&text).unwrap();
    assert_eq!(back.tally(), Tally::default());
    assert_eq!(
        back.tally_for(&Rule::TIC_TAC_TOE, Mode::Hotseat),
        tally(1, 0, 0)
    );
    assert_eq!(back.earlier_games(), 2);
    assert!(back.undo());
    assert_eq!(back.moves(), &[c(1, 1), c(0, 0)]);
    assert!(back.undo() && back.moves().is_empty());
    assert!(back.undo());
    assert_eq!(back.moves(), x_wins().as_slice());
    assert_eq!(back.settings().mode, Mode::Hotseat);
    assert!(back.outcome().is_some());

    // A set-aside game that cannot be played is refused like a tampered game.
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["earlier"][0]["moves"][0] = serde_json::json!({"row": 9, "col": 9});
    assert!(serde_json::from_value::<Session>(value).is_err());
}

#[test]
fn a_saved_state_from_before_per_mode_scores_still_loads() {
    // The state as the previous version wrote it: one score, no earlier games.
    let old = r#"{
        "settings": {
            "rule": {"width": 3, "height": 3, "k": 3, "exact": false},
            "mode": "human-vs-computer",
            "first": "human",
            "computer": {"Engine": {"depth": 4, "time_ms": null}}
        },
        "moves": [{"row": 1, "col": 1}, {"row": 0, "col": 0}],
        "redo": [],
        "tally": {"wins": 1, "losses": 2, "draws": 3},
        "counted": false
    }"#;
    let mut s: Session = serde_json::from_str(old).unwrap();
    assert_eq!(s.moves(), &[c(1, 1), c(0, 0)]);
    // The one score was shown beside this mode and board, and stays with them.
    assert_eq!(s.tally(), tally(1, 2, 3));
    assert_eq!(
        s.tally_for(&Rule::TIC_TAC_TOE, Mode::Hotseat),
        Tally::default()
    );
    assert_eq!(s.earlier_games(), 0);
    assert!(s.undo() && s.moves().is_empty());
    assert!(!s.can_undo());
}

#[test]
fn an_engine_s_games_are_scored_against_it() {
    let engine = EngineCommand::parse("python3 player.py").unwrap();
    let seat = |x: Option<&EngineCommand>, o: Option<&EngineCommand>, first| {
        let mut settings = settings(Mode::HumanVsComputer, first);
        settings.engines.seats = [x.cloned(), o.cloned()];
        settings
    };
    // You (X) beat the computer.
    let mut s = Session::new(Settings::default());
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(1, 0, 0));

    // The engine in the computer's seat has a score of its own, from your side.
    s.set_settings(seat(None, Some(&engine), FirstMover::Human));
    assert_eq!(s.tally(), Tally::default(), "not the computer's score");
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(1, 0, 0));
    s.new_game();
    play_all(
        &mut s,
        &[c(0, 1), c(0, 0), c(2, 2), c(1, 0), c(1, 2), c(2, 0)],
    );
    assert_eq!(s.tally(), tally(1, 1, 0), "the engine won one");

    // Another engine is another opponent.
    let other = EngineCommand::parse("./other-player").unwrap();
    s.set_settings(seat(None, Some(&other), FirstMover::Human));
    assert_eq!(s.tally(), Tally::default());

    // The engine in your seat against the computer: no person plays, the score is X's.
    s.set_settings(seat(Some(&engine), None, FirstMover::Human));
    assert_eq!(s.tally(), Tally::default());
    play_all(&mut s, &x_wins());
    assert_eq!(
        s.tally(),
        tally(1, 0, 0),
        "the engine's win as X, not a loss of yours"
    );

    // You as O against the engine as X: your own score against it, from your side.
    s.set_settings(seat(Some(&engine), None, FirstMover::Computer));
    assert_eq!(s.tally(), Tally::default());
    play_all(&mut s, &x_wins());
    assert_eq!(s.tally(), tally(0, 1, 0), "the engine (X) beat you");

    // The computer's score is as it was, and it all survives saving.
    s.set_settings(Settings::default());
    assert_eq!(s.tally(), tally(1, 0, 0));
    let saved = serde_json::to_string(&s).unwrap();
    let mut back: Session = serde_json::from_str(&saved).unwrap();
    assert_eq!(back.tally(), tally(1, 0, 0));
    back.set_settings(seat(None, Some(&engine), FirstMover::Human));
    assert_eq!(back.tally(), tally(1, 1, 0));
}
