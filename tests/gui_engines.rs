//! Engines from outside in the window: a person types the command of the Python template
//! (templates/python/minimax_player.py), it is added under the name it gives to ABOUT,
//! picked as the opponent on 3x3 and played to the end; it plays the computer at a chosen
//! strength, and itself; one that does not know ABOUT is listed under its file's name; a
//! broken engine (one that answers garbage) says so while the game stays as it was; one
//! that cannot start, never answers or stops at once is not added, and the section says
//! what it did; an engine has one name everywhere, and its games are scored against it.

use crate::support;

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use support::*;
use tictactoe::game::Player;
use tictactoe::rules::Side;

fn template() -> String {
    format!(
        "python3 {}/templates/python/minimax_player.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A shell script that gives its name to ABOUT, answers START, and at each DONE (the end
/// of BOARD) runs `on_done`.
fn script(name: &str, on_done: &str) -> String {
    script_with(
        name,
        &format!("echo 'name=\"{name}\", version=\"1\"'"),
        on_done,
    )
}

/// A shell script that runs `about` at ABOUT, answers START, and at each DONE runs
/// `on_done`.
fn script_with(name: &str, about: &str, on_done: &str) -> String {
    program(
        name,
        &format!(
            r#"CR=$(printf '\r')
while IFS= read -r line; do
  line=${{line%"$CR"}}
  case "$line" in
    ABOUT) {about} ;;
    START*|RECTSTART*) echo OK ;;
    DONE) {on_done} ;;
    END) exit 0 ;;
  esac
done
"#
        ),
    )
}

