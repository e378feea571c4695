//! Play online: the panel's section that hosts or joins a game over the network, and the
//! network game the window shows in place of its own while it is on. The match itself runs
//! on the network worker ([`crate::net::worker`]); this side only sends the player's
//! actions and draws what the worker reports. The window's own game is left as it was and
//! comes back when the online game is closed.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::{RichText, TextEdit, Ui};
use serde::{Deserialize, Serialize};

use crate::game::opening::{ChoiceError, Seat};
use crate::game::{Choice, OpeningRule, Step};
use crate::net::keep::{self, Kept};
use crate::net::{
    Action, ActionError, Ending, HostConfig, NetConfig, NetEvent, NetHandle, Offer, Options, Start,
    Token, Update, View, WorkerCommand, lan, transport, worker,
};
use crate::rules::{Cell, Outcome, Rule, Side};
use crate::t;

use super::board::BoardView;
use super::forbidden::{ForbiddenCells, forbidden_cells};
use super::naming::Naming;
use super::status;

/// The time limits a host can give each side for a game.
const TIME_LIMITS: [Option<Duration>; 6] = [
    None,
    Some(Duration::from_secs(60)),
    Some(Duration::from_secs(3 * 60)),
    Some(Duration::from_secs(5 * 60)),
    Some(Duration::from_secs(10 * 60)),
    Some(Duration::from_secs(30 * 60)),
];

/// The recent happenings the section lists, newest last.
const RECENT: usize = 4;

/// The online game's record in the data folder, written after every move.
const RECORD_FILE: &str = "online-game.json";
/// What a joiner needs to come back to its game after the window was closed.
const REJOIN_FILE: &str = "online-rejoin.json";

/// A game this window joined and did not leave: the host's ticket and the token it gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Rejoin {
    ticket: String,
    token: Token,
    host: String,
}

/// The panel's section and the network game, if one is on.
pub struct Online {
    /// What the player filled in; the section edits a copy and returns it to apply.
    form: Form,
    net: NetConfig,
    /// The folder of the game's record and of the rejoin file (the data folder; none in
    /// tests unless they give one).
    folder: Option<PathBuf>,
    /// The joined game the window was closed in, offered to rejoin.
    rejoin: Option<Rejoin>,
    wake: std::sync::Arc<dyn Fn() + Send + Sync>,
    game: Option<NetworkGame>,
    /// Why the last attempt could not start (a ticket that is not one).
    problem: Option<String>,
    /// A match this window was hosting when it stopped, offered to be hosted again.
    rehost: Option<Box<Kept>>,
    /// Why a kept match could not be read.
    kept_problem: Option<String>,
    /// Looks for games on the local network while the section's list of them is open.
    finder: Option<lan::Finder>,
    /// Whether the list of games on the local network was drawn open since the last poll:
    /// nothing listens on the network until the player opens it, and nothing once it is
    /// closed (or no longer drawn).
    nearby_open: std::cell::Cell<bool>,
    /// Why looking for games on the local network failed.
    finder_problem: Option<String>,
    /// Black's forbidden cells in the online game's position, under renju.
    forbidden: ForbiddenCells,
}

/// What the player fills in before a game: the section draws a copy, and a changed copy
/// comes back as [`OnlineRequest::Form`], applied with the rest once the frame is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    name: String,
    ticket: String,
    host_moves_first: bool,
    /// The time each side gets for a game when this window hosts; none: no limit.
    time_limit: Option<Duration>,
    /// Only this local network: no relays, no addresses beyond it.
    local_only: bool,
    /// The relay server field, as typed (empty: n0's public relays).
    relay: String,
    /// Whether open games are announced and found on the local network (the window a
    /// person runs; tests only inside a network of their own).
    lan: bool,
}

/// A network game: the worker's handle and what it last reported.
struct NetworkGame {
    handle: NetHandle,
    hosting: bool,
    /// Joiner: the ticket it dialled.
    joined: Option<String>,
    ticket: Option<String>,
    /// The match as the worker last reported it: the offers, the caller waiting and the
    /// clock are read from it, never kept here beside it.
    view: Option<View>,
    fingerprint: Option<String>,
    /// This side's own key, as the peer's window shows it (see [`Update::OwnKey`]).
    own_key: Option<String>,
    /// Whether the player clicked Resign and is asked to confirm it.
    resigning: bool,
    round_trip: Option<Duration>,
    recent: VecDeque<Happening>,
    /// Why the worker stopped; the last position stays on the board.
    finished: Option<String>,
    copied: bool,
    /// The ticket drawn as a QR code, made when the ticket comes (none if it did not fit).
    qr: Option<Qr>,
}

/// What the player asked of the section, applied by the window once the frame is drawn
/// ([`Online::apply`]), so that nothing changes under the rest of the frame: the status
/// area and the board drawn after the panel show the same game as the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineRequest {
    /// Host a game on this board, opened by this rule (where it applies).
    Host(Rule, OpeningRule),
    /// Join the game this ticket names.
    Join(String),
    /// Rejoin the game the window was closed in.
    Rejoin,
    ForgetRejoin,
    /// Host again the match kept from a stop.
    Rehost,
    DiscardKept,
    /// Leave the online game (or close it, once it stopped).
    Leave,
    /// An action in the game.
    Act(Action),
    /// Resign was clicked (`true`: ask to confirm it) or its question answered No (`false`).
    ResignQuestion(bool),
    /// The fields of the section as the player left them.
    Form(Box<Form>),
    /// The host's ticket was copied to the clipboard (the button says so).
    TicketCopied,
}

/// What the player did on the network game's board in a frame, for the window to apply.
#[derive(Default)]
pub struct BoardAnswer {
    /// A cell clicked (to play there).
    pub clicked: Option<Cell>,
    /// The cell the keyboard focus is on.
    pub focused: Option<Cell>,
    /// The ticket shown in the board's place was copied.
    pub copied: bool,
    /// What the player asked in the board's place (let a caller in, confirm resigning).
    pub asked: Vec<OnlineRequest>,
}

/// A line of the recent happenings. The ones that name sides or cells are worded when
/// drawn, so that they name them as the board shown then draws them.
enum Happening {
    Text(String),
    /// An action of ours the match refused (an illegal move names its cell).
    Refused(ActionError),
    Moved {
        side: Side,
        cell: Cell,
    },
    Joined {
        name: String,
        seat: Side,
        resumed: bool,
        /// Whether this window hosts: the joiner joined the host's game, not the reverse.
        hosting: bool,
    },
    NewGame {
        seat: Side,
    },
    /// A new game of a match with a swap opening: `name` opens it (or we, with `mine`).
    NewOpening {
        mine: bool,
        name: String,
    },
    /// A choice of the opening: ours (`mine`) or the opponent's, named `name`.
    Chose {
        choice: Choice,
        mine: bool,
        name: String,
    },
}

