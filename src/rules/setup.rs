//! Building a position from stones placed in any order, as a saved diagram, the text
//! notation or the Gomocup protocol's BOARD command gives them. Every such position is
//! checked: it must be one that can arise in play.

use super::position::Position;
use super::rule::Rule;
use super::types::{Cell, Side};

/// Why a set of stones is not a position that can arise in play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{cell} is off the {width}x{height} board")]
    OffBoard {
        cell: Cell,
        width: usize,
        height: usize,
    },
    #[error("{0} holds two stones")]
    TwoStones(Cell),
    #[error("X has {x} stones and O has {o}: X moves first, so X has as many as O or one more")]
    BadCounts { x: usize, o: usize },
    #[error("both X and O have a line: a game stops at the first one")]
    BothWin,
    #[error("play went on after {0} had already won")]
    PlayAfterWin(Side),
}

impl Position {
    /// The position with these stones on the board of `rule`, checked: every cell on the
    /// board and used once, X with as many stones as O or one more, and at most one side
    /// with a line, made by its last stone. The side to move follows from the counts.
    pub fn from_stones(rule: Rule, stones: &[(Cell, Side)]) -> Result<Position, SetupError> {
        let mut position = Position::new(rule);
        let mut indices = Vec::with_capacity(stones.len());
        for &(cell, side) in stones {
            let index = position
                .geometry()
                .index(cell)
                .ok_or(SetupError::OffBoard {
                    cell,
                    width: rule.width(),
                    height: rule.height(),
                })?;
            if position.at(index).is_some() {
                return Err(SetupError::TwoStones(cell));
            }
            position.place(index, side);
            indices.push((index, side));
        }
        let count = |side| stones.iter().filter(|(_, s)| *s == side).count();
        let (x, o) = (count(Side::X), count(Side::O));
        if x != o && x != o + 1 {
            return Err(SetupError::BadCounts { x, o });
        }
        let to_move = if x == o { Side::X } else { Side::O };
        let winner = match (position.has_any_win(Side::X), position.has_any_win(Side::O)) {
            (false, false) => {
                position.set_state(to_move, None);
                return Ok(position);
            }
            (true, true) => return Err(SetupError::BothWin),
            (true, false) => Side::X,
            (false, true) => Side::O,
        };
        if winner == to_move {
            return Err(SetupError::PlayAfterWin(winner));
        }
        // The winner's last stone must be one whose removal leaves no win at all.
        let last = indices
            .iter()
            .filter(|(_, s)| *s == winner)
            .map(|&(i, _)| i)
            .find(|&i| {
                position.remove(i, winner);
                let still = position.has_any_win(winner);
                position.place(i, winner);
                !still
            })
            .ok_or(SetupError::PlayAfterWin(winner))?;
        let win = position.win_through(last, winner);
        position.set_state(to_move, win);
        Ok(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stones(list: &[(usize, usize, Side)]) -> Vec<(Cell, Side)> {
        list.iter().map(|&(r, c, s)| (Cell::new(r, c), s)).collect()
    }

    #[test]
    fn builds_positions_and_refuses_impossible_ones_with_reasons() {
        let rule = Rule::TIC_TAC_TOE;
        let p = Position::from_stones(rule, &stones(&[(1, 1, Side::X), (0, 0, Side::O)])).unwrap();
        assert_eq!(p.side_to_move(), Side::X);
        assert_eq!(p.stones(), 2);
        let off = Position::from_stones(rule, &stones(&[(3, 0, Side::X)])).unwrap_err();
        assert_eq!(off.to_string(), "row 4, column 1 is off the 3x3 board");
        let twice = stones(&[(0, 0, Side::X), (0, 0, Side::O)]);
        assert_eq!(
            Position::from_stones(rule, &twice),
            Err(SetupError::TwoStones(Cell::new(0, 0)))
        );
        let many = stones(&[(0, 0, Side::X), (0, 1, Side::X)]);
        assert_eq!(
            Position::from_stones(rule, &many),
            Err(SetupError::BadCounts { x: 2, o: 0 })
        );
    }

    #[test]
    fn a_won_position_keeps_its_winning_line() {
        let won = stones(&[
            (0, 0, Side::X),
            (1, 0, Side::O),
            (0, 1, Side::X),
            (1, 1, Side::O),
            (0, 2, Side::X),
        ]);
        let p = Position::from_stones(Rule::TIC_TAC_TOE, &won).unwrap();
        assert_eq!(p.winner(), Some(Side::X));
        assert!(p.is_over());
    }
}
