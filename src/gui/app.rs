//! The application: the saved state (game, settings, preferences) beside the runtime parts
//! (searches, file dialogs, the keyboard cursor). Each frame reads what the background
//! threads sent, collects the player's actions from the keyboard, the panel and the board,
//! draws, then applies the actions and lets the computer move.

use std::sync::Arc;
use std::time::Instant;

use egui::{Id, Ui};

use crate::game::{
    Choice, Driver, DriverConfig, Mode, OpeningRule, Player, Session, Settings, SwapAnswer,
};
use crate::rules::{Cell, Outcome, Rule};
use crate::t;

use super::board::BoardView;
use super::computer::Computer;
use super::desktop::SystemDialog;
use super::engines::{EngineNames, EnginesView};
use super::files::{FileAction, FileAnswer, FilePicker, Files, Payload};
use super::fonts;
use super::forbidden::ForbiddenCells;
use super::i18n;
use super::keys::{self, KeyCommand};
use super::lab::{self, GraderRequest, Lab};
use super::lessons::LessonsView;
use super::naming::Naming;
use super::online::{self, Online};
use super::opening::{self, OpeningComputer};
use super::panel::{AppAction, ControlPanel};
use super::saved::{self, SavedState};
use super::status;
use super::status_area::{OnlineLines, StatusArea, StatusClick};
use super::theme;
use crate::rules::threats;

/// The side panel's width: fixed, so opening a section never pushes the board about.
const PANEL_WIDTH: f32 = 280.0;

/// The least width the window leaves beside the side panel for the lab to open beside the
/// board: the lab's least default width (360) and a board of 280 points. Below it the lab
/// takes the side panel's place.
const LAB_BESIDE_THE_BOARD: f32 = 640.0;

/// A message under the status line: the reason a move was refused, a file error, ...
#[derive(Clone, Debug)]
struct StatusNote {
    text: String,
    error: bool,
    /// The moment the note speaks of: it goes once the position or the view changes (see
    /// `carry_note_through_reply` for the computer's reply), so "New game on the 15x15
    /// board" does not last through a game of computers, nor "this cell is taken" past the
    /// opening of the lab.
    moment: Moment,
}

/// What the window shows at one moment: the position on the board (its generation) and the
/// lab's view of it, if the lab is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Moment {
    generation: u64,
    view: Option<lab::Tab>,
}

/// What the board area shows: decided once at the start of each frame, after the
/// background's news, and read by everything the frame draws and applies (the status area,
/// the board, the keys, the lab's panel, the computer), so that no part of a frame shows
/// one game and another part the other. What the player asks in the frame is applied after
/// it is drawn, and shows from the next frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// The player's own game (or, while the learners' lab previews a step of it, that step).
    Own,
    /// The online game in place of the own one, which waits; its board once it has one.
    Online(Option<Rule>),
}

/// The tic-tac-toe window.
pub struct TicTacToeApp {
    /// Saved between runs.
    state: SavedState,
    // Runtime only, never saved:
    computer: Computer,
    lessons: LessonsView,
    files: Files,
    lab: Lab,
    /// Play online: the network game, shown in place of the window's own while it is on.
    online: Online,
    /// Black's forbidden cells under renju in the position on the board.
    forbidden: ForbiddenCells,
    /// The computer's part of a swap opening.
    opening: OpeningComputer,
    /// The panel's section of engines from outside.
    engines: EnginesView,
    /// What the board area shows in this frame.
    shown: Shown,
    /// How this frame names sides and cells: as the board it shows draws them.
    naming: Naming,
    cursor: Option<Cell>,
    /// Whether a board cell had keyboard focus last frame.
    board_focused: bool,
    note: Option<StatusNote>,
    /// Set by `run` when the window should close after its first frame (start-up timing).
    exit_after_first_frame: Option<Instant>,
    frames: u64,
    /// The session generation last written to eframe's storage.
    persisted: Option<u64>,
    /// The language the window's title was last given in.
    titled: Option<i18n::Language>,
}

