//! The window's start-up and layout, driven through egui_kittest by accessible labels: a
//! damaged or out-of-range settings file, the status area's fixed height, the side panel's
//! scrolling at the smallest window size, and the learners' move list. Widgets are found by
//! their labels and measured by the rectangles the accessibility tree gives them. The
//! engine answers on its own thread, so tests step frames until it has, never sleep.

use crate::support;

use std::sync::Arc;

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::engine::PlayerKind;
use tictactoe::game::{MOST_GAMES_COUNTED, Mode, Session, Settings};
use tictactoe::gui::{GivenPath, SavedState};
use tictactoe::rules::{Cell, Rule};

use support::*;

/// The window's default and smallest inner sizes (`gui::native_options`).
const DEFAULT_SIZE: egui::Vec2 = egui::vec2(960.0, 720.0);
const SMALLEST_SIZE: egui::Vec2 = egui::vec2(560.0, 420.0);

/// The status line's note when settings could not be read as a whole.
const UNUSABLE: &str = "The saved settings were damaged";

/// The app as the window opens it at its default size, reading `storage` like eframe does.
fn reopen_default_size(storage: MemoryStorage) -> App {
    open_sized(storage, DEFAULT_SIZE, |app| app)
}

/// The rectangle of the one widget labelled exactly `label`.
fn rect_of(h: &App, label: &str) -> egui::Rect {
    h.get_by_label(label).rect()
}

/// The top left cell's rectangle: where the board starts.
fn first_cell(h: &App) -> egui::Rect {
    let label = h.state().cell_label(Cell::new(0, 0), None);
    rect_of(h, &label)
}

/// The text of a node: a label keeps it as its value, other widgets as their label.
fn text_of(node: &egui_kittest::Node<'_>) -> String {
    let node = node.accesskit_node();
    node.value().or_else(|| node.label()).unwrap_or_default()
}

/// One row of body text, in points (egui's default body font).
fn body_row(h: &App) -> f32 {
    h.ctx.global_style().text_styles[&egui::TextStyle::Body].size * 1.5
}

/// A default state with its numbers replaced by ones no panel would let through.
fn state_with_impossible_numbers() -> SavedState {
    let mut state = SavedState::default();
    let settings = Settings {
        rule: Rule::new(15, 15, 5, false).unwrap(),
        computer: PlayerKind::Engine {
            depth: Some(0),
            time_ms: Some(0),
        },
        ..Settings::default()
    };
    state.session = Session::new(settings);
    state.prefs.large_board_time_ms = u64::MAX;
    state.prefs.engine_depth = Some(0);
    state.prefs.custom.width = usize::MAX;
    state.prefs.custom.k = 0;
    state
}

#[test]
fn no_settings_start_quietly_with_the_defaults() {
    let h = reopen_default_size(MemoryStorage::default());
    assert_eq!(h.state().session().moves().len(), 0);
    assert_shows(&h, "X - you");
    assert!(!shows(&h, UNUSABLE));
    assert!(!shows(&h, "out of range"));
}

#[test]
fn damaged_settings_give_the_defaults_of_what_cannot_be_read_and_say_why() {
    let good = MemoryStorage::with_state(&SavedState::default()).text();
    assert!(good.contains("k:3"), "{good}");
    let mut played = Session::new(Settings::default());
    played.play(Cell::new(1, 1)).unwrap();
    let with_move = MemoryStorage::with_state(&SavedState {
        session: played,
        ..SavedState::default()
    })
    .text();
    assert!(with_move.contains("row:1,col:1"), "{with_move}");
    let cases = [
        // An impossible rule: K of 0 once made every start divide by zero.
        (good.replace("k:3", "k:0"), "K must be between"),
        (good.replace("width:3", "width:0"), "must be between"),
        // A move off the board, and a cell played twice.
        (with_move.replace("row:1,col:1", "row:7,col:1"), "off the"),
        (
            with_move.replace(
                "moves:[(row:1,col:1)]",
                "moves:[(row:1,col:1),(row:1,col:1)]",
            ),
            "taken",
        ),
        // Numbers that are not numbers, and text that is not RON at all.
        (good.replace("k:3", "k:-3"), ""),
        (good.replace("k:3", "k:99999999999999999999999"), ""),
        ("(session: garbage".to_string(), ""),
        (String::new(), ""),
    ];
    for (text, reason) in cases {
        assert_ne!(text, good, "the damage was not applied");
        let h = reopen_default_size(MemoryStorage::with_text(&text));
        let session = h.state().session();
        assert_eq!(session.settings(), &Settings::default(), "{text}");
        assert_eq!(session.moves().len(), 0, "{text}");
        assert_shows(&h, "X - you");
        assert_shows(&h, UNUSABLE);
        assert_shows(&h, "reset to the defaults");
        if !reason.is_empty() {
            assert_shows(&h, reason);
        }
    }
}

