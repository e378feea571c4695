//! The ranges of what a player may set, in one place for every front end: the window's
//! fields and sliders offer them, the settings loader brings saved numbers back into them,
//! and the command line checks its arguments against them.

use std::ops::RangeInclusive;

use crate::rules::Rule;
use crate::rules::rule::MAX_SIDE;

/// Board width, height and K as a player may type them, before the rules check the three
/// together: wider than the rules allow, so that a number just out of range is shown with
/// the rules' reason instead of being silently stopped at the edge of the field.
pub const BOARD_FIELD: RangeInclusive<usize> = 1..=30;

/// The search depths, in plies, a player may set: one ply up to every cell of the largest
/// board.
pub const DEPTH: RangeInclusive<u32> = 1..=(MAX_SIDE * MAX_SIDE) as u32;

/// The time per move a player may give the computer, in milliseconds: a tenth of a second
/// (enough for a few iterations on the largest board) to a minute.
pub const TIME_PER_MOVE_MS: RangeInclusive<u64> = 100..=60_000;

/// The depths that mean something on a board of `rule`: one ply up to its number of cells,
/// where the search reaches the end of every game.
#[must_use]
pub fn depth_on(rule: &Rule) -> RangeInclusive<u32> {
    let cells = u32::try_from(rule.cells()).unwrap_or(*DEPTH.end());
    *DEPTH.start()..=cells
}

/// `value` brought into `range`.
#[must_use]
pub fn within<T: Ord + Copy>(value: T, range: &RangeInclusive<T>) -> T {
    value.clamp(*range.start(), *range.end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rule::MIN_SIDE;

    #[test]
    fn the_ranges_hold_every_board_the_rules_accept() {
        assert!(BOARD_FIELD.contains(&MIN_SIDE) && BOARD_FIELD.contains(&MAX_SIDE));
        let largest = Rule::new(MAX_SIDE, MAX_SIDE, 5, false).unwrap();
        assert_eq!(depth_on(&largest), DEPTH);
        assert_eq!(depth_on(&Rule::TIC_TAC_TOE), 1..=9);
        assert_eq!(within(0, &DEPTH), 1);
        assert_eq!(within(70_000, &TIME_PER_MOVE_MS), 60_000);
    }
}
