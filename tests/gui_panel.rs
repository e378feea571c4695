//! The side panel's first screen and the controls that must stay where the pointer found
//! them: the design card's controls (new game, undo and redo, the computer's strength, who
//! moves first, the players, the board) whole at the default size without scrolling, in
//! English and Chinese; nothing moves when a note wraps or Swap2 is chosen; at the smallest
//! size the board keeps a size that can be played with the lab open, and the score is not
//! cut; a custom board starts without the opening chosen for gomoku. Widgets are found by
//! their accessible labels and measured by the rectangles the accessibility tree gives them.

use crate::support;

use std::sync::Arc;

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::game::OpeningRule;
use tictactoe::gui::i18n::Language;
use tictactoe::gui::{GivenPath, SavedState};
use tictactoe::rules::Cell;

use support::*;

/// The window's default and smallest inner sizes (`gui::native_options`).
const DEFAULT_SIZE: egui::Vec2 = egui::vec2(960.0, 720.0);
const SMALLEST_SIZE: egui::Vec2 = egui::vec2(560.0, 420.0);

/// The design card's controls, as the first tab labels them in English.
const FIRST_SCREEN: &[&str] = &[
    "New game Ctrl+N",
    "Undo Ctrl+Z",
    "Redo Ctrl+Shift+Z",
    "You vs computer",
    "Two players at this computer",
    "Computer vs computer",
    "You first",
    "Computer first",
    "Alpha-beta search",
    "Beginner",
    "Intermediate",
    "Classic 3x3",
    "4x4, 4 in a row",
    "5x5, 4 in a row",
    "Gomoku 15x15, 5 in a row",
    "Swap2",
    "Custom board",
];

/// The same controls in Chinese.
const FIRST_SCREEN_ZH: &[&str] = &[
    "新对局 Ctrl+N",
    "悔棋 Ctrl+Z",
    "重做 Ctrl+Shift+Z",
    "人机对战",
    "双人对战（同一台电脑）",
    "电脑对电脑",
    "你先手",
    "电脑先手",
    "初级",
    "中级",
    "自定义棋盘",
];

/// The text of a node: a label keeps it as its value, other widgets as their label.
fn text_of(node: &egui_kittest::Node<'_>) -> String {
    let node = node.accesskit_node();
    node.value().or_else(|| node.label()).unwrap_or_default()
}

/// The window at `size` in `language`, as it starts.
fn window(size: egui::Vec2, language: Language) -> App {
    let mut state = SavedState::default();
    state.prefs.language = Some(language);
    open_sized(MemoryStorage::with_state(&state), size, |app| app)
}

/// Asserts that every control of `labels` is drawn wholly inside the window, as it is,
/// without scrolling.
fn assert_in_view(h: &App, labels: &[&str], what: &str) {
    let area = h.ctx.content_rect();
    for label in labels {
        let rect = h.get_by_label(label).rect();
        assert!(
            area.contains_rect(rect),
            "{what}: \"{label}\" at {rect:?} is outside the window {area:?}"
        );
    }
}

/// The rectangles of the controls labelled `labels`.
fn places<const N: usize>(h: &App, labels: [&str; N]) -> [egui::Rect; N] {
    labels.map(|label| h.get_by_label(label).rect())
}

/// Whether two rectangles are the same place, to a fraction of a point.
fn same_place(a: egui::Rect, b: egui::Rect) -> bool {
    (a.min - b.min).length() < 0.5 && (a.max - b.max).length() < 0.5
}

/// Whether each rectangle of `a` is in the same place as the one of `b`.
fn same_places<const N: usize>(a: [egui::Rect; N], b: [egui::Rect; N]) -> bool {
    a.iter().zip(&b).all(|(a, b)| same_place(*a, *b))
}

/// The top left cell's rectangle: where the board starts.
fn first_cell(h: &App) -> egui::Rect {
    h.get_by_label(&h.state().cell_label(Cell::new(0, 0), None))
        .rect()
}

