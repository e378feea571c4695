//! The report of a grading by positions: the counts of each kind of answer, how the
//! positions were chosen, how long it took, and every mistake; as text or JSON.

use std::fmt;

use serde::Serialize;

use super::judge::{Graded, GradedCell, MoveVerdict};

/// The board graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GradedBoard {
    pub width: usize,
    pub height: usize,
    /// How many in a row win.
    pub k: usize,
}

impl fmt::Display for GradedBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}, {} in a row", self.width, self.height, self.k)
    }
}

/// How a sample of positions was drawn (boards too large to try every position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Sampling {
    /// The seed: the same seed draws the same positions.
    pub seed: u64,
    /// The nodes the game's solver could search to settle one position.
    pub budget_nodes: u64,
    /// Positions drawn, and those left out because the solver could not settle them.
    pub drawn: usize,
    pub unsettled: usize,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub engine: String,
    pub board: GradedBoard,
    /// The positions to ask (every position, or the sample's size), and those asked.
    pub positions: usize,
    pub asked: usize,
    /// How the positions were drawn, when they are a sample.
    pub sample: Option<Sampling>,
    /// How long the grading took, in seconds.
    pub seconds: f64,
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
    pub(crate) fn new(engine: String, board: GradedBoard, positions: usize) -> Report {
        Report {
            engine,
            board,
            positions,
            asked: 0,
            sample: None,
            seconds: 0.0,
            best: 0,
            wins_missed: 0,
            draws_thrown: 0,
            slower_wins: 0,
            faster_losses: 0,
            illegal: 0,
            failures: 0,
            stopped: None,
            mistakes: Vec::new(),
        }
    }

    /// Whether every position was asked and every answer was a best move.
    #[must_use]
    pub fn is_perfect(&self) -> bool {
        self.stopped.is_none() && self.asked == self.positions && self.best == self.asked
    }

    pub(crate) fn count(&mut self, graded: Graded) {
        self.asked += 1;
        match graded.verdict {
            MoveVerdict::Best => {
                self.best += 1;
                return;
            }
            MoveVerdict::WinMissed => self.wins_missed += 1,
            MoveVerdict::DrawThrown => self.draws_thrown += 1,
            MoveVerdict::SlowerWin => self.slower_wins += 1,
            MoveVerdict::FasterLoss => self.faster_losses += 1,
            MoveVerdict::Illegal => self.illegal += 1,
            MoveVerdict::Failure => self.failures += 1,
        }
        self.mistakes.push(graded);
    }

    /// Which positions were asked, in words.
    fn which(&self) -> String {
        match &self.sample {
            None => "every position of the game that is not over, the player to move".to_string(),
            Some(s) => format!(
                "drawn from games of random moves with seed {}, each settled by the game's own solver within {} nodes; {} of {} drawn left out unsettled",
                s.seed, s.budget_nodes, s.unsettled, s.drawn
            ),
        }
    }
}

/// The mistakes the text report lists; the JSON report has them all.
const LISTED: usize = 20;

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} on {}", self.engine, self.board)?;
        writeln!(
            f,
            "Positions asked: {} of {} ({})",
            self.asked,
            self.positions,
            self.which()
        )?;
        writeln!(f, "Time: {:.1} s", self.seconds)?;
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
                    "Every answer was a best move: the player is perfect on these positions."
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
                "  ... and {} more (the JSON report lists every one)",
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
        let moves: Vec<String> = graded.moves.iter().map(GradedCell::to_string).collect();
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
    let best: Vec<String> = graded
        .best_moves
        .iter()
        .map(GradedCell::to_string)
        .collect();
    format!(
        "{after} ({} to move): answered {answer}, {what}; best {} ({})",
        graded.side,
        best.join(" or "),
        graded.best
    )
}
