//! `tictactoe grade`: the game's own engine (through `pbrain-tictactoe`) is perfect on every
//! position; players written here as shell scripts are graded as they deserve: one that
//! always takes the first empty cell makes the mistakes a hand count shows, one that always
//! answers the centre plays illegally exactly where the centre is taken, and broken ones
//! (a crash, a hang, garbage, a flood of one line or of many, no answer to START, a move
//! before START, one that never exits) are reported and stopped. The templates a student
//! starts from (templates/) are built and graded: the minimax players are perfect, and
//! every mistake of the random players is one by a solver here.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// A shell script written into a folder of this test's own, made executable.
fn script(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-grade-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\nCR=$(printf '\\r')\n{body}")).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

/// A player that answers START and reads every line; `on_done` runs at each DONE with
/// `$taken` holding " x,y x,y ... " of the stones on the board.
fn player(name: &str, on_done: &str) -> PathBuf {
    script(
        name,
        &format!(
            r#"taken=""
while IFS= read -r line; do
  line=${{line%"$CR"}}
  case "$line" in
    START*) echo OK ;;
    BOARD) reading=1; taken=" " ;;
    DONE) reading=0
{on_done}
      ;;
    END) exit 0 ;;
    *) if [ "$reading" = 1 ]; then taken="$taken${{line%,*}} "; fi ;;
  esac
done
"#
        ),
    )
}

fn grade(engine: &Path, extra: &[&str]) -> (Output, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["grade", "--json", "--turn", "0.3", "--start", "2"])
        .args(extra)
        .arg(engine)
        .output()
        .expect("the program runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let report = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (out, report)
}

fn count(report: &Value, key: &str) -> u64 {
    report[key]
        .as_u64()
        .unwrap_or_else(|| panic!("no {key} in {report}"))
}

/// The eight lines of three on 3x3, cells numbered row by row: written out here, apart from
/// the grader's.
#[rustfmt::skip]
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6],
];

