//! The words of the status line and the panel: whose turn it is and who that is, the
//! result, the score, what a difficulty means. Plain functions of the session, so they are
//! easy to test and the drawing code stays short.

use crate::engine::{PlayerKind, Value};
use crate::game::{FirstMover, Mode, Player, Session, Settings};
use crate::rules::{Cell, Outcome, Rule, Side};

use crate::game::SOLVABLE_CELLS;

use super::computer::{Method, Purpose, SearchReport};

/// Who plays `side`, for the status line: "you", "computer (depth 5)", "player 1".
#[must_use]
pub fn who(session: &Session, side: Side) -> String {
    match (session.player(side), session.settings().mode) {
        (Player::Human, Mode::Hotseat) => match side {
            Side::X => "player 1".to_string(),
            Side::O => "player 2".to_string(),
        },
        (Player::Human, _) => "you".to_string(),
        (Player::Computer(kind), _) => {
            format!(
                "computer ({})",
                kind_summary(kind, &session.settings().rule)
            )
        }
    }
}

/// A short description of a computer player: "depth 5", "perfect", "depth 4, 2 s",
/// "rule-based", "random".
#[must_use]
pub fn kind_summary(kind: &PlayerKind, rule: &Rule) -> String {
    match kind {
        PlayerKind::Engine { depth, time_ms } => {
            let depth = match depth {
                Some(d) if (*d as usize) < rule.cells() => format!("depth {d}"),
                _ if rule.cells() <= SOLVABLE_CELLS && time_ms.is_none() => "perfect".to_string(),
                _ => "full depth".to_string(),
            };
            match time_ms {
                Some(ms) => format!("{depth}, {} per move", seconds(*ms)),
                None => depth,
            }
        }
        PlayerKind::RuleBased => "rule-based".to_string(),
        PlayerKind::Random => "random".to_string(),
    }
}

/// "2 s", "0.5 s".
#[must_use]
pub fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", ms as f64 / 1000.0)
    }
}

/// The turn line while the game goes on: "X - you", "O - computer (depth 5)".
#[must_use]
pub fn turn(session: &Session) -> String {
    let side = session.position().side_to_move();
    format!("{side} - {}", who(session, side))
}

/// Who plays whom: "X - you vs O - computer (depth 5)".
#[must_use]
pub fn players(session: &Session) -> String {
    format!(
        "X - {} vs O - {}",
        who(session, Side::X),
        who(session, Side::O)
    )
}

/// The result line once the game is over: "X wins - You win", "O wins - Computer wins",
/// "Draw".
#[must_use]
pub fn result(session: &Session, outcome: &Outcome) -> String {
    let Some(winner) = outcome.winner() else {
        return "Draw".to_string();
    };
    match (session.settings().mode, session.player(winner)) {
        (Mode::HumanVsComputer, Player::Human) => format!("{winner} wins - You win"),
        (Mode::HumanVsComputer, Player::Computer(_)) => format!("{winner} wins - Computer wins"),
        (Mode::Hotseat, _) => format!("{winner} wins - {} wins", capitalise(&who(session, winner))),
        (Mode::ComputerVsComputer, _) => format!("{winner} wins"),
    }
}

/// The score of the current mode on the current board, saying which they are: "Score: you
/// 1, computer 2, draws 0 (3x3, against the computer)", or by side otherwise: "Score: X 1,
/// O 0, draws 0 (5x5, 4 in a row, two players)".
#[must_use]
pub fn score(session: &Session) -> String {
    let t = session.tally();
    let settings = session.settings();
    let board = board_name(&settings.rule);
    match settings.mode {
        Mode::HumanVsComputer => format!(
            "Score: you {}, computer {}, draws {} ({board}, against the computer)",
            t.wins, t.losses, t.draws
        ),
        Mode::Hotseat => format!(
            "Score: X {}, O {}, draws {} ({board}, two players)",
            t.wins, t.losses, t.draws
        ),
        Mode::ComputerVsComputer => format!(
            "Score: X {}, O {}, draws {} ({board}, computer vs computer)",
            t.wins, t.losses, t.draws
        ),
    }
}

/// A board in a few words: "3x3" for classic tic-tac-toe, otherwise with its K: "5x5, 4 in
/// a row", "7x6, exactly 4 in a row".
#[must_use]
pub fn board_name(rule: &Rule) -> String {
    format!("{}{}", board_size(rule), k_words(rule))
}

