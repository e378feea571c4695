//! What the window keeps between runs: the game in progress with its settings and score,
//! and the window's own preferences. Only plain data here; the threads and channels of a
//! running window live in the app beside it and are never saved.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::engine::PlayerKind;
use crate::game::ranges::{self, BOARD_FIELD, DEPTH, TIME_PER_MOVE_MS, within};
use crate::game::{OpeningRule, Session, Settings, clock};

use super::board::BoardLook;
use super::files::DialogChoice;
use super::gomoku_rule::GomokuRule;
use super::i18n::Language;
use super::theme::ThemeChoice;
use crate::{salvage, t};

/// Everything saved through eframe's storage.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedState {
    pub session: Session,
    pub prefs: Prefs,
}

impl Default for SavedState {
    fn default() -> SavedState {
        SavedState {
            session: Session::new(Settings::default()),
            prefs: Prefs::default(),
        }
    }
}

/// What reading the saved state at start-up gave.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The state to start with: the saved one, corrected where needed, or the defaults.
    pub state: SavedState,
    /// Why the saved settings could not be used as they were, if so.
    pub problem: Option<Problem>,
}

/// What was wrong with the saved settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Numbers out of range, brought into range: the names of the settings reset.
    OutOfRange(Vec<&'static str>),
    /// The text could not be read as a whole (the reader's words, in English): what could be
    /// read on its own was kept, and these parts were reset to their defaults.
    Damaged { reason: String, reset: Vec<Part> },
}

/// A part of the saved state, as a player knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The board, rule, mode and players.
    GameSettings,
    /// The moves of the game in progress.
    Game,
    /// The scores.
    Scores,
    /// The games set aside, which Undo can bring back.
    EarlierGames,
    /// The window's preferences (theme, language, board look, ...), those that could not
    /// be told apart (the text broke off).
    Preferences,
    /// One preference, by its field's name in [`Prefs`].
    Preference(&'static str),
}

impl Part {
    /// The part of a player's state a field of the saved session belongs to.
    fn of_session_field(field: &str) -> Part {
        match field {
            "settings" => Part::GameSettings,
            "tally" | "scores" => Part::Scores,
            "earlier" => Part::EarlierGames,
            _ => Part::Game,
        }
    }

    /// The preference saved as `field`, or the preferences as a whole for a field this
    /// version does not have.
    fn preference(field: &str) -> Part {
        PREFERENCE_FIELDS
            .iter()
            .find(|&&name| name == field)
            .map_or(Part::Preferences, |&name| Part::Preference(name))
    }

    fn describe(self) -> String {
        match self {
            Part::Preference(field) => preference_name(field),
            Part::GameSettings => t!("settings-part-game-settings"),
            Part::Game => t!("settings-part-game"),
            Part::Scores => t!("settings-part-scores"),
            Part::EarlierGames => t!("settings-part-earlier-games"),
            Part::Preferences => t!("settings-part-preferences"),
        }
    }
}

impl Problem {
    /// The line for the window, in its language.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Problem::OutOfRange(names) => {
                let names: Vec<String> = names.iter().map(|name| setting_name(name)).collect();
                t!(
                    "settings-reset",
                    settings = names.join(&t!("list-separator"))
                )
            }
            Problem::Damaged { reset, .. }
                if !reset.is_empty() && reset.iter().all(|p| matches!(p, Part::Preference(_))) =>
            {
                // Values this version does not know (a theme called "Purple"): the reader's
                // words would name its types; the settings' names say it to a player.
                let names: Vec<String> = reset.iter().map(|part| part.describe()).collect();
                t!(
                    "settings-prefs-reset",
                    settings = names.join(&t!("list-separator"))
                )
            }
            Problem::Damaged { reason, reset } if reset.is_empty() => {
                t!("settings-damaged-all-read", reason = reason.as_str())
            }
            Problem::Damaged { reason, reset } => {
                let parts: Vec<String> = reset.iter().map(|part| part.describe()).collect();
                t!(
                    "settings-damaged",
                    reason = reason.as_str(),
                    parts = parts.join(&t!("list-separator"))
                )
            }
        }
    }
}

/// What the window says when a damaged settings file held nothing it could read: every
/// part of it was reset, and which those are.
#[must_use]
pub fn nothing_read() -> String {
    let parts: Vec<String> = [
        Part::GameSettings,
        Part::Game,
        Part::Scores,
        Part::EarlierGames,
    ]
    .into_iter()
    .map(Part::describe)
    .chain([t!("settings-part-all-preferences")])
    .collect();
    t!(
        "settings-nothing-read",
        parts = parts.join(&t!("list-separator"))
    )
}

