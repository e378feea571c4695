//! The review of a game on a board searched to the end: each move's exact value before and
//! after, and the moves that changed the result, with a move that kept it.

use egui::Ui;

use crate::engine::MoveValue;
use crate::lab::review::exact_row;

use super::Reviewed;
use super::row::{head_words, row_ui};
use crate::gui::naming::Naming;

/// The moves of the game with their values as far as they are known; the step a click on
/// one chose (the position after it).
pub(super) fn rows_ui(
    ui: &mut Ui,
    game: &Reviewed,
    found: &[Vec<MoveValue>],
    step: usize,
    naming: Naming,
) -> Option<usize> {
    let mut chosen = None;
    for (i, &cell) in game.moves.iter().enumerate() {
        let side = game.positions[i].side_to_move();
        let row = found
            .get(i)
            .and_then(|values| exact_row(i + 1, side, cell, values, &game.positions[i + 1]));
        let head = head_words(i + 1, side, cell, naming);
        if row_ui(ui, head, row.as_ref(), step == i + 1, naming) {
            chosen = Some(i + 1);
        }
    }
    chosen
}
