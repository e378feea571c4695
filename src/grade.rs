//! Checks a player someone wrote against perfect play. The player is any program that
//! speaks the Gomocup protocol ([`crate::protocol::engine`]); on 3x3 with three in a row
//! it is put every position it can face with its side to move (the 4,520 positions of
//! tic-tac-toe that are not over), one BOARD at a time, and each answer is compared with a
//! brute-force solver written here for the purpose (it shares nothing with the game's own
//! engine): a win missed, a draw thrown away, a slower win or a faster loss than necessary,
//! an illegal move, or no usable answer at all. A player that fails several times in a row
//! (it crashed, hung, wrote garbage) is not asked further, and the report says why.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::time::Duration;

use serde::Serialize;

use crate::protocol::Point;
use crate::protocol::engine::{Brain, EngineCommand, Fault, Request, Setup};

/// The board graded: 3x3, three in a row.
const SIDE: usize = 3;
const CELLS: usize = SIDE * SIDE;
/// The eight lines of three.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];
/// Failures in a row after which the player is not asked further.
pub const FAILURES_IN_A_ROW: usize = 3;

/// A 3x3 board: 0 empty, 1 X, 2 O, cell `row * 3 + col`.
type Board = [u8; CELLS];

/// What a move is worth to the side that plays it, with perfect play after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "result", content = "plies")]
pub enum Worth {
    /// The mover wins in this many plies (its own move counted).
    Win(u32),
    Draw,
    /// The mover loses in this many plies.
    Loss(u32),
}

impl Worth {
    /// Better is larger: a quicker win, a slower loss.
    fn rank(self) -> i32 {
        match self {
            Worth::Win(plies) => 1000 - plies as i32,
            Worth::Draw => 0,
            Worth::Loss(plies) => -1000 + plies as i32,
        }
    }

    /// The same, one ply earlier and for the other side.
    fn for_mover_before(self) -> Worth {
        match self {
            Worth::Win(plies) => Worth::Loss(plies + 1),
            Worth::Draw => Worth::Draw,
            Worth::Loss(plies) => Worth::Win(plies + 1),
        }
    }
}

impl fmt::Display for Worth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Worth::Win(plies) => write!(f, "wins in {plies}"),
            Worth::Draw => f.write_str("draws"),
            Worth::Loss(plies) => write!(f, "loses in {plies}"),
        }
    }
}

/// The side to move (1 X, 2 O) on a board of a game played from the empty board.
fn to_move(board: &Board) -> u8 {
    let stones = board.iter().filter(|&&c| c != 0).count();
    if stones % 2 == 0 { 1 } else { 2 }
}

fn has_line(board: &Board, side: u8) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&i| board[i] == side))
}

/// Whether the game on `board` is over: a line of three, or no empty cell.
fn is_over(board: &Board) -> bool {
    has_line(board, 1) || has_line(board, 2) || board.iter().all(|&c| c != 0)
}

/// The brute-force solver: the worth of every position, remembered.
#[derive(Default)]
struct Solver {
    known: HashMap<Board, Worth>,
}

impl Solver {
    /// What playing `cell` is worth to the side to move on `board` (not over, cell empty).
    fn move_worth(&mut self, board: &Board, cell: usize) -> Worth {
        let side = to_move(board);
        let mut after = *board;
        after[cell] = side;
        if has_line(&after, side) {
            return Worth::Win(1);
        }
        if after.iter().all(|&c| c != 0) {
            return Worth::Draw;
        }
        self.best(&after).for_mover_before()
    }

    /// The worth of the best move on `board` (not over) for the side to move.
    fn best(&mut self, board: &Board) -> Worth {
        if let Some(&worth) = self.known.get(board) {
            return worth;
        }
        let worth = (0..CELLS)
            .filter(|&cell| board[cell] == 0)
            .map(|cell| self.move_worth(board, cell))
            .max_by_key(|worth| worth.rank())
            .expect("a position that is not over has an empty cell");
        self.known.insert(*board, worth);
        worth
    }
}