/// A setting named by [`SavedState::correct`], in the window's language.
fn setting_name(name: &str) -> String {
    match name {
        TIME_PER_MOVE => t!("setting-time-per-move"),
        ENGINE_DEPTH => t!("setting-engine-depth"),
        CUSTOM_BOARD => t!("setting-custom-board"),
        COMPUTER_PLAYER => t!("setting-computer-player"),
        SCORES => t!("setting-scores"),
        ZOOM => t!("setting-zoom"),
        other => other.to_owned(),
    }
}

/// The fields of [`Prefs`] as saved.
const PREFERENCE_FIELDS: [&str; 14] = [
    "theme",
    "custom",
    "engine_depth",
    "large_board_time_ms",
    "show_values",
    "file_dialog",
    "last_folder",
    "engines",
    "language",
    "board_look",
    "move_numbers",
    "show_threats",
    "gomoku_rule",
    "opening_rule",
];

/// A preference, by its field in [`Prefs`], in the window's language.
fn preference_name(field: &str) -> String {
    match field {
        "theme" => t!("setting-theme"),
        "custom" => t!("setting-custom-board"),
        "engine_depth" => t!("setting-engine-depth"),
        "large_board_time_ms" => t!("setting-time-per-move"),
        "show_values" => t!("setting-show-values"),
        "file_dialog" => t!("setting-file-dialog"),
        "last_folder" => t!("setting-last-folder"),
        "engines" => t!("setting-engines"),
        "language" => t!("setting-language"),
        "board_look" => t!("setting-board-look"),
        "move_numbers" => t!("setting-move-numbers"),
        "show_threats" => t!("setting-show-threats"),
        "gomoku_rule" => t!("setting-gomoku-rule"),
        "opening_rule" => t!("setting-opening-rule"),
        _ => t!("settings-part-preferences"),
    }
}

const TIME_PER_MOVE: &str = "time per move";
const ENGINE_DEPTH: &str = "engine depth";
const CUSTOM_BOARD: &str = "custom board";
const COMPUTER_PLAYER: &str = "computer player";
const SCORES: &str = "scores";
const ZOOM: &str = "zoom";

/// The zoom the window allows (egui keeps it beside the app's state; Ctrl+plus and
/// Ctrl+minus change it): at the ends the smallest window still shows the whole panel, or
/// the text is still legible.
pub const ZOOM_FACTORS: std::ops::RangeInclusive<f32> = 0.5..=3.0;

/// Brings the window's zoom into [`ZOOM_FACTORS`]: a zoom out of range from the saved
/// settings goes back to 1 (and is named in `problem`), one reached with the keys stops at
/// the end of the range.
pub fn keep_zoom_in_range(ctx: &egui::Context, problem: Option<&mut Option<Problem>>) {
    let zoom = ctx.zoom_factor();
    if ZOOM_FACTORS.contains(&zoom) {
        return;
    }
    match problem {
        Some(problem) => {
            ctx.set_zoom_factor(1.0);
            match problem {
                Some(Problem::OutOfRange(names)) => names.push(ZOOM),
                Some(Problem::Damaged { .. }) => {}
                None => *problem = Some(Problem::OutOfRange(vec![ZOOM])),
            }
        }
        None => ctx.set_zoom_factor(zoom.clamp(*ZOOM_FACTORS.start(), *ZOOM_FACTORS.end())),
    }
}

impl SavedState {
    /// Reads the state from eframe's storage text (RON). No text gives the defaults without
    /// a word; text that cannot be read as a whole keeps every part that can still be read
    /// and says which were reset and why; numbers out of
    /// range are brought into range and named, so no search starts with a limit that
    /// cannot work (no time, or more time than a clock can count).
    #[must_use]
    pub fn from_storage(text: Option<&str>) -> Loaded {
        let Some(text) = text else {
            return Loaded {
                state: SavedState::default(),
                problem: None,
            };
        };
        let (mut state, damage) = match ron::from_str::<SavedState>(text) {
            Ok(state) => (state, None),
            Err(e) => {
                let (state, reset) = SavedState::recover(text);
                (state, Some((brief(&e), reset)))
            }
        };
        let fixed = state.correct();
        let problem = match damage {
            Some((reason, reset)) => Some(Problem::Damaged { reason, reset }),
            None => (!fixed.is_empty()).then_some(Problem::OutOfRange(fixed)),
        };
        Loaded { state, problem }
    }

