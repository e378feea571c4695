//! Black's forbidden cells under renju, for the board on the screen: every empty cell where a
//! black stone would be refused, with the reason, while black is to move. Worked out once
//! for a position (kept by its rule, hash and side to move) and read by every frame after,
//! so the board's crosses and labels cost a frame nothing while the position stays.

use crate::rules::renju;
use crate::rules::{Cell, Forbidden, Position, Rule, Side};

/// The forbidden cells of the last position asked about.
#[derive(Default)]
pub struct ForbiddenCells {
    /// The position they belong to: its rule, hash, side to move and number of stones.
    key: Option<Key>,
    cells: Vec<(Cell, Forbidden)>,
}

/// What tells positions apart for the cache: the rule, hash, side to move and stones.
type Key = (Rule, u64, Side, usize);

fn key(position: &Position) -> Key {
    (
        *position.rule(),
        position.hash(),
        position.side_to_move(),
        position.stones(),
    )
}

impl ForbiddenCells {
    /// The forbidden cells of `position`, worked out only when it is not the last one asked.
    pub fn of(&mut self, position: &Position) -> &[(Cell, Forbidden)] {
        let key = key(position);
        if self.key != Some(key) {
            self.cells = forbidden_cells(position);
            self.key = Some(key);
        }
        &self.cells
    }

    /// The forbidden cells of `position` if it is the last one asked about (by
    /// [`ForbiddenCells::of`]), for a view that draws without changing anything.
    #[must_use]
    pub fn known(&self, position: &Position) -> Option<&[(Cell, Forbidden)]> {
        (self.key == Some(key(position))).then_some(self.cells.as_slice())
    }
}

/// Every empty cell forbidden to black in `position` and why, in board order; none unless
/// the rule is renju, black is to move and the game goes on.
#[must_use]
pub fn forbidden_cells(position: &Position) -> Vec<(Cell, Forbidden)> {
    if !position.rule().renju() || position.side_to_move() != Side::X || position.is_over() {
        return Vec::new();
    }
    let geometry = position.geometry();
    position
        .empty_indices()
        .filter_map(|i| renju::forbidden_at(position, i).map(|kind| (geometry.cell(i), kind)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black to move with a double three at F6 (row 5, column 5) on the renju board.
    fn double_three(rule: Rule) -> Position {
        let mut position = Position::new(rule);
        for (row, col) in [
            (3, 5),
            (10, 0),
            (4, 5),
            (10, 2),
            (5, 3),
            (10, 4),
            (5, 4),
            (10, 6),
        ] {
            position.play(Cell::new(row, col)).unwrap();
        }
        position
    }

    #[test]
    fn black_s_forbidden_cells_under_renju_only() {
        let position = double_three(Rule::RENJU);
        assert_eq!(
            forbidden_cells(&position),
            [(Cell::new(5, 5), Forbidden::DoubleThree)]
        );
        assert!(forbidden_cells(&double_three(Rule::new(15, 15, 5, false).unwrap())).is_empty());
        let mut white = position.clone();
        white.play(Cell::new(0, 0)).unwrap();
        assert!(forbidden_cells(&white).is_empty(), "white has none");
    }

    #[test]
    fn kept_until_the_position_changes() {
        let mut cache = ForbiddenCells::default();
        let mut position = double_three(Rule::RENJU);
        assert_eq!(cache.of(&position).len(), 1);
        position.play(Cell::new(0, 0)).unwrap();
        assert!(cache.of(&position).is_empty());
        position.play(Cell::new(14, 14)).unwrap();
        assert_eq!(cache.of(&position).len(), 1);
    }

    #[test]
    fn known_only_for_the_position_last_worked_out() {
        let mut cache = ForbiddenCells::default();
        let position = double_three(Rule::RENJU);
        assert_eq!(cache.known(&position), None, "nothing worked out yet");
        cache.of(&position);
        assert_eq!(
            cache.known(&position),
            Some(&[(Cell::new(5, 5), Forbidden::DoubleThree)][..])
        );
        let mut after = position.clone();
        after.play(Cell::new(0, 0)).unwrap();
        assert_eq!(cache.known(&after), None);
    }
}