impl Happening {
    /// The note's words, sides and cells named as `naming` says.
    fn text(&self, naming: Naming) -> String {
        match self {
            Happening::Text(text) => text.clone(),
            Happening::Refused(error) => refusal(error, naming),
            Happening::Moved { side, cell } => t!(
                "online-moved",
                side = naming.side(*side),
                cell = naming.cell(*cell)
            ),
            Happening::Joined {
                name,
                seat,
                resumed,
                hosting,
            } => joined_text(name, naming.side(seat.other()), *resumed, *hosting),
            Happening::NewGame { seat } => t!("online-new-game", side = naming.side(*seat)),
            Happening::NewOpening { mine: true, .. } => t!("online-new-game-you-open"),
            Happening::NewOpening { name, .. } => {
                t!("online-new-game-they-open", name = name.clone())
            }
            Happening::Chose { choice, mine, name } => chose_text(*choice, *mine, name, naming),
        }
    }
}

/// A QR code's modules, row by row.
struct Qr {
    width: usize,
    dark: Vec<bool>,
}

impl Qr {
    /// The code of `text`, if it fits in a QR code.
    fn new(text: &str) -> Option<Qr> {
        let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
        let dark = code
            .to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect();
        Some(Qr {
            width: code.width(),
            dark,
        })
    }

    /// Draws the code, black on white with the four-module quiet zone scanners need, as
    /// large as fits up to 4 pixels a module.
    fn ui(&self, ui: &mut Ui) {
        let side = self.width + 8;
        let module = (ui.available_width() / side as f32).floor().clamp(2.0, 4.0);
        let size = egui::vec2(module * side as f32, module * side as f32);
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
        let label = t!("online-qr-label");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &label));
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
        for (i, _) in self.dark.iter().enumerate().filter(|(_, dark)| **dark) {
            let (row, col) = (i / self.width, i % self.width);
            let min = rect.min + egui::vec2((col + 4) as f32, (row + 4) as f32) * module;
            let cell = egui::Rect::from_min_size(min, egui::vec2(module, module));
            painter.rect_filled(cell, 0.0, egui::Color32::BLACK);
        }
    }
}

impl Online {
    /// The section with no game on; `wake` repaints the window when the worker has news.
    #[must_use]
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Online {
        // The login name, or nothing: an empty field shows (and sends) the stand-in name in
        // the window's language of the moment, so that it follows a change of language.
        let name = std::env::var("USER")
            .ok()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_default();
        let net = NetConfig::default();
        Online {
            form: Form {
                name,
                ticket: String::new(),
                host_moves_first: true,
                time_limit: None,
                local_only: net.local_only,
                relay: String::new(),
                lan: false,
            },
            net,
            folder: None,
            rejoin: None,
            wake: std::sync::Arc::new(wake),
            game: None,
            problem: None,
            finder: None,
            finder_problem: None,
            nearby_open: std::cell::Cell::new(false),
            forbidden: ForbiddenCells::default(),
            rehost: None,
            kept_problem: None,
        }
    }

    /// Announces hosted games on the local network and lists the games announced there.
    /// Turned on again, it tries again to look for games if that failed before.
    pub fn set_local_network_games(&mut self, on: bool) {
        self.form.lan = on;
        self.finder = None;
        self.finder_problem = None;
    }

    /// Uses these network settings (tests: loopback only, no relays).
    pub fn set_network(&mut self, net: NetConfig) {
        self.form.local_only = net.local_only;
        self.net = net;
    }

