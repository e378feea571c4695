//! The command line as a user meets it, through the built binary: errors are one line on
//! standard error with exit status 2, JSON answers have the documented shape, and `play`
//! can be scripted through standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use tictactoe::game::{FirstMover, Mode, Session, Settings};
use tictactoe::rules::{Cell, Rule, Side};

use crate::support::{boards, games};

use boards::{GOMOKU_OPENING, WIN_OR_BLOCK, notation};

fn run(args: &[&str]) -> Output {
    run_with_input(args, "")
}

fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json(out: &Output) -> Value {
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Exit status 2, nothing on standard output, and an `error:` message with no panic.
fn assert_refused(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stdout.is_empty(), "{args:?} printed {stdout}");
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("backtrace"),
        "{stderr}"
    );
    stderr
}

/// As [`assert_refused`], for our own checks, whose message is exactly one line.
fn assert_refused_in_one_line(args: &[&str]) -> String {
    let stderr = assert_refused(args);
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    stderr
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

#[test]
fn bad_rules_are_refused() {
    for rule in ["3,3", "2,3,3", "3,3,4", "a,b,c", "21,21,5", ""] {
        let stderr = assert_refused(&["solve", "--rule", rule]);
        assert!(stderr.contains("--rule"), "{stderr}");
    }
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let cases = [
        ("xx./.../...", "X has 2 stones and O has 0"),
        ("o../.../...", "X has 0 stones and O has 1"),
        ("xxx/ooo/...", "both X and O have a line"),
        ("xxx/oo./..o", "after X had already won"),
        ("x../...", "2 rows"),
        ("x.../.../...", "row 1 has 4 cells"),
        ("x?./.../...", "unexpected character '?'"),
    ];
    for (position, reason) in cases {
        for command in ["solve", "analyse"] {
            let stderr = assert_refused_in_one_line(&[command, "--position", position]);
            assert!(
                stderr.contains("bad position") && stderr.contains(reason),
                "{stderr}"
            );
        }
    }
    // A position that is fine on 3x3 is the wrong size on 4x4.
    let stderr =
        assert_refused_in_one_line(&["solve", "--rule", "4,4,3", "--position", "x../.../..."]);
    assert!(
        stderr.contains("3 rows but the 4x4 board has 4"),
        "{stderr}"
    );
}

#[test]
fn bad_flags_are_refused() {
    assert_refused(&["solve", "--bogus"]);
    assert_refused(&["analyse"]); // --position is required
    assert_refused(&["solve", "--threads", "0"]);
    assert_refused(&["solve", "--time", "-1"]);
    assert_refused(&["solve", "--time", "soon"]);
    assert_refused(&["analyse", "--position", ".../.../...", "--depth", "deep"]);
    assert_refused(&["play", "--first", "nobody"]);
    assert_refused(&["frobnicate"]);
    assert_refused_in_one_line(&["count", "--rule", "5,5,4"]);
    assert_refused_in_one_line(&["bench", "--rule", "7,7,7"]);
}

#[test]
fn solve_json_shape() {
    let empty = json(&run(&["solve", "--json"]));
    assert_eq!(
        keys(&empty),
        [
            "best",
            "depth",
            "every_cell",
            "nodes",
            "plies",
            "position",
            "pv",
            "result",
            "rule",
            "seconds",
            "to_move"
        ]
    );
    assert_eq!(empty["every_cell"], true);
    assert_eq!(empty["rule"], "3,3,3");
    assert_eq!(empty["position"], ".../.../...");
    assert_eq!(empty["to_move"], "X");
    assert_eq!(empty["result"], "draw");
    assert_eq!(empty["plies"], 9);
    assert!(empty["best"]["row"].is_u64() && empty["best"]["col"].is_u64());
    assert!(empty["nodes"].as_u64().unwrap() > 0);
    assert!(empty["seconds"].as_f64().unwrap() >= 0.0);

    let win = json(&run(&[
        "solve",
        "--position",
        &notation(WIN_OR_BLOCK),
        "--json",
    ]));
    assert_eq!(
        (win["result"].as_str(), win["plies"].as_u64()),
        (Some("win"), Some(1))
    );
    assert_eq!(win["best"], serde_json::json!({"row": 0, "col": 2}));

    // O to move cannot stop both of X's threats: lost in 2 plies (O moves, X wins).
    let lost = json(&run(&["solve", "--position", "x.x/.o./x.o", "--json"]));
    assert_eq!(lost["to_move"], "O");
    assert_eq!(
        (lost["result"].as_str(), lost["plies"].as_u64()),
        (Some("loss"), Some(2))
    );

    let over = json(&run(&["solve", "--position", "xxx/oo./...", "--json"]));
    assert_eq!(
        (over["result"].as_str(), over["plies"].as_u64()),
        (Some("loss"), Some(0))
    );
    assert_eq!(over["best"], Value::Null);
}

#[test]
fn large_boards_say_which_cells_were_searched() {
    // 6x5 has more than 25 cells: by default only cells near stones are searched, and the
    // answer says so; --every-cell searches them all and here proves the same win.
    let position = "....../..x.../..o.../....../......";
    let args = ["solve", "--rule", "6,5,4", "--position", position, "--json"];
    let near = json(&run(&args));
    assert_eq!(near["every_cell"], false);
    let all = json(&run(&[&args[..], &["--every-cell"]].concat()));
    assert_eq!(all["every_cell"], true);
    assert_eq!(
        (near["result"].as_str(), near["plies"].as_u64()),
        (Some("win"), Some(7))
    );
    assert_eq!(
        (all["result"].as_str(), all["plies"].as_u64()),
        (Some("win"), Some(7))
    );
    let text_out = run(&["solve", "--rule", "6,5,4", "--position", position]);
    assert!(text(&text_out.stdout).contains("only cells within two of a stone searched"));
    let small = run(&["solve", "--position", "x../.o./..."]);
    assert!(text(&small.stdout).contains("every empty cell searched"));
}

#[test]
fn solve_text() {
    let out = run(&["solve", "--position", &notation(WIN_OR_BLOCK)]);
    let stdout = text(&out.stdout);
    assert!(out.status.success());
    assert!(
        stdout.contains("win in 1 ply") && stdout.contains("(1,3)"),
        "{stdout}"
    );
}

#[test]
fn analyse_json_shape() {
    let a = json(&run(&[
        "analyse",
        "--position",
        &notation(WIN_OR_BLOCK),
        "--json",
    ]));
    assert_eq!(
        keys(&a),
        ["best", "moves", "plies", "position", "result", "to_move"]
    );
    assert_eq!(a["to_move"], "X");
    assert_eq!(
        (a["result"].as_str(), a["plies"].as_u64()),
        (Some("win"), Some(1))
    );
    assert_eq!(a["best"], serde_json::json!({"row": 0, "col": 2}));
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    for m in moves {
        assert_eq!(keys(m), ["cell", "plies", "result"]);
    }
    let win = moves
        .iter()
        .find(|m| m["cell"] == serde_json::json!({"row": 0, "col": 2}))
        .unwrap();
    assert_eq!(
        (win["result"].as_str(), win["plies"].as_u64()),
        (Some("win"), Some(1))
    );
    // Blocking O's row instead only draws; anything else lets O complete it.
    let block = moves
        .iter()
        .find(|m| m["cell"] == serde_json::json!({"row": 1, "col": 2}))
        .unwrap();
    assert_eq!(
        (block["result"].as_str(), block["plies"].as_u64()),
        (Some("draw"), Some(5))
    );
    let lose = moves
        .iter()
        .find(|m| m["cell"] == serde_json::json!({"row": 2, "col": 0}))
        .unwrap();
    assert_eq!(
        (lose["result"].as_str(), lose["plies"].as_u64()),
        (Some("loss"), Some(2))
    );
}

#[test]
fn analyse_refuses_a_board_too_large_to_search_to_the_end_and_says_what_to_use() {
    let position = notation(GOMOKU_OPENING);
    for given in [position.as_str(), "-"] {
        let args = ["analyse", "--rule", "15,15,5", "--position", given];
        let stderr = assert_refused_in_one_line(&args);
        assert!(
            stderr.contains("225") && stderr.contains("--depth D"),
            "{stderr}"
        );
        assert!(
            stderr.contains("tictactoe solve --rule 15,15,5 --position P --time S"),
            "{stderr}"
        );
    }
    // What it points to works: a depth for every move, or a best move in a given time.
    let a = json(&run(&[
        "analyse",
        "--rule",
        "15,15,5",
        "--position",
        &position,
        "--depth",
        "1",
        "--json",
    ]));
    assert!(!a["moves"].as_array().unwrap().is_empty(), "{a}");
    let s = json(&run(&[
        "solve",
        "--rule",
        "15,15,5",
        "--position",
        &position,
        "--time",
        "0.2",
        "--json",
    ]));
    assert!(s["best"].is_object(), "{s}");
}

#[test]
fn analyse_reads_positions_from_standard_input() {
    let input = ".../.../...\nxx./oo./...\n\nnot a position\nx../.o./...\n";
    let out = run_with_input(&["analyse", "--position", "-", "--json"], input);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        ["error: 1 of 4 positions could not be analysed"]
    );
    let lines: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        (lines[0]["result"].as_str(), lines[0]["plies"].as_u64()),
        (Some("draw"), Some(9))
    );
    assert_eq!(lines[1]["result"], "win");
    assert_eq!(keys(&lines[2]), ["error", "position"]);
    assert_eq!(lines[2]["position"], "not a position");
    assert!(
        lines[2]["error"].as_str().unwrap().contains("rows"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3]["position"], "x../.o./...");
    assert_eq!(lines[3]["result"], "draw");
}

