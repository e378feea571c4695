//! `tictactoe play`: a game in the terminal. It reads standard input line by line, so a
//! game can be scripted: a move is `row col` (1-based) or, on 3x3, a digit laid out as on a
//! numeric keypad; `undo` takes back your last move and the reply; `quit` or the end of
//! input stops. The opponent is the computer, or an engine from outside (any program that
//! speaks the Gomocup protocol, `--engine`); with `--x-engine` or `--o-engine` an engine
//! takes that side against the computer or the other engine, and the game is watched.

use std::io::{BufRead, Write};
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::wording::{CellText, MovesText};
use super::{BoardArgs, CliError};
use crate::engine::PlayerKind;
use crate::external::{EngineCommand, TimeLimits};
use crate::game::{
    Driver, DriverConfig, Engines, FirstMover, Mode, Player, Session, Settings, Task, TaskRequest,
};
use crate::rules::{Cell, Outcome, Position, Side};

/// Arguments of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// How many plies the computer looks ahead (full depth by default: it cannot be beaten)
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Seconds the computer may think per move
    #[arg(long, value_name = "S", value_parser = super::parse_seconds)]
    pub time: Option<Duration>,
    /// Who moves first (and plays X); with --engine, "computer" is the engine
    #[arg(long, value_enum, default_value_t = First::Human)]
    pub first: First,
    /// Play against this engine (a program that speaks the Gomocup protocol, with its
    /// arguments) instead of the computer
    #[arg(long, value_name = "CMD", value_parser = parse_engine, conflicts_with_all = ["x_engine", "o_engine"])]
    pub engine: Option<EngineCommand>,
    /// This engine plays X, against the computer or --o-engine; you watch
    #[arg(long, value_name = "CMD", value_parser = parse_engine)]
    pub x_engine: Option<EngineCommand>,
    /// This engine plays O, against the computer or --x-engine; you watch
    #[arg(long, value_name = "CMD", value_parser = parse_engine)]
    pub o_engine: Option<EngineCommand>,
    /// Seconds an engine may think per move (it is told, and stopped half a second after)
    #[arg(long, value_name = "S", value_parser = super::parse_seconds)]
    pub engine_turn: Option<Duration>,
    /// Seconds an engine may take to start
    #[arg(long, value_name = "S", value_parser = super::parse_seconds)]
    pub engine_start: Option<Duration>,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    Human,
    Computer,
}

/// What the player typed.
#[derive(Debug, PartialEq, Eq)]
enum Input {
    Move(Cell),
    Undo,
    Quit,
    Help,
}

/// A game in progress: the session (the moves with their undo, as every front end keeps
/// them), the player's side (none when programs play each other), and the move driver that
/// runs the computer player and the engines from outside.
struct TerminalGame {
    session: Session,
    human: Option<Side>,
    driver: Driver,
}

/// An engine's command line, refused when empty.
fn parse_engine(text: &str) -> Result<EngineCommand, String> {
    EngineCommand::parse(text).ok_or_else(|| "the engine's command is empty".to_string())
}

pub fn run(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    let mut game = TerminalGame {
        session: Session::new(settings(args)),
        human: None,
        driver: Driver::new(DriverConfig::default(), || {}),
    };
    game.human = Side::BOTH
        .into_iter()
        .find(|&side| *game.session.player(side) == Player::Human);
    match game.human {
        Some(human) => writeln!(
            output,
            "You play {human}. {}",
            help(game.session.position())
        )?,
        None => writeln!(output, "{}.", game.title())?,
    }
    loop {
        if game.session.is_computer_to_move() {
            let (cell, who) = match game.program_move() {
                Ok(moved) => moved,
                Err(error) => {
                    // The game as it stood when the program failed.
                    write_board(output, game.session.position())?;
                    return Err(error);
                }
            };
            writeln!(output, "{who} plays {}.", CellText(cell))?;
            if game.human.is_none() && game.session.outcome().is_none() {
                continue;
            }
        }
        write_board(output, game.session.position())?;
        if let Some(outcome) = game.session.outcome() {
            writeln!(output, "{}", game.announce(&outcome))?;
            return Ok(());
        }
        if !game.human_turn(input, output)? {
            writeln!(output, "Game abandoned.")?;
            return Ok(());
        }
    }
}

