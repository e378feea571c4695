//! The Gomocup brain as a manager meets it: the built `pbrain-tictactoe` driven through
//! its standard input and output, line by line with CR LF endings, through every command,
//! the refusals a manager can provoke, and whole games against a legal-move opponent.
//! Every wait is bounded by a generous deadline, never a fixed sleep.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long any answer may take before the test gives up: far beyond every time limit the
/// tests set, for a loaded machine.
const BOUND: Duration = Duration::from_secs(60);

/// The most a move may take in the games below, where the turn limit is 200 ms: the limit
/// and a generous allowance for a machine shared with other work.
const TURN_MS: u64 = 200;
const MOVE_BOUND: Duration = Duration::from_millis(TURN_MS + 1800);

/// A running brain.
struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The brain's output lines, read on a thread; `None` at the end of its output.
    lines: Receiver<Option<String>>,
    /// The MESSAGE and DEBUG lines seen so far.
    messages: Vec<String>,
}

impl Brain {
    fn start() -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tictactoe"))
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the brain starts");
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if sender.send(Some(line)).is_err() {
                    return;
                }
            }
            let _ = sender.send(None);
        });
        let stdin = child.stdin.take();
        Brain {
            child,
            stdin,
            lines,
            messages: Vec::new(),
        }
    }

    /// Sends one line as the manager does, ended with CR LF.
    fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).unwrap();
        stdin.write_all(b"\r\n").unwrap();
        stdin.flush().unwrap();
    }

    /// The next answer line, MESSAGE and DEBUG lines put aside.
    fn read(&mut self) -> String {
        loop {
            let line = match self.lines.recv_timeout(BOUND) {
                Ok(Some(line)) => line,
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    panic!("the brain's output ended")
                }
                Err(RecvTimeoutError::Timeout) => panic!("the brain did not answer"),
            };
            if line.starts_with("MESSAGE") || line.starts_with("DEBUG") {
                self.messages.push(line);
            } else {
                return line;
            }
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.read()
    }

    /// Sends BOARD, the stone lines and DONE, and returns the answer.
    fn board(&mut self, stones: &[&str]) -> String {
        self.send("BOARD");
        for stone in stones {
            self.send(stone);
        }
        self.ask("DONE")
    }

    /// Sends SWAP2BOARD, the stone lines and DONE, and returns the answer.
    fn swap2(&mut self, stones: &[&str]) -> String {
        self.send("SWAP2BOARD");
        for stone in stones {
            self.send(stone);
        }
        self.ask("DONE")
    }

    /// Sends END and waits for the brain to exit; nothing more may be written.
    fn end(mut self) -> ExitStatus {
        self.send("END");
        self.stdin = None;
        let deadline = Instant::now() + BOUND;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                match self.lines.recv_timeout(BOUND) {
                    Ok(None) | Err(RecvTimeoutError::Disconnected) => {}
                    other => panic!("the brain wrote after END: {other:?}"),
                }
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the brain did not exit after END"
            );
            std::thread::yield_now();
        }
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A move answer as (x, y), or a failure naming what came instead.
fn point(answer: &str) -> (usize, usize) {
    let parsed = answer.split_once(',').and_then(|(x, y)| {
        let x = x.parse().ok()?;
        let y = y.parse().ok()?;
        Some((x, y))
    });
    parsed.unwrap_or_else(|| panic!("expected a move x,y, got '{answer}'"))
}

fn assert_error(answer: &str) {
    assert!(
        answer.starts_with("ERROR ") && answer.len() > "ERROR ".len(),
        "expected ERROR with a reason, got '{answer}'"
    );
}

#[test]
fn about_unknown_commands_and_end() {
    let mut brain = Brain::start();
    brain.send("");
    let about = brain.ask("ABOUT");
    assert!(
        about.starts_with("name=\"tictactoe\", version=\""),
        "{about}"
    );
    for unknown in ["FOO bar", "PLAY 1,1", "7,7"] {
        let answer = brain.ask(unknown);
        assert!(answer.starts_with("UNKNOWN "), "{unknown}: {answer}");
    }
    // Bytes that are not text, and a very long line, are answered like any other.
    brain.send_bytes(b"TURN \xff\xfe,1");
    assert_error(&brain.read());
    let long = format!("START {}", "9".repeat(100_000));
    assert_error(&brain.ask(&long));
    assert_eq!(brain.ask("ABOUT"), about);
    assert!(brain.end().success());
}

