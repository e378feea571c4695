//! The post-game review: every move of the game with what it did for the side that played
//! it, and a slider that steps through the game on the board as a preview, never changing
//! the game.
//!
//! On boards the engine searches to the end (up to 25 cells) every move of every position
//! is valued exactly ([`exact`]): the moves that changed the result are marked, with a move
//! that kept it. Beyond that ([`estimated`]) each position is valued by the computer's own
//! engine at a fixed budget of nodes, as one job of the lab on the driver: each move's
//! evaluation before and after, the engine's own choice where the move played differs,
//! forced wins missed or allowed, and a graph of the evaluation over the game with the
//! turning points marked on it. Neither ever names the move played as the better one.

mod estimated;
mod exact;
mod graph;
mod row;

use egui::{RichText, Ui};

use crate::engine::MoveValue;
use crate::game::{Driver, Release, Session, TaskEvent, Ticket, clock};
use crate::lab::review::PositionEval;
use crate::lab::{GameReviewRequest, LabUpdate, ReviewUpdate};
use crate::rules::{Cell, Position, Rule};
use crate::t;

use super::Preview;
use super::analyst::{self, Analyst, AnalystJob};
use crate::gui::naming::Naming;

/// What the searches found so far.
enum Findings {
    /// Boards searched to the end: the exact value of every legal move of each position,
    /// position by position, and those of the position being searched as they come in.
    Exact {
        found: Vec<Vec<MoveValue>>,
        coming: Vec<MoveValue>,
    },
    /// Larger boards: each position's value at the review's budget, in order.
    Estimated(Vec<PositionEval>),
}

/// The game under review and what is known of it so far.
struct Reviewed {
    rule: Rule,
    moves: Vec<Cell>,
    /// The position before each move, and the last one after the game.
    positions: Vec<Position>,
    findings: Findings,
    failure: Option<String>,
}

impl Reviewed {
    fn new(session: &Session) -> Reviewed {
        let rule = session.settings().rule;
        let moves = session.moves().to_vec();
        let mut position = Position::new(rule);
        let mut positions = vec![position.clone()];
        for &cell in &moves {
            // The session's moves were all played on this board.
            let _ = position.play(cell);
            positions.push(position.clone());
        }
        let findings = if clock::is_solvable(&rule) {
            Findings::Exact {
                found: Vec::new(),
                coming: Vec::new(),
            }
        } else {
            Findings::Estimated(Vec::new())
        };
        Reviewed {
            rule,
            moves,
            positions,
            findings,
            failure: None,
        }
    }

    fn is_of(&self, session: &Session) -> bool {
        self.rule == session.settings().rule && self.moves == session.moves()
    }

    /// The positions valued so far, and all that need it: before each move when every move
    /// is valued exactly; every position, the last one too, when each gets an estimate.
    fn progress(&self) -> (usize, usize) {
        match &self.findings {
            Findings::Exact { found, .. } => (found.len(), self.moves.len()),
            Findings::Estimated(evals) => (evals.len(), self.positions.len()),
        }
    }

    fn is_complete(&self) -> bool {
        let (done, all) = self.progress();
        done >= all
    }
}

/// The review view.
pub struct Review {
    driver: Driver,
    /// The exact values' searches, one position at a time.
    analyst: Analyst,
    /// The estimates' job: the positions not valued yet, in order.
    ticket: Option<Ticket<ReviewUpdate>>,
    game: Option<Reviewed>,
    /// The slider: the number of moves shown on the board.
    step: usize,
    /// The hand-back of the review lane's engine (its table, 16 MB) once the review is
    /// done or stopped: nothing reads that table again until the next review.
    released: Option<Ticket<()>>,
}