/// Every position of tic-tac-toe that is not over, as 9 cells (0 empty, 1 X, 2 O):
/// counted here on its own, apart from the grader.
fn positions() -> Vec<[u8; 9]> {
    let over = |b: &[u8; 9]| {
        LINES
            .iter()
            .any(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
            || b.iter().all(|&c| c != 0)
    };
    let mut found = std::collections::HashSet::new();
    let mut stack = vec![[0u8; 9]];
    while let Some(board) = stack.pop() {
        if over(&board) || !found.insert(board) {
            continue;
        }
        let side = if board.iter().filter(|&&c| c != 0).count() % 2 == 0 {
            1
        } else {
            2
        };
        for cell in 0..9 {
            if board[cell] == 0 {
                let mut next = board;
                next[cell] = side;
                stack.push(next);
            }
        }
    }
    found.into_iter().collect()
}

#[test]
fn the_games_own_engine_is_perfect_on_every_position() {
    let (out, report) = grade(Path::new(env!("CARGO_BIN_EXE_pbrain-tictactoe")), &[]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(count(&report, "positions"), 4520);
    assert_eq!(count(&report, "asked"), 4520);
    assert_eq!(count(&report, "best"), 4520, "{report}");
    assert_eq!(report["mistakes"], Value::Array(Vec::new()));
}

#[test]
fn a_player_that_takes_the_first_empty_cell_is_told_each_mistake() {
    let first_empty =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/first-empty-player.sh");
    let (out, report) = grade(&first_empty, &[]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(count(&report, "asked"), 4520);
    assert_eq!(count(&report, "illegal") + count(&report, "failures"), 0);
    let mistakes = report["mistakes"].as_array().unwrap();
    assert_eq!(count(&report, "best") as usize + mistakes.len(), 4520);
    // A position by its stones, whatever order the grader's game reached it in.
    let stones = |moves: &[(u64, u64)]| {
        let mut sides = [Vec::new(), Vec::new()];
        for (i, &cell) in moves.iter().enumerate() {
            sides[i % 2].push(cell);
        }
        sides.iter_mut().for_each(|s| s.sort_unstable());
        sides
    };
    let find = |moves: &[(u64, u64)]| {
        mistakes.iter().find(|m| {
            let played: Vec<(u64, u64)> = m["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (c["row"].as_u64().unwrap(), c["col"].as_u64().unwrap()))
                .collect();
            stones(&played) == stones(moves)
        })
    };
    // X in the centre, O in a corner, X beside the centre: O must block on the right; the
    // first empty cell (top middle) lets X complete the middle row.
    let thrown = find(&[(1, 1), (0, 0), (1, 0)]).expect("that answer is a mistake");
    assert_eq!(thrown["answer"], "1,0");
    assert_eq!(thrown["verdict"], "draw-thrown", "{thrown}");
    assert_eq!(
        thrown["best_moves"],
        serde_json::json!([{"row": 1, "col": 2}])
    );
    // On the empty board every move draws: the corner is a best move, not a mistake.
    assert!(find(&[]).is_none());
    // The text report lists the mistakes in the board's own words.
    let text = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["grade", "--turn", "0.3"])
        .arg(&first_empty)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(
            "after 1,1 (O to move): answered 1,0 (cell 1,2), which loses in 6; best 2,2 (draws)"
        ),
        "{text}"
    );
}

#[test]
fn a_player_that_always_answers_the_centre_is_illegal_exactly_where_it_is_taken() {
    let centre = player("centre.sh", "      echo 1,1");
    let (out, report) = grade(&centre, &[]);
    assert!(out.status.success(), "{out:?}");
    let taken = positions().iter().filter(|b| b[4] != 0).count();
    assert_eq!(positions().len(), 4520);
    assert_eq!(count(&report, "illegal") as usize, taken);
    assert_eq!(count(&report, "failures"), 0);
}

#[test]
fn broken_players_are_reported_and_stopped() {
    let cases = [
        (
            "crash.sh",
            player("crash.sh", "      exit 3"),
            "exited with code 3 before answering",
        ),
        (
            "segfault.sh",
            player("segfault.sh", "      kill -SEGV $$"),
            "crashed (signal 11, SIGSEGV)",
        ),
        (
            "hang.sh",
            player("hang.sh", "      exec sleep 30"),
            "no answer in",
        ),
        (
            "garbage.sh",
            player("garbage.sh", "      printf 'hello \\033[31mthere\\n'"),
            "hello [31mthere",
        ),
        (
            "flood.sh",
            player("flood.sh", "      head -c 100000 /dev/zero | tr '\\0' a"),
            "longer than 4096 bytes",
        ),
        (
            // Short lines without end, none of them an answer.
            "chatter.sh",
            player("chatter.sh", "      exec yes 'MESSAGE thinking'"),
            "no answer in",
        ),
        (
            "silent.sh",
            script("silent.sh", "exec sleep 30\n"),
            "did not start",
        ),
        (
            // A move written before it was sent START: taken as its answer to START.
            "early.sh",
            script("early.sh", "echo 1,1\nexec sleep 30\n"),
            "'1,1' to START",
        ),
    ];
    for (name, engine, says) in cases {
        let (out, report) = grade(&engine, &[]);
        assert_eq!(out.status.code(), Some(1), "{name}: {out:?}");
        let stopped = report["stopped"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: {report}"));
        let all = format!("{stopped} {}", report["mistakes"]);
        assert!(all.contains(says), "{name}: {all}");
        assert!(
            !all.contains('\u{1b}'),
            "{name}: control characters reach the report"
        );
        assert!(count(&report, "asked") <= 3, "{name}: {report}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("could not be graded to the end"),
            "{name}: {stderr}"
        );
    }
}

/// A player that answers well but never exits: END (and the end of its input) leaves it
/// sleeping. The grading still ends with its report, and the process is gone after it.
#[cfg(target_os = "linux")]
#[test]
fn a_player_that_never_exits_is_stopped_after_its_report() {
    let stubborn = script(
        "stubborn.sh",
        r#"echo $$ > "$0.pid"
taken=" "
while IFS= read -r line; do
  line=${line%"$CR"}
  case "$line" in
    START*) echo OK ;;
    BOARD) reading=1; taken=" " ;;
    DONE) reading=0
      for y in 0 1 2 3; do for x in 0 1 2 3; do
        case "$taken" in *" $x,$y "*) ;; *) echo "$x,$y"; break 2 ;; esac
      done; done ;;
    END) exec sleep 600 ;;
    *) if [ "$reading" = 1 ]; then taken="$taken${line%,*} "; fi ;;
  esac
