//! Why a side cannot win, shown as a picture: a pairing strategy. Pairs of empty cells such
//! that every line a side could still fill holds a pair; the other side answers a move in
//! one cell of a pair with the other cell, so the line never fills. The pairs are joined on
//! the board in the colour of the side that answers, and after a move the view names the
//! answer the pairing gives. The pairs come from the prover's pairing search
//! ([`crate::engine::prover::pairing_strategy`]).
//!
//! Where no pairing stops the side to move, the prover searches whether it can force a win
//! (on the driver, as the lab's job [`WinLineRequest`]); a win is played out move by move,
//! the threats first, and each step can be shown on the board.

use std::cell::RefCell;
use std::rc::Rc;

use egui::{RichText, Ui};

use crate::engine::prover::{MAX_CELLS, PairingStrategy, WinSearch, WinningLine, pairing_strategy};
use crate::game::{Driver, Ticket};
use crate::gui::naming::{cell_name, move_short, side_name};
use crate::lab::{LabUpdate, WinLineRequest, WinLineUpdate};
use crate::rules::{Cell, Position, Side};
use crate::t;

use super::compare::count;
use super::marks::{Mark, side_colour};
use super::same_position;
use super::steps::step_buttons;

/// The pairing strategies against each side of a position, the side to move first.
type Strategies = Rc<Vec<(Side, Option<PairingStrategy>)>>;

/// The pairing strategies against each side on `position`, the side to move first.
fn strategies(position: &Position, last_move: Option<Cell>) -> Strategies {
    let mover = position.side_to_move();
    Rc::new(
        [mover, mover.other()]
            .into_iter()
            .map(|side| (side, pairing_strategy(position, side, last_move)))
            .collect(),
    )
}

/// The strategies of the last position asked for, kept while the board shows it: a
/// pairing search (with the defender to move, one per reply) is too much work to repeat
/// for every frame, twice (the marks and the text).
#[derive(Default)]
struct Found {
    last: RefCell<Option<(Position, Option<Cell>, Strategies)>>,
}

impl Found {
    fn strategies(&self, position: &Position, last_move: Option<Cell>) -> Strategies {
        let mut last = self.last.borrow_mut();
        if let Some((p, m, found)) = last.as_ref()
            && *m == last_move
            && same_position(p, position)
        {
            return Rc::clone(found);
        }
        let found = strategies(position, last_move);
        *last = Some((position.clone(), last_move, Rc::clone(&found)));
        found
    }
}

