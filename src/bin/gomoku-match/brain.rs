//! One engine as the referee meets it: a child process spoken to through the Gomocup
//! protocol, one command a line on its standard input, one answer a line from its standard
//! output. Every wait has a deadline; a brain that misses it is killed. Whatever the brain
//! writes, the answer is a move or a [`Fault`], never a panic.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::board::{IllegalMove, Point};

/// How an engine is started: a program and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    pub program: String,
    pub args: Vec<String>,
}

impl EngineCommand {
    /// Splits a command line at white space (no quoting: a path with spaces needs a
    /// wrapper script). `None` for an empty line.
    #[must_use]
    pub fn parse(line: &str) -> Option<EngineCommand> {
        let mut words = line.split_whitespace().map(str::to_string);
        let program = words.next()?;
        Some(EngineCommand {
            program,
            args: words.collect(),
        })
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.program)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

/// What the brain is told before the game: the board and the clock.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub size: usize,
    /// Only exactly five wins (INFO rule 1).
    pub exact: bool,
    /// The time per move the brain is told (INFO timeout_turn).
    pub turn: Duration,
    /// How long START may take to answer: the brain may load its evaluation first.
    pub start_limit: Duration,
}

/// Why a brain lost the game without losing on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The program could not be started.
    Launch(String),
    /// No answer by the deadline; the brain was killed.
    TimeOut(Duration),
    /// The brain's output ended (it exited or closed it), or its input was closed.
    Crashed(String),
    /// ERROR or UNKNOWN instead of an answer.
    Refused(String),
    /// A line that is not the answer asked for.
    Unreadable(String),
    /// A move the rules do not allow.
    Illegal(Point, IllegalMove),
}

impl Fault {
    /// The column of the totals this fault is counted in.
    #[must_use]
    pub fn kind(&self) -> FaultKind {
        match self {
            Fault::TimeOut(_) => FaultKind::TimeOut,
            Fault::Illegal(..) => FaultKind::Illegal,
            Fault::Launch(_) | Fault::Crashed(_) => FaultKind::Crash,
            Fault::Refused(_) | Fault::Unreadable(_) => FaultKind::Error,
        }
    }
}

/// The kinds of fault the totals count apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    TimeOut,
    Illegal,
    Crash,
    Error,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Launch(why) => write!(f, "could not start: {why}"),
            Fault::TimeOut(limit) => write!(f, "no answer in {} ms", limit.as_millis()),
            Fault::Crashed(why) => write!(f, "crashed: {why}"),
            Fault::Refused(line) => write!(f, "refused: {line}"),
            Fault::Unreadable(line) => write!(f, "unreadable answer: {line}"),
            Fault::Illegal(point, why) => write!(f, "illegal move {point}: {why}"),
        }
    }
}

/// What the brain is asked to move in.
#[derive(Clone, Debug)]
pub enum Request<'a> {
    /// The empty board: BEGIN.
    Begin,
    /// A whole position, the brain's first look at this game: BOARD, the stones in the
    /// order played with whether each is the brain's own, DONE.
    Board(&'a [(Point, bool)]),
    /// The opponent's move since the brain's last one: TURN.
    Turn(Point),
}

impl Request<'_> {
    fn lines(&self) -> Vec<String> {
        match self {
            Request::Begin => vec!["BEGIN".to_string()],
            Request::Turn(point) => vec![format!("TURN {point}")],
            Request::Board(stones) => {
                let mut lines = vec!["BOARD".to_string()];
                lines.extend(
                    stones
                        .iter()
                        .map(|&(point, own)| format!("{point},{}", if own { 1 } else { 2 })),
                );
                lines.push("DONE".to_string());
                lines
            }
        }
    }
}

/// A line of the brain's output, or its end.
type Output = Option<String>;

/// A running brain. Dropping it kills the process.
pub struct Brain {
    child: Child,
    stdin: ChildStdin,
    /// The brain's output lines, read on a thread so every wait can have a deadline.
    lines: Receiver<Output>,
}