impl TicTacToeApp {
    /// The app as the window opens it: the saved state from eframe's storage, or the
    /// defaults when there is none or it cannot be used (then a note says why).
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>) -> TicTacToeApp {
        // Read the raw text rather than `eframe::get_value`, which gives `None` both for no
        // settings and for settings that could not be read.
        let text = cc.storage.and_then(|s| s.get_string(eframe::APP_KEY));
        let mut loaded = SavedState::from_storage(text.as_deref());
        saved::keep_zoom_in_range(&cc.egui_ctx, Some(&mut loaded.problem));
        let mut app = TicTacToeApp::with_state(&cc.egui_ctx, loaded.state);
        if let Some(problem) = loaded.problem {
            app.set_error(problem.describe());
        }
        app
    }

    /// Says that the settings file was damaged and where its copy is kept
    /// ([`crate::install::keep_damaged_settings`]), after what could not be read of it.
    #[must_use]
    pub fn with_damaged_settings_kept(mut self, copy: Option<&std::path::Path>) -> TicTacToeApp {
        if let Some(copy) = copy {
            // Under the home folder, written from "~" as file managers and shells show it.
            let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
            let shown = match home.as_deref().and_then(|h| copy.strip_prefix(h).ok()) {
                Some(inside) => format!("~/{}", inside.display()),
                None => copy.display().to_string(),
            };
            let kept = t!("settings-file-kept", path = shown);
            // With no note, nothing of the file could be read: every part is the default.
            let read = self
                .note
                .take()
                .map_or_else(saved::nothing_read, |note| note.text);
            let text = format!("{read} {kept}");
            self.set_error(text);
        }
        self
    }

    /// Speaks `language` when none was chosen, as if it were the system's (the window's tests
    /// run on machines with any locale).
    #[doc(hidden)]
    #[must_use]
    pub fn assuming_system_language(mut self, language: i18n::Language) -> TicTacToeApp {
        if self.state.prefs.language.is_none() {
            self.state.prefs.language = Some(language);
            i18n::set_language(language);
        }
        self
    }

    /// The app over a given state, with the desktop's file dialogs.
    #[must_use]
    pub fn with_state(ctx: &egui::Context, state: SavedState) -> TicTacToeApp {
        i18n::set_language(state.prefs.language());
        theme::install(ctx);
        fonts::install(ctx);
        state.prefs.theme.apply(ctx);
        let repaint = ctx.clone();
        let lessons = LessonsView::in_memory(move || repaint.request_repaint());
        // One driver for every search of the window; its workers repaint when they have news.
        let wake = ctx.clone();
        let driver = Driver::new(DriverConfig::default(), move || wake.request_repaint());
        let mut computer = Computer::new(ctx, driver.clone());
        let mut state = state;
        // The rule of new games is the preference (reset apart, should it be damaged).
        if state.session.opening_rule() != state.prefs.opening_rule {
            state.session.set_opening_rule(state.prefs.opening_rule);
        }
        let online_wake = ctx.clone();
        computer.set_lessons(lessons.shared());
        TicTacToeApp {
            state,
            computer,
            lessons,
            files: Files::desktop(),
            lab: Lab::new(&driver),
            online: Online::new(move || online_wake.request_repaint()),
            forbidden: ForbiddenCells::default(),
            opening: OpeningComputer::new(driver.clone()),
            engines: EnginesView::default(),
            shown: Shown::Own,
            naming: Naming::MARKS,
            cursor: None,
            board_focused: false,
            note: None,
            exit_after_first_frame: None,
            frames: 0,
            persisted: None,
            titled: None,
        }
    }

    /// Keeps the computer's lessons from lost games in the user's data folder (the window a
    /// person runs; under test they stay in memory).
    #[must_use]
    pub fn with_lessons_in_data_folder(mut self, ctx: &egui::Context) -> TicTacToeApp {
        let ctx = ctx.clone();
        self.lessons = LessonsView::from_data_folder(move || ctx.request_repaint());
        self.computer.set_lessons(self.lessons.shared());
        self
    }

    /// Writes each online game's record in the user's data folder after every move (the
    /// window a person runs; under test nothing is written).
    #[must_use]
    pub fn with_online_record_in_data_folder(mut self) -> TicTacToeApp {
        if let Some(dir) = crate::install::data_folder(crate::install::APP_ID) {
            self.online.set_folder(dir);
        }
        self
    }

    /// Keeps the online game's record and what rejoining it needs in `folder` (tests).
    #[doc(hidden)]
    #[must_use]
    pub fn with_online_folder(mut self, folder: std::path::PathBuf) -> TicTacToeApp {
        self.online.set_folder(folder);
        self
    }

    /// Announces hosted games on the local network and lists the games found there (the
    /// window a person runs; a test only inside a network namespace of its own).
    #[must_use]
    pub fn with_local_network_games(mut self) -> TicTacToeApp {
        self.online.set_local_network_games(true);
        self
    }

    /// Plays online with these network settings (tests: loopback only, no relays).
    #[doc(hidden)]
    #[must_use]
    pub fn with_network(mut self, net: crate::net::NetConfig) -> TicTacToeApp {
        self.online.set_network(net);
        self
    }

    /// The ticket of the game this window hosts online, once the network gave one.
    #[must_use]
    pub fn online_ticket(&self) -> Option<&str> {
        self.online.ticket()
    }

    /// Whether an online game is shown in place of the window's own.
    #[must_use]
    pub fn is_online(&self) -> bool {
        self.online.is_on()
    }

    /// The online game as the window last heard of it.
    #[must_use]
    pub fn online_game(&self) -> Option<&crate::net::View> {
        self.online.view()
    }

    /// Replaces the file dialog (tests hand in a fixed path).
    #[must_use]
    pub fn with_picker(mut self, picker: Arc<dyn FilePicker>) -> TicTacToeApp {
        self.files = Files::given(picker);
        self
    }

    /// As on a desktop with no system file dialog (no desktop portal, no zenity), to test
    /// the in-window browser that is used there.
    #[doc(hidden)]
    #[must_use]
    pub fn without_system_dialog(mut self) -> TicTacToeApp {
        self.files = Files::assuming(SystemDialog::Unavailable(t!(
            "no-zenity",
            bus = t!("bus-no-portal")
        )));
        self
    }

    /// Whether a save or an open is under way (a dialog open, a file being read or written).
    #[must_use]
    pub fn is_busy_with_a_file(&self) -> bool {
        self.files.busy()
    }

    /// Closes the window after the first frame and prints how long it took from `start`.
    #[must_use]
    pub fn exit_after_first_frame(mut self, start: Instant) -> TicTacToeApp {
        self.exit_after_first_frame = Some(start);
        self
    }

    /// The game on the board.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.state.session
    }

    /// Everything that is saved between runs.
    #[must_use]
    pub fn state(&self) -> &SavedState {
        &self.state
    }

    /// Whether the computer is searching for its move.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.computer.is_thinking()
    }

    /// Whether a file is being chosen, saved or opened.
    #[must_use]
    pub fn is_file_busy(&self) -> bool {
        self.files.busy()
    }

    /// Makes the computer's next search fail, to test what the window says then.
    #[doc(hidden)]
    pub fn fail_next_search(&self) {
        self.computer.fail_next_search();
    }

    /// Reads the background threads: the computer's move, hints, chosen file paths.
    fn poll_background(&mut self, ctx: &egui::Context) {
        if let Some(cell) = self.computer.poll(&self.state.session) {
            let before = self.moment();
            let generation = self.state.session.generation();
            if let Err(e) = self.state.session.play(cell) {
                // Never expected: the engine only answers legal moves.
                let naming = self.own_naming();
                let message = t!(
                    "computer-move-refused",
                    cell = naming.cell(cell),
                    reason = status::move_error(&e, naming)
                );
                self.computer.failed(generation, message);
            }
            self.carry_note_through_reply(before);
            ctx.request_repaint();
        }
        if let Some(answer) = self.opening.poll(&self.state.session) {
            self.opening_answer(&answer);
            ctx.request_repaint();
        }
        self.lab.poll(&self.state.session);
        self.online.poll();
        if let Some(answer) = self.files.poll() {
            self.file_answer(answer);
            ctx.request_repaint();
        }
    }

    /// Applies one action of the player.
    fn apply(&mut self, action: AppAction, ctx: &egui::Context) {
        let session = &mut self.state.session;
        // Settings, and Undo bringing back an earlier game, may change the board.
        let rule = session.settings().rule;
        match action {
            AppAction::Play(cell) => self.play(cell),
            AppAction::NewGame => {
                // The searches of the old position forget themselves (and stop) when the
                // computer next looks at the board.
                session.new_game();
                self.note = None;
            }
            AppAction::Undo => {
                if session.undo() {
                    self.note = None;
                }
            }
            AppAction::Redo => {
                if session.redo() {
                    self.note = None;
                }
            }
            AppAction::Hint => {
                if matches!(session.player_to_move(), Some(Player::Human)) {
                    self.computer.request_hint(session);
                }
            }
            AppAction::Retry => self.computer.retry(),
            AppAction::Online(request) => self.online.apply(request),
            AppAction::Prefs(prefs) => {
                if prefs.theme != self.state.prefs.theme {
                    prefs.theme.apply(ctx);
                }
                let opening = prefs.opening_rule;
                self.state.prefs = *prefs;
                if opening != session.opening_rule() {
                    self.set_opening_rule(opening);
                }
            }
            AppAction::Choose(choice) => self.choose(choice),
            AppAction::Grader(GraderRequest::SaveReport(report)) => {
                self.ask_to_save(FileAction::SaveReport, Some(Payload::Report(report)), ctx);
            }
            AppAction::Grader(GraderRequest::Study(rule, moves)) => self.study(rule, &moves),
            AppAction::Lab(open) => self.lab.set_open(open),
            AppAction::ForgetLessons => self.lessons.forget(),
            AppAction::Save => self.ask_file(FileAction::Save, ctx),
            AppAction::Open => self.ask_file(FileAction::Open, ctx),
            AppAction::Settings(settings) => {
                let before = session.settings().clone();
                if session.set_settings(settings) {
                    let text = status::new_game_note(&before, session.settings());
                    self.set_info(text);
                } else {
                    self.note = None;
                }
            }
        }
        if self.state.session.settings().rule != rule {
            self.cursor = None;
        }
        ctx.request_repaint();
    }

    /// A new opening rule for new games: the game on the board restarts with it (set aside
    /// for Undo, if stones are down).
    fn set_opening_rule(&mut self, rule: OpeningRule) {
        if self.state.session.set_opening_rule(rule) {
            let what = t!("opening-new-game", opening = opening::name(rule));
            self.set_info(t!("new-game-undo", what = what));
        } else {
            self.note = None;
        }
    }

    /// A person's choice in the opening, or the reason it cannot be made.
    fn choose(&mut self, choice: Choice) {
        let session = &mut self.state.session;
        if session.player_to_move() != Some(&Player::Human) {
            self.set_refusal(t!("wait-computers-turn"));
            return;
        }
        match session.choose(choice) {
            Ok(()) => self.note = None,
            Err(_) => self.set_refusal(t!("opening-no-choice-now")),
        }
    }

    /// The computer's part of the opening, played, with what it chose and why; a decision
    /// that failed is shown like a failed move, with Try again.
    fn opening_answer(&mut self, answer: &SwapAnswer) {
        let generation = self.state.session.generation();
        match opening::apply(&mut self.state.session, answer) {
            Ok(()) => {
                if let Some(text) = opening::explain(answer, self.naming) {
                    self.set_info(text);
                }
            }
            Err(message) => self.computer.failed(generation, message),
        }
    }

    /// A person's move, or the reason it cannot be played.
    fn play(&mut self, cell: Cell) {
        if let Shown::Online(_) = self.shown {
            if let Some(why) = self.online.play(cell) {
                self.set_refusal(why);
            }
            return;
        }
        let session = &mut self.state.session;
        if session.is_computer_to_move() {
            let names = EngineNames(&self.state.prefs.engines);
            let why = status::wait(session, self.computer.is_thinking(), names);
            self.set_refusal(why);
            return;
        }
        match session.play(cell) {
            Ok(()) => self.note = None,
            Err(e) => {
                let why = status::move_error(&e, self.naming);
                self.set_refusal(status::capitalise(&why));
            }
        }
    }

    fn ask_file(&mut self, action: FileAction, ctx: &egui::Context) {
        let game = (action == FileAction::Save)
            .then(|| Payload::Game(Box::new(self.state.session.clone())));
        self.ask_to_save(action, game, ctx);
    }

    /// Starts choosing a path for `action`, with what is to be saved.
    fn ask_to_save(&mut self, action: FileAction, game: Option<Payload>, ctx: &egui::Context) {
        let wake = {
            let ctx = ctx.clone();
            move || ctx.request_repaint()
        };
        let prefs = &self.state.prefs;
        let folder = prefs.last_folder.clone();
        let answer = self
            .files
            .ask(action, game, prefs.file_dialog, folder.as_deref(), wake);
        if let Some(answer) = answer {
            self.file_answer(answer);
        }
    }

    /// What a save or an open came to. A file that cannot be read leaves the game as it is.
    fn file_answer(&mut self, answer: FileAnswer) {
        match answer {
            FileAnswer::Cancelled => {}
            FileAnswer::NoSystemDialog(why) => self.set_info(t!("no-system-dialog", why = why)),
            FileAnswer::Saved(path) => {
                self.set_info(t!("saved-to", path = path.display().to_string()));
                self.remember_folder(&path);
            }
            FileAnswer::ReportSaved(path) => {
                self.set_info(t!("report-saved-to", path = path.display().to_string()));
                self.remember_folder(&path);
            }
            FileAnswer::Opened(path, mut loaded) => {
                let engines = &self.state.prefs.engines;
                let unknown = loaded.unseat_engines(|c| engines.iter().any(|e| e.command == *c));
                self.state.session.replace_game(*loaded);
                self.cursor = None;
                let shown = path.display().to_string();
                match unknown.first() {
                    None => self.set_info(t!("opened", path = shown)),
                    Some(engine) => self.set_info(t!(
                        "opened-without-engine",
                        path = shown,
                        engine = engine.name()
                    )),
                }
                self.remember_folder(&path);
            }
            FileAnswer::Failed(message) => self.set_error(message),
        }
    }

    /// A position of the grader's report on the board, for two people at this computer so
    /// that nobody moves by itself, with the moves' values shown; the game in progress is
    /// set aside (undoing past the first move brings it back).
    fn study(&mut self, rule: Rule, moves: &[Cell]) {
        let settings = Settings {
            rule,
            mode: Mode::Hotseat,
            engines: Default::default(),
            ..self.state.session.settings().clone()
        };
        let mut studied = Session::new(settings);
        if moves.iter().any(|&cell| studied.play(cell).is_err()) {
            return;
        }
        self.state.session.replace_game(studied);
        self.cursor = None;
        self.state.prefs.show_values = true;
        self.set_info(t!("grader-studying"));
    }

    /// The next save or open starts in the folder of this one.
    fn remember_folder(&mut self, path: &std::path::Path) {
        if let Some(folder) = path.parent().filter(|f| f.is_absolute()) {
            self.state.prefs.last_folder = Some(folder.to_path_buf());
        }
    }

    /// Writes the state to eframe's storage whenever the game changed, so a process that is
    /// killed outright still comes back with every move (eframe itself saves on a clean
    /// close and every 30 s). The file is written on eframe's own helper thread.
    fn persist_moves(&mut self, frame: &mut eframe::Frame) {
        let generation = self.state.session.generation();
        if self.persisted == Some(generation) {
            return;
        }
        if let Some(storage) = frame.storage_mut() {
            eframe::set_value(storage, eframe::APP_KEY, &self.state);
            storage.flush();
        }
        self.persisted = Some(generation);
    }

    /// A problem, said until the moment changes.
    fn set_error(&mut self, text: String) {
        self.set_note(text, true);
    }

    /// A word of information, said until the moment changes.
    fn set_info(&mut self, text: String) {
        self.set_note(text, false);
    }

    /// Why a click did nothing; gone once the position or the view changes.
    fn set_refusal(&mut self, text: String) {
        self.set_note(text, true);
    }

    fn set_note(&mut self, text: String, error: bool) {
        let moment = self.moment();
        self.note = Some(StatusNote {
            text,
            error,
            moment,
        });
    }

    /// The position on the board and the view it is seen in, now.
    fn moment(&self) -> Moment {
        Moment {
            generation: self.state.session.generation(),
            view: self.lab.view(),
        }
    }

    /// A word of information given just before the computer's move (a new game it opens)
    /// is still for the person whose turn that move brings; a problem is not, and in a game
    /// of computers alone the move ends the note's moment.
    fn carry_note_through_reply(&mut self, before: Moment) {
        let person_next = matches!(self.state.session.player_to_move(), Some(Player::Human));
        let now = self.moment();
        if let Some(note) = self.note.as_mut()
            && person_next
            && !note.error
            && note.moment == before
        {
            note.moment = now;
        }
    }

    /// The note, unless it was about a moment that has passed.
    fn current_note(&self) -> Option<&StatusNote> {
        let now = self.moment();
        self.note.as_ref().filter(|n| n.moment == now)
    }

    /// The status area over what the window shows in this frame.
    fn status_area(&self) -> StatusArea<'_> {
        let online = match self.shown {
            Shown::Online(_) => Some(OnlineLines {
                lines: self.online.status_lines(self.naming).unwrap_or_default(),
                choice: online::choice_offered(&self.online),
            }),
            Shown::Own => None,
        };
        StatusArea {
            session: &self.state.session,
            naming: self.naming,
            names: EngineNames(&self.state.prefs.engines),
            note: self.current_note().map(|n| (n.text.as_str(), n.error)),
            failure: self.computer.failure(&self.state.session),
            thinking_since: self.computer.thinking_since(),
            opening_since: self.opening.thinking_since(),
            thinking_line: self.thinking_line(),
            online,
        }
    }

    /// What was clicked in the status area, as an action: the opening's choice goes to the
    /// game shown.
    fn status_action(&self, asked: StatusClick) -> AppAction {
        match (asked, self.shown) {
            (StatusClick::Retry, _) => AppAction::Retry,
            (StatusClick::Choose(choice), Shown::Online(_)) => {
                let act = crate::net::Action::Choose(choice);
                AppAction::Online(online::OnlineRequest::Act(act))
            }
            (StatusClick::Choose(choice), Shown::Own) => AppAction::Choose(choice),
        }
    }

    /// While the computer thinks: its depth and expected line, from the latest iteration
    /// (read at the status line's once-a-second tick; iterations do not wake the window).
    fn thinking_line(&self) -> Option<String> {
        if !self.computer.is_thinking() {
            return None;
        }
        let report = self.computer.report_for(&self.state.session)?;
        status::thinking_line(report, self.naming)
    }

    /// The board, and the actions clicking it asks for.
    fn board_ui(&mut self, ui: &mut Ui, actions: &mut Vec<AppAction>) {
        if let Shown::Online(_) = self.shown {
            let answer = self.online.board_ui(ui, self.naming, self.cursor);
            if let Some(cell) = answer.clicked {
                actions.push(AppAction::Play(cell));
            }
            if let Some(cell) = answer.focused {
                self.cursor = Some(cell);
            }
            if answer.copied {
                actions.push(AppAction::Online(online::OnlineRequest::TicketCopied));
            }
            actions.extend(answer.asked.into_iter().map(AppAction::Online));
            return;
        }
        let session = &self.state.session;
        if let Some(preview) = self.lab.preview(session) {
            // A step of the learners' lab: shown, never played; renju's forbidden cells
            // crossed as on the game's board.
            let forbidden = self.forbidden.of(&preview.position);
            lab::preview_ui(ui, &self.lab, &preview, forbidden, self.naming);
            return;
        }
        let lab_marks = lab::overlay(
            &self.lab,
            session.position(),
            session.moves().last().copied(),
        );
        let person_to_move = matches!(session.player_to_move(), Some(Player::Human));
        let outcome = session.outcome();
        let win_line: &[Cell] = match &outcome {
            Some(Outcome::Win { line, .. }) => line,
            _ => &[],
        };
        let values = if self.state.prefs.show_values {
            self.computer.values_for(session).unwrap_or_default()
        } else {
            &[]
        };
        let prefs = &self.state.prefs;
        let threats = if prefs.show_threats {
            threats::threats(session.position())
        } else {
            Vec::new()
        };
        let numbers: &[Cell] = if prefs.move_numbers {
            session.moves()
        } else {
            &[]
        };
        let forbidden = self.forbidden.of(session.position());
        let response = BoardView::new(session.position())
            .naming(self.naming)
            .move_numbers(numbers)
            .threats(&threats)
            .forbidden(forbidden)
            .last_move(session.last_move())
            .win_line(win_line)
            .hint(self.computer.hint_for(session))
            .cursor(self.cursor)
            .preview(person_to_move.then(|| session.position().side_to_move()))
            .values(values)
            .overlay(lab_marks.as_ref().map(|p| p as _))
            .ui(ui);
        if let Some(cell) = response.clicked {
            actions.push(AppAction::Play(cell));
        }
        if let Some(cell) = response.focused {
            self.cursor = Some(cell);
        }
        self.board_focused = ui
            .memory(|m| m.focused())
            .is_some_and(|id| is_cell(id, session));
    }

    /// Whether board keys (digits, arrows, Enter) belong to the board: nothing else has
    /// keyboard focus, or a cell has.
    fn board_has_keyboard(&self, ctx: &egui::Context) -> bool {
        self.board_focused || ctx.memory(|m| m.focused()).is_none()
    }

    /// The shortcuts and board keys pressed this frame, as actions.
    fn keyboard_actions(&mut self, ctx: &egui::Context) -> Vec<AppAction> {
        if let Shown::Online(rule) = self.shown {
            // The window's own game is set aside: only the board keys, for the online one.
            let mut actions = Vec::new();
            if let Some(rule) = rule
                && self.board_has_keyboard(ctx)
                && let Some(cell) = keys::board_keys(ctx, &rule, &mut self.cursor)
            {
                actions.push(AppAction::Play(cell));
            }
            return actions;
        }
        let mut actions: Vec<AppAction> = keys::commands(ctx)
            .into_iter()
            .map(|c| match c {
                KeyCommand::NewGame => AppAction::NewGame,
                KeyCommand::Undo => AppAction::Undo,
                KeyCommand::Redo => AppAction::Redo,
                KeyCommand::Save => AppAction::Save,
                KeyCommand::Open => AppAction::Open,
            })
            .collect();
        if self.board_has_keyboard(ctx) {
            let rule = self.state.session.settings().rule;
            let before = self.cursor;
            if let Some(cell) = keys::board_keys(ctx, &rule, &mut self.cursor) {
                actions.push(AppAction::Play(cell));
            }
            if self.cursor != before {
                ctx.request_repaint();
            }
        }
        actions
    }

    /// Gives the window its title in the window's language, when that changed.
    fn title_in_language(&mut self, ctx: &egui::Context) {
        let language = self.state.prefs.language();
        if self.titled != Some(language) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(t!("window-title")));
            self.titled = Some(language);
        }
    }

    /// For start-up timing: close once the first frame has been presented.
    fn exit_if_timing(&mut self, ctx: &egui::Context) {
        self.frames += 1;
        if let Some(start) = self.exit_after_first_frame {
            // The first frame has been presented once the second one starts.
            if self.frames == 1 {
                ctx.request_repaint();
            } else if self.frames == 2 {
                println!("first frame after {} ms", start.elapsed().as_millis());
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
        }
    }
}