    /// Keeps each online game's record in `folder` (written after every move), and there
    /// what a joiner needs to rejoin its game after the window was closed; offers to rejoin
    /// a game found there. A rejoin file that cannot be read is set aside.
    pub fn set_folder(&mut self, folder: PathBuf) {
        let path = folder.join(REJOIN_FILE);
        self.rejoin = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok());
        if self.rejoin.is_none() {
            let _ = std::fs::remove_file(&path);
        }
        self.folder = Some(folder);
        self.load_kept();
    }

    /// Reads the match this window (or `tictactoe net host`) was hosting when it stopped,
    /// while it can still be played (the newest, if several). A file that cannot be read is
    /// left as it is, and said.
    fn load_kept(&mut self) {
        let Some(folder) = &self.folder else {
            return;
        };
        for kept in keep::stopped(folder) {
            match kept {
                Ok(kept) => {
                    self.rehost = Some(Box::new(kept));
                    return;
                }
                Err(reason) => {
                    self.kept_problem = Some(t!("online-kept-unreadable", reason = reason));
                }
            }
        }
    }

    /// Writes (or with `None` removes) the rejoin file.
    fn keep_rejoin(&mut self, rejoin: Option<Rejoin>) {
        if self.rejoin == rejoin {
            return;
        }
        if let Some(folder) = &self.folder {
            let path = folder.join(REJOIN_FILE);
            let _ = match &rejoin {
                Some(r) => std::fs::create_dir_all(folder).and_then(|()| {
                    std::fs::write(&path, serde_json::to_string(r).unwrap_or_default())
                }),
                None => std::fs::remove_file(&path).or(Ok(())),
            };
        }
        self.rejoin = rejoin;
    }

    /// Looks for games announced on the local network while no game is on, the player
    /// asked for them and their list is open (once: a failure is said, and tried again when
    /// turned on again).
    fn look_for_games(&mut self) {
        let open = self.nearby_open.take();
        if !self.form.lan || self.game.is_some() || !open {
            self.finder = None;
            return;
        }
        if self.finder.is_none() && self.finder_problem.is_none() {
            let wake = self.wake.clone();
            match lan::Finder::start(move || wake()) {
                Ok(finder) => self.finder = Some(finder),
                Err(error) => self.finder_problem = Some(error),
            }
        }
    }

    /// Whether a network game is shown in place of the window's own.
    #[must_use]
    pub fn is_on(&self) -> bool {
        self.game.is_some()
    }

    /// The host's ticket, once the network gave one.
    #[must_use]
    pub fn ticket(&self) -> Option<&str> {
        self.game.as_ref()?.ticket.as_deref()
    }

    /// The network game as last reported, once there is an opponent (before that, the
    /// worker's view is only the board it starts from).
    #[must_use]
    pub fn view(&self) -> Option<&View> {
        self.game.as_ref()?.view()
    }

    /// Reads what the worker reported.
    pub fn poll(&mut self) {
        self.look_for_games();
        let Some(game) = self.game.as_mut() else {
            return;
        };
        while let Ok(update) = game.handle.updates.try_recv() {
            game.update(update);
        }
        // A game that ended meanwhile (the opponent resigned first) asks nothing more.
        game.resigning &= game.can_resign();
        if let Some(view) = game.view() {
            self.forbidden.of(view.session.position());
        }
        // A joiner keeps what it needs to come back while its game goes on.
        let rejoin = match (&game.joined, game.view()) {
            (Some(ticket), Some(view)) if game.finished.is_none() => {
                view.token.map(|token| Rejoin {
                    ticket: ticket.clone(),
                    token,
                    host: view.peer_name.clone(),
                })
            }
            _ => self.rejoin.clone(),
        };
        self.keep_rejoin(rejoin);
    }

    fn start(&mut self, start: Start, hosting: bool) {
        let joined = match &start {
            Start::Join { ticket, .. } => Some(ticket.clone()),
            Start::Host(_) | Start::Rehost(_) => None,
        };
        let relay = self.form.relay.trim();
        if !relay.is_empty() && transport::check_relay(relay).is_err() {
            self.problem = Some(t!("online-bad-relay"));
            return;
        }
        self.net.relay = (!relay.is_empty()).then(|| relay.to_string());
        self.net.local_only = self.form.local_only;
        let wake = self.wake.clone();
        let options = Options {
            net: self.net.clone(),
            record: self.folder.as_ref().map(|f| f.join(RECORD_FILE)),
            announce: self.form.lan && matches!(start, Start::Host(_)),
            keep: self.folder.clone().filter(|_| hosting),
            ..Options::default()
        };
        // The kept match is not offered while a game is on (one hosted now replaces it
        // once a player is in).
        self.rehost = None;
        // Nobody is looked for while a game is on.
        self.finder = None;
        let handle = worker::start(start, options, Box::new(move || wake()));
        self.problem = None;
        self.game = Some(NetworkGame {
            handle,
            hosting,
            joined,
            ticket: None,
            view: None,
            fingerprint: None,
            own_key: None,
            resigning: false,
            round_trip: None,
            recent: VecDeque::new(),
            finished: None,
            copied: false,
            qr: None,
        });
    }

    /// The name sent to the other player: as typed, or a stand-in for an empty field (the
    /// other side knows its opponent by it).
    fn player_name(&self) -> String {
        let name = self.form.name.trim();
        if name.is_empty() {
            t!("online-default-name")
        } else {
            name.to_string()
        }
    }

    fn host(&mut self, rule: Rule, opening: OpeningRule) {
        let side = if self.form.host_moves_first {
            Side::X
        } else {
            Side::O
        };
        let config = HostConfig {
            name: self.player_name(),
            rule,
            side,
            opening: opening.on(&rule),
            time_limit: self.form.time_limit,
            token: Token(rand::random()),
            program: env!("CARGO_PKG_VERSION").to_string(),
        };
        self.start(Start::Host(config), true);
    }

    fn join_ticket(&mut self, ticket: String) {
        if ticket.is_empty() {
            self.problem = Some(t!("online-no-ticket"));
            return;
        }
        match transport::parse_ticket(&ticket) {
            Ok(_) => {}
            Err(transport::NetError::DamagedTicket) => {
                self.problem = Some(t!("online-damaged-ticket"));
                return;
            }
            Err(_) => {
                self.problem = Some(t!("online-bad-ticket"));
                return;
            }
        }
        let start = Start::Join {
            ticket,
            name: self.player_name(),
            program: env!("CARGO_PKG_VERSION").to_string(),
            resume: None,
        };
        self.start(start, false);
    }

    /// Dials the host of the game the window was closed in, with its token.
    fn rejoin(&mut self, rejoin: Rejoin) {
        let start = Start::Join {
            ticket: rejoin.ticket,
            name: self.player_name(),
            program: env!("CARGO_PKG_VERSION").to_string(),
            resume: Some(rejoin.token),
        };
        self.start(start, false);
    }

    /// Leaves the network game (the peer is told) and shows the window's own again; a game
    /// left this way is not offered to rejoin. A hosted game nobody joined leaves the
    /// match kept from before as it was: it is offered again.
    fn close(&mut self) {
        if let Some(game) = self.game.take() {
            // Dropping the handle tells the worker to say goodbye and stop.
            game.handle.send(WorkerCommand::Quit);
            let nobody_came = game.view().is_none_or(|view| view.peer_name.is_empty());
            if game.hosting && nobody_came {
                self.load_kept();
            }
        }
        self.keep_rejoin(None);
    }

    /// Hosts the kept match again, on the network it was hosted on.
    fn rehost(&mut self, kept: Box<Kept>) {
        self.form.local_only = kept.local_only;
        self.form.relay = kept.relay.clone().unwrap_or_default();
        self.start(Start::Rehost(kept), true);
    }

    /// A click on the board while the network game is shown.
    pub fn play(&mut self, cell: Cell) -> Option<String> {
        let game = self.game.as_mut()?;
        if game.finished.is_some() {
            return Some(t!("online-stopped-no-moves"));
        }
        game.act(Action::Move(cell));
        None
    }

    /// The panel's section; what the player asked of it, to apply once the frame is drawn.
    /// Its happenings name sides and cells as `naming` says.
    #[must_use]
    pub fn section_ui(
        &self,
        ui: &mut Ui,
        rule: Rule,
        opening: OpeningRule,
        naming: Naming,
    ) -> Vec<OnlineRequest> {
        ui.label(RichText::new(t!("online-heading")).strong());
        let mut asked = Vec::new();
        if self.game.is_some() {
            self.game_ui(ui, naming, &mut asked);
        } else {
            self.start_ui(ui, rule, opening.on(&rule), &mut asked);
        }
        asked
    }

    /// Carries out what the player asked of the section (see [`OnlineRequest`]). A request that
    /// no longer fits (a second Host in the same frame, an action once the game is closed)
    /// does nothing.
    pub fn apply(&mut self, request: OnlineRequest) {
        let starts = matches!(
            request,
            OnlineRequest::Host(..)
                | OnlineRequest::Join(_)
                | OnlineRequest::Rejoin
                | OnlineRequest::Rehost
        );
        if starts && self.game.is_some() {
            return;
        }
        match request {
            OnlineRequest::Host(rule, opening) => self.host(rule, opening),
            OnlineRequest::Join(ticket) => self.join_ticket(ticket),
            OnlineRequest::Rejoin => {
                if let Some(rejoin) = self.rejoin.clone() {
                    self.rejoin(rejoin);
                }
            }
            OnlineRequest::ForgetRejoin => self.keep_rejoin(None),
            OnlineRequest::Rehost => {
                if let Some(kept) = self.rehost.take() {
                    self.rehost(kept);
                }
            }
            OnlineRequest::DiscardKept => {
                if let Some(kept) = self.rehost.take() {
                    keep::discard(&kept.file);
                }
            }
            OnlineRequest::Leave => self.close(),
            OnlineRequest::Act(action) => {
                if let Some(game) = self.game.as_mut() {
                    game.resigning = false;
                    game.act(action);
                }
            }
            OnlineRequest::ResignQuestion(open) => {
                if let Some(game) = self.game.as_mut() {
                    game.resigning = open && game.can_resign();
                }
            }
            OnlineRequest::Form(form) => self.set_form(*form),
            OnlineRequest::TicketCopied => {
                if let Some(game) = self.game.as_mut() {
                    game.copied = true;
                }
            }
        }
    }

    /// Takes the fields as the player left them; turning the local network's games on or
    /// off starts or stops looking for them.
    fn set_form(&mut self, form: Form) {
        let lan = form.lan;
        let lan_changed = lan != self.form.lan;
        self.form = form;
        if lan_changed {
            self.set_local_network_games(lan);
        }
    }

    /// The section with no game on: the game to rejoin or host again, the host's choices
    /// and button, the ticket field, the games nearby and the network settings.
    /// The fields are drawn from a copy; a changed copy comes back first, so that a Host or
    /// Join asked in the same frame uses what was typed.
    fn start_ui(
        &self,
        ui: &mut Ui,
        rule: Rule,
        opening: OpeningRule,
        asked: &mut Vec<OnlineRequest>,
    ) {
        let mut form = self.form.clone();
        self.rejoin_ui(ui, asked);
        self.rehost_ui(ui, asked);
        host_ui(ui, &mut form, (rule, opening), asked);
        ui.add_space(4.0);
        self.join_ui(ui, &mut form, asked);
        self.nearby_ui(ui, asked);
        settings_ui(ui, &mut form);
        if form != self.form {
            asked.insert(0, OnlineRequest::Form(Box::new(form)));
        }
    }

    /// The joined game the window was closed in, offered to rejoin.
    fn rejoin_ui(&self, ui: &mut Ui, asked: &mut Vec<OnlineRequest>) {
        let Some(rejoin) = &self.rejoin else {
            return;
        };
        ui.label(t!("online-rejoin-note", name = rejoin.host.clone()));
        ui.horizontal(|ui| {
            if ui.button(t!("online-rejoin")).clicked() {
                asked.push(OnlineRequest::Rejoin);
            }
            if ui.button(t!("online-rejoin-forget")).clicked() {
                asked.push(OnlineRequest::ForgetRejoin);
            }
        });
    }

    /// The match this program was hosting when it stopped, offered to be hosted again.
    fn rehost_ui(&self, ui: &mut Ui, asked: &mut Vec<OnlineRequest>) {
        if let Some(problem) = &self.kept_problem {
            ui.label(RichText::new(problem).color(ui.visuals().warn_fg_color));
        }
        let Some(kept) = &self.rehost else {
            return;
        };
        let name = kept.host.peer_name.clone();
        ui.label(t!(
            "online-rehost-note",
            name = name.clone(),
            board = status::board_name(&kept.host.rule),
            moves = kept.host.moves.len().to_string()
        ));
        ui.horizontal(|ui| {
            if ui
                .button(t!("online-rehost"))
                .on_hover_text(t!("online-rehost-hover", name = name))
                .clicked()
            {
                asked.push(OnlineRequest::Rehost);
            }
            if ui.button(t!("online-rehost-forget")).clicked() {
                asked.push(OnlineRequest::DiscardKept);
            }
        });
    }

    /// The ticket field and Join, with why the last attempt could not start.
    fn join_ui(&self, ui: &mut Ui, form: &mut Form, asked: &mut Vec<OnlineRequest>) {
        let label = ui.label(t!("online-ticket-field"));
        let field = ui
            .add(
                TextEdit::singleline(&mut form.ticket)
                    .hint_text(t!("online-ticket-hint"))
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button(t!("online-join")).clicked() || entered {
            asked.push(OnlineRequest::Join(form.ticket.trim().to_string()));
        }
        if let Some(problem) = &self.problem {
            ui.label(RichText::new(problem).color(ui.visuals().warn_fg_color));
        }
    }

    /// The games announced on the local network, each joined with a click, under a heading
    /// the player opens: the window listens on the network only while it is open.
    fn nearby_ui(&self, ui: &mut Ui, asked: &mut Vec<OnlineRequest>) {
        if !self.form.lan {
            return;
        }
        ui.add_space(4.0);
        egui::CollapsingHeader::new(t!("online-nearby"))
            .id_salt("online-nearby")
            .show(ui, |ui| {
                self.nearby_open.set(true);
                // The list comes at the next frame's poll.
                if self.finder.is_none() && self.finder_problem.is_none() {
                    ui.ctx().request_repaint();
                }
                self.nearby_list_ui(ui, asked);
            });
    }

    fn nearby_list_ui(&self, ui: &mut Ui, asked: &mut Vec<OnlineRequest>) {
        if let Some(error) = &self.finder_problem {
            ui.label(
                RichText::new(t!("online-nearby-failed", reason = error.clone()))
                    .color(ui.visuals().warn_fg_color),
            );
            return;
        }
        let games = self
            .finder
            .as_ref()
            .map(lan::Finder::games)
            .unwrap_or_default();
        if games.is_empty() {
            ui.label(RichText::new(t!("online-nearby-none")).weak());
        }
        for found in games {
            let text = t!(
                "online-nearby-game",
                name = found.name.clone(),
                board = board_and_opening(&found.rule, found.opening)
            );
            if ui
                .button(text)
                .on_hover_text(t!("online-nearby-hover"))
                .clicked()
            {
                asked.push(OnlineRequest::Join(found.ticket));
                return;
            }
        }
    }

    fn game_ui(&self, ui: &mut Ui, naming: Naming, asked: &mut Vec<OnlineRequest>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        game.connection_ui(ui);
        if game.view().is_some_and(|v| v.clock.is_some()) {
            // The clocks in the status area count down (or up) second by second.
            ui.ctx().request_repaint_after(Duration::from_millis(500));
        }
        let view = game.view().cloned();
        if let Some(view) = &view {
            game.buttons_ui(ui, view, asked);
        }
        // Above the offers and the happenings, whose lines come and go: the button stays
        // where it is.
        let leave = if game.finished.is_some() {
            t!("online-close")
        } else {
            t!("online-leave")
        };
        ui.add_space(4.0);
        if ui.button(leave).clicked() {
            asked.push(OnlineRequest::Leave);
        }
        if let Some(view) = &view {
            game.offers_ui(ui, view, asked);
        }
        for note in &game.recent {
            ui.label(RichText::new(note.text(naming)).weak());
        }
    }

    /// The status area's three lines while the network game is shown: the headline (whose
    /// move, or the result), the players and their clocks, the latest happening.
    #[must_use]
    pub fn status_lines(&self, naming: Naming) -> Option<[String; 3]> {
        let game = self.game.as_ref()?;
        let Some(view) = game.view() else {
            let headline = if let Some(reason) = &game.finished {
                t!("online-ended", reason = reason.clone())
            } else if let Some(name) = game.asking() {
                t!("online-asks", name = name)
            } else {
                game.waiting_text()
            };
            return Some([headline, String::new(), String::new()]);
        };
        let peer = peer_name(view);
        let headline = match result(view) {
            Some(text) => text,
            None => opening_asks(view, naming).unwrap_or_else(|| {
                if view.my_turn {
                    t!("online-your-turn", side = naming.side(view.side))
                } else {
                    t!(
                        "online-their-turn",
                        name = peer.clone(),
                        side = naming.side(view.side.other())
                    )
                }
            }),
        };
        let mut players = players_text(view, &peer, naming);
        if let Some([x, o]) = game.used_now(view) {
            let clock = match view.time_limit {
                Some(limit) => t!(
                    "online-time-left",
                    x_side = naming.side(Side::X),
                    x = minutes(limit.saturating_sub(x)),
                    o_side = naming.side(Side::O),
                    o = minutes(limit.saturating_sub(o))
                ),
                None => t!(
                    "online-clock",
                    x_side = naming.side(Side::X),
                    x = minutes(x),
                    o_side = naming.side(Side::O),
                    o = minutes(o)
                ),
            };
            players = format!("{players} · {clock}");
        }
        let last = match &game.finished {
            Some(reason) => t!("online-ended", reason = reason.clone()),
            None => game
                .recent
                .back()
                .map(|note| note.text(naming))
                .unwrap_or_default(),
        };
        Some([headline, players, last])
    }

    /// The rule of the network game, once it is known.
    #[must_use]
    pub fn rule(&self) -> Option<Rule> {
        Some(self.view()?.session.settings().rule)
    }

    /// The network game's board (while there is none yet, the headline in its place); a
    /// click sends a move, the reason it cannot is returned.
    pub fn board_ui(&self, ui: &mut Ui, naming: Naming, cursor: Option<Cell>) -> BoardAnswer {
        let mut answer = BoardAnswer::default();
        let Some(view) = self.view().cloned() else {
            if let Some(game) = self.game.as_ref().filter(|g| g.finished.is_none()) {
                // The host's ticket or the caller at the door, the joiner's own key: large,
                // where the board will be.
                ui.vertical_centered(|ui| {
                    ui.add_space(ui.available_height() * 0.25);
                    ui.set_max_width(ui.available_width().min(640.0));
                    if let Some(name) = game.asking() {
                        game.caller_ui(ui, &name, &mut answer.asked);
                    } else if let Some(ticket) = &game.ticket {
                        answer.copied = game.ticket_ui(ui, ticket);
                    } else if !game.hosting {
                        game.calling_ui(ui);
                    } else {
                        ui.label(RichText::new(game.waiting_text()).size(20.0));
                    }
                });
                return answer;
            }
            if let Some([headline, ..]) = self.status_lines(naming) {
                ui.centered_and_justified(|ui| ui.label(RichText::new(headline).size(20.0)));
            }
            return answer;
        };
        if let Some(game) = self.game.as_ref().filter(|g| g.resigning && g.can_resign()) {
            game.resign_ui(ui.ctx(), &view, &mut answer.asked);
        }
        let outcome = view.session.outcome();
        let win_line: &[Cell] = match &outcome {
            Some(Outcome::Win { line, .. }) => line,
            _ => &[],
        };
        let playing = self.game.as_ref().is_some_and(|g| g.finished.is_none());
        let my_turn = playing && view.ending.is_none() && outcome.is_none() && view.my_turn;
        // Worked out when the position came (`poll`); drawing changes nothing.
        let worked_out;
        let forbidden = match self.forbidden.known(view.session.position()) {
            Some(cells) => cells,
            None => {
                worked_out = forbidden_cells(view.session.position());
                &worked_out
            }
        };
        let response = BoardView::new(view.session.position())
            .naming(naming)
            .forbidden(forbidden)
            .last_move(view.session.last_move())
            .win_line(win_line)
            .preview(my_turn.then(|| view.session.position().side_to_move()))
            .cursor(cursor)
            .ui(ui);
        answer.clicked = response.clicked;
        answer.focused = response.focused;
        answer
    }
}