#[test]
fn a_damaged_game_keeps_the_preferences_and_the_window_says_where_the_copy_is() {
    let mut played = Session::new(Settings::default());
    played.play(Cell::new(1, 1)).unwrap();
    let mut state = SavedState {
        session: played,
        ..SavedState::default()
    };
    state.prefs.show_values = true;
    state.prefs.large_board_time_ms = 2500;
    let text = MemoryStorage::with_state(&state).text();
    let damaged = text.replace(
        "moves:[(row:1,col:1)]",
        "moves:[(row:1,col:1),(row:1,col:1)]",
    );
    assert_ne!(damaged, text);
    let copy = std::path::Path::new("/home/player/.local/share/game/app.ron.damaged-2026");
    let h = open_sized(
        MemoryStorage::with_text(&damaged),
        DEFAULT_SIZE,
        move |app| app.with_damaged_settings_kept(Some(copy)),
    );
    let prefs = &h.state().state().prefs;
    assert!(prefs.show_values);
    assert_eq!(prefs.large_board_time_ms, 2500);
    assert!(h.state().session().moves().is_empty());
    assert_shows(&h, UNUSABLE);
    assert_shows(&h, "the game in progress");
    assert_shows(
        &h,
        "a copy is kept as /home/player/.local/share/game/app.ron.damaged-2026",
    );
}

/// A settings file so damaged that nothing of the game's entry could be salvaged: the window
/// starts from the defaults and its line says which parts were reset, as the README says.
#[test]
fn a_settings_file_with_nothing_readable_says_what_was_reset() {
    let copy = std::path::Path::new("/home/player/.local/share/game/app.ron.damaged-2026");
    let h = open_sized(MemoryStorage::default(), DEFAULT_SIZE, move |app| {
        app.with_damaged_settings_kept(Some(copy))
    });
    assert_shows(
        &h,
        "Nothing of the saved settings could be read; reset to the defaults: the board and \
         players, the game in progress, the scores, the games set aside, the preferences.",
    );
    assert_shows(
        &h,
        "a copy is kept as /home/player/.local/share/game/app.ron.damaged-2026",
    );
}

#[test]
fn impossible_numbers_in_settings_are_brought_into_range() {
    let storage = MemoryStorage::with_state(&state_with_impossible_numbers());
    let mut h = reopen_default_size(storage);
    let state = h.state().state().clone();
    // The panel then shows the computer's own (corrected) time per move.
    assert!((100..=60_000).contains(&state.prefs.large_board_time_ms));
    assert_eq!(state.prefs.engine_depth, Some(1));
    assert_eq!((state.prefs.custom.width, state.prefs.custom.k), (30, 1));
    assert_eq!(
        state.session.settings().computer,
        PlayerKind::Engine {
            depth: Some(1),
            time_ms: Some(100),
        }
    );
    // The board is kept: only the numbers were out of range.
    assert_eq!(state.session.settings().rule.cells(), 225);
    assert_shows(&h, "Some saved settings were out of range and were reset");
    assert_shows(&h, "time per move");
    assert_shows(&h, "computer player");

    // The computer moves within its (corrected) limits rather than panicking or hanging.
    let cell = h.state().cell_label(Cell::new(7, 7), None);
    click(&mut h, &cell);
    wait_until(&mut h, "the computer's move", |h| {
        h.state().session().moves().len() == 2
    });
}

