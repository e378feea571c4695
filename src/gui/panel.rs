//! The side panel: the language, then tabs: the game (commands, who plays whom, difficulty,
//! board), play online, engines from outside, the learners' view, and the options. It reads the session, the preferences, the lab and the lessons, edits
//! copies of the settings and the preferences, and reports what the player asked for as
//! [`AppAction`]s; the app applies them after drawing, so the whole frame shows one state. Only
//! the online section still edits its own fields (its name and ticket text) in place.

use egui::{Button, DragValue, RichText, Slider, Ui};

use crate::engine::{PlayerKind, SearchResult};
use crate::game::{Chooser, FirstMover, Mode, OpeningRule, Session, Settings, clock, ranges};
use crate::rules::threats;
use crate::rules::{Cell, Rule, Side};

use super::board::BoardLook;
use super::busy;
use super::computer::{Computer, Purpose, SearchReport};
use super::files::FileAction;
use super::gomoku_rule::{self, GomokuRule};
use super::i18n::Language;
use super::keys;
use super::naming::Naming;
use super::opening;
use super::saved::{CustomBoard, Prefs};
use super::status;
use crate::t;

/// What the player asked for through the panel, the board or the keyboard.
#[derive(Clone, Debug)]
pub enum AppAction {
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
    /// Something asked of the online section.
    Online(super::online::OnlineRequest),
    /// The preferences as the panel edited them (theme, language, look, learners' options,
    /// the custom board's fields, the computer's depth and time).
    Prefs(Box<Prefs>),
    /// Open (`true`) or close the learners' lab.
    Lab(bool),
    /// Forget the computer's lessons from lost games.
    ForgetLessons,
    /// A person's choice in a swap opening.
    Choose(crate::game::Choice),
    /// What the learners' grader asked: save its report, or study a mistake in the game.
    Grader(super::lab::GraderRequest),
}

/// The board presets: width, height, K.
const PRESETS: [(usize, usize, usize); 4] = [(3, 3, 3), (4, 4, 4), (5, 5, 4), (15, 15, 5)];

/// A preset's name in the panel: "Classic 3x3", "5x5, 4 in a row", "Gomoku 15x15, 5 in a row".
fn preset_name(width: usize, height: usize, k: usize) -> String {
    let size = format!("{width}x{height}");
    match (width, height, k) {
        (3, 3, 3) => t!("preset-classic", size = size),
        (15, 15, 5) => t!("preset-gomoku", size = size, k = k),
        _ => status::board_name(&Rule::new(width, height, k, false).expect("presets are valid")),
    }
}

/// The panel over what it shows; what it would change comes back as [`AppAction`]s.
pub struct ControlPanel<'a> {
    pub session: &'a Session,
    pub prefs: &'a Prefs,
    pub computer: &'a Computer,
    pub lessons: &'a super::lessons::LessonsView,
    pub file_dialog_open: bool,
    pub lab: &'a super::lab::Lab,
    pub online: &'a super::online::Online,
    /// Whether the board area shows the online game in this frame.
    pub online_shown: bool,
    /// How the board shown in this frame names sides and cells.
    pub naming: Naming,
    /// The section of engines from outside (what is typed there, what is being asked).
    pub engines: &'a mut super::engines::EnginesView,
}

/// The panel's tabs: the game as the design card has it first, everything else each in a
/// place of its own, so that the first screen holds what a player comes for without
/// scrolling and nothing of another feature grows between its rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PanelTab {
    /// New game, undo and redo, the players, the computer's strength and the board.
    #[default]
    Play,
    /// Play online: hosting, joining, the games on this network.
    Online,
    /// Engines from outside and the seats they play.
    Engines,
    /// The learners' lab, the values of moves, the last search, the computer's lessons.
    Learn,
    /// The theme, the board's look, the file dialog.
    Options,
}