/// Every position of tic-tac-toe that is not over, each once, with the moves of one game
/// that reaches it; fewest stones first.
fn positions() -> Vec<(Board, Vec<usize>)> {
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut layer = vec![([0u8; CELLS], Vec::new())];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for (board, moves) in layer {
            if is_over(&board) || !seen.insert(board) {
                continue;
            }
            for cell in (0..CELLS).filter(|&c| board[c] == 0) {
                let mut after = board;
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

/// What the player's answer in one position was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// As good as the best move.
    Best,
    /// A win was there; the move draws or loses.
    WinMissed,
    /// A draw was there; the move loses.
    DrawThrown,
    /// A win, slower than the quickest.
    SlowerWin,
    /// A loss, sooner than the slowest.
    FasterLoss,
    /// A move off the board or on a taken cell.
    Illegal,
    /// No usable answer: no answer in time, a crash, a line that is not a move.
    Failure,
}

/// One position put to the player, and what it answered.
#[derive(Clone, Debug, Serialize)]
pub struct Graded {
    /// The moves of a game reaching the position, as cells `{row, col}` from 0.
    pub moves: Vec<Cell>,
    /// The side to move, which the player plays: "X" or "O".
    pub side: &'static str,
    /// The player's answer as the protocol writes it (x the column, y the row, from 0).
    pub answer: Option<String>,
    /// The answer's cell, when it is on the board.
    pub answer_cell: Option<Cell>,
    pub verdict: Verdict,
    /// What the answer is worth, when it is a legal move.
    pub worth: Option<Worth>,
    /// What the best move is worth, and the best moves.
    pub best: Worth,
    pub best_moves: Vec<Cell>,
    /// What went wrong, for an illegal move or a failure.
    pub problem: Option<String>,
}

/// A cell, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    fn of(index: usize) -> Cell {
        Cell {
            row: index / SIDE,
            col: index % SIDE,
        }
    }
}

impl fmt::Display for Cell {
    /// `row,col` from 1, as the terminal game writes a cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row + 1, self.col + 1)
    }
}

/// How the player is run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The time for each answer (the player is told it, and is stopped after it).
    pub turn: Duration,
    /// The time START may take.
    pub start: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            turn: Duration::from_secs(2),
            start: Duration::from_secs(10),
        }
    }
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub engine: String,
    pub board: &'static str,
    /// The positions there are, and the ones put to the player.
    pub positions: usize,
    pub asked: usize,
    pub best: usize,
    pub wins_missed: usize,
    pub draws_thrown: usize,
    pub slower_wins: usize,
    pub faster_losses: usize,
    pub illegal: usize,
    pub failures: usize,
    /// Why grading stopped before the end, if it did.
    pub stopped: Option<String>,
    /// Every answer that was not the best, in the order asked.
    pub mistakes: Vec<Graded>,
}

impl Report {
    /// Whether every position was asked and every answer was a best move.
    #[must_use]
    pub fn is_perfect(&self) -> bool {
        self.stopped.is_none() && self.asked == self.positions && self.best == self.asked
    }

    fn count(&mut self, graded: Graded) {
        self.asked += 1;
        match graded.verdict {
            Verdict::Best => {
                self.best += 1;
                return;
            }
            Verdict::WinMissed => self.wins_missed += 1,
            Verdict::DrawThrown => self.draws_thrown += 1,
            Verdict::SlowerWin => self.slower_wins += 1,
            Verdict::FasterLoss => self.faster_losses += 1,
            Verdict::Illegal => self.illegal += 1,
            Verdict::Failure => self.failures += 1,
        }
        self.mistakes.push(graded);
    }
}