#[test]
fn board_sizes_are_checked() {
    let mut brain = Brain::start();
    for bad in [
        "START 2",
        "START 21",
        "START 0",
        "START",
        "START abc",
        "START -5",
        "START 20 20",
        "RECTSTART 30,20",
        "RECTSTART 20",
        "RECTSTART 2,4",
        "RECTSTART a,b",
    ] {
        let answer = brain.ask(bad);
        assert_error(&answer);
    }
    // A board too small for five starts, and its first move asks for INFO in_a_row.
    assert_eq!(brain.ask("RECTSTART 4,4"), "OK");
    let answer = brain.ask("BEGIN");
    assert_error(&answer);
    assert!(answer.contains("INFO in_a_row"), "{answer}");
    for good in ["START 5", "START 20", "START 15"] {
        assert_eq!(brain.ask(good), "OK", "{good}");
    }
    assert_eq!(brain.ask("RECTSTART 12,7"), "OK");
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    let (x, y) = point(&brain.ask("BEGIN"));
    assert!(x < 12 && y < 7, "{x},{y}");
    assert!(brain.end().success());
}

#[test]
fn turns_are_checked_and_a_refused_turn_changes_nothing() {
    let mut brain = Brain::start();
    for early in ["TURN 7,7", "BEGIN", "TAKEBACK 7,7", "RESTART"] {
        assert_error(&brain.ask(early));
    }
    assert_error(&brain.board(&["7,7,2"]));
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    let mut taken = HashSet::from([(7, 7)]);
    let reply = point(&brain.ask("TURN 7,7"));
    assert!(taken.insert(reply), "the brain played on a taken cell");
    let (rx, ry) = reply;
    for bad in [
        "TURN 7,7".to_string(),
        format!("TURN {rx},{ry}"),
        "TURN 15,3".to_string(),
        "TURN 3,15".to_string(),
        "TURN 1".to_string(),
        "TURN a,b".to_string(),
        "TURN -1,2".to_string(),
        "TURN 99999999999999999999,1".to_string(),
        "TURN 1,2,3".to_string(),
        "TURN".to_string(),
    ] {
        assert_error(&brain.ask(&bad));
    }
    // The board is as it was: the next move is the opponent's, and the brain's reply
    // lands on none of the stones.
    let (ox, oy) = (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .find(|c| !taken.contains(c))
        .unwrap();
    taken.insert((ox, oy));
    let reply = point(&brain.ask(&format!("TURN {ox},{oy}")));
    assert!(reply.0 < 15 && reply.1 < 15);
    assert!(taken.insert(reply), "the brain played on a taken cell");
    assert!(brain.end().success());
}

#[test]
fn board_positions_are_checked_and_a_refused_one_changes_nothing() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    // The brain is to move with as many stones as the opponent (it moved first) or one fewer.
    let reply = point(&brain.board(&["7,7,1", "7,8,2"]));
    assert!(![(7, 7), (7, 8)].contains(&reply) && reply.0 < 15 && reply.1 < 15);
    let reply = point(&brain.board(&["7,7,2"]));
    assert_ne!(reply, (7, 7));
    for impossible in [
        &["1,1,1", "2,2,1", "3,3,2"][..],
        &["1,1,2", "2,2,2"],
        &["1,1,1", "1,1,2"],
        &["15,1,2"],
        &["1,15,2"],
        &["1,1,3"],
        &["1,1,2", "7,7"],
        &["1,1,2", "a,b,c"],
        &["1,1,2", "1,2,4"],
        // Both sides with five.
        &[
            "0,0,1", "1,0,1", "2,0,1", "3,0,1", "4,0,1", "0,1,2", "1,1,2", "2,1,2", "3,1,2",
            "4,1,2",
        ],
        // The opponent has already won: nothing is left to play.
        &[
            "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "0,5,1", "2,5,1", "4,5,1", "6,5,1",
            "8,5,1",
        ],
    ] {
        assert_error(&brain.board(impossible));
    }
    // Still the last accepted position: 7,7 holds a stone and the opponent is to move.
    assert_error(&brain.ask("TURN 7,7"));
    let (x, y) = reply;
    assert_error(&brain.ask(&format!("TURN {x},{y}")));
    let next = point(&brain.ask("TURN 0,14"));
    assert!(![(7, 7), reply, (0, 14)].contains(&next));
    // A command instead of DONE ends the BOARD, unchanged, and is then carried out.
    brain.send("BOARD");
    brain.send("3,3,1");
    assert_error(&brain.ask("ABOUT"));
    assert!(brain.read().starts_with("name="));
    assert_error(&brain.ask(&format!("TURN {x},{y}")));
    assert!(brain.end().success());
}