impl PanelTab {
    const ALL: [PanelTab; 5] = [
        PanelTab::Play,
        PanelTab::Online,
        PanelTab::Engines,
        PanelTab::Learn,
        PanelTab::Options,
    ];

    fn name(self) -> String {
        match self {
            PanelTab::Play => t!("tab-play"),
            PanelTab::Online => t!("tab-online"),
            PanelTab::Engines => t!("tab-engines"),
            PanelTab::Learn => t!("tab-learn"),
            PanelTab::Options => t!("tab-options"),
        }
    }
}

/// The row of tabs; the tab shown is kept in egui's memory, like a folded section.
fn tabs_ui(ui: &mut Ui) -> PanelTab {
    let id = egui::Id::unique("panel tab");
    let mut tab = ui.data(|d| d.get_temp::<PanelTab>(id)).unwrap_or_default();
    ui.horizontal_wrapped(|ui| {
        // Close together, so that the five fit on one row of the panel.
        ui.spacing_mut().item_spacing.x = 2.0;
        ui.spacing_mut().button_padding.x = 3.0;
        for choice in PanelTab::ALL {
            ui.selectable_value(&mut tab, choice, choice.name());
        }
    });
    ui.data_mut(|d| d.insert_temp(id, tab));
    tab
}

impl ControlPanel<'_> {
    pub fn ui(self, ui: &mut Ui) -> Vec<AppAction> {
        let mut actions = Vec::new();
        let mut settings = self.session.settings().clone();
        let mut prefs = self.prefs.clone();
        ui.add_space(4.0);
        // First, so that switching languages (which rewraps the rows below) never moves the
        // buttons: a second click where the first was still hits. On every tab, each
        // language named in its own words, for a player who cannot read the current one.
        language_ui(ui, &mut prefs);
        ui.separator();
        // The window's own game is set aside while the online one is shown: its section only.
        let tab = if self.online_shown {
            PanelTab::Online
        } else {
            let tab = tabs_ui(ui);
            ui.separator();
            tab
        };
        // Always shown: on a small window a panel cut off at the bottom looks complete, and
        // only a visible bar says there is more below.
        egui::ScrollArea::vertical()
            .id_salt(tab)
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .show(ui, |ui| match tab {
                PanelTab::Play => self.play_ui(ui, &mut settings, &mut prefs, &mut actions),
                PanelTab::Online => {
                    let opening = prefs.opening_rule;
                    let asked = self
                        .online
                        .section_ui(ui, settings.rule, opening, self.naming);
                    actions.extend(asked.into_iter().map(AppAction::Online));
                }
                PanelTab::Learn => self.learn_ui(ui, &mut prefs, &mut actions),
                PanelTab::Options => {
                    prefs.theme.ui(ui);
                    ui.separator();
                    board_look_ui(ui, &mut prefs, self.session, self.naming);
                    ui.separator();
                    prefs.file_dialog.ui(ui);
                }
                PanelTab::Engines => {
                    self.engines.ui(ui, &mut prefs.engines, &mut settings);
                    ui.separator();
                    super::engines::seats_ui(ui, &mut settings, &prefs.engines, self.naming);
                }
            });
        // The preferences first: a custom board's new game then starts under the opening
        // the board asked for (see `board_ui`), and its note is the board's.
        if prefs != *self.prefs {
            actions.push(AppAction::Prefs(Box::new(prefs)));
        }
        if settings != *self.session.settings() {
            actions.push(AppAction::Settings(settings));
        }
        actions
    }

    /// The first tab, the design card's: the game's commands, who plays, the computer's
    /// strength and the board.
    fn play_ui(
        &self,
        ui: &mut Ui,
        settings: &mut Settings,
        prefs: &mut Prefs,
        actions: &mut Vec<AppAction>,
    ) {
        self.commands_ui(ui, actions);
        ui.separator();
        players_ui(ui, settings, self.naming);
        ui.separator();
        computer_ui(ui, settings, prefs);
        ui.separator();
        board_ui(ui, settings, prefs);
    }

    /// The learners' tab: the lab, what every move is worth, the last search, the
    /// computer's lessons.
    fn learn_ui(&self, ui: &mut Ui, prefs: &mut Prefs, actions: &mut Vec<AppAction>) {
        if let Some(open) = self.lab.section_ui(ui) {
            actions.push(AppAction::Lab(open));
        }
        ui.separator();
        values_ui(ui, self.session, prefs, self.computer, self.naming);
        search_ui(ui, self.session, self.computer, self.naming);
        ui.separator();
        if self.lessons.ui(ui) {
            actions.push(AppAction::ForgetLessons);
        }
    }

    fn commands_ui(&self, ui: &mut Ui, actions: &mut Vec<AppAction>) {
        let ctx = ui.ctx().clone();
        let session = self.session;
        let button = |text: &str, shortcut: &egui::KeyboardShortcut| {
            Button::new(text).shortcut_text(ctx.format_shortcut(shortcut))
        };
        // No heading: the tab names the game. Four rows: new game and undo, redo and the
        // hint, save, open.
        ui.horizontal_wrapped(|ui| {
            if ui.add(button(&t!("new-game"), &keys::NEW_GAME)).clicked() {
                actions.push(AppAction::NewGame);
            }
            if ui
                .add_enabled(session.can_undo(), button(&t!("undo"), &keys::UNDO))
                .clicked()
            {
                actions.push(AppAction::Undo);
            }
        });
        ui.horizontal(|ui| {
            if ui
                .add_enabled(session.can_redo(), button(&t!("redo"), &keys::REDO))
                .clicked()
            {
                actions.push(AppAction::Redo);
            }
            self.hint_ui(ui, actions);
        });
        ui.horizontal_wrapped(|ui| {
            let can_save_or_open = !self.file_dialog_open;
            if ui
                .add_enabled(
                    can_save_or_open,
                    button(&FileAction::Save.title(), &keys::SAVE),
                )
                .clicked()
            {
                actions.push(AppAction::Save);
            }
            if ui
                .add_enabled(
                    can_save_or_open,
                    button(&FileAction::Open.title(), &keys::OPEN),
                )
                .clicked()
            {
                actions.push(AppAction::Open);
            }
        });
    }

    /// The hint button, and what it found (or that it is looking).
    fn hint_ui(&self, ui: &mut Ui, actions: &mut Vec<AppAction>) {
        let session = self.session;
        let person_to_move = matches!(session.player_to_move(), Some(crate::game::Player::Human));
        let hint = ui
            .add_enabled(
                person_to_move && !self.computer.is_hinting(),
                Button::new(t!("hint")),
            )
            .on_hover_text(t!("hint-hover"));
        if hint.clicked() {
            actions.push(AppAction::Hint);
        }
        // In what the row leaves, cut short with the whole on hover: the rows below stay.
        if let Some(since) = self.computer.hinting_since() {
            ui.label(busy::elapsed_text(ui.ctx(), since));
            ui.add(egui::Label::new(format!("{}…", t!("hint-looking"))).truncate());
        } else if let Some(cell) = self.computer.hint_for(session) {
            let best = t!("hint-best", cell = self.naming.cell(cell));
            ui.add(egui::Label::new(best).truncate());
        }
    }
}

