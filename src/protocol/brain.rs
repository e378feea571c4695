//! The brain: the game the manager and the engine play through the Gomocup protocol. It
//! keeps the board, checks every command against it, and asks the move driver for each move
//! under the match clock, so the protocol front end says the same few things to the engine
//! as the window and the terminal game do.
//!
//! A refused command leaves the board as it was. After every move the brain answers, it is
//! the opponent's turn, so the side of each TURN stone follows from the board.

use std::io::{self, Write};

use crate::engine::{PlayerKind, SearchResult, Value};
use crate::game::clock::move_limits;
use crate::game::{Driver, DriverConfig, Task, TaskRequest};
use crate::rules::rule::{MAX_SIDE, MIN_SIDE};
use crate::rules::{Cell, MoveError, Outcome, Position, Rule, SetupError, Side};

use super::command::{
    BoardLine, BrainCommand, Field, Point, Swap2Line, parse_board_line, parse_command,
    parse_swap2_line,
};
use super::settings::{InfoSettings, Variant};
use super::swap2;

/// Whether to read on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    /// END: the brain exits.
    End,
}

/// Why a command got no answer of its own.
enum CommandFailure {
    /// The command is refused; the reason goes after ERROR.
    Refused(String),
    /// Writing to the manager failed.
    Io(io::Error),
}

impl From<String> for CommandFailure {
    fn from(reason: String) -> CommandFailure {
        CommandFailure::Refused(reason)
    }
}

impl From<io::Error> for CommandFailure {
    fn from(error: io::Error) -> CommandFailure {
        CommandFailure::Io(error)
    }
}

/// The answer to a command: a line, or nothing (INFO).
type Response = Result<Option<String>, CommandFailure>;

/// The game on the board.
struct BrainGame {
    position: Position,
    /// The brain's side, known from the first move command of the game on.
    own: Option<Side>,
}

/// A BOARD command being read, up to its DONE.
#[derive(Default)]
struct BoardInput {
    stones: Vec<(Point, Field)>,
    /// The first malformed line, reported at DONE (the manager reads no answer before).
    problem: Option<String>,
}

/// A SWAP2BOARD command being read, up to its DONE.
#[derive(Default)]
struct Swap2Input {
    stones: Vec<(Point, Option<Field>)>,
    /// The first malformed line, reported at DONE.
    problem: Option<String>,
}

/// The brain's state from one command to the next.
pub struct BrainState {
    settings: InfoSettings,
    driver: Driver,
    config: DriverConfig,
    /// `None` until START.
    game: Option<BrainGame>,
    board: Option<BoardInput>,
    swap2: Option<Swap2Input>,
    /// A malformed INFO line. The protocol asks for such problems to be reported as the
    /// answer to the next move command, since the manager reads no answer to INFO.
    pending: Option<String>,
}

impl Default for BrainState {
    fn default() -> BrainState {
        BrainState::new()
    }
}

impl BrainState {
    /// A brain with no board yet and the default settings.
    #[must_use]
    pub fn new() -> BrainState {
        let config = DriverConfig::default();
        BrainState {
            settings: InfoSettings::default(),
            driver: Driver::new(config, || {}),
            config,
            game: None,
            board: None,
            swap2: None,
            pending: None,
        }
    }