    /// Whether `text` reads as a saved state as it is, with nothing to recover.
    #[must_use]
    pub fn reads_whole(text: &str) -> bool {
        ron::from_str::<SavedState>(text).is_ok()
    }

    /// Every part of a damaged saved state that can still be read, and the parts reset to
    /// their defaults: each field of the session and of the preferences is kept if it reads
    /// with the ones before it (the game's moves only with the board they were played on).
    fn recover(text: &str) -> (SavedState, Vec<Part>) {
        const SESSION_NEEDS: [(&str, &str); 4] = [
            ("moves", "settings"),
            ("redo", "settings"),
            ("counted", "settings"),
            ("counted_as", "settings"),
        ];
        let (fields, ended) = salvage::struct_fields(text);
        let mut state = SavedState::default();
        let mut reset = Vec::new();
        let mut read_session = false;
        let mut read_prefs = false;
        for (name, value) in fields {
            match name {
                "session" => {
                    read_session = true;
                    let got = salvage::recover(value, &SESSION_NEEDS, || {
                        Session::new(Settings::default())
                    });
                    state.session = got.value;
                    reset.extend(got.lost.iter().map(|f| Part::of_session_field(f)));
                    if got.cut {
                        // The fields after the damage cannot be named: every part not read
                        // is counted as reset.
                        reset.extend(
                            ["settings", "moves", "scores", "earlier"]
                                .into_iter()
                                .filter(|field| !got.kept.iter().any(|k| k == field))
                                .map(Part::of_session_field),
                        );
                    }
                }
                "prefs" => {
                    read_prefs = true;
                    let got = salvage::recover(value, &[], Prefs::default);
                    state.prefs = got.value;
                    reset.extend(got.lost.iter().map(|field| Part::preference(field)));
                    if got.cut {
                        reset.push(Part::Preferences);
                    }
                }
                _ => {}
            }
        }
        if !ended {
            if !read_session {
                reset.extend([
                    Part::GameSettings,
                    Part::Game,
                    Part::Scores,
                    Part::EarlierGames,
                ]);
            }
            if !read_prefs {
                reset.push(Part::Preferences);
            }
        }
        reset.sort();
        reset.dedup();
        (state, reset)
    }

    /// Brings every number into the range the window offers ([`ranges`]). Returns the names of the
    /// settings that changed.
    pub fn correct(&mut self) -> Vec<&'static str> {
        let mut fixed = Vec::new();
        let prefs = &mut self.prefs;
        let time = within(prefs.large_board_time_ms, &TIME_PER_MOVE_MS);
        if time != prefs.large_board_time_ms {
            prefs.large_board_time_ms = time;
            fixed.push(TIME_PER_MOVE);
        }
        let depth = prefs.engine_depth.map(|d| within(d, &DEPTH));
        if depth != prefs.engine_depth {
            prefs.engine_depth = depth;
            fixed.push(ENGINE_DEPTH);
        }
        let c = &mut prefs.custom;
        let custom = CustomBoard {
            width: within(c.width, &BOARD_FIELD),
            height: within(c.height, &BOARD_FIELD),
            k: within(c.k, &BOARD_FIELD),
            exact: c.exact,
        };
        if custom != *c {
            *c = custom;
            fixed.push(CUSTOM_BOARD);
        }
        let mut settings = self.session.settings().clone();
        let depths = ranges::depth_on(&settings.rule);
        if let PlayerKind::Engine { depth, time_ms } = &mut settings.computer {
            let good_depth = depth.map(|d| within(d, &depths));
            let good_time = time_ms.map(|t| within(t, &TIME_PER_MOVE_MS));
            if (good_depth, good_time) != (*depth, *time_ms) {
                (*depth, *time_ms) = (good_depth, good_time);
                fixed.push(COMPUTER_PLAYER);
            }
        }
        if self.session.reset_impossible_scores() {
            fixed.push(SCORES);
        }
        if settings != *self.session.settings() {
            // Same board, so the game on it stays.
            self.session.set_settings(settings);
        }
        fixed
    }
}

