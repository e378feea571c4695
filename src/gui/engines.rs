//! Engines from outside in the window: programs a person wrote (in any language) that speak
//! the Gomocup protocol. The section "Your engines" keeps a list of them in the preferences:
//! a command typed (or a program chosen with Browse…) is started once to ask its name
//! (ABOUT) on a helper thread, then listed (under its program's name if it gives none), and
//! can be removed. One that answers nothing within the time to start, or ends before
//! answering, is not listed, and the section says what it did. The name an engine is listed
//! under is the one the whole window calls it by ([`EngineNames`]). In the players section each
//! side can be given to one of them, in place of whoever the mode seats there: you against
//! it, it against the computer, or two engines. The driver runs the engine (see
//! `game::driver`); this file draws the choices and says what went wrong in words of the
//! window's language.

use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use egui::{Button, ComboBox, DragValue, RichText, TextEdit, Ui};
use serde::{Deserialize, Serialize};

use crate::external::{
    Brain, EngineCommand, EngineExit, Fault, IllegalMove, LaunchFailure, ProcessExit, signal_name,
};
use crate::game::{EngineFault, Settings};
use crate::rules::Side;
use crate::t;

use super::naming::Naming;

/// An engine a person added, as the preferences keep it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedEngine {
    /// Its name, as it gave it to ABOUT (or its program's name when it gave none).
    pub name: String,
    pub command: EngineCommand,
}

/// What the helper thread that asks an engine its name sends back.
type Named = Result<Option<String>, Fault>;

/// The section's state that is not saved: the command being typed, the engine being asked
/// its name, the file dialog of Browse… and the last problem.
#[derive(Default)]
pub struct EnginesView {
    command: String,
    asking: Option<(EngineCommand, Receiver<Named>)>,
    browsing: Option<Receiver<Option<PathBuf>>>,
    problem: Option<String>,
}

impl EnginesView {
    /// The section: the engines listed with Remove, then the command field with Browse…
    /// and Add. An engine removed leaves the seats it had.
    pub fn ui(&mut self, ui: &mut Ui, engines: &mut Vec<SavedEngine>, settings: &mut Settings) {
        self.poll(engines);
        ui.heading(t!("engines-heading"));
        let mut removed = None;
        for (index, engine) in engines.iter().enumerate() {
            ui.horizontal(|ui| {
                let remove = Button::new(t!("engine-remove"));
                if ui
                    .add(remove)
                    .on_hover_text(engine.command.to_string())
                    .clicked()
                {
                    removed = Some(index);
                }
                ui.label(engine.name.as_str())
                    .on_hover_text(engine.command.to_string());
            });
        }
        if let Some(index) = removed {
            let gone = engines.remove(index);
            for seat in &mut settings.engines.seats {
                if seat.as_ref() == Some(&gone.command) {
                    *seat = None;
                }
            }
        }
        self.add_ui(ui, settings.engines.limits.start());
        limits_ui(ui, settings);
    }

    /// The command field, Browse… and Add, and what became of the last engine added. An
    /// engine being added has the time to start (`start`) to say its name.
    fn add_ui(&mut self, ui: &mut Ui, start: Duration) {
        let label = ui.label(t!("engine-command"));
        ui.add(
            TextEdit::singleline(&mut self.command)
                .hint_text(t!("engine-command-hint"))
                .desired_width(f32::INFINITY),
        )
        .labelled_by(label.id);
        ui.horizontal(|ui| {
            let browse = Button::new(t!("engine-browse"));
            if ui.add_enabled(self.browsing.is_none(), browse).clicked() {
                self.browse(ui.ctx());
            }
            let command = EngineCommand::parse(&self.command);
            let can_add = command.is_some() && self.asking.is_none();
            if ui
                .add_enabled(can_add, Button::new(t!("engine-add")))
                .clicked()
                && let Some(command) = command
            {
                self.ask_name(command, start, ui.ctx());
            }
            if self.asking.is_some() {
                super::busy::waiting(ui, &t!("engine-asking"));
            }
        });
        if let Some(problem) = &self.problem {
            ui.label(RichText::new(problem).color(ui.visuals().error_fg_color));
        }
    }