    /// Handles one line from the manager, writing the answer (and, while thinking, MESSAGE
    /// lines) to `out`, each flushed at once.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        if self.board.is_some() {
            return self.board_line(line, out);
        }
        if self.swap2.is_some() {
            return self.swap2_line(line, out);
        }
        match parse_command(line) {
            None => Ok(Flow::Continue),
            // The manager reads no answer to INFO: its problem waits for the next move.
            Some(Err(error)) if error.is_info() => {
                self.note_problem(error.to_string());
                Ok(Flow::Continue)
            }
            Some(Err(error)) => {
                say(out, &format!("ERROR {error}"))?;
                Ok(Flow::Continue)
            }
            Some(Ok(command)) => self.command(command, out),
        }
    }

    fn command(&mut self, command: BrainCommand, out: &mut dyn Write) -> io::Result<Flow> {
        let answer = match command {
            BrainCommand::Start(size) => self.start(size, size),
            BrainCommand::RectStart { width, height } => self.start(width, height),
            BrainCommand::Restart => self.restart(),
            BrainCommand::Begin => self.begin(out),
            BrainCommand::Turn(at) => self.turn(at, out),
            BrainCommand::Board => {
                self.board = Some(BoardInput::default());
                Ok(None)
            }
            BrainCommand::Swap2Board => {
                self.swap2 = Some(Swap2Input::default());
                Ok(None)
            }
            BrainCommand::Takeback(at) => self.takeback(at),
            BrainCommand::Info(info) => {
                self.settings.apply(&info);
                self.apply_rule();
                Ok(None)
            }
            BrainCommand::About => Ok(Some(about())),
            BrainCommand::End => return Ok(Flow::End),
            BrainCommand::Unknown(word) => Ok(Some(format!(
                "UNKNOWN {word} is not a command this brain carries out"
            ))),
        };
        self.command_answer(answer, out)
    }

    /// Records a problem with an INFO setting, to be reported at the next move command.
    fn note_problem(&mut self, problem: String) {
        self.pending.get_or_insert(problem);
    }

    fn start(&mut self, width: usize, height: usize) -> Response {
        // An unsupported rule is refused at the first move, where the protocol reports
        // INFO problems; the board itself is fine. INFO in_a_row may come after START (the
        // protocol sends INFO after it): until then a board too small for five holds as
        // many in a row as its longer side, and a move is refused while the rule asked for
        // does not fit (see `ready`).
        let variant = self.settings.variant().unwrap_or(Variant::Freestyle);
        let k = self.settings.in_a_row().clamp(3, width.max(height).max(3));
        let rule = Rule::new(width, height, k, variant == Variant::Exact).map_err(|_| {
            format!(
                "unsupported board size {width}x{height}: this brain plays on sides of \
                 {MIN_SIDE} to {MAX_SIDE} cells"
            )
        })?;
        // Renju on a board it does not fit stays freestyle here; `ready` refuses moves.
        let rule = variant.rule(width, height, k).unwrap_or(rule);
        self.game = Some(BrainGame {
            position: Position::new(rule),
            own: None,
        });
        Ok(Some("OK".to_string()))
    }

    fn restart(&mut self) -> Response {
        let game = self.game.as_mut().ok_or_else(no_board)?;
        *game = BrainGame {
            position: Position::new(*game.position.rule()),
            own: None,
        };
        Ok(Some("OK".to_string()))
    }

    fn begin(&mut self, out: &mut dyn Write) -> Response {
        self.ready()?;
        let position = &self.game.as_ref().ok_or_else(no_board)?.position;
        if position.stones() > 0 {
            let stones = position.stones();
            return Err(format!(
                "BEGIN opens the game on the empty board, and {stones} stones are on it"
            )
            .into());
        }
        self.reply_to(position.clone(), Side::X, out)
    }

    fn turn(&mut self, at: Point, out: &mut dyn Write) -> Response {
        self.ready()?;
        let game = self.game.as_ref().ok_or_else(no_board)?;
        let opponent = game.position.side_to_move();
        if game.own == Some(opponent) {
            return Err(
                "it is the brain's turn, not the opponent's (after a TAKEBACK of the \
                        brain's move, send BOARD)"
                    .to_string()
                    .into(),
            );
        }
        let own = opponent.other();
        if game.position.is_over() {
            return Err(game_over(&game.position, own).into());
        }
        let mut position = game.position.clone();
        position
            .play(at.cell())
            .map_err(|error| move_refusal(at, &error, position.rule()))?;
        if position.is_over() {
            let reason = game_over(&position, own);
            return Err(
                format!("TURN {at} ends the game ({reason}): the brain has no move").into(),
            );
        }
        self.reply_to(position, own, out)
    }

    fn takeback(&mut self, at: Point) -> Response {
        let game = self.game.as_mut().ok_or_else(no_board)?;
        let cell = at.cell();
        if game.position.get(cell).is_none() {
            return Err(format!("TAKEBACK {at}: there is no stone there").into());
        }
        let stones: Vec<(Cell, Side)> = stones_of(&game.position)
            .filter(|&(c, _)| c != cell)
            .collect();
        let own = game.own.unwrap_or(Side::X);
        let position = Position::from_stones(*game.position.rule(), &stones).map_err(|error| {
            format!(
                "TAKEBACK {at} would leave an impossible position: {}",
                explain(&error, own)
            )
        })?;
        game.position = position;
        Ok(Some("OK".to_string()))
    }

    fn board_line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        let board = self.board.as_mut().expect("called while reading a BOARD");
        match parse_board_line(line) {
            Ok(BoardLine::Stone { at, field }) => board.stones.push((at, field)),
            Ok(BoardLine::Done) => {
                let input = self.board.take().expect("checked above");
                let answer = self.finish_board(input, out);
                return self.command_answer(answer, out);
            }
            Err(error) => match parse_command(line) {
                None => {}
                // A command instead of a stone: the manager gave up on this BOARD.
                Some(Ok(command)) if !matches!(command, BrainCommand::Unknown(_)) => {
                    self.board = None;
                    if command == BrainCommand::End {
                        return Ok(Flow::End);
                    }
                    say(
                        out,
                        "ERROR BOARD ended without DONE; the board is unchanged",
                    )?;
                    return self.command(command, out);
                }
                Some(_) => {
                    board.problem.get_or_insert(error.to_string());
                }
            },
        }
        Ok(Flow::Continue)
    }

    fn swap2_line(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        let input = self
            .swap2
            .as_mut()
            .expect("called while reading a SWAP2BOARD");
        match parse_swap2_line(line) {
            Ok(Swap2Line::Stone { at, field }) => input.stones.push((at, field)),
            Ok(Swap2Line::Done) => {
                let input = self.swap2.take().expect("checked above");
                let answer = self.finish_swap2(input);
                return self.command_answer(answer, out);
            }
            Err(error) => match parse_command(line) {
                None => {}
                // A command instead of a stone: the manager gave up on this SWAP2BOARD.
                Some(Ok(command)) if !matches!(command, BrainCommand::Unknown(_)) => {
                    self.swap2 = None;
                    if command == BrainCommand::End {
                        return Ok(Flow::End);
                    }
                    say(
                        out,
                        "ERROR SWAP2BOARD ended without DONE; the board is unchanged",
                    )?;
                    return self.command(command, out);
                }
                Some(_) => {
                    input.problem.get_or_insert(error.to_string());
                }
            },
        }
        Ok(Flow::Continue)
    }

    /// The brain's part of the swap2 opening (see [`swap2`]): the stones are a new game,
    /// and the answer leaves the brain's stones on the board and its colour, once decided.
    fn finish_swap2(&mut self, input: Swap2Input) -> Response {
        self.ready()?;
        if let Some(problem) = input.problem {
            return Err(problem.into());
        }
        let rule = *self.game.as_ref().ok_or_else(no_board)?.position.rule();
        let position = swap2::opening(&rule, &input.stones)?;
        let empty = position.empty_count();
        let engine = PlayerKind::Engine {
            depth: None,
            time_ms: None,
        };
        // The judge's searches share the time the move is meant to take (under a match
        // clock its target, not the hard limit kept for unclear positions).
        let time = move_limits(&rule, empty, &engine, self.settings.clock()).meant_time();
        let mut judge = swap2::judge(time, self.config.tt_megabytes);
        let decision = swap2::decide(&position, seed(), &mut judge)?;
        let game = self.game.as_mut().ok_or_else(no_board)?;
        game.position = decision.position;
        game.own = decision.own;
        Ok(Some(decision.answer))
    }

    /// Writes the answer to a command: its line, or ERROR with the reason.
    fn command_answer(&mut self, answer: Response, out: &mut dyn Write) -> io::Result<Flow> {
        match answer {
            Ok(Some(line)) => say(out, &line)?,
            Ok(None) => {}
            Err(CommandFailure::Refused(reason)) => say(out, &format!("ERROR {reason}"))?,
            Err(CommandFailure::Io(error)) => return Err(error),
        }
        Ok(Flow::Continue)
    }

    fn finish_board(&mut self, input: BoardInput, out: &mut dyn Write) -> Response {
        self.ready()?;
        if let Some(problem) = input.problem {
            return Err(problem.into());
        }
        let rule = *self.game.as_ref().ok_or_else(no_board)?.position.rule();
        let (own, stones) = board_stones(&rule, &input.stones)?;
        let position =
            Position::from_stones(rule, &stones).map_err(|error| explain(&error, own))?;
        if position.is_over() {
            return Err(format!("the game is over ({})", game_over(&position, own)).into());
        }
        self.reply_to(position, own, out)
    }

    /// Refuses a move command while a setting stands in the way: a malformed INFO line
    /// (reported once), an unsupported rule or too little memory (until changed).
    fn ready(&mut self) -> Result<(), CommandFailure> {
        if let Some(problem) = self.pending.take() {
            return Err(problem.into());
        }
        let variant = self.settings.variant()?;
        if let Some(game) = &self.game {
            let rule = game.position.rule();
            if !variant.is_of(rule) {
                let (width, height) = (rule.width(), rule.height());
                if let Err(error) = variant.rule(width, height, rule.k()) {
                    return Err(error.to_string().into());
                }
            }
            let asked = self.settings.in_a_row();
            if rule.k() != asked {
                let (width, height) = (rule.width(), rule.height());
                return Err(format!(
                    "a {width}x{height} board cannot hold {asked} in a row: send INFO in_a_row \
                     with a number from 3 to {} (this brain's key for boards other than gomoku)",
                    width.max(height)
                )
                .into());
            }
        }
        let config = self.settings.driver_config()?;
        if config != self.config {
            // The table size is fixed when the driver's engines are built.
            self.driver = Driver::new(config, || {});
            self.config = config;
        }
        Ok(())
    }

    /// Plays the rule variant and how many in a row win into the game on the board, if
    /// they changed. A number in a row the board cannot hold, or renju on a board other
    /// than 15x15, leaves the board as it is, and moves are refused until it is changed
    /// (see `ready`).
    fn apply_rule(&mut self) {
        let (Ok(variant), Some(game)) = (self.settings.variant(), self.game.as_mut()) else {
            return;
        };
        let rule = *game.position.rule();
        let k = self.settings.in_a_row();
        if variant.is_of(&rule) && rule.k() == k {
            return;
        }
        let Ok(wanted) = variant.rule(rule.width(), rule.height(), k) else {
            return;
        };
        let stones: Vec<(Cell, Side)> = stones_of(&game.position).collect();
        match Position::from_stones(wanted, &stones) {
            Ok(position) => game.position = position,
            Err(error) => {
                let own = game.own.unwrap_or(Side::X);
                let problem = format!(
                    "INFO rule: the stones on the board are not a position under the new rule \
                     ({}); the rule stays as it was for this game",
                    explain(&error, own)
                );
                self.note_problem(problem);
            }
        }
    }

    /// Asks the driver for the brain's move as `own` in `position`, reporting each finished
    /// iteration as a MESSAGE line, and plays it: the answer is the move.
    fn reply_to(&mut self, position: Position, own: Side, out: &mut dyn Write) -> Response {
        let task = Task::Move(PlayerKind::Engine {
            depth: None,
            time_ms: None,
        });
        let request = TaskRequest::new(position.clone(), task).with_clock(self.settings.clock());
        let mut written = Ok(());
        let answer = self.driver.request(request).answer(&mut |iteration| {
            if written.is_ok() {
                written = say(out, &progress(iteration));
            }
        });
        written?;
        let answer = answer.map_err(|error| format!("the search failed: {error}"))?;
        let cell = answer
            .best
            .ok_or_else(|| "the engine found no move".to_string())?;
        let mut after = position;
        // The driver's move is checked like any other before it is played or sent.
        after.play(cell).map_err(|error| {
            format!("the engine's move {} was refused: {error}", Point::of(cell))
        })?;
        let game = self.game.as_mut().ok_or_else(no_board)?;
        game.position = after;
        game.own = Some(own);
        Ok(Some(Point::of(cell).to_string()))
    }

    /// The cells the brain's stones are on.
    #[cfg(test)]
    fn own_stones(&self) -> Vec<Point> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        let Some(own) = game.own else {
            return Vec::new();
        };
        stones_of(&game.position)
            .filter(|&(_, side)| side == own)
            .map(|(cell, _)| Point::of(cell))
            .collect()
    }
}