/// The first line of a reading error, short enough for the status line's hover text. The
/// position in the file ("1:59-1:60") means nothing to a player and is left out.
fn brief(error: &ron::error::SpannedError) -> String {
    const MAX_CHARS: usize = 120;
    let text = error.code.to_string();
    let line = text.lines().next().unwrap_or_default();
    if line.chars().count() > MAX_CHARS {
        let cut: String = line.chars().take(MAX_CHARS).collect();
        format!("{cut}...")
    } else {
        line.to_string()
    }
}

/// The window's preferences, apart from the game settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    pub theme: ThemeChoice,
    /// The custom board being edited in the panel (checked only when applied).
    pub custom: CustomBoard,
    /// The engine's depth, remembered while another computer player is chosen.
    pub engine_depth: Option<u32>,
    /// The engine's time per move on large boards.
    pub large_board_time_ms: u64,
    /// Whether the board shows what every move is worth (the learners' view).
    pub show_values: bool,
    /// How files are chosen when saving and opening.
    pub file_dialog: DialogChoice,
    /// The folder of the last game saved or opened, where the next choice starts.
    pub last_folder: Option<PathBuf>,
    /// The engines from outside a person added, to seat in a game.
    pub engines: Vec<super::engines::SavedEngine>,
    /// The language chosen in the panel; `None` (the first start, or settings saved before
    /// the window spoke more than English) follows the system's locale.
    pub language: Option<Language>,
    /// Stones on the intersections of gomoku boards, or marks in cells everywhere.
    pub board_look: BoardLook,
    /// Whether stones show the number of their move.
    pub move_numbers: bool,
    /// Whether each side's fours and open threes are marked (the learners' view).
    pub show_threats: bool,
    /// The rule the Gomoku 15x15 board is played by when it is chosen.
    pub gomoku_rule: GomokuRule,
    /// How games of five in a row on a large board open: freely, by swap or by swap2.
    pub opening_rule: OpeningRule,
}

impl Prefs {
    /// The language the window speaks: the one chosen, else the system's.
    #[must_use]
    pub fn language(&self) -> Language {
        self.language.unwrap_or_else(Language::of_system)
    }
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            theme: ThemeChoice::System,
            custom: CustomBoard::default(),
            engine_depth: None,
            large_board_time_ms: clock::DEFAULT_MOVE_TIME_MS,
            show_values: false,
            file_dialog: DialogChoice::default(),
            last_folder: None,
            engines: Vec::new(),
            language: None,
            board_look: BoardLook::default(),
            move_numbers: false,
            show_threats: false,
            gomoku_rule: GomokuRule::default(),
            opening_rule: OpeningRule::default(),
        }
    }
}

/// The custom board's fields as typed, possibly invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomBoard {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    pub exact: bool,
}

