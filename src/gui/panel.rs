//! The side panel: game commands, who plays whom, difficulty, board, theme and the
//! learners' view. It edits a copy of the settings and reports what the player asked for
//! as [`Action`]s; the app applies them after drawing.

use egui::{Button, DragValue, RichText, Slider, Ui};

use crate::engine::PlayerKind;
use crate::game::{FirstMover, Mode, Session, Settings};
use crate::rules::{Cell, Rule};

use super::busy;
use super::computer::{Computer, Method, Purpose};
use super::keys;
use super::saved::Prefs;
use super::status;
use crate::game::SOLVABLE_CELLS;

/// What the player asked for through the panel, the board or the keyboard.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A person's move.
    Play(Cell),
    NewGame,
    Undo,
    Redo,
    Hint,
    Save,
    Open,
    Settings(Settings),
    /// Ask the computer for its move again after its search failed.
    Retry,
}

/// The board presets: name, width, height, K.
const PRESETS: [(&str, usize, usize, usize); 4] = [
    ("Classic 3x3", 3, 3, 3),
    ("4x4, 4 in a row", 4, 4, 4),
    ("5x5, 4 in a row", 5, 5, 4),
    ("Gomoku 15x15, 5 in a row", 15, 15, 5),
];

/// The panel over the session and the preferences it may edit.
pub struct ControlPanel<'a> {
    pub session: &'a Session,
    pub prefs: &'a mut Prefs,
    pub computer: &'a Computer,
    pub file_dialog_open: bool,
    pub lab: &'a mut super::lab::Lab,
}

impl ControlPanel<'_> {
    pub fn ui(self, ui: &mut Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        let mut settings = self.session.settings().clone();
        // Always shown: on a small window a panel cut off at the bottom looks complete, and
        // only a visible bar says there is more below.
        egui::ScrollArea::vertical()
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .show(ui, |ui| {
                ui.add_space(4.0);
                self.commands_ui(ui, &mut actions);
                ui.separator();
                self.lab.section_ui(ui);
                ui.separator();
                players_ui(ui, &mut settings);
                ui.separator();
                computer_ui(ui, &mut settings, self.prefs);
                ui.separator();
                board_ui(ui, &mut settings, self.prefs);
                ui.separator();
                self.prefs.theme.ui(ui);
                ui.separator();
                values_ui(ui, self.session, self.prefs, self.computer);
                search_ui(ui, self.session, self.computer);
                ui.separator();
                self.prefs.file_dialog.ui(ui);
            });
        if settings != *self.session.settings() {
            actions.push(Action::Settings(settings));
        }
        actions
    }

    fn commands_ui(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let ctx = ui.ctx().clone();
        let session = self.session;
        let button = |text: &str, shortcut: &egui::KeyboardShortcut| {
            Button::new(text).shortcut_text(ctx.format_shortcut(shortcut))
        };
        ui.heading("Game");
        ui.horizontal_wrapped(|ui| {
            if ui.add(button("New game", &keys::NEW_GAME)).clicked() {
                actions.push(Action::NewGame);
            }
            if ui
                .add_enabled(session.can_undo(), button("Undo", &keys::UNDO))
                .clicked()
            {
                actions.push(Action::Undo);
            }
            if ui
                .add_enabled(session.can_redo(), button("Redo", &keys::REDO))
                .clicked()
            {
                actions.push(Action::Redo);
            }
        });
        ui.horizontal_wrapped(|ui| {
            let can_save_or_open = !self.file_dialog_open;
            if ui
                .add_enabled(can_save_or_open, button("Save game", &keys::SAVE))
                .clicked()
            {
                actions.push(Action::Save);
            }
            if ui
                .add_enabled(can_save_or_open, button("Open game", &keys::OPEN))
                .clicked()
            {
                actions.push(Action::Open);
            }
        });
        ui.horizontal(|ui| {
            let person_to_move =
                matches!(session.player_to_move(), Some(crate::game::Player::Human));
            let hint = ui
                .add_enabled(
                    person_to_move && !self.computer.is_hinting(),
                    Button::new("Hint"),
                )
                .on_hover_text("Shows the best move for the side to move, without playing it");
            if hint.clicked() {
                actions.push(Action::Hint);
            }
            if let Some(since) = self.computer.hinting_since() {
                busy::waiting(ui, "looking for the best move");
                busy::elapsed(ui, since);
            } else if let Some(cell) = self.computer.hint_for(session) {
                ui.label(format!("best: {cell}"));
            }
        });
    }
}

fn players_ui(ui: &mut Ui, settings: &mut Settings) {
    ui.heading("Players");
    ui.radio_value(&mut settings.mode, Mode::HumanVsComputer, "You vs computer");
    ui.radio_value(
        &mut settings.mode,
        Mode::Hotseat,
        "Two players at this computer",
    );
    ui.radio_value(
        &mut settings.mode,
        Mode::ComputerVsComputer,
        "Computer vs computer",
    );
    ui.add_space(4.0);
    ui.add_enabled_ui(settings.mode == Mode::HumanVsComputer, |ui| {
        ui.label("Who moves first (plays X):");
        ui.horizontal(|ui| {
            ui.radio_value(&mut settings.first, FirstMover::Human, "You first");
            ui.radio_value(&mut settings.first, FirstMover::Computer, "Computer first");
        });
    });
}