/// The folder of this test run's scripts.
fn scripts_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-gui-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell script `name` made of `body`, ready to run; its path.
fn program(name: &str, body: &str) -> String {
    let dir = scripts_dir();
    let path = dir.join(name);
    let partial = dir.join(format!("{name}.part"));
    std::fs::write(&partial, format!("#!/bin/sh\n{body}")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::rename(&partial, &path).unwrap();
    path.display().to_string()
}

/// The label of the field an engine's command is typed in.
const COMMAND: &str = "An engine's command (it speaks the Gomocup protocol)";

/// Types `command` in the engines section's field, scrolled into view first.
fn type_command(h: &mut App, command: &str) {
    open_tab(h, "Engines");
    h.get_by_role_and_label(Role::TextInput, COMMAND)
        .scroll_to_me();
    settle(h);
    h.get_by_role_and_label(Role::TextInput, COMMAND)
        .set_text_value_accesskit(command);
    settle(h);
}

/// Types `command` in the engines section, adds it, and waits for it to be listed as
/// `name`.
fn add_engine(h: &mut App, command: &str, name: &str) {
    type_command(h, command);
    open_tab(h, "Engines");
    click(h, "Add");
    wait_until(h, &format!("{name} to be listed"), |h| {
        h.query_by_role_and_label(Role::Label, name).is_some()
    });
}

/// Seats the engine listed as `name` on `side`, through the seat's drop-down list.
fn seat(h: &mut App, side: Side, name: &str) {
    let seat = format!("Engine playing {side}");
    open_tab(h, "Engines");
    h.get_by_role_and_label(Role::ComboBox, &seat)
        .scroll_to_me();
    settle(h);
    h.get_by_role_and_label(Role::ComboBox, &seat).click();
    settle(h);
    h.get_by_role_and_label(Role::Button, name).click();
    settle(h);
}

#[test]
fn the_python_template_is_added_seated_and_played_to_the_end() {
    let mut h = app();
    add_engine(&mut h, &template(), "minimax template");
    seat(&mut h, Side::O, "minimax template");
    assert!(matches!(
        h.state().session().player(Side::O),
        Player::Engine(_)
    ));
    // The person takes the first empty cell each turn; the template answers each move.
    loop {
        wait_for_person(&mut h);
        if h.state().session().outcome().is_some() {
            break;
        }
        let position = h.state().session().position().clone();
        let cell = position.legal_moves()[0];
        click_cell(&mut h, cell.row, cell.col);
    }
    let moves = h.state().session().moves().len();
    assert!(moves >= 5, "the game was played out: {moves} moves");
    // The template is perfect on 3x3: the first-empty-cell player does not win.
    assert_ne!(
        h.state().session().outcome().and_then(|o| o.winner()),
        Some(Side::X)
    );
    assert!(!shows(&h, "Try again"));
}

#[test]
fn the_template_plays_the_computer_at_a_chosen_strength() {
    let mut h = app();
    click(&mut h, "You vs computer");
    click(&mut h, "Beginner");
    add_engine(&mut h, &template(), "minimax template");
    // In your seat: the template (X) against the computer looking one move ahead (O).
    seat(&mut h, Side::X, "minimax template");
    assert!(matches!(
        h.state().session().player(Side::O),
        Player::Computer(_)
    ));
    assert_shows(&h, "O - computer (depth 1)");
    wait_until(&mut h, "the game's end", |h| {
        h.state().session().outcome().is_some()
    });
    // The template is perfect on 3x3: the computer does not win.
    assert_ne!(
        h.state().session().outcome().and_then(|o| o.winner()),
        Some(Side::O)
    );
}

#[test]
fn two_engines_play_each_other_to_the_end() {
    let mut h = app();
    add_engine(&mut h, &template(), "minimax template");
    seat(&mut h, Side::X, "minimax template");
    seat(&mut h, Side::O, "minimax template");
    wait_until(&mut h, "the game's end", |h| {
        h.state().session().outcome().is_some()
    });
    // Both search 3x3 to the end: a draw, the board full.
    let session = h.state().session();
    assert_eq!(session.outcome().and_then(|o| o.winner()), None);
    assert_eq!(session.moves().len(), 9);
}

#[test]
fn a_broken_engine_says_what_it_did_and_the_game_stays() {
    let mut h = app();
    let garbage = script("garbage.sh", "echo 'hello there'");
    add_engine(&mut h, &garbage, "garbage.sh");
    seat(&mut h, Side::O, "garbage.sh");
    click_cell(&mut h, 1, 1);
    wait_for_text(
        &mut h,
        "The engine garbage.sh answered something that is not a move: “hello there”.",
    );
    assert_shows(&h, "It was stopped; the game stays as it was.");
    assert_shows(&h, "O - garbage.sh could not move");
    assert_eq!(h.state().session().moves().len(), 1, "the game stays");
    assert_shows(&h, "Try again");
}

#[test]
fn an_engine_that_cannot_start_is_not_added() {
    let mut h = app();
    type_command(&mut h, "/nonexistent/brain");
    open_tab(&mut h, "Engines");
    click(&mut h, "Add");
    wait_for_text(&mut h, "The engine brain could not start");
    assert!(h.state().state().prefs.engines.is_empty());
}

#[test]
fn an_engine_that_does_not_know_about_is_listed_under_its_file_name() {
    let mut h = app();
    let nameless = script_with("nameless.sh", "echo 'UNKNOWN command'", "echo 0,0");
    add_engine(&mut h, &nameless, "nameless.sh");
    let engines = &h.state().state().prefs.engines;
    assert_eq!(engines.len(), 1);
    assert_eq!(engines[0].name, "nameless.sh");
    assert!(!shows(&h, "could not start"));
}

#[test]
fn a_seated_engine_is_seated_again_after_a_restart() {
    let mut h = app();
    add_engine(&mut h, &template(), "minimax template");
    seat(&mut h, Side::O, "minimax template");
    let mut h = reopen(MemoryStorage::with_state(h.state().state()));
    assert!(
        matches!(h.state().session().player(Side::O), Player::Engine(_)),
        "O is {:?} after the restart",
        h.state().session().player(Side::O)
    );
    open_tab(&mut h, "Engines");
    assert!(h.query_by_label("minimax template").is_some());
}

#[test]
fn an_engine_that_cannot_start_says_why_in_chinese_too() {
    let mut state = tictactoe::gui::SavedState::default();
    state.prefs.language = Some(tictactoe::gui::i18n::Language::Chinese);
    let mut h = reopen(MemoryStorage::with_state(&state));
    let field = "引擎的命令（它使用Gomocup协议）";
    open_tab(&mut h, "引擎");
    h.get_by_role_and_label(Role::TextInput, field)
        .scroll_to_me();
    settle(&mut h);
    h.get_by_role_and_label(Role::TextInput, field)
        .set_text_value_accesskit("/nonexistent/brain");
    settle(&mut h);
    open_tab(&mut h, "引擎");
    click(&mut h, "添加");
    wait_for_text(&mut h, "引擎brain无法启动：没有这个程序。");
}

/// A saved game whose O is `engine`, one move in, written to a file of this test's own.
fn game_with_engine(name: &str, engine: &str) -> std::path::PathBuf {
    let mut settings = tictactoe::game::Settings::default();
    settings.engines.seats[1] = tictactoe::external::EngineCommand::parse(engine);
    let mut session = tictactoe::game::Session::new(settings);
    session.play(tictactoe::rules::Cell::new(1, 1)).unwrap();
    let dir = std::env::temp_dir().join(format!("tictactoe-gui-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    session.save(&path).unwrap();
    path
}

#[test]
fn an_opened_game_seats_its_engine_again_only_if_it_is_among_yours() {
    use std::sync::Arc;
    use tictactoe::gui::GivenPath;
    // Not among the engines: the computer takes its seat, and the note says why.
    let file = game_with_engine("stranger.json", "/somewhere/else/stranger.sh");
    let mut h = build(move |app| app.with_picker(Arc::new(GivenPath(file))));
    open_tab(&mut h, "Play");
    click(&mut h, "Open game Ctrl+O");
    assert!(matches!(
        h.state().session().player(Side::O),
        Player::Computer(_)
    ));
    // The game was opened, and the computer answers for the engine. While it thinks, the
    // status area shows its thinking line in the note's place; once it has answered, the
    // note is back for the person whose turn it is.
    wait_until(&mut h, "the computer's answer", |h| {
        h.state().session().moves().len() == 2
    });
    assert_eq!(
        h.state().session().moves()[0],
        tictactoe::rules::Cell::new(1, 1)
    );
    assert_shows(&h, "which is not among your engines");
    assert_shows(&h, "stranger.sh");

    // Among them: it plays its side again.
    let file = game_with_engine("template.json", &template());
    let mut h = build(move |app| app.with_picker(Arc::new(GivenPath(file))));
    add_engine(&mut h, &template(), "minimax template");
    open_tab(&mut h, "Play");
    click(&mut h, "Open game Ctrl+O");
    wait_for_text(&mut h, "Opened");
    assert!(matches!(
        h.state().session().player(Side::O),
        Player::Engine(_)
    ));
    wait_until(&mut h, "the template's answer", |h| {
        h.state().session().moves().len() == 2
    });
}

/// A window whose engines have `start_ms` to start.
fn with_start_time(start_ms: u64) -> App {
    let mut settings = tictactoe::game::Settings::default();
    settings.engines.limits.start_ms = start_ms;
    let state = tictactoe::gui::SavedState {
        session: tictactoe::game::Session::new(settings),
        ..Default::default()
    };
    reopen(MemoryStorage::with_state(&state))
}

#[test]
fn an_engine_that_never_answers_is_not_added_and_the_section_says_why() {
    // A program that reads nothing and says nothing: asked its name and to start, it is
    // silent past its time to start (1 s here).
    let mut h = with_start_time(1_000);
    let silent = program("silent.sh", "exec sleep 60\n");
    type_command(&mut h, &silent);
    open_tab(&mut h, "Engines");
    click(&mut h, "Add");
    wait_for_text(
        &mut h,
        "The engine silent.sh did not answer within 1 s: asked its name (ABOUT) and to start a game (START), it said nothing, so it was not added.",
    );
    assert!(h.state().state().prefs.engines.is_empty());
    assert!(
        h.query_by_role_and_label(Role::Label, "silent.sh")
            .is_none()
    );
}

#[test]
fn an_engine_that_stops_at_once_says_how_with_its_last_error_line() {
    let mut h = app();
    let broken = program(
        "broken.sh",
        "echo 'Traceback (most recent call last):' >&2\necho \"ModuleNotFoundError: No module named 'numpy'\" >&2\nexit 2\n",
    );
    type_command(&mut h, &broken);
    open_tab(&mut h, "Engines");
    click(&mut h, "Add");
    wait_for_text(
        &mut h,
        "The engine broken.sh stopped at once, with exit code 2. Its last error line: “ModuleNotFoundError: No module named 'numpy'”. It was not added.",
    );
    assert!(!shows(&h, "crashed"));
    assert!(h.state().state().prefs.engines.is_empty());

    // One that answers START and then exits in the game: said so, and the game stays.
    let quitter = script("quitter.sh", "echo 'out of ideas' >&2; exit 3");
    add_engine(&mut h, &quitter, "quitter.sh");
    seat(&mut h, Side::O, "quitter.sh");
    click_cell(&mut h, 1, 1);
    wait_for_text(
        &mut h,
        "The engine quitter.sh exited with code 3 before answering. Its last error line: “out of ideas”. The game stays as it was.",
    );
    assert!(!shows(&h, "crashed"));
    assert_eq!(h.state().session().moves().len(), 1, "the game stays");
}

#[test]
fn an_engine_that_dies_by_a_signal_is_said_to_have_crashed_in_both_languages() {
    let crash = script("crash.sh", "kill -SEGV $$");
    let mut h = app();
    add_engine(&mut h, &crash, "crash.sh");
    seat(&mut h, Side::O, "crash.sh");
    click_cell(&mut h, 1, 1);
    wait_for_text(&mut h, "The engine crash.sh crashed (signal 11, SIGSEGV).");

    let mut state = h.state().state().clone();
    state.prefs.language = Some(tictactoe::gui::i18n::Language::Chinese);
    let mut h = reopen(MemoryStorage::with_state(&state));
    wait_for_text(&mut h, "引擎crash.sh崩溃了（信号11, SIGSEGV）。");
}

#[test]
fn an_engine_has_one_name_everywhere_and_its_games_are_scored_against_it() {
    let mut h = app();
    // It gives a name other than its file's, and answers only once the test lets it, so
    // that its thinking can be seen: the top left corner, then the top right.
    let go = scripts_dir().join("slow.go");
    let _ = std::fs::remove_file(&go);
    let slow = script_with(
        "slow.sh",
        "echo 'name=\"slow one\", version=\"1\"'",
        &format!(
            "while [ ! -e {} ]; do sleep 0.02; done; n=$((n+1)); [ $n = 1 ] && echo 0,0 || echo 2,0",
            go.display()
        ),
    );
    add_engine(&mut h, &slow, "slow one");
    seat(&mut h, Side::O, "slow one");
    assert_shows(&h, "X - you vs O - slow one");
    assert_shows(
        &h,
        "Score: you 0, slow one 0, draws 0 (3x3, against slow one)",
    );
    click_cell(&mut h, 1, 1);
    wait_for_text(&mut h, "O - slow one is thinking");
    click_cell(&mut h, 2, 2);
    assert_shows(&h, "Wait: slow one is thinking");
    assert_eq!(
        h.state().session().moves().len(),
        1,
        "the click was no move"
    );
    std::fs::write(&go, "").unwrap();
    // You take the middle column.
    for (row, moves) in [(0, 2), (2, 4)] {
        wait_until(&mut h, "the engine's move", |h| {
            h.state().session().moves().len() == moves
        });
        wait_for_person(&mut h);
        click_cell(&mut h, row, 1);
    }
    wait_for_text(&mut h, "You win (X)");
    assert_shows(
        &h,
        "Score: you 1, slow one 0, draws 0 (3x3, against slow one)",
    );
    assert!(!shows(&h, "slow.sh"), "only its name is shown");

    // The computer's score is its own.
    open_tab(&mut h, "Engines");
    h.get_by_role_and_label(Role::ComboBox, "Engine playing O")
        .click();
    settle(&mut h);
    h.get_by_role_and_label(Role::Button, "none").click();
    settle(&mut h);
    assert_shows(
        &h,
        "Score: you 0, computer 0, draws 0 (3x3, against the computer)",
    );
}
