//! Engines from outside in the window: a person types the command of the Python template
//! (templates/python/minimax_player.py), it is added under the name it gives to ABOUT,
//! picked as the opponent on 3x3 and played to the end; it plays the computer at a chosen
//! strength, and itself; one that does not know ABOUT is listed under its file's name; a
//! broken engine (one that answers garbage) says so while the game stays as it was; one
//! that cannot start is not added.

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
    let dir = std::env::temp_dir().join(format!("tictactoe-gui-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let partial = dir.join(format!("{name}.part"));
    let body = format!(
        r#"#!/bin/sh
CR=$(printf '\r')
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
    );
    std::fs::write(&partial, body).unwrap();
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
    assert_shows(&h, "O - the engine could not move");
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
