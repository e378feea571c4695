//! The window in Simplified Chinese: chosen in the panel by its own name (简体中文), kept
//! between runs, the system's language at first start, and a whole game played by the
//! Chinese labels a Chinese player (or screen reader) meets.

use crate::support;

use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::engine::PlayerKind;
use tictactoe::game::{Session, Settings};
use tictactoe::gui::i18n::Language;
use tictactoe::gui::{SavedState, TicTacToeApp};
use tictactoe::rules::{Outcome, Rule, Side};

use support::*;

/// The accessible label of an empty cell in Chinese (0-based row and column).
fn empty_cell(row: usize, col: usize) -> String {
    format!("第 {} 行第 {} 列：空", row + 1, col + 1)
}

/// A saved state whose language is Chinese.
fn chinese_state() -> SavedState {
    let mut state = SavedState::default();
    state.prefs.language = Some(Language::Chinese);
    state
}

#[test]
fn a_whole_game_in_chinese_against_the_computer() {
    let mut h = app();
    // Whatever the window speaks, the chooser names the language in its own words.
    click(&mut h, Language::Chinese.own_name());
    assert_eq!(
        h.state().state().prefs.language,
        Some(Language::Chinese),
        "the panel's choice is in the preferences"
    );
    assert_shows(&h, "窗口现在使用简体中文。");
    assert_shows(&h, "X - 你");
    h.get_by_label("人机对战");
    h.get_by_label("经典 3x3");
    assert!(!shows(&h, "You vs computer"), "English left in the panel");

    // The computer's reply is awaited between the person's moves, by the Chinese labels.
    while h.state().session().outcome().is_none() {
        let cell = h.state().session().position().legal_moves()[0];
        click(&mut h, &empty_cell(cell.row, cell.col));
        wait_for_person(&mut h);
    }
    let outcome = h.state().session().outcome().unwrap();
    assert_ne!(outcome.winner(), Some(Side::X), "the perfect engine lost");
    match outcome {
        Outcome::Draw => assert_shows(&h, "和棋"),
        Outcome::Win { .. } => assert_shows(&h, "电脑赢了（O）"),
    }
    assert_shows(&h, "比分：你 0");
    assert!(!shows(&h, "Score"), "the score line is still English");

    // A click after the end is refused, in Chinese.
    let taken = h.state().session().moves()[0];
    let label = format!("第 {} 行第 {} 列：X", taken.row + 1, taken.col + 1);
    click(&mut h, &label);
    assert_shows(&h, "对局已经结束");

    // The commands speak Chinese too, shortcuts and all.
    open_tab(&mut h, "下棋");
    click(&mut h, "新对局 Ctrl+N");
    assert_eq!(stones(h.state()), 0);
}

#[test]
fn english_comes_back_by_its_own_name() {
    let mut h = build_with(chinese_state(), |app| app);
    assert_shows(&h, "X - 你");
    click(&mut h, "English");
    assert_eq!(h.state().state().prefs.language, Some(Language::English));
    assert_shows(&h, "X - you");
    assert_shows(&h, "The window now speaks English.");
}

#[test]
fn the_choice_is_kept_between_runs() {
    let mut h = app();
    click(&mut h, "简体中文");
    let storage = MemoryStorage::with_state(h.state().state());
    assert!(
        storage.text().contains("language:Some(Chinese)"),
        "{}",
        storage.text()
    );
    let h = reopen(storage);
    assert_eq!(h.state().state().prefs.language, Some(Language::Chinese));
    assert_shows(&h, "X - 你");
    h.get_by_label("新对局 Ctrl+N");
}

#[test]
fn settings_saved_without_a_language_follow_the_system() {
    let text = ron::to_string(&SavedState::default()).unwrap();
    // Settings written before the window had a language choice have no such field.
    let old = text.replace(",language:None", "");
    assert!(!old.contains("language"), "{old}");
    // Opened as eframe opens it, without the tests' assumption of an English system.
    let storage: &'static MemoryStorage = Box::leak(Box::new(MemoryStorage::with_text(&old)));
    let mut h = egui_kittest::Harness::builder()
        .with_size(WINDOW_SIZE)
        .build_eframe(move |cc| {
            cc.storage = Some(storage);
            TicTacToeApp::new(cc)
        });
    settle(&mut h);
    let prefs = &h.state().state().prefs;
    assert_eq!(prefs.language, None);
    assert_eq!(prefs.language(), Language::of_system());
    let turn = match Language::of_system() {
        Language::English => "X - you",
        Language::Chinese => "X - 你",
    };
    assert_shows(&h, turn);
}