impl Brain {
    /// Starts the engine and sets up a game: START, then the rule and the clock as INFO.
    /// The match has no overall clock (timeout_match 0), so the time per move is the only
    /// limit the brain plans for.
    pub fn launch(command: &EngineCommand, setup: &Setup) -> Result<Brain, Fault> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| Fault::Launch(error.to_string()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(Fault::Launch("no pipes to the process".to_string()));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&bytes).trim().to_string();
                        if sender.send(Some(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = sender.send(None);
        });
        let mut brain = Brain {
            child,
            stdin,
            lines,
        };
        brain.send(&[format!("START {}", setup.size)])?;
        let answer = brain.answer(Instant::now() + setup.start_limit, setup.start_limit)?;
        if !answer.eq_ignore_ascii_case("OK") {
            return Err(Fault::Unreadable(format!("'{answer}' to START")));
        }
        let rule = u8::from(setup.exact);
        brain.send(&[
            format!("INFO timeout_turn {}", setup.turn.as_millis()),
            "INFO timeout_match 0".to_string(),
            format!("INFO rule {rule}"),
        ])?;
        Ok(brain)
    }

    /// Asks for a move and waits at most `limit` for it. Returns the move and how long the
    /// answer took. The move is not checked against the board here.
    pub fn play(&mut self, request: &Request, limit: Duration) -> Result<(Point, Duration), Fault> {
        let asked = Instant::now();
        self.send(&request.lines())?;
        let answer = self.answer(asked + limit, limit)?;
        let took = asked.elapsed();
        let point = parse_move(&answer).ok_or(Fault::Unreadable(answer))?;
        Ok((point, took))
    }

    /// Says END and gives the brain `grace` to exit before it is killed.
    pub fn end(mut self, grace: Duration) {
        if self.send(&["END".to_string()]).is_ok() {
            let deadline = Instant::now() + grace;
            // The output ends when the process exits; anything it writes first is moot.
            while let Ok(Some(_)) = self
                .lines
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {}
        }
        // Drop kills it if it is still running, and reaps it.
    }

    fn send(&mut self, lines: &[String]) -> Result<(), Fault> {
        let mut text = String::new();
        for line in lines {
            text.push_str(line);
            text.push_str("\r\n");
        }
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|error| self.crashed(&format!("could not write to it ({error})")))
    }

    /// The next answer line before `deadline`, MESSAGE and DEBUG lines put aside.
    fn answer(&mut self, deadline: Instant, limit: Duration) -> Result<String, Fault> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(Some(line)) => line,
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.crashed("its output ended"));
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    return Err(Fault::TimeOut(limit));
                }
            };
            let keyword = line.split_whitespace().next().unwrap_or_default();
            if line.is_empty()
                || keyword.eq_ignore_ascii_case("MESSAGE")
                || keyword.eq_ignore_ascii_case("DEBUG")
            {
                continue;
            }
            if keyword.eq_ignore_ascii_case("ERROR") || keyword.eq_ignore_ascii_case("UNKNOWN") {
                return Err(Fault::Refused(line));
            }
            return Ok(line);
        }
    }

    /// A crash, with the exit status if the process has already gone.
    fn crashed(&mut self, what: &str) -> Fault {
        match self.child.try_wait() {
            Ok(Some(status)) => Fault::Crashed(format!("{what}; {status}")),
            _ => Fault::Crashed(what.to_string()),
        }
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A move answer `x,y` (spaces allowed around the numbers), or `None`.
#[must_use]
pub fn parse_move(line: &str) -> Option<Point> {
    let (x, y) = line.split_once(',')?;
    Some(Point {
        x: x.trim().parse().ok()?,
        y: y.trim().parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_moves_and_nothing_else() {
        assert_eq!(parse_move("7,8"), Some(Point { x: 7, y: 8 }));
        assert_eq!(parse_move(" 14 , 0 "), Some(Point { x: 14, y: 0 }));
        for bad in [
            "",
            "7",
            "7,",
            ",8",
            "-1,2",
            "7,8,1",
            "a,b",
            "OK",
            "99999999999999999999999,1",
        ] {
            assert_eq!(parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn requests_are_the_protocol_lines() {
        let at = |x, y| Point { x, y };
        assert_eq!(Request::Begin.lines(), ["BEGIN"]);
        assert_eq!(Request::Turn(at(3, 4)).lines(), ["TURN 3,4"]);
        let stones = [(at(7, 7), false), (at(7, 6), true), (at(9, 9), false)];
        assert_eq!(
            Request::Board(&stones).lines(),
            ["BOARD", "7,7,2", "7,6,1", "9,9,2", "DONE"]
        );
    }

    #[test]
    fn commands_split_at_white_space() {
        let command = EngineCommand::parse("  /opt/brains/pbrain-x  --fast 2 ").unwrap();
        assert_eq!(command.program, "/opt/brains/pbrain-x");
        assert_eq!(command.args, ["--fast", "2"]);
        assert_eq!(command.to_string(), "/opt/brains/pbrain-x --fast 2");
        assert_eq!(EngineCommand::parse(" \t"), None);
    }
}
