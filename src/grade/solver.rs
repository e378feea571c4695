//! The grader's own brute-force solver, written for the purpose (it shares nothing with
//! the game's engine): the worth of every move on a small board, remembered, and every
//! position of tic-tac-toe that is not over. Tic-tac-toe is graded with it in full; the
//! tests also check the game's engine against it on 4x4 ([`super::sample`]).

use std::collections::{HashMap, HashSet};

use super::MoveWorth;

/// A board's cells: 0 empty, 1 the first player (X), 2 the second (O); `row * width + col`.
pub(crate) type Cells = Vec<u8>;

/// The side to move (1 or 2) on a board of a game played from the empty board.
pub(crate) fn to_move(board: &[u8]) -> u8 {
    let stones = board.iter().filter(|&&c| c != 0).count();
    if stones % 2 == 0 { 1 } else { 2 }
}

/// Every line of `k` cells on a `width` x `height` board.
pub(crate) fn lines(width: usize, height: usize, k: usize) -> Vec<Vec<usize>> {
    let mut lines = Vec::new();
    let (w, h, k) = (width as isize, height as isize, k as isize);
    for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        for row in 0..h {
            for col in 0..w {
                let (end_r, end_c) = (row + dr * (k - 1), col + dc * (k - 1));
                if end_r < 0 || end_r >= h || end_c < 0 || end_c >= w {
                    continue;
                }
                let line = (0..k)
                    .map(|i| ((row + dr * i) * w + col + dc * i) as usize)
                    .collect();
                lines.push(line);
            }
        }
    }
    lines
}

/// The brute-force solver of one board: the worth of every position it was asked, kept.
pub(crate) struct Solver {
    lines: Vec<Vec<usize>>,
    known: HashMap<Cells, MoveWorth>,
}

impl Solver {
    pub(crate) fn new(width: usize, height: usize, k: usize) -> Solver {
        Solver {
            lines: lines(width, height, k),
            known: HashMap::new(),
        }
    }

    pub(crate) fn has_line(&self, board: &[u8], side: u8) -> bool {
        self.lines
            .iter()
            .any(|line| line.iter().all(|&i| board[i] == side))
    }

    /// Whether the game on `board` is over: a line, or no empty cell.
    pub(crate) fn is_over(&self, board: &[u8]) -> bool {
        self.has_line(board, 1) || self.has_line(board, 2) || board.iter().all(|&c| c != 0)
    }

    /// What playing `cell` is worth to the side to move on `board` (not over, cell empty).
    pub(crate) fn move_worth(&mut self, board: &[u8], cell: usize) -> MoveWorth {
        let side = to_move(board);
        let mut after = board.to_vec();
        after[cell] = side;
        if self.has_line(&after, side) {
            return MoveWorth::Win(1);
        }
        if after.iter().all(|&c| c != 0) {
            return MoveWorth::Draw;
        }
        self.best(&after).for_mover_before()
    }

    /// The worth of the best move on `board` (not over) for the side to move.
    pub(crate) fn best(&mut self, board: &[u8]) -> MoveWorth {
        if let Some(&worth) = self.known.get(board) {
            return worth;
        }
        let worth = (0..board.len())
            .filter(|&cell| board[cell] == 0)
            .map(|cell| self.move_worth(board, cell))
            .max_by_key(|worth| worth.rank())
            .expect("a position that is not over has an empty cell");
        self.known.insert(board.to_vec(), worth);
        worth
    }

    /// Every move's worth on `board` (not over), `None` on taken cells.
    pub(crate) fn worths(&mut self, board: &[u8]) -> Vec<Option<MoveWorth>> {
        (0..board.len())
            .map(|cell| (board[cell] == 0).then(|| self.move_worth(board, cell)))
            .collect()
    }
}

/// Every position of tic-tac-toe that is not over, each once, with the moves of one game
/// that reaches it; fewest stones first.
pub(crate) fn tic_tac_toe_positions(solver: &Solver) -> Vec<(Cells, Vec<usize>)> {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut layer = vec![(vec![0u8; 9], Vec::new())];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (board, moves) in layer {
            if solver.is_over(&board) || !seen.insert(board.clone()) {
                continue;
            }
            for cell in (0..9).filter(|&c| board[c] == 0) {
                let mut after = board.clone();
                after[cell] = to_move(&board);
                let mut line: Vec<usize> = moves.clone();
                line.push(cell);
                next.push((after, line));
            }
            order.push((board, moves));
        }
        layer = next;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_4520_positions_not_over_and_the_game_is_a_draw() {
        let mut solver = Solver::new(3, 3, 3);
        assert_eq!(solver.lines.len(), 8);
        let positions = tic_tac_toe_positions(&solver);
        assert_eq!(positions.len(), 4520);
        assert_eq!(solver.best(&[0; 9]), MoveWorth::Draw);
        // X in a corner and the centre, O on an edge: X wins in 3 plies (a fork).
        let board = [1, 2, 0, 0, 1, 0, 0, 0, 0];
        assert_eq!(to_move(&board), 2);
        // O must block at the far corner, and still loses.
        assert_eq!(solver.move_worth(&board, 8), MoveWorth::Loss(4));
        assert_eq!(solver.move_worth(&board, 5), MoveWorth::Loss(2));
        assert_eq!(solver.best(&board), MoveWorth::Loss(4));
    }

    #[test]
    fn lines_of_four_on_4x4_and_5x5() {
        // 4 rows, 4 columns, 2 diagonals; 5x5: 10 + 10 + 4 + 4.
        assert_eq!(lines(4, 4, 4).len(), 10);
        assert_eq!(lines(5, 5, 4).len(), 28);
    }
}