/// Writes one line and flushes it: the manager reads answers as they come.
fn say(out: &mut dyn Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

/// A new seed for each opening, so the openings of a match differ.
fn seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

fn no_board() -> String {
    "no board yet: send START first".to_string()
}

/// The ABOUT line.
#[must_use]
pub fn about() -> String {
    format!(
        "name=\"tictactoe\", version=\"{}\", author=\"the tictactoe authors\"",
        env!("CARGO_PKG_VERSION")
    )
}

/// One finished iteration as a MESSAGE line: depth, value, nodes and the expected line.
fn progress(iteration: &SearchResult) -> String {
    let value = match iteration.value {
        Value::Win { plies } => format!("win in {plies}"),
        Value::Loss { plies } => format!("loss in {plies}"),
        Value::Draw => "draw".to_string(),
        Value::Unknown => format!("score {}", iteration.score),
    };
    let line: Vec<String> = iteration
        .pv
        .iter()
        .map(|&cell| Point::of(cell).to_string())
        .collect();
    format!(
        "MESSAGE depth {} value {value} nodes {} time {} ms line {}",
        iteration.stats.depth,
        iteration.stats.nodes,
        iteration.stats.elapsed.as_millis(),
        line.join(" ")
    )
}

/// The stones on the board with their sides.
fn stones_of(position: &Position) -> impl Iterator<Item = (Cell, Side)> + '_ {
    let width = position.rule().width();
    position
        .board()
        .iter()
        .enumerate()
        .filter_map(move |(i, s)| s.map(|side| (Cell::new(i / width, i % width), side)))
}

