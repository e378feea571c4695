//! `tictactoe play`: a game against the engine in the terminal. It reads standard input line
//! by line, so a game can be scripted: a move is `row col` (1-based) or, on 3x3, a digit laid
//! out as on a numeric keypad; `undo` takes back your last move and the reply; `quit` or the
//! end of input stops.

use std::io::{BufRead, Write};
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::report::{CellText, Line};
use super::{BoardArgs, CliError};
use crate::engine::PlayerKind;
use crate::game::{
    Driver, DriverConfig, FirstMover, Mode, Player, Request, Session, Settings, Task,
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
    /// Who moves first (and plays X)
    #[arg(long, value_enum, default_value_t = First::Human)]
    pub first: First,
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
/// them), the player's side, and the move driver that runs the computer player (with the
/// time policy every front end shares).
struct Game {
    session: Session,
    human: Side,
    driver: Driver,
}

pub fn run(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<(), CliError> {
    let (first, human) = match args.first {
        First::Human => (FirstMover::Human, Side::X),
        First::Computer => (FirstMover::Computer, Side::O),
    };
    let mut game = Game {
        session: Session::new(Settings {
            rule: args.board.rule(),
            mode: Mode::HumanVsComputer,
            first,
            computer: PlayerKind::Engine {
                depth: args.depth,
                time_ms: args.time.map(|t| t.as_millis().max(1) as u64),
            },
        }),
        human,
        driver: Driver::new(DriverConfig::default(), || {}),
    };
    writeln!(
        output,
        "You play {human}. {}",
        help(game.session.position())
    )?;
    loop {
        if game.session.is_computer_to_move() {
            let cell = game.computer_move()?;
            writeln!(output, "Computer plays {}.", CellText(cell))?;
        }
        write_board(output, game.session.position())?;
        if let Some(outcome) = game.session.outcome() {
            writeln!(output, "{}", announce(&outcome, human))?;
            return Ok(());
        }
        if !game.human_turn(input, output)? {
            writeln!(output, "Game abandoned.")?;
            return Ok(());
        }
    }
}

impl Game {
    fn computer_move(&mut self) -> Result<Cell, CliError> {
        let Some(Player::Computer(player)) = self.session.player_to_move().cloned() else {
            return Err(CliError::Engine(
                "it is not the computer's turn".to_string(),
            ));
        };
        let answer = self
            .driver
            .request(Request::new(
                self.session.position().clone(),
                Task::Move(player),
            ))
            .answer(&mut |_| {})
            .map_err(CliError::Engine)?;
        let cell = answer
            .best
            .ok_or_else(|| CliError::Engine("the engine found no move".to_string()))?;
        self.session
            .play(cell)
            .map_err(|e| CliError::Engine(format!("the engine's move was refused: {e}")))?;
        Ok(cell)
    }

    /// Reads lines until the player makes a legal move (true) or quits (false).
    fn human_turn(
        &mut self,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<bool, CliError> {
        loop {
            write!(output, "Your move ({}): ", self.human)?;
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

fn announce(outcome: &Outcome, human: Side) -> String {
    match outcome {
        Outcome::Draw => "Draw: the board is full.".to_string(),
        Outcome::Win { side, line } => {
            let who = if *side == human {
                "You win"
            } else {
                "The computer wins"
            };
            format!("{who} ({side}) with {}.", Line(line))
        }
    }
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
