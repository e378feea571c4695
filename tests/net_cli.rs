//! `tictactoe net` from two terminals: two processes on loopback (no relays, no other
//! address), the host printing its ticket on a line of its own, the joiner dialling it, each
//! saying when the other has connected, and a whole game typed move by move on both sides.
//! In a network of its own, `net find` lists a hosted game until a player is in.

#[path = "support/netns.rs"]
mod netns;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long a process may take to say what the test waits for.
const BOUND: Duration = Duration::from_secs(60);

/// One terminal: the process, what is typed into it, and its output lines.
struct Terminal {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Terminal {
    fn start(args: &[&str]) -> Terminal {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (to, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if to.send(line).is_err() {
                    return;
                }
            }
        });
        Terminal {
            child,
            input,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads lines until one contains `text`; returns it.
    fn wait_for(&mut self, text: &str) -> String {
        let deadline = Instant::now() + BOUND;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => panic!(
                    "no line with \"{text}\"; the output was:\n{}",
                    self.seen.join("\n")
                ),
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the program reads its input");
    }

    /// Types `quit` and waits for the process to end; its exit status.
    fn quit(mut self) -> std::process::ExitStatus {
        self.type_line("quit");
        let deadline = Instant::now() + BOUND;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "the program did not quit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn two_terminals_play_a_whole_game() {
    let loopback = ["--local-only", "--bind", "127.0.0.1:0"];
    let mut host = Terminal::start(
        &[
            &["net", "host", "--name", "Ann", "--no-announce"][..],
            &loopback,
        ]
        .concat(),
    );
    host.wait_for("Give this ticket to the other player:");
    let ticket = host.wait_for("endpoint");
    assert!(
        !ticket.contains(' '),
        "the ticket is a line of its own: {ticket}"
    );
    let mut joiner =
        Terminal::start(&[&["net", "join", &ticket, "--name", "Bob"][..], &loopback].concat());
    host.wait_for("Bob (key ");
    host.type_line("yes");
    host.wait_for("Bob connected (key ");
    joiner.wait_for("Ann connected (key ");

    // X along the top row, O in the middle one.
    for (i, cell) in ["1 1", "2 1", "1 2", "2 2", "1 3"].iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut host, &mut joiner)
        } else {
            (&mut joiner, &mut host)
        };
        mover.wait_for("Your move");
        mover.type_line(cell);
        let played = format!("plays {}", cell.replace(' ', ","));
        mover.wait_for(&played);
        other.wait_for(&played);
    }
    host.wait_for("Game over: X wins");
    joiner.wait_for("Game over: X wins");
    assert!(host.quit().success());
    assert!(joiner.quit().success());
}

#[test]
fn a_line_that_is_not_a_ticket_and_a_bad_relay_are_refused_before_anything_starts() {
    for (args, says) in [
        (&["net", "join", "garbage"][..], "not a game ticket"),
        (
            &["net", "host", "--relay", "not a url"][..],
            "not a relay address",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the program runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let text = String::from_utf8_lossy(&out.stderr);
        assert!(text.contains(says), "{args:?}: {text}");
    }
}

/// `net find`'s output after listening for `seconds`.
fn find(seconds: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
        .args(["net", "find", "--wait", seconds])
        .stdin(Stdio::null())
        .output()
        .expect("the program runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn net_find_lists_a_hosted_game_until_a_player_is_in() {
    if !netns::own_network("net_find_lists_a_hosted_game_until_a_player_is_in") {
        return;
    }
    let loopback = ["--local-only", "--bind", "127.0.0.1:0"];
    let args = [
        "net", "host", "--name", "Ann", "--rule", "5,5,4", "--accept",
    ];
    let mut host = Terminal::start(&[&args[..], &loopback].concat());
    host.wait_for("Give this ticket to the other player:");
    let ticket = host.wait_for("endpoint");

    let listed = find("3");
    assert!(listed.contains("Ann · 5,5,4"), "{listed}");
    let join = format!("tictactoe net join {ticket}");
    assert!(listed.lines().any(|l| l.trim() == join), "{listed}");

    let mut joiner =
        Terminal::start(&[&["net", "join", &ticket, "--name", "Bob"][..], &loopback].concat());
    host.wait_for("Bob connected (key ");
    joiner.wait_for("Ann connected (key ");
    let listed = find("2");
    assert!(listed.contains("No games found"), "{listed}");
    assert!(host.quit().success());
    assert!(joiner.quit().success());
}
