//! Saving and opening games without ever blocking the window. Choosing the path and
//! reading or writing the record both happen on a helper thread that answers through a
//! channel; only the in-window chooser (see `chooser`), which is drawn like any other
//! widget, runs on the window's thread, and it hands the chosen path to a helper thread too.
//!
//! Which dialog is used: the desktop's own (rfd) where one can be shown, else the in-window
//! browser; a person may choose the browser or a plain path field instead (a preference).
//! Tests hand in a [`GivenPath`] instead of any dialog.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::game::Session;
use crate::grade::GradeOutcome;

pub use super::chooser::FileAction;
use super::chooser::{FileChoice, FileChooser};
use super::desktop::{self, SystemDialog};
use super::i18n;
use super::status;
use crate::t;

/// How a person chooses files: a preference kept between runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DialogChoice {
    /// The desktop's file dialog where it can be shown, else the in-window browser.
    #[default]
    System,
    /// Always the in-window browser (for desktops whose dialog misbehaves).
    InWindow,
    /// A text field for the path.
    PathField,
}

impl DialogChoice {
    /// The preference in the side panel (at its end, so the rows above keep their places).
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.label(t!("dialog-choice"));
        ui.horizontal(|ui| {
            ui.selectable_value(self, DialogChoice::System, t!("dialog-desktop"))
                .on_hover_text(t!("dialog-desktop-hover"));
            ui.selectable_value(self, DialogChoice::InWindow, t!("dialog-in-window"))
                .on_hover_text(t!("dialog-in-window-hover"));
            ui.selectable_value(self, DialogChoice::PathField, t!("dialog-path"))
                .on_hover_text(t!("dialog-path-hover"));
        });
    }
}

/// Asks someone for a path. May block (a dialog): it is only called on a helper thread.
pub trait FilePicker: Send + Sync {
    /// The chosen path, or `None` when the choice was cancelled.
    fn pick(&self, action: FileAction) -> Option<PathBuf>;
}

/// The desktop's file dialog, through rfd (the xdg portal, or zenity, on Linux).
pub struct DialogPicker;

impl FilePicker for DialogPicker {
    fn pick(&self, action: FileAction) -> Option<PathBuf> {
        let filter = match action {
            FileAction::SaveReport => t!("dialog-filter-report"),
            FileAction::Save | FileAction::Open => t!("dialog-filter"),
        };
        let dialog = rfd::AsyncFileDialog::new()
            .add_filter(filter, action.extensions())
            .set_title(action.title());
        let handle = pollster::block_on(async move {
            if action.is_save() {
                dialog
                    .set_file_name(action.default_name())
                    .save_file()
                    .await
            } else {
                dialog.pick_file().await
            }
        });
        handle.map(|h| h.path().to_path_buf())
    }
}

/// Always the same path, without asking: for tests and scripted runs.
pub struct GivenPath(pub PathBuf);

impl FilePicker for GivenPath {
    fn pick(&self, _action: FileAction) -> Option<PathBuf> {
        Some(self.0.clone())
    }
}

/// What a save or an open came to, sent back from the helper thread.
pub enum FileAnswer {
    /// The person cancelled the dialog.
    Cancelled,
    /// No system dialog can be shown here (the words say why); the in-window browser is open.
    NoSystemDialog(String),
    Saved(PathBuf),
    /// A report of the lab's grader was written there.
    ReportSaved(PathBuf),
    /// The game read from the file, checked move by move.
    Opened(PathBuf, Box<Session>),
    /// Why the file could not be written or read; the game on screen stays.
    Failed(String),
}

/// What is written when saving.
#[derive(Clone)]
pub enum Payload {
    Game(Box<Session>),
    Report(Box<GradeOutcome>),
}

/// Where paths come from.
enum PathSource {
    /// The desktop's dialog, the in-window browser or the path field, as preferred.
    Desktop,
    /// A fixed picker (tests).
    Given(Arc<dyn FilePicker>),
}