/// The player's name, who moves first, the clock, and Host a game on the board (and with
/// the opening) chosen below.
fn host_ui(
    ui: &mut Ui,
    form: &mut Form,
    game: (Rule, OpeningRule),
    asked: &mut Vec<OnlineRequest>,
) {
    let (rule, opening) = game;
    ui.horizontal(|ui| {
        let label = ui.label(t!("online-name"));
        ui.add(
            TextEdit::singleline(&mut form.name)
                .char_limit(crate::net::message::MAX_NAME)
                .hint_text(t!("online-default-name"))
                .desired_width(150.0),
        )
        .labelled_by(label.id);
    });
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(&mut form.host_moves_first, true, t!("online-first-me"));
        ui.radio_value(&mut form.host_moves_first, false, t!("online-first-friend"));
    });
    ui.horizontal(|ui| {
        let label = ui.label(t!("online-time-limit"));
        let shown = |limit: Option<Duration>| match limit {
            None => t!("online-no-limit"),
            Some(limit) => t!(
                "online-minutes-each",
                minutes = (limit.as_secs() / 60).to_string()
            ),
        };
        egui::ComboBox::from_id_salt("online-time-limit")
            .selected_text(shown(form.time_limit))
            .show_ui(ui, |ui| {
                for limit in TIME_LIMITS {
                    ui.selectable_value(&mut form.time_limit, limit, shown(limit));
                }
            })
            .response
            .labelled_by(label.id);
    });
    let board = status::board_name(&rule);
    if ui
        .button(t!("online-host"))
        .on_hover_text(t!("online-host-hover", board = board))
        .clicked()
    {
        asked.push(OnlineRequest::Host(rule, opening));
    }
    // Said of every opening, free too, so that choosing one moves nothing below.
    let name = super::opening::name(opening);
    ui.label(RichText::new(t!("online-host-opening", opening = name)).weak());
}