done
exec sleep 600
"#,
    );
    let (out, report) = grade(&stubborn, &["--rule", "4,4,4", "--positions", "3"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(count(&report, "asked"), 3, "{report}");
    assert_eq!(count(&report, "failures"), 0, "{report}");
    let pid_file = stubborn.with_extension("sh.pid");
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let pid = pid.trim();
    assert!(
        !Path::new(&format!("/proc/{pid}")).exists(),
        "the player (process {pid}) is still running"
    );
}

/// What a move is worth to its player, with perfect play after it, by a brute force of this
/// test's own: (1 win, 0 draw, -1 loss, plies to the end).
fn worth(board: &[u8; 9], cell: usize) -> (i32, u32) {
    let side = if board.iter().filter(|&&c| c != 0).count() % 2 == 0 {
        1
    } else {
        2
    };
    let mut after = *board;
    after[cell] = side;
    if LINES.iter().any(|l| l.iter().all(|&i| after[i] == side)) {
        return (1, 1);
    }
    if after.iter().all(|&c| c != 0) {
        return (0, 1);
    }
    let (result, plies) = (0..9)
        .filter(|&c| after[c] == 0)
        .map(|c| worth(&after, c))
        .max_by_key(|&(r, p)| r * 100 - r * p as i32)
        .unwrap();
    (-result, plies + 1)
}

/// A template's file.
fn template(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("templates")
        .join(path)
}

/// A C template built as a student would, with every warning an error; its program's path.
fn build_c(source: &str) -> PathBuf {
    let stem = Path::new(source).file_stem().unwrap().to_string_lossy();
    let built = std::env::temp_dir().join(format!("tictactoe-{stem}-{}", std::process::id()));
    let cc = Command::new("cc")
        .args(["-O2", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&built)
        .arg(template(source))
        .output()
        .expect("a C compiler runs");
    assert!(cc.status.success(), "{cc:?}");
    built
}

/// Grades a template (a program and its arguments) on every position of tic-tac-toe with
/// the default time per move.
fn grade_template(program: &Path, args: &[&Path]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["grade", "--json"])
        .arg(program)
        .args(args)
        .output()
        .expect("the program runs");
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A minimax template searching 3x3 to the end answers every position with a best move.
fn assert_perfect(report: &Value) {
    assert_eq!(count(report, "asked"), 4520, "{report}");
    assert_eq!(count(report, "best"), 4520, "{report}");
    assert_eq!(report["mistakes"], Value::Array(Vec::new()));
}

/// A random template makes many mistakes, never an illegal move, and each mistake is one by
/// this test's own brute force, of the kind the report says.
fn assert_random_mistakes_are_real(report: &Value) {
    assert_eq!(count(report, "illegal") + count(report, "failures"), 0);
    let mistakes = report["mistakes"].as_array().unwrap();
    assert!(
        mistakes.len() > 1000,
        "a random player errs often: {}",
        mistakes.len()
    );
    assert_eq!(count(report, "best") as usize + mistakes.len(), 4520);
    for mistake in mistakes {
        let mut board = [0u8; 9];
        for (i, cell) in mistake["moves"].as_array().unwrap().iter().enumerate() {
            let at = cell["row"].as_u64().unwrap() * 3 + cell["col"].as_u64().unwrap();
            board[at as usize] = if i % 2 == 0 { 1 } else { 2 };
        }
        let cell = &mistake["answer_cell"];
        let played = (cell["row"].as_u64().unwrap() * 3 + cell["col"].as_u64().unwrap()) as usize;
        let best = (0..9)
            .filter(|&c| board[c] == 0)
            .map(|c| worth(&board, c))
            .max_by_key(|&(r, p)| r * 100 - r * p as i32)
            .unwrap();
        let answer = worth(&board, played);
        let verdict = match (best, answer) {
            ((1, _), (1, _)) => "slower-win",
            ((1, _), _) => "win-missed",
            ((0, _), _) => "draw-thrown",
            _ => "faster-loss",
        };
        assert_ne!(answer, best, "{mistake}");
        assert_eq!(mistake["verdict"], verdict, "{mistake}");
    }
}

#[test]
fn the_python_templates_are_graded() {
    let python = Path::new("python3");
    assert_perfect(&grade_template(
        python,
        &[&template("python/minimax_player.py")],
    ));
    assert_random_mistakes_are_real(&grade_template(
        python,
        &[&template("python/random_player.py")],
    ));
}

#[test]
fn the_c_templates_are_built_and_graded() {
    let minimax = build_c("c/minimax_player.c");
    assert_perfect(&grade_template(&minimax, &[]));
    let random = build_c("c/random_player.c");
    assert_random_mistakes_are_real(&grade_template(&random, &[]));
    let _ = std::fs::remove_file(&minimax);
    let _ = std::fs::remove_file(&random);
}

/// The first-empty-cell player (tests/fixtures/first-empty-player.sh), on any board.
fn first_empty() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/first-empty-player.sh")
}

#[test]
fn a_sample_of_4x4_positions_is_drawn_from_the_seed_and_every_answer_counted() {
    let player = first_empty();
    let args = ["--rule", "4,4,4", "--positions", "12", "--seed", "5"];
    let (out, report) = grade(&player, &args);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(count(&report, "positions"), 12);
    assert_eq!(count(&report, "asked"), 12);
    assert_eq!(
        report["board"],
        serde_json::json!({"width": 4, "height": 4, "k": 4})
    );
    assert_eq!(report["sample"]["seed"], 5);
    let mistakes = report["mistakes"].as_array().unwrap();
    assert_eq!(count(&report, "best") as usize + mistakes.len(), 12);
    assert_eq!(count(&report, "illegal") + count(&report, "failures"), 0);
    // Every answer is the first empty cell, and a mistake's best moves are elsewhere.
    for mistake in mistakes {
        let taken: Vec<(u64, u64)> = mistake["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["row"].as_u64().unwrap(), c["col"].as_u64().unwrap()))
            .collect();
        let first = (0..4)
            .flat_map(|r| (0..4).map(move |c| (r, c)))
            .find(|cell| !taken.contains(cell))
            .unwrap();
        let cell = &mistake["answer_cell"];
        assert_eq!(
            (cell["row"].as_u64().unwrap(), cell["col"].as_u64().unwrap()),
            first
        );
        assert!(
            !mistake["best_moves"]
                .as_array()
                .unwrap()
                .contains(&serde_json::json!({"row": first.0, "col": first.1}))
        );
    }
    // The seed is said on standard error, and the text report names it.
    assert!(String::from_utf8_lossy(&out.stderr).contains("seed 5"));
}

#[test]
fn a_board_the_grader_cannot_play_is_refused_with_a_clear_error() {
    for (rule, says) in [
        ("9,9,5", "up to 25 cells"),
        ("3,3", "W,H,K"),
        ("4,4,9", "K must be between"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(["grade", "--rule", rule, "python3"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{rule}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{rule}: {stderr}");
    }
}

#[test]
fn a_match_on_15x15_reports_every_game_and_a_score_with_its_interval() {
    let player = first_empty();
    let dir = std::env::temp_dir().join(format!("tictactoe-grade-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json_file = dir.join("match.json");
    let args = ["--rule", "15,15,5", "--out"];
    let (out, report) = grade(
        &player,
        &[&args[..], &[json_file.to_str().unwrap()]].concat(),
    );
    assert!(out.status.success(), "{out:?}");
    let games = report["games"].as_array().unwrap();
    assert_eq!(count(&report, "planned"), 6);
    assert_eq!(games.len(), 6);
    let scores = report["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 3);
    for score in scores.iter().chain([&report["total"]]) {
        let sum = count(score, "wins") + count(score, "draws") + count(score, "losses");
        assert_eq!(sum, count(score, "games"), "{score}");
        let i = &score["interval"];
        let (low, mean, high) = (
            i["low"].as_f64().unwrap(),
            i["mean"].as_f64().unwrap(),
            i["high"].as_f64().unwrap(),
        );
        assert!(
            0.0 <= low && low <= mean && mean <= high && high <= 1.0,
            "{i}"
        );
    }
    assert_eq!(count(&report["total"], "games"), 6);
    // Both colours at each strength.
    let colours: Vec<&str> = games
        .iter()
        .map(|g| g["colour"].as_str().unwrap())
        .collect();
    assert_eq!(
        colours,
        ["black", "white", "black", "white", "black", "white"]
    );
    // The file saved holds the same report; a .txt name gets the text.
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&json_file).unwrap()).unwrap();
    assert_eq!(saved["games"], report["games"]);
    let text_file = dir.join("match.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args([
            "grade", "--rule", "15,15,5", "--games", "1", "--turn", "0.3", "--out",
        ])
        .arg(&text_file)
        .arg(&player)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = std::fs::read_to_string(&text_file).unwrap();
    assert_eq!(text, String::from_utf8_lossy(&out.stdout));
    assert!(text.contains("Over all: 3 games:"), "{text}");
    assert!(text.contains("95% interval"), "{text}");
}

#[test]
fn options_after_the_player_are_the_graders_and_its_own_arguments_come_after_two_dashes() {
    // The issue's form: tictactoe grade ENGINE --rule W,H,K --json.
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .arg("grade")
        .arg(first_empty())
        .args(["--rule", "4,4,4", "--positions", "3", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        report["board"],
        serde_json::json!({"width": 4, "height": 4, "k": 4})
    );
    assert_eq!(count(&report, "asked"), 3);
    assert_eq!(report["engine"], first_empty().display().to_string());
    // A player's own argument that starts with a dash, after --.
    let random = template("python/random_player.py");
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["grade", "--json", "--", "python3", "-u"])
        .arg(&random)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(count(&report, "asked"), 4520);
    assert_eq!(report["engine"], format!("python3 -u {}", random.display()));
    // Without the dashes it is refused with a hint, not passed to the player.
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["grade", "python3", "-u"])
        .arg(&random)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("'-- -u'"),
        "{out:?}"
    );
}

#[test]
fn a_report_that_cannot_be_written_is_an_error_that_says_where() {
    let first_empty =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/first-empty-player.sh");
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args([
            "grade",
            "--turn",
            "0.3",
            "--out",
            "/nonexistent/folder/report.txt",
        ])
        .arg(&first_empty)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cannot write the report to /nonexistent/folder/report.txt"),
        "{stderr}"
    );
}

/// The grader as a job of the driver (as the window runs it): its progress comes on the
/// ticket, counting up to every position, then the report; dropping the ticket of a second
/// grading stops it before the end.
#[test]
fn the_grader_runs_on_the_driver_with_its_progress_and_stops_with_its_ticket() {
    use std::time::Duration;
    use tictactoe::external::{EngineCommand, TimeLimits};
    use tictactoe::game::{Driver, DriverConfig};
    use tictactoe::grade::GradeOutcome;
    use tictactoe::lab::grading::{GradeBoard, GradeRequest};
    use tictactoe::lab::jobs::LabUpdate;

    let driver = Driver::new(DriverConfig::default(), || {});
    let request = GradeRequest {
        command: EngineCommand::parse(&first_empty().display().to_string()).unwrap(),
        board: GradeBoard::Three,
        limits: TimeLimits::default(),
    };
    let mut ticket = driver.request(request.clone());
    let (mut last, mut report) = (0, None);
    while let Ok(Some(update)) = ticket.next_timeout(Duration::from_secs(120)) {
        match update {
            LabUpdate::Progress(done) => {
                assert!(done >= last, "progress counts up: {done} after {last}");
                last = done;
            }
            LabUpdate::Done(done) => report = Some(done.expect("a report")),
            LabUpdate::Failed(why) => panic!("the grading failed: {why}"),
        }
    }
    assert_eq!(last, 4520);
    let Some(outcome) = report.map(|r| *r) else {
        panic!("no report came")
    };
    let GradeOutcome::Positions(report) = outcome else {
        panic!("positions were graded")
    };
    assert_eq!(report.asked, 4520);
    assert!(report.stopped.is_none());

    let mut ticket = driver.request(request);
    let first = ticket.next_timeout(Duration::from_secs(60));
    assert!(
        matches!(first, Ok(Some(LabUpdate::Progress(_)))),
        "{first:?}"
    );
    drop(ticket);
    // A new job on the lane runs at once: the stopped one let the lane go.
    let mut again = driver.request(GradeRequest {
        command: EngineCommand::parse("/nonexistent/player").unwrap(),
        board: GradeBoard::Three,
        limits: TimeLimits::default(),
    });
    let ended = again.by_ref().find(|u| matches!(u, LabUpdate::Done(_)));
    assert!(ended.is_some(), "the next grading ran to its end");
}