/// The pairs joined over the board, in the answering side's colour, and the answer the
/// pairing gives to the last move marked.
fn marks(found: &Strategies) -> Vec<Mark> {
    let mut marks = Vec::new();
    for (side, strategy) in found.iter() {
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

/// For each side, whether a pairing stops it, and how; the strategies found, or `None` when
/// the prover does not take the position (too large, or the game is over).
fn pairings_ui(
    ui: &mut Ui,
    position: &Position,
    last_move: Option<Cell>,
    found: &Found,
) -> Option<Strategies> {
    ui.label(RichText::new(t!("lab-pair-intro")).weak());
    ui.add_space(4.0);
    let cells = position.rule().cells();
    if cells > MAX_CELLS {
        ui.label(t!("lab-pair-too-large", cells = cells, most = MAX_CELLS));
        return None;
    }
    if position.is_over() {
        ui.label(t!("lab-game-over"));
        return None;
    }
    let k = position.rule().k();
    let dark = ui.visuals().dark_mode;
    let found = found.strategies(position, last_move);
    for (side, strategy) in found.iter() {
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
    Some(found)
}

/// The positions the window's search for a winning line may visit before it says it found
/// no proof either way: about a second on 7x7 with five in a row (release build).
const WIN_NODE_LIMIT: u64 = 300_000;

/// The search for a winning line of one position, running or done.
struct WinRun {
    position: Position,
    /// The search's updates while the driver works on it; dropping it stops the search.
    ticket: Option<Ticket<WinLineUpdate>>,
    /// What it found, or why it failed.
    found: Option<Result<WinSearch, String>>,
    /// Moves of the line the board shows played (0: the game's position, no preview).
    shown: usize,
}

/// The view's state: the search for a winning line of the side to move, and which step of
/// the line the board shows.
pub struct WhyView {
    driver: Driver,
    run: Option<WinRun>,
    found: Found,
}

impl WhyView {
    /// The view, searching on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> WhyView {
        WhyView {
            driver,
            run: None,
            found: Found::default(),
        }
    }

    /// Stops the search running (the view is closed); it starts again when shown.
    pub fn stop(&mut self) {
        if self
            .run
            .as_ref()
            .is_some_and(|r| r.ticket.is_some() && r.found.is_none())
        {
            self.run = None;
        }
    }

    /// Drops the search of another position (which stops it), and takes in what the search
    /// of the position on the board sent.
    pub fn poll(&mut self, position: &Position) {
        if self
            .run
            .as_ref()
            .is_some_and(|r| !same_position(&r.position, position))
        {
            self.run = None;
        }
        let Some(run) = &mut self.run else {
            return;
        };
        while let Some(update) = run.ticket.as_mut().and_then(Ticket::try_next) {
            match update {
                LabUpdate::Progress(()) => {}
                LabUpdate::Done(found) => {
                    run.found = Some(found.map(|f| *f).map_err(|e| e.to_string()));
                }
                LabUpdate::Failed(message) => run.found = Some(Err(message)),
            }
        }
        if !run.ticket.as_ref().is_some_and(Ticket::is_running) {
            run.ticket = None;
        }
    }

    fn start(&mut self, position: &Position) {
        let ticket = self.driver.request(WinLineRequest {
            position: position.clone(),
            node_limit: WIN_NODE_LIMIT,
        });
        self.run = Some(WinRun {
            position: position.clone(),
            ticket: Some(ticket),
            found: None,
            shown: 0,
        });
    }

    /// The winning line found for the position on the board, if any.
    fn line(&self) -> Option<&WinningLine> {
        match self.run.as_ref()?.found.as_ref()? {
            Ok(WinSearch::Line(line)) => Some(line),
            _ => None,
        }
    }

    /// The position after the steps of the line shown, to preview on the board.
    #[must_use]
    pub fn preview(&self) -> Option<(Position, Option<Cell>)> {
        let run = self.run.as_ref()?;
        let line = self.line()?;
        if run.shown == 0 {
            return None;
        }
        let mut position = run.position.clone();
        for &cell in &line.moves[..run.shown] {
            position.play(cell).ok()?;
        }
        Some((position, line.moves.get(run.shown - 1).copied()))
    }

    /// What the view lays over the board showing `position`: while a step of a winning
    /// line is shown, the cells where the winner would complete a line; else the pairs.
    #[must_use]
    pub fn marks(&self, position: &Position, last_move: Option<Cell>) -> Vec<Mark> {
        match (self.line(), self.preview()) {
            (Some(line), Some(_)) => threats(position, line.winner)
                .into_iter()
                .map(|cell| Mark::Letter {
                    cell,
                    text: "!".to_owned(),
                    group: 0,
                })
                .collect(),
            _ => marks(&self.found.strategies(position, last_move)),
        }
    }

    /// The view of the game's `position` (its last move `last_move`): the pairings, then
    /// whether the side to move can force a win, and how.
    pub fn ui(&mut self, ui: &mut Ui, position: &Position, last_move: Option<Cell>) {
        let Some(found) = pairings_ui(ui, position, last_move, &self.found) else {
            return;
        };
        let mover = position.side_to_move();
        if found.iter().any(|(side, s)| *side == mover && s.is_some()) {
            // A pairing already shows the side to move cannot win.
            return;
        }
        ui.separator();
        ui.label(RichText::new(t!("lab-win-heading", side = side_name(mover))).strong());
        if self.run.is_none() {
            self.start(position);
        }
        let k = position.rule().k();
        let Some(run) = &mut self.run else {
            return;
        };
        match &run.found {
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(t!("lab-win-searching"));
                });
            }
            Some(Err(why)) => {
                ui.label(t!("lab-win-failed", why = why.clone()));
            }
            Some(Ok(WinSearch::NoWin { nodes })) => {
                ui.label(t!(
                    "lab-win-none",
                    side = side_name(mover),
                    k = k,
                    nodes = count(*nodes)
                ));
            }
            Some(Ok(WinSearch::Unknown { nodes })) => {
                ui.label(t!("lab-win-unknown", nodes = count(*nodes)));
            }
            Some(Ok(WinSearch::NotHandled)) => {
                ui.label(t!("lab-win-exact", k = k));
            }
            Some(Ok(WinSearch::Line(line))) => {
                let line = line.clone();
                line_ui(ui, run, &line, k);
            }
        }
    }
}

/// The cells where `side` completes a line on `position`.
fn threats(position: &Position, side: Side) -> Vec<Cell> {
    let geometry = position.geometry();
    position
        .empty_indices()
        .filter(|&i| position.wins_at(i, side))
        .map(|i| geometry.cell(i))
        .collect()
}

/// A winning line: what it says, the buttons that step through it, and its moves, each
/// with what it does (a threat, a block, the line of K).
fn line_ui(ui: &mut Ui, run: &mut WinRun, line: &WinningLine, k: usize) {
    let winner = line.winner;
    let own_moves = line.moves.len().div_ceil(2);
    ui.label(t!(
        "lab-win-line",
        side = side_name(winner),
        other = side_name(winner.other()),
        moves = own_moves
    ));
    let last = line.moves.len();
    step_buttons(ui, &mut run.shown, last);
    if run.shown > 0 {
        ui.label(RichText::new(t!("lab-win-shown", step = run.shown, all = last)).weak());
    }
    let mut position = run.position.clone();
    for (i, &cell) in line.moves.iter().enumerate() {
        let mover = position.side_to_move();
        let threatened = !threats(&position, winner).is_empty();
        if position.play(cell).is_err() {
            break;
        }
        let n = i + 1;
        let played = move_short(mover, cell);
        let text = if mover != winner {
            if threatened {
                t!("lab-win-block", n = n, played = played)
            } else {
                t!("lab-win-move", n = n, played = played)
            }
        } else if position.winner() == Some(winner) {
            t!("lab-win-complete", n = n, played = played, k = k)
        } else {
            let next = threats(&position, winner);
            match next.len() {
                0 => t!("lab-win-move", n = n, played = played),
                1 => t!(
                    "lab-win-threat",
                    n = n,
                    played = played,
                    cell = cell_name(next[0]),
                    other = side_name(winner.other())
                ),
                _ => t!(
                    "lab-win-threats",
                    n = n,
                    played = played,
                    cells = next
                        .iter()
                        .map(|&c| cell_name(c))
                        .collect::<Vec<_>>()
                        .join(", "),
                    other = side_name(winner.other())
                ),
            }
        };
        if ui.selectable_label(run.shown == n, text).clicked() {
            run.shown = n;
        }
    }
}
