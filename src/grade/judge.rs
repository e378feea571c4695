//! One position put to the player, and its answer judged against every move's worth with
//! perfect play: a win missed, a draw thrown away, a slower win or a faster loss than
//! necessary, an illegal move, or no usable answer at all.

use std::fmt;
use std::time::Duration;

use serde::Serialize;

use crate::external::{Brain, BrainRequest, Fault, Point};

use super::MoveWorth;

/// A position to ask: the moves of a game reaching it, and every move's worth (`None` on
/// taken cells), cells `row * width + col`.
#[derive(Clone, Debug)]
pub(crate) struct Question {
    pub(crate) moves: Vec<usize>,
    pub(crate) worths: Vec<Option<MoveWorth>>,
}

/// What the player's answer in one position was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveVerdict {
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
    pub moves: Vec<GradedCell>,
    /// The side to move, which the player plays: "X" or "O".
    pub side: &'static str,
    /// The player's answer as the protocol writes it (x the column, y the row, from 0).
    pub answer: Option<String>,
    /// The answer's cell, when it is on the board.
    pub answer_cell: Option<GradedCell>,
    pub verdict: MoveVerdict,
    /// What the answer is worth, when it is a legal move.
    pub worth: Option<MoveWorth>,
    /// What the best move is worth, and the best moves.
    pub best: MoveWorth,
    pub best_moves: Vec<GradedCell>,
    /// What went wrong, for an illegal move or a failure.
    pub problem: Option<String>,
}

/// A cell, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GradedCell {
    pub row: usize,
    pub col: usize,
}

impl GradedCell {
    pub(crate) fn of(index: usize, width: usize) -> GradedCell {
        GradedCell {
            row: index / width,
            col: index % width,
        }
    }
}

impl fmt::Display for GradedCell {
    /// `row,col` from 1, as the terminal game writes a cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row + 1, self.col + 1)
    }
}

/// Puts `question` to the player on a board `width` wide and judges the answer.
pub(crate) fn ask(player: &mut Brain, question: &Question, width: usize, turn: Duration) -> Graded {
    let mut graded = unanswered(question, width);
    let own = question.moves.len() % 2;
    let stones: Vec<(Point, bool)> = question
        .moves
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            let point = Point {
                x: cell % width,
                y: cell / width,
            };
            (point, i % 2 == own)
        })
        .collect();
    // The limit the player is told, and a little more for the pipes.
    let limit = turn + Duration::from_millis(500);
    let point = match player.play(&BrainRequest::Board(&stones), limit) {
        Ok((point, _, _)) => point,
        Err(fault) => {
            graded.problem = Some(fault.to_string());
            if let Fault::Unreadable(text) | Fault::Refused(text) = fault {
                graded.answer = Some(text);
            }
            return graded;
        }
    };
    graded.answer = Some(point.to_string());
    let cells = question.worths.len();
    let cell = (point.x < width && point.y < cells / width).then_some(point.y * width + point.x);
    graded.answer_cell = cell.map(|c| GradedCell::of(c, width));
    let Some(worth) = cell.and_then(|c| question.worths[c]) else {
        graded.verdict = MoveVerdict::Illegal;
        graded.problem = Some(if cell.is_some() {
            "a taken cell".to_string()
        } else {
            "off the board".to_string()
        });
        return graded;
    };
    graded.worth = Some(worth);
    graded.verdict = match (graded.best, worth) {
        (best, _) if worth == best => MoveVerdict::Best,
        (MoveWorth::Win(_), MoveWorth::Win(_)) => MoveVerdict::SlowerWin,
        (MoveWorth::Win(_), _) => MoveVerdict::WinMissed,
        (MoveWorth::Draw, _) => MoveVerdict::DrawThrown,
        (MoveWorth::Loss(_), _) => MoveVerdict::FasterLoss,
    };
    graded
}

/// The question's position with its best moves, and no answer yet (a failure until one
/// comes).
fn unanswered(question: &Question, width: usize) -> Graded {
    let best = question
        .worths
        .iter()
        .flatten()
        .copied()
        .max_by_key(|worth| worth.rank())
        .expect("a position that is not over has a move");
    let best_moves = (0..question.worths.len())
        .filter(|&cell| question.worths[cell] == Some(best))
        .map(|cell| GradedCell::of(cell, width))
        .collect();
    Graded {
        moves: question
            .moves
            .iter()
            .map(|&c| GradedCell::of(c, width))
            .collect(),
        side: if question.moves.len().is_multiple_of(2) {
            "X"
        } else {
            "O"
        },
        answer: None,
        answer_cell: None,
        verdict: MoveVerdict::Failure,
        worth: None,
        best,
        best_moves,
        problem: None,
    }
}