impl Review {
    /// The view, searching on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> Review {
        Review {
            analyst: Analyst::new(driver.clone(), analyst::REVIEW),
            driver,
            ticket: None,
            game: None,
            step: 0,
            released: None,
        }
    }

    /// Stops the searches and hands back their engine; what was found stays.
    pub fn stop(&mut self) {
        self.analyst.stop();
        self.ticket = None;
        self.release();
    }

    /// Hands back the review lane's engine, once per review.
    fn release(&mut self) {
        if self.game.is_some() && self.released.is_none() {
            self.released = Some(self.driver.request(Release {
                lane: analyst::REVIEW,
            }));
        }
    }

    fn is_busy(&self) -> bool {
        self.analyst.is_busy() || self.ticket.as_ref().is_some_and(Ticket::is_running)
    }

    /// Drops a review of a game no longer on the board, takes in what the searches sent and
    /// asks for what is still missing.
    pub fn poll(&mut self, session: &Session) {
        if self.game.as_ref().is_some_and(|g| !g.is_of(session)) {
            self.stop();
            self.game = None;
        }
        let Some(game) = &mut self.game else {
            return;
        };
        match &mut game.findings {
            Findings::Exact { found, coming } => {
                while let Some(event) = self.analyst.poll() {
                    match event {
                        TaskEvent::Value(value) => coming.push(value),
                        TaskEvent::ValuesDone => found.push(std::mem::take(coming)),
                        TaskEvent::Failed(message) => game.failure = Some(message),
                        TaskEvent::Answer(_)
                        | TaskEvent::Iteration(_)
                        | TaskEvent::EngineFault(_) => {}
                    }
                }
            }
            Findings::Estimated(evals) => {
                while let Some(update) = self.ticket.as_mut().and_then(Ticket::try_next) {
                    match update {
                        LabUpdate::Progress((index, eval)) if index == evals.len() => {
                            evals.push(eval);
                        }
                        LabUpdate::Progress(_) | LabUpdate::Done(_) => {}
                        LabUpdate::Failed(message) => game.failure = Some(message),
                    }
                }
            }
        }
        self.ask_for_more();
    }

    /// Starts the search for what the review still misses, unless one runs (or failed).
    fn ask_for_more(&mut self) {
        let busy = self.is_busy();
        let Some(game) = &mut self.game else { return };
        if busy {
            return;
        }
        if game.failure.is_some() || game.is_complete() {
            self.release();
            return;
        }
        self.released = None;
        match &mut game.findings {
            Findings::Exact { found, coming } => {
                coming.clear();
                self.analyst
                    .ask(&game.positions[found.len()], AnalystJob::Values);
            }
            Findings::Estimated(evals) => {
                let request = GameReviewRequest {
                    positions: game.positions.clone(),
                    first: evals.len(),
                };
                self.ticket = Some(self.driver.request(request));
            }
        }
    }

    fn start(&mut self, session: &Session) {
        self.stop();
        let game = Reviewed::new(session);
        self.step = game.moves.len();
        self.game = Some(game);
        self.poll(session);
    }

    /// The step of the game the slider shows, unless it shows the end (the game itself).
    #[must_use]
    pub fn preview(&self, session: &Session) -> Option<Preview> {
        let game = self.game.as_ref().filter(|g| g.is_of(session))?;
        (self.step < game.moves.len()).then(|| Preview {
            position: game.positions[self.step].clone(),
            last_move: self.step.checked_sub(1).map(|i| game.moves[i]),
        })
    }

    /// The view; sides and cells named as the board shown names them (`naming`).
    pub fn ui(&mut self, ui: &mut Ui, session: &Session, naming: Naming) {
        let intro = if clock::is_solvable(&session.settings().rule) {
            t!("lab-review-intro")
        } else {
            estimated::intro_words(naming)
        };
        ui.label(RichText::new(intro).weak());
        ui.add_space(4.0);
        let current = self.game.as_ref().is_some_and(|g| g.is_of(session));
        if !current && session.outcome().is_some() && !session.moves().is_empty() {
            // A finished game (played, or opened from a record) is reviewed at once.
            self.start(session);
        }
        let current = self.game.as_ref().is_some_and(|g| g.is_of(session));
        if !current {
            if session.moves().is_empty() {
                ui.label(t!("lab-review-no-moves"));
            } else if ui.button(t!("lab-review-start")).clicked() {
                self.start(session);
            }
            return;
        }
        self.progress_ui(ui);
        let Some(game) = &self.game else { return };
        let judged = match &game.findings {
            Findings::Estimated(evals) => Some(estimated::Assessed::of(game, evals)),
            Findings::Exact { .. } => None,
        };
        let chosen = match (&game.findings, &judged) {
            (Findings::Estimated(evals), Some(judged)) => {
                estimated::summary_ui(ui, game, evals, judged, self.step, naming)
            }
            _ => None,
        };
        self.slider_ui(ui);
        ui.separator();
        let Some(game) = &self.game else { return };
        let row = match (&game.findings, &judged) {
            (Findings::Exact { found, .. }, _) => {
                exact::rows_ui(ui, game, found, self.step, naming)
            }
            (Findings::Estimated(_), Some(judged)) => {
                estimated::rows_ui(ui, game, judged, self.step, naming)
            }
            (Findings::Estimated(_), None) => None,
        };
        if let Some(step) = chosen.or(row) {
            self.step = step;
        }
    }

    fn progress_ui(&mut self, ui: &mut Ui) {
        let Some(game) = &self.game else { return };
        if let Some(message) = &game.failure {
            ui.colored_label(ui.visuals().error_fg_color, message);
        } else if game.is_complete() {
            let text = match game.findings {
                Findings::Exact { .. } => t!("lab-review-exact"),
                Findings::Estimated(_) => estimated::budget_words(),
            };
            ui.label(RichText::new(text).weak());
        } else {
            let (done, all) = game.progress();
            let text = t!("lab-review-progress", done = (done + 1).min(all), all = all);
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(text);
                if ui.button(t!("lab-stop")).clicked() {
                    self.stop();
                    if let Some(game) = &mut self.game {
                        game.failure = Some(t!("lab-review-stopped"));
                    }
                }
            });
        }
    }

    fn slider_ui(&mut self, ui: &mut Ui) {
        let Some(game) = &self.game else { return };
        let last = game.moves.len();
        ui.label(t!("lab-review-slider"));
        ui.horizontal(|ui| {
            if ui
                .add_enabled(self.step > 0, egui::Button::new(t!("lab-review-back")))
                .clicked()
            {
                self.step -= 1;
            }
            ui.add(egui::Slider::new(&mut self.step, 0..=last).show_value(false));
            if ui
                .add_enabled(
                    self.step < last,
                    egui::Button::new(t!("lab-review-forward")),
                )
                .clicked()
            {
                self.step += 1;
            }
        });
        let shown = if self.step == last {
            t!("lab-review-at-end")
        } else {
            t!("lab-review-at-step", step = self.step, all = last)
        };
        ui.label(RichText::new(shown).weak());
    }
}