    /// Starts the engine on a helper thread to ask its name, waiting at most `limit`; the
    /// answer comes in `poll`. One that gives no name is listed under its program's.
    fn ask_name(&mut self, command: EngineCommand, limit: Duration, ctx: &egui::Context) {
        let (sender, answer) = mpsc::channel();
        let asked = command.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let _ = sender.send(Brain::about(&asked, limit));
            ctx.request_repaint();
        });
        self.problem = None;
        self.asking = Some((command, answer));
    }

    /// Opens the desktop's file dialog on a helper thread (it must never block the window).
    fn browse(&mut self, ctx: &egui::Context) {
        let (sender, chosen) = mpsc::channel();
        let ctx = ctx.clone();
        let title = t!("engine-browse-title");
        std::thread::spawn(move || {
            let dialog = rfd::AsyncFileDialog::new().set_title(title);
            let file = pollster::block_on(dialog.pick_file());
            let _ = sender.send(file.map(|f| f.path().to_path_buf()));
            ctx.request_repaint();
        });
        self.browsing = Some(chosen);
    }

    /// Takes in an engine's name (adding it to the list) and a file chosen with Browse….
    fn poll(&mut self, engines: &mut Vec<SavedEngine>) {
        if let Some(chosen) = &self.browsing {
            match chosen.try_recv() {
                Ok(path) => {
                    if let Some(path) = path {
                        self.command = path.display().to_string();
                    }
                    self.browsing = None;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.browsing = None,
            }
        }
        let Some((command, answer)) = &self.asking else {
            return;
        };
        let named = match answer.try_recv() {
            Ok(named) => named,
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => Err(Fault::Launch(LaunchFailure::Other(
                "asking its name stopped without an answer".to_string(),
            ))),
        };
        let command = command.clone();
        self.asking = None;
        match named {
            Ok(name) => {
                let name = name.unwrap_or_else(|| command.name().to_string());
                engines.retain(|e| e.command != command);
                engines.push(SavedEngine { name, command });
                self.command.clear();
            }
            Err(fault) => self.problem = Some(not_added(command.name(), &fault)),
        }
    }
}

/// The engines' time per move and for starting, edited in seconds.
fn limits_ui(ui: &mut Ui, settings: &mut Settings) {
    let limits = &mut settings.engines.limits;
    seconds_ui(ui, t!("engine-turn-time"), &mut limits.turn_ms, TURN_MS);
    seconds_ui(ui, t!("engine-start-time"), &mut limits.start_ms, START_MS);
}

/// The range of an engine's time per move, in milliseconds.
const TURN_MS: (u64, u64) = (100, 60_000);
/// The range of an engine's time to start, in milliseconds.
const START_MS: (u64, u64) = (1_000, 120_000);

/// A time in milliseconds, edited in seconds within `(least, most)`.
fn seconds_ui(ui: &mut Ui, text: String, ms: &mut u64, (least, most): (u64, u64)) {
    ui.horizontal(|ui| {
        let label = ui.label(text);
        let mut seconds = *ms as f64 / 1000.0;
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

/// The seats: for X and for O, the engine that plays there, or none (whoever the mode
/// seats). Part of the players section.
pub fn seats_ui(ui: &mut Ui, settings: &mut Settings, engines: &[SavedEngine], naming: Naming) {
    if engines.is_empty() && settings.engines.seats.iter().all(Option::is_none) {
        ui.label(RichText::new(t!("engine-seats-none-added")).weak());
        return;
    }
    for side in Side::BOTH {
        ui.horizontal(|ui| {
            let label = ui.label(t!("engine-seat", side = naming.side(side)));
            let seat = &mut settings.engines.seats[side.index()];
            let shown = match seat {
                Some(command) => EngineNames(engines).of(command),
                None => t!("engine-seat-empty"),
            };
            ComboBox::from_id_salt(("engine-seat", side.index()))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(seat, None, t!("engine-seat-empty"));
                    for engine in engines {
                        ui.selectable_value(
                            seat,
                            Some(engine.command.clone()),
                            engine.name.as_str(),
                        );
                    }
                })
                .response
                .labelled_by(label.id);
        });
    }
}

/// The names engines go by in the window: the one each is listed under in Your engines (the
/// name it gave to ABOUT, or its program's), or, for one no longer listed, its program's.
/// The panel, the status line, the players line, the score and an engine's faults all name
/// an engine through it, so an engine has one name everywhere.
#[derive(Clone, Copy)]
pub struct EngineNames<'a>(pub &'a [SavedEngine]);