/// The game's settings from the options: who sits where, the computer's strength and the
/// engines' time limits.
fn settings(args: &PlayArgs) -> Settings {
    let defaults = TimeLimits::default();
    let millis = |time: Option<Duration>, default: u64| {
        time.map_or(default, |t| {
            u64::try_from(t.as_millis()).unwrap_or(u64::MAX).max(1)
        })
    };
    let limits = TimeLimits {
        turn_ms: millis(args.engine_turn, defaults.turn_ms),
        start_ms: millis(args.engine_start, defaults.start_ms),
    };
    let (first, human) = match args.first {
        First::Human => (FirstMover::Human, Side::X),
        First::Computer => (FirstMover::Computer, Side::O),
    };
    let watched = args.x_engine.is_some() || args.o_engine.is_some();
    let mut seats = [args.x_engine.clone(), args.o_engine.clone()];
    if let Some(engine) = &args.engine {
        seats[human.other().index()] = Some(engine.clone());
    }
    Settings {
        rule: args.board.rule(),
        mode: if watched {
            Mode::ComputerVsComputer
        } else {
            Mode::HumanVsComputer
        },
        first,
        computer: PlayerKind::Engine {
            depth: args.depth,
            time_ms: args.time.map(|t| t.as_millis().max(1) as u64),
        },
        engines: Engines { seats, limits },
    }
}

impl TerminalGame {
    /// The move of the computer or the engine to move, and who made it.
    fn program_move(&mut self) -> Result<(Cell, String), CliError> {
        let side = self.session.position().side_to_move();
        let (task, failed): (Task, fn(String) -> CliError) = match self.session.player_to_move() {
            Some(Player::Computer(player)) => (Task::Move(player.clone()), CliError::Engine),
            Some(Player::Engine(_)) => match self.session.engine_turn() {
                Some(turn) => (Task::Engine(turn), CliError::EngineFault),
                None => return Err(not_its_turn()),
            },
            Some(Player::Human) | None => return Err(not_its_turn()),
        };
        let answer = self
            .driver
            .request(TaskRequest::new(self.session.position().clone(), task))
            .answer(&mut |_| {})
            .map_err(failed)?;
        let cell = answer
            .best
            .ok_or_else(|| CliError::Engine("the engine found no move".to_string()))?;
        self.session
            .play(cell)
            .map_err(|e| CliError::Engine(format!("the engine's move was refused: {e}")))?;
        Ok((cell, self.name(side)))
    }

    /// Who plays `side`, capitalised to start a sentence: "Computer", "Engine player.py".
    fn name(&self, side: Side) -> String {
        match self.session.player(side) {
            Player::Human => "You".to_string(),
            Player::Computer(_) => "Computer".to_string(),
            Player::Engine(command) => format!("Engine {}", command.name()),
        }
    }

    /// What a watched game is: "Engine a.py (X) against Computer (O)".
    fn title(&self) -> String {
        format!(
            "{} (X) against {} (O)",
            self.name(Side::X),
            self.name(Side::O)
        )
    }

    /// The end of the game, from the person's point of view when one plays.
    fn announce(&self, outcome: &Outcome) -> String {
        match outcome {
            Outcome::Draw => "Draw: the board is full.".to_string(),
            Outcome::Win { side, line } => {
                let who = match self.session.player(*side) {
                    Player::Human => "You win".to_string(),
                    Player::Computer(_) => "The computer wins".to_string(),
                    Player::Engine(command) => format!("The engine {} wins", command.name()),
                };
                format!("{who} ({side}) with {}.", MovesText(line))
            }
        }
    }

