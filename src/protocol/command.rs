//! The Gomocup protocol's commands as typed values: one line of text in, one [`BrainCommand`] (or,
//! between BOARD and DONE, one [`BoardLine`]) out, or a [`ParseError`] saying what is wrong
//! with the line. No game state here: the brain decides what a well-formed command means for
//! the game in progress.
//!
//! Keywords are matched without regard to case; the manager ends lines with CR LF, and
//! numbers may have spaces around them.

pub use crate::external::Point;

/// One command from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BrainCommand {
    /// `START size`: a new empty square board.
    Start(usize),
    /// `RECTSTART width,height`: a new empty rectangular board.
    RectStart { width: usize, height: usize },
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the brain opens the game on the empty board.
    Begin,
    /// `TURN x,y`: the opponent's move; the brain answers with its own.
    Turn(Point),
    /// `BOARD`: a whole position follows, one [`BoardLine`] a line, up to `DONE`.
    Board,
    /// `SWAP2BOARD`: the stones of a swap2 opening so far follow, one [`Swap2Line`] a line,
    /// up to `DONE` (see [`super::swap2`]).
    Swap2Board,
    /// `TAKEBACK x,y`: remove the stone on that cell.
    Takeback(Point),
    /// `INFO key value`: a setting of the match.
    Info(Info),
    /// `ABOUT`: the brain's name and version.
    About,
    /// `END`: the brain exits.
    End,
    /// A command this brain does not carry out (the optional PLAY, or any word the
    /// protocol does not have), answered UNKNOWN; the text is the keyword.
    Unknown(String),
}

/// An `INFO` setting. Times are in milliseconds, memory in bytes, as the manager sends them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// Time for each move; 0 means as fast as possible.
    TimeoutTurn(u64),
    /// Time for the whole match; 0 means no limit.
    TimeoutMatch(u64),
    /// Time left in the match; negative once it has run out.
    TimeLeft(i64),
    /// Memory limit; 0 means no limit.
    MaxMemory(u64),
    /// The rule's bit flags: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    Rule(u32),
    /// How many search threads the brain may use (`thread_num`, an extension Piskvork and
    /// Yixin send); 0 means the brain's own choice.
    ThreadNum(u32),
    /// How many in a row win (`in_a_row`, this program's extension for boards other than
    /// gomoku's: 3 on tic-tac-toe's 3x3); five when it is not sent. Brains that do not
    /// know the key ignore it, as the protocol asks of unknown keys.
    InARow(usize),
    /// A key the brain has no use for (game_type, evaluate, folder, or one the protocol may
    /// add later): the protocol asks the brain to ignore it.
    Ignored(String),
}

/// A line between BOARD and DONE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardLine {
    /// `x,y,field`.
    Stone { at: Point, field: Field },
    /// `DONE`: the position is complete, and the brain answers with its move.
    Done,
}

/// A line between SWAP2BOARD and DONE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap2Line {
    /// `x,y` as the Gomocup extension writes a stone, or `x,y,field` as in BOARD (Rapfi
    /// reads both); the stones come in the order played, black first.
    Stone { at: Point, field: Option<Field> },
    /// `DONE`: the stones are complete, and the brain answers.
    Done,
}

/// Whose stone a BOARD line places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// 1: the brain's own stone.
    Own,
    /// 2: the opponent's stone.
    Opponent,
    /// 3: a stone of a continuous game that is part of a finished line (or forbidden under
    /// renju), which belongs to neither side any more.
    Continuous,
}

/// What is wrong with a line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("{command} needs {expected}")]
    Missing {
        command: &'static str,
        expected: &'static str,
    },
    #[error("{command} takes {expected}, got '{text}'")]
    Malformed {
        command: &'static str,
        expected: &'static str,
        text: String,
    },
    #[error("INFO {key} takes {expected}, got '{text}'")]
    BadInfo {
        key: &'static str,
        expected: &'static str,
        text: String,
    },
    #[error("a BOARD line is X,Y,FIELD with FIELD 1 (own), 2 (opponent's) or 3, got '{0}'")]
    BadBoardLine(String),
    #[error("a SWAP2BOARD line is a stone X,Y (or X,Y,FIELD with FIELD 1 or 2), got '{0}'")]
    BadSwap2Line(String),
}

impl ParseError {
    /// Whether the line was an INFO command, whose problems the protocol has the brain
    /// report later, at the next move command.
    #[must_use]
    pub fn is_info(&self) -> bool {
        matches!(
            self,
            ParseError::BadInfo { .. }
                | ParseError::Missing {
                    command: "INFO",
                    ..
                }
        )
    }
}

