//! The text notation of a position: rows from top to bottom joined by `/`, cells `x`, `o`
//! and `.` (case-insensitive), e.g. `x.o/.x./...`. The side to move follows from the counts.

use super::position::Position;
use super::rule::Rule;
use super::setup::SetupError;
use super::types::{Cell, Side};

/// Why a position in text notation was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("unexpected character '{ch}' in row {row}: cells are x, o or '.'")]
    BadCharacter { ch: char, row: usize },
    #[error("the position has {got} rows but the {width}x{height} board has {height}")]
    WrongRowCount {
        got: usize,
        width: usize,
        height: usize,
    },
    #[error("row {row} has {got} cells but the {width}x{height} board has {width} per row")]
    WrongRowLength {
        row: usize,
        got: usize,
        width: usize,
        height: usize,
    },
    #[error(transparent)]
    Impossible(#[from] SetupError),
}

impl Position {
    /// Parses a position of `rule` in text notation, checking that it can arise in play.
    pub fn from_notation(rule: Rule, text: &str) -> Result<Position, PositionError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != rule.height() {
            return Err(PositionError::WrongRowCount {
                got: rows.len(),
                width: rule.width(),
                height: rule.height(),
            });
        }
        let mut stones = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.trim().chars().collect();
            if cells.len() != rule.width() {
                return Err(PositionError::WrongRowLength {
                    row: r + 1,
                    got: cells.len(),
                    width: rule.width(),
                    height: rule.height(),
                });
            }
            for (c, ch) in cells.into_iter().enumerate() {
                let side = match ch.to_ascii_lowercase() {
                    'x' => Some(Side::X),
                    'o' => Some(Side::O),
                    '.' => None,
                    _ => return Err(PositionError::BadCharacter { ch, row: r + 1 }),
                };
                if let Some(side) = side {
                    stones.push((Cell::new(r, c), side));
                }
            }
        }
        Ok(Position::from_stones(rule, &stones)?)
    }

    /// The position in text notation, lower case.
    #[must_use]
    pub fn to_notation(&self) -> String {
        let width = self.rule().width();
        let rows: Vec<String> = self
            .board()
            .chunks(width)
            .map(|row| row.iter().map(|s| s.map_or('.', Side::letter)).collect())
            .collect();
        rows.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::types::Outcome;

    fn parse(text: &str) -> Result<Position, PositionError> {
        Position::from_notation(Rule::TIC_TAC_TOE, text)
    }

    #[test]
    fn round_trip_and_side_to_move() {
        let p = parse("X.o/.x./...").unwrap();
        assert_eq!(p.to_notation(), "x.o/.x./...");
        assert_eq!(p.side_to_move(), Side::O);
        assert_eq!(parse(".../.../...").unwrap().side_to_move(), Side::X);
    }

    #[test]
    fn impossible_positions_are_refused_with_reasons() {
        assert!(matches!(
            parse("xx./.../..."),
            Err(PositionError::Impossible(SetupError::BadCounts {
                x: 2,
                o: 0
            }))
        ));
        assert!(matches!(
            parse("xxx/ooo/..."),
            Err(PositionError::Impossible(SetupError::BothWin))
        ));
        // X completed a line but O moved afterwards.
        assert!(matches!(
            parse("xxx/oo./..o"),
            Err(PositionError::Impossible(SetupError::PlayAfterWin(Side::X)))
        ));
        // Two separate X lines cannot come from one last move.
        assert!(matches!(
            Position::from_notation(Rule::new(3, 5, 3, false).unwrap(), "xxx/ooo/.o./xxx/o.o"),
            Err(PositionError::Impossible(SetupError::BothWin))
        ));
        assert!(matches!(
            parse("x../..."),
            Err(PositionError::WrongRowCount { got: 2, .. })
        ));
        assert!(matches!(
            parse("x.../.../..."),
            Err(PositionError::WrongRowLength { .. })
        ));
        assert!(matches!(
            parse("x?./.../..."),
            Err(PositionError::BadCharacter { ch: '?', .. })
        ));
    }

    #[test]
    fn two_lines_through_one_last_stone_are_a_win() {
        let p = parse("xxx/xoo/xoo").unwrap();
        assert!(matches!(
            p.outcome(),
            Some(Outcome::Win { side: Side::X, .. })
        ));
        let rule = Rule::new(5, 5, 3, false).unwrap();
        let two_lines = Position::from_notation(rule, "xxx../o.o../xxx../o.o../o....");
        assert!(matches!(
            two_lines,
            Err(PositionError::Impossible(SetupError::PlayAfterWin(Side::X)))
        ));
    }
}
