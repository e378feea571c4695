//! The manager's side of the protocol: an engine (any program that speaks it, in any
//! language) as a child process, one command a line on its standard input, one answer a
//! line from its standard output. Every wait has a deadline; a brain that misses it is
//! killed. Whatever the brain writes, the answer is a move or a [`Fault`], never a panic:
//! a line longer than [`MAX_LINE`] bytes is a fault, not an allocation, and the text kept
//! of any line is cut short and stripped of control characters before anyone shows it.
//! The match runner (`gomoku-match`) and the grader (`tictactoe grade`) share it.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::command::Point;
use super::settings::Variant;
use crate::rules::Forbidden;

/// The longest line read from an engine, in bytes; a longer one is a fault.
pub const MAX_LINE: usize = 4096;
/// How much of an engine's line a report or a window shows, in characters.
const SHOWN: usize = 120;

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("off the board")]
    OffBoard,
    #[error("on a taken cell")]
    Taken,
    #[error("forbidden for black under renju ({0})")]
    Forbidden(Forbidden),
}

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
    pub width: usize,
    pub height: usize,
    /// How many in a row win: five is the protocol's game; any other number is sent as
    /// `INFO in_a_row` (this program's extension, which other brains ignore).
    pub in_a_row: usize,
    /// Freestyle, only exactly that many (INFO rule 1), or renju (INFO rule 4).
    pub variant: Variant,
    /// The time per move the brain is told (INFO timeout_turn).
    pub turn: Duration,
    /// How long START may take to answer: the brain may load its evaluation first.
    pub start_limit: Duration,
    /// Search threads the brain is asked to use (INFO thread_num), if any.
    pub threads: Option<u32>,
    /// The least time between an answer and the next command ([`SETTLE`] for a brain that
    /// needs it, zero for one that does not).
    pub settle: Duration,
}