/// "5x5".
fn board_size(rule: &Rule) -> String {
    format!("{}x{}", rule.width(), rule.height())
}

/// ", 4 in a row", ", exactly 4 in a row", or nothing on the classic board, where three in
/// a row goes without saying.
fn k_words(rule: &Rule) -> String {
    if *rule == Rule::TIC_TAC_TOE {
        return String::new();
    }
    let exactly = if rule.exact() { "exactly " } else { "" };
    format!(", {exactly}{} in a row", rule.k())
}

/// What the window says when a change of settings set the game in progress aside for a new
/// one: what is new, and that Undo brings the old game back.
#[must_use]
pub fn new_game_note(before: &Settings, after: &Settings) -> String {
    let what = if after.rule != before.rule {
        let rule = &after.rule;
        format!(
            "New game on the {} board{}.",
            board_size(rule),
            k_words(rule)
        )
    } else {
        match (after.mode, after.first) {
            (Mode::Hotseat, _) => "New game for two players.".to_string(),
            (Mode::ComputerVsComputer, _) => "New game, computer against computer.".to_string(),
            (Mode::HumanVsComputer, FirstMover::Human) => {
                "New game against the computer, you move first.".to_string()
            }
            (Mode::HumanVsComputer, FirstMover::Computer) => {
                "New game against the computer, the computer moves first.".to_string()
            }
        }
    };
    format!("{what} Undo brings back the game you were playing.")
}

/// What a search depth means on this board, for the line under the difficulty slider.
#[must_use]
pub fn depth_meaning(depth: Option<u32>, time_ms: Option<u64>, rule: &Rule) -> String {
    let cells = rule.cells();
    let full = depth.is_none_or(|d| d as usize >= cells);
    if full && cells <= SOLVABLE_CELLS && time_ms.is_none() {
        return "Searches every move to the end of the game: plays perfectly, cannot lose."
            .to_string();
    }
    let horizon = match depth {
        Some(d) if !full => match d {
            1 => "Looks 1 move ahead (its own move only).".to_string(),
            d => format!("Looks {d} moves ahead (both sides' moves)."),
        },
        _ => "Searches as deep as time allows.".to_string(),
    };
    match time_ms {
        Some(ms) => format!("{horizon} Stops after {} per move.", seconds(ms)),
        None if cells > SOLVABLE_CELLS && full => {
            format!("{horizon} This board is too large to search to the end.")
        }
        None => horizon,
    }
}

/// A game-theoretic value for a person: "X wins in 3 plies", "draw with best play".
/// `side` is the side to move in the searched position (the value's point of view).
#[must_use]
pub fn value_words(value: Value, side: Side) -> String {
    let plies = |n: u32| {
        if n == 1 {
            "1 ply".to_string()
        } else {
            format!("{n} plies")
        }
    };
    match value {
        Value::Win { plies: n } => format!("{side} wins in {}", plies(n)),
        Value::Loss { plies: n } => format!("{} wins in {}", side.other(), plies(n)),
        Value::Draw => "draw with best play".to_string(),
        Value::Unknown => "not proved within the search limits".to_string(),
    }
}

/// A move's value in a few words, for the board: "win in 3", "draw", "loss in 4" (plies,
/// the move itself included, with best play by both sides).
#[must_use]
pub fn move_value_words(value: Value) -> String {
    match value {
        Value::Win { plies } => format!("win in {plies}"),
        Value::Loss { plies } => format!("loss in {plies}"),
        Value::Draw => "draw".to_string(),
        Value::Unknown => "unknown".to_string(),
    }
}

/// A short, 1-based cell name for move lists: "2,3" is row 2, column 3.
#[must_use]
pub fn cell_short(cell: Cell) -> String {
    format!("{},{}", cell.row + 1, cell.col + 1)
}

/// A principal variation's moves, each as "X 2,2", starting with `side`.
#[must_use]
pub fn pv_moves(pv: &[Cell], side: Side) -> Vec<String> {
    let mut mover = side;
    let mut moves = Vec::with_capacity(pv.len());
    for &cell in pv {
        moves.push(format!("{mover} {}", cell_short(cell)));
        mover = mover.other();
    }
    moves
}

/// The most moves of the expected line shown while the computer thinks.
const THINKING_LINE_MOVES: usize = 8;