impl Default for CustomBoard {
    fn default() -> CustomBoard {
        CustomBoard {
            width: 7,
            height: 6,
            k: 4,
            exact: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A saved state with a game of three moves on 4x4 in hotseat, a score, a game set
    /// aside, and preferences that are not the defaults.
    fn played() -> SavedState {
        let settings = Settings {
            rule: "4,4,3".parse().unwrap(),
            mode: crate::game::Mode::Hotseat,
            ..Settings::default()
        };
        let mut session = Session::new(settings);
        let play = |session: &mut Session, cells: &[(usize, usize)]| {
            for &(row, col) in cells {
                session.play(crate::rules::Cell::new(row, col)).unwrap();
            }
        };
        // X wins along the top row, then a new game of three moves.
        play(&mut session, &[(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]);
        session.new_game();
        play(&mut session, &[(0, 0), (1, 1), (2, 2)]);
        assert_eq!(session.earlier_games(), 1);
        assert_eq!(session.tally().wins, 1);
        let prefs = Prefs {
            theme: ThemeChoice::Dark,
            language: Some(Language::Chinese),
            show_values: true,
            ..Prefs::default()
        };
        SavedState { session, prefs }
    }

    fn reset_parts(loaded: &Loaded) -> Vec<Part> {
        match &loaded.problem {
            Some(Problem::Damaged { reset, .. }) => reset.clone(),
            other => panic!("not damaged: {other:?}"),
        }
    }

    #[test]
    fn no_text_is_quiet_and_bad_text_says_why_in_a_few_words() {
        assert!(SavedState::from_storage(None).problem.is_none());
        let good = ron::to_string(&SavedState::default()).unwrap();
        assert!(SavedState::from_storage(Some(&good)).problem.is_none());
        let bad = good.replace("k:3", "k:0");
        let problem = SavedState::from_storage(Some(&bad)).problem.unwrap();
        assert_eq!(
            problem.describe(),
            "The saved settings were damaged (K must be between 3 and the longer side of the \
             board (3), got 0). Everything else that could be read is kept; reset to the \
             defaults: the board and players, the game in progress."
        );
        let long = format!("(session:{})", "x".repeat(1000));
        let problem = SavedState::from_storage(Some(&long))
            .problem
            .unwrap()
            .describe();
        assert!(problem.chars().count() < 360, "{problem}");
    }

    #[test]
    fn an_impossible_game_loses_only_its_moves() {
        let state = played();
        let good = ron::to_string(&state).unwrap();
        // The third move on the first one's cell.
        let bad = good.replacen("(row:2,col:2)", "(row:0,col:0)", 1);
        assert_ne!(bad, good);
        let loaded = SavedState::from_storage(Some(&bad));
        assert_eq!(reset_parts(&loaded), [Part::Game]);
        assert_eq!(loaded.state.prefs, state.prefs);
        assert_eq!(loaded.state.session.settings(), state.session.settings());
        assert!(loaded.state.session.moves().is_empty());
        assert_eq!(
            loaded.state.session.earlier_games(),
            state.session.earlier_games()
        );
    }

    #[test]
    fn text_cut_short_keeps_what_came_before_the_cut() {
        let state = played();
        let good = ron::to_string(&state).unwrap();
        let cut = &good[..good.find("show_values").unwrap()];
        let loaded = SavedState::from_storage(Some(cut));
        assert_eq!(reset_parts(&loaded), [Part::Preferences]);
        assert_eq!(loaded.state.session.moves(), state.session.moves());
        assert_eq!(loaded.state.prefs.theme, ThemeChoice::Dark);
        assert!(!loaded.state.prefs.show_values, "cut off: the default");
        assert!(
            loaded
                .problem
                .unwrap()
                .describe()
                .contains("some preferences")
        );

        let cut_in_game = &good[..good.find("redo").unwrap()];
        let loaded = SavedState::from_storage(Some(cut_in_game));
        assert_eq!(loaded.state.session.moves(), state.session.moves());
        assert_eq!(loaded.state.prefs, Prefs::default());

        let garbage = SavedState::from_storage(Some("\u{1}\u{2} not settings"));
        assert_eq!(reset_parts(&garbage).len(), 5, "every part");
    }

    #[test]
    fn a_bad_preference_loses_only_itself() {
        let state = played();
        let good = ron::to_string(&state).unwrap();
        let bad = good.replace("theme:Dark", "theme:Purple");
        let loaded = SavedState::from_storage(Some(&bad));
        assert_eq!(reset_parts(&loaded), [Part::Preference("theme")]);
        assert_eq!(
            loaded.problem.as_ref().unwrap().describe(),
            "Saved settings this version cannot use were reset to their defaults: the theme."
        );
        assert_eq!(loaded.state.prefs.theme, ThemeChoice::System);
        assert_eq!(loaded.state.prefs.language, Some(Language::Chinese));
        assert!(loaded.state.prefs.show_values);
        assert_eq!(loaded.state.session.moves(), state.session.moves());
    }

    #[test]
    fn the_gomoku_rule_is_kept_and_a_bad_one_is_reset_and_named() {
        let mut state = SavedState {
            session: Session::new(Settings {
                rule: crate::rules::Rule::RENJU,
                ..Settings::default()
            }),
            ..SavedState::default()
        };
        state.prefs.gomoku_rule = GomokuRule::Renju;
        let good = ron::to_string(&state).unwrap();
        let loaded = SavedState::from_storage(Some(&good));
        assert!(loaded.problem.is_none());
        assert_eq!(loaded.state.prefs.gomoku_rule, GomokuRule::Renju);
        assert!(loaded.state.session.settings().rule.renju());

        let bad = good.replace("gomoku_rule:Renju", "gomoku_rule:Caro");
        let loaded = SavedState::from_storage(Some(&bad));
        assert_eq!(reset_parts(&loaded), [Part::Preference("gomoku_rule")]);
        assert_eq!(
            loaded.problem.as_ref().unwrap().describe(),
            "Saved settings this version cannot use were reset to their defaults: the rule of \
             the gomoku board."
        );
        assert_eq!(loaded.state.prefs.gomoku_rule, GomokuRule::Freestyle);
        // Renju on a board it is not played on: the board and players are reset, and said.
        let bad = good.replacen("width:15", "width:9", 1);
        let loaded = SavedState::from_storage(Some(&bad));
        assert_eq!(reset_parts(&loaded), [Part::GameSettings, Part::Game]);
        assert!(
            loaded
                .problem
                .unwrap()
                .describe()
                .contains("renju is played on a 15x15 board with five in a row, got 9x15 and 5")
        );
        assert_eq!(loaded.state.prefs.gomoku_rule, GomokuRule::Renju);
    }

    #[test]
    fn the_opening_rule_is_kept_and_a_bad_one_is_reset_and_named() {
        let mut state = SavedState::default();
        state.prefs.opening_rule = OpeningRule::Swap2;
        let good = ron::to_string(&state).unwrap();
        let loaded = SavedState::from_storage(Some(&good));
        assert!(loaded.problem.is_none());
        assert_eq!(loaded.state.prefs.opening_rule, OpeningRule::Swap2);

        let bad = good.replace("opening_rule:swap2", "opening_rule:swap3");
        assert_ne!(bad, good);
        let loaded = SavedState::from_storage(Some(&bad));
        assert_eq!(reset_parts(&loaded), [Part::Preference("opening_rule")]);
        assert!(
            loaded
                .problem
                .unwrap()
                .describe()
                .contains("the opening of games of five in a row")
        );
        assert_eq!(loaded.state.prefs.opening_rule, OpeningRule::Free);
    }

    #[test]
    fn every_preference_has_a_name_for_people() {
        let saved = ron::to_string(&Prefs::default()).unwrap();
        let (fields, _) = salvage::struct_fields(&saved);
        let names: Vec<&str> = fields.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, PREFERENCE_FIELDS);
        for field in PREFERENCE_FIELDS {
            assert_ne!(
                preference_name(field),
                t!("settings-part-preferences"),
                "{field}"
            );
        }
    }

    #[test]
    fn an_impossible_score_is_reset_and_named() {
        let mut state = SavedState::default();
        state.session.new_game();
        let good = ron::to_string(&state).unwrap();
        let absurd = good.replace("wins:0", "wins:4294967295");
        assert_ne!(absurd, good);
        let loaded = SavedState::from_storage(Some(&absurd));
        assert_eq!(loaded.state.session.tally().wins, 0);
        assert_eq!(
            loaded.problem.unwrap().describe(),
            "Some saved settings were out of range and were reset: scores."
        );
    }

    #[test]
    fn a_zoom_out_of_range_is_reset_and_named_and_the_keys_stop_at_the_ends() {
        let ctx = egui::Context::default();
        let mut problem = None;
        // egui takes a new zoom at the start of the next frame.
        let next_frame = || {
            let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
            output.textures_delta.clear();
        };
        let zoom = |factor: f32| {
            ctx.set_zoom_factor(factor);
            next_frame();
        };
        zoom(50.0);
        keep_zoom_in_range(&ctx, Some(&mut problem));
        next_frame();
        assert_eq!(ctx.zoom_factor(), 1.0);
        assert_eq!(problem, Some(Problem::OutOfRange(vec![ZOOM])));
        zoom(1.5);
        keep_zoom_in_range(&ctx, Some(&mut problem));
        next_frame();
        assert_eq!(ctx.zoom_factor(), 1.5, "in range: left alone");
        zoom(3.5);
        keep_zoom_in_range(&ctx, None);
        next_frame();
        assert_eq!(ctx.zoom_factor(), 3.0);
    }

    #[test]
    fn settings_saved_before_the_board_look_still_load() {
        let old = "(prefs:(theme:Light,show_values:true))";
        let loaded = SavedState::from_storage(Some(old));
        assert!(loaded.problem.is_none());
        let prefs = loaded.state.prefs;
        assert!(prefs.show_values);
        assert_eq!(prefs.board_look, BoardLook::Stones);
        assert!(!prefs.move_numbers && !prefs.show_threats);
        let marks = "(prefs:(board_look:Marks,move_numbers:true,show_threats:true))";
        let prefs = SavedState::from_storage(Some(marks)).state.prefs;
        assert_eq!(prefs.board_look, BoardLook::Marks);
        assert!(prefs.move_numbers && prefs.show_threats);
    }
}
