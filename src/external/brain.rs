//! The manager's side of the protocol: an engine (any program that speaks it, in any
//! language) as a child process, one command a line on its standard input, one answer a
//! line from its standard output. Every wait has a deadline; a brain that misses it is
//! killed. Whatever the brain writes, the answer is a move or a [`Fault`], never a panic:
//! a line longer than [`MAX_LINE`] bytes is a fault, not an allocation, and the text kept
//! of any line is cut short and stripped of control characters before anyone shows it.
//! The match runner (`gomoku-match`), the grader (`tictactoe grade`) and the game's move
//! driver (an engine as a player) share it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStderr, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::brain_report::BrainReport;
use super::fault::{EngineExit, LaunchFailure, ProcessExit};
use super::request::{
    BrainRequest, Swap2Answer, parse_about_name, parse_move, parse_swap2_answer, swap2_lines,
};
use super::{EngineCommand, Fault, Point, Setup};

/// The longest line read from an engine, in bytes; a longer one is a fault.
pub const MAX_LINE: usize = 4096;
/// How much of an engine's line a report or a window shows, in characters.
const SHOWN: usize = 120;
/// How often a wait that can be stopped looks at its stop flag.
const POLL: Duration = Duration::from_millis(20);
/// The most lines read ahead of the manager: a brain that writes faster than its lines are
/// read waits for them, so a flood holds this many lines at most.
const QUEUED: usize = 256;
/// How long an engine whose output ended is given to finish exiting (and to finish writing
/// its error output) before it is taken to have closed its output while running.
const EXITING: Duration = Duration::from_millis(300);
/// How long an engine that said nothing to ABOUT has to answer START when it is added: it
/// has had the whole time to start already, so a player that merely does not know ABOUT
/// answers at once.
const START_CHECK: Duration = Duration::from_secs(1);

/// What the reader of the brain's output hands over.
enum BrainOutput {
    Line(String),
    /// A line longer than [`MAX_LINE`]: reading stopped there.
    TooLong,
    /// The output ended.
    End,
}

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
    lines: Receiver<BrainOutput>,
    /// When it last answered a move command.
    answered: Option<Instant>,
    /// Whether it has written any answer at all (one that ends before its first answer
    /// stopped at once).
    spoke: bool,
    /// The last line of its error output.
    errors: ErrorOutput,
    settle: Duration,
}

/// The last line an engine wrote on its error output, kept by a thread that reads all of it
/// (so an engine that writes much there never blocks on a full pipe).
struct ErrorOutput {
    last: Arc<Mutex<Option<String>>>,
    /// Says (by closing) that the error output ended.
    ended: Receiver<()>,
}

impl ErrorOutput {
    fn read(stderr: ChildStderr) -> ErrorOutput {
        let last = Arc::new(Mutex::new(None));
        let kept = Arc::clone(&last);
        let (ending, ended) = mpsc::channel::<()>();
        std::thread::spawn(move || {
            let _ending = ending;
            let mut reader = BufReader::new(stderr);
            let mut bytes = Vec::new();
            while let Ok(Some(_)) = read_capped(&mut reader, &mut bytes) {
                let line = String::from_utf8_lossy(&bytes);
                if !line.trim().is_empty() {
                    *kept.lock().unwrap_or_else(PoisonError::into_inner) = Some(shown(line.trim()));
                }
            }
        });
        ErrorOutput { last, ended }
    }

