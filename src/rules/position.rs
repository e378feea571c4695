//! A position of an m,n,k game: the stones on the board, the side to move and, when the game
//! is over, how it ended. Moves are made through the last stone only, so win detection is a
//! walk along four directions from it.

use std::fmt;
use std::sync::Arc;

use super::geometry::{DIRECTIONS, Geometry};
use super::renju::forbidden::{Forbidden, forbidden_under};
use super::rule::Rule;
use super::types::{Cell, Outcome, Side};
use super::zobrist;

/// Why a checked move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("{0} is already taken")]
    Occupied(Cell),
    #[error("{cell} is off the {width}x{height} board")]
    OffBoard {
        cell: Cell,
        width: usize,
        height: usize,
    },
    #[error("the game is already over")]
    GameOver,
    #[error("{cell} is forbidden for X under renju ({kind})")]
    Forbidden { cell: Cell, kind: Forbidden },
}

/// The winning run of the last move: `len` cells from `start` along `direction`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct WinLine {
    side: Side,
    start: u16,
    direction: u8,
    len: u8,
}

/// A position: board, side to move, incremental hashes and the result if the game is over.
#[derive(Clone)]
pub struct Position {
    geometry: Arc<Geometry>,
    board: Vec<Option<Side>>,
    to_move: Side,
    stones: usize,
    /// The Zobrist hash of the board under each symmetry of [`Geometry::symmetries`];
    /// `hashes[0]` is the board as it stands.
    hashes: [u64; 8],
    win: Option<WinLine>,
}

impl Position {
    /// The empty board of `rule`, X to move.
    #[must_use]
    pub fn new(rule: Rule) -> Position {
        Position::with_geometry(Arc::new(Geometry::new(rule)))
    }

    /// The empty board of an already computed geometry (cheap: the geometry is shared).
    #[must_use]
    pub fn with_geometry(geometry: Arc<Geometry>) -> Position {
        let cells = geometry.rule().cells();
        Position {
            geometry,
            board: vec![None; cells],
            to_move: Side::X,
            stones: 0,
            hashes: [0; 8],
            win: None,
        }
    }

    /// The rule of the game.
    #[must_use]
    pub fn rule(&self) -> &Rule {
        self.geometry.rule()
    }

    /// The shared precomputed geometry of this rule.
    #[must_use]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The side whose turn it is (X when the stone counts are equal).
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Number of empty cells.
    #[must_use]
    pub fn empty_count(&self) -> usize {
        self.board.len() - self.stones
    }

    /// The stone on `cell`, or `None` when it is empty or off the board.
    #[must_use]
    pub fn get(&self, cell: Cell) -> Option<Side> {
        self.geometry.index(cell).and_then(|i| self.board[i])
    }

    /// The stone on cell index `index`.
    #[inline]
    #[must_use]
    pub fn at(&self, index: usize) -> Option<Side> {
        self.board[index]
    }

    /// The whole board, indexed by `row * width + col`.
    #[must_use]
    pub fn board(&self) -> &[Option<Side>] {
        &self.board
    }

