//! The match runner as a user meets it: the built `gomoku-match` playing the built
//! `pbrain-tictactoe` against itself, and against small fake brains that hang, crash, refuse
//! or play illegal moves, each of which must lose its games and nothing else. Short games
//! (a move cap) keep the tests to seconds; no assertion depends on how long anything takes.
#![cfg(unix)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use tictactoe::engine::tuning::GameLine;
use tictactoe::rules::{Cell, Rule};

const RUNNER: &str = env!("CARGO_BIN_EXE_gomoku-match");
const BRAIN: &str = env!("CARGO_BIN_EXE_pbrain-tictactoe");

/// A fresh path in the temporary folder, unique to this test.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("gomoku-match-{}-{name}", std::process::id()))
}

/// An openings file with one three-stone opening around the centre.
fn openings(name: &str) -> PathBuf {
    let path = temp_path(&format!("{name}-openings.txt"));
    std::fs::write(&path, "# one opening\n0,0 0,-1 2,2\n").unwrap();
    path
}

/// A fake brain: it answers START and then every move request the way `$1` says, and
/// writes the INFO lines it is sent to the file `$2`, if given.
const FAKE: &str = r#"#!/bin/sh
mode=$1
log=$2
n=0
answer() {
    case "$mode" in
        edge) n=$((n + 1)); echo "0,$n" ;;
        hang) exec sleep 60 ;;
        crash) exit 3 ;;
        error) echo "ERROR cannot think" ;;
        unknown) echo "UNKNOWN" ;;
        garbage) echo "MESSAGE thinking"; echo "hello there" ;;
        taken) echo "7,7" ;;
        off) echo "DEBUG off we go"; echo "15,0" ;;
    esac
}
while IFS= read -r line; do
    case "$line" in
        START*) if [ "$mode" = refuse ]; then echo "ERROR no such board"; else echo OK; fi ;;
        INFO*) if [ -n "$log" ]; then echo "$line" >> "$log"; fi ;;
        BOARD*) while IFS= read -r stone; do case "$stone" in DONE*) break ;; esac; done; answer ;;
        BEGIN*|TURN*) answer ;;
        SWAP2BOARD*) while IFS= read -r stone; do case "$stone" in DONE*) break ;; esac; done
            if [ "$mode" = swap2taken ]; then echo "7,7 7,7 8,8"; else echo "UNKNOWN"; fi ;;
        END*) exit 0 ;;
        *) echo "UNKNOWN" ;;
    esac
done
"#;

/// The fake brain's command line in `mode`. The script is run by `sh` rather than
/// executed itself, so no test can meet it half written or still open for writing.
fn fake(mode: &str) -> String {
    fake_logging(mode, "")
}

/// The fake brain's command line in `mode`, writing the INFO lines it gets to `log`.
fn fake_logging(mode: &str, log: &str) -> String {
    static SCRIPT: OnceLock<PathBuf> = OnceLock::new();
    let script = SCRIPT.get_or_init(|| {
        let path = temp_path("fake-brain.sh");
        std::fs::write(&path, FAKE).unwrap();
        path
    });
    format!("/bin/sh {} {mode} {log}", script.display())
        .trim_end()
        .to_string()
}

/// Runs a match of the opening both ways and returns the Markdown report it wrote.
fn run_match(name: &str, engine_a: &str, engine_b: &str, extra: &[&str]) -> String {
    let output = temp_path(&format!("{name}-report.md"));
    let openings = openings(name);
    let run = Command::new(RUNNER)
        .args(["--engine-a", engine_a, "--engine-b", engine_b])
        .args(["--size", "15", "--turn-ms", "50"])
        .arg("--openings")
        .arg(&openings)
        .arg("--output")
        .arg(&output)
        .args(extra)
        .output()
        .expect("the runner starts");
    let log = String::from_utf8_lossy(&run.stderr).to_string();
    assert!(run.status.success(), "the runner failed: {log}");
    let report = std::fs::read_to_string(&output).expect("the report is written");
    assert_eq!(String::from_utf8_lossy(&run.stdout), report, "{log}");
    let _ = std::fs::remove_file(output);
    let _ = std::fs::remove_file(openings);
    report
}

