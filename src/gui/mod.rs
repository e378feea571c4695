//! The desktop window (egui/eframe). The only module that knows about egui: it drives a
//! [`Session`](crate::game::Session) and asks the game layer's move
//! [`Driver`](crate::game::Driver) for the computer's moves, so the window never waits for a
//! search.
//!
//! One file per part: the app and its frame loop (`app`), the board widget (`board`: its
//! look, layout, clicks and marks, with the gomoku look of stones on the lines painted in
//! `board/stones.rs`; the threats it marks for learners are worked out by the rules,
//! `crate::rules::threats`), how sides, cells and moves are named (`naming`), the side panel
//! (`panel`, with the gomoku board's rule in `gomoku_rule` and the swap openings in
//! `opening`), black's forbidden cells under
//! renju (`forbidden`), the status words (`status`) and the status area above the board
//! (`status_area`), the computer's searches (`computer`), quiet
//! marks for work in progress (`busy`), the keyboard (`keys`), saving and opening games
//! (`files`, with the in-window `chooser` and the `desktop` probe for a system dialog),
//! closing cleanly on a signal (`quit`), what is kept between runs (`saved`), the theme
//! switch (`theme`), the window's words in English and Chinese (`i18n`), the bundled
//! Chinese font (`fonts`), reaching the display before the window opens (`display`) and the
//! choice of renderer (`renderer`).

mod app;
mod board;
mod busy;
mod chooser;
mod computer;
mod desktop;
mod display;
mod engines;
mod files;
mod fonts;
mod forbidden;
mod gomoku_rule;
pub mod i18n;
mod keys;
mod lab;
mod lessons;
mod naming;
mod online;
mod opening;
mod panel;
mod quit;
mod renderer;
mod saved;
mod status;
mod status_area;
mod theme;

use std::cell::Cell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

pub use app::TicTacToeApp;
pub use board::BoardLook;
pub use board::{cell_label, point_label};
pub use chooser::PATH_FIELD_LABEL;
pub use computer::COMPUTER_VS_COMPUTER_PAUSE;
pub use display::Unreachable;
pub use files::{DialogChoice, DialogPicker, FileAction, FilePicker, GivenPath};
pub use gomoku_rule::GomokuRule;
pub use keys::keypad_cell;
pub use naming::point_name;
pub use renderer::Renderer;
pub use saved::{CustomBoard, Loaded, Prefs, Problem, SavedState};
pub use theme::ThemeChoice;

/// The window's title in English, as it opens; it then follows the window's language (the
/// `window-title` message). Scripts find the window by its class, [`APP_ID`], which is the
/// same in every language.
pub const TITLE: &str = "Tic-tac-toe";

/// The application id (Wayland app id, X11 class, settings folder name); see
/// [`crate::install`].
pub const APP_ID: &str = crate::install::APP_ID;

/// Set to any value to close the window once its first frame is drawn and print the time it
/// took (for `scripts/gui-bench.sh`).
pub const EXIT_AFTER_FIRST_FRAME: &str = "TICTACTOE_EXIT_AFTER_FIRST_FRAME";

/// The hicolor 256 px rendering of `assets/icon.svg`, the same picture the desktop shows.
const ICON_PNG: &[u8] = include_bytes!(
    "../../assets/icons/hicolor/256x256/apps/io.github.tictactoe_engine.TicTacToe.png"
);

/// The window's options: title, app id, icon, sizes, the default renderer.
#[must_use]
pub fn native_options() -> eframe::NativeOptions {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title(TITLE)
        .with_app_id(APP_ID)
        .with_inner_size([960.0, 720.0])
        .with_min_inner_size([560.0, 420.0]);
    match eframe::icon_data::from_png_bytes(ICON_PNG) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => eprintln!("tictactoe: the window icon could not be read: {e}"),
    }
    eframe::NativeOptions {
        viewport,
        renderer: Renderer::default().into(),
        ..Default::default()
    }
}

/// Why the window could not open.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// No display could be reached: no renderer can help.
    #[error(transparent)]
    Display(#[from] display::Unreachable),
    /// The window failed (both renderers, or the app itself).
    #[error(transparent)]
    Window(eframe::Error),
}