/// While the computer searches for its move: the depth reached and the line it expects,
/// "Depth 7, expects H8 I9 J10", with the board's coordinates when it shows them (`stones`)
/// and "2,2" otherwise. `None` before the first iteration has finished, or when the report
/// is not of a move search.
#[must_use]
pub fn thinking_line(report: &SearchReport, stones: bool) -> Option<String> {
    let Method::Search { pv, stats, .. } = &report.method else {
        return None;
    };
    if report.purpose != Purpose::Move {
        return None;
    }
    let name = |&cell: &Cell| {
        if stones {
            super::goban::point_name(cell)
        } else {
            cell_short(cell)
        }
    };
    let mut line: Vec<String> = pv.iter().take(THINKING_LINE_MOVES).map(name).collect();
    if pv.len() > THINKING_LINE_MOVES {
        line.push("…".to_string());
    }
    Some(if line.is_empty() {
        crate::t!("goban-thinking-depth", depth = stats.depth)
    } else {
        crate::t!("goban-thinking", depth = stats.depth, line = line.join(" "))
    })
}

/// "The game is already over" from "the game is already over": error messages start in
/// lower case, a status line does not.
#[must_use]
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_the_players() {
        let mut settings = Settings {
            computer: PlayerKind::Engine {
                depth: Some(5),
                time_ms: None,
            },
            ..Settings::default()
        };
        let session = Session::new(settings.clone());
        assert_eq!(turn(&session), "X - you");
        assert_eq!(who(&session, Side::O), "computer (depth 5)");
        settings.first = FirstMover::Computer;
        settings.computer = PlayerKind::Engine {
            depth: None,
            time_ms: None,
        };
        let session = Session::new(settings);
        assert_eq!(turn(&session), "X - computer (perfect)");
    }

    #[test]
    fn explains_depths_honestly() {
        let small = Rule::TIC_TAC_TOE;
        assert!(depth_meaning(None, None, &small).contains("cannot lose"));
        assert!(depth_meaning(Some(9), None, &small).contains("cannot lose"));
        assert_eq!(
            depth_meaning(Some(4), None, &small),
            "Looks 4 moves ahead (both sides' moves)."
        );
        let gomoku = Rule::new(15, 15, 5, false).unwrap();
        assert!(!depth_meaning(None, Some(2000), &gomoku).contains("cannot lose"));
        assert!(depth_meaning(None, Some(2000), &gomoku).contains("2 s per move"));
    }

    #[test]
    fn words_for_values_and_lines() {
        assert_eq!(
            value_words(Value::Win { plies: 3 }, Side::X),
            "X wins in 3 plies"
        );
        assert_eq!(
            value_words(Value::Loss { plies: 2 }, Side::X),
            "O wins in 2 plies"
        );
        assert_eq!(
            pv_moves(&[Cell::new(1, 1), Cell::new(0, 0)], Side::X),
            ["X 2,2", "O 1,1"]
        );
        assert_eq!(capitalise("the game is over"), "The game is over");
        assert_eq!(seconds(2000), "2 s");
        assert_eq!(seconds(500), "0.5 s");
    }

    #[test]
    fn names_boards_and_new_games() {
        assert_eq!(board_name(&Rule::TIC_TAC_TOE), "3x3");
        assert_eq!(
            board_name(&Rule::new(5, 5, 4, false).unwrap()),
            "5x5, 4 in a row"
        );
        assert_eq!(
            board_name(&Rule::new(7, 6, 4, true).unwrap()),
            "7x6, exactly 4 in a row"
        );
        let classic = Settings::default();
        let five = Settings {
            rule: Rule::new(5, 5, 4, false).unwrap(),
            ..Settings::default()
        };
        assert_eq!(
            new_game_note(&classic, &five),
            "New game on the 5x5 board, 4 in a row. Undo brings back the game you were playing."
        );
        assert_eq!(
            new_game_note(&five, &classic),
            "New game on the 3x3 board. Undo brings back the game you were playing."
        );
        let computer_first = Settings {
            first: FirstMover::Computer,
            ..Settings::default()
        };
        assert!(
            new_game_note(&classic, &computer_first)
                .starts_with("New game against the computer, the computer moves first.")
        );
        let hotseat = Settings {
            mode: Mode::Hotseat,
            ..Settings::default()
        };
        assert!(new_game_note(&classic, &hotseat).starts_with("New game for two players."));
    }
}
