//! Choosing a file inside the window, for desktops whose own dialog cannot be shown (no
//! desktop portal, no zenity) or when a person prefers it: a file browser (the `egui_file`
//! crate), or a plain path field where there is no folder to browse or it is asked for.
//! Only the choice is made here; the file is written or read on a helper thread.

use std::path::{Path, PathBuf};

use egui::{Align2, Button, Id, Key, TextEdit};
use egui_file::FileDialog;

use crate::t;

/// Saving or opening a game, or saving a report of the lab's grader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    Save,
    Open,
    SaveReport,
}

impl FileAction {
    /// The dialog's title and the window's button, e.g. "Save game".
    #[must_use]
    pub fn title(self) -> String {
        match self {
            FileAction::Save => t!("save-game"),
            FileAction::Open => t!("open-game"),
            FileAction::SaveReport => t!("save-report"),
        }
    }

    /// Whether a file is written (and an existing one replaced only when the person says).
    #[must_use]
    pub fn is_save(self) -> bool {
        self != FileAction::Open
    }

    /// The name a file to save is given at first.
    #[must_use]
    pub fn default_name(self) -> &'static str {
        match self {
            FileAction::SaveReport => "report.txt",
            FileAction::Save | FileAction::Open => "game.json",
        }
    }

    /// The endings of the files the choosers show: saved games are JSON, a report is JSON
    /// or text.
    #[must_use]
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            FileAction::SaveReport => &["txt", "json"],
            FileAction::Save | FileAction::Open => &["json"],
        }
    }
}

/// The path field's accessible label in English (the `path-field` message).
pub const PATH_FIELD_LABEL: &str = "Saved game path";

/// What the person did this frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileChoice {
    /// Still choosing.
    Open,
    Cancelled,
    Chosen(PathBuf),
}

/// An in-window chooser for one save or open.
pub struct FileChooser {
    action: FileAction,
    kind: Kind,
}

enum Kind {
    Browser(Box<FileDialog>),
    PathField {
        text: String,
        /// A relative path is taken from here.
        folder: Option<PathBuf>,
        /// Why the field is shown instead of a dialog, if it was not asked for.
        why: Option<String>,
        focused: bool,
    },
}

impl FileChooser {
    /// The file browser, starting in the first folder of `folder`, the home folder and the
    /// working folder that can be read; the path field where none can.
    #[must_use]
    pub fn browser(action: FileAction, folder: Option<&Path>) -> FileChooser {
        let Some(start) = start_folder(folder) else {
            let why = t!("no-folder-to-browse");
            return FileChooser::path_field(action, None, Some(why));
        };
        let extensions = action.extensions();
        let json_only: egui_file::Filter<PathBuf> = Box::new(move |path: &Path| {
            path.extension().is_some_and(|e| {
                extensions
                    .iter()
                    .any(|x| e.eq_ignore_ascii_case(std::ffi::OsStr::new(x)))
            })
        });
        let dialog = if action.is_save() {
            FileDialog::save_file().default_filename(action.default_name())
        } else {
            FileDialog::open_file()
        };
        let mut dialog = dialog
            .title(&action.title())
            .id(Id::unique("file browser"))
            .initial_path(start)
            .show_files_filter(json_only)
            .show_rename(false)
            .open_button_text(t!("path-open").into())
            .save_button_text(t!("path-save").into())
            .cancel_button_text(t!("path-cancel").into())
            .new_folder_button_text(t!("browser-new-folder").into())
            .new_folder_name_text(t!("browser-new-folder-name").into())
            .rename_button_text(t!("browser-rename").into())
            .refresh_button_hover_text(t!("browser-refresh").into())
            .parent_folder_button_hover_text(t!("browser-parent-folder").into())
            .file_label_text(t!("browser-file").into())
            .show_hidden_checkbox_text(t!("browser-show-hidden").into())
            .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
            .default_size([520.0, 420.0]);
        dialog.open();
        FileChooser {
            action,
            kind: Kind::Browser(Box::new(dialog)),
        }
    }

    /// A text field for the path, filled in with `folder` (and a file name when saving).
    #[must_use]
    pub fn path_field(
        action: FileAction,
        folder: Option<&Path>,
        why: Option<String>,
    ) -> FileChooser {
        let folder = folder.filter(|f| f.is_dir()).map(Path::to_path_buf);
        let text = match (&folder, action.is_save()) {
            (Some(f), true) => f.join(action.default_name()).display().to_string(),
            (Some(f), false) => format!("{}/", f.display()),
            (None, true) => action.default_name().to_string(),
            (None, false) => String::new(),
        };
        FileChooser {
            action,
            kind: Kind::PathField {
                text,
                folder,
                why,
                focused: false,
            },
        }
    }

