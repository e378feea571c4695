//! The evaluation e(P) of the course, on the position on the board: every line (run of K
//! cells) still open for X, and for O, drawn in that side's colour; the two counts; and
//! e(P) = open lines for the side to move - open lines for its opponent. On boards with
//! K > 3 the engine weighs an open line by the stones it already holds, and the view shows
//! those weights and the weighted sums too.

use egui::{RichText, Ui};

use crate::engine::{Score, gomoku_static_value, uses_gomoku_engine, window_weights};
use crate::gui::naming::Naming;
use crate::rules::{Position, Side};
use crate::t;

use super::marks::{Mark, side_colour};

/// Boards up to this many cells show every open line; larger ones only the open lines that
/// already hold a stone (an empty board of gomoku has 572 lines).
const ALL_LINES_CELLS: usize = 25;

/// One line of K cells and for whom it is still open.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub cells: Vec<usize>,
    /// Stones of X and of O in it.
    pub stones: [usize; 2],
}

impl Line {
    /// Open for `side`: the opponent has no stone in it.
    #[must_use]
    pub fn open_for(&self, side: Side) -> bool {
        self.stones[other_index(side)] == 0
    }
}

/// The open lines of a position and what the engine makes of them.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenLines {
    pub lines: Vec<Line>,
    /// Open lines for X and for O.
    pub open: [usize; 2],
    /// The engine's weight of an open line by the stones it holds (index 0 to K).
    pub weights: Vec<Score>,
    /// Open lines weighted by their stones, for X and for O.
    pub weighted: [Score; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::X => 0,
        Side::O => 1,
    }
}

fn other_index(side: Side) -> usize {
    1 - index(side)
}

/// The open lines of `position`, counted from the board's lines.
#[must_use]
pub fn open_lines(position: &Position) -> OpenLines {
    let geometry = position.geometry();
    let weights = window_weights(geometry);
    let mut open = [0; 2];
    let mut weighted: [Score; 2] = [0; 2];
    let lines: Vec<Line> = (0..geometry.window_count())
        .map(|id| {
            let cells: Vec<usize> = geometry.window(id).iter().map(|&i| i as usize).collect();
            let mut stones = [0; 2];
            for &cell in &cells {
                if let Some(side) = position.at(cell) {
                    stones[index(side)] += 1;
                }
            }
            Line { cells, stones }
        })
        .collect();
    for line in &lines {
        for side in [Side::X, Side::O] {
            if line.open_for(side) {
                open[index(side)] += 1;
                weighted[index(side)] += weights[line.stones[index(side)]];
            }
        }
    }
    OpenLines {
        lines,
        open,
        weights,
        weighted,
    }
}

/// The open lines drawn over the board.
#[must_use]
pub fn marks(position: &Position) -> Vec<Mark> {
    let geometry = position.geometry();
    let every = position.rule().cells() <= ALL_LINES_CELLS;
    let mut marks = Vec::new();
    for line in open_lines(position).lines {
        let (Some(&first), Some(&last)) = (line.cells.first(), line.cells.last()) else {
            continue;
        };
        for side in [Side::X, Side::O] {
            if line.open_for(side) && (every || line.stones[index(side)] > 0) {
                marks.push(Mark::Line {
                    from: geometry.cell(first),
                    to: geometry.cell(last),
                    side,
                });
            }
        }
    }
    marks
}

/// The e(P) view: the counts, the weights and weighted sums when K > 3, then e(P) written
/// out from the numbers shown just above it.
pub fn ui(ui: &mut Ui, position: &Position, naming: Naming) {
    let lines = open_lines(position);
    let dark = ui.visuals().dark_mode;
    ui.label(
        RichText::new(t!(
            "lab-eval-intro",
            first = naming.side(Side::X),
            second = naming.side(Side::O)
        ))
        .weak(),
    );
    ui.add_space(4.0);
    for side in [Side::X, Side::O] {
        let text = t!(
            "lab-eval-open",
            side = naming.side(side),
            count = lines.open[index(side)]
        );
        ui.label(RichText::new(text).color(side_colour(side, dark)).strong());
    }
    let to_move = position.side_to_move();
    let other = to_move.other();
    let weighted = position.rule().k() > 3;
    let (mine, theirs) = if weighted {
        (lines.weighted[index(to_move)], lines.weighted[index(other)])
    } else {
        (
            lines.open[index(to_move)] as Score,
            lines.open[index(other)] as Score,
        )
    };
    // With K > 3 the engine weighs the open lines: the weights and the weighted sums come
    // first, so the numbers in e(P) below are the ones just shown.
    if weighted {
        ui.add_space(4.0);
        ui.label(t!("lab-eval-weights-intro"));
        let most = position.rule().k() - 1;
        for (stones, weight) in lines.weights.iter().enumerate().take(most + 1) {
            ui.label(t!("lab-eval-weight", stones = stones, weight = *weight));
        }
        for side in [Side::X, Side::O] {
            ui.label(t!(
                "lab-eval-weighted",
                side = naming.side(side),
                sum = lines.weighted[index(side)]
            ));
        }
    }
    ui.add_space(4.0);
    ui.label(
        RichText::new(t!(
            "lab-eval-formula",
            side = naming.side(to_move),
            other = naming.side(other),
            mine = mine,
            theirs = theirs,
            value = mine - theirs
        ))
        .strong(),
    );
    if uses_gomoku_engine(position.rule()) {
        gomoku_note(ui, position, naming);
    } else {
        ui.label(RichText::new(t!("lab-eval-view", side = naming.side(to_move))).weak());
    }
    if position.rule().cells() > ALL_LINES_CELLS {
        ui.label(RichText::new(t!("lab-eval-large-board")).weak());
    }
    if position.is_over() {
        ui.label(RichText::new(t!("lab-eval-over")).weak());
    }
}

/// Five in a row on a large board, where the engine searches with an evaluation of its own:
/// which one, and its value of the position where it would ask it.
fn gomoku_note(ui: &mut Ui, position: &Position, naming: Naming) {
    let side = naming.side(position.side_to_move());
    let Some((value, tables)) = gomoku_static_value(position) else {
        ui.label(RichText::new(t!("lab-eval-gomoku", side = side)).weak());
        return;
    };
    let note = if tables {
        t!("lab-eval-gomoku-tables", side = side, value = value)
    } else {
        t!("lab-eval-gomoku-patterns", side = side, value = value)
    };
    ui.label(RichText::new(note).weak());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn centre_and_corner_leave_five_lines_to_x_and_four_to_o() {
        let position = Position::from_notation(Rule::TIC_TAC_TOE, "o../.x./...").unwrap();
        let lines = open_lines(&position);
        assert_eq!(lines.open, [5, 4]);
        assert_eq!(lines.weighted, [5, 4]);
    }

    #[test]
    fn longer_lines_are_weighted_by_their_stones() {
        let rule = Rule::new(4, 4, 4, false).unwrap();
        let position = Position::from_notation(rule, "x.../..../..../....").unwrap();
        let lines = open_lines(&position);
        // 10 lines; X's stone is in a row, a column and a diagonal.
        assert_eq!(lines.open, [10, 7]);
        assert_eq!(
            lines.weighted[0],
            7 * lines.weights[0] + 3 * lines.weights[1]
        );
        assert!(lines.weights[1] > lines.weights[0]);
    }
}