fn players_ui(ui: &mut Ui, settings: &mut Settings, naming: Naming) {
    ui.label(RichText::new(t!("players-heading")).strong());
    ui.radio_value(
        &mut settings.mode,
        Mode::HumanVsComputer,
        t!("mode-vs-computer"),
    );
    ui.radio_value(&mut settings.mode, Mode::Hotseat, t!("mode-two-players"));
    ui.radio_value(
        &mut settings.mode,
        Mode::ComputerVsComputer,
        t!("mode-computers"),
    );
    ui.add_space(4.0);
    ui.add_enabled_ui(settings.mode == Mode::HumanVsComputer, |ui| {
        ui.label(t!("who-first", first = naming.side(Side::X)));
        ui.horizontal(|ui| {
            ui.radio_value(&mut settings.first, FirstMover::Human, t!("you-first"));
            ui.radio_value(
                &mut settings.first,
                FirstMover::Computer,
                t!("computer-first"),
            );
        });
    });
}

fn computer_ui(ui: &mut Ui, settings: &mut Settings, prefs: &mut Prefs) {
    ui.label(RichText::new(t!("computer-heading")).strong());
    let uses_computer = settings.mode != Mode::Hotseat;
    ui.add_enabled_ui(uses_computer, |ui| {
        let rule = settings.rule;
        let engine = PlayerKind::Engine {
            depth: prefs.engine_depth,
            time_ms: clock::time_setting(&rule, prefs.large_board_time_ms),
        };
        ui.horizontal_wrapped(|ui| {
            let is_engine = matches!(settings.computer, PlayerKind::Engine { .. });
            if ui.radio(is_engine, t!("computer-engine")).clicked() && !is_engine {
                settings.computer = engine;
            }
            ui.radio_value(
                &mut settings.computer,
                PlayerKind::RuleBased,
                t!("computer-rule-based"),
            );
            ui.radio_value(
                &mut settings.computer,
                PlayerKind::Random,
                t!("computer-random"),
            );
        });
        match &mut settings.computer {
            PlayerKind::Engine { depth, time_ms } => {
                difficulty_ui(ui, depth, &rule);
                prefs.engine_depth = *depth;
                *time_ms = clock::time_required(&rule, *time_ms, prefs.large_board_time_ms);
                // Shown on every board (greyed where the search goes to the end), so the
                // rows below keep their places when the board changes.
                let mut ms = time_ms.unwrap_or(prefs.large_board_time_ms);
                ui.add_enabled_ui(time_ms.is_some(), |ui| time_ui(ui, &mut ms));
                if let Some(time) = time_ms {
                    *time = ms;
                    prefs.large_board_time_ms = ms;
                }
                let meaning = status::depth_meaning(*depth, *time_ms, &rule);
                steady_label(
                    ui,
                    meaning,
                    &depth_meanings(&rule, prefs.large_board_time_ms),
                );
            }
            PlayerKind::RuleBased => {
                ui.label(RichText::new(t!("computer-rule-based-about")).weak());
            }
            PlayerKind::Random => {
                ui.label(RichText::new(t!("computer-random-about")).weak());
            }
        }
    });
}

