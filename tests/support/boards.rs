//! Named board fixtures for any test, window or not: positions drawn as diagrams, one row a
//! line, read by [`notation`] and [`position`]. A diagram used by several tests lives here
//! once, with a name that says what it shows.
//!
//! Tests reach it as `crate::support::boards`.

use tictactoe::rules::{Position, Rule};

/// The empty 3x3 board.
pub const EMPTY: &str = "
    . . .
    . . .
    . . .
";

/// X in a corner, O in the centre: X to move, a draw with best play.
pub const CORNER_AND_CENTRE: &str = "
    x . .
    . o .
    . . .
";

/// X to move wins at once on the top row; blocking O's middle row instead only draws.
pub const WIN_OR_BLOCK: &str = "
    x x .
    o o .
    . . .
";

/// X in a corner, O beside it on the edge: X to move, and X wins.
pub const CORNER_AND_EDGE: &str = "
    x o .
    . . .
    . . .
";

/// A finished game: X has the top row.
pub const X_WON_TOP_ROW: &str = "
    x x x
    o o .
    . . .
";

/// 15x15 five in a row: X on the centre point, O diagonally beside it above, X to move.
pub const GOMOKU_OPENING: &str = "
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . o . . . . . .
    . . . . . . . x . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
    . . . . . . . . . . . . . . .
";

/// 15x15 with five in a row, as the presets have it.
pub fn gomoku() -> Rule {
    Rule::new(15, 15, 5, false).unwrap()
}

/// A diagram in the text notation the command line reads: rows from the top joined by '/',
/// the spaces between cells and the blank lines around the diagram left out.
pub fn notation(diagram: &str) -> String {
    let rows: Vec<String> = diagram
        .lines()
        .map(|line| line.split_whitespace().collect::<String>())
        .filter(|row| !row.is_empty())
        .collect();
    rows.join("/")
}

/// The position a diagram shows on a board of `rule`; a diagram that is not a position of
/// that board fails the test that uses it.
pub fn position(rule: Rule, diagram: &str) -> Position {
    Position::from_notation(rule, &notation(diagram))
        .unwrap_or_else(|e| panic!("bad fixture for {rule}: {e}"))
}

/// The position a 3x3 diagram shows.
pub fn tic_tac_toe(diagram: &str) -> Position {
    position(Rule::TIC_TAC_TOE, diagram)
}