#[test]
fn the_first_screen_holds_the_design_cards_controls_at_the_default_size() {
    let mut h = window(DEFAULT_SIZE, Language::English);
    assert_in_view(&h, FIRST_SCREEN, "3x3");
    // On the gomoku board the computer's section has a time per move and the board its rule:
    // still whole.
    click(&mut h, "Gomoku 15x15, 5 in a row");
    assert_in_view(&h, FIRST_SCREEN, "15x15");
    assert_in_view(&h, &["Full depth", "Renju"], "15x15");
    let zh = window(DEFAULT_SIZE, Language::Chinese);
    assert_in_view(&zh, FIRST_SCREEN_ZH, "3x3 in Chinese");
}

#[test]
fn everything_else_is_a_tab_away() {
    let mut h = window(DEFAULT_SIZE, Language::English);
    for (tab, control) in [
        ("Online", "Host a game"),
        ("Engines", "Add"),
        ("Learn", "Open the learners' lab"),
        ("Learn", "Show what each move is worth"),
        ("Options", "Dark"),
        ("Options", "In window"),
        ("Play", "New game Ctrl+N"),
    ] {
        open_tab(&mut h, tab);
        assert_in_view(&h, &[control], tab);
    }
    // The language is chosen on every tab, each named in its own words.
    for tab in ["Play", "Online", "Options"] {
        open_tab(&mut h, tab);
        assert_in_view(&h, &["English", "简体中文"], tab);
    }
}

#[test]
fn no_control_moves_when_a_note_wraps() {
    let long_name = format!("{}.json", "a-saved-game-with-a-long-name-".repeat(4));
    let path = std::env::temp_dir().join(long_name);
    for size in [SMALLEST_SIZE, DEFAULT_SIZE] {
        let picker = Arc::new(GivenPath(path.clone()));
        let mut h = open_sized(MemoryStorage::default(), size, move |app| {
            app.with_picker(picker)
        });
        let labels = ["New game Ctrl+N", "Two players at this computer"];
        let before = (first_cell(&h), places(&h, labels));
        click(&mut h, "Open game Ctrl+O");
        wait_for_text(&mut h, "Could not open");
        let note = h.get_by_label_contains("Could not open").rect();
        let row = h.ctx.global_style().text_styles[&egui::TextStyle::Body].size * 1.5;
        assert!(
            note.height() > 1.5 * row,
            "{size:?}: the note does not wrap: {note:?}"
        );
        let after = (first_cell(&h), places(&h, labels));
        assert!(
            same_place(after.0, before.0) && same_places(after.1, before.1),
            "{size:?}: the board or the panel moved when the note wrapped: {before:?}, {after:?}"
        );
    }
}

#[test]
fn no_control_moves_when_swap2_is_chosen() {
    let mut h = window(DEFAULT_SIZE, Language::English);
    click(&mut h, "Gomoku 15x15, 5 in a row");
    let labels = [
        "New game Ctrl+N",
        "Two players at this computer",
        "Beginner",
        "Custom board",
        "Swap2",
    ];
    let panel = places(&h, labels);
    let board = first_cell(&h);
    open_tab(&mut h, "Online");
    let online = places(&h, ["Host a game", "Ticket from the host", "Join"]);
    open_tab(&mut h, "Play");
    click(&mut h, "Swap2");
    assert_eq!(h.state().session().opening_rule(), OpeningRule::Swap2);
    assert_shows(&h, "Opening stone 1 of 3");
    assert!(
        same_places(places(&h, labels), panel),
        "the first tab's controls moved: {panel:?}, then {:?}",
        places(&h, labels)
    );
    assert!(same_place(first_cell(&h), board), "the board moved");
    open_tab(&mut h, "Online");
    assert_shows(&h, "Opening: Swap2");
    assert!(
        same_places(
            places(&h, ["Host a game", "Ticket from the host", "Join"]),
            online
        ),
        "the online section's controls moved"
    );
}

