//! The post-game review: every move of the game with the value of the position before it
//! and what the move left, for the side that played it; the moves that changed the result
//! (a draw thrown into a loss, a win let slip) marked, with the better move beside each; and
//! a slider that steps through the game on the board as a preview, never changing the game.
//!
//! Values are exact on boards the engine searches to the end (up to 25 cells: every move of
//! every position valued); beyond that each position gets a timed search, and only wins and
//! losses it proves count as a change of result.

use egui::{RichText, Ui};

use crate::engine::{MoveValue, Score, Value};
use crate::game::{Chooser, Driver, Event, Session, clock};
use crate::gui::naming::side_name;
use crate::rules::{Cell, Position, Rule, Side};
use crate::t;

use super::Preview;
use super::analyst::{self, Analyst, Job};
use super::words::{result_rank, value_words};

/// What the search found about one position of the game.
#[derive(Clone, Debug)]
enum Found {
    /// Every legal move's exact value.
    Exact(Vec<MoveValue>),
    /// A timed search: the position's score for the side to move and its best move.
    Timed { score: Score, best: Option<Cell> },
}

/// One move of the game, as the review sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    pub side: Side,
    pub cell: Cell,
    /// The position's value for the mover before the move (with best play).
    pub before: Value,
    /// What the move left the mover.
    pub after: Value,
    /// A move that kept `before`, when this one lost something.
    pub better: Option<Cell>,
}

impl MoveReview {
    /// Whether the move changed the result for the worse.
    #[must_use]
    pub fn changed_result(&self) -> bool {
        result_rank(self.after) < result_rank(self.before)
    }
}

/// The game under review and what is known of it so far.
struct Reviewed {
    rule: Rule,
    moves: Vec<Cell>,
    /// The position before each move, and the last one after the game.
    positions: Vec<Position>,
    exact: bool,
    found: Vec<Found>,
    /// Values of the position being searched, as they come in.
    coming: Vec<MoveValue>,
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
        Reviewed {
            rule,
            moves,
            positions,
            exact: clock::is_solvable(&rule),
            found: Vec::new(),
            coming: Vec::new(),
            failure: None,
        }
    }

    fn is_of(&self, session: &Session) -> bool {
        self.rule == session.settings().rule && self.moves == session.moves()
    }

    /// The positions that need a search: before each move; after the last one too when a
    /// timed search gives the value a move left.
    fn needed(&self) -> usize {
        if self.exact {
            self.moves.len()
        } else {
            self.positions.len()
        }
    }

    fn is_complete(&self) -> bool {
        self.found.len() >= self.needed()
    }

    /// The review of move `i`, once the searches it needs are done.
    fn move_review(&self, i: usize) -> Option<MoveReview> {
        let side = self.positions[i].side_to_move();
        let cell = self.moves[i];
        match self.found.get(i)? {
            Found::Exact(values) => {
                let best = values.iter().max_by_key(|m| m.score)?;
                let played = values.iter().find(|m| m.cell == cell)?;
                let mut review = MoveReview {
                    side,
                    cell,
                    before: best.value,
                    after: played.value,
                    better: None,
                };
                if review.changed_result() {
                    review.better = Some(best.cell);
                }
                Some(review)
            }
            Found::Timed { score, best } => {
                let after_score = match self.found.get(i + 1)? {
                    Found::Timed { score, .. } => -score,
                    Found::Exact(_) => return None,
                };
                let mut review = MoveReview {
                    side,
                    cell,
                    before: timed_value(*score),
                    after: timed_value(after_score),
                    better: None,
                };
                if review.changed_result() {
                    review.better = *best;
                }
                Some(review)
            }
        }
    }
}

/// A timed search's score as a value: proved wins and losses; anything else unknown.
fn timed_value(score: Score) -> Value {
    Value::from_score(score, false)
}

/// The review view.
pub struct Review {
    analyst: Analyst,
    game: Option<Reviewed>,
    /// The slider: the number of moves shown on the board.
    step: usize,
}