    /// The Zobrist hash of the board.
    #[inline]
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hashes[0]
    }

    /// The hash of the board under each symmetry, in the order of [`Geometry::symmetries`].
    #[must_use]
    pub fn symmetric_hashes(&self) -> &[u64] {
        &self.hashes[..self.geometry.symmetries().len()]
    }

    /// The smallest hash over the board's symmetries: equal for positions that are
    /// rotations or reflections of each other.
    #[must_use]
    pub fn canonical_hash(&self) -> u64 {
        self.symmetric_hashes().iter().copied().min().unwrap_or(0)
    }

    /// Whether the game is over: a win, a full board, or under renju black (X) to move with
    /// every empty cell forbidden to it (a draw, as a full board is).
    #[inline]
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.win.is_some() || self.stones == self.board.len() || self.black_has_no_move()
    }

    /// Whether X is to move under renju and every empty cell is forbidden to it.
    fn black_has_no_move(&self) -> bool {
        if self.to_move != Side::X || !self.rule().renju() {
            return false;
        }
        // A forbidden cell has at least four black stones on its lines within four cells
        // (see `renju::forbidden_in`), and a stone is that near to at most 32 cells: with
        // fewer than one black stone for every eight empty cells some cell is free, and the
        // search's positions skip the scan until the board fills. With X to move the sides
        // have as many stones each.
        let black = self.stones / 2;
        if 8 * black < self.empty_count() {
            return false;
        }
        (0..self.board.len())
            .filter(|&i| self.board[i].is_none())
            .all(|i| forbidden_under(self.rule(), self.board(), i).is_some())
    }

    /// The side that won through the last move, if any.
    #[inline]
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        self.win.map(|w| w.side)
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(win) = self.win {
            let (dr, dc) = DIRECTIONS[win.direction as usize];
            let start = self.geometry.cell(win.start as usize);
            let line = (0..win.len as isize)
                .map(|step| {
                    Cell::new(
                        (start.row as isize + dr * step) as usize,
                        (start.col as isize + dc * step) as usize,
                    )
                })
                .collect();
            Some(Outcome::Win {
                side: win.side,
                line,
            })
        } else if self.is_over() {
            // A full board, or black left with forbidden cells only.
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The empty cells as indices, in board order. Empty when the game is over.
    pub fn empty_indices(&self) -> impl Iterator<Item = usize> + '_ {
        let over = self.is_over();
        self.board
            .iter()
            .enumerate()
            .filter(move |(_, s)| !over && s.is_none())
            .map(|(i, _)| i)
    }

    /// The legal moves, in board order: the empty cells, less X's forbidden cells under
    /// renju. Empty when the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Cell> {
        self.empty_indices()
            .filter(|&i| !self.is_forbidden(i))
            .map(|i| self.geometry.cell(i))
            .collect()
    }

    /// Whether the side to move may not play the empty cell `index` (X's forbidden cells
    /// under renju).
    #[inline]
    #[must_use]
    pub fn is_forbidden(&self, index: usize) -> bool {
        self.to_move == Side::X && forbidden_under(self.rule(), self.board(), index).is_some()
    }

    /// Checks that `cell` is a legal move and returns its index.
    pub fn check_move(&self, cell: Cell) -> Result<usize, MoveError> {
        let rule = self.rule();
        let index = self.geometry.index(cell).ok_or(MoveError::OffBoard {
            cell,
            width: rule.width(),
            height: rule.height(),
        })?;
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        if self.board[index].is_some() {
            return Err(MoveError::Occupied(cell));
        }
        if self.to_move == Side::X
            && let Some(kind) = forbidden_under(self.rule(), self.board(), index)
        {
            return Err(MoveError::Forbidden { cell, kind });
        }
        Ok(index)
    }

    /// Plays `cell` for the side to move, or says why it cannot be played.
    pub fn play(&mut self, cell: Cell) -> Result<(), MoveError> {
        let index = self.check_move(cell)?;
        self.make(index);
        Ok(())
    }

    /// Plays cell index `index` for the side to move without checks (the search's fast path).
    /// The cell must be empty and the game not over.
    #[inline]
    pub fn make(&mut self, index: usize) {
        self.make_checked_for_win(index, true);
    }

    /// [`Position::make`] for a caller that knows whether the move can complete a line:
    /// with `may_win` false the win check is skipped. The search uses it when the side to
    /// move has no line one stone short.
    #[inline]
    pub(crate) fn make_checked_for_win(&mut self, index: usize, may_win: bool) {
        debug_assert!(self.board[index].is_none() && self.win.is_none());
        let side = self.to_move;
        self.place(index, side);
        self.to_move = side.other();
        self.win = if may_win {
            self.win_through(index, side)
        } else {
            None
        };
        debug_assert!(may_win || self.win_through(index, side).is_none());
    }

    /// Takes back the move on `index`, which must be the last move made.
    #[inline]
    pub fn unmake(&mut self, index: usize) {
        let side = self.board[index].expect("unmake of an empty cell");
        self.remove(index, side);
        self.to_move = side;
        self.win = None;
    }

    /// Whether a stone of `side` on the empty cell `index` would complete a winning line.
    #[must_use]
    pub fn wins_at(&self, index: usize, side: Side) -> bool {
        self.win_through(index, side).is_some()
    }

    /// Puts a stone on the board, keeping the hashes (no turn, no win bookkeeping).
    pub(super) fn place(&mut self, index: usize, side: Side) {
        self.board[index] = Some(side);
        self.stones += 1;
        self.toggle_hashes(index, side);
    }

    pub(super) fn remove(&mut self, index: usize, side: Side) {
        self.board[index] = None;
        self.stones -= 1;
        self.toggle_hashes(index, side);
    }

    fn toggle_hashes(&mut self, index: usize, side: Side) {
        for n in 0..self.geometry.symmetries().len() {
            let image = self.geometry.symmetry_map(n)[index] as usize;
            self.hashes[n] ^= zobrist::key(image, side);
        }
    }

    /// The winning run of `side` through `index`, treating `index` as holding a stone of
    /// `side` whatever is there now.
    pub(super) fn win_through(&self, index: usize, side: Side) -> Option<WinLine> {
        let rule = self.rule();
        let (w, h) = (rule.width() as isize, rule.height() as isize);
        let (row, col) = (
            (index / rule.width()) as isize,
            (index % rule.width()) as isize,
        );
        let is_side = |r: isize, c: isize| {
            r >= 0 && r < h && c >= 0 && c < w && self.board[(r * w + c) as usize] == Some(side)
        };
        for (direction, (dr, dc)) in DIRECTIONS.into_iter().enumerate() {
            let mut back = 0;
            while is_side(row - dr * (back + 1), col - dc * (back + 1)) {
                back += 1;
            }
            let mut forward = 0;
            while is_side(row + dr * (forward + 1), col + dc * (forward + 1)) {
                forward += 1;
            }
            let len = (back + forward + 1) as usize;
            if len == rule.k() || (len > rule.k() && !rule.exact_for(side)) {
                let start = ((row - dr * back) * w + col - dc * back) as u16;
                return Some(WinLine {
                    side,
                    start,
                    direction: direction as u8,
                    len: len as u8,
                });
            }
        }
        None
    }

    /// Sets who moves next and the winning line, for a position set up stone by stone.
    pub(super) fn set_state(&mut self, to_move: Side, win: Option<WinLine>) {
        self.to_move = to_move;
        self.win = win;
    }

    /// Whether `side` has a winning line anywhere on the board.
    pub(super) fn has_any_win(&self, side: Side) -> bool {
        (0..self.board.len())
            .any(|i| self.board[i] == Some(side) && self.win_through(i, side).is_some())
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rule() == other.rule() && self.board == other.board
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rule().hash(state);
        self.hashes[0].hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.rule().width();
        write!(f, "Position({} ", self.rule())?;
        for (row, cells) in self.board.chunks(width).enumerate() {
            if row > 0 {
                f.write_str("/")?;
            }
            for cell in cells {
                write!(f, "{}", cell.map_or('.', Side::letter))?;
            }
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_in_a_row_wins_and_unmake_restores() {
        let mut p = Position::new(Rule::TIC_TAC_TOE);
        for (r, c) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            p.play(Cell::new(r, c)).unwrap();
        }
        let before = p.clone();
        p.play(Cell::new(0, 2)).unwrap();
        assert_eq!(
            p.outcome(),
            Some(Outcome::Win {
                side: Side::X,
                line: vec![Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)]
            })
        );
        assert_eq!(p.play(Cell::new(2, 2)), Err(MoveError::GameOver));
        p.unmake(2);
        assert_eq!(p, before);
        assert_eq!(p.hash(), before.hash());
        assert!(!p.is_over());
    }

    #[test]
    fn checked_moves_explain_refusals() {
        let mut p = Position::new(Rule::TIC_TAC_TOE);
        p.play(Cell::new(1, 1)).unwrap();
        assert_eq!(
            p.play(Cell::new(1, 1)),
            Err(MoveError::Occupied(Cell::new(1, 1)))
        );
        let off = p.play(Cell::new(3, 0)).unwrap_err();
        assert_eq!(off.to_string(), "row 4, column 1 is off the 3x3 board");
    }

    #[test]
    fn exact_rule_ignores_overlines() {
        let rule = Rule::new(6, 3, 3, true).unwrap();
        let mut p = Position::from_notation(rule, "xx.x../oo..../o.....").unwrap();
        p.play(Cell::new(0, 2)).unwrap(); // makes four in a row: not a win under exactly-3
        assert_eq!(p.winner(), None);
        let mut q =
            Position::from_notation(rule.with_exact(false), "xx.x../oo..../o.....").unwrap();
        q.play(Cell::new(0, 2)).unwrap();
        assert_eq!(q.winner(), Some(Side::X));
    }

    /// A 15x15 board full but for H8, where a black stone makes six in a row: black to move
    /// has only a forbidden cell left.
    const BLACK_LEFT_AN_OVERLINE: &str = "ooooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/\
        ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxx.xxooxxoox/\
        xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/ooxxooxxooxxoox/xxooxxooxxooxxo/\
        ooxxooxxooxxoox/xxooxxooxxooxxo";

    #[test]
    fn renju_ends_drawn_when_black_has_only_forbidden_cells() {
        let stuck = Position::from_notation(Rule::RENJU, BLACK_LEFT_AN_OVERLINE).unwrap();
        let hole = Cell::new(7, 5);
        assert_eq!((stuck.side_to_move(), stuck.empty_count()), (Side::X, 1));
        let index = stuck.geometry().index(hole).unwrap();
        let kind = forbidden_under(stuck.rule(), stuck.board(), index);
        assert_eq!(kind, Some(Forbidden::Overline));
        assert!(stuck.is_over());
        assert_eq!(stuck.outcome(), Some(Outcome::Draw));
        assert!(stuck.legal_moves().is_empty());
        assert_eq!(stuck.check_move(hole), Err(MoveError::GameOver));
        // Under freestyle the same cell is a five or more: the game goes on, and black wins.
        let freestyle = Rule::new(15, 15, 5, false).unwrap();
        let mut open = Position::from_notation(freestyle, BLACK_LEFT_AN_OVERLINE).unwrap();
        assert!(!open.is_over() && open.outcome().is_none());
        open.play(hole).unwrap();
        assert_eq!(open.winner(), Some(Side::X));
    }

    #[test]
    fn renju_goes_on_while_black_has_a_legal_cell() {
        // White to move with two cells left: white may play A1.
        let text = BLACK_LEFT_AN_OVERLINE.replacen('o', ".", 1);
        let mut white = Position::from_notation(Rule::RENJU, &text).unwrap();
        assert_eq!(white.side_to_move(), Side::O);
        assert!(!white.is_over());
        white.play(Cell::new(0, 0)).unwrap();
        // Then black has only the forbidden H8: the game is over, drawn.
        assert_eq!(white.outcome(), Some(Outcome::Draw));
        // Early in a game every cell is checked only when the board is crowded enough.
        let mut early = Position::new(Rule::RENJU);
        early.play(Cell::new(7, 7)).unwrap();
        early.play(Cell::new(7, 8)).unwrap();
        assert!(!early.is_over());
    }

    #[test]
    fn rotated_positions_share_a_canonical_hash() {
        let a = Position::from_notation(Rule::TIC_TAC_TOE, "x../.o./...").unwrap();
        let b = Position::from_notation(Rule::TIC_TAC_TOE, "..x/.o./...").unwrap();
        let c = Position::from_notation(Rule::TIC_TAC_TOE, ".x./.o./...").unwrap();
        assert_ne!(a.hash(), b.hash());
        assert_eq!(a.canonical_hash(), b.canonical_hash());
        assert_ne!(a.canonical_hash(), c.canonical_hash());
    }
}
