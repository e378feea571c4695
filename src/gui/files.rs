//! Where saved games come from and go to. The window asks a [`FilePicker`] for a path on a
//! helper thread, so a native dialog never freezes the board; tests hand in a
//! [`GivenPath`] instead of a dialog. Reading and writing the record is the game layer's.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver};

/// Saving or opening a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Save,
    Open,
}

/// Asks someone for a path. May block (a dialog): the window calls it on a helper thread.
pub trait FilePicker: Send + Sync {
    /// The chosen path, or `None` when the choice was cancelled.
    fn pick(&self, action: FileAction) -> Option<PathBuf>;
}

/// The desktop's file dialog, through rfd (the xdg portal, or zenity, on Linux).
pub struct DialogPicker;

impl FilePicker for DialogPicker {
    fn pick(&self, action: FileAction) -> Option<PathBuf> {
        let dialog = rfd::AsyncFileDialog::new().add_filter("Saved game (JSON)", &["json"]);
        let handle = pollster::block_on(async move {
            match action {
                FileAction::Save => {
                    dialog
                        .set_title("Save game")
                        .set_file_name("game.json")
                        .save_file()
                        .await
                }
                FileAction::Open => dialog.set_title("Open game").pick_file().await,
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

/// The runtime side of saving and opening: the picker and the question in flight.
pub struct Files {
    picker: Arc<dyn FilePicker>,
    pending: Option<(FileAction, Receiver<Option<PathBuf>>)>,
}

impl Files {
    pub fn new(picker: Arc<dyn FilePicker>) -> Files {
        Files {
            picker,
            pending: None,
        }
    }

    /// Whether a dialog is open (only one at a time).
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Starts asking for a path; `wake` repaints the window when the answer is in.
    pub fn ask(&mut self, action: FileAction, wake: impl Fn() + Send + 'static) {
        if self.busy() {
            return;
        }
        let (sender, receiver) = mpsc::channel();
        let picker = self.picker.clone();
        let spawned = std::thread::Builder::new()
            .name("file dialog".into())
            .spawn(move || {
                let _ = sender.send(picker.pick(action));
                wake();
            });
        if spawned.is_ok() {
            self.pending = Some((action, receiver));
        }
    }

    /// The answer, once it is in: `Some((action, None))` means the dialog was cancelled.
    pub fn poll(&mut self) -> Option<(FileAction, Option<PathBuf>)> {
        let (action, receiver) = self.pending.as_ref()?;
        let answer = match receiver.try_recv() {
            Ok(path) => path,
            Err(mpsc::TryRecvError::Empty) => return None,
            Err(mpsc::TryRecvError::Disconnected) => None,
        };
        let action = *action;
        self.pending = None;
        Some((action, answer))
    }
}