#[test]
fn count_text() {
    let out = run(&["count"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success());
    assert!(
        stdout.contains("255168") && stdout.contains("26830"),
        "{stdout}"
    );
}

#[test]
fn play_rejects_illegal_moves_and_plays_to_the_end() {
    // The centre, then the centre again (taken), a cell off the board, nonsense, then every
    // cell in keypad order: the taken ones are refused and the game goes on to its end.
    let script = "5\n5\n4 4\nhello\n1\n2\n3\n4\n6\n7\n8\n9\n";
    let out = run_with_input(&["play"], script);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("Illegal move: row 2, column 2 is already taken"),
        "{stdout}"
    );
    assert!(stdout.contains("off the 3x3 board"), "{stdout}");
    assert!(stdout.contains("'hello' is not a move"), "{stdout}");
    // The full-depth engine never loses.
    assert!(
        stdout.contains("Draw") || stdout.contains("The computer wins"),
        "{stdout}"
    );
    assert!(!stdout.contains("You win"), "{stdout}");
}

#[test]
fn play_undo_quit_and_end_of_input() {
    let out = run_with_input(&["play", "--first", "computer"], "undo\n2 2\nundo\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("You play O") && stdout.contains("Computer plays"),
        "{stdout}"
    );
    assert!(stdout.contains("Nothing to undo."), "{stdout}");
    assert!(stdout.contains("Game abandoned."), "{stdout}");

    let out = run_with_input(&["play"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("Game abandoned."));
}

#[test]
fn play_a_whole_game_on_a_larger_board() {
    // 4,4,3 at a shallow depth: the script tries every cell until the game ends.
    let script: String = (1..=4)
        .flat_map(|r| (1..=4).map(move |c| format!("{r} {c}\n")))
        .collect();
    let out = run_with_input(&["play", "--rule", "4,4,3", "--depth", "2"], &script);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("Draw") || stdout.contains("wins"),
        "the game should end before the script does: {stdout}"
    );
}

