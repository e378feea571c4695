//! Saved games: what is written reads back, and every kind of bad file is refused clearly.

use tictactoe::game::{FirstMover, Mode, Session, Settings};
use tictactoe::rules::Cell;

fn sample() -> Session {
    let settings = Settings {
        mode: Mode::Hotseat,
        first: FirstMover::Human,
        ..Settings::default()
    };
    let mut s = Session::new(settings);
    for (r, c) in [(1, 1), (0, 0), (2, 2)] {
        s.play(Cell::new(r, c)).unwrap();
    }
    s
}

#[test]
fn save_then_load_gives_the_same_game() {
    let dir = std::env::temp_dir().join(format!("ttt-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    let s = sample();
    s.save(&path).unwrap();
    let back = Session::load(&path).unwrap();
    assert_eq!(back.moves(), s.moves());
    assert_eq!(back.settings(), s.settings());
    assert_eq!(back.position(), s.position());
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers,
        vec![std::ffi::OsString::from("game.json")],
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_file_is_readable_json() {
    let text = sample().to_json();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "tictactoe-game");
    assert_eq!(v["version"], 1);
    assert_eq!(v["moves"][0], serde_json::json!({"row": 1, "col": 1}));
    assert_eq!(v["result"], "in-progress");
    assert_eq!(v["rule"]["k"], 3);
}

fn refused(text: &str) -> String {
    Session::from_json(text)
        .expect_err("must be refused")
        .to_string()
}

#[test]
fn bad_files_are_refused_with_reasons() {
    let good = sample().to_json();
    assert!(refused("not json").starts_with("not a saved game"));
    assert!(refused("{\"format\": \"something else\"}").contains("format"));
    let newer = good.replace("\"version\": 1", "\"version\": 2");
    assert!(
        refused(&newer).contains("newer version"),
        "{}",
        refused(&newer)
    );
    let bad_rule = good.replace("\"k\": 3", "\"k\": 9");
    assert!(
        refused(&bad_rule).contains("not valid"),
        "{}",
        refused(&bad_rule)
    );
    let occupied = good.replace(
        "\"row\": 2,\n      \"col\": 2",
        "\"row\": 1,\n      \"col\": 1",
    );
    assert_eq!(
        refused(&occupied),
        "the saved game is impossible: move 3 (row 2, column 2): row 2, column 2 is already taken"
    );
    let off = good.replace(
        "\"row\": 2,\n      \"col\": 2",
        "\"row\": 5,\n      \"col\": 2",
    );
    assert!(
        refused(&off).contains("off the 3x3 board"),
        "{}",
        refused(&off)
    );
    let result = good.replace("in-progress", "x-wins");
    assert!(
        refused(&result).contains("does not match"),
        "{}",
        refused(&result)
    );
    let missing = good.replace("\"moves\"", "\"steps\"");
    assert!(refused(&missing).starts_with("not a saved game"));
}

#[test]
fn mangled_files_never_panic() {
    let good = sample().to_json();
    let bytes = good.as_bytes();
    for cut in 0..bytes.len() {
        let _ = Session::from_json(&String::from_utf8_lossy(&bytes[..cut]));
        let mut flipped = bytes.to_vec();
        flipped[cut] = flipped[cut].wrapping_add(1);
        let _ = Session::from_json(&String::from_utf8_lossy(&flipped));
    }
    assert!(Session::from_json(&good).is_ok());
}

/// The sample game's record with `termination` and `result` set as given.
fn ended(termination: &str, result: &str, moves: usize) -> String {
    let mut s = sample();
    while s.moves().len() > moves {
        s.undo();
    }
    let mut json: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    json["termination"] = termination.into();
    json["result"] = result.into();
    json.to_string()
}

#[test]
fn an_ending_off_the_board_reads_back_only_when_it_fits_the_moves() {
    use tictactoe::game::{GameRecord, Termination};
    // Written as a network game writes it, and read back.
    let s = sample();
    let record = s
        .to_record()
        .ended(Termination::Resigned, Some(tictactoe::rules::Side::O));
    let (back, _) = GameRecord::from_json(&record.to_json()).unwrap();
    assert_eq!(back.termination, Some(Termination::Resigned));
    assert_eq!(back.result, "o-wins");
    for (termination, result, moves) in [
        ("resignation", "x-wins", 3),
        ("agreed-draw", "draw", 3),
        ("time-forfeit", "o-wins", 2),
        ("abandoned", "x-wins", 1),
        ("unfinished", "in-progress", 3),
    ] {
        let text = ended(termination, result, moves);
        assert!(
            GameRecord::from_json(&text).is_ok(),
            "{termination}: {text}"
        );
    }
    for (termination, result, moves, why) in [
        ("agreed-draw", "x-wins", 3, "an agreed draw is a draw"),
        (
            "resignation",
            "in-progress",
            3,
            "a resignation names a winner",
        ),
        (
            "unfinished",
            "x-wins",
            3,
            "an unfinished game has no winner",
        ),
        ("on-the-board", "x-wins", 3, "the board has not decided"),
        ("walk-over", "x-wins", 3, "no such ending"),
    ] {
        let text = ended(termination, result, moves);
        assert!(GameRecord::from_json(&text).is_err(), "{why}: {text}");
    }
}

/// 15x15 under swap2, the person opening against the computer: the opener's three stones,
/// the chooser places two more, the opener (the person) takes white, and black and white
/// play on.
fn swap2_game() -> Session {
    use tictactoe::game::{Choice, OpeningRule};
    let settings = Settings {
        rule: tictactoe::rules::Rule::new(15, 15, 5, false).unwrap(),
        mode: Mode::HumanVsComputer,
        first: FirstMover::Human,
        ..Settings::default()
    };
    let mut s = Session::new(settings);
    assert!(s.set_opening_rule(OpeningRule::Swap2) || s.moves().is_empty());
    for (r, c) in [(7, 7), (7, 8), (8, 8)] {
        s.play(Cell::new(r, c)).unwrap();
    }
    s.choose(Choice::PlaceTwo).unwrap();
    for (r, c) in [(6, 6), (9, 9)] {
        s.play(Cell::new(r, c)).unwrap();
    }
    s.choose(Choice::White).unwrap();
    for (r, c) in [(5, 5), (10, 10)] {
        s.play(Cell::new(r, c)).unwrap();
    }
    s
}

#[test]
fn a_swap2_game_keeps_its_opening_choices_and_who_plays_which_colour() {
    use tictactoe::game::{Choice, OpeningRule, Player};
    use tictactoe::rules::Side;
    let s = swap2_game();
    assert_eq!(s.opening().rule(), OpeningRule::Swap2);
    let text = s.to_json();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        v["opening"],
        serde_json::json!({"rule": "swap2", "choices": ["place-two", "white"]})
    );
    // Recorded as played: the computer played X.
    assert_eq!(v["first"], "computer");
    assert_eq!(
        v["players"],
        serde_json::json!({"x": "computer", "o": "human"})
    );
    let back = Session::from_json(&text).unwrap();
    assert_eq!(back.opening().choices(), [Choice::PlaceTwo, Choice::White]);
    assert_eq!(back.moves(), s.moves());
    assert_eq!(back.settings(), s.settings());
    assert_eq!(
        *back.player(Side::O),
        Player::Human,
        "the person kept white"
    );
    assert!(matches!(back.player(Side::X), Player::Computer(_)));
    assert_eq!(back.opening_step(), s.opening_step());
}

#[test]
fn a_saved_opening_that_does_not_fit_its_game_is_refused() {
    let text = swap2_game().to_json();
    let with = |opening: serde_json::Value| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["opening"] = opening;
        refused(&v.to_string())
    };
    // Swap offers no two more stones.
    let why = with(serde_json::json!({"rule": "swap", "choices": ["place-two", "white"]}));
    assert!(why.contains("the saved opening is not valid"), "{why}");
    // The fifth stone is down, but no colour was chosen after it.
    let why = with(serde_json::json!({"rule": "swap2", "choices": ["place-two"]}));
    assert!(why.contains("a choice of colour"), "{why}");
    // A choice that is not one.
    let why = with(serde_json::json!({"rule": "swap2", "choices": ["green"]}));
    assert!(why.contains("not a saved game"), "{why}");
    // Swap on tic-tac-toe.
    let mut v: serde_json::Value = serde_json::from_str(&sample().to_json()).unwrap();
    v["opening"] = serde_json::json!({"rule": "swap", "choices": []});
    let why = refused(&v.to_string());
    assert!(why.contains("swap is not played on this board"), "{why}");
}

#[test]
fn an_engine_in_a_seat_is_saved_with_the_game() {
    use tictactoe::external::EngineCommand;
    use tictactoe::game::Player;
    use tictactoe::rules::Side;
    let mut settings = Settings::default();
    settings.engines.seats[1] = EngineCommand::parse("python3 my_player.py");
    let mut s = Session::new(settings);
    s.play(Cell::new(1, 1)).unwrap();
    let back = Session::from_json(&s.to_json()).unwrap();
    assert_eq!(back.settings().engines, s.settings().engines);
    assert!(matches!(back.player(Side::O), Player::Engine(_)));
}