#[test]
fn the_brain_completes_its_five_and_blocks_the_opponents() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    let win = brain.board(&[
        "3,3,1", "4,3,1", "5,3,1", "6,3,1", "0,10,2", "3,10,2", "6,10,2", "9,10,2",
    ]);
    assert!(["2,3", "7,3"].contains(&win.as_str()), "{win}");
    // The opponent's four against the edge has one open end, and the brain has nothing.
    let block = brain.board(&[
        "0,0,2", "1,0,2", "2,0,2", "3,0,2", "14,14,2", "7,7,1", "8,9,1", "10,7,1", "12,12,1",
    ]);
    assert_eq!(block, "4,0");
    assert!(
        brain
            .messages
            .iter()
            .any(|m| m.contains("depth") && m.contains("line")),
        "the brain reports its search: {:?}",
        brain.messages
    );
    assert!(brain.end().success());
}

#[test]
fn info_settings_refuse_caro_tiny_memory_and_malformed_values_at_the_next_move() {
    let mut brain = Brain::start();
    // Keys the brain does not use, and INFO itself, get no answer.
    for info in [
        "INFO game_type 1",
        "INFO folder /tmp/x y",
        "INFO evaluate 3,3",
        "INFO something_new 12",
        "INFO timeout_match 300000",
        "INFO time_left 300000",
        "INFO max_memory 83886080",
        "INFO timeout_turn 200",
    ] {
        brain.send(info);
    }
    assert!(brain.ask("ABOUT").starts_with("name="));
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send("INFO rule 8");
    assert_eq!(brain.ask("BEGIN"), "ERROR caro is not supported");
    assert_eq!(brain.ask("TURN 7,7"), "ERROR caro is not supported");
    brain.send("INFO rule 2");
    point(&brain.ask("BEGIN"));
    assert_eq!(brain.ask("RESTART"), "OK");
    brain.send("INFO rule 0");
    brain.send("INFO timeout_turn fast");
    assert_error(&brain.ask("BEGIN"));
    // Reported once: the setting is ignored and play goes on.
    point(&brain.ask("BEGIN"));
    assert_eq!(brain.ask("RESTART"), "OK");
    brain.send("INFO max_memory 1000");
    assert_error(&brain.ask("BEGIN"));
    assert_error(&brain.ask("BEGIN"));
    brain.send("INFO max_memory 0");
    point(&brain.ask("BEGIN"));
    assert!(brain.end().success());
}

#[test]
fn exactly_five_makes_an_overline_no_win() {
    // The opponent has six in a row; the brain is X, with six stones of its own.
    let stones = [
        "0,0,2", "1,0,2", "2,0,2", "3,0,2", "4,0,2", "5,0,2", "0,5,1", "2,5,1", "4,5,1", "6,5,1",
        "8,5,1", "10,5,1",
    ];
    let mut brain = Brain::start();
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    assert_eq!(brain.ask("START 15"), "OK");
    assert_error(&brain.board(&stones));
    brain.send("INFO rule 1");
    let reply = point(&brain.board(&stones));
    assert!(reply.1 != 0 || reply.0 > 5, "{reply:?}");
    // Set before START, the rule holds for the new board too.
    assert_eq!(brain.ask("START 15"), "OK");
    point(&brain.board(&stones));
    assert!(brain.end().success());
}

#[test]
fn renju_is_played_on_15x15_and_refused_on_other_boards() {
    let mut brain = Brain::start();
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    brain.send("INFO rule 4");
    assert_eq!(brain.ask("START 15"), "OK");
    assert_eq!(point(&brain.ask("BEGIN")), (7, 7));
    assert_eq!(brain.ask("START 20"), "OK");
    assert_eq!(
        brain.ask("BEGIN"),
        "ERROR renju is played on a 15x15 board with five in a row, got 20x20 and 5"
    );
    brain.send("INFO rule 0");
    point(&brain.ask("BEGIN"));
    assert!(brain.end().success());
}