/// Network settings: this local network only, the local games, the relay server.
fn settings_ui(ui: &mut Ui, form: &mut Form) {
    egui::CollapsingHeader::new(t!("online-settings"))
        .id_salt("online-settings")
        .show(ui, |ui| {
            ui.checkbox(&mut form.local_only, t!("online-local-only"))
                .on_hover_text(t!("online-local-only-hover"));
            ui.checkbox(&mut form.lan, t!("online-lan"))
                .on_hover_text(t!("online-lan-hover"));
            ui.add_enabled_ui(!form.local_only, |ui| {
                let label = ui.label(t!("online-relay"));
                ui.add(
                    TextEdit::singleline(&mut form.relay)
                        .hint_text(t!("online-relay-hint"))
                        .desired_width(f32::INFINITY),
                )
                .labelled_by(label.id);
            });
        });
}

impl NetworkGame {
    /// The time X and O have used by now, from the match's clock (the host measures it;
    /// the joiner has the host's last figures, and adds the time since to the side to
    /// move). Stopped with the worker.
    fn used_now(&self, view: &View) -> Option<[Duration; 2]> {
        let clock = view.clock?;
        Some(if self.finished.is_some() {
            clock.used
        } else {
            clock.used_at(Instant::now())
        })
    }

    /// Host: the caller waiting for an answer, as the match says.
    fn asking(&self) -> Option<String> {
        self.view.as_ref()?.asking.clone()
    }