#[test]
fn a_damaged_settings_note_speaks_chinese() {
    let mut state = chinese_state();
    state.session = Session::new(Settings {
        rule: Rule::new(15, 15, 5, false).unwrap(),
        computer: PlayerKind::Engine {
            depth: Some(0),
            time_ms: Some(0),
        },
        ..Settings::default()
    });
    state.prefs.large_board_time_ms = u64::MAX;
    let h = reopen(MemoryStorage::with_state(&state));
    assert_shows(&h, "部分保存的设置超出范围，已重置");
    assert_shows(&h, "每步时间");
    assert_shows(&h, "电脑玩家");
    assert!(!shows(&h, "out of range"));
}

#[test]
fn a_refused_custom_board_says_why_in_chinese() {
    let mut state = chinese_state();
    state.prefs.custom.k = 9;
    let mut h = build_with(state, |app| app);
    open_tab(&mut h, "下棋");
    click(&mut h, "自定义棋盘");
    assert_shows(&h, "K 必须在 3 和棋盘较长的一边（7）之间，现在是 9");
    assert!(
        h.get_by_label("在这个棋盘上下棋")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn saving_through_the_in_window_browser_speaks_chinese() {
    let folder = std::env::temp_dir().join(format!("tictactoe-gui-i18n-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).unwrap();
    let mut state = chinese_state();
    state.prefs.last_folder = Some(folder.clone());
    let mut h = build_with(state, TicTacToeApp::without_system_dialog);
    click(&mut h, &empty_cell(1, 1));
    wait_for_person(&mut h);

    open_tab(&mut h, "下棋");
    click(&mut h, "保存对局 Ctrl+S");
    // Why there is no system dialog, and the browser with its own words in Chinese.
    assert_shows(&h, "这个桌面没有系统文件对话框");
    assert_shows(&h, "D-Bus 会话总线上没有桌面门户");
    h.get_by_label("取消");
    h.get_by_label("文件：");
    click(&mut h, "保存");
    wait_for_text(&mut h, "对局已保存到");
    let saved = Session::load(&folder.join("game.json")).unwrap();
    assert_eq!(saved.moves(), h.state().session().moves());
    let _ = std::fs::remove_dir_all(&folder);
}

/// The title the window asked for in the frame just run, if it asked for one.
fn title_asked(h: &App) -> Option<String> {
    let viewport = h.output().viewport_output.get(&egui::ViewportId::ROOT)?;
    viewport.commands.iter().rev().find_map(|c| match c {
        egui::ViewportCommand::Title(title) => Some(title.clone()),
        _ => None,
    })
}

#[test]
fn the_language_buttons_stay_put_and_the_title_follows_the_language() {
    let mut h = app();
    let english = h.get_by_label("English").rect();
    let chinese = h.get_by_label("简体中文").rect();

    // One frame after the click: the language changed, and with it the window's title.
    h.get_by_label("简体中文").click();
    h.step();
    assert_eq!(title_asked(&h).as_deref(), Some("井字棋"));
    settle(&mut h);
    assert_eq!(h.state().state().prefs.language, Some(Language::Chinese));
    assert_eq!(h.get_by_label("English").rect(), english);
    assert_eq!(h.get_by_label("简体中文").rect(), chinese);

    // A second click where English was switches back.
    h.get_by_label("English").click();
    h.step();
    assert_eq!(title_asked(&h).as_deref(), Some(tictactoe::gui::TITLE));
    settle(&mut h);
    assert_eq!(h.state().state().prefs.language, Some(Language::English));
    assert_eq!(h.get_by_label("简体中文").rect(), chinese);
}