fn is_cell(id: Id, session: &Session) -> bool {
    let cells = session.settings().rule.cells();
    (0..cells).any(|i| BoardView::cell_id(BoardView::board_id(), i) == id)
}

impl TicTacToeApp {
    /// Decides what the board area shows in this frame, and how the frame names sides and
    /// cells: as that board draws them (the online game's while it is on), so that its
    /// status, its panel, its events and its board all say Black and White, or all say X
    /// and O.
    fn decide_shown(&mut self) {
        self.shown = if self.online.is_on() {
            Shown::Online(self.online.rule())
        } else {
            Shown::Own
        };
        self.naming = match self.shown {
            Shown::Online(Some(rule)) => self.state.prefs.board_look.naming(&rule),
            Shown::Online(None) | Shown::Own => self.own_naming(),
        };
    }

    /// How the window's own game names sides and cells, shown or not.
    fn own_naming(&self) -> Naming {
        let rule = self.state.session.settings().rule;
        self.state.prefs.board_look.naming(&rule)
    }

    /// The accessible label of a cell of the board shown in the last frame, named as that
    /// board names it (tests find cells by it).
    #[doc(hidden)]
    #[must_use]
    pub fn cell_label(&self, cell: Cell, content: Option<crate::rules::Side>) -> String {
        super::board::named_cell_label(self.naming, cell, content)
    }
}

