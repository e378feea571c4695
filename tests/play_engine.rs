//! `tictactoe play` with engines from outside (programs that speak the Gomocup protocol):
//! a person against the Python template a student starts from, the template against the
//! computer and against itself, on 3x3 and on a board where `INFO in_a_row` matters; and
//! broken engines written here as shell scripts (one that cannot start, crashes, hangs,
//! writes garbage, answers on a taken cell or off the board), each ending the game with a
//! clear message and exit status 1, never a panic.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The Python template's command line.
fn template() -> String {
    format!(
        "python3 {}/templates/python/minimax_player.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A shell script written into a folder of this test's own, made executable: it answers
/// START and reads every line, and runs `on_done` at each DONE (the end of BOARD).
fn engine(name: &str, on_done: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tictactoe-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    let body = format!(
        r#"#!/bin/sh
CR=$(printf '\r')
while IFS= read -r line; do
  line=${{line%"$CR"}}
  case "$line" in
    START*|RECTSTART*) echo OK ;;
    DONE) {on_done} ;;
    END) exit 0 ;;
  esac
done
"#
    );
    // Written to a new name and renamed, so no one runs it while it is open for writing.
    let partial = dir.join(format!("{name}.part"));
    std::fs::write(&partial, body).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::rename(&partial, &path).unwrap();
    path.display().to_string()
}

fn play(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .arg("play")
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The game may end before it reads all of the script.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every cell of 3x3 in keypad order: a script that goes on until the game ends.
const EVERY_CELL: &str = "5\n1\n2\n3\n4\n6\n7\n8\n9\n";

/// The game ended with an error from the engine: exit status 1, the message on standard
/// error, no panic. Returns standard error.
fn faulted(out: &Output) -> String {
    let stderr = text(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stderr}\n{}",
        text(&out.stdout)
    );
    assert!(stderr.starts_with("error: The engine "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn a_person_plays_the_python_template_and_never_wins() {
    let template = template();
    let out = play(&["--engine", &template, "--engine-turn", "20"], EVERY_CELL);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{stdout}", text(&out.stderr));
    assert!(stdout.contains("You play X"), "{stdout}");
    assert!(
        stdout.contains("Engine minimax_player.py plays"),
        "{stdout}"
    );
    // The template searches 3x3 to the end: the keypad script cannot beat it.
    assert!(
        stdout.contains("Draw") || stdout.contains("The engine minimax_player.py wins (O)"),
        "{stdout}"
    );
}

#[test]
fn the_template_moves_first_when_the_person_plays_second() {
    let template = template();
    let out = play(
        &[
            "--engine",
            &template,
            "--first",
            "computer",
            "--engine-turn",
            "20",
        ],
        "quit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("You play O"), "{stdout}");
    assert_eq!(
        stdout.matches("Engine minimax_player.py plays").count(),
        1,
        "{stdout}"
    );
    assert!(stdout.contains("Game abandoned."), "{stdout}");
}

#[test]
fn the_template_draws_against_the_perfect_computer_and_itself() {
    let template = template();
    let against_computer = play(&["--o-engine", &template, "--engine-turn", "20"], "");
    let stdout = text(&against_computer.stdout);
    assert!(
        against_computer.status.success(),
        "{}",
        text(&against_computer.stderr)
    );
    assert!(
        stdout.starts_with("Computer (X) against Engine minimax_player.py (O)."),
        "{stdout}"
    );
    assert!(stdout.contains("Draw: the board is full."), "{stdout}");

    let itself = play(
        &[
            "--x-engine",
            &template,
            "--o-engine",
            &template,
            "--engine-turn",
            "20",
        ],
        "",
    );
    let stdout = text(&itself.stdout);
    assert!(itself.status.success(), "{}", text(&itself.stderr));
    assert_eq!(stdout.matches("plays").count(), 9, "{stdout}");
    assert!(stdout.contains("Draw: the board is full."), "{stdout}");
}

#[test]
fn the_template_plays_four_in_a_row_on_a_larger_board() {
    // 5x5 with four in a row: the template is told the number with INFO in_a_row; the game
    // is played out against a shallow computer without a fault.
    let template = template();
    let out = play(
        &[
            "--rule",
            "5,5,4",
            "--x-engine",
            &template,
            "--depth",
            "2",
            "--engine-turn",
            "20",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}\n{stdout}", text(&out.stderr));
    assert!(
        stdout.contains("Draw: the board is full.") || stdout.contains(" wins ("),
        "{stdout}"
    );
}

#[test]
fn an_engine_that_cannot_start_is_named() {
    let out = play(&["--engine", "/nonexistent/brain --fast"], EVERY_CELL);
    let stderr = faulted(&out);
    assert!(stderr.contains("brain could not start"), "{stderr}");
}

#[test]
fn a_crash_a_hang_and_garbage_end_the_game_with_their_message() {
    let crash = engine("crash.sh", "exit 3");
    let stderr = faulted(&play(&["--engine", &crash], EVERY_CELL));
    assert!(
        stderr.contains("The engine crash.sh exited with code 3 before answering."),
        "{stderr}"
    );
    assert!(!stderr.contains("crashed"), "{stderr}");

    let hang = engine("hang.sh", "sleep 30");
    let out = play(&["--engine", &hang, "--engine-turn", "0.3"], EVERY_CELL);
    let stderr = faulted(&out);
    assert!(stderr.contains("hang.sh no answer in 800 ms"), "{stderr}");

    let garbage = engine("garbage.sh", "echo 'hello there'");
    let stderr = faulted(&play(&["--engine", &garbage], EVERY_CELL));
    assert!(
        stderr.contains("garbage.sh unreadable answer: hello there"),
        "{stderr}"
    );
}

#[test]
fn illegal_answers_end_the_game_and_the_board_stays() {
    // Always the top left corner: taken once the person has played there.
    let corner = engine("corner.sh", "echo 0,0");
    let out = play(&["--engine", &corner], "1 1\n");
    let stderr = faulted(&out);
    assert!(
        stderr.contains("corner.sh illegal move 0,0: on a taken cell"),
        "{stderr}"
    );
    // The game as it stood is shown: the person's move in the corner.
    assert!(
        text(&out.stdout).contains("  1  X  .  ."),
        "{}",
        text(&out.stdout)
    );

    let outside = engine("outside.sh", "echo 7,7");
    let stderr = faulted(&play(&["--engine", &outside, "--first", "computer"], ""));
    assert!(
        stderr.contains("outside.sh illegal move 7,7: off the board"),
        "{stderr}"
    );
}

#[test]
fn engine_options_are_checked() {
    let out = play(&["--engine", "  "], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the engine's command is empty"));
    let out = play(&["--engine", "a", "--x-engine", "b"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot be used with"));
}