impl Review {
    /// The view, searching on the window's `driver`.
    #[must_use]
    pub fn new(driver: Driver) -> Review {
        Review {
            analyst: Analyst::new(driver, analyst::REVIEW),
            game: None,
            step: 0,
        }
    }

    /// Stops the searches; what was found stays.
    pub fn stop(&mut self) {
        self.analyst.stop();
    }

    /// Drops a review of a game no longer on the board, takes in what the searches sent and
    /// asks for the next position.
    pub fn poll(&mut self, session: &Session) {
        if self.game.as_ref().is_some_and(|g| !g.is_of(session)) {
            self.analyst.stop();
            self.game = None;
        }
        let Some(game) = &mut self.game else {
            return;
        };
        while let Some(event) = self.analyst.poll() {
            match event {
                Event::Value(value) => game.coming.push(value),
                Event::ValuesDone => game
                    .found
                    .push(Found::Exact(std::mem::take(&mut game.coming))),
                Event::Answer(answer) => {
                    let score = match answer.chooser {
                        Chooser::Search(result) => result.score,
                        Chooser::RuleBased | Chooser::Random => 0,
                    };
                    game.found.push(Found::Timed {
                        score,
                        best: answer.best,
                    });
                }
                Event::Failed(message) => game.failure = Some(message),
                Event::Iteration(_) => {}
            }
        }
        if !self.analyst.is_busy() && game.failure.is_none() && !game.is_complete() {
            let next = game.found.len();
            let job = if game.exact { Job::Values } else { Job::Best };
            game.coming.clear();
            self.analyst.ask(&game.positions[next], job);
        }
    }

    fn start(&mut self, session: &Session) {
        self.analyst.stop();
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

    pub fn ui(&mut self, ui: &mut Ui, session: &Session) {
        ui.label(RichText::new(t!("lab-review-intro")).weak());
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
        self.slider_ui(ui);
        ui.separator();
        self.moves_ui(ui);
    }

    fn progress_ui(&mut self, ui: &mut Ui) {
        let Some(game) = &self.game else { return };
        if let Some(message) = &game.failure {
            ui.colored_label(ui.visuals().error_fg_color, message);
        } else if game.is_complete() {
            let key = if game.exact {
                t!("lab-review-exact")
            } else {
                t!("lab-review-timed")
            };
            ui.label(RichText::new(key).weak());
        } else {
            let text = t!(
                "lab-review-progress",
                done = (game.found.len() + 1).min(game.needed()),
                all = game.needed()
            );
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(text);
                if ui.button(t!("lab-stop")).clicked() {
                    self.analyst.stop();
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

    fn moves_ui(&mut self, ui: &mut Ui) {
        let Some(game) = &self.game else { return };
        let mut chosen = None;
        for i in 0..game.moves.len() {
            let review = game.move_review(i);
            let side = game.positions[i].side_to_move();
            let head = t!(
                "lab-review-move",
                number = i + 1,
                side = side_name(side),
                cell = game.moves[i].to_string()
            );
            let text = match &review {
                Some(r) => t!(
                    "lab-review-values",
                    head = head,
                    before = value_words(r.before),
                    after = value_words(r.after)
                ),
                None => head,
            };
            let selected = self.step == i;
            let mut rich = RichText::new(text);
            if review.as_ref().is_some_and(MoveReview::changed_result) {
                rich = rich.color(ui.visuals().warn_fg_color).strong();
            }
            if ui
                .add(egui::Button::selectable(selected, rich).wrap())
                .clicked()
            {
                chosen = Some(i);
            }
            if let Some(r) = review.filter(MoveReview::changed_result) {
                let better = r.better.map_or_else(String::new, |c| c.to_string());
                let verdict = if matches!(r.before, Value::Win { .. }) {
                    t!("lab-review-win-slipped", better = better)
                } else {
                    t!("lab-review-draw-thrown", better = better)
                };
                ui.label(RichText::new(verdict).color(ui.visuals().warn_fg_color));
            }
        }
        if let Some(i) = chosen {
            self.step = i;
        }
    }
}
