//! The board of the five-in-a-row search: the search board with its line patterns, both
//! kept up to date move by move, so the patterns are always there to read.

use crate::engine::search_board::SearchBoard;
use crate::rules::{Position, Side, renju};

use super::code_tables::Selection;
use super::lines::PatternBoard;

/// Boards up to this many cells keep the search board's window counts: there the dead-draw
/// and potential tests settle whole subtrees (6x6 and 7x7 with five in a row are draws). On
/// larger boards those tests never fire within a game's reach, and keeping the counts cost
/// an eighth of the search's time on 15x15 (docs/strength.md, the profile).
const WINDOW_COUNTS_UP_TO: usize = 100;

/// A search board and the line patterns of its position.
#[derive(Clone)]
pub struct GomokuBoard {
    board: SearchBoard,
    patterns: PatternBoard,
    /// Whether the rule is renju, where black has forbidden cells.
    renju: bool,
}

impl GomokuBoard {
    /// Prepares a search copy of `pos` with its patterns and the process's evaluation
    /// ([`super::code_tables::selected`]; the tests' boards; the search sets its board up first, see
    /// [`GomokuBoard::with_board`]).
    #[cfg(test)]
    #[must_use]
    pub fn new(pos: &Position) -> GomokuBoard {
        GomokuBoard::with_board(SearchBoard::new(pos), super::code_tables::selected())
    }

    /// Adds the patterns to a search board already set up, and the pattern codes with their
    /// terms where `selection` names tables (`None`: the pattern evaluation). Boards of more
    /// than [`WINDOW_COUNTS_UP_TO`] cells stop keeping the search board's window counts.
    #[must_use]
    pub fn with_board(board: SearchBoard, selection: Option<Selection>) -> GomokuBoard {
        let board = if board.pos.rule().cells() > WINDOW_COUNTS_UP_TO {
            board.without_window_counts()
        } else {
            board
        };
        GomokuBoard {
            patterns: PatternBoard::with_selection(&board.pos, selection),
            renju: board.pos.rule().renju(),
            board,
        }
    }

    /// Whether the side to move has forbidden cells: black under renju.
    #[inline]
    #[must_use]
    pub fn restricted(&self) -> bool {
        self.renju && self.board.pos.side_to_move() == Side::X
    }

    /// Whether the side to move may play the empty `cell` (all but black's forbidden cells
    /// under renju).
    #[inline]
    #[must_use]
    pub fn may_play(&self, cell: usize) -> bool {
        !self.restricted() || renju::forbidden_at(&self.board.pos, cell).is_none()
    }

    /// The search board under the patterns.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &SearchBoard {
        &self.board
    }

    /// The position.
    #[inline]
    #[must_use]
    pub fn pos(&self) -> &Position {
        &self.board.pos
    }

    /// The line patterns of the position.
    #[inline]
    #[must_use]
    pub fn patterns(&self) -> &PatternBoard {
        &self.patterns
    }

    /// The empty cells near a stone (see [`SearchBoard::candidates`]).
    #[inline]
    pub fn candidates(&self, out: &mut Vec<usize>) {
        self.board.candidates(out);
    }

    /// Plays `index` for the side to move.
    #[inline]
    pub fn make(&mut self, index: usize) {
        let side = self.board.pos.side_to_move();
        self.board.make(index);
        self.patterns.place(index, side);
    }

    /// Takes back the last move, on `index`.
    #[inline]
    pub fn unmake(&mut self, index: usize) {
        self.patterns.remove(index);
        self.board.unmake(index);
    }
}