/// Parses one command line. An empty line is `None`: the protocol lets the manager send
/// them, and there is nothing to answer.
pub fn parse_command(line: &str) -> Option<Result<BrainCommand, ParseError>> {
    let line = line.trim();
    if line.is_empty() {
        return None;
    }
    let (keyword, rest) = line
        .split_once(char::is_whitespace)
        .map_or((line, ""), |(k, r)| (k, r.trim()));
    let command = match keyword.to_ascii_uppercase().as_str() {
        "START" => size("START", rest).map(BrainCommand::Start),
        "RECTSTART" => pair(
            "RECTSTART",
            "the width and height, as in RECTSTART 30,20",
            rest,
        )
        .map(|(width, height)| BrainCommand::RectStart { width, height }),
        "RESTART" => bare("RESTART", BrainCommand::Restart, rest),
        "BEGIN" => bare("BEGIN", BrainCommand::Begin, rest),
        "TURN" => point("TURN", rest).map(BrainCommand::Turn),
        "BOARD" => bare("BOARD", BrainCommand::Board, rest),
        "SWAP2BOARD" => bare("SWAP2BOARD", BrainCommand::Swap2Board, rest),
        "TAKEBACK" => point("TAKEBACK", rest).map(BrainCommand::Takeback),
        "INFO" => info(rest).map(BrainCommand::Info),
        "ABOUT" => bare("ABOUT", BrainCommand::About, rest),
        // The protocol asks the brain to end as soon as possible: whatever follows is moot.
        "END" => Ok(BrainCommand::End),
        _ => Ok(BrainCommand::Unknown(keyword.to_string())),
    };
    Some(command)
}

/// Parses one line between BOARD and DONE.
pub fn parse_board_line(line: &str) -> Result<BoardLine, ParseError> {
    let text = line.trim();
    if text.eq_ignore_ascii_case("DONE") {
        return Ok(BoardLine::Done);
    }
    let bad = || ParseError::BadBoardLine(text.to_string());
    let numbers = numbers(text).ok_or_else(bad)?;
    let [x, y, field] = numbers.as_slice() else {
        return Err(bad());
    };
    let field = match field {
        1 => Field::Own,
        2 => Field::Opponent,
        3 => Field::Continuous,
        _ => return Err(bad()),
    };
    Ok(BoardLine::Stone {
        at: Point { x: *x, y: *y },
        field,
    })
}

/// Parses one line between SWAP2BOARD and DONE.
pub fn parse_swap2_line(line: &str) -> Result<Swap2Line, ParseError> {
    let text = line.trim();
    if text.eq_ignore_ascii_case("DONE") {
        return Ok(Swap2Line::Done);
    }
    let bad = || ParseError::BadSwap2Line(text.to_string());
    let numbers = numbers(text).ok_or_else(bad)?;
    let (x, y, field) = match *numbers.as_slice() {
        [x, y] => (x, y, None),
        [x, y, 1] => (x, y, Some(Field::Own)),
        [x, y, 2] => (x, y, Some(Field::Opponent)),
        _ => return Err(bad()),
    };
    Ok(Swap2Line::Stone {
        at: Point { x, y },
        field,
    })
}

/// Comma-separated whole numbers from 0, or `None` if any part is not one.
fn numbers(text: &str) -> Option<Vec<usize>> {
    text.split(',').map(|n| n.trim().parse().ok()).collect()
}

fn bare(
    command: &'static str,
    parsed: BrainCommand,
    rest: &str,
) -> Result<BrainCommand, ParseError> {
    if rest.is_empty() {
        Ok(parsed)
    } else {
        Err(ParseError::Malformed {
            command,
            expected: "nothing after it",
            text: rest.to_string(),
        })
    }
}

fn size(command: &'static str, rest: &str) -> Result<usize, ParseError> {
    const EXPECTED: &str = "the board size, as in START 20";
    if rest.is_empty() {
        return Err(ParseError::Missing {
            command,
            expected: EXPECTED,
        });
    }
    rest.parse().map_err(|_| ParseError::Malformed {
        command,
        expected: EXPECTED,
        text: rest.to_string(),
    })
}

fn pair(
    command: &'static str,
    expected: &'static str,
    rest: &str,
) -> Result<(usize, usize), ParseError> {
    if rest.is_empty() {
        return Err(ParseError::Missing { command, expected });
    }
    match numbers(rest).as_deref() {
        Some(&[a, b]) => Ok((a, b)),
        _ => Err(ParseError::Malformed {
            command,
            expected,
            text: rest.to_string(),
        }),
    }
}