/// Where a save or an open stands.
enum FileStage {
    Idle,
    /// The in-window browser or the path field is open.
    Choosing {
        chooser: FileChooser,
        game: Option<Payload>,
    },
    /// The file chosen to save to exists: the window asks before replacing it. Cancelling
    /// goes back to the chooser.
    Replacing {
        chooser: FileChooser,
        game: Option<Payload>,
        path: PathBuf,
    },
    /// A helper thread is asking the desktop for a path, or reading or writing the file.
    Working {
        answer: Receiver<FileAnswer>,
        action: FileAction,
        /// The game to save, kept for the in-window browser should the desktop have no
        /// dialog after all.
        game: Option<Payload>,
        folder: Option<PathBuf>,
    },
}

/// The runtime side of saving and opening (never saved between runs).
pub struct Files {
    source: PathSource,
    /// What the desktop offers, found once on a helper thread when the window opens.
    desktop: Arc<OnceLock<SystemDialog>>,
    stage: FileStage,
}

impl Files {
    /// Saving and opening through the desktop's dialogs; starts finding out which exist.
    #[must_use]
    pub fn desktop() -> Files {
        let desktop = Arc::new(OnceLock::new());
        let probe = desktop.clone();
        // The probe's words, should there be no dialog, are in the window's language.
        let language = i18n::language();
        let spawned = std::thread::Builder::new()
            .name("file dialog probe".into())
            .spawn(move || {
                i18n::set_language(language);
                let _ = probe.set(desktop::probe());
            });
        if spawned.is_err() {
            let _ = desktop.set(SystemDialog::Unavailable(t!("desktop-not-asked")));
        }
        Files {
            source: PathSource::Desktop,
            desktop,
            stage: FileStage::Idle,
        }
    }

    /// As on a desktop that has the given dialogs (tests).
    #[must_use]
    pub fn assuming(system: SystemDialog) -> Files {
        Files {
            source: PathSource::Desktop,
            desktop: Arc::new(OnceLock::from(system)),
            stage: FileStage::Idle,
        }
    }

    /// Paths from `picker` instead of any dialog.
    #[must_use]
    pub fn given(picker: Arc<dyn FilePicker>) -> Files {
        Files {
            source: PathSource::Given(picker),
            desktop: Arc::new(OnceLock::new()),
            stage: FileStage::Idle,
        }
    }

    /// Whether a save or an open is under way (only one at a time).
    #[must_use]
    pub fn busy(&self) -> bool {
        !matches!(self.stage, FileStage::Idle)
    }

    /// Whether the in-window chooser, or its question about replacing a file, is open: the
    /// rest of the window then takes no input, so the game and the settings behind it
    /// cannot change while a file is being chosen for them. (The desktop's own dialog is
    /// another window; this one goes on meanwhile.)
    #[must_use]
    pub fn is_modal(&self) -> bool {
        matches!(
            self.stage,
            FileStage::Choosing { .. } | FileStage::Replacing { .. }
        )
    }

    /// Starts saving `game` (a game, or a report), or opening a game: asks for a path the
    /// preferred way, starting in `folder`. `wake` repaints the window when a helper thread
    /// has answered. Returns at once; an answer known already (no system dialog here) is
    /// returned too.
    pub fn ask(
        &mut self,
        action: FileAction,
        game: Option<Payload>,
        choice: DialogChoice,
        folder: Option<&Path>,
        wake: impl Fn() + Send + 'static,
    ) -> Option<FileAnswer> {
        if self.busy() {
            return None;
        }
        let asker = match (&self.source, choice) {
            (PathSource::Given(picker), _) => Asker::Picker(picker.clone()),
            (PathSource::Desktop, DialogChoice::System) => {
                if let Some(SystemDialog::Unavailable(why)) = self.desktop.get() {
                    let why = why.clone();
                    self.choose_in_window(action, game, folder);
                    return Some(FileAnswer::NoSystemDialog(why));
                }
                Asker::System(self.desktop.clone())
            }
            (PathSource::Desktop, DialogChoice::InWindow) => {
                self.choose_in_window(action, game, folder);
                return None;
            }
            (PathSource::Desktop, DialogChoice::PathField) => {
                let chooser = FileChooser::path_field(action, folder, None);
                self.stage = FileStage::Choosing { chooser, game };
                return None;
            }
        };
        let to_write = game.clone();
        let answer = spawn(wake, move || match asker.path(action) {
            Ok(path) => work(action, to_write, path),
            Err(answer) => answer,
        });
        self.stage = FileStage::Working {
            answer,
            action,
            game,
            folder: folder.map(Path::to_path_buf),
        };
        None
    }