fn computer_ui(ui: &mut Ui, settings: &mut Settings, prefs: &mut Prefs) {
    ui.heading("Computer");
    let uses_computer = settings.mode != Mode::Hotseat;
    ui.add_enabled_ui(uses_computer, |ui| {
        let rule = settings.rule;
        let engine = PlayerKind::Engine {
            depth: prefs.engine_depth,
            time_ms: time_for(&rule, prefs),
        };
        ui.horizontal_wrapped(|ui| {
            let is_engine = matches!(settings.computer, PlayerKind::Engine { .. });
            if ui.radio(is_engine, "Alpha-beta search").clicked() && !is_engine {
                settings.computer = engine;
            }
            ui.radio_value(&mut settings.computer, PlayerKind::RuleBased, "Rule-based");
            ui.radio_value(&mut settings.computer, PlayerKind::Random, "Random");
        });
        match &mut settings.computer {
            PlayerKind::Engine { depth, time_ms } => {
                difficulty_ui(ui, depth, &rule);
                prefs.engine_depth = *depth;
                if rule.cells() > SOLVABLE_CELLS && time_ms.is_none() {
                    // A large board cannot be searched to the end: never search without a
                    // time limit there (a record from elsewhere may lack one).
                    *time_ms = Some(prefs.large_board_time_ms);
                }
                if let Some(ms) = time_ms {
                    time_ui(ui, ms);
                    prefs.large_board_time_ms = *ms;
                }
                ui.label(RichText::new(status::depth_meaning(*depth, *time_ms, &rule)).weak());
            }
            PlayerKind::RuleBased => {
                ui.label(
                    RichText::new(
                        "Wins if it can, blocks your line, takes the centre, then corners.",
                    )
                    .weak(),
                );
            }
            PlayerKind::Random => {
                ui.label(RichText::new("Plays any empty cell at random.").weak());
            }
        }
    });
}

/// The depth slider with named marks. `None` stands for the full depth.
fn difficulty_ui(ui: &mut Ui, depth: &mut Option<u32>, rule: &Rule) {
    let cells = rule.cells() as u32;
    let mut value = depth.unwrap_or(cells).min(cells);
    ui.add(Slider::new(&mut value, 1..=cells).text("Depth"));
    let full_name = if rule.cells() <= SOLVABLE_CELLS {
        "Perfect"
    } else {
        "Full depth"
    };
    let intermediate = if cells <= 9 { 3 } else { 4 };
    ui.horizontal_wrapped(|ui| {
        for (name, mark) in [
            ("Beginner", 1),
            ("Intermediate", intermediate),
            (full_name, cells),
        ] {
            if ui.selectable_label(value == mark, name).clicked() {
                value = mark;
            }
        }
    });
    *depth = (value < cells).then_some(value);
}

/// The engine's time per move, edited in seconds.
fn time_ui(ui: &mut Ui, ms: &mut u64) {
    ui.horizontal(|ui| {
        let label = ui.label("Time per move (seconds):");
        let mut seconds = *ms as f64 / 1000.0;
        ui.add(
            DragValue::new(&mut seconds)
                .range(0.1..=60.0)
                .speed(0.05)
                .max_decimals(1),
        )
        .labelled_by(label.id);
        *ms = (seconds * 1000.0).round() as u64;
    });
}

/// The engine's time limit on this board: none where it can search to the end.
fn time_for(rule: &Rule, prefs: &Prefs) -> Option<u64> {
    (rule.cells() > SOLVABLE_CELLS).then_some(prefs.large_board_time_ms)
}

fn board_ui(ui: &mut Ui, settings: &mut Settings, prefs: &mut Prefs) {
    ui.heading("Board");
    let mut chosen = None;
    for (name, w, h, k) in PRESETS {
        let rule = Rule::new(w, h, k, false).expect("presets are valid");
        if ui.radio(settings.rule == rule, name).clicked() {
            chosen = Some(rule);
        }
    }
    let is_preset = PRESETS.iter().any(|&(_, w, h, k)| {
        let r = settings.rule;
        (r.width(), r.height(), r.k(), r.exact()) == (w, h, k, false)
    });
    if !is_preset {
        let r = settings.rule;
        // Shown selected, for information: the custom board is changed below.
        let _ = ui.radio(
            true,
            format!("Custom {}x{}, {} in a row", r.width(), r.height(), r.k()),
        );
    }
    egui::CollapsingHeader::new("Custom board").show(ui, |ui| {
        let c = &mut prefs.custom;
        egui::Grid::new("custom board")
            .num_columns(2)
            .show(ui, |ui| {
                for (name, value) in [
                    ("Width", &mut c.width),
                    ("Height", &mut c.height),
                    ("K (in a row)", &mut c.k),
                ] {
                    let label = ui.label(name);
                    ui.add(DragValue::new(value).range(1..=30))
                        .labelled_by(label.id);
                    ui.end_row();
                }
            });
        ui.checkbox(&mut c.exact, "Exactly K (longer lines do not win)");
        match Rule::new(c.width, c.height, c.k, c.exact) {
            Ok(rule) => {
                if ui.button("Play on this board").clicked() {
                    chosen = Some(rule);
                }
            }
            Err(e) => {
                ui.add_enabled(false, Button::new("Play on this board"));
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    status::capitalise(&e.to_string()),
                );
            }
        }
    });
    if let Some(rule) = chosen
        && rule != settings.rule
    {
        settings.rule = rule;
        if let PlayerKind::Engine { time_ms, depth } = &mut settings.computer {
            *time_ms = time_for(&rule, prefs);
            *depth = depth.filter(|&d| (d as usize) < rule.cells());
        }
    }
    if settings.rule.cells() > SOLVABLE_CELLS {
        ui.label(
            RichText::new(format!(
                "Large board: the computer thinks at most {} per move, about the cells within \
                 two of a stone.",
                status::seconds(prefs.large_board_time_ms)
            ))
            .weak(),
        );
    }
}