#[test]
fn a_full_score_stays_full() {
    let state = SavedState {
        session: Session::new(Settings {
            mode: Mode::Hotseat,
            ..Settings::default()
        }),
        ..SavedState::default()
    };
    let text = MemoryStorage::with_state(&state).text();
    let max = MOST_GAMES_COUNTED;
    let full = text.replace("wins:0", &format!("wins:{max}"));
    assert_ne!(full, text);
    let mut h = reopen_default_size(MemoryStorage::with_text(&full));
    assert_eq!(h.state().session().tally().wins, max);
    for (row, col) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
        let cell = h.state().cell_label(Cell::new(row, col), None);
        click(&mut h, &cell);
    }
    assert_shows(&h, "Player 1 wins (X)");
    assert_eq!(h.state().session().tally().wins, max);
}

#[test]
fn a_problem_wraps_to_be_read_whole_and_the_board_stays_in_view() {
    let short = std::env::temp_dir().join("a-saved-game-that-is-not-there.json");
    let long_name = format!("{}.json", "a-saved-game-with-a-very-long-name-".repeat(6));
    let long = std::env::temp_dir().join(long_name);
    let last_cell = label_of(2, 2, None);
    for size in [SMALLEST_SIZE, DEFAULT_SIZE] {
        for path in [&short, &long] {
            let picker = Arc::new(GivenPath(path.clone()));
            let mut h = open_sized(MemoryStorage::default(), size, move |app| {
                app.with_picker(picker)
            });
            click(&mut h, "Open game Ctrl+O");
            wait_for_text(&mut h, "Could not open");
            let note = h.get_by_label_contains("Could not open");
            let full = text_of(&note);
            assert!(full.contains(&path.display().to_string()), "{full}");
            let rect = note.rect();
            let rows = rect.height() / body_row(&h);
            assert!(
                rows < 4.5,
                "{size:?}: the note takes {rows} rows, more than four"
            );
            assert!(
                rect.right() <= size.x + 0.5,
                "{size:?}: the note runs off: {rect:?}"
            );
            if path == &short && size == SMALLEST_SIZE {
                assert!(rows > 1.5, "{size:?}: the note was not wrapped: {rect:?}");
            }
            let board = rect_of(&h, &last_cell);
            assert!(
                board.bottom() <= size.y + 0.5 && board.top() > rect.bottom(),
                "{size:?}: the board is not wholly in view below the note: {board:?}"
            );
            if path == &long {
                // Hovering shows the whole text of a note too long for four rows.
                note.hover();
                settle(&mut h);
                wait_until(&mut h, "the full note on hover", |h| {
                    h.query_all_by_label_contains("Could not open").count() >= 2
                });
            }
        }
    }
}

#[test]
fn long_player_names_and_the_score_each_keep_to_a_row_at_the_smallest_size() {
    let mut h = open_sized(MemoryStorage::default(), SMALLEST_SIZE, |app| app);
    click(&mut h, "Gomoku 15x15, 5 in a row");
    let board_before = first_cell(&h);
    // "Black - you vs White - computer (full depth, 2 s per move)" is wider than the status area.
    let players = h.get_by_label_contains("Black - you vs White - computer");
    assert!(players.rect().height() < body_row(&h));
    let score = h.get_by_label_contains("Score: you 0");
    // Too long for the players' row: a row of its own, one row high.
    assert!(
        score.rect().top() >= players.rect().bottom() - 0.5,
        "the score is under the players' line"
    );
    assert!(score.rect().height() < body_row(&h));
    assert!(score.rect().right() <= SMALLEST_SIZE.x + 0.5);
    // The score names its board and mode: it is cut short rather than pushed out of the
    // status area over its left edge.
    let area_left = h.get_by_label("Black - you").rect().left();
    assert!(
        score.rect().left() >= area_left,
        "the score starts inside the status area: {:?}, the area from x = {area_left}",
        score.rect(),
    );
    // The status area keeps its height: the board stays where it is whatever the status
    // says, here while the computer thinks about its answer to a move (near the edge, out of
    // the opening book, whose replies come at once).
    let cell = h.state().cell_label(Cell::new(2, 3), None);
    click(&mut h, &cell);
    assert_shows(&h, "White - computer is thinking");
    assert!(
        (first_cell(&h).top() - board_before.top()).abs() < 0.5,
        "{board_before:?} then {:?}",
        first_cell(&h)
    );
}