    /// Opens the in-window browser (or the path field, where no folder can be browsed).
    fn choose_in_window(
        &mut self,
        action: FileAction,
        game: Option<Payload>,
        folder: Option<&Path>,
    ) {
        let chooser = FileChooser::browser(action, folder);
        self.stage = FileStage::Choosing { chooser, game };
    }

    /// Draws the in-window chooser, or the question about replacing a file, if one is
    /// open; a chosen path goes to a helper thread to be written or read.
    pub fn ui(&mut self, ctx: &egui::Context) {
        match std::mem::replace(&mut self.stage, FileStage::Idle) {
            FileStage::Choosing { chooser, game } => self.choosing_ui(ctx, chooser, game),
            FileStage::Replacing {
                chooser,
                game,
                path,
            } => self.replacing_ui(ctx, chooser, game, path),
            stage => self.stage = stage,
        }
    }

    /// One frame of the in-window chooser.
    fn choosing_ui(
        &mut self,
        ctx: &egui::Context,
        mut chooser: FileChooser,
        game: Option<Payload>,
    ) {
        match chooser.ui(ctx) {
            FileChoice::Open => self.stage = FileStage::Choosing { chooser, game },
            FileChoice::Cancelled => {}
            FileChoice::Chosen(path) if chooser.action().is_save() && path.exists() => {
                self.stage = FileStage::Replacing {
                    chooser,
                    game,
                    path,
                };
            }
            FileChoice::Chosen(path) => self.start_work(ctx, chooser.action(), game, path),
        }
    }

    /// One frame of the question whether to replace the file at `path`.
    fn replacing_ui(
        &mut self,
        ctx: &egui::Context,
        mut chooser: FileChooser,
        game: Option<Payload>,
        path: PathBuf,
    ) {
        match ask_to_replace(ctx, &path) {
            None => {
                self.stage = FileStage::Replacing {
                    chooser,
                    game,
                    path,
                }
            }
            Some(true) => self.start_work(ctx, chooser.action(), game, path),
            Some(false) => {
                chooser.reopen();
                self.stage = FileStage::Choosing { chooser, game };
            }
        }
    }

    /// Writes or reads the chosen file on a helper thread.
    fn start_work(
        &mut self,
        ctx: &egui::Context,
        action: FileAction,
        game: Option<Payload>,
        path: PathBuf,
    ) {
        let ctx = ctx.clone();
        let answer = spawn(
            move || ctx.request_repaint(),
            move || work(action, game, path),
        );
        self.stage = FileStage::Working {
            answer,
            action,
            game: None,
            folder: None,
        };
    }

    /// The answer of the helper thread, once it is in. When the desktop turned out to have
    /// no dialog, the in-window browser opens and the answer says why.
    pub fn poll(&mut self) -> Option<FileAnswer> {
        let FileStage::Working { answer, .. } = &self.stage else {
            return None;
        };
        let answer = match answer.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => FileAnswer::Failed(t!("file-helper-stopped")),
        };
        let FileStage::Working {
            action,
            game,
            folder,
            ..
        } = std::mem::replace(&mut self.stage, FileStage::Idle)
        else {
            unreachable!("the stage was just matched")
        };
        if matches!(answer, FileAnswer::NoSystemDialog(_)) {
            self.choose_in_window(action, game, folder.as_deref());
        }
        Some(answer)
    }
}