/// The longest things the depth's meaning may say, on this board or a large one: room kept
/// for them, so that a change of depth or board moves nothing below.
fn depth_meanings(rule: &Rule, large_board_ms: u64) -> Vec<String> {
    let large = Rule::new(15, 15, 5, false).expect("a valid board");
    vec![
        status::depth_meaning(Some(2), None, rule),
        status::depth_meaning(None, None, rule),
        status::depth_meaning(Some(2), Some(large_board_ms), &large),
        status::depth_meaning(None, Some(large_board_ms), &large),
    ]
}

/// A weak label kept as tall as the tallest of `alternatives` would be at this width (the
/// other things it may say), so that the rows below do not move when it changes: a control
/// stays where the pointer found it.
fn steady_label(ui: &mut Ui, text: String, alternatives: &[String]) {
    let width = ui.available_width();
    let height = alternatives
        .iter()
        .chain([&text])
        .map(|t| {
            egui::WidgetText::from(RichText::new(t.as_str()).weak())
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    width,
                    egui::TextStyle::Body,
                )
                .size()
                .y
        })
        .fold(0.0, f32::max);
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(egui::vec2(width, height), layout, |ui| {
        ui.set_min_height(height);
        ui.label(RichText::new(text).weak());
    });
}

/// The depth slider with named marks. `None` stands for the full depth.
fn difficulty_ui(ui: &mut Ui, depth: &mut Option<u32>, rule: &Rule) {
    let depths = ranges::depth_on(rule);
    let cells = *depths.end();
    let mut value = depth.unwrap_or(cells).min(cells);
    ui.add(Slider::new(&mut value, depths).text(t!("depth")));
    let full_name = if clock::is_solvable(rule) {
        t!("level-perfect")
    } else {
        t!("level-full-depth")
    };
    let intermediate = if cells <= 9 { 3 } else { 4 };
    // As tall as the row is with the longer name of the full depth, so that a change of
    // board, which changes that name, moves nothing below.
    let height = levels_height(ui);
    let top = ui.cursor().top();
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = LEVELS_SPACING;
        for (name, mark) in [
            (t!("level-beginner"), 1),
            (t!("level-intermediate"), intermediate),
            (full_name, cells),
        ] {
            if ui.selectable_label(value == mark, name).clicked() {
                value = mark;
            }
        }
    });
    let used = ui.cursor().top() - top;
    ui.add_space((height + ui.spacing().item_spacing.y - used).max(0.0));
    *depth = (value < cells).then_some(value);
}