    /// Reads lines until the player makes a legal move (true) or quits (false).
    fn human_turn(
        &mut self,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<bool, CliError> {
        loop {
            let side = self.session.position().side_to_move();
            write!(output, "Your move ({side}): ")?;
            output.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(output)?;
                return Ok(false);
            }
            match parse_input(&line, self.session.position()) {
                Ok(Input::Move(cell)) => match self.session.play(cell) {
                    Ok(()) => return Ok(true),
                    Err(refusal) => writeln!(output, "Illegal move: {refusal}. Try again.")?,
                },
                Ok(Input::Undo) => {
                    // Your last move and the computer's reply, as the window's Undo.
                    if self.session.undo() {
                        return Ok(true);
                    }
                    writeln!(output, "Nothing to undo.")?;
                }
                Ok(Input::Quit) => return Ok(false),
                Ok(Input::Help) => writeln!(output, "{}", help(self.session.position()))?,
                Err(message) => writeln!(output, "{message}")?,
            }
        }
    }
}

fn not_its_turn() -> CliError {
    CliError::Engine("it is not a program's turn".to_string())
}

/// Reads one line of player input.
fn parse_input(line: &str, position: &Position) -> Result<Input, String> {
    let text = line.trim().to_ascii_lowercase();
    match text.as_str() {
        "undo" | "u" => return Ok(Input::Undo),
        "quit" | "q" | "exit" => return Ok(Input::Quit),
        "help" | "h" | "?" | "" => return Ok(Input::Help),
        _ => {}
    }
    let numbers: Result<Vec<usize>, _> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect();
    let rule = position.rule();
    match numbers.as_deref() {
        Ok(&[row, col]) if row >= 1 && col >= 1 => Ok(Input::Move(Cell::new(row - 1, col - 1))),
        Ok(&[digit]) if (1..=9).contains(&digit) && rule.width() == 3 && rule.height() == 3 => {
            // Numeric keypad: 7 8 9 on the top row, 1 2 3 on the bottom one.
            Ok(Input::Move(Cell::new(2 - (digit - 1) / 3, (digit - 1) % 3)))
        }
        _ => Err(format!(
            "'{}' is not a move. {}",
            line.trim(),
            help(position)
        )),
    }
}

fn help(position: &Position) -> String {
    let rule = position.rule();
    let mut text = format!(
        "Type a move as 'row column' (1 to {} and 1 to {}), 'undo' or 'quit'.",
        rule.height(),
        rule.width()
    );
    if rule.width() == 3 && rule.height() == 3 {
        text.push_str(" On 3x3 a keypad digit works too: 7 8 9 / 4 5 6 / 1 2 3.");
    }
    text
}

/// The board with row and column numbers.
pub(super) fn write_board(output: &mut dyn Write, position: &Position) -> Result<(), CliError> {
    let width = position.rule().width();
    write!(output, "\n   ")?;
    for col in 1..=width {
        write!(output, "{col:>3}")?;
    }
    writeln!(output)?;
    for (row, cells) in position.board().chunks(width).enumerate() {
        write!(output, "{:>3}", row + 1)?;
        for cell in cells {
            write!(
                output,
                "{:>3}",
                cell.map_or(".".to_string(), |s| s.to_string())
            )?;
        }
        writeln!(output)?;
    }
    writeln!(output)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn reads_moves_commands_and_keypad_digits() {
        let p = Position::new(Rule::TIC_TAC_TOE);
        assert_eq!(parse_input("2 3\n", &p), Ok(Input::Move(Cell::new(1, 2))));
        assert_eq!(parse_input(" 1,1 ", &p), Ok(Input::Move(Cell::new(0, 0))));
        assert_eq!(parse_input("7", &p), Ok(Input::Move(Cell::new(0, 0))));
        assert_eq!(parse_input("3", &p), Ok(Input::Move(Cell::new(2, 2))));
        assert_eq!(parse_input("UNDO", &p), Ok(Input::Undo));
        assert_eq!(parse_input("quit", &p), Ok(Input::Quit));
        assert!(parse_input("0 1", &p).is_err());
        assert!(parse_input("a b", &p).is_err());
        let big = Position::new(Rule::new(5, 5, 4, false).unwrap());
        assert!(parse_input("5", &big).is_err());
    }
}
