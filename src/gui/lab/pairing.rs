//! Why a side cannot win, shown as a picture: a pairing strategy. Pairs of empty cells such
//! that every line a side could still fill holds a pair; the other side answers a move in
//! one cell of a pair with the other cell, so the line never fills. The pairs are joined on
//! the board in the colour of the side that answers, and after a move the view names the
//! answer the pairing gives. The pairs come from the prover's pairing search
//! ([`crate::lab::pairing_strategy`]).
//!
//! Where no pairing stops the side to move, the prover searches whether it can force a win;
//! a win is played out move by move, the threats first, and each step can be shown on the
//! board. Both searches run on the driver, as the lab's jobs [`PairingRequest`] and
//! [`WinLineRequest`]: the view holds them beside the position they are for, and
//! says one thing per screen (while the side to move may still win, it names no answer of
//! that side's pairing; once it wins, the pairing is beside the point).

use egui::{RichText, Ui};

use crate::game::{Driver, Pending, Ticket};
use crate::gui::naming::Naming;
use crate::lab::{LabUpdate, PairingRequest, Pairings, WinLineRequest};
use crate::lab::{PairingStrategy, WinSearch, WinningLine};
use crate::prover::MAX_CELLS;
use crate::rules::{Cell, Position, Side};
use crate::t;

use super::compare::count;
use super::marks::{Mark, side_colour};
use super::steps::step_buttons;

/// The positions the window's search for a winning line may visit before it says it found
/// no proof either way: about a second on 7x7 with five in a row (release build). Each
/// "Search longer" multiplies it by [`LONGER`].
const WIN_NODE_LIMIT: u64 = 300_000;

/// How much more a "Search longer" lets the search for a winning line visit.
const LONGER: u64 = 10;

/// What a search of the view answered, if `update` is its answer.
fn answer<R>(update: LabUpdate<(), R>) -> Option<Result<R, String>> {
    match update {
        LabUpdate::Progress(()) => None,
        LabUpdate::Done(found) => Some(found.map(|f| *f).map_err(|e| e.to_string())),
        LabUpdate::Failed(message) => Some(Err(message)),
    }
}

/// A search that ended without an answer: it failed.
fn ended<R>(found: &mut Option<Result<R, String>>) {
    if found.is_none() {
        *found = Some(Err(t!("lab-search-stopped")));
    }
}

/// The search for a winning line on the driver: its ticket while the driver works on it
/// (dropping it stops the search), then what it found or why it failed.
struct Search<R> {
    ticket: Option<Ticket<LabUpdate<(), R>>>,
    found: Option<Result<R, String>>,
}

impl<R> Search<R> {
    fn new(ticket: Ticket<LabUpdate<(), R>>) -> Search<R> {
        Search {
            ticket: Some(ticket),
            found: None,
        }
    }

    /// Takes in what the search sent; a search that ended without an answer failed.
    fn poll(&mut self) {
        while let Some(update) = self.ticket.as_mut().and_then(Ticket::try_next) {
            if let Some(found) = answer(update) {
                self.found = Some(found);
            }
        }
        if !self.ticket.as_ref().is_some_and(Ticket::is_running) {
            self.ticket = None;
            ended(&mut self.found);
        }
    }

    fn running(&self) -> bool {
        self.found.is_none()
    }
}

/// The search for a winning line of the side to move, and which step of it the board shows.
struct WinRun {
    node_limit: u64,
    search: Search<WinSearch>,
    /// Moves of the line the board shows played (0: the game's position, no preview).
    shown: usize,
}

/// A position and its last move: what the view's searches are asked for.
type Spot = (Position, Option<Cell>);

/// What was found of one position, the one on the board when it was asked for.
struct PositionFindings {
    /// The side to move there.
    mover: Side,
    /// The pairings, or why they could not be found.
    pairings: Option<Result<Pairings, String>>,
    /// Asked for once the pairings show that none stops the side to move.
    win: Option<WinRun>,
}

/// What the screen says of one side, so that the pairing and the winning line never give
/// two answers for the side to move.
enum Claim<'a> {
    /// A pairing stops the side.
    Stopped(&'a PairingStrategy),
    /// No pairing stops it.
    Open,
    /// The side to move answers with a pairing, but may win instead: not said until the
    /// search for its winning line is done.
    Waiting,
    /// The other side, to move, forces a win first.
    LosesFirst,
}

impl PositionFindings {
    fn pairings(&self) -> Option<&Pairings> {
        self.pairings.as_ref()?.as_ref().ok()
    }