/// The space between the named depths: close enough for the three to share a row in the
/// panel, in English and Chinese.
const LEVELS_SPACING: f32 = 4.0;

/// The height of the row of named depths with the longer of the full depth's two names: one
/// row where it fits, else two.
fn levels_height(ui: &Ui) -> f32 {
    let spacing = ui.spacing();
    let pad = 2.0 * spacing.button_padding.x + LEVELS_SPACING;
    let width_of = |text: String| {
        egui::WidgetText::from(text)
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Button,
            )
            .size()
            .x
            + pad
    };
    let names = width_of(t!("level-beginner")) + width_of(t!("level-intermediate"));
    let full = width_of(t!("level-perfect")).max(width_of(t!("level-full-depth")));
    let row = spacing.interact_size.y;
    if names + full > ui.available_width() {
        2.0 * row + spacing.item_spacing.y
    } else {
        row
    }
}

/// The engine's time per move, edited in seconds.
fn time_ui(ui: &mut Ui, ms: &mut u64) {
    ui.horizontal(|ui| {
        let label = ui.label(t!("time-per-move"));
        let mut seconds = *ms as f64 / 1000.0;
        let (least, most) = ranges::TIME_PER_MOVE_MS.into_inner();
        ui.add(
            DragValue::new(&mut seconds)
                .range(least as f64 / 1000.0..=most as f64 / 1000.0)
                .speed(0.05)
                .max_decimals(1),
        )
        .labelled_by(label.id);
        *ms = (seconds * 1000.0).round() as u64;
    });
}

/// The preset `(w, h, k)` as it is played: the gomoku board by the gomoku rule chosen, the
/// others with K or more.
fn preset_rule((w, h, k): (usize, usize, usize), gomoku: GomokuRule) -> Rule {
    let rule = Rule::new(w, h, k, false).expect("presets are valid");
    if GomokuRule::of(&rule).is_some() {
        gomoku.rule()
    } else {
        rule
    }
}

/// Whether `rule` is the preset `(w, h, k)`: the gomoku board by any of its rules.
fn is_preset_board(rule: &Rule, (w, h, k): (usize, usize, usize)) -> bool {
    let same_size = (rule.width(), rule.height(), rule.k()) == (w, h, k);
    same_size && (GomokuRule::of(rule).is_some() || !rule.exact())
}