#[test]
fn the_panel_scrolls_to_its_last_section_at_the_smallest_size() {
    let mut h = open_sized(MemoryStorage::default(), SMALLEST_SIZE, |app| app);
    // The first tab's last section.
    let header = "Custom board";
    assert!(
        rect_of(&h, header).bottom() > SMALLEST_SIZE.y,
        "the whole header is in view at this size: nothing to scroll"
    );
    click(&mut h, "Gomoku 15x15, 5 in a row");
    h.get_by_label(header).scroll_to_me();
    settle(&mut h);
    let rect = rect_of(&h, header);
    assert!(
        rect.bottom() <= SMALLEST_SIZE.y && rect.top() >= 0.0,
        "not scrolled into view: {rect:?}"
    );
    click(&mut h, header);
    assert_shows(&h, "K (in a row)");
}

/// Whether `text` is one move of a move list, as "X 2,2" or "O 15,15".
fn is_move(text: &str) -> bool {
    let Some((side, cell)) = text.split_once(' ') else {
        return false;
    };
    let Some((row, col)) = cell.split_once(',') else {
        return false;
    };
    matches!(side, "X" | "O") && row.parse::<u8>().is_ok() && col.parse::<u8>().is_ok()
}

#[test]
fn the_expected_line_breaks_only_between_moves() {
    // Two players on 4x4: a hint there is a full search with a long expected line. The
    // smallest width, and tall enough that the whole line is in view.
    let size = egui::vec2(SMALLEST_SIZE.x, 1200.0);
    let mut h = open_sized(MemoryStorage::default(), size, |app| app);
    click(&mut h, "Two players at this computer");
    click(&mut h, "4x4, 4 in a row");
    click(&mut h, "Hint");
    wait_until(&mut h, "the hint", |h| shows(h, "best: "));
    open_tab(&mut h, "Learn");
    let header = "Last search (for learners)";
    h.get_by_label(header).scroll_to_me();
    settle(&mut h);
    click(&mut h, header);
    h.get_by_label("Expected line (principal variation):")
        .scroll_to_me();
    settle(&mut h);

    let mut moves: Vec<(String, egui::Rect)> = h
        .query_all_by(|node| {
            node.value()
                .is_some_and(|v| (v.starts_with("X ") || v.starts_with("O ")) && v.contains(','))
        })
        .map(|node| (text_of(&node), node.rect()))
        .collect();
    // A label and the text run inside it both carry the text.
    moves.dedup();
    assert!(moves.len() >= 4, "a short line: {moves:?}");
    let row = body_row(&h);
    for (text, rect) in &moves {
        assert!(is_move(text), "\"{text}\" is not exactly one move");
        assert!(rect.height() < row, "\"{text}\" wraps: {rect:?}");
        assert!(rect.right() <= size.x, "\"{text}\" runs off: {rect:?}");
    }
    // The moves alternate sides, X first (X is to move on the empty board).
    for (i, (text, _)) in moves.iter().enumerate() {
        let side = if i % 2 == 0 { "X " } else { "O " };
        assert!(text.starts_with(side), "move {i}: {text} in {moves:?}");
    }
    // Moves on one row stand apart: the gap between two is wider than a space inside one.
    for pair in moves.windows(2) {
        let ((text, a), (_, b)) = (&pair[0], &pair[1]);
        if (a.top() - b.top()).abs() < 0.5 {
            let char_width = a.width() / text.chars().count() as f32;
            let gap = b.left() - a.right();
            assert!(gap >= 1.5 * char_width, "{gap} between {pair:?}");
        }
    }
    // The line is longer than the panel is wide, so it does wrap: between moves.
    let mut tops: Vec<i32> = moves.iter().map(|(_, r)| r.top().round() as i32).collect();
    tops.dedup();
    assert!(tops.len() >= 2, "the line never wraps: {moves:?}");
}