    /// Our offer waiting for the peer's answer, as the match says.
    fn my_offer(&self) -> Option<Offer> {
        self.view.as_ref()?.my_offer
    }

    fn view(&self) -> Option<&View> {
        self.view.as_ref().filter(|v| !v.peer_name.is_empty())
    }

    fn act(&mut self, action: Action) {
        if !self.handle.send(WorkerCommand::Act(action)) {
            self.note(Happening::Text(t!("online-worker-gone")));
        }
    }

    fn note(&mut self, note: Happening) {
        self.recent.push_back(note);
        while self.recent.len() > RECENT {
            self.recent.pop_front();
        }
    }

    fn peer(&self) -> String {
        self.view
            .as_ref()
            .filter(|v| !v.peer_name.is_empty())
            .map_or_else(|| self.asking().unwrap_or_default(), peer_name)
    }

    fn update(&mut self, update: Update) {
        match update {
            Update::Ticket(ticket) => {
                self.qr = Qr::new(&ticket);
                self.ticket = Some(ticket);
            }
            Update::Peer { fingerprint } => self.fingerprint = Some(fingerprint),
            Update::OwnKey { fingerprint } => self.own_key = Some(fingerprint),
            Update::Event(event) => self.event(event),
            Update::View(view) => self.view = Some(*view),
            Update::Refused(error) => self.note(Happening::Refused(error)),
            Update::Warning(text) => self.note(Happening::Text(status::capitalise(&text))),
            Update::Finished { reason, .. } => self.finished = Some(reason),
        }
    }

    fn event(&mut self, event: NetEvent) {
        let note = match event {
            NetEvent::JoinRequest { name } => Happening::Text(t!("online-asks", name = name)),
            NetEvent::Joined {
                name,
                seat,
                resumed,
            } => Happening::Joined {
                name,
                seat,
                resumed,
                hosting: self.hosting,
            },
            NetEvent::Refused(reason) => Happening::Text(t!("online-refused", reason = reason)),
            NetEvent::Moved { side, cell } => Happening::Moved { side, cell },
            NetEvent::NewGame { seat } => self.new_game_note(seat),
            NetEvent::Chose { choice, mine } => Happening::Chose {
                choice,
                mine,
                name: self.peer(),
            },
            NetEvent::RoundTrip(time) => {
                self.round_trip = Some(time);
                return;
            }
            NetEvent::Clock { .. } | NetEvent::Over | NetEvent::Record => return,
            other => Happening::Text(self.event_text(other)),
        };
        self.note(note);
    }

    /// A new game of the match: the side we play, or under a swap opening who opens it
    /// (the colours follow the choice).
    fn new_game_note(&self, seat: Side) -> Happening {
        let opening = self.view.as_ref().map(|v| v.session.opening().rule());
        if opening.is_none_or(|o| o == OpeningRule::Free) {
            return Happening::NewGame { seat };
        }
        Happening::NewOpening {
            mine: seat == Side::X,
            name: self.peer(),
        }
    }

    /// The words for an event that names no side or cell.
    fn event_text(&self, event: NetEvent) -> String {
        let name = self.peer();
        match event {
            NetEvent::Offered(offer) => t!("online-offers", name = name, what = what(offer)),
            NetEvent::Answered {
                offer,
                accepted,
                by_peer,
            } => {
                let what = what(offer);
                match (by_peer, accepted) {
                    (true, true) => t!("online-they-accepted", name = name, what = what),
                    (true, false) => t!("online-they-declined", name = name, what = what),
                    (false, true) => t!("online-you-accepted", what = what),
                    (false, false) => t!("online-you-declined", what = what),
                }
            }
            NetEvent::Withdrawn { offer, mine: true } => {
                t!("online-withdrawn-mine", what = what(offer), name = name)
            }
            NetEvent::Withdrawn { offer, mine: false } => {
                t!("online-withdrawn-theirs", what = what(offer), name = name)
            }
            NetEvent::Undone { moves } => t!("online-undone", moves = moves.to_string()),
            NetEvent::PeerAway(reason) => t!(
                "online-peer-away",
                reason = status::capitalise(&reason),
                name = name
            ),
            NetEvent::PeerLeft if self.hosting => t!("online-peer-left", name = name),
            NetEvent::PeerLeft => t!("online-host-left", name = name),
            NetEvent::TurnedAway { name } => t!("online-turned-away", name = name),
            NetEvent::ClaimAvailable => t!("online-claim-available", name = name),
            _ => String::new(),
        }
    }

    /// The peer's key as the section shows it, once connected.
    fn key(&self) -> String {
        self.fingerprint.clone().unwrap_or_else(|| "?".into())
    }

    /// "Your key: ...": this side's key, as the peer's window shows it for this side.
    fn own_key_text(&self) -> String {
        let key = self.own_key.clone().unwrap_or_else(|| "…".into());
        t!("online-own-key", key = key)
    }

    /// What the window waits for before the game: the network, a caller, the host.
    fn waiting_text(&self) -> String {
        match (self.hosting, &self.ticket, &self.fingerprint) {
            (true, Some(_), _) => t!("online-waiting"),
            (true, None, _) => t!("online-starting"),
            // Joiner: connected, the host has not answered yet.
            (false, _, Some(_)) => t!("online-waiting-admit"),
            (false, _, None) => t!("online-dialling"),
        }
    }