    /// Whether a pairing stops the side to move (then its winning line is not searched).
    fn mover_stopped(&self) -> bool {
        let mover = self.mover;
        self.pairings()
            .is_some_and(|p| p.iter().any(|(s, found)| *s == mover && found.is_some()))
    }

    /// The winning line found for the side to move, if any.
    fn line(&self) -> Option<&WinningLine> {
        match self.win.as_ref()?.search.found.as_ref()? {
            Ok(WinSearch::Line(line)) => Some(line),
            _ => None,
        }
    }

    /// What the screen says of each side, the side to move first.
    fn claims(&self) -> Vec<(Side, Claim<'_>)> {
        let Some(pairings) = self.pairings() else {
            return Vec::new();
        };
        let mover = self.mover;
        let win_running = self.win.as_ref().is_none_or(|w| w.search.running());
        let wins = self.line().is_some();
        pairings
            .iter()
            .map(|(side, strategy)| {
                let claim = match strategy {
                    _ if *side != mover && wins => Claim::LosesFirst,
                    Some(s) if s.reply.is_some() && !self.mover_stopped() && win_running => {
                        Claim::Waiting
                    }
                    Some(s) => Claim::Stopped(s),
                    None => Claim::Open,
                };
                (*side, claim)
            })
            .collect()
    }
}

/// The view's state: the searches of the position on the board (the pairings' beside the
/// position they are for, the winning line's in what was found of it), and which step of a
/// winning line the board shows.
pub struct WhyView {
    driver: Driver,
    asked: Pending<Spot, LabUpdate<(), Pairings>, PositionFindings>,
}

impl WhyView {
    /// The view, searching on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> WhyView {
        WhyView {
            driver,
            asked: Pending::default(),
        }
    }

    /// Stops the searches running (the view is closed); they start again when shown.
    pub fn stop(&mut self) {
        let Some(asked) = self.asked.asked_mut() else {
            return;
        };
        if asked.pairings.is_none() {
            self.asked.forget();
        } else if asked.win.as_ref().is_some_and(|w| w.search.running()) {
            asked.win = None;
        }
    }

    /// Takes in what the searches of the position on the board sent; those of another
    /// position forget themselves (and stop).
    pub fn poll(&mut self, position: &Position, last_move: Option<Cell>) {
        if self.asked.asked().is_none() {
            // Nothing asked: no copy of the position to compare with.
            return;
        }
        let now = (position.clone(), last_move);
        while let Some((update, asked)) = self.asked.next(&now) {
            if let Some(found) = answer(update) {
                asked.pairings = Some(found);
            }
        }
        let running = self.asked.is_running();
        let Some(asked) = self.asked.kept_mut(&now) else {
            return;
        };
        if !running {
            ended(&mut asked.pairings);
        }
        if let Some(win) = &mut asked.win {
            win.search.poll();
        }
    }

    /// Asks for what the view shows of `position` and not asked for yet: its pairings, then,
    /// unless one stops the side to move, its winning line.
    fn ask(&mut self, position: &Position, last_move: Option<Cell>) -> &mut PositionFindings {
        let now = (position.clone(), last_move);
        if !self.asked.is_for(&now) {
            let ticket = self.driver.request(PairingRequest {
                position: position.clone(),
                last_move,
            });
            let asked = PositionFindings {
                mover: position.side_to_move(),
                pairings: None,
                win: None,
            };
            self.asked.ask(now.clone(), ticket, asked);
        }
        let asked = self.asked.kept_mut(&now).expect("asked for above");
        if asked.win.is_none() && asked.pairings().is_some() && !asked.mover_stopped() {
            asked.win = Some(win_run(&self.driver, position, WIN_NODE_LIMIT));
        }
        asked
    }

    /// The position after the steps of the line shown, to preview on the board.
    #[must_use]
    pub fn preview(&self) -> Option<(Position, Option<Cell>)> {
        let ((searched, _), asked) = self.asked.asked()?;
        let line = asked.line()?;
        let shown = asked.win.as_ref()?.shown;
        if shown == 0 {
            return None;
        }
        let mut position = searched.clone();
        for &cell in &line.moves[..shown] {
            position.play(cell).ok()?;
        }
        Some((position, line.moves.get(shown - 1).copied()))
    }

    /// What the view lays over the board showing `position`: while a step of a winning
    /// line is shown, the cells where the winner would complete a line; else the pairs of
    /// the position searched, if it is the one shown.
    #[must_use]
    pub fn marks(&self, position: &Position, last_move: Option<Cell>) -> Vec<Mark> {
        let Some((_, asked)) = self.asked.asked() else {
            return Vec::new();
        };
        if let (Some(line), Some(_)) = (asked.line(), self.preview()) {
            return threats(position, line.winner)
                .into_iter()
                .map(|cell| Mark::Letter {
                    cell,
                    text: "!".to_owned(),
                    group: 0,
                })
                .collect();
        }
        if !self.asked.is_for(&(position.clone(), last_move)) {
            return Vec::new();
        }
        let mut marks = Vec::new();
        for (_, claim) in asked.claims() {
            if let Claim::Stopped(strategy) = claim {
                pairing_marks(strategy, &mut marks);
            }
        }
        marks
    }

    /// The view of the game's `position` (its last move `last_move`): the pairings, then
    /// whether the side to move can force a win, and how; sides and cells named as
    /// `naming` says.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        position: &Position,
        last_move: Option<Cell>,
        naming: Naming,
    ) {
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
        let asked = self.ask(position, last_move);
        match &asked.pairings {
            None => {
                searching(ui, &t!("lab-pair-searching"));
                return;
            }
            Some(Err(why)) => {
                ui.label(t!("lab-win-failed", why = why.clone()));
                return;
            }
            Some(Ok(_)) => {}
        }
        claims_ui(ui, position, asked, naming);
        if asked.mover_stopped() {
            // A pairing already shows the side to move cannot win.
            return;
        }
        if let Some(limit) = win_ui(ui, position, asked, naming) {
            let longer = win_run(&self.driver, position, limit.saturating_mul(LONGER));
            if let Some(asked) = self.asked.asked_mut() {
                asked.win = Some(longer);
            }
        }
    }
}

