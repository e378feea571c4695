//! What the window's tests share: the app in an egui_kittest harness, built with or without
//! eframe storage (kept in memory), frames stepped until something observable happens (with
//! a generous bound, never a fixed sleep), and clicks and look-ups by the accessible labels
//! a person (or a screen reader) sees.
//!
//! Every file of the integration tests is a module of one binary (`tests/main.rs`) and reaches
//! this one as `crate::support`. The named board fixtures ([`boards`]) need no window; `netns`
//! runs a test again in a network of its own, and `terminal` drives the command line.

pub mod boards;
pub mod games;
pub mod netns;
pub mod terminal;

use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tictactoe::gui::i18n::Language;
use tictactoe::gui::{SavedState, TicTacToeApp, cell_label};
use tictactoe::rules::{Cell, Side};

pub type App = Harness<'static, TicTacToeApp>;

/// How long the engine or a helper thread may take to answer before a test fails.
pub const BOUND: Duration = Duration::from_secs(120);

/// The harness's window size unless a test asks for another.
pub const WINDOW_SIZE: egui::Vec2 = egui::vec2(1000.0, 780.0);

/// The window as it starts without eframe storage, changed by `setup`.
pub fn build(setup: impl FnOnce(TicTacToeApp) -> TicTacToeApp + 'static) -> App {
    let mut harness = Harness::builder()
        .with_size(WINDOW_SIZE)
        .build_eframe(move |cc| {
            setup(TicTacToeApp::new(cc).assuming_system_language(Language::English))
        });
    settle(&mut harness);
    harness
}

/// The window as it starts without eframe storage.
pub fn app() -> App {
    build(|app| app)
}

/// The window over `state` (preferences included), without eframe storage.
pub fn build_with(
    state: SavedState,
    setup: impl FnOnce(TicTacToeApp) -> TicTacToeApp + 'static,
) -> App {
    let mut harness = Harness::builder()
        .with_size(WINDOW_SIZE)
        .build_eframe(move |cc| {
            setup(
                TicTacToeApp::with_state(&cc.egui_ctx, state)
                    .assuming_system_language(Language::English),
            )
        });
    settle(&mut harness);
    harness
}

/// eframe's storage, in memory.
#[derive(Default)]
pub struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

impl MemoryStorage {
    /// Storage holding `text` as the app's saved state.
    pub fn with_text(text: &str) -> MemoryStorage {
        let mut storage = MemoryStorage::default();
        eframe::Storage::set_string(&mut storage, eframe::APP_KEY, text.to_string());
        storage
    }

    /// Storage holding `state` as eframe writes it.
    pub fn with_state(state: &SavedState) -> MemoryStorage {
        let mut storage = MemoryStorage::default();
        eframe::set_value(&mut storage, eframe::APP_KEY, state);
        storage
    }

    /// The app's saved state as stored.
    pub fn text(&self) -> String {
        eframe::Storage::get_string(self, eframe::APP_KEY).expect("a saved state")
    }
}

/// The app as the window opens it at `size`, reading `storage` like eframe does.
pub fn open_sized(
    storage: MemoryStorage,
    size: egui::Vec2,
    setup: impl FnOnce(TicTacToeApp) -> TicTacToeApp + 'static,
) -> App {
    let storage: &'static MemoryStorage = Box::leak(Box::new(storage));
    let mut harness = Harness::builder().with_size(size).build_eframe(move |cc| {
        cc.storage = Some(storage);
        setup(TicTacToeApp::new(cc).assuming_system_language(Language::English))
    });
    settle(&mut harness);
    harness
}

/// The app as the window opens it at [`WINDOW_SIZE`], reading `storage` like eframe does.
pub fn reopen(storage: MemoryStorage) -> App {
    open_sized(storage, WINDOW_SIZE, |app| app)
}

/// A few frames: enough for a click to be read, applied and drawn.
pub fn settle(h: &mut App) {
    for _ in 0..4 {
        h.step();
    }
}

/// Steps frames until `done` holds, failing after [`BOUND`].
pub fn wait_until(h: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + BOUND;
    while !done(h) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        h.step();
        std::thread::yield_now();
    }
    settle(h);
}