fn point(command: &'static str, rest: &str) -> Result<Point, ParseError> {
    let expected = "a cell X,Y (two whole numbers from 0, as in 7,7)";
    pair(command, expected, rest).map(|(x, y)| Point { x, y })
}

fn info(rest: &str) -> Result<Info, ParseError> {
    let (key, value) = rest
        .split_once(char::is_whitespace)
        .map_or((rest, ""), |(k, v)| (k, v.trim()));
    if key.is_empty() {
        return Err(ParseError::Missing {
            command: "INFO",
            expected: "a key and a value, as in INFO timeout_turn 1000",
        });
    }
    let number = |key: &'static str, expected: &'static str| ParseError::BadInfo {
        key,
        expected,
        text: value.to_string(),
    };
    const MS: &str = "a whole number of milliseconds";
    match key.to_ascii_lowercase().as_str() {
        "timeout_turn" => value
            .parse()
            .map(Info::TimeoutTurn)
            .map_err(|_| number("timeout_turn", MS)),
        "timeout_match" => value
            .parse()
            .map(Info::TimeoutMatch)
            .map_err(|_| number("timeout_match", MS)),
        "time_left" => value
            .parse()
            .map(Info::TimeLeft)
            .map_err(|_| number("time_left", MS)),
        "max_memory" => value
            .parse()
            .map(Info::MaxMemory)
            .map_err(|_| number("max_memory", "a whole number of bytes")),
        "rule" => value
            .parse()
            .map(Info::Rule)
            .map_err(|_| number("rule", "a whole number of bit flags")),
        "thread_num" => value
            .parse()
            .map(Info::ThreadNum)
            .map_err(|_| number("thread_num", "a whole number of threads")),
        "in_a_row" => value
            .parse()
            .map(Info::InARow)
            .map_err(|_| number("in_a_row", "how many in a row win, as in INFO in_a_row 3")),
        _ => Ok(Info::Ignored(key.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Cell;

    fn parse(line: &str) -> Result<BrainCommand, ParseError> {
        parse_command(line).expect("not an empty line")
    }

    #[test]
    fn reads_every_command_in_any_case_with_crlf_endings() {
        assert_eq!(parse("START 20\r\n"), Ok(BrainCommand::Start(20)));
        assert_eq!(
            parse("rectstart 30, 20"),
            Ok(BrainCommand::RectStart {
                width: 30,
                height: 20
            })
        );
        assert_eq!(parse("RESTART"), Ok(BrainCommand::Restart));
        assert_eq!(parse("Begin\r"), Ok(BrainCommand::Begin));
        assert_eq!(
            parse("TURN 10,11"),
            Ok(BrainCommand::Turn(Point { x: 10, y: 11 }))
        );
        assert_eq!(parse("BOARD"), Ok(BrainCommand::Board));
        assert_eq!(
            parse("TAKEBACK 0,19"),
            Ok(BrainCommand::Takeback(Point { x: 0, y: 19 }))
        );
        assert_eq!(parse("ABOUT"), Ok(BrainCommand::About));
        assert_eq!(parse("END"), Ok(BrainCommand::End));
        assert_eq!(parse_command("  \r\n"), None);
    }

    #[test]
    fn reads_info_keys_and_ignores_the_ones_it_does_not_use() {
        let info = |line| match parse(line) {
            Ok(BrainCommand::Info(info)) => Ok(info),
            other => Err(other),
        };
        assert_eq!(info("INFO timeout_turn 1000"), Ok(Info::TimeoutTurn(1000)));
        assert_eq!(info("INFO timeout_match 0"), Ok(Info::TimeoutMatch(0)));
        assert_eq!(info("INFO thread_num 1"), Ok(Info::ThreadNum(1)));
        assert!(info("INFO thread_num -1").is_err());
        assert_eq!(info("INFO time_left -250"), Ok(Info::TimeLeft(-250)));
        assert_eq!(
            info("INFO max_memory 83886080"),
            Ok(Info::MaxMemory(83_886_080))
        );
        assert_eq!(info("INFO rule 1"), Ok(Info::Rule(1)));
        assert_eq!(info("INFO in_a_row 3"), Ok(Info::InARow(3)));
        assert!(info("INFO in_a_row three").is_err());
        assert_eq!(
            info("INFO folder C:\\some path\\x"),
            Ok(Info::Ignored("folder".into()))
        );
        assert_eq!(
            info("INFO evaluate 3,4"),
            Ok(Info::Ignored("evaluate".into()))
        );
        assert_eq!(
            info("INFO game_type 1"),
            Ok(Info::Ignored("game_type".into()))
        );
        assert_eq!(info("INFO colour blue"), Ok(Info::Ignored("colour".into())));
    }

    #[test]
    fn malformed_numbers_are_errors_with_reasons() {
        for line in [
            "START",
            "START abc",
            "START -5",
            "START 20 20",
            "START 99999999999999999999999",
            "RECTSTART 20",
            "RECTSTART a,b",
            "TURN",
            "TURN 3",
            "TURN -1,2",
            "TURN 1,2,3",
            "TURN 1.5,2",
            "TAKEBACK x,y",
            "BEGIN now",
            "INFO",
            "INFO timeout_turn",
            "INFO timeout_turn fast",
            "INFO time_left 1e3",
            "INFO max_memory -1",
            "INFO rule renju",
        ] {
            let error = parse(line).expect_err(line);
            let text = error.to_string();
            assert!(!text.is_empty() && !text.contains('\n'), "{line}: {text}");
        }
        assert_eq!(
            parse("TURN 3").unwrap_err().to_string(),
            "TURN takes a cell X,Y (two whole numbers from 0, as in 7,7), got '3'"
        );
        assert!(parse("INFO timeout_turn fast").unwrap_err().is_info());
        assert!(!parse("TURN 3").unwrap_err().is_info());
        assert_eq!(
            parse("INFO timeout_turn fast").unwrap_err().to_string(),
            "INFO timeout_turn takes a whole number of milliseconds, got 'fast'"
        );
    }

    #[test]
    fn unknown_and_optional_commands_are_unknown() {
        assert_eq!(parse("swap2board\r\n"), Ok(BrainCommand::Swap2Board));
        assert!(parse("SWAP2BOARD 7,7").is_err());
        assert_eq!(parse("PLAY 1,1"), Ok(BrainCommand::Unknown("PLAY".into())));
        assert_eq!(
            parse("hello world"),
            Ok(BrainCommand::Unknown("hello".into()))
        );
        assert_eq!(parse("7,7"), Ok(BrainCommand::Unknown("7,7".into())));
    }

    #[test]
    fn reads_board_lines() {
        assert_eq!(
            parse_board_line("10,11,1\r\n"),
            Ok(BoardLine::Stone {
                at: Point { x: 10, y: 11 },
                field: Field::Own
            })
        );
        assert_eq!(
            parse_board_line(" 0, 0, 2"),
            Ok(BoardLine::Stone {
                at: Point { x: 0, y: 0 },
                field: Field::Opponent
            })
        );
        assert!(matches!(
            parse_board_line("3,3,3"),
            Ok(BoardLine::Stone {
                field: Field::Continuous,
                ..
            })
        ));
        assert_eq!(parse_board_line("done"), Ok(BoardLine::Done));
        for bad in ["1,2", "1,2,4", "1,2,0", "a,b,1", "1,2,1,1", "", "TURN 1,1"] {
            assert_eq!(
                parse_board_line(bad),
                Err(ParseError::BadBoardLine(bad.trim().to_string()))
            );
        }
    }

    #[test]
    fn reads_swap2_lines_with_or_without_a_field() {
        let stone = |x, y, field| {
            Ok(Swap2Line::Stone {
                at: Point { x, y },
                field,
            })
        };
        assert_eq!(parse_swap2_line("7,7\r\n"), stone(7, 7, None));
        assert_eq!(parse_swap2_line(" 8 , 6 "), stone(8, 6, None));
        assert_eq!(
            parse_swap2_line("8,6,2"),
            stone(8, 6, Some(Field::Opponent))
        );
        assert_eq!(parse_swap2_line("9,9,1"), stone(9, 9, Some(Field::Own)));
        assert_eq!(parse_swap2_line("Done"), Ok(Swap2Line::Done));
        for bad in ["7", "7,7,3", "7,7,0", "a,b", "1,2,1,1", "", "SWAP", "-1,2"] {
            assert_eq!(
                parse_swap2_line(bad),
                Err(ParseError::BadSwap2Line(bad.trim().to_string()))
            );
        }
    }

    #[test]
    fn points_are_column_then_row() {
        let p = Point { x: 3, y: 1 };
        assert_eq!(p.cell(), Cell::new(1, 3));
        assert_eq!(Point::of(Cell::new(1, 3)), p);
        assert_eq!(p.to_string(), "3,1");
    }
}