impl TicTacToeApp {
    /// The programs' part of the frame: the computer's (or an engine's) move, the computer's
    /// part of a swap opening, the move values, and the engines let go once the game is over.
    fn drive_players(&mut self, ctx: &egui::Context) {
        if self.shown == Shown::Own {
            // The window's own game waits while the online one is shown.
            let names = EngineNames(&self.state.prefs.engines);
            self.computer
                .drive(&self.state.session, names, ctx, Instant::now());
            let held = self.computer.failure(&self.state.session).is_some();
            self.opening.drive(&self.state.session, held);
        }
        self.computer
            .drive_values(&self.state.session, self.state.prefs.show_values);
        self.computer.release_when_over(&self.state.session);
    }

    /// The side panel: the lab in its place on a window too narrow for both, else the
    /// panel's tabs; returns what the player asked of it.
    fn side_panel_ui(&mut self, ui: &mut Ui, lab_in_panel: bool) -> Vec<AppAction> {
        let mut actions = Vec::new();
        egui::Panel::left("controls")
            .resizable(false)
            .exact_size(PANEL_WIDTH)
            .show(ui, |ui| {
                if lab_in_panel {
                    let asked = self.lab.contents_ui(ui, &self.state.session, self.naming);
                    actions.extend(asked.map(AppAction::Grader));
                    return;
                }
                let panel = ControlPanel {
                    session: &self.state.session,
                    prefs: &self.state.prefs,
                    computer: &self.computer,
                    lessons: &self.lessons,
                    file_dialog_open: self.files.busy(),
                    lab: &self.lab,
                    online: &self.online,
                    online_shown: matches!(self.shown, Shown::Online(_)),
                    naming: self.naming,
                    engines: &mut self.engines,
                };
                actions = panel.ui(ui);
            });
        actions
    }