/// The stones of a BOARD command with their sides, and the brain's side. The brain is to
/// move, and X moves first: with as many stones as the opponent the brain is X, with one
/// fewer it is O.
fn board_stones(
    rule: &Rule,
    lines: &[(Point, Field)],
) -> Result<(Side, Vec<(Cell, Side)>), String> {
    let mut seen = std::collections::HashSet::new();
    for &(at, field) in lines {
        if field == Field::Continuous {
            return Err(format!(
                "{at} has field 3 (a continuous game's finished line), which is not supported: \
                 the brain plays each game to its first five"
            ));
        }
        if at.x >= rule.width() || at.y >= rule.height() {
            let (w, h) = (rule.width(), rule.height());
            return Err(format!("{at} is off the {w}x{h} board"));
        }
        if !seen.insert(at) {
            return Err(format!("{at} is given twice"));
        }
    }
    let count = |field| lines.iter().filter(|&&(_, f)| f == field).count();
    let (mine, theirs) = (count(Field::Own), count(Field::Opponent));
    let own = if mine == theirs {
        Side::X
    } else if theirs == mine + 1 {
        Side::O
    } else {
        return Err(format!(
            "impossible position: the brain has {mine} stones and the opponent {theirs}; \
             with the brain to move it has as many as the opponent or one fewer"
        ));
    };
    let stones = lines
        .iter()
        .map(|&(at, field)| {
            let side = if field == Field::Own {
                own
            } else {
                own.other()
            };
            (at.cell(), side)
        })
        .collect();
    Ok((own, stones))
}