#[test]
fn play_on_a_large_board_answers_without_a_time_setting() {
    // No --time: the time policy gives the computer its default budget per move on a board
    // too large to search to the end, so it answers rather than deepening for ever.
    let out = run_with_input(
        &["play", "--rule", "15,15,5", "--first", "computer"],
        "8 9\nquit\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(stdout.matches("Computer plays").count(), 2, "{stdout}");
    assert!(stdout.contains("Game abandoned."), "{stdout}");
}

/// `solve --resume`: a proof stopped by its time limit goes on from its file in the next
/// run, whose certificate `verify` accepts; a file that cannot be resumed is refused.
#[test]
fn a_proof_goes_on_from_its_file_and_its_certificate_checks() {
    let dir = std::env::temp_dir().join(format!("tictactoe-cli-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("765.state");
    let certificate = dir.join("765.json");
    let (state_arg, certificate_arg) = (state.to_str().unwrap(), certificate.to_str().unwrap());
    let solve = ["solve", "--rule", "7,6,5", "--resume", state_arg];
    // Stopped at once by the time limit, unless the machine proves it first.
    let first = run(&[&solve[..], &["--time", "0.001", "--json"]].concat());
    let first_value = json(&first);
    assert!(text(&first.stderr).contains("no saved proof in"));
    assert!(matches!(
        first_value["result"].as_str(),
        Some("unknown" | "draw")
    ));
    assert!(state.exists() && !dir.join("765.state.tmp").exists());
    // Resumed on two threads, which share one table.
    let resumed = ["--threads", "2", "--proof", certificate_arg, "--json"];
    let second = run(&[&solve[..], &resumed[..]].concat());
    let second_value = json(&second);
    assert!(text(&second.stderr).contains("resumed from"));
    assert_eq!(second_value["result"], "draw");
    assert!(second_value["earlier_nodes"].is_u64(), "{second_value}");
    let verified = run(&["verify", certificate_arg]);
    assert!(verified.status.success(), "{}", text(&verified.stderr));
    // Refused: another rule, a file that is not a saved proof.
    let other = assert_refused_in_one_line(&["solve", "--rule", "7,7,5", "--resume", state_arg]);
    assert!(other.contains("holds a proof of 7,6,5"), "{other}");
    std::fs::write(&state, "not a proof").unwrap();
    let garbage = assert_refused_in_one_line(&solve);
    assert!(garbage.contains("is not a proof saved by"), "{garbage}");
    assert_refused(&["solve", "--rule", "7,6,5", "--save-every", "10"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `solve --resume FILE --status`: where a saved proof stands, read from the file without
/// searching (the file is left as it was); no file, or a file that is not a saved proof,
/// is refused in one line.
#[test]
fn the_status_of_a_saved_proof_is_read_from_its_file() {
    let dir = std::env::temp_dir().join(format!("tictactoe-cli-status-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("885.state");
    let state_arg = state.to_str().unwrap();
    let solve = ["solve", "--rule", "8,8,5", "--resume", state_arg];
    let status = [&solve[..], &["--status"]].concat();
    let missing = assert_refused_in_one_line(&status);
    assert!(missing.contains("no saved proof in"), "{missing}");
    assert!(!state.exists());
    // Two seconds of a proof that takes minutes, on one thread: the first opening's search.
    let stopped = run(&[&solve[..], &["--time", "2"]].concat());
    assert!(stopped.status.success(), "{}", text(&stopped.stderr));
    let saved = std::fs::read(&state).unwrap();
    let shown = run(&status);
    let stdout = text(&shown.stdout);
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    assert!(stdout.contains("finished     no search yet"), "{stdout}");
    assert!(
        stdout.contains("under way    whether X can make the line when the other side only blocks"),
        "{stdout}"
    );
    assert!(stdout.contains("openings     10 "), "{stdout}");
    assert!(stdout.contains("  (4,4)  proof "), "{stdout}");
    assert!(stdout.contains("line from (4,4)"), "{stdout}");
    assert!(
        stdout.contains("   1. (4,4)   O to move  proof "),
        "{stdout}"
    );
    let value = json(&run(&[&status[..], &["--json"]].concat()));
    let under_way = &value["under_way"];
    assert_eq!(under_way["attacker"], "X", "{value}");
    assert_eq!(under_way["openings"].as_array().map(Vec::len), Some(10));
    let first = &under_way["lines"][0][0];
    assert_eq!(
        first["played"],
        serde_json::json!({"row": 3, "col": 3}),
        "{value}"
    );
    assert_eq!(first["to_move"], "O");
    assert!(first["moves"].as_u64() > Some(0), "{value}");
    assert_eq!(
        std::fs::read(&state).unwrap(),
        saved,
        "--status changed the file"
    );
    assert_refused(&[&status[..], &["--time", "5"]].concat());
    std::fs::write(&state, "not a proof").unwrap();
    let garbage = assert_refused_in_one_line(&status);
    assert!(garbage.contains("is not a proof saved by"), "{garbage}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `solve --table-positions N`: the prover's table bounded to N positions. 7,6,5 and 7,7,5
/// are still proved with a table thinned over and over, on one thread and on two; a bound
/// too small for any search is refused.
#[test]
fn a_proof_with_a_small_table_still_proves_the_value() {
    for (rule, threads) in [("7,6,5", "1"), ("7,7,5", "2")] {
        let args = [
            "solve",
            "--rule",
            rule,
            "--threads",
            threads,
            "--table-positions",
            "2000",
            "--json",
        ];
        let out = run(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(json(&out)["result"], "draw", "{rule} on {threads} threads");
    }
    let small = assert_refused(&["solve", "--rule", "7,6,5", "--table-positions", "10"]);
    assert!(small.contains("--table-positions"), "{small}");
}

/// A folder of its own for the files of one test.
fn test_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tictactoe-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `moves` on `rule`, played by two people and saved as the window saves a game.
fn saved_game(dir: &std::path::Path, rule: &str, moves: &[Cell]) -> String {
    let settings = Settings {
        rule: rule.parse().unwrap(),
        mode: Mode::Hotseat,
        first: FirstMover::Human,
        ..Settings::default()
    };
    let mut session = Session::new(settings);
    for &cell in moves {
        session.play(cell).unwrap();
    }
    let path = dir.join("game.json");
    session.save(&path).unwrap();
    path.display().to_string()
}

/// The standings of one review row, checked for what they may claim: an exact distance only
/// on a board searched to the end; a forced line found is proved and names its length; an
/// estimate is not proved and its expected score lies strictly between 0 and 1.
fn check_standing(standing: &Value, method: &str) {
    let kind = standing["kind"].as_str().unwrap();
    let proved = standing["proved"].as_bool().unwrap();
    match kind {
        "exact" => assert_eq!(method, "exact", "an exact value on an estimated board"),
        "game-over" => assert!(proved),
        "forced-win-found" | "forced-loss-found" => {
            assert!(
                proved && standing["line_moves"].as_u64() > Some(0),
                "{standing}"
            );
            assert!(standing.get("plies").is_none(), "{standing}");
        }
        "estimate" => {
            let expected = standing["expected_score"].as_f64().unwrap();
            assert!(!proved && expected > 0.0 && expected < 1.0, "{standing}");
        }
        other => panic!("unknown kind {other}"),
    }
}

/// The same position seen by the side that just moved (`after`) and by the side to move
/// (`before` of the next row): the two must say the same thing.
fn check_same_position(after: &Value, before: &Value) {
    fn flipped(kind: &str) -> &str {
        match kind {
            "forced-win-found" => "forced-loss-found",
            "forced-loss-found" => "forced-win-found",
            other => other,
        }
    }
    assert_eq!(
        flipped(after["kind"].as_str().unwrap()),
        before["kind"],
        "{after} then {before}"
    );
    assert_eq!(after["line_moves"], before["line_moves"]);
    match (after["plies"].as_u64(), before["plies"].as_u64()) {
        (Some(a), Some(b)) => assert_eq!(a, b, "{after} then {before}"),
        (a, b) => assert_eq!(a, b),
    }
    if let (Some(a), Some(b)) = (
        after["expected_score"].as_f64(),
        before["expected_score"].as_f64(),
    ) {
        assert!((a + b - 1.0).abs() < 1e-9, "{after} then {before}");
    }
}

/// `review GAME.json` on a 15x15 renju game lost by one side of the engine: every row says what
/// was known before and after, only proved things as proved, no distance as the shortest,
/// each position said the same way by the two rows that see it; the text says the same.
#[test]
fn review_of_a_lost_renju_game_claims_only_what_it_proved() {
    let (moves, winner) = games::lost_game(Rule::RENJU, Side::X);
    let dir = test_folder("review-renju");
    let game = saved_game(&dir, "renju", &moves);
    let out = run(&["review", &game, "--json", "--nodes", "20000"]);
    let review = json(&out);
    assert_eq!(review["method"], "estimated");
    let result = if winner == Side::X {
        "x-wins"
    } else {
        "o-wins"
    };
    assert_eq!(review["result"], result);
    // The scale of the evaluation the engine plays with (the learned tables' unless
    // TICTACTOE_GOMOKU_EVAL says otherwise, for this process and the command alike).
    assert_eq!(
        review["scale"],
        tictactoe::lab::review::score_scale(&Rule::RENJU)
    );
    let rows = review["rows"].as_array().unwrap();
    assert_eq!(rows.len(), moves.len());
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["number"], i + 1);
        check_standing(&row["before"], "estimated");
        check_standing(&row["after"], "estimated");
        if let Some(next) = rows.get(i + 1) {
            check_same_position(&row["after"], &next["before"]);
        }
        if !row["notes"].as_array().unwrap().is_empty() {
            assert_eq!(row["turning_point"], true, "{row}");
        }
    }
    let last = rows.last().unwrap();
    assert_eq!(last["side"], winner.to_string());
    assert_eq!(last["after"]["kind"], "game-over");
    assert_eq!(last["after"]["result"], "win");
    let text_out = run(&["review", &game, "--nodes", "20000"]);
    assert!(text_out.status.success(), "{}", text(&text_out.stderr));
    let words = text(&text_out.stdout);
    assert!(words.contains("method    estimated"), "{words}");
    assert!(words.contains("expected score"), "{words}");
    for line in words.lines().filter(|l| l.contains("before:")) {
        assert!(
            !line.contains(" win in ") && !line.contains(" loss in "),
            "{line}"
        );
    }
    assert_eq!(
        words.lines().filter(|l| l.contains("before:")).count(),
        moves.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// On 3x3 every value is exact: distances are stated, counted from each row's own position,
/// and the row after a move agrees with the row before the next one.
#[test]
fn review_of_a_small_board_states_exact_distances_that_agree() {
    let dir = test_folder("review-3x3");
    // X centre, O on an edge (a losing reply), X wins with a double threat.
    let moves =
        [(1, 1), (0, 1), (0, 0), (2, 2), (1, 0), (1, 2), (2, 0)].map(|(r, c)| Cell::new(r, c));
    let game = saved_game(&dir, "3,3,3", &moves);
    let review = json(&run(&["review", &game, "--json"]));
    assert_eq!(review["method"], "exact");
    let rows = review["rows"].as_array().unwrap();
    assert_eq!(rows.len(), moves.len());
    assert_eq!(rows[0]["before"]["result"], "draw");
    // O's edge reply threw the draw away: the note names a move that kept it.
    assert_eq!(rows[1]["after"]["result"], "loss");
    assert_eq!(rows[1]["notes"][0]["kind"], "draw-thrown");
    assert_ne!(
        rows[1]["notes"][0]["better"],
        serde_json::json!({"row": 0, "col": 1})
    );
    for (i, row) in rows.iter().enumerate() {
        check_standing(&row["before"], "exact");
        check_standing(&row["after"], "exact");
        if let Some(next) = rows.get(i + 1) {
            check_same_position(&row["after"], &next["before"]);
        }
    }
    // The last move: "win in 1 before, the game won after".
    assert_eq!(rows[6]["before"]["plies"], 1);
    assert_eq!(rows[6]["after"]["kind"], "game-over");
    let words = text(&run(&["review", &game]).stdout);
    assert!(words.contains("7. X (3,1)"), "{words}");
    assert!(
        words.contains("win in 1 (proved, the shortest); after: the game won"),
        "{words}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file that is no saved game is refused in one line that says what it is not.
#[test]
fn review_refuses_a_file_that_is_not_a_saved_game() {
    let dir = test_folder("review-bad");
    let picture = dir.join("picture.png");
    std::fs::write(&picture, [0x89, b'P', b'N', b'G', 0xff, 0xfe, 0x00]).unwrap();
    let not_text = assert_refused_in_one_line(&["review", picture.to_str().unwrap()]);
    assert!(
        not_text.contains("picture.png is not a saved game (not text)"),
        "{not_text}"
    );
    let notes = dir.join("notes.json");
    std::fs::write(&notes, "{ \"moves\": [").unwrap();
    let malformed = assert_refused_in_one_line(&["review", notes.to_str().unwrap(), "--json"]);
    assert!(
        malformed.contains("notes.json: not a saved game"),
        "{malformed}"
    );
    let missing = dir.join("missing.json");
    let gone = assert_refused_in_one_line(&["review", missing.to_str().unwrap()]);
    assert!(gone.contains("could not read"), "{gone}");
    assert_refused(&["review"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