/// The repaint requests made to the window from now on, as eframe's event loop hears of
/// them: each one as the number of frames finished when it was made.
pub fn repaint_requests(h: &App) -> Receiver<u64> {
    let (made, requests) = mpsc::channel();
    h.ctx.set_request_repaint_callback(move |info| {
        let _ = made.send(info.current_cumulative_pass_nr);
    });
    requests
}

/// One frame, then a wait as eframe's event loop waits between frames: until the repaint
/// the frame asked for is due, or until something (a search's answer) asks for one sooner;
/// at most [`BOUND`]. Unlike stepping frames in a loop, this leaves the processor to the
/// searches. `requests` comes from [`repaint_requests`].
pub fn step_when_due(h: &mut App, requests: &Receiver<u64>) {
    h.step();
    let frames = h.ctx.cumulative_pass_nr();
    let delay = h
        .output()
        .viewport_output
        .get(&egui::ViewportId::ROOT)
        .map_or(BOUND, |viewport| viewport.repaint_delay)
        .min(BOUND);
    let due = Instant::now() + delay;
    // Requests made while the frame ran are in its delay already; a later one wakes.
    while let Ok(made_at) = requests.recv_timeout(due.saturating_duration_since(Instant::now())) {
        if made_at >= frames {
            return;
        }
    }
}

/// Waits until a person is to move or the game is over.
pub fn wait_for_person(h: &mut App) {
    wait_until(h, "the computer's move", |h| {
        !h.state().session().is_computer_to_move() && !h.state().is_thinking()
    });
}

/// Steps frames until the window shows `text` (an answer from a helper thread).
pub fn wait_for_text(h: &mut App, text: &str) {
    wait_until(h, &format!("the window to show \"{text}\""), |h| {
        shows(h, text)
    });
}

/// Clicks the one widget labelled exactly `label`.
pub fn click(h: &mut App, label: &str) {
    // As a person would: scroll it into view first (the side panel scrolls when it is taller
    // than the window), then click it.
    scroll_into_view(h, label);
    h.get_by_label(label).click();
    settle(h);
}

/// Shows the side panel's tab named `tab` ("Play", "Online", "Engines", "Learn", "Options"),
/// as a person clicks it. While an online game is shown, or the lab has the side panel's
/// place on a narrow window, the panel has no tabs: then this does nothing.
pub fn open_tab(h: &mut App, tab: &str) {
    if h.query_by_label(tab).is_some() {
        click(h, tab);
    }
}

/// The accessible label of a cell (0-based row and column) of a board of marks holding
/// `content`: "row 1, column 2: X".
pub fn label_of(row: usize, col: usize, content: Option<Side>) -> String {
    cell_label(Cell::new(row, col), content)
}

/// The accessible label of a cell (0-based row and column) holding `content` on the board
/// the window shows, named as that board names it ("H8: Black" on a board of stones).
pub fn label_on(h: &App, row: usize, col: usize, content: Option<Side>) -> String {
    h.state().cell_label(Cell::new(row, col), content)
}

/// Scrolls the widget labelled `label` into the window if it is outside it, as a person
/// scrolls the side panel (egui animates the scroll, so frames are stepped until it is in).
pub fn scroll_into_view(h: &mut App, label: &str) {
    let inside = |h: &App| {
        h.ctx
            .content_rect()
            .contains_rect(h.get_by_label(label).rect())
    };
    if inside(h) {
        return;
    }
    h.get_by_label(label).scroll_to_me();
    for _ in 0..120 {
        h.step();
        if inside(h) {
            return;
        }
    }
    panic!("\"{label}\" could not be scrolled into the window");
}

/// Clicks an empty cell (0-based row and column) of the board the window shows.
pub fn click_cell(h: &mut App, row: usize, col: usize) {
    let label = label_on(h, row, col, None);
    click(h, &label);
}

/// How many stones the game has on the board.
pub fn stones(app: &TicTacToeApp) -> usize {
    app.session().moves().len()
}

/// Whether some widget's label contains `text`.
pub fn shows(h: &App, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

pub fn assert_shows(h: &App, text: &str) {
    assert!(shows(h, text), "the window does not show \"{text}\"");
}