/// The cells of an engine's row of the totals.
fn totals(report: &str, engine: &str) -> Vec<String> {
    let row = report
        .lines()
        .find(|line| line.starts_with(&format!("| {engine} `")))
        .unwrap_or_else(|| panic!("no totals row for {engine}:\n{report}"));
    row.trim_matches('|')
        .split('|')
        .map(|cell| cell.trim().to_string())
        .collect()
}

#[test]
fn the_brain_against_itself_plays_both_colours_to_the_move_cap_or_a_five() {
    // A limit far beyond the time per move: a loaded machine must not turn into a time-out.
    let report = run_match(
        "self",
        BRAIN,
        BRAIN,
        &["--max-moves", "6", "--grace-ms", "60000"],
    );
    assert!(report.contains("| 1 | 0,0 0,-1 2,2 | "), "{report}");
    let a = totals(&report, "A");
    let b = totals(&report, "B");
    // engine, games, wins, draws, losses, points, as black, as white, four fault counts.
    assert_eq!(a[1], "2", "{report}");
    let points: f64 = a[5].parse::<f64>().unwrap() + b[5].parse::<f64>().unwrap();
    assert_eq!(points, 2.0, "{report}");
    assert_eq!(&a[8..12], ["0", "0", "0", "0"], "{report}");
    assert_eq!(&b[8..12], ["0", "0", "0", "0"], "{report}");
}

/// Plays the fake brain in `mode` as B against the real one and checks that it lost both
/// games, counted in the totals column `column` (8 time-outs, 9 illegal, 10 crashes,
/// 11 errors), and that the report names `why`.
fn fake_loses(mode: &str, column: usize, why: &str) {
    let report = run_match(mode, BRAIN, &fake(mode), &["--grace-ms", "300"]);
    let b = totals(&report, "B");
    assert_eq!(&b[1..6], ["2", "0", "0", "2", "0"], "{mode}: {report}");
    assert_eq!(b[column], "2", "{mode}: {report}");
    assert!(report.contains(why), "{mode}: no '{why}' in {report}");
    let a = totals(&report, "A");
    assert_eq!(&a[8..12], ["0", "0", "0", "0"], "{mode}: {report}");
}

#[test]
fn a_brain_that_hangs_is_killed_and_loses_on_time() {
    fake_loses("hang", 8, "B no answer in 350 ms");
}

#[test]
fn moves_off_the_board_or_on_a_stone_lose() {
    fake_loses("taken", 9, "B illegal move 7,7: on a taken cell");
    fake_loses("off", 9, "B illegal move 15,0: off the board");
}

#[test]
fn games_lost_by_a_fault_are_left_out_of_the_games_file() {
    let games = temp_path("crash-games.txt");
    let _ = run_match(
        "crash-record",
        BRAIN,
        &fake("crash"),
        &["--record", games.to_str().unwrap()],
    );
    let text = std::fs::read_to_string(&games).expect("the games file is made");
    let _ = std::fs::remove_file(&games);
    assert_eq!(
        text, "",
        "no game of a crashing brain says anything about its positions"
    );
}

#[test]
fn a_brain_that_exits_loses() {
    fake_loses("crash", 10, "B exited with code 3 before answering");
}

#[test]
fn error_unknown_and_unreadable_answers_lose() {
    fake_loses("error", 11, "B refused: ERROR cannot think");
    fake_loses("unknown", 11, "B refused: UNKNOWN");
    fake_loses("garbage", 11, "B unreadable answer: hello there");
    fake_loses("refuse", 11, "B refused: ERROR no such board");
}