    /// The last line written, once the output ended or `wait` passed.
    fn last_line(&self, wait: Duration) -> Option<String> {
        let _ = self.ended.recv_timeout(wait);
        self.last
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Brain {
    /// Starts the engine and sets up a game: START, then the rule and the clock as INFO.
    /// The match has no overall clock (timeout_match 0), so the time per move is the only
    /// limit the brain plans for, unless a match clock is told after it with [`Brain::info`].
    pub fn launch(command: &EngineCommand, setup: &Setup) -> Result<Brain, Fault> {
        let mut brain = Brain::spawn(command, setup.settle)?;
        let start = if setup.width == setup.height {
            format!("START {}", setup.width)
        } else {
            format!("RECTSTART {},{}", setup.width, setup.height)
        };
        brain.send(&[start])?;
        let answer = brain.answer(
            Instant::now() + setup.start_limit,
            setup.start_limit,
            &mut BrainReport::default(),
            None,
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

    /// Starts the engine only to ask its name (ABOUT, which the protocol allows before
    /// START), waiting at most `limit`, then ends it. A player need not know ABOUT (the
    /// commands of a game are START, INFO, BEGIN, TURN, BOARD and END), so `None` when it
    /// answered without a name or refused the command (UNKNOWN, ERROR). One that says
    /// nothing to ABOUT in time is asked to START, which every player answers, and has
    /// [`START_CHECK`] more to do so: silent to both, it is a [`Fault::TimeOut`] of `limit`,
    /// as it would be at the start of every game. A fault too when it could not start,
    /// ended or flooded its output.
    pub fn about(command: &EngineCommand, limit: Duration) -> Result<Option<String>, Fault> {
        let mut brain = Brain::spawn(command, Duration::ZERO)?;
        let mut report = BrainReport::default();
        brain.send(&["ABOUT".to_string()])?;
        let answer = match brain.next_answer(Instant::now() + limit, &mut report, None) {
            Ok(Some(answer)) => Some(answer),
            Err(Fault::Refused(_)) => None,
            Err(fault) => return Err(fault),
            Ok(None) => {
                brain.send(&["START 15".to_string()])?;
                match brain.next_answer(Instant::now() + START_CHECK, &mut report, None) {
                    // A late answer to ABOUT, or the answer to START (OK, or ERROR for a
                    // board it does not play): it answers.
                    Ok(Some(answer)) => Some(answer),
                    Err(Fault::Refused(_)) => None,
                    Err(fault) => return Err(fault),
                    // Dropping the brain kills it.
                    Ok(None) => return Err(Fault::TimeOut(limit)),
                }
            }
        };
        brain.end(Duration::from_millis(200));
        Ok(answer
            .and_then(|answer| parse_about_name(&answer))
            .map(|name| shown(&name)))
    }

    /// Starts the process, its output read on a thread of its own.
    fn spawn(command: &EngineCommand, settle: Duration) -> Result<Brain, Fault> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| Fault::Launch(LaunchFailure::of(&error)))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            return Err(Fault::Launch(LaunchFailure::NoPipes));
        };
        let (sender, lines) = mpsc::sync_channel(QUEUED);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut bytes = Vec::new();
            let last = loop {
                match read_capped(&mut reader, &mut bytes) {
                    Ok(Some(true)) => {
                        let line = String::from_utf8_lossy(&bytes).trim().to_string();
                        if sender.send(BrainOutput::Line(line)).is_err() {
                            return;
                        }
                    }
                    Ok(Some(false)) => break BrainOutput::TooLong,
                    Ok(None) | Err(_) => break BrainOutput::End,
                }
            };
            let _ = sender.send(last);
        });
        Ok(Brain {
            child,
            stdin,
            lines,
            answered: None,
            spoke: false,
            errors: ErrorOutput::read(stderr),
            settle,
        })
    }

    /// Asks for a move and waits at most `limit` for it. Returns the move, how long the
    /// answer took and what the brain said about its search. The move is not checked
    /// against the board here.
    pub fn play(
        &mut self,
        request: &BrainRequest,
        limit: Duration,
    ) -> Result<(Point, Duration, BrainReport), Fault> {
        let (answer, took, report) = self.ask(&request.lines(), limit, None)?;
        let point = parse_move(&answer).ok_or_else(|| Fault::Unreadable(shown(&answer)))?;
        Ok((point, took, report))
    }

    /// As [`Brain::play`], but the wait ends early, with [`Fault::Stopped`] and the brain
    /// killed, once `stop` is set (the game moved on: undo, a new game, other settings).
    pub fn play_until(
        &mut self,
        request: &BrainRequest,
        limit: Duration,
        stop: &AtomicBool,
    ) -> Result<Point, Fault> {
        let (answer, _, _) = self.ask(&request.lines(), limit, Some(stop))?;
        parse_move(&answer).ok_or_else(|| Fault::Unreadable(shown(&answer)))
    }

    /// Asks for the brain's part of a swap2 opening with `stones` down (SWAP2BOARD) and
    /// waits at most `limit` for it. The stones are not checked against the board here.
    pub fn swap2(&mut self, stones: &[Point], limit: Duration) -> Result<Swap2Answer, Fault> {
        let (answer, _, _) = self.ask(&swap2_lines(stones), limit, None)?;
        parse_swap2_answer(&answer).ok_or_else(|| Fault::Unreadable(shown(&answer)))
    }

    /// Sends INFO lines, which have no answer, after the settling time: a match clock, the
    /// match's time (`INFO timeout_match`, over the 0 that [`Brain::launch`] sent) and the
    /// time left before each move (`INFO time_left`).
    pub fn info(&mut self, lines: &[String]) -> Result<(), Fault> {
        if let Some(answered) = self.answered {
            std::thread::sleep((answered + self.settle).saturating_duration_since(Instant::now()));
        }
        self.send(lines)
    }

    /// Sends a command's lines (after the settling time) and returns the answer line, how
    /// long it took and what the brain said about its search. The wait ends early once
    /// `stop`, if given, is set.
    fn ask(
        &mut self,
        lines: &[String],
        limit: Duration,
        stop: Option<&AtomicBool>,
    ) -> Result<(String, Duration, BrainReport), Fault> {
        if let Some(answered) = self.answered {
            std::thread::sleep((answered + self.settle).saturating_duration_since(Instant::now()));
        }
        let asked = Instant::now();
        self.send(lines)?;
        let mut report = BrainReport::default();
        let answer = self.answer(asked + limit, limit, &mut report, stop)?;
        let took = asked.elapsed();
        self.answered = Some(Instant::now());
        Ok((answer, took, report))
    }

    /// Says END and gives the brain `grace` to exit before it is killed.
    pub fn end(mut self, grace: Duration) {
        if self.send(&["END".to_string()]).is_ok() {
            let deadline = Instant::now() + grace;
            // The output ends when the process exits; anything it writes first is moot, and
            // one that goes on writing is killed at the deadline all the same.
            loop {
                let wait = deadline.saturating_duration_since(Instant::now());
                if wait.is_zero()
                    || !matches!(self.lines.recv_timeout(wait), Ok(BrainOutput::Line(_)))
                {
                    break;
                }
            }
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
            .map_err(|_| self.ended())
    }

    /// The next answer line before `deadline`; at the deadline the brain is killed and the
    /// fault is a [`Fault::TimeOut`] of `limit`. See [`Brain::next_answer`].
    fn answer(
        &mut self,
        deadline: Instant,
        limit: Duration,
        report: &mut BrainReport,
        stop: Option<&AtomicBool>,
    ) -> Result<String, Fault> {
        match self.next_answer(deadline, report, stop)? {
            Some(answer) => Ok(answer),
            None => {
                let _ = self.child.kill();
                Err(Fault::TimeOut(limit))
            }
        }
    }

    /// The next answer line before `deadline` (`None` at the deadline, the brain left
    /// running), MESSAGE and DEBUG lines put aside (MESSAGE lines read into `report`
    /// first). With a `stop` flag, the wait ends once it is set. The deadline and the flag
    /// are looked at before every line, so a brain that never stops writing lines that are
    /// not answers still runs out of time.
    fn next_answer(
        &mut self,
        deadline: Instant,
        report: &mut BrainReport,
        stop: Option<&AtomicBool>,
    ) -> Result<Option<String>, Fault> {
        loop {
            if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                let _ = self.child.kill();
                return Err(Fault::Stopped);
            }
            let now = Instant::now();
            if now >= deadline {
                return Ok(None);
            }
            let mut wait = deadline - now;
            if stop.is_some() {
                wait = wait.min(POLL);
            }
            let line = match self.lines.recv_timeout(wait) {
                Ok(BrainOutput::Line(line)) => line,
                Ok(BrainOutput::TooLong) => {
                    let _ = self.child.kill();
                    return Err(Fault::Unreadable(format!(
                        "a line longer than {MAX_LINE} bytes"
                    )));
                }
                Ok(BrainOutput::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.ended());
                }
                Err(RecvTimeoutError::Timeout) => continue,
            };
            let keyword = line.split_whitespace().next().unwrap_or_default();
            if keyword.eq_ignore_ascii_case("MESSAGE") {
                report.read(&line);
                continue;
            }
            if line.is_empty() || keyword.eq_ignore_ascii_case("DEBUG") {
                continue;
            }
            self.spoke = true;
            if keyword.eq_ignore_ascii_case("ERROR") || keyword.eq_ignore_ascii_case("UNKNOWN") {
                return Err(Fault::Refused(shown(&line)));
            }
            return Ok(Some(line));
        }
    }

    /// The fault of a brain whose output ended or whose input closed: how it ended (given
    /// [`EXITING`] to finish exiting; one still running is killed), whether it had answered
    /// anything, and the last line of its error output.
    fn ended(&mut self) -> Fault {
        let deadline = Instant::now() + EXITING;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(POLL / 4),
                _ => break None,
            }
        };
        let exit = status.map_or_else(
            || {
                let _ = self.child.kill();
                ProcessExit::OutputClosed
            },
            ProcessExit::of,
        );
        Fault::Ended(EngineExit {
            exit,
            answered: self.spoke,
            last_error: self.errors.last_line(EXITING),
        })
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// A brain that is a shell script.
    #[cfg(unix)]
    fn shell(script: &str) -> EngineCommand {
        EngineCommand {
            program: "sh".to_string(),
            args: vec!["-c".to_string(), script.to_string()],
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_brain_that_floods_lines_that_are_not_answers_runs_out_of_time_and_ends() {
        // START answered, then MESSAGE lines without end instead of a move, and after END.
        let flood = shell(
            r#"read line; echo OK
while read line; do case "$line" in DONE*|END*) exec yes 'MESSAGE thinking' ;; esac; done"#,
        );
        let setup = Setup::for_game(&crate::rules::Rule::TIC_TAC_TOE, Default::default());
        let mut brain = Brain::launch(&flood, &setup).expect("it starts");
        let limit = Duration::from_millis(200);
        let answer = brain.play(&BrainRequest::Board(&[]), limit);
        assert!(
            matches!(answer, Err(Fault::TimeOut(_))),
            "{:?}",
            answer.map(|(point, _, _)| point)
        );
        let stop = AtomicBool::new(true);
        let mut again = Brain::launch(&flood, &setup).expect("it starts");
        assert_eq!(
            again.play_until(&BrainRequest::Board(&[]), Duration::from_secs(60), &stop),
            Err(Fault::Stopped)
        );
        let ending = Brain::launch(&flood, &setup).expect("it starts");
        ending.end(Duration::from_millis(100));
    }

    #[cfg(unix)]
    #[test]
    fn a_player_that_does_not_know_about_has_no_name_but_a_broken_one_is_a_fault() {
        let long = Duration::from_secs(60);
        let named = shell(r#"read line; echo 'name="tidy", version="1"'; read line"#);
        assert_eq!(Brain::about(&named, long), Ok(Some("tidy".to_string())));
        let unknown = shell("read line; echo 'UNKNOWN command'; read line");
        assert_eq!(Brain::about(&unknown, long), Ok(None));
        // Silent to ABOUT but answering START: a player that does not know ABOUT.
        let quiet = shell("read line; read line; echo OK; read line");
        assert_eq!(Brain::about(&quiet, Duration::from_millis(100)), Ok(None));
        // Says nothing at all: the wait ends at the limit, whatever the machine's speed,
        // and the engine is not taken for one that answers.
        let silent = shell("exec sleep 30");
        let limit = Duration::from_millis(100);
        assert_eq!(Brain::about(&silent, limit), Err(Fault::TimeOut(limit)));
        let missing = EngineCommand::parse("/nonexistent/player").unwrap();
        assert!(matches!(
            Brain::about(&missing, long),
            Err(Fault::Launch(LaunchFailure::NotFound))
        ));
    }

    /// How `script` ended when it was asked its name.
    #[cfg(unix)]
    fn ending(script: &str) -> EngineExit {
        match Brain::about(&shell(script), Duration::from_secs(60)) {
            Err(Fault::Ended(ending)) => ending,
            other => panic!("{script}: {other:?}"),
        }
    }

    #[cfg(unix)]
    #[test]
    fn an_engine_that_ends_is_told_by_how_it_ended() {
        // Exits before reading anything, saying why on its error output.
        let at_once = ending("echo 'first line' >&2; echo 'no module named numpy' >&2; exit 2");
        assert_eq!(
            at_once,
            EngineExit {
                exit: ProcessExit::Code(2),
                answered: false,
                last_error: Some("no module named numpy".to_string()),
            }
        );
        assert_eq!(
            Fault::Ended(at_once).to_string(),
            "stopped at once with exit code 2; its last error line: no module named numpy"
        );
        // Reads ABOUT, says nothing anywhere, exits with 0.
        let quiet = ending("read line; exit 0");
        assert_eq!((quiet.exit, quiet.last_error), (ProcessExit::Code(0), None));
        // Killed by a signal: a crash.
        let crash = ending("read line; kill -SEGV $$");
        assert_eq!(crash.exit, ProcessExit::Signal(11));
        assert_eq!(
            Fault::Ended(crash).to_string(),
            "crashed (signal 11, SIGSEGV)"
        );
        // Closes its output and goes on running: killed, and said so.
        let closed = ending("exec >&-; sleep 30");
        assert_eq!(closed.exit, ProcessExit::OutputClosed);
        // Answers START, then exits when asked to move (whatever else it is told first).
        let setup = Setup::for_game(&crate::rules::Rule::TIC_TAC_TOE, Default::default());
        let later = shell(
            "read line; echo OK; while read line; do case $line in BEGIN*) exit 3;; esac; done",
        );
        let mut brain = Brain::launch(&later, &setup).expect("it starts");
        let fault = brain
            .play(&BrainRequest::Begin, Duration::from_secs(60))
            .unwrap_err();
        assert_eq!(fault.to_string(), "exited with code 3 before answering");
    }
}