/// The question whether to replace the file at `path`, in a modal window: `Some(true)` to
/// replace it, `Some(false)` to choose again (also Escape, or a click beside the question),
/// `None` while it is open.
fn ask_to_replace(ctx: &egui::Context, path: &Path) -> Option<bool> {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let modal = egui::Modal::new(egui::Id::unique("replace file")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.label(t!("replace-question", name = name));
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if ui.button(t!("replace-yes")).clicked() {
                Some(true)
            } else if ui.button(t!("replace-no")).clicked() {
                Some(false)
            } else {
                None
            }
        })
        .inner
    });
    if modal.inner.is_none() && modal.should_close() {
        return Some(false);
    }
    modal.inner
}

/// Who is asked for a path on the helper thread.
enum Asker {
    Picker(Arc<dyn FilePicker>),
    /// The desktop's dialog, once the probe has found one (it may still be looking).
    System(Arc<OnceLock<SystemDialog>>),
}

impl Asker {
    /// The chosen path, or the answer to give instead (cancelled, no system dialog).
    fn path(&self, action: FileAction) -> Result<PathBuf, FileAnswer> {
        match self {
            Asker::Picker(picker) => picker.pick(action).ok_or(FileAnswer::Cancelled),
            Asker::System(desktop) => match desktop.wait() {
                SystemDialog::Unavailable(why) => Err(FileAnswer::NoSystemDialog(why.clone())),
                SystemDialog::Portal | SystemDialog::Zenity(_) => {
                    DialogPicker.pick(action).ok_or(FileAnswer::Cancelled)
                }
            },
        }
    }
}

/// Runs `job` on a helper thread; its answer comes back through the channel, then `wake`.
fn spawn(
    wake: impl Fn() + Send + 'static,
    job: impl FnOnce() -> FileAnswer + Send + 'static,
) -> Receiver<FileAnswer> {
    let (sender, receiver) = mpsc::channel();
    // The answer's words are written on the helper thread, in the window's language.
    let language = i18n::language();
    let spawned = std::thread::Builder::new()
        .name("saved game".into())
        .spawn(move || {
            i18n::set_language(language);
            let _ = sender.send(job());
            wake();
        });
    if let Err(e) = spawned {
        // The thread never ran: say so through a channel of its own.
        let (sender, receiver) = mpsc::channel();
        let _ = sender.send(FileAnswer::Failed(t!(
            "file-not-started",
            reason = e.to_string()
        )));
        return receiver;
    }
    receiver
}

/// Writes `game` (a game or a report) to `path`, or reads the game at `path`.
fn work(action: FileAction, game: Option<Payload>, path: PathBuf) -> FileAnswer {
    let name = path.display().to_string();
    match (action, game) {
        (FileAction::Save, Some(Payload::Game(game))) => match game.save(&path) {
            Ok(()) => FileAnswer::Saved(path),
            Err(e) => FileAnswer::Failed(t!("could-not-save", reason = status::record_error(&e))),
        },
        (FileAction::SaveReport, Some(Payload::Report(report))) => match report.save(&path) {
            Ok(()) => FileAnswer::ReportSaved(path),
            Err(e) => FileAnswer::Failed(t!("could-not-save-report", reason = e)),
        },
        (FileAction::Save | FileAction::SaveReport, _) => {
            FileAnswer::Failed(t!("could-not-save", reason = t!("no-game")))
        }
        (FileAction::Open, _) => match Session::load(&path) {
            Ok(loaded) => FileAnswer::Opened(path, Box::new(loaded)),
            Err(e) => FileAnswer::Failed(t!(
                "could-not-open",
                name = name,
                reason = status::record_error(&e)
            )),
        },
    }
}
