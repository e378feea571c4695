//! The status area above the board: whose turn it is and who that is, or the result (with
//! the opening's choice buttons, Try again and the seconds of a search at its right); the
//! players and the score; the note. It is drawn from what the app hands it and reports what
//! was clicked as [`StatusClick`], which the app applies after drawing. Its height never changes
//! as a game goes, so the board below does not move.

use std::sync::Arc;
use std::time::Instant;

use egui::{Align, FontId, Label, Layout, RichText, Ui, WidgetText};

use crate::game::{Choice, Session};
use crate::t;

use super::busy;
use super::engines::EngineNames;
use super::naming::Naming;
use super::opening::{self, ChoiceButton};
use super::status;

/// The size of the status area's first line, whose turn it is or the result.
const STATUS_SIZE: f32 = 22.0;

/// The rows the status area keeps for its note, whether or not one is shown, so that a note
/// that wraps moves nothing: the rest of a longer one (a long path) shows on hover.
pub const NOTE_ROWS: usize = 2;

/// What the player clicked in the status area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusClick {
    /// Try again, after the computer's search failed.
    Retry,
    /// A choice of the opening.
    Choose(Choice),
}

/// The online game's part of the status area while it is shown.
pub struct OnlineLines {
    /// The headline, the players and clocks, the latest happening.
    pub lines: [String; 3],
    /// When the opening's choice is this player's: whether swap2's two more stones are
    /// offered.
    pub choice: Option<bool>,
}

/// The status area over what it shows.
pub struct StatusArea<'a> {
    pub session: &'a Session,
    /// How the board shown names sides and cells.
    pub naming: Naming,
    /// The names engines from outside go by.
    pub names: EngineNames<'a>,
    /// The note of the moment, and whether it tells of a problem.
    pub note: Option<(&'a str, bool)>,
    /// Why the computer could not move, once its search failed.
    pub failure: Option<&'a str>,
    /// Since when the computer has been thinking about its move.
    pub thinking_since: Option<Instant>,
    /// Since when the computer has been deciding its part of the opening.
    pub opening_since: Option<Instant>,
    /// What the computer's search sees now, while it thinks.
    pub thinking_line: Option<String>,
    /// The online game, shown in place of the window's own.
    pub online: Option<OnlineLines>,
}

impl StatusArea<'_> {
    /// The status area, of one height so the board does not move as the game goes. A line
    /// too long for the window is cut short with an ellipsis and shows the whole text on
    /// hover; the note (a file saved or not opened, settings that could not be read, why the
    /// desktop's file dialog cannot be shown, a search that failed) wraps over the
    /// [`NOTE_ROWS`] rows kept for it, whether or not one is shown.
    pub fn ui(self, ui: &mut Ui) -> Option<StatusClick> {
        if let Some(online) = &self.online {
            return self.online_ui(ui, online);
        }
        let session = self.session;
        ui.add_space(4.0);
        let opening_line = self
            .failure
            .is_none()
            .then(|| opening::headline(session, self.naming, self.opening_since.is_some()))
            .flatten();
        let text = match session.outcome() {
            Some(outcome) => status::result(session, &outcome, self.naming, self.names),
            None if opening_line.is_some() => opening_line.unwrap_or_default(),
            None if self.thinking_since.is_some() => {
                status::thinking(session, self.naming, self.names)
            }
            None if self.failure.is_some() => {
                status::could_not_move(session, self.naming, self.names)
            }
            None => status::turn(session, self.naming, self.names),
        };
        let choices = opening::choices(session, self.naming);
        let mut asked = None;
        let headline = RichText::new(text).size(STATUS_SIZE).strong();
        status_line(ui, headline_height(ui), headline, |ui| {
            if self.failure.is_some() && ui.button(t!("try-again")).clicked() {
                asked = Some(StatusClick::Retry);
            }
            if let Some(since) = self.thinking_since.or(self.opening_since) {
                ui.label(busy::elapsed_text(ui.ctx(), since));
            }
            if let Some(choice) = choice_buttons(ui, &choices) {
                asked = Some(StatusClick::Choose(choice));
            }
        });
        let body_height = ui.text_style_height(&egui::TextStyle::Body);
        players_and_score(
            ui,
            body_height,
            status::players(session, self.naming, self.names),
            [
                status::score(session, self.naming, self.names),
                status::score_short(session, self.naming, self.names),
            ],
        );
        if let Some(message) = self.failure {
            let text = status::failure(session, message);
            let text = RichText::new(status::capitalise(&text)).color(ui.visuals().error_fg_color);
            wrapped_note(ui, body_height, text);
        } else if let Some(line) = self
            .thinking_line
            .filter(|_| !self.note.is_some_and(|(_, error)| error))
        {
            // What the search sees now matters more than an older word of information; it
            // changes as the search goes, so it keeps to one line.
            note_room(ui, body_height, |ui| {
                status_line(ui, body_height, RichText::new(line).weak(), |_| {});
            });
        } else if let Some((text, error)) = self.note {
            // A note is read whole: it wraps, in the room kept for it.
            wrapped_note(ui, body_height, note_text(ui, text, error));
        } else {
            note_room(ui, body_height, |_| {});
        }
        ui.add_space(2.0);
        asked
    }

    /// The status area while an online game is shown: its headline (with the opening's
    /// choice buttons when the choice is this player's), the players and clocks, and the
    /// latest happening (or the window's note, which is newer when there is one).
    fn online_ui(&self, ui: &mut Ui, online: &OnlineLines) -> Option<StatusClick> {
        let [headline, players, last] = online.lines.clone();
        ui.add_space(4.0);
        let headline = RichText::new(headline).size(STATUS_SIZE).strong();
        let choices = online
            .choice
            .map(|place_two| opening::choice_list(place_two, self.naming))
            .unwrap_or_default();
        let mut clicked = None;
        status_line(ui, headline_height(ui), headline, |ui| {
            clicked = choice_buttons(ui, &choices);
        });
        let body_height = ui.text_style_height(&egui::TextStyle::Body);
        status_line(ui, body_height, players, |_| {});
        let text = match self.note {
            Some((text, error)) => note_text(ui, text, error),
            None => RichText::new(last),
        };
        wrapped_note(ui, body_height, text);
        ui.add_space(2.0);
        clicked.map(StatusClick::Choose)
    }
}