/// The search for a winning line of the side to move on `position`, on `driver`.
fn win_run(driver: &Driver, position: &Position, node_limit: u64) -> WinRun {
    let ticket = driver.request(WinLineRequest {
        position: position.clone(),
        node_limit,
    });
    WinRun {
        node_limit,
        search: Search::new(ticket),
        shown: 0,
    }
}

/// A spinner and what is being searched.
fn searching(ui: &mut Ui, what: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.spinner();
        ui.label(what);
    });
}

/// The pairs of `strategy` joined over the board, in the answering side's colour, and the
/// answer the pairing gives to the last move marked.
fn pairing_marks(strategy: &PairingStrategy, marks: &mut Vec<Mark>) {
    let defender = strategy.attacker.other();
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

/// For each side, whether a pairing stops it on `position`, and how (one line each).
fn claims_ui(ui: &mut Ui, position: &Position, asked: &PositionFindings, naming: Naming) {
    let k = position.rule().k();
    let mover = asked.mover;
    let dark = ui.visuals().dark_mode;
    let claims = asked.claims();
    for (side, claim) in &claims {
        let (side, other) = (*side, side.other());
        let (text, colour) = match claim {
            Claim::Stopped(s) => (stops_text(s, k, naming), side_colour(other, dark)),
            Claim::Open if side == mover => (
                t!("lab-pair-none", side = naming.side(side), k = k),
                ui.visuals().text_color(),
            ),
            Claim::Open => (
                t!("lab-pair-none-later", side = naming.side(side), k = k),
                ui.visuals().text_color(),
            ),
            Claim::Waiting => continue,
            Claim::LosesFirst => (
                t!(
                    "lab-pair-loses-first",
                    side = naming.side(side),
                    other = naming.side(other)
                ),
                side_colour(other, dark),
            ),
        };
        ui.label(RichText::new(text).color(colour));
        ui.add_space(2.0);
    }
    if claims.iter().all(|(_, c)| matches!(c, Claim::Stopped(_))) {
        ui.label(RichText::new(t!("lab-pair-draw")).strong());
    }
}

/// What a pairing against `strategy.attacker` says.
fn stops_text(strategy: &PairingStrategy, k: usize, naming: Naming) -> String {
    let side = strategy.attacker;
    match strategy.reply {
        None => t!(
            "lab-pair-stops",
            side = naming.side(side),
            other = naming.side(side.other()),
            k = k,
            pairs = strategy.pairs.len()
        ),
        Some(reply) => t!(
            "lab-pair-stops-after",
            side = naming.side(side),
            other = naming.side(side.other()),
            k = k,
            reply = naming.cell(reply),
            pairs = strategy.pairs.len()
        ),
    }
}

/// Whether the side to move can force a win: searching, the answer, or the line that wins.
/// Returns the node limit to search again with a larger one, when the person asked to.
fn win_ui(
    ui: &mut Ui,
    position: &Position,
    asked: &mut PositionFindings,
    naming: Naming,
) -> Option<u64> {
    let mover = asked.mover;
    let k = position.rule().k();
    ui.separator();
    ui.label(RichText::new(t!("lab-win-heading", side = naming.side(mover))).strong());
    let run = asked.win.as_mut()?;
    match &run.search.found {
        None => searching(ui, &t!("lab-win-searching")),
        Some(Err(why)) => {
            ui.label(t!("lab-win-failed", why = why.clone()));
        }
        Some(Ok(WinSearch::NoWin { nodes })) => {
            ui.label(t!(
                "lab-win-none",
                side = naming.side(mover),
                k = k,
                nodes = count(*nodes)
            ));
        }
        Some(Ok(WinSearch::Unknown { nodes })) => {
            ui.label(t!("lab-win-unknown", nodes = count(*nodes)));
            if ui.button(t!("lab-win-longer")).clicked() {
                return Some(run.node_limit);
            }
        }
        Some(Ok(WinSearch::NotHandled)) => {
            ui.label(t!("lab-win-exact", k = k));
        }
        Some(Ok(WinSearch::Line(line))) => {
            let line = line.clone();
            line_ui(ui, position, &mut run.shown, &line, naming);
        }
    }
    None
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

/// A winning line from `start`: what it says, the buttons that step through it (`shown`:
/// the step the board shows), and its moves, each with what it does.
fn line_ui(ui: &mut Ui, start: &Position, shown: &mut usize, line: &WinningLine, naming: Naming) {
    let winner = line.winner;
    let own_moves = line.moves.len().div_ceil(2);
    ui.label(t!(
        "lab-win-line",
        side = naming.side(winner),
        other = naming.side(winner.other()),
        moves = own_moves
    ));
    let last = line.moves.len();
    step_buttons(ui, shown, last);
    if *shown > 0 {
        ui.label(RichText::new(t!("lab-win-shown", step = *shown, all = last)).weak());
    }
    let mut position = start.clone();
    for (i, &cell) in line.moves.iter().enumerate() {
        let mover = position.side_to_move();
        let threatened = !threats(&position, winner).is_empty();
        if position.play(cell).is_err() {
            break;
        }
        let text = step_text(&position, i + 1, mover, cell, threatened, winner, naming);
        if ui.selectable_label(*shown == i + 1, text).clicked() {
            *shown = i + 1;
        }
    }
}

/// What move `n` of a winning line (`mover` at `cell`, leaving `position`) does: a threat,
/// a block, the line of K.
fn step_text(
    position: &Position,
    n: usize,
    mover: Side,
    cell: Cell,
    threatened: bool,
    winner: Side,
    naming: Naming,
) -> String {
    let k = position.rule().k();
    let played = naming.move_short(mover, cell);
    if mover != winner {
        return if threatened {
            t!("lab-win-block", n = n, played = played)
        } else {
            t!("lab-win-move", n = n, played = played)
        };
    }
    if position.winner() == Some(winner) {
        return t!("lab-win-complete", n = n, played = played, k = k);
    }
    let next = threats(position, winner);
    match next.len() {
        0 => t!("lab-win-move", n = n, played = played),
        1 => t!(
            "lab-win-threat",
            n = n,
            played = played,
            cell = naming.cell(next[0]),
            other = naming.side(winner.other())
        ),
        _ => t!(
            "lab-win-threats",
            n = n,
            played = played,
            cells = next
                .iter()
                .map(|&c| naming.cell(c))
                .collect::<Vec<_>>()
                .join(", "),
            other = naming.side(winner.other())
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pair_is_a_pair_and_more_are_pairs() {
        let strategy = |pairs: Vec<(Cell, Cell)>| PairingStrategy {
            attacker: Side::X,
            pairs,
            reply: None,
        };
        let pair = (Cell::new(0, 0), Cell::new(0, 1));
        let one = stops_text(&strategy(vec![pair]), 3, Naming::MARKS);
        assert!(one.ends_with("(1 pair)."), "{one}");
        let two = stops_text(&strategy(vec![pair, pair]), 3, Naming::MARKS);
        assert!(two.ends_with("(2 pairs)."), "{two}");
    }
}