    /// Host: the caller waiting to be let in, in the board's place: who asks, the key to
    /// compare with the one the caller's window shows, and the answer's two buttons.
    fn caller_ui(&self, ui: &mut Ui, name: &str, asked: &mut Vec<OnlineRequest>) {
        let name = name.to_string();
        ui.label(RichText::new(t!("online-asks", name = name.clone())).size(20.0));
        ui.add_space(8.0);
        let key = t!("online-caller-key", name = name.clone(), key = self.key());
        ui.label(RichText::new(key).monospace().size(18.0));
        ui.add_space(8.0);
        ui.label(t!("online-caller-check", name = name));
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            // The two buttons side by side, centred under the lines above.
            let size = egui::vec2(120.0, 32.0);
            let width = 2.0 * size.x + ui.spacing().item_spacing.x;
            ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
            let let_in = egui::Button::new(RichText::new(t!("online-let-in")).size(16.0));
            if ui.add(let_in.min_size(size)).clicked() {
                asked.push(OnlineRequest::Act(Action::Admit(true)));
            }
            let away = egui::Button::new(RichText::new(t!("online-turn-away")).size(16.0));
            if ui.add(away.min_size(size)).clicked() {
                asked.push(OnlineRequest::Act(Action::Admit(false)));
            }
        });
    }

    /// Joiner: before the game, in the board's place: what the window waits for, and this
    /// side's key, which the host sees beside the caller's name and may ask to hear.
    fn calling_ui(&self, ui: &mut Ui) {
        ui.label(RichText::new(self.waiting_text()).size(20.0));
        ui.add_space(4.0);
        ui.spinner();
        ui.add_space(8.0);
        ui.label(RichText::new(self.own_key_text()).monospace().size(18.0));
        ui.add_space(8.0);
        ui.label(t!("online-own-key-hint"));
    }

    /// The question whether to resign, over the window: Yes resigns, No (or Escape, or a
    /// click beside it) goes back to the game. Nothing under it moves.
    fn resign_ui(&self, ctx: &egui::Context, view: &View, asked: &mut Vec<OnlineRequest>) {
        let modal = egui::Modal::new(egui::Id::unique("online-resign")).show(ctx, |ui| {
            ui.set_max_width(360.0);
            ui.label(t!("online-resign-question", name = peer_name(view)));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(t!("online-resign-yes")).clicked() {
                    Some(true)
                } else if ui.button(t!("online-resign-no")).clicked() {
                    Some(false)
                } else {
                    None
                }
            })
            .inner
        });
        match modal.inner {
            Some(true) => asked.push(OnlineRequest::Act(Action::Resign)),
            Some(false) => asked.push(OnlineRequest::ResignQuestion(false)),
            None if modal.should_close() => asked.push(OnlineRequest::ResignQuestion(false)),
            None => {}
        }
    }

    /// Whether the game goes on, so that the player can resign it.
    fn can_resign(&self) -> bool {
        self.finished.is_none()
            && self
                .view()
                .is_some_and(|v| v.ending.is_none() && v.session.outcome().is_none())
    }

    /// Who is connected and how; before that, what the window waits for (the ticket, the
    /// caller's key and the answer to a caller are in the board's place).
    fn connection_ui(&self, ui: &mut Ui) {
        if self.view().is_none() && self.finished.is_none() {
            // One line of one height whatever it says, so that nothing below it moves
            // when a caller arrives.
            ui.horizontal(|ui| {
                ui.set_min_height(ui.spacing().interact_size.y);
                if let Some(name) = self.asking() {
                    ui.add(egui::Label::new(t!("online-asks", name = name)).truncate());
                    return;
                }
                ui.spinner();
                ui.label(self.waiting_text());
            });
            if !self.hosting {
                ui.label(self.own_key_text());
            }
        }
        let Some(view) = self.view() else {
            if let Some(reason) = &self.finished {
                ui.label(RichText::new(t!("online-ended", reason = reason.clone())).strong());
            }
            return;
        };
        ui.label(t!("online-playing", name = peer_name(view)));
        // The keys on lines of their own: a name cannot pass for one.
        ui.label(RichText::new(t!("online-key", key = self.key())).weak());
        ui.label(RichText::new(self.own_key_text()).weak());
        let state = if self.finished.is_some() {
            t!("online-disconnected")
        } else if !view.connected {
            t!("online-away")
        } else if let Some(time) = self.round_trip {
            t!("online-connected", ms = milliseconds(time))
        } else {
            t!("online-connected-plain")
        };
        ui.label(state);
    }

    /// The host's ticket to give, its Copy button and its QR code; whether it was copied.
    fn ticket_ui(&self, ui: &mut Ui, ticket: &str) -> bool {
        ui.label(RichText::new(t!("online-give-ticket")).size(18.0));
        ui.add_space(8.0);
        ui.add(egui::Label::new(RichText::new(ticket).monospace().size(15.0)).wrap());
        ui.add_space(8.0);
        let copy = if self.copied {
            t!("online-copied")
        } else {
            t!("online-copy")
        };
        let copied = ui.button(copy).clicked();
        if copied {
            ui.ctx().copy_text(ticket.to_string());
        }
        if let Some(qr) = &self.qr {
            ui.add_space(12.0);
            ui.label(t!("online-qr"));
            qr.ui(ui);
        }
        copied
    }

    /// The offers and the game's buttons. The buttons come first and are always drawn
    /// (greyed when they cannot be used), so that a line appearing (an offer, its answer)
    /// never moves a button under the pointer.
    /// The offers made and waiting for an answer, with the buttons to answer one.
    fn offers_ui(&self, ui: &mut Ui, view: &View, asked: &mut Vec<OnlineRequest>) {
        if self.finished.is_some() {
            return;
        }
        if let Some(offer) = view.my_offer {
            ui.label(t!("online-you-offered", what = what(offer)));
        }
        if let Some(offer) = view.pending_offer {
            ui.label(
                RichText::new(t!(
                    "online-offers",
                    name = peer_name(view),
                    what = what(offer)
                ))
                .strong(),
            );
            ui.horizontal(|ui| {
                if ui.button(t!("online-accept")).clicked() {
                    asked.push(OnlineRequest::Act(Action::Reply(true)));
                }
                if ui.button(t!("online-decline")).clicked() {
                    asked.push(OnlineRequest::Act(Action::Reply(false)));
                }
            });
        }
    }

    /// The game's buttons: offer an undo or a draw, resign, claim; a rematch once it is over.
    fn buttons_ui(&self, ui: &mut Ui, view: &View, asked: &mut Vec<OnlineRequest>) {
        if self.finished.is_some() {
            return;
        }
        let over = view.ending.is_some() || view.session.outcome().is_some();
        // Offers wait for an answer: none while one waits, or while the opponent is away.
        let free = view.connected && self.my_offer().is_none() && view.pending_offer.is_none();
        ui.horizontal_wrapped(|ui| {
            if over {
                if ui
                    .add_enabled(free, egui::Button::new(t!("online-offer-rematch")))
                    .clicked()
                {
                    asked.push(OnlineRequest::Act(Action::Offer(Offer::Rematch)));
                }
                return;
            }
            // Whether this player has a move of the game to take back (the opening's
            // stones and choices are never taken back).
            let undo = egui::Button::new(t!("online-offer-undo"));
            let response = ui.add_enabled(free && view.can_offer_undo, undo);
            let response = if view.session.opening_step() == Step::Play {
                response
            } else {
                response.on_disabled_hover_text(t!("online-no-undo-in-opening"))
            };
            if response.clicked() {
                asked.push(OnlineRequest::Act(Action::Offer(Offer::Undo)));
            }
            if ui
                .add_enabled(free, egui::Button::new(t!("online-offer-draw")))
                .clicked()
            {
                asked.push(OnlineRequest::Act(Action::Offer(Offer::Draw)));
            }
            // Asked again before it is sent: a resignation cannot be taken back.
            if ui.button(t!("online-resign")).clicked() {
                asked.push(OnlineRequest::ResignQuestion(true));
            }
            if ui
                .add_enabled(view.can_claim, egui::Button::new(t!("online-claim")))
                .clicked()
            {
                asked.push(OnlineRequest::Act(Action::Claim));
            }
        });
    }
}