impl EngineNames<'_> {
    /// The name of the engine started by `command`.
    #[must_use]
    pub fn of(self, command: &EngineCommand) -> String {
        self.0
            .iter()
            .find(|e| e.command == *command)
            .map_or_else(|| command.name().to_string(), |e| e.name.clone())
    }
}

/// What the window says when an engine failed in a game: what it did, and that the game
/// stays as it was (and that it was stopped, if it was still running).
#[must_use]
pub fn fault_text(fault: &EngineFault) -> String {
    let words = fault_words(&fault.name, &fault.fault);
    match fault.fault {
        Fault::Launch(_) => words,
        Fault::Ended(_) => t!("engine-game-stays", what = words),
        _ => t!("engine-stopped", what = words),
    }
}

/// What the section says when an engine being added failed: one that said nothing within
/// its time to start is told apart from one that ended or could not start.
fn not_added(name: &str, fault: &Fault) -> String {
    match fault {
        Fault::TimeOut(limit) => t!(
            "engine-silent",
            name = name,
            seconds = super::busy::seconds(u64::try_from(limit.as_millis()).unwrap_or(u64::MAX))
        ),
        _ => t!("engine-not-added", what = fault_words(name, fault)),
    }
}

/// How an engine's process ended, with the last line of its error output if it wrote one.
fn ending_words(name: &str, ending: &EngineExit) -> String {
    let words = match ending.exit {
        ProcessExit::Code(code) if !ending.answered => {
            t!("engine-fault-at-once", name = name, code = code)
        }
        ProcessExit::Code(code) => t!("engine-fault-exited", name = name, code = code),
        ProcessExit::Signal(signal) => {
            let signal = match signal_name(signal) {
                Some(known) => format!("{signal}, {known}"),
                None => signal.to_string(),
            };
            t!("engine-fault-crashed", name = name, signal = signal)
        }
        ProcessExit::OutputClosed => t!("engine-fault-closed", name = name),
    };
    match &ending.last_error {
        Some(line) => t!(
            "engine-fault-last-error",
            what = words,
            line = line.as_str()
        ),
        None => words,
    }
}

/// Why an engine could not start, in the window's language; the system's words where it
/// gave no reason the window knows.
fn launch_words(why: &LaunchFailure) -> String {
    match why {
        LaunchFailure::NotFound => t!("engine-launch-not-found"),
        LaunchFailure::NotPermitted => t!("engine-launch-not-permitted"),
        LaunchFailure::NotAProgram => t!("engine-launch-not-a-program"),
        LaunchFailure::NoPipes => t!("engine-launch-no-pipes"),
        LaunchFailure::Other(words) => words.clone(),
    }
}

/// What `name` did, in the window's language; the engine's own text (cut short and
/// cleaned, as [`crate::external::shown`] does) and the system's reason are quoted as they
/// came.
fn fault_words(name: &str, fault: &Fault) -> String {
    match fault {
        Fault::Launch(why) => t!("engine-fault-launch", name = name, why = launch_words(why)),
        Fault::TimeOut(limit) => t!(
            "engine-fault-time",
            name = name,
            ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX)
        ),
        Fault::Ended(ending) => ending_words(name, ending),
        Fault::Refused(line) => t!("engine-fault-refused", name = name, line = line.as_str()),
        Fault::Unreadable(line) => {
            t!("engine-fault-unreadable", name = name, line = line.as_str())
        }
        Fault::Illegal(point, why) => {
            let point = point.to_string();
            let point = point.as_str();
            match why {
                IllegalMove::OffBoard => t!("engine-fault-off-board", name = name, point = point),
                IllegalMove::Taken => t!("engine-fault-taken", name = name, point = point),
                IllegalMove::Forbidden(_) => {
                    t!("engine-fault-forbidden", name = name, point = point)
                }
            }
        }
        Fault::Stopped => t!("engine-fault-stopped", name = name),
    }
}