/// A setup error in the protocol's terms: x,y cells, and the brain and its opponent rather
/// than X and O.
fn explain(error: &SetupError, own: Side) -> String {
    let who = |side: Side| {
        if side == own {
            "the brain"
        } else {
            "the opponent"
        }
    };
    let text = match error {
        SetupError::OffBoard {
            cell,
            width,
            height,
        } => format!("{} is off the {width}x{height} board", Point::of(*cell)),
        SetupError::TwoStones(cell) => format!("{} holds two stones", Point::of(*cell)),
        SetupError::BadCounts { x, o } => {
            format!("{} has {x} stones and {} {o}", who(Side::X), who(Side::O))
        }
        SetupError::BothWin => "both sides have a winning row".to_string(),
        SetupError::PlayAfterWin(side) => {
            format!("play went on after {} had a winning row", who(*side))
        }
    };
    format!("impossible position: {text}")
}

/// A refused TURN in the protocol's terms.
fn move_refusal(at: Point, error: &MoveError, rule: &Rule) -> String {
    match error {
        MoveError::Occupied(_) => format!("TURN {at}: that cell is already taken"),
        MoveError::OffBoard { .. } => {
            let (w, h) = (rule.width(), rule.height());
            format!("TURN {at} is off the {w}x{h} board")
        }
        MoveError::GameOver => format!("TURN {at}: the game is already over"),
        MoveError::Forbidden { kind, .. } => {
            format!("TURN {at}: forbidden for black under renju ({kind})")
        }
    }
}