/// Reaches the display (trying again for a moment if it refuses), then opens the window with
/// the `preferred` renderer (or, if that renderer cannot start, with the other, on the same
/// event loop) and runs until it is closed.
pub fn run(preferred: Renderer) -> Result<(), StartError> {
    let start = Instant::now();
    // Held until the window closes (see `display`).
    let _display = display::reach()?;
    carry_over_old_settings();
    let kept = keep_damaged_settings();
    let exit_early = std::env::var_os(EXIT_AFTER_FIRST_FRAME).is_some();
    renderer::with_fallback(
        preferred,
        |chosen| {
            let created = Rc::new(Cell::new(false));
            // eframe keeps its event loop between runs when it runs and returns (the
            // default), so the other renderer starts on the same display connection.
            let options = eframe::NativeOptions {
                renderer: chosen.into(),
                run_and_return: true,
                ..native_options()
            };
            let result = eframe::run_native(
                APP_ID,
                options,
                app_creator(start, exit_early, kept.clone(), Rc::clone(&created)),
            );
            renderer::Attempt {
                result,
                app_created: created.get(),
            }
        },
        renderer::failure,
        |warning| eprintln!("tictactoe: {warning}"),
    )
    .map_err(|e| match renderer::failure(&e) {
        renderer::Failure::Display => display::Unreachable::now(e.to_string()).into(),
        renderer::Failure::Renderer | renderer::Failure::App => StartError::Window(e),
    })
}

/// Makes the app once the renderer has started, and notes in `created` that it did.
fn app_creator(
    start: Instant,
    exit_early: bool,
    kept: Option<PathBuf>,
    created: Rc<Cell<bool>>,
) -> eframe::AppCreator<'static> {
    Box::new(move |cc| {
        created.set(true);
        if let Err(e) = quit::close_on_signals(&cc.egui_ctx) {
            // The window still works; a logout would lose the moves since the last save.
            eprintln!("tictactoe: cannot close cleanly on a signal: {e}");
        }
        let app = TicTacToeApp::new(cc)
            .with_damaged_settings_kept(kept.as_deref())
            .with_lessons_in_data_folder(&cc.egui_ctx)
            .with_online_record_in_data_folder()
            .with_local_network_games();
        Ok(Box::new(if exit_early {
            app.exit_after_first_frame(start)
        } else {
            app
        }))
    })
}

/// eframe keeps the settings in a folder named after the window's app id (it takes the app
/// id before `run_native`'s name), so the settings saved before the game had its
/// reverse-DNS id are copied into the new folder before the window reads them.
fn carry_over_old_settings() {
    let (Some(old), Some(new)) = (
        crate::install::data_folder(crate::install::OLD_STORAGE_NAME),
        crate::install::data_folder(APP_ID),
    ) else {
        return;
    };
    match crate::install::carry_over_settings(&old, &new) {
        Ok(crate::install::CarryOver::Copied) => {
            eprintln!(
                "tictactoe: settings carried over from {} to {}",
                old.display(),
                new.display()
            );
        }
        Ok(_) => {}
        Err(e) => eprintln!(
            "tictactoe: the settings in {} could not be carried over to {}: {e}",
            old.display(),
            new.display()
        ),
    }
}

/// Copies a settings file the window could not read as a whole before anything writes over
/// it ([`crate::install::keep_damaged_settings`]); the window then says where the copy is.
fn keep_damaged_settings() -> Option<PathBuf> {
    let dir = crate::install::data_folder(APP_ID)?;
    match crate::install::keep_damaged_settings(
        &dir,
        eframe::APP_KEY,
        SavedState::reads_whole,
        std::time::SystemTime::now(),
    ) {
        Ok(Some(copy)) => {
            eprintln!(
                "tictactoe: the settings file was damaged; a copy is kept as {}",
                copy.display()
            );
            Some(copy)
        }
        Ok(None) => None,
        Err(e) => {
            eprintln!(
                "tictactoe: the settings in {} are damaged and could not be copied aside: {e}",
                dir.display()
            );
            None
        }
    }
}