fn board_ui(ui: &mut Ui, settings: &mut Settings, prefs: &mut Prefs) {
    ui.label(RichText::new(t!("board-heading")).strong());
    let mut chosen = None;
    let gomoku = GomokuRule::of(&settings.rule);
    for preset in PRESETS {
        let (w, h, k) = preset;
        if ui
            .radio(
                is_preset_board(&settings.rule, preset),
                preset_name(w, h, k),
            )
            .clicked()
        {
            chosen = Some(preset_rule(preset, gomoku.unwrap_or(prefs.gomoku_rule)));
        }
    }
    // Right under the gomoku board, in every state, so nothing below moves.
    if let Some(rule) = gomoku_rule::row_ui(ui, gomoku, prefs.gomoku_rule) {
        prefs.gomoku_rule = rule;
        chosen = Some(rule.rule());
    }
    let applies = crate::game::opening::applies(&settings.rule);
    if let Some(rule) = opening_row_ui(ui, applies, prefs.opening_rule) {
        prefs.opening_rule = rule;
    }
    let is_preset = PRESETS
        .iter()
        .any(|&preset| is_preset_board(&settings.rule, preset));
    if !is_preset {
        let r = settings.rule;
        // Shown selected, for information: the custom board is changed below.
        let _ = ui.radio(
            true,
            t!(
                "custom-current",
                size = format!("{}x{}", r.width(), r.height()),
                k = r.k()
            ),
        );
    }
    if let Some(rule) = custom_board_ui(ui, &mut prefs.custom) {
        // A board of one's own starts without an opening, whatever was chosen for gomoku:
        // the row above then says Free, and can turn one on where the board takes it.
        prefs.opening_rule = OpeningRule::Free;
        chosen = Some(rule);
    }
    if let Some(rule) = chosen
        && rule != settings.rule
    {
        settings.rule = rule;
        if let PlayerKind::Engine { time_ms, depth } = &mut settings.computer {
            *time_ms = clock::time_setting(&rule, prefs.large_board_time_ms);
            *depth = depth.filter(|&d| (d as usize) < rule.cells());
        }
    }
    // Said of every board, in room for the longer of the two, so the rows below stay put
    // when the board changes.
    let large = t!(
        "large-board",
        time = busy::seconds(prefs.large_board_time_ms)
    );
    let small = t!("small-board");
    let text = if clock::is_solvable(&settings.rule) {
        small.clone()
    } else {
        large.clone()
    };
    steady_label(ui, text, &[small, large]);
}

/// The row of openings under the gomoku rule's: always there, so nothing below moves, and
/// greyed unless the board is one that swap opens (`applies`). Returns the rule clicked.
fn opening_row_ui(ui: &mut Ui, applies: bool, current: OpeningRule) -> Option<OpeningRule> {
    let mut picked = None;
    ui.indent("opening rule", |ui| {
        ui.add_enabled_ui(applies, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(t!("opening-label"));
                for rule in OpeningRule::ALL {
                    let response = ui
                        .radio(current == rule, opening::name(rule))
                        .on_hover_text(opening::about(rule))
                        .on_disabled_hover_text(t!("opening-off"));
                    if response.clicked() && rule != current {
                        picked = Some(rule);
                    }
                }
            });
        });
    });
    picked
}

/// The custom board's fields, folded away until opened: the board to play on when its
/// button is pressed.
fn custom_board_ui(ui: &mut Ui, c: &mut CustomBoard) -> Option<Rule> {
    let mut chosen = None;
    egui::CollapsingHeader::new(t!("custom-board"))
        .id_salt("custom board")
        .show(ui, |ui| {
            egui::Grid::new("custom board")
                .num_columns(2)
                .show(ui, |ui| {
                    for (name, value) in [
                        (t!("custom-width"), &mut c.width),
                        (t!("custom-height"), &mut c.height),
                        (t!("custom-k"), &mut c.k),
                    ] {
                        let label = ui.label(name);
                        ui.add(DragValue::new(value).range(ranges::BOARD_FIELD))
                            .labelled_by(label.id);
                        ui.end_row();
                    }
                });
            ui.checkbox(&mut c.exact, t!("custom-exact"));
            match Rule::new(c.width, c.height, c.k, c.exact) {
                Ok(rule) => {
                    if ui.button(t!("custom-play")).clicked() {
                        chosen = Some(rule);
                    }
                }
                Err(e) => {
                    ui.add_enabled(false, Button::new(t!("custom-play")));
                    ui.colored_label(ui.visuals().error_fg_color, status::rule_error(&e));
                }
            }
        });
    chosen
}