    /// Saving or opening.
    #[must_use]
    pub fn action(&self) -> FileAction {
        self.action
    }

    /// Opens the chooser again after a choice was made (the person chose not to replace
    /// the file): the browser in the folder it was in, the path field as it was typed.
    pub fn reopen(&mut self) {
        if let Kind::Browser(dialog) = &mut self.kind {
            dialog.open();
        }
    }

    /// Draws the chooser's window; says whether a path was chosen.
    pub fn ui(&mut self, ctx: &egui::Context) -> FileChoice {
        match &mut self.kind {
            Kind::Browser(dialog) => {
                dialog.show(ctx);
                match dialog.state() {
                    egui_file::State::Open => FileChoice::Open,
                    egui_file::State::Selected => {
                        dialog.path().map_or(FileChoice::Cancelled, |p| {
                            FileChoice::Chosen(p.to_path_buf())
                        })
                    }
                    egui_file::State::Cancelled | egui_file::State::Closed => FileChoice::Cancelled,
                }
            }
            Kind::PathField {
                text,
                folder,
                why,
                focused,
            } => path_field_ui(
                ctx,
                self.action,
                text,
                folder.as_deref(),
                why.as_deref(),
                focused,
            ),
        }
    }
}

/// The path field's window: a note, the labelled field, the action's button and Cancel.
fn path_field_ui(
    ctx: &egui::Context,
    action: FileAction,
    text: &mut String,
    folder: Option<&Path>,
    why: Option<&str>,
    focused: &mut bool,
) -> FileChoice {
    let mut choice = FileChoice::Open;
    let mut open = true;
    egui::Window::new(action.title())
        .id(Id::unique("path field"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            if let Some(why) = why {
                ui.label(why);
                ui.add_space(4.0);
            }
            let label = ui.label(t!("path-field"));
            let field = ui
                .add(TextEdit::singleline(text).desired_width(420.0))
                .labelled_by(label.id);
            if !*focused {
                field.request_focus();
                *focused = true;
            }
            let ready = !text.trim().is_empty();
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
            ui.horizontal(|ui| {
                let button = if action.is_save() {
                    t!("path-save")
                } else {
                    t!("path-open")
                };
                if ui.add_enabled(ready, Button::new(button)).clicked() || (ready && entered) {
                    choice = FileChoice::Chosen(resolve(text.trim(), folder));
                }
                if ui.button(t!("path-cancel")).clicked() {
                    choice = FileChoice::Cancelled;
                }
            });
        });
    if !open || ctx.input(|i| i.key_pressed(Key::Escape)) {
        return FileChoice::Cancelled;
    }
    choice
}

/// A typed path: `~/` is the home folder; a relative path is taken from `folder`.
fn resolve(typed: &str, folder: Option<&Path>) -> PathBuf {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let path = match (typed.strip_prefix("~/"), home) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(typed),
    };
    match folder {
        Some(folder) if path.is_relative() => folder.join(path),
        _ => path,
    }
}

/// The first of `preferred`, the home folder and the working folder that can be listed.
fn start_folder(preferred: Option<&Path>) -> Option<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let working = std::env::current_dir().ok();
    [preferred.map(Path::to_path_buf), home, working]
        .into_iter()
        .flatten()
        .find(|f| std::fs::read_dir(f).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_paths_are_taken_from_the_folder() {
        let folder = Path::new("/games");
        assert_eq!(resolve("a.json", Some(folder)), folder.join("a.json"));
        assert_eq!(resolve("/x/a.json", Some(folder)), Path::new("/x/a.json"));
        assert_eq!(resolve("a.json", None), Path::new("a.json"));
        if let Some(home) = std::env::var_os("HOME") {
            assert_eq!(
                resolve("~/a.json", Some(folder)),
                Path::new(&home).join("a.json")
            );
        }
    }

    #[test]
    fn the_browser_starts_in_a_folder_that_can_be_read() {
        let missing = Path::new("/nonexistent/tictactoe");
        assert_ne!(start_folder(Some(missing)).as_deref(), Some(missing));
        let temp = std::env::temp_dir();
        assert_eq!(start_folder(Some(&temp)), Some(temp));
    }
}
