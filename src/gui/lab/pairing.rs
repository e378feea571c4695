//! Why a side cannot win, shown as a picture: a pairing strategy. Pairs of empty cells such
//! that every line a side could still fill holds a pair; the other side answers a move in
//! one cell of a pair with the other cell, so the line never fills. The pairs are joined on
//! the board in the colour of the side that answers, and after a move the view names the
//! answer the pairing gives. The pairs come from the prover's pairing search
//! ([`crate::engine::prover::pairing_strategy`]).

use egui::{RichText, Ui};

use crate::engine::prover::{MAX_CELLS, PairingStrategy, pairing_strategy};
use crate::gui::naming::{cell_name, side_name};
use crate::rules::{Cell, Position, Side};
use crate::t;

use super::marks::{Mark, side_colour};

/// The pairing strategies against each side on `position`, the side to move first.
fn strategies(
    position: &Position,
    last_move: Option<Cell>,
) -> Vec<(Side, Option<PairingStrategy>)> {
    let mover = position.side_to_move();
    [mover, mover.other()]
        .into_iter()
        .map(|side| (side, pairing_strategy(position, side, last_move)))
        .collect()
}

/// The pairs joined over the board, in the answering side's colour, and the answer the
/// pairing gives to the last move marked.
#[must_use]
pub fn marks(position: &Position, last_move: Option<Cell>) -> Vec<Mark> {
    let mut marks = Vec::new();
    for (side, strategy) in strategies(position, last_move) {
        let Some(strategy) = strategy else { continue };
        let defender = side.other();
        for &(from, to) in &strategy.pairs {
            marks.push(Mark::Line {
                from,
                to,
                side: defender,
            });
        }
        if let Some(reply) = strategy.reply {
            marks.push(Mark::Letter {
                cell: reply,
                text: "!".to_owned(),
                group: 0,
            });
        }
    }
    marks
}

/// The view: for each side, whether a pairing stops it, and how.
pub fn ui(ui: &mut Ui, position: &Position, last_move: Option<Cell>) {
    ui.label(RichText::new(t!("lab-pair-intro")).weak());
    ui.add_space(4.0);
    let cells = position.rule().cells();
    if cells > MAX_CELLS {
        ui.label(t!("lab-pair-too-large", cells = cells, most = MAX_CELLS));
        return;
    }
    if position.is_over() {
        ui.label(t!("lab-game-over"));
        return;
    }
    let k = position.rule().k();
    let dark = ui.visuals().dark_mode;
    let found = strategies(position, last_move);
    for (side, strategy) in &found {
        let other = side.other();
        let (text, colour) = match strategy {
            Some(s) => {
                let text = match s.reply {
                    None => t!(
                        "lab-pair-stops",
                        side = side_name(*side),
                        other = side_name(other),
                        k = k,
                        pairs = s.pairs.len()
                    ),
                    Some(reply) => t!(
                        "lab-pair-stops-after",
                        side = side_name(*side),
                        other = side_name(other),
                        k = k,
                        reply = cell_name(reply),
                        pairs = s.pairs.len()
                    ),
                };
                (text, side_colour(other, dark))
            }
            None => (
                t!("lab-pair-none", side = side_name(*side), k = k),
                ui.visuals().text_color(),
            ),
        };
        ui.label(RichText::new(text).color(colour));
        ui.add_space(2.0);
    }
    if found.iter().all(|(_, s)| s.is_some()) {
        ui.label(RichText::new(t!("lab-pair-draw")).strong());
    }
}