/// Why a finished game has no move left, from the brain's point of view.
fn game_over(position: &Position, own: Side) -> String {
    match position.outcome() {
        Some(Outcome::Win { side, .. }) if side == own => "the brain has a winning row".into(),
        Some(Outcome::Win { .. }) => "the opponent has a winning row".into(),
        Some(Outcome::Draw) => "the board is full".into(),
        None => "the game goes on".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `lines` to a fresh brain and returns what it wrote, without MESSAGE lines.
    fn session(brain: &mut BrainState, lines: &[&str]) -> Vec<String> {
        let mut out = Vec::new();
        for line in lines {
            brain.handle(line, &mut out).unwrap();
        }
        String::from_utf8(out)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("MESSAGE"))
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_won_line_for_the_brain_is_completed() {
        let mut brain = BrainState::new();
        let answers = session(
            &mut brain,
            &[
                "INFO timeout_turn 500",
                "START 10",
                "BOARD",
                "0,0,1",
                "1,0,1",
                "2,0,1",
                "3,0,1",
                "0,5,2",
                "2,5,2",
                "4,5,2",
                "6,5,2",
                "DONE",
            ],
        );
        assert_eq!(answers, ["OK", "4,0"]);
        assert!(brain.own_stones().contains(&Point { x: 4, y: 0 }));
    }

    #[test]
    fn in_a_row_plays_tic_tac_toe_through_the_protocol() {
        let mut brain = BrainState::new();
        // Without the key, 3x3 holds no five: the first move says what to send.
        let answers = session(&mut brain, &["START 3", "BEGIN"]);
        assert_eq!(answers[0], "OK");
        assert!(
            answers[1].starts_with("ERROR") && answers[1].contains("INFO in_a_row"),
            "{answers:?}"
        );
        // With it (after START, as the protocol sends INFO), three in a row win: the brain
        // completes its row at the top, and blocks the opponent's when it has none.
        let answers = session(
            &mut brain,
            &[
                "INFO in_a_row 3",
                "BOARD",
                "0,0,1",
                "1,0,1",
                "0,1,2",
                "1,1,2",
                "DONE",
                "BOARD",
                "0,0,2",
                "1,0,2",
                "2,2,1",
                "DONE",
            ],
        );
        assert_eq!(answers, ["2,0", "2,0"]);
        // A K the board cannot hold is refused at the move, and the board stays 3x3.
        let answers = session(&mut brain, &["INFO in_a_row 4", "RESTART", "BEGIN"]);
        assert_eq!(answers[0], "OK");
        assert!(answers[1].contains("cannot hold 4 in a row"), "{answers:?}");
        // Five on 15x15 as ever, and four on 4x4.
        let answers = session(
            &mut brain,
            &[
                "INFO in_a_row 4",
                "START 4",
                "BOARD",
                "0,0,1",
                "0,1,1",
                "0,2,1",
                "3,3,2",
                "3,2,2",
                "3,1,2",
                "DONE",
            ],
        );
        assert_eq!(answers, ["OK", "0,3"]);
    }

    #[test]
    fn board_sides_follow_the_counts() {
        let rule = Rule::new(10, 10, super::super::settings::FIVE, false).unwrap();
        let p = |x, y| Point { x, y };
        let (own, _) = board_stones(&rule, &[(p(0, 0), Field::Opponent)]).unwrap();
        assert_eq!(own, Side::O);
        let (own, stones) =
            board_stones(&rule, &[(p(0, 0), Field::Own), (p(1, 0), Field::Opponent)]).unwrap();
        assert_eq!(own, Side::X);
        assert_eq!(stones[1], (Cell::new(0, 1), Side::O));
        assert!(board_stones(&rule, &[(p(0, 0), Field::Own)]).is_err());
        assert!(board_stones(&rule, &[(p(10, 0), Field::Opponent)]).is_err());
    }
}
