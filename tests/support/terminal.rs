//! A `tictactoe` process driven as a person at a terminal drives it: lines typed into its
//! standard input, its output read line by line with bounded waits; it can be frozen and
//! thawed as a stopped computer would be. Killed when dropped.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How a ticket starts: the host's ticket line is found by it.
pub const TICKET: &str = tictactoe::net::transport::TICKET_PREFIX;

/// How long a process may take to say what the test waits for.
pub const BOUND: Duration = Duration::from_secs(60);

/// One terminal: the process, what is typed into it, and its output lines.
pub struct Terminal {
    child: Child,
    pub input: ChildStdin,
    lines: Receiver<String>,
    pub seen: Vec<String>,
}

/// A data folder of its own for one process (where a host keeps its match), so that
/// processes started side by side by the tests do not see each other's files.
pub fn data_folder() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tictactoe-terminal-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

impl Terminal {
    /// Starts the program with a data folder of its own.
    pub fn start(args: &[&str]) -> Terminal {
        Terminal::start_in(args, &data_folder())
    }

    /// Starts the program with `data` as its data folder (`XDG_DATA_HOME`).
    pub fn start_in(args: &[&str], data: &Path) -> Terminal {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tictactoe"))
            .args(args)
            .env("XDG_DATA_HOME", data)
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
    pub fn wait_for(&mut self, text: &str) -> String {
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

    pub fn type_line(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the program reads its input");
    }

    /// Types `quit` and waits for the process to end; its exit status. (A program whose
    /// opponent left after a finished game may have ended already.)
    pub fn quit(mut self) -> std::process::ExitStatus {
        let _ = writeln!(self.input, "quit");
        self.exit()
    }

    /// Waits for the process to end by itself; its exit status.
    pub fn exit(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + BOUND;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // What it printed last.
                while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
                    self.seen.push(line);
                }
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the program did not stop; its output was:\n{}",
                self.seen.join("\n")
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Ends the program's input, as a terminal's Ctrl-D does.
    pub fn close_input(&mut self) {
        // A child's input closes when its pipe's last writer goes: a closed stand-in (the
        // null device opened for reading) takes the pipe's place, and the pipe is dropped.
        let null = std::fs::File::open("/dev/null").expect("the null device");
        let stand_in = ChildStdin::from(std::os::fd::OwnedFd::from(null));
        drop(std::mem::replace(&mut self.input, stand_in));
    }

    /// Everything printed so far holds `text` this many times.
    pub fn count(&self, text: &str) -> usize {
        self.seen.iter().filter(|l| l.contains(text)).count()
    }
}

impl Terminal {
    /// Sends the process a signal (`-STOP` freezes it, `-CONT` thaws it).
    pub fn signal(&self, signal: &str) {
        let status = Command::new("kill")
            .args([signal, &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal}");
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        // A frozen process is thawed first, so that it can be killed and reaped.
        if let Ok(None) = self.child.try_wait() {
            let _ = Command::new("kill")
                .args(["-CONT", &self.child.id().to_string()])
                .status();
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