/// What the opening asks now and of whom ("Choose, or place two - Bob"), while it goes on.
fn opening_asks(view: &View, naming: Naming) -> Option<String> {
    let peer = peer_name(view);
    let who = |seat: Seat| {
        let settings_side = match seat {
            Seat::Opener => Side::X,
            Seat::Chooser => Side::O,
        };
        if settings_side == view.seat {
            t!("who-you")
        } else {
            peer.clone()
        }
    };
    super::opening::asked_of(&view.session, naming, &who)
}

/// Who plays which colour; during the opening, who opens and who replies (the headline
/// says what the opening asks now).
fn players_text(view: &View, peer: &str, naming: Naming) -> String {
    let in_opening = view.session.opening_step() != Step::Play && result(view).is_none();
    match (in_opening, view.seat) {
        (true, Side::X) => t!("online-players-opener", name = peer.to_string()),
        (true, Side::O) => t!("online-players-chooser", name = peer.to_string()),
        (false, _) => t!(
            "online-players",
            me = naming.side(view.side),
            name = peer.to_string(),
            them = naming.side(view.side.other())
        ),
    }
}

/// An opponent's arrival in words, from this window's side: the host's opponent joined
/// (or is back); a joiner joined the host's game (or is back in it). `side` is ours.
fn joined_text(name: &str, side: String, resumed: bool, hosting: bool) -> String {
    let name = name.to_string();
    match (resumed, hosting) {
        (true, true) => t!("online-back", name = name),
        (true, false) => t!("online-back-in-game", name = name),
        (false, true) => t!("online-joined", name = name, side = side),
        (false, false) => t!("online-you-joined", name = name, side = side),
    }
}

/// A choice of the opening in words: "Bob took Black", "You chose to place two more".
fn chose_text(choice: Choice, mine: bool, name: &str, naming: Naming) -> String {
    let name = name.to_string();
    match (choice.side(), mine) {
        (Some(side), true) => t!("online-you-took", side = naming.side(side)),
        (Some(side), false) => t!("online-they-took", name = name, side = naming.side(side)),
        (None, true) => t!("online-you-place-two"),
        (None, false) => t!("online-they-place-two", name = name),
    }
}

/// When the opening's choice is this player's: whether swap2's two more stones are offered
/// (the status line draws its buttons).
#[must_use]
pub fn choice_offered(online: &Online) -> Option<bool> {
    let game = online.game.as_ref().filter(|g| g.finished.is_none())?;
    let view = game.view().filter(|v| v.my_turn && result(v).is_none())?;
    let Step::Choose { place_two, .. } = view.session.opening_step() else {
        return None;
    };
    Some(place_two)
}

/// A board's name, with its opening when it has one: "15x15, 5 in a row, Swap2".
fn board_and_opening(rule: &Rule, opening: OpeningRule) -> String {
    let board = status::board_name(rule);
    if opening == OpeningRule::Free {
        board
    } else {
        t!(
            "online-board-opening",
            board = board,
            opening = super::opening::name(opening)
        )
    }
}

fn peer_name(view: &View) -> String {
    if view.peer_name.is_empty() {
        t!("online-friend")
    } else {
        view.peer_name.clone()
    }
}

/// How the game ended, from this player's side, or `None` while it goes on.
fn result(view: &View) -> Option<String> {
    let name = peer_name(view);
    let mine = |side: Side| side == view.side;
    let text = match (view.ending, view.session.outcome()) {
        (Some(Ending::Resigned(side)), _) if mine(side) => t!("online-you-resigned"),
        (Some(Ending::Resigned(_)), _) => t!("online-they-resigned", name = name),
        (Some(Ending::DrawAgreed), _) => t!("online-draw-agreed"),
        (Some(Ending::Abandoned(side)), _) if mine(side) => {
            t!("online-you-abandoned", name = name)
        }
        (Some(Ending::Abandoned(_)), _) => t!("online-they-abandoned", name = name),
        (Some(Ending::OutOfTime(side)), _) if mine(side) => {
            t!("online-you-out-of-time", name = name)
        }
        (Some(Ending::OutOfTime(_)), _) => t!("online-they-out-of-time", name = name),
        (None, Some(Outcome::Draw)) => t!("online-draw"),
        (None, Some(Outcome::Win { side, .. })) if mine(side) => t!("online-you-win"),
        (None, Some(Outcome::Win { .. })) => t!("online-they-win", name = name),
        (None, None) => return None,
    };
    Some(text)
}

fn what(offer: Offer) -> String {
    match offer {
        Offer::Undo => t!("online-what-undo"),
        Offer::Draw => t!("online-what-draw"),
        Offer::Rematch => t!("online-what-rematch"),
    }
}

/// Why the player's action was not sent, in the window's language (a cell named as
/// `naming` says).
fn refusal(error: &ActionError, naming: Naming) -> String {
    match error {
        ActionError::NoOpponent => t!("online-no-opponent"),
        ActionError::NotYourTurn => t!("online-not-your-turn"),
        ActionError::GameOver => t!("online-game-over"),
        ActionError::OfferPending => t!("online-offer-pending"),
        ActionError::NoOffer => t!("online-no-offer"),
        ActionError::CannotOffer => t!("online-cannot-offer"),
        ActionError::UndoInOpening => t!("online-no-undo-in-opening"),
        ActionError::Opening(ChoiceError::NotNow) => t!("opening-no-choice-now"),
        ActionError::Opening(ChoiceError::NotOffered) => t!("opening-two-not-offered"),
        ActionError::CannotClaim => t!("online-cannot-claim"),
        ActionError::NobodyWaiting => t!("online-nobody-waiting"),
        ActionError::PeerAway => t!("online-offer-away"),
        ActionError::Illegal(e) => status::capitalise(&status::move_error(e, naming)),
    }
}

/// A clock's time as minutes and seconds, "3:07".
fn minutes(time: Duration) -> String {
    let seconds = time.as_secs();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// A round trip in milliseconds, with a tenth under 10 ms (loopback and a LAN take less
/// than one).
fn milliseconds(time: Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.1}")
    } else {
        format!("{ms:.0}")
    }
}