/// What a brain said about its search for one move, read from its MESSAGE lines: the
/// deepest iteration it named and the nodes it counted, as far as it said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchReport {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl SearchReport {
    /// Reads `depth D` (or `Depth D-S`) and `nodes N` (or `Node 12K`) from one MESSAGE
    /// line, as this project's brain and Rapfi write them; later lines win. Lines
    /// without such words change nothing.
    pub fn read(&mut self, message: &str) {
        let words: Vec<&str> = message.split_whitespace().collect();
        for pair in words.windows(2) {
            let key = pair[0].to_ascii_lowercase();
            match key.as_str() {
                "depth" => {
                    if let Some(depth) = leading_number(pair[1]) {
                        self.depth = u32::try_from(depth).ok();
                    }
                }
                "nodes" | "node" => {
                    if let Some(nodes) = count_with_suffix(pair[1]) {
                        self.nodes = Some(nodes);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The whole number at the start of a word: 18 of "18-25".
fn leading_number(word: &str) -> Option<u64> {
    let end = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    word[..end].parse().ok()
}

/// A count, with Rapfi's K, M, G or T suffix if it has one: 12K is 12,000.
fn count_with_suffix(word: &str) -> Option<u64> {
    let number = leading_number(word)?;
    let digits = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    let scale: u64 = match &word[digits..] {
        "" => 1,
        "K" => 1_000,
        "M" => 1_000_000,
        "G" => 1_000_000_000,
        "T" => 1_000_000_000_000,
        _ => return None,
    };
    number.checked_mul(scale)
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

/// A brain's answer to SWAP2BOARD: `SWAP`, or stones on one line (three to open, one for a
/// move with the colour to move, two more for the opponent to choose after).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    Swap,
    Stones(Vec<Point>),
}

/// The lines of a SWAP2BOARD command with `stones`, in the order played.
#[must_use]
pub fn swap2_lines(stones: &[Point]) -> Vec<String> {
    let mut lines = vec!["SWAP2BOARD".to_string()];
    lines.extend(stones.iter().map(ToString::to_string));
    lines.push("DONE".to_string());
    lines
}

/// A SWAP2BOARD answer: `SWAP`, or one to three `x,y` stones apart by white space.
#[must_use]
pub fn parse_swap2_answer(line: &str) -> Option<Swap2Answer> {
    if line.trim().eq_ignore_ascii_case("SWAP") {
        return Some(Swap2Answer::Swap);
    }
    let stones: Vec<Point> = line
        .split_whitespace()
        .map(parse_move)
        .collect::<Option<_>>()?;
    (1..=3)
        .contains(&stones.len())
        .then_some(Swap2Answer::Stones(stones))
}

/// What the reader of the brain's output hands over.
enum Output {
    Line(String),
    /// A line longer than [`MAX_LINE`]: reading stopped there.
    TooLong,
    /// The output ended.
    End,
}

/// The least time between a brain's answer and the next command it is sent, for brains
/// that need it ([`Setup::settle`]). Rapfi prints its move a moment before it is ready for
/// the next command, and a TURN arriving in that moment is dropped, leaving the move's text
/// to be read as an unknown command; a reply from an opponent that answers at once (a book
/// move, a forced block) comes that fast.
pub const SETTLE: Duration = Duration::from_millis(30);

/// Reads one line into `line` (without its end), holding at most [`MAX_LINE`] bytes:
/// `Some(true)` for a line, `Some(false)` for one too long, `None` at the end of output.
fn read_capped(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    line.clear();
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok((!line.is_empty()).then_some(true));
        }
        let (taken, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end, true),
            None => (buffer.len(), false),
        };
        let room = (MAX_LINE + 1).saturating_sub(line.len());
        line.extend_from_slice(&buffer[..taken.min(room)]);
        reader.consume(if ended { taken + 1 } else { taken });
        if line.len() > MAX_LINE {
            return Ok(Some(false));
        }
        if ended {
            return Ok(Some(true));
        }
    }
}

/// An engine's text as it may be shown: control characters dropped, at most [`SHOWN`]
/// characters.
#[must_use]
pub fn shown(text: &str) -> String {
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    if clean.chars().count() <= SHOWN {
        return clean;
    }
    let mut cut: String = clean.chars().take(SHOWN).collect();
    cut.push('…');
    cut
}

/// A running brain. Dropping it kills the process.
pub struct Brain {
    child: Child,
    stdin: ChildStdin,
    /// The brain's output lines, read on a thread so every wait can have a deadline.
    lines: Receiver<Output>,
    /// When it last answered a move command.
    answered: Option<Instant>,
    settle: Duration,
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
            let last = loop {
                match read_capped(&mut reader, &mut bytes) {
                    Ok(Some(true)) => {
                        let line = String::from_utf8_lossy(&bytes).trim().to_string();
                        if sender.send(Output::Line(line)).is_err() {
                            return;
                        }
                    }
                    Ok(Some(false)) => break Output::TooLong,
                    Ok(None) | Err(_) => break Output::End,
                }
            };
            let _ = sender.send(last);
        });
        let mut brain = Brain {
            child,
            stdin,
            lines,
            answered: None,
            settle: setup.settle,
        };
        let start = if setup.width == setup.height {
            format!("START {}", setup.width)
        } else {
            format!("RECTSTART {},{}", setup.width, setup.height)
        };
        brain.send(&[start])?;
        let answer = brain.answer(
            Instant::now() + setup.start_limit,
            setup.start_limit,
            &mut SearchReport::default(),
        )?;
        if !answer.eq_ignore_ascii_case("OK") {
            return Err(Fault::Unreadable(format!("'{}' to START", shown(&answer))));
        }
        let rule = setup.variant.flags();
        brain.send(&[
            format!("INFO timeout_turn {}", setup.turn.as_millis()),
            "INFO timeout_match 0".to_string(),
            format!("INFO rule {rule}"),
        ])?;
        if let Some(threads) = setup.threads {
            brain.send(&[format!("INFO thread_num {threads}")])?;
        }
        if setup.in_a_row != 5 {
            brain.send(&[format!("INFO in_a_row {}", setup.in_a_row)])?;
        }
        Ok(brain)
    }

    /// Asks for a move and waits at most `limit` for it. Returns the move, how long the
    /// answer took and what the brain said about its search. The move is not checked
    /// against the board here.
    pub fn play(
        &mut self,
        request: &Request,
        limit: Duration,
    ) -> Result<(Point, Duration, SearchReport), Fault> {
        let (answer, took, report) = self.ask(&request.lines(), limit)?;
        let point = parse_move(&answer).ok_or_else(|| Fault::Unreadable(shown(&answer)))?;
        Ok((point, took, report))
    }

    /// Asks for the brain's part of a swap2 opening with `stones` down (SWAP2BOARD) and
    /// waits at most `limit` for it. The stones are not checked against the board here.
    pub fn swap2(&mut self, stones: &[Point], limit: Duration) -> Result<Swap2Answer, Fault> {
        let (answer, _, _) = self.ask(&swap2_lines(stones), limit)?;
        parse_swap2_answer(&answer).ok_or_else(|| Fault::Unreadable(shown(&answer)))
    }

    /// Sends a command's lines (after the settling time) and returns the answer line, how
    /// long it took and what the brain said about its search.
    fn ask(
        &mut self,
        lines: &[String],
        limit: Duration,
    ) -> Result<(String, Duration, SearchReport), Fault> {
        if let Some(answered) = self.answered {
            std::thread::sleep((answered + self.settle).saturating_duration_since(Instant::now()));
        }
        let asked = Instant::now();
        self.send(lines)?;
        let mut report = SearchReport::default();
        let answer = self.answer(asked + limit, limit, &mut report)?;
        let took = asked.elapsed();
        self.answered = Some(Instant::now());
        Ok((answer, took, report))
    }

    /// Says END and gives the brain `grace` to exit before it is killed.
    pub fn end(mut self, grace: Duration) {
        if self.send(&["END".to_string()]).is_ok() {
            let deadline = Instant::now() + grace;
            // The output ends when the process exits; anything it writes first is moot.
            while let Ok(Output::Line(_)) = self
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

    /// The next answer line before `deadline`, MESSAGE and DEBUG lines put aside (MESSAGE
    /// lines read into `report` first).
    fn answer(
        &mut self,
        deadline: Instant,
        limit: Duration,
        report: &mut SearchReport,
    ) -> Result<String, Fault> {
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(wait) {
                Ok(Output::Line(line)) => line,
                Ok(Output::TooLong) => {
                    let _ = self.child.kill();
                    return Err(Fault::Unreadable(format!(
                        "a line longer than {MAX_LINE} bytes"
                    )));
                }
                Ok(Output::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.crashed("its output ended"));
                }
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    return Err(Fault::TimeOut(limit));
                }
            };
            let keyword = line.split_whitespace().next().unwrap_or_default();
            if keyword.eq_ignore_ascii_case("MESSAGE") {
                report.read(&line);
                continue;
            }
            if line.is_empty() || keyword.eq_ignore_ascii_case("DEBUG") {
                continue;
            }
            if keyword.eq_ignore_ascii_case("ERROR") || keyword.eq_ignore_ascii_case("UNKNOWN") {
                return Err(Fault::Refused(shown(&line)));
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
    fn search_reports_come_from_both_message_styles() {
        let mut ours = SearchReport::default();
        ours.read("MESSAGE depth 7 value score 12 nodes 81234 time 410 ms line 7,7 8,8");
        ours.read("MESSAGE depth 8 value win in 5 nodes 99000 time 480 ms line 7,7");
        assert_eq!(ours.depth, Some(8));
        assert_eq!(ours.nodes, Some(99_000));
        let mut rapfi = SearchReport::default();
        rapfi.read("MESSAGE Depth 17-25 | Eval 34 | Time 300ms | h8 i9");
        rapfi.read("MESSAGE Speed 1234K | Depth 18-27 | Eval 40 | Node 612K | Time 480ms");
        assert_eq!(rapfi.depth, Some(18));
        assert_eq!(rapfi.nodes, Some(612_000));
        let mut other = SearchReport::default();
        other.read("MESSAGE depth unknown nodes 12Q node");
        assert_eq!(other, SearchReport::default());
        assert_eq!(count_with_suffix("3M"), Some(3_000_000));
        assert_eq!(count_with_suffix("99999999999999T"), None);
    }

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
    fn reads_swap2_answers_and_writes_swap2_requests() {
        let at = |x, y| Point { x, y };
        assert_eq!(parse_swap2_answer("swap"), Some(Swap2Answer::Swap));
        assert_eq!(
            parse_swap2_answer("7,7 8,7  9,9"),
            Some(Swap2Answer::Stones(vec![at(7, 7), at(8, 7), at(9, 9)]))
        );
        assert_eq!(
            parse_swap2_answer("8,8"),
            Some(Swap2Answer::Stones(vec![at(8, 8)]))
        );
        for bad in ["", "SWAP 7,7", "7,7 8", "1,1 2,2 3,3 4,4", "OK"] {
            assert_eq!(parse_swap2_answer(bad), None, "{bad}");
        }
        assert_eq!(swap2_lines(&[]), ["SWAP2BOARD", "DONE"]);
        assert_eq!(
            swap2_lines(&[at(7, 7), at(8, 7), at(9, 9)]),
            ["SWAP2BOARD", "7,7", "8,7", "9,9", "DONE"]
        );
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
    fn lines_are_read_whole_up_to_the_cap_and_shown_clean() {
        let text = format!("OK\r\n7,7\n{}\nlast", "a".repeat(MAX_LINE + 10));
        let mut reader = std::io::BufReader::with_capacity(64, text.as_bytes());
        let mut line = Vec::new();
        assert_eq!(read_capped(&mut reader, &mut line).unwrap(), Some(true));
        assert_eq!(line, b"OK\r");
        assert_eq!(read_capped(&mut reader, &mut line).unwrap(), Some(true));
        assert_eq!(line, b"7,7");
        assert_eq!(read_capped(&mut reader, &mut line).unwrap(), Some(false));
        assert!(line.len() <= MAX_LINE + 1, "held {} bytes", line.len());
        let mut exact = std::io::BufReader::new(&b"last"[..]);
        assert_eq!(read_capped(&mut exact, &mut line).unwrap(), Some(true));
        assert_eq!(read_capped(&mut exact, &mut line).unwrap(), None);
        assert_eq!(shown("ok\u{1b}[31m\u{7}red"), "ok[31mred");
        assert_eq!(shown(&"x".repeat(500)).chars().count(), SHOWN + 1);
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