/// The width of the language chooser's label, room for it in every language.
const LANGUAGE_LABEL_WIDTH: f32 = 80.0;

/// The language chooser: each language named in its own words, so a player who cannot read
/// the window's current language still finds theirs.
fn language_ui(ui: &mut Ui, prefs: &mut Prefs) {
    let current = prefs.language();
    ui.horizontal(|ui| {
        // As wide in every language, so the buttons after it keep their places.
        let size = egui::vec2(LANGUAGE_LABEL_WIDTH, ui.spacing().interact_size.y);
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        ui.allocate_ui_with_layout(size, layout, |ui| {
            ui.set_min_width(LANGUAGE_LABEL_WIDTH);
            ui.add(egui::Label::new(t!("language-label")).truncate());
        });
        for language in Language::ALL {
            if ui
                .selectable_label(current == language, language.own_name())
                .clicked()
            {
                prefs.language = Some(language);
            }
        }
    });
}

/// The learners' view of the whole position: what every move is worth, drawn on the board.
fn values_ui(
    ui: &mut Ui,
    session: &Session,
    prefs: &mut Prefs,
    computer: &Computer,
    naming: Naming,
) {
    ui.checkbox(&mut prefs.show_values, t!("show-values"));
    if !prefs.show_values {
        return;
    }
    let text = if !clock::is_solvable(&session.settings().rule) {
        t!("values-board-too-large", cells = clock::SOLVABLE_CELLS)
    } else if session.outcome().is_some() {
        t!("values-game-over")
    } else if computer.is_analysing() {
        let done = computer.values_for(session).map_or(0, <[_]>::len);
        let moves = session.position().empty_count();
        busy::waiting(ui, &t!("values-searching", done = done, moves = moves));
        return;
    } else {
        let side = session.position().side_to_move();
        t!("values-about", side = naming.side(side))
    };
    ui.label(RichText::new(text).weak());
}

/// The learners' view: who chose the latest move or hint for the position on the board (or
/// the one before the computer's last move), and the numbers of its search when a search
/// chose it.
fn search_ui(ui: &mut Ui, session: &Session, computer: &Computer, naming: Naming) {
    egui::CollapsingHeader::new(t!("search-heading"))
        .id_salt("last search")
        .show(ui, |ui| match computer.report_for(session) {
            Some(report) => report_ui(ui, report, naming),
            None => {
                ui.label(t!("search-none-yet"));
            }
        });
}

/// One report: a heading, where the move came from, and the search's numbers if any.
fn report_ui(ui: &mut Ui, report: &SearchReport, naming: Naming) {
    let side = naming.side(report.side);
    let what = match report.purpose {
        Purpose::Move => t!("search-move-for", side = side),
        Purpose::Hint => t!("search-hint-for", side = side),
    };
    let heading = if report.finished {
        what
    } else {
        t!("search-still-searching", what = what)
    };
    ui.label(RichText::new(heading).strong());
    let best = report
        .best
        .map_or(t!("search-no-move"), |cell| naming.cell(cell));
    match &report.chooser {
        Chooser::Search(result) => {
            ui.label(t!("search-best", value = best));
            search_numbers_ui(ui, result, report.side, naming);
        }
        Chooser::Lessons { result, avoided } => {
            let avoided = naming.cell(*avoided);
            ui.label(t!("search-lessons", best = best, avoided = avoided));
            search_numbers_ui(ui, result, report.side, naming);
        }
        Chooser::Book => {
            ui.label(t!("search-book", best = best));
        }
        Chooser::RuleBased => {
            ui.label(t!("search-rule-based", best = best));
        }
        Chooser::Random => {
            ui.label(t!("search-random", best = best));
        }
        Chooser::Engine(name) => {
            ui.label(t!("search-engine", best = best, name = name.as_str()));
        }
    }
}