/// Black (the brain, to move) has `xxx.xx` across row 7: the gap makes six. White's four
/// down column 6 has its only five point on that gap too.
const OVERLINE_GAP: [&str; 12] = [
    "3,7,1", "4,7,1", "5,7,1", "7,7,1", "8,7,1", "6,2,1", "6,3,2", "6,4,2", "6,5,2", "6,6,2",
    "0,14,2", "14,14,2",
];

#[test]
fn under_renju_black_never_plays_a_forbidden_cell_even_to_block() {
    let mut brain = Brain::start();
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    assert_eq!(brain.ask("START 15"), "OK");
    // Freestyle: the gap is six in a row, a win.
    assert_eq!(brain.board(&OVERLINE_GAP), "6,7");
    // Renju: the gap is an overline, forbidden for black, so white's four cannot be
    // blocked; the brain still answers a move it may play.
    brain.send("INFO rule 4");
    assert_eq!(brain.ask("START 15"), "OK");
    let reply = brain.board(&OVERLINE_GAP);
    assert_ne!(reply, "6,7");
    point(&reply);
    // Only the overline tempts: without white's four the brain plays elsewhere too.
    let quiet: Vec<&str> = OVERLINE_GAP
        .iter()
        .copied()
        .filter(|s| !s.starts_with("6,"))
        .chain(["0,0,2", "4,0,2", "10,0,2"])
        .collect();
    let reply = brain.board(&quiet);
    assert_ne!(reply, "6,7");
    point(&reply);
    assert!(brain.end().success());
}

/// Stones `x,y` on one line, as a SWAP2BOARD answer gives them.
fn stones(answer: &str) -> Vec<(usize, usize)> {
    answer.split(' ').map(point).collect()
}

#[test]
fn swap2board_opens_chooses_and_leaves_the_game_ready_to_go_on() {
    for rule in ["0", "1", "4"] {
        let mut brain = Brain::start();
        brain.send(&format!("INFO timeout_turn {TURN_MS}"));
        brain.send(&format!("INFO rule {rule}"));
        assert_eq!(brain.ask("START 15"), "OK");
        // Case 1: three stones near the centre, on distinct cells.
        let three = stones(&brain.swap2(&[]));
        assert_eq!(three.len(), 3, "rule {rule}: {three:?}");
        let distinct: HashSet<_> = three.iter().collect();
        assert_eq!(distinct.len(), 3, "rule {rule}: {three:?}");
        assert!(
            three
                .iter()
                .all(|&(x, y)| x.abs_diff(7) <= 5 && y.abs_diff(7) <= 5)
        );
        // Case 2: SWAP, white's fourth move, or the fourth and fifth stones.
        let given: Vec<String> = three.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let given: Vec<&str> = given.iter().map(String::as_str).collect();
        let answer = brain.swap2(&given);
        let placed = if answer == "SWAP" {
            Vec::new()
        } else {
            stones(&answer)
        };
        assert!(placed.len() <= 2, "rule {rule}: {answer}");
        assert!(
            placed.iter().all(|p| !three.contains(p)),
            "rule {rule}: {answer}"
        );
        // Case 3, with the rules' example: SWAP, or white's sixth move on an empty cell.
        let example = ["7,7", "8,7", "9,9", "8,8", "8,6"];
        let answer = brain.swap2(&example);
        if answer != "SWAP" {
            let sixth = point(&answer);
            assert!(
                !example.contains(&answer.as_str()),
                "rule {rule}: {sixth:?}"
            );
            // The brain played white's sixth stone: black's seventh comes as TURN.
            let reply = point(&brain.ask("TURN 0,0"));
            assert_ne!(reply, (0, 0));
        }
        assert!(brain.end().success());
    }
}

#[test]
fn swap2board_takes_the_colour_that_stands_better_and_reads_rapfis_fields() {
    let mut brain = Brain::start();
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    assert_eq!(brain.ask("START 15"), "OK");
    // Black's open three across row 7, white's stones in corners: the brain takes black.
    assert_eq!(brain.swap2(&["6,7", "0,0", "7,7", "14,14", "8,7"]), "SWAP");
    // White's two in the middle, black's stones on the edges: the brain stays white and
    // plays its sixth move. Fields as in BOARD (Rapfi's way): white's are the brain's own.
    let edges = ["0,0,2", "6,7,1", "14,0,2", "7,7,1", "0,14,2"];
    let (x, y) = point(&brain.swap2(&edges));
    assert!(x.abs_diff(7) <= 3 && y.abs_diff(7) <= 3, "{x},{y}");
    assert!(brain.end().success());
}