/// The learners' view of the whole position: what every move is worth, drawn on the board.
fn values_ui(ui: &mut Ui, session: &Session, prefs: &mut Prefs, computer: &Computer) {
    ui.checkbox(&mut prefs.show_values, "Show what each move is worth");
    if !prefs.show_values {
        return;
    }
    let text = if session.settings().rule.cells() > SOLVABLE_CELLS {
        format!(
            "Move values need a board of at most {SOLVABLE_CELLS} cells, where every move can \
             be searched to the end."
        )
    } else if session.outcome().is_some() {
        "The game is over: no moves to value.".to_string()
    } else if computer.is_analysing() {
        let done = computer.values_for(session).map_or(0, <[_]>::len);
        let moves = session.position().empty_count();
        busy::waiting(ui, &format!("{done} of {moves} moves searched to the end"));
        return;
    } else {
        let side = session.position().side_to_move();
        format!(
            "Each empty cell shows what playing there gives {side} with best play by both \
             sides: win or loss in so many plies (this move included), or draw."
        )
    };
    ui.label(RichText::new(text).weak());
}

/// The learners' view: the numbers of the latest search of the position on the board (or
/// of the one before the computer's last move).
fn search_ui(ui: &mut Ui, session: &Session, computer: &Computer) {
    egui::CollapsingHeader::new("Last search (for learners)").show(ui, |ui| {
        let Some(report) = computer.report_for(session) else {
            ui.label(
                "No search of this position yet: the numbers of the computer's next move or \
                 hint appear here.",
            );
            return;
        };
        let what = match report.purpose {
            Purpose::Move => format!("Computer's move for {}", report.side),
            Purpose::Hint => format!("Hint for {}", report.side),
        };
        let best = report.best.map_or("none".to_string(), |c| c.to_string());
        let (value, pv, stats, finished) = match &report.method {
            Method::Search {
                value,
                pv,
                stats,
                finished,
            } => (*value, pv, stats, *finished),
            Method::RuleBased => {
                ui.label(RichText::new(what).strong());
                ui.label(format!(
                    "The rule-based player chose {best} by its fixed rules (win, block, centre, \
                     corners): no search, so no value, depth or nodes."
                ));
                return;
            }
            Method::Random => {
                ui.label(RichText::new(what).strong());
                ui.label(format!(
                    "The random player chose {best} at random: no search, so no value, depth \
                     or nodes."
                ));
                return;
            }
        };
        let state = if finished { "" } else { " (still searching)" };
        ui.label(RichText::new(format!("{what}{state}")).strong());
        let rows = [
            ("Best move", best),
            ("Value", status::value_words(value, report.side)),
            ("Depth reached", stats.depth.to_string()),
            ("Nodes", stats.nodes.to_string()),
            ("Cut-offs", stats.cutoffs.to_string()),
            ("Table hits", stats.tt_hits.to_string()),
            ("Time", format!("{:.3} s", stats.elapsed.as_secs_f64())),
        ];
        for (name, value) in rows {
            ui.label(format!("{name}: {value}"));
        }
        if !pv.is_empty() {
            ui.label("Expected line (principal variation):");
            pv_ui(ui, pv, report.side);
        }
    });
}

/// The expected line, one label per move in a wrapping row, so a line only ever breaks
/// between two moves ("X 2,2" never becomes "X" and "2,2" on two lines).
fn pv_ui(ui: &mut Ui, pv: &[Cell], side: crate::rules::Side) {
    ui.horizontal_wrapped(|ui| {
        // Twice the space inside a move ("X 2,2"), so the eye pairs side and cell correctly.
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let space = ui.ctx().fonts_mut(|f| f.glyph_width(&font, ' '));
        ui.spacing_mut().item_spacing.x = 2.0 * space;
        for words in status::pv_moves(pv, side) {
            ui.add(egui::Label::new(RichText::new(words).monospace()).extend());
        }
    });
}