/// A search's value for `side`, its counters and its expected line.
fn search_numbers_ui(ui: &mut Ui, result: &SearchResult, side: Side, naming: Naming) {
    let stats = &result.stats;
    let rows = [
        t!(
            "search-value",
            value = status::value_words(result.value, status::Wording::Winner(side, naming))
        ),
        t!("search-depth", value = stats.depth),
        t!("search-nodes", value = stats.nodes),
        t!("search-cutoffs", value = stats.cutoffs),
        t!("search-table-hits", value = stats.tt_hits),
        t!(
            "search-time",
            seconds = format!("{:.3}", stats.elapsed.as_secs_f64())
        ),
    ];
    for row in rows {
        ui.label(row);
    }
    if !result.pv.is_empty() {
        ui.label(t!("search-pv"));
        pv_ui(ui, &result.pv, side, naming);
    }
}

/// The expected line, one label per move in a wrapping row, so a line only ever breaks
/// between two moves ("X 2,2" never becomes "X" and "2,2" on two lines).
fn pv_ui(ui: &mut Ui, pv: &[Cell], side: Side, naming: Naming) {
    ui.horizontal_wrapped(|ui| {
        // Twice the space inside a move ("X 2,2"), so the eye pairs side and cell correctly.
        let font = egui::TextStyle::Monospace.resolve(ui.style());
        let space = ui.ctx().fonts_mut(|f| f.glyph_width(&font, ' '));
        ui.spacing_mut().item_spacing.x = 2.0 * space;
        for words in naming.pv_moves(pv, side) {
            ui.add(egui::Label::new(RichText::new(words).monospace()).extend());
        }
    });
}

/// The most threats the panel lists by name; the rest are counted.
const LISTED_THREATS: usize = 6;

/// The panel's settings for the board: its look, move numbers and the threat marks, with
/// the threats of the position on the board listed by name.
fn board_look_ui(ui: &mut Ui, prefs: &mut Prefs, session: &Session, naming: Naming) {
    ui.heading(t!("goban-heading"));
    ui.radio_value(
        &mut prefs.board_look,
        BoardLook::Stones,
        t!("goban-look-stones"),
    )
    .on_hover_text(t!("goban-look-stones-hover"));
    ui.radio_value(
        &mut prefs.board_look,
        BoardLook::Marks,
        t!("goban-look-marks"),
    );
    let rule = session.settings().rule;
    let stones = prefs.board_look.stones_on(&rule);
    ui.add_enabled(
        stones,
        egui::Checkbox::new(&mut prefs.move_numbers, t!("goban-move-numbers")),
    )
    .on_disabled_hover_text(t!("goban-move-numbers-off"));
    ui.checkbox(&mut prefs.show_threats, t!("goban-threats"));
    if prefs.show_threats {
        threats_ui(ui, session, naming);
    }
}

/// The threats of the position on the board in words, under the option that marks them.
fn threats_ui(ui: &mut Ui, session: &Session, naming: Naming) {
    let position = session.position();
    if !threats::applies(position) {
        ui.label(RichText::new(t!("goban-threats-rule")).weak());
        return;
    }
    ui.label(RichText::new(t!("goban-threats-help")).weak());
    let found = threats::threats(position);
    if found.is_empty() {
        ui.label(t!("goban-threats-none"));
    }
    for threat in found.iter().take(LISTED_THREATS) {
        ui.label(naming.threat_words(threat));
    }
    if found.len() > LISTED_THREATS {
        ui.label(t!(
            "goban-threats-more",
            count = found.len() - LISTED_THREATS
        ));
    }
}