#[test]
fn malformed_swap2boards_are_refused_with_a_reason_and_change_nothing() {
    let mut brain = Brain::start();
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    assert_error(&brain.swap2(&[]));
    assert_eq!(brain.ask("START 15"), "OK");
    assert_error(&brain.ask("SWAP2BOARD 7,7"));
    let refused = [
        (&["7,7"][..], "takes 0, 3 or 5 stones"),
        (&["7,7", "7,7", "8,8"][..], "already taken"),
        (&["7,7", "banana", "8,8"][..], "a SWAP2BOARD line is"),
        (&["15,0", "1,1", "2,2"][..], "off the 15x15 board"),
        (
            &["7,7,1", "8,8,1", "9,9,1"][..],
            "the field of the other colour",
        ),
        (&["7,7", "8,8", "9,9", "1,1"][..], "takes 0, 3 or 5 stones"),
    ];
    for (stones, why) in refused {
        let answer = brain.swap2(stones);
        assert_error(&answer);
        assert!(answer.contains(why), "{stones:?}: {answer}");
    }
    // A command in the middle ends the SWAP2BOARD, which is refused, and is carried out.
    brain.send("SWAP2BOARD");
    brain.send("7,7");
    assert_error(&brain.ask("START 15"));
    assert_eq!(brain.read(), "OK");
    // Tic-tac-toe has no swap2.
    brain.send("INFO in_a_row 3");
    assert_eq!(brain.ask("START 3"), "OK");
    assert!(brain.swap2(&[]).contains("five in a row"));
    brain.send("INFO in_a_row 5");
    assert_eq!(brain.ask("START 15"), "OK");
    assert_eq!(stones(&brain.swap2(&[])).len(), 3);
    assert!(brain.end().success());
}

#[test]
fn takeback_removes_a_stone_and_restart_clears_the_board() {
    let mut brain = Brain::start();
    assert_eq!(brain.ask("START 15"), "OK");
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    let (x, y) = point(&brain.ask("TURN 7,7"));
    assert_eq!(brain.ask(&format!("TAKEBACK {x},{y}")), "OK");
    assert_error(&brain.ask(&format!("TAKEBACK {x},{y}")));
    assert_error(&brain.ask("TAKEBACK 20,20"));
    assert_error(&brain.ask("TAKEBACK a"));
    // With the brain's reply taken back, it is the brain's turn: a TURN is refused.
    assert_error(&brain.ask("TURN 0,0"));
    assert_eq!(brain.ask("TAKEBACK 7,7"), "OK");
    // The board is empty again, so the brain may open.
    let first = point(&brain.ask("BEGIN"));
    assert_error(&brain.ask("BEGIN"));
    let opponent = if first == (0, 0) { "1,1" } else { "0,0" };
    let second = point(&brain.ask(&format!("TURN {opponent}")));
    // Taking back the opponent's stone alone would leave the brain two stones ahead.
    assert_error(&brain.ask(&format!("TAKEBACK {opponent}")));
    assert_eq!(
        brain.ask(&format!("TAKEBACK {},{}", second.0, second.1)),
        "OK"
    );
    assert_eq!(brain.ask(&format!("TAKEBACK {opponent}")), "OK");
    let again = point(&brain.ask(&format!("TURN {opponent}")));
    assert_ne!(again, first);
    assert_eq!(brain.ask("RESTART"), "OK");
    point(&brain.ask("BEGIN"));
    assert!(brain.end().success());
}

/// Whether `stones` hold five (or more) in a row through `cell`.
fn has_five(stones: &HashSet<(usize, usize)>, (x, y): (usize, usize)) -> bool {
    let at = |x: isize, y: isize| x >= 0 && y >= 0 && stones.contains(&(x as usize, y as usize));
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let run = |sign: isize| {
            (1..5)
                .take_while(|&i| at(x as isize + sign * i * dx, y as isize + sign * i * dy))
                .count()
        };
        run(1) + run(-1) + 1 >= 5
    })
}

/// How a game against the brain ended.
#[derive(Debug, PartialEq, Eq)]
enum End {
    BrainWon,
    OpponentWon,
    Full,
}