/// The height of the headline's row.
fn headline_height(ui: &Ui) -> f32 {
    ui.ctx()
        .fonts_mut(|f| f.row_height(&FontId::proportional(STATUS_SIZE)))
}

/// A note's text, a problem in the warning colour.
fn note_text(ui: &Ui, text: &str, error: bool) -> RichText {
    let text = RichText::new(text);
    if error {
        text.color(ui.visuals().warn_fg_color)
    } else {
        text
    }
}

/// The buttons of the opening's choice, right to left (the headline's tail); the choice
/// clicked.
fn choice_buttons(ui: &mut Ui, buttons: &[ChoiceButton]) -> Option<Choice> {
    let mut picked = None;
    for button in buttons {
        if ui
            .button(button.text.as_str())
            .on_hover_text(button.about.as_str())
            .clicked()
        {
            picked = Some(button.choice);
        }
    }
    picked
}

/// The players and the score: on one row where both fit, else each on a row of its own (the
/// score names its board and mode, so it can be long, and leaves them out where the whole
/// does not fit); a row still too long for the window is cut short, with the whole text on
/// hover. The rows change only with the window's width or the settings, never as a game goes.
fn players_and_score(ui: &mut Ui, height: f32, players: String, [score, short]: [String; 2]) {
    let width_of = |ui: &Ui, text: &str| {
        WidgetText::from(text)
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Body,
            )
            .size()
            .x
    };
    let gap = 3.0 * ui.spacing().item_spacing.x + ui.spacing().item_spacing.x;
    let needed = width_of(ui, &players) + width_of(ui, &score) + gap;
    if needed <= ui.available_width() {
        status_line(ui, height, players, |ui| {
            ui.add(Label::new(score));
            ui.separator();
        });
        return;
    }
    status_line(ui, height, players, |_| {});
    // The score without its board and mode where the whole does not fit (the board is in
    // view beside it), the whole on hover.
    if width_of(ui, &score) <= ui.available_width() {
        status_line(ui, height, score, |_| {});
    } else {
        let size = egui::vec2(ui.available_width(), height);
        ui.allocate_ui_with_layout(size, Layout::left_to_right(Align::Center), |ui| {
            ui.set_min_height(height);
            ui.add(Label::new(short).truncate()).on_hover_text(score);
        });
    }
}

/// One line of the status area, `height` points high: `text` from the left, cut to the
/// width that `tail` (drawn from the right edge, its first widget rightmost) leaves.
fn status_line(ui: &mut Ui, height: f32, text: impl Into<WidgetText>, tail: impl FnOnce(&mut Ui)) {
    let size = egui::vec2(ui.available_width(), height);
    ui.allocate_ui_with_layout(size, Layout::right_to_left(Align::Center), |ui| {
        ui.set_min_height(height);
        tail(ui);
        ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
            ui.add(Label::new(text).truncate());
        });
    });
}

/// The status area's room for the note, [`NOTE_ROWS`] rows of `row_height` high whatever
/// `contents` draws there.
fn note_room(ui: &mut Ui, row_height: f32, contents: impl FnOnce(&mut Ui)) {
    let height = NOTE_ROWS as f32 * row_height;
    ui.allocate_ui_with_layout(
        egui::vec2(ui.available_width(), height),
        Layout::top_down(Align::Min),
        |ui| {
            ui.set_min_height(height);
            contents(ui);
        },
    );
}

/// The status area's note: `text` wrapped over up to [`NOTE_ROWS`] rows of `row_height`, in
/// the room kept for it.
fn wrapped_note(ui: &mut Ui, row_height: f32, text: RichText) {
    let mut job = Arc::unwrap_or_clone(WidgetText::from(text).into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        Align::Center,
    ));
    job.wrap.max_rows = NOTE_ROWS;
    job.wrap.overflow_character = Some('…');
    note_room(ui, row_height, |ui| {
        ui.add(Label::new(job).wrap());
    });
}