/// The mistakes the text report lists; the JSON report has them all.
const LISTED: usize = 20;

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} on {}", self.engine, self.board)?;
        writeln!(
            f,
            "Positions asked: {} of {} (every position of the game that is not over, the player to move)",
            self.asked, self.positions
        )?;
        let rows = [
            ("best moves", self.best),
            ("wins missed", self.wins_missed),
            ("draws thrown away", self.draws_thrown),
            ("slower wins than the quickest", self.slower_wins),
            ("faster losses than the slowest", self.faster_losses),
            ("illegal moves", self.illegal),
            ("no usable answer", self.failures),
        ];
        for (name, count) in rows {
            writeln!(f, "  {name:<32} {count:>5}")?;
        }
        if let Some(why) = &self.stopped {
            writeln!(f, "Stopped early: {why}")?;
        }
        if self.mistakes.is_empty() {
            if self.is_perfect() {
                writeln!(
                    f,
                    "Every answer was a best move: the player is perfect on this board."
                )?;
            }
            return Ok(());
        }
        writeln!(
            f,
            "Mistakes (cells are row,column from 1; the player's answer as it wrote it, x,y from 0):"
        )?;
        for graded in self.mistakes.iter().take(LISTED) {
            writeln!(f, "  {}", mistake_line(graded))?;
        }
        if self.mistakes.len() > LISTED {
            writeln!(
                f,
                "  ... and {} more (--json lists every one)",
                self.mistakes.len() - LISTED
            )?;
        }
        Ok(())
    }
}

/// "after 2,2 1,1 (X to move): answered 0,2 (cell 3,1), which loses in 4; best 1,3 (draws)".
fn mistake_line(graded: &Graded) -> String {
    let after = if graded.moves.is_empty() {
        "the empty board".to_string()
    } else {
        let moves: Vec<String> = graded.moves.iter().map(Cell::to_string).collect();
        format!("after {}", moves.join(" "))
    };
    let answer = match (&graded.answer, graded.answer_cell) {
        (Some(text), Some(cell)) => format!("{text} (cell {cell})"),
        (Some(text), None) => text.clone(),
        (None, _) => "nothing".to_string(),
    };
    let what = match (&graded.worth, &graded.problem) {
        (Some(worth), _) => format!("which {worth}"),
        (None, Some(problem)) => problem.clone(),
        (None, None) => String::new(),
    };
    let best: Vec<String> = graded.best_moves.iter().map(Cell::to_string).collect();
    format!(
        "{after} ({} to move): answered {answer}, {what}; best {} ({})",
        graded.side,
        best.join(" or "),
        graded.best
    )
}

/// Grades the player `command` on 3x3, calling `progress` with the positions asked so far
/// and their total after each answer; grading stops (saying so) when it returns false.
pub fn grade(
    command: &EngineCommand,
    limits: Limits,
    progress: &mut dyn FnMut(usize, usize) -> bool,
) -> Report {
    let positions = positions();
    let mut report = Report {
        engine: command.to_string(),
        board: "3x3, three in a row",
        positions: positions.len(),
        asked: 0,
        best: 0,
        wins_missed: 0,
        draws_thrown: 0,
        slower_wins: 0,
        faster_losses: 0,
        illegal: 0,
        failures: 0,
        stopped: None,
        mistakes: Vec::new(),
    };
    let setup = Setup {
        width: SIDE,
        height: SIDE,
        in_a_row: SIDE,
        variant: crate::protocol::settings::Variant::Freestyle,
        turn: limits.turn,
        start_limit: limits.start,
        threads: Some(1),
        settle: Duration::ZERO,
    };
    let mut solver = Solver::default();
    let mut brain: Option<Brain> = None;
    let mut in_a_row = 0;
    let total = positions.len();
    for (board, moves) in positions {
        if brain.is_none() {
            match Brain::launch(command, &setup) {
                Ok(started) => brain = Some(started),
                Err(fault) => {
                    report.stopped = Some(format!("the player did not start: {fault}"));
                    break;
                }
            }
        }
        let player = brain.as_mut().expect("started above");
        let graded = ask(player, &mut solver, &board, &moves, limits.turn);
        if graded.verdict == Verdict::Failure {
            // A player that failed is started again for the next position.
            brain = None;
            in_a_row += 1;
        } else {
            in_a_row = 0;
        }
        let problem = graded.problem.clone();
        report.count(graded);
        if !progress(report.asked, total) {
            report.stopped = Some("stopped on request".to_string());
            break;
        }
        if in_a_row >= FAILURES_IN_A_ROW {
            report.stopped = Some(format!(
                "{FAILURES_IN_A_ROW} positions in a row got no usable answer (the last: {})",
                problem.unwrap_or_default()
            ));
            break;
        }
    }
    if let Some(player) = brain {
        player.end(Duration::from_millis(500));
    }
    report
}