/// Plays a whole game on a `size` board: the opponent picks empty cells from a fixed
/// pseudo-random sequence; every reply must be a legal empty cell, in time.
fn play_game(size: usize, brain_first: bool, seed: u64) -> (End, Duration) {
    let mut brain = Brain::start();
    brain.send(&format!("INFO timeout_turn {TURN_MS}"));
    brain.send("INFO timeout_match 600000");
    assert_eq!(brain.ask(&format!("START {size}")), "OK");
    let (mut own, mut theirs) = (HashSet::new(), HashSet::new());
    let mut state = seed;
    let mut slowest = Duration::ZERO;
    let mut left_ms: u64 = 600_000;
    let mut command = "BEGIN".to_string();
    if !brain_first {
        command = opponent_move(size, &mut state, &own, &mut theirs).1;
    }
    let end = loop {
        brain.send(&format!("INFO time_left {left_ms}"));
        let asked = Instant::now();
        let reply = point(&brain.ask(&command));
        let took = asked.elapsed();
        slowest = slowest.max(took);
        left_ms = left_ms.saturating_sub(took.as_millis() as u64);
        assert!(took <= MOVE_BOUND, "the move took {took:?}");
        assert!(
            reply.0 < size && reply.1 < size,
            "{reply:?} is off the board"
        );
        assert!(
            !own.contains(&reply) && !theirs.contains(&reply),
            "{reply:?} is taken"
        );
        own.insert(reply);
        if has_five(&own, reply) {
            break End::BrainWon;
        }
        if own.len() + theirs.len() == size * size {
            break End::Full;
        }
        let (cell, turn) = opponent_move(size, &mut state, &own, &mut theirs);
        if has_five(&theirs, cell) {
            break End::OpponentWon;
        }
        command = turn;
        if own.len() + theirs.len() == size * size {
            break End::Full;
        }
    };
    assert!(brain.end().success());
    (end, slowest)
}

/// The opponent's next move and its TURN command, recorded in `theirs`.
fn opponent_move(
    size: usize,
    state: &mut u64,
    own: &HashSet<(usize, usize)>,
    theirs: &mut HashSet<(usize, usize)>,
) -> ((usize, usize), String) {
    let empty: Vec<(usize, usize)> = (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .filter(|c| !own.contains(c) && !theirs.contains(c))
        .collect();
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    let (x, y) = empty[(*state >> 33) as usize % empty.len()];
    theirs.insert((x, y));
    ((x, y), format!("TURN {x},{y}"))
}

#[test]
fn whole_games_on_10x10_are_won_by_the_brain() {
    for (brain_first, seed) in [(true, 1), (false, 2)] {
        let (end, slowest) = play_game(10, brain_first, seed);
        assert_eq!(end, End::BrainWon, "brain first: {brain_first}");
        eprintln!("10x10, brain first {brain_first}: slowest move {slowest:?}");
    }
}

#[test]
fn whole_games_on_5x5_end_without_a_loss() {
    for (brain_first, seed) in [(true, 3), (false, 4)] {
        let (end, slowest) = play_game(5, brain_first, seed);
        assert_ne!(end, End::OpponentWon, "brain first: {brain_first}");
        eprintln!("5x5, brain first {brain_first}: {end:?}, slowest move {slowest:?}");
    }
}

#[test]
fn two_brains_fill_the_5x5_board_with_a_draw() {
    // Five in a row on 5x5 is a draw, and the brain plays boards of up to 25 cells
    // perfectly: the game ends on a full board, every move legal.
    let mut brains = [Brain::start(), Brain::start()];
    for brain in &mut brains {
        brain.send(&format!("INFO timeout_turn {TURN_MS}"));
        assert_eq!(brain.ask("START 5"), "OK");
    }
    let mut stones: [HashSet<(usize, usize)>; 2] = Default::default();
    let mut command = "BEGIN".to_string();
    for ply in 0..25 {
        let side = ply % 2;
        let asked = Instant::now();
        let reply = point(&brains[side].ask(&command));
        assert!(
            asked.elapsed() <= MOVE_BOUND,
            "ply {ply} took {:?}",
            asked.elapsed()
        );
        assert!(reply.0 < 5 && reply.1 < 5, "{reply:?} is off the board");
        assert!(
            !stones[0].contains(&reply) && !stones[1].contains(&reply),
            "{reply:?} is taken"
        );
        stones[side].insert(reply);
        assert!(!has_five(&stones[side], reply), "ply {ply} won");
        command = format!("TURN {},{}", reply.0, reply.1);
    }
    for brain in brains {
        assert!(brain.end().success());
    }
}