    /// Says so when this frame changed the window's language (`before` is the language the
    /// frame started with).
    fn follow_language(&mut self, before: i18n::Language) {
        let language = self.state.prefs.language();
        if language != before {
            i18n::set_language(language);
            self.set_info(t!("language-changed", language = language.own_name()));
            // Written at once, like a move, rather than at eframe's next save.
            self.persisted = None;
        }
    }
}

impl eframe::App for TicTacToeApp {
    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let language = self.state.prefs.language();
        i18n::set_language(language);
        self.poll_background(&ctx);
        // After the background's news, which may have opened a game on another board.
        self.decide_shown();
        // While a file is chosen in the window, the rest of it is a still picture: what is
        // saved is the game of the moment Save was pressed, and the board behind the dialog
        // must show that game.
        let modal = self.files.is_modal();
        let mut actions = if modal {
            Vec::new()
        } else {
            self.keyboard_actions(&ctx)
        };
        if modal {
            ui.disable();
        }

        // On a window too narrow for the board and the lab side by side, the lab takes the
        // side panel's place (it has its own Close button): the board keeps a size that can
        // be played, and stays where it was.
        let lab_in_panel = self.shown == Shown::Own
            && self.lab.view().is_some()
            && ui.available_width() - PANEL_WIDTH < LAB_BESIDE_THE_BOARD;
        actions.extend(self.side_panel_ui(ui, lab_in_panel));
        let area = self.status_area();
        let asked = egui::Panel::top("status").show(ui, |ui| area.ui(ui)).inner;
        actions.extend(asked.map(|asked| self.status_action(asked)));
        let rule = self.state.session.settings().rule;
        let board_width = BoardView::least_width(&rule, self.naming.stones())
            + egui::Frame::central_panel(ui.style())
                .total_margin()
                .sum()
                .x;
        if self.shown == Shown::Own && !lab_in_panel {
            let asked = self
                .lab
                .panel_ui(ui, &self.state.session, board_width, self.naming);
            actions.extend(asked.map(AppAction::Grader));
        }
        egui::CentralPanel::default().show(ui, |ui| self.board_ui(ui, &mut actions));
        self.files.ui(&ctx);

        for action in actions {
            self.apply(action, &ctx);
        }
        self.follow_language(language);
        self.title_in_language(&ctx);
        saved::keep_zoom_in_range(&ctx, None);
        self.lessons.watch(&self.state.session);
        self.drive_players(&ctx);
        self.exit_if_timing(&ctx);
        self.persist_moves(frame);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.state);
    }
}