#[test]
fn the_board_keeps_a_playable_size_at_the_smallest_size_with_the_lab_open() {
    for (preset, cells, least) in [
        ("Classic 3x3", 3, 60.0),
        ("Gomoku 15x15, 5 in a row", 15, 12.0),
    ] {
        let mut h = window(SMALLEST_SIZE, Language::English);
        click(&mut h, preset);
        let board = first_cell(&h);
        open_tab(&mut h, "Learn");
        click(&mut h, "Open the learners' lab");
        // The lab in the side panel's place: its heading, its views and its Close button.
        let lab = h.get_by_label("Learners' lab").rect();
        assert!(lab.right() <= 280.0, "the lab is beside the board: {lab:?}");
        assert_in_view(&h, &["Close the lab", "Symmetry"], "the lab");
        assert!(
            same_place(first_cell(&h), board),
            "{preset}: the board moved"
        );
        let area = h.ctx.content_rect();
        for (row, col) in [
            (0, 0),
            (0, cells - 1),
            (cells - 1, 0),
            (cells - 1, cells - 1),
        ] {
            let cell = h
                .get_by_label(&h.state().cell_label(Cell::new(row, col), None))
                .rect();
            assert!(
                area.contains_rect(cell) && cell.left() >= 280.0,
                "{preset}: cell {row},{col} at {cell:?} is not in view beside the lab"
            );
            assert!(
                cell.width() >= least,
                "{preset}: cells of {} points, fewer than {least}",
                cell.width()
            );
        }
        // A move still plays, and the lab closes back to the panel.
        click_cell(&mut h, 1, 1);
        assert!(stones(h.state()) >= 1, "{preset}: the move was not played");
        click(&mut h, "Close the lab");
        assert_in_view(&h, &["Open the learners' lab"], "the lab closed");
    }
}

#[test]
fn the_score_is_not_cut_at_the_smallest_size() {
    for (language, score) in [
        (Language::English, "Score: "),
        (Language::Chinese, "比分："),
    ] {
        let h = window(SMALLEST_SIZE, language);
        let node = h.get_by_label_contains(score);
        let rect = node.rect();
        let text = text_of(&node);
        let font = egui::FontId::proportional(
            h.ctx.global_style().text_styles[&egui::TextStyle::Body].size,
        );
        let width = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap(text.clone(), font, egui::Color32::WHITE)
                .size()
                .x
        });
        assert!(
            rect.width() + 0.5 >= width && rect.right() <= SMALLEST_SIZE.x + 0.5,
            "{language:?}: {text:?} is cut: {rect:?}, needs {width}"
        );
    }
}

#[test]
fn a_custom_board_starts_without_the_opening_chosen_for_gomoku() {
    let mut h = window(DEFAULT_SIZE, Language::English);
    click(&mut h, "Gomoku 15x15, 5 in a row");
    click(&mut h, "Swap2");
    assert_shows(&h, "Opening stone 1 of 3");
    click(&mut h, "Custom board");
    h.get_by_label("Width").set_value_accesskit(7.0);
    h.get_by_label("Height").set_value_accesskit(7.0);
    h.get_by_label("K (in a row)").set_value_accesskit(5.0);
    settle(&mut h);
    click(&mut h, "Play on this board");
    let session = h.state().session();
    let rule = session.settings().rule;
    assert_eq!((rule.width(), rule.height(), rule.k()), (7, 7, 5));
    assert_eq!(session.opening().rule(), OpeningRule::Free);
    assert!(!shows(&h, "Opening stone"), "the game opened with swap2");
    // The opening row says so, and can still turn an opening on for this board.
    let free = h.get_by_label("Free");
    assert!(!free.accesskit_node().is_disabled());
    click(&mut h, "Swap");
    assert_eq!(h.state().session().opening().rule(), OpeningRule::Swap);
}