#[test]
fn the_whole_board_stays_in_view_beside_the_open_lab_at_every_size() {
    let gomoku = Settings {
        rule: Rule::new(15, 15, 5, false).unwrap(),
        mode: Mode::Hotseat,
        ..Settings::default()
    };
    let state = SavedState {
        session: Session::new(gomoku),
        ..SavedState::default()
    };
    for size in [
        SMALLEST_SIZE,
        egui::vec2(640.0, 480.0),
        DEFAULT_SIZE,
        egui::vec2(1600.0, 1000.0),
    ] {
        let mut h = open_sized(MemoryStorage::with_state(&state), size, |app| app);
        open_tab(&mut h, "Learn");
        click(&mut h, "Open the learners' lab");
        // The lab's heading (the side panel's section has the same name), at the lab's left
        // edge plus its margin.
        let lab_left = h
            .query_all_by_label("Learners' lab")
            .map(|node| node.rect().left())
            .fold(0.0, f32::max)
            - 8.0;
        // On a window too narrow for both, the lab has the side panel's place, and the board
        // the rest of the window.
        let lab_left = if lab_left < 280.0 { size.x } else { lab_left };
        for (row, col) in [(0, 0), (0, 14), (14, 0), (14, 14)] {
            let cell = rect_of(&h, &h.state().cell_label(Cell::new(row, col), None));
            assert!(
                cell.left() >= 280.0 && cell.right() <= lab_left && cell.bottom() <= size.y,
                "{size:?}: cell {row},{col} at {cell:?} is not wholly in view \
                 (the lab starts at x = {lab_left})"
            );
            assert!(
                cell.width() >= 6.0,
                "{size:?}: cells of {} points",
                cell.width()
            );
        }
        // The row numbers right of the board (drawn in points of 0.42 cells, at least 8) fit
        // between its last column and the lab.
        let last = rect_of(&h, &h.state().cell_label(Cell::new(14, 14), None));
        let font = egui::FontId::proportional((last.width() * 0.42).clamp(8.0, 16.0));
        let number = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap("15".into(), font, egui::Color32::WHITE)
                .size()
                .x
        });
        assert!(
            lab_left - last.right() >= number,
            "{size:?}: {} points for a row number {number} wide",
            lab_left - last.right()
        );
    }
}