/// Puts one position to the player and judges the answer.
fn ask(
    player: &mut Brain,
    solver: &mut Solver,
    board: &Board,
    moves: &[usize],
    turn: Duration,
) -> Graded {
    let side = to_move(board);
    let stones: Vec<(Point, bool)> = moves
        .iter()
        .map(|&cell| {
            let point = Point {
                x: cell % SIDE,
                y: cell / SIDE,
            };
            (point, board[cell] == side)
        })
        .collect();
    let best = solver.best(board);
    let best_moves: Vec<Cell> = (0..CELLS)
        .filter(|&cell| board[cell] == 0 && solver.move_worth(board, cell) == best)
        .map(Cell::of)
        .collect();
    let mut graded = Graded {
        moves: moves.iter().map(|&cell| Cell::of(cell)).collect(),
        side: if side == 1 { "X" } else { "O" },
        answer: None,
        answer_cell: None,
        verdict: Verdict::Failure,
        worth: None,
        best,
        best_moves,
        problem: None,
    };
    // The limit the player is told, and a little more for the pipes.
    let limit = turn + Duration::from_millis(500);
    let point = match player.play(&Request::Board(&stones), limit) {
        Ok((point, _, _)) => point,
        Err(fault) => {
            graded.problem = Some(fault.to_string());
            if let Fault::Unreadable(_) | Fault::Refused(_) = fault {
                graded.answer = Some(fault_text(&fault));
            }
            return graded;
        }
    };
    graded.answer = Some(point.to_string());
    let cell = (point.x < SIDE && point.y < SIDE).then_some(point.y * SIDE + point.x);
    graded.answer_cell = cell.map(Cell::of);
    let Some(cell) = cell.filter(|&c| board[c] == 0) else {
        graded.verdict = Verdict::Illegal;
        graded.problem = Some(if cell.is_some() {
            "a taken cell".to_string()
        } else {
            "off the board".to_string()
        });
        return graded;
    };
    let worth = solver.move_worth(board, cell);
    graded.worth = Some(worth);
    graded.verdict = match (best, worth) {
        _ if worth == best => Verdict::Best,
        (Worth::Win(_), Worth::Win(_)) => Verdict::SlowerWin,
        (Worth::Win(_), _) => Verdict::WinMissed,
        (Worth::Draw, _) => Verdict::DrawThrown,
        (Worth::Loss(_), _) => Verdict::FasterLoss,
    };
    graded
}

/// The text of an answer that was not a move, as the fault kept it (already made safe to
/// show).
fn fault_text(fault: &Fault) -> String {
    match fault {
        Fault::Unreadable(text) | Fault::Refused(text) => text.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_4520_positions_not_over_and_the_game_is_a_draw() {
        let positions = positions();
        assert_eq!(positions.len(), 4520);
        let mut solver = Solver::default();
        assert_eq!(solver.best(&[0; CELLS]), Worth::Draw);
        // X in a corner and the centre, O on an edge: X wins in 3 plies (a fork).
        let board: Board = [1, 2, 0, 0, 1, 0, 0, 0, 0];
        assert_eq!(to_move(&board), 2);
        // O must block at the far corner, and still loses.
        assert_eq!(solver.move_worth(&board, 8), Worth::Loss(4));
        assert_eq!(solver.move_worth(&board, 5), Worth::Loss(2));
        assert_eq!(solver.best(&board), Worth::Loss(4));
    }
}
