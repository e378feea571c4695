//! Forced wins of the side to move, named by kind, for a front end that explains a game
//! (the post-game review): a win by continuous fours ([`Vcf`]) or, failing that, by threes
//! and fours ([`Vct`]), each within the budget the search gives its own root. The search
//! plays such a win without saying which solver found it; a learner is told which.

use crate::engine::search_board::SearchBoard;
use crate::rules::{Cell, Position};

use super::code_tables;
use super::gomoku_board::GomokuBoard;
use super::is_gomoku;
use super::knowledge::{ROOT_VCF_FOURS, ROOT_VCF_NODES, VCF_TABLE_BITS};
use super::vcf::Vcf;
use super::vct::{self, Vct};

/// How a forced win goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForcedKind {
    /// Victory by continuous fours: every attacking move makes a four.
    Fours,
    /// Victory by continuous threats: threes and fours.
    Threats,
}

/// A forced win of the side to move: its kind and its line, both sides' moves from the
/// first threat to the five.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedWin {
    pub kind: ForcedKind,
    pub line: Vec<Cell>,
}

/// The forced win of the side to move in `position`, if the solvers find one within the
/// root's budgets (a VCF first, then a VCT). Only five in a row on boards of more than 25
/// cells has these solvers; elsewhere, and on a finished game, `None`. The same position
/// always gives the same answer: the solvers start with empty tables. The threat search orders
/// and bounds its defences as the process's evaluation does ([`code_tables::selected`]).
#[must_use]
pub fn forced_win(position: &Position) -> Option<ForcedWin> {
    if !is_gomoku(position.rule()) || position.is_over() {
        return None;
    }
    let mut board = GomokuBoard::with_board(SearchBoard::new(position), code_tables::selected());
    let geometry = position.geometry();
    let cells = |line: Vec<usize>| line.into_iter().map(|i| geometry.cell(i)).collect();
    let mut vcf = Vcf::new(VCF_TABLE_BITS);
    if let Some(line) = vcf.solve(&mut board, ROOT_VCF_FOURS, ROOT_VCF_NODES) {
        return Some(ForcedWin {
            kind: ForcedKind::Fours,
            line: cells(line),
        });
    }
    let mut vct = Vct::new(vct::TABLE_BITS);
    vct.solve(&mut board, vct::ROOT_THREATS, vct::ROOT_NODES, None)
        .map(|line| ForcedWin {
            kind: ForcedKind::Threats,
            line: cells(line),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    fn gomoku(rows: &[&str]) -> Position {
        let rule: Rule = "15,15,5".parse().expect("a rule");
        Position::from_notation(rule, &rows.join("/")).expect("a position")
    }

    #[test]
    fn an_open_three_with_a_four_to_make_is_a_win_by_fours_or_threats() {
        // X (to move, 4 stones each) has three in a row open at both ends: X plays the live
        // four and wins, by fours.
        let mut rows = vec!["..............."; 15];
        rows[7] = ".....xxx.......";
        rows[8] = "....ooo........";
        let mut position = gomoku(&rows);
        // One more stone each, far apart, so X is to move.
        position.play(Cell::new(0, 0)).expect("empty");
        position.play(Cell::new(14, 14)).expect("empty");
        let found = forced_win(&position).expect("a forced win");
        assert_eq!(found.kind, ForcedKind::Fours);
        let first = found.line[0];
        assert_eq!(first.row, 7);
        assert!(
            first.col == 4 || first.col == 8,
            "the three extended: {first:?}"
        );
    }

    #[test]
    fn a_quiet_opening_has_no_forced_win_and_small_boards_none_at_all() {
        let mut rows = vec!["..............."; 15];
        rows[7] = ".......x.......";
        rows[8] = "........o......";
        assert_eq!(forced_win(&gomoku(&rows)), None);
        let small = Position::new("5,5,4".parse().expect("a rule"));
        assert_eq!(forced_win(&small), None);
    }
}