#[test]
fn a_word_of_information_wraps_too_and_is_read_whole() {
    let dir = std::env::temp_dir().join(format!("tictactoe-note-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("a-game-saved-with-a-fairly-long-name.json");
    let picker = Arc::new(GivenPath(path.clone()));
    let mut h = open_sized(MemoryStorage::default(), SMALLEST_SIZE, move |app| {
        app.with_picker(picker)
    });
    click(&mut h, "Save game Ctrl+S");
    wait_for_text(&mut h, "Saved the game to");
    let note = h.get_by_label_contains("Saved the game to");
    assert!(text_of(&note).contains(&path.display().to_string()));
    let rows = note.rect().height() / body_row(&h);
    assert!(rows > 1.5 && rows < 4.5, "the note takes {rows} rows");
    assert!(note.rect().right() <= SMALLEST_SIZE.x + 0.5);
    std::fs::remove_dir_all(dir).unwrap();
}

/// A hand-edited settings file with a theme this version does not know: the note names the
/// setting reset, in words, not the reader's names of types.
#[test]
fn a_bad_value_in_the_settings_file_names_the_setting_reset() {
    let text = MemoryStorage::with_state(&SavedState::default()).text();
    let edited = text.replace("theme:System", "theme:Purple");
    assert_ne!(edited, text, "the saved text names the theme");
    let h = reopen_default_size(MemoryStorage::with_text(&edited));
    assert_shows(
        &h,
        "Saved settings this version cannot use were reset to their defaults: the theme.",
    );
    assert!(!shows(&h, "ThemeChoice"));
    assert!(!shows(&h, "Purple"));
}

/// Choosing Gomoku 15x15 adds the time per move and longer words about the depth above the
/// board presets, and a note below them: the preset clicked stays under the pointer, and so
/// do the rows below.
#[test]
fn a_control_keeps_its_place_when_the_board_changes() {
    let mut h = reopen_default_size(MemoryStorage::default());
    let gomoku = "Gomoku 15x15, 5 in a row";
    scroll_into_view(&mut h, gomoku);
    // Until the scroll has come to rest.
    let mut last = egui::Rect::NOTHING;
    while rect_of(&h, gomoku) != last {
        last = rect_of(&h, gomoku);
        settle(&mut h);
    }
    let before = (rect_of(&h, gomoku), rect_of(&h, "4x4, 4 in a row"));
    let below_before = rect_of(&h, "Custom board");
    h.get_by_label(gomoku).click();
    settle(&mut h);
    assert_eq!(h.state().session().settings().rule.width(), 15);
    assert_eq!(
        (rect_of(&h, gomoku), rect_of(&h, "4x4, 4 in a row")),
        before
    );
    assert_eq!(
        rect_of(&h, "Custom board"),
        below_before,
        "the rows below stay too"
    );
    h.get_by_label("Classic 3x3").click();
    settle(&mut h);
    assert_eq!(rect_of(&h, gomoku), before.0);
}

/// The lab panel takes its share of a window that grows, and gives it back when it shrinks,
/// even after it was closed and opened again.
#[test]
fn the_lab_panel_grows_with_the_window() {
    // The smallest window that has the lab beside the board (a narrower one gives it the
    // side panel's place).
    let beside = egui::vec2(920.0, 600.0);
    let mut h = open_sized(MemoryStorage::default(), beside, |app| app);
    open_tab(&mut h, "Learn");
    click(&mut h, "Open the learners' lab");
    // The lab's heading (the side panel's section has one too, further left).
    let width = |h: &App| {
        let left = h
            .query_all_by_label("Learners' lab")
            .map(|n| n.rect().left())
            .fold(f32::MIN, f32::max);
        h.ctx.content_rect().right() - left
    };
    let small = width(&h);
    h.set_size(egui::vec2(1600.0, 1000.0));
    settle(&mut h);
    let large = width(&h);
    assert!(large > 1.5 * small, "{small} then {large}");
    assert!(large >= 360.0, "{large}");
    // The side panel's toggle, then the lab's own heading row has a Close button too.
    h.get_all_by_label("Close the lab")
        .next()
        .expect("a close button")
        .click();
    settle(&mut h);
    click(&mut h, "Open the learners' lab");
    assert_eq!(width(&h), large);
    h.set_size(beside);
    settle(&mut h);
    assert!(
        (width(&h) - small).abs() < 1.0,
        "{small} then {}",
        width(&h)
    );
}

/// At the default size on 15x15 the players and the score are read whole: nothing is cut
/// short with an ellipsis.
#[test]
fn the_status_lines_are_whole_at_the_default_size_on_15x15() {
    let mut h = reopen_default_size(MemoryStorage::default());
    open_tab(&mut h, "Play");
    click(&mut h, "Gomoku 15x15, 5 in a row");
    let area = h.ctx.content_rect();
    for text in [
        "Black - you vs White - computer",
        "Score: you 0, computer 0",
    ] {
        let rect = h.get_by_label_contains(text).rect();
        let label = text_of(&h.get_by_label_contains(text));
        assert!(rect.right() <= area.right() + 0.5, "{label:?} at {rect:?}");
        let font = egui::FontId::proportional(body_row(&h) / 1.5);
        let text = label.clone();
        let galley_width = h
            .ctx
            .fonts_mut(|f| f.layout_no_wrap(text, font, egui::Color32::WHITE).size().x);
        assert!(
            rect.width() + 0.5 >= galley_width,
            "{label:?} is cut: {rect:?}, needs {galley_width}"
        );
    }
}