#[test]
fn bad_arguments_and_openings_are_refused_before_any_game() {
    let missing = Command::new(RUNNER)
        .args(["--engine-a", BRAIN, "--engine-b", BRAIN])
        .args(["--openings", "/nonexistent/openings.txt"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read"));
    let openings = openings("too-many");
    let too_many = Command::new(RUNNER)
        .args(["--engine-a", BRAIN, "--engine-b", BRAIN, "--games", "3"])
        .arg("--openings")
        .arg(&openings)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(openings);
    assert!(!too_many.status.success());
    assert!(
        String::from_utf8_lossy(&too_many.stderr).contains("3 games need 2 openings"),
        "{}",
        String::from_utf8_lossy(&too_many.stderr)
    );
}

#[test]
fn renju_is_refused_on_a_board_other_than_15x15() {
    let openings = openings("renju-20");
    let wrong_size = Command::new(RUNNER)
        .args(["--engine-a", BRAIN, "--engine-b", BRAIN, "--rule", "renju"])
        .args(["--size", "20", "--openings"])
        .arg(&openings)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(openings);
    assert!(!wrong_size.status.success());
    assert!(
        String::from_utf8_lossy(&wrong_size.stderr).contains("renju is played on a 15x15 board"),
        "{}",
        String::from_utf8_lossy(&wrong_size.stderr)
    );
}

#[test]
fn a_renju_match_tells_the_brains_rule_4_and_is_played_without_faults() {
    let games = temp_path("renju-games.txt");
    let report = run_match(
        "renju",
        BRAIN,
        BRAIN,
        &[
            "--rule",
            "renju",
            "--max-moves",
            "10",
            "--grace-ms",
            "60000",
            "--record",
            games.to_str().unwrap(),
            "--name-b",
            "other",
        ],
    );
    // The games file: both games, each replayable from the opening's first stone.
    let text = std::fs::read_to_string(&games).expect("the games file is written");
    let _ = std::fs::remove_file(&games);
    let lines: Vec<GameLine> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(lines.len(), 2, "{text}");
    for line in &lines {
        assert_eq!(line.rule, Rule::RENJU);
        assert_eq!(
            &line.moves[..3],
            [(7, 7), (6, 7), (9, 9)].map(|(r, c)| Cell::new(r, c))
        );
        assert!(line.moves.len() > 3 && line.moves.len() <= 13, "{text}");
        assert_eq!(line.opening, Some(3), "{text}");
        line.positions().expect("legal moves");
    }
    // A plays black in the first game and white in the second; B is named on the command line.
    let players = |l: &GameLine| (l.black.clone().unwrap(), l.white.clone().unwrap());
    let a = "pbrain-tictactoe".to_string();
    assert_eq!(players(&lines[0]), (a.clone(), "other".to_string()));
    assert_eq!(players(&lines[1]), ("other".to_string(), a));
    assert!(report.contains("renju (black: exactly five"), "{report}");
    for engine in ["A", "B"] {
        // No time-outs, illegal (forbidden) moves, crashes or errors.
        assert_eq!(
            &totals(&report, engine)[8..12],
            ["0", "0", "0", "0"],
            "{report}"
        );
    }
}

#[test]
fn a_swap2_match_between_two_brains_is_played_without_faults() {
    let report = run_match(
        "swap2",
        BRAIN,
        BRAIN,
        &[
            "--opening",
            "swap2",
            "--rule",
            "exact",
            "--games",
            "2",
            "--max-moves",
            "4",
            "--grace-ms",
            "60000",
        ],
    );
    assert!(
        report.contains("- Openings: swap2 (SWAP2BOARD)"),
        "{report}"
    );
    // Each game is its own opening: the three stones, and the fourth move (white stayed),
    // or two more stones and then possibly the sixth move (the opener took white).
    for game in ["| 1 | ", "| 2 | "] {
        let row = report
            .lines()
            .find(|line| line.starts_with(game))
            .unwrap_or_else(|| panic!("no row {game}in {report}"));
        let stones = row.split('|').nth(2).unwrap().split_whitespace().count();
        assert!((3..=6).contains(&stones), "{row}");
    }
    for engine in ["A", "B"] {
        let row = totals(&report, engine);
        assert_eq!(row[1], "2", "{report}");
        assert_eq!(&row[8..12], ["0", "0", "0", "0"], "{report}");
    }
    assert!(report.contains("**The opener scored "), "{report}");
}

#[test]
fn a_brain_without_swap2_or_with_bad_stones_loses_its_swap2_games() {
    for (mode, why) in [
        ("unknown", "B refused: UNKNOWN"),
        ("swap2taken", "B illegal move 7,7: on a taken cell"),
    ] {
        let report = run_match(
            mode,
            BRAIN,
            &fake(mode),
            &["--opening", "swap2", "--games", "2", "--grace-ms", "60000"],
        );
        let b = totals(&report, "B");
        assert_eq!(&b[1..6], ["2", "0", "0", "2", "0"], "{mode}: {report}");
        assert!(report.contains(why), "{mode}: no '{why}' in {report}");
        let a = totals(&report, "A");
        assert_eq!(&a[8..12], ["0", "0", "0", "0"], "{mode}: {report}");
    }
}

/// The numbers the INFO lines `key` in a fake brain's log gave, in order.
fn told(log: &str, key: &str) -> Vec<u64> {
    log.lines()
        .filter_map(|line| line.trim().strip_prefix(&format!("INFO {key} ")))
        .map(|value| value.parse().unwrap())
        .collect()
}

#[test]
fn a_match_clock_tells_each_brain_the_match_time_and_its_own_time_left() {
    let log = temp_path("clock-info.txt");
    let _ = std::fs::remove_file(&log);
    // The fake plays 0,1 then 0,2 at the edge: two moves of its own in each game.
    let report = run_match(
        "clock",
        BRAIN,
        &fake_logging("edge", log.to_str().unwrap()),
        &[
            "--match-ms",
            "60000",
            "--max-moves",
            "4",
            "--grace-ms",
            "60000",
        ],
    );
    let text = std::fs::read_to_string(&log).expect("the fake brain was told INFO lines");
    let _ = std::fs::remove_file(&log);
    // Each game: no match clock at the start, then the match's 60 s.
    assert_eq!(
        told(&text, "timeout_match"),
        [0, 60_000, 0, 60_000],
        "{text}"
    );
    // Before each of its moves its own time left: all of it before the first, and at
    // most that before the second (whatever its first move took, and not the other's).
    let left = told(&text, "time_left");
    assert_eq!(left.len(), 4, "{text}");
    for game in left.chunks(2) {
        assert_eq!(game[0], 60_000, "{text}");
        assert!(game[1] <= 60_000, "{text}");
    }
    // The order: the time left comes after the match time, before the move.
    let first_left = text.find("INFO time_left").unwrap();
    assert!(
        text.find("INFO timeout_match 60000").unwrap() < first_left,
        "{text}"
    );
    assert!(
        report.contains("and 60000 ms a game for each brain's moves (INFO timeout_match"),
        "{report}"
    );
    for engine in ["A", "B"] {
        let row = totals(&report, engine);
        assert_eq!(&row[8..12], ["0", "0", "0", "0"], "{report}");
    }
}

#[test]
fn a_brain_whose_match_time_runs_out_loses_on_time_whatever_the_grace_per_move() {
    // One game, the fake (white) to move first after the opening: it never answers, and the
    // wait ends with its 300 ms of match time, not the minute allowed per move.
    let report = run_match(
        "clock-hang",
        BRAIN,
        &fake("hang"),
        &["--match-ms", "300", "--grace-ms", "60000", "--games", "1"],
    );
    let b = totals(&report, "B");
    assert_eq!(&b[1..6], ["1", "0", "0", "1", "0"], "{report}");
    assert_eq!(b[8], "1", "{report}");
    assert!(report.contains("B no answer in 300 ms"), "{report}");
}

#[test]
fn a_match_clock_that_is_zero_or_not_a_number_is_refused_before_any_game() {
    for (value, why) in [
        ("0", "a match clock of 0 ms"),
        ("ten", "'ten' is not a number of milliseconds"),
        ("99999999999999999999", "is not a number of milliseconds"),
        ("86400001", "a match clock of 86400001 ms"),
    ] {
        let run = Command::new(RUNNER)
            .args([
                "--engine-a",
                BRAIN,
                "--engine-b",
                BRAIN,
                "--match-ms",
                value,
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{value}: {stderr}");
        assert!(stderr.contains(why), "{value}: {stderr}");
        assert!(!stderr.contains("panicked"), "{value}: {stderr}");
    }
}
