//! What an online game asks of each player, in two windows on loopback: the host answers a
//! caller in the main area (who asks, the caller's key, Let them in and Turn away), with the
//! key the caller's own window shows as "Your key", in English and in Chinese; each window's
//! happenings speak of joining from its own side; Resign is asked again before it is sent
//! (No and Escape go back to the game); an accepted rematch is listed before the new game.

use crate::gui_online::{both_until, host_and_join, loopback, play, window};
use crate::support;

use egui_kittest::kittest::{NodeT, Queryable};
use support::*;
use tictactoe::gui::i18n::Language;

/// The text after `prefix` in the label of the first widget whose label starts with it.
fn after(h: &App, prefix: &str) -> String {
    h.query_all_by_label_contains(prefix)
        .filter_map(|node| {
            let node = node.accesskit_node();
            node.label().or_else(|| node.value())
        })
        .find_map(|label| label.strip_prefix(prefix).map(str::to_string))
        .unwrap_or_else(|| panic!("no label starts with \"{prefix}\""))
}

/// The key in a label such as "1a2b3c4d5e (their window shows it as ...)": its first word.
fn key_in(text: &str) -> String {
    text.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The panel's right edge: the right of the widget labelled `label`, which is in it.
fn panel_right(h: &App, label: &str) -> f32 {
    h.get_by_label(label).rect().right()
}

#[test]
fn the_host_answers_a_caller_in_the_main_area_by_the_key_the_callers_window_shows() {
    let mut host = window("Ann");
    let mut joiner = window("Bob");
    open_tab(&mut host, "Online");
    click(&mut host, "Host a game");
    both_until(&mut host, &mut joiner, "the host's ticket", |h, _| {
        h.state().online_ticket().is_some()
    });
    let ticket = host.state().online_ticket().unwrap().to_string();
    let leave = host.get_by_label("Leave the online game").rect();

    scroll_into_view(&mut joiner, "Ticket from the host");
    joiner
        .get_by_label("Ticket from the host")
        .set_text_value_accesskit(&ticket);
    click(&mut joiner, "Join");
    both_until(&mut host, &mut joiner, "the host to be asked", |h, _| {
        shows(h, "Bob's key: ")
    });

    // The main area says who asks, with the key and the answer's buttons at full size.
    assert_shows(&host, "Bob asks to join");
    assert!(!shows(&host, "Waiting for your friend to join"));
    let right = panel_right(&host, "Leave the online game");
    for button in ["Let them in", "Turn away"] {
        let rect = host.get_by_label(button).rect();
        assert!(rect.left() > right, "{button} is in the panel: {rect:?}");
        assert!(
            rect.height() >= leave.height(),
            "{button} is small: {rect:?}"
        );
    }
    // Nothing in the panel moved when the caller arrived.
    assert_eq!(host.get_by_label("Leave the online game").rect(), leave);

    // The key the host is told to compare is the one the caller's window shows as "Your
    // key", in the words the host reads.
    let key = key_in(&after(&host, "Bob's key: "));
    assert_eq!(key.len(), 10, "a short key: {key}");
    assert_shows(&host, "Bob's window shows the same key as \"Your key\"");
    wait_for_text(&mut joiner, &format!("Your key: {key}"));

    click(&mut host, "Let them in");
    both_until(&mut host, &mut joiner, "both to be playing", |h, j| {
        [h, j]
            .iter()
            .all(|w| w.state().online_game().is_some_and(|v| v.connected))
    });
    // Each side's happenings say who joined whom; the joiner never says it joined itself.
    both_until(&mut host, &mut joiner, "the joining on both", |h, j| {
        shows(h, "Bob joined: you play X") && shows(j, "You joined Ann's game: you play O")
    });
    assert!(
        !shows(&joiner, "Ann joined"),
        "the joiner says the host joined"
    );
    // In the game each side shows the other's key and its own, the same on both.
    assert_eq!(key_in(&after(&host, "Their key: ")), key);
    assert_shows(&joiner, &format!("Your key: {key}"));
    let host_key = key_in(&after(&joiner, "Their key: "));
    assert_shows(&host, &format!("Your key: {host_key}"));
    assert_ne!(host_key, key);
    assert_shows(&joiner, "(their window shows it as \"Your key\")");
}

/// A window in Chinese that plays online on loopback, its player named `name`.
fn chinese_window(name: &str) -> App {
    let mut state = tictactoe::gui::SavedState::default();
    state.prefs.language = Some(Language::Chinese);
    let mut h = build_with(state, |app| app.with_network(loopback()));
    open_tab(&mut h, "联机");
    scroll_into_view(&mut h, "你的名字");
    h.get_by_label("你的名字").set_text_value_accesskit(name);
    settle(&mut h);
    h
}

#[test]
fn in_chinese_the_host_is_told_the_words_the_callers_window_shows_with_its_key() {
    let mut host = chinese_window("Ann");
    let mut joiner = chinese_window("Bob");
    click(&mut host, "创建对局");
    both_until(&mut host, &mut joiner, "the host's ticket", |h, _| {
        h.state().online_ticket().is_some()
    });
    let ticket = host.state().online_ticket().unwrap().to_string();
    scroll_into_view(&mut joiner, "主机的票据");
    joiner
        .get_by_label("主机的票据")
        .set_text_value_accesskit(&ticket);
    click(&mut joiner, "加入");
    both_until(&mut host, &mut joiner, "the host to be asked", |h, _| {
        shows(h, "Bob的密钥：")
    });
    let key = key_in(&after(&host, "Bob的密钥："));
    assert_shows(&host, "Bob的窗口上“你的密钥”一行显示同一个密钥");
    wait_for_text(&mut joiner, &format!("你的密钥：{key}"));
    click(&mut host, "让他加入");
    both_until(&mut host, &mut joiner, "the joining on both", |h, j| {
        shows(h, "Bob 已加入") && shows(j, "你加入了Ann的对局")
    });
    assert_shows(
        &host,
        &format!("对方密钥：{key}（对方窗口上显示为“你的密钥”）"),
    );
}

#[test]
fn resign_is_asked_again_and_no_or_escape_go_back_to_the_game() {
    let mut host = window("Ann");
    let mut joiner = window("Bob");
    host_and_join(&mut host, &mut joiner, "Bob asks to join");
    play(&mut host, &mut joiner, 1, 1);
    let labels = ["Offer a draw", "Resign", "Leave the online game"];
    let places = |h: &App| labels.map(|label| h.get_by_label(label).rect());
    let before = places(&joiner);
    let question = "Resign this game? Ann wins it.";
    let over = |h: &App| h.state().online_game().is_some_and(|v| v.ending.is_some());

    // No goes back to the game; nothing moved while the question was shown.
    click(&mut joiner, "Resign");
    assert_shows(&joiner, question);
    assert_eq!(
        places(&joiner),
        before,
        "the panel moved under the question"
    );
    click(&mut joiner, "No, keep playing");
    assert!(!shows(&joiner, question));
    // Escape too, from the keyboard.
    click(&mut joiner, "Resign");
    assert_shows(&joiner, question);
    joiner.key_press(egui::Key::Escape);
    settle(&mut joiner);
    assert!(!shows(&joiner, question), "Escape left the question open");
    assert!(!over(&joiner) && !over(&host));
    play(&mut joiner, &mut host, 0, 0);

    // Yes resigns, on both sides.
    click(&mut joiner, "Resign");
    click(&mut joiner, "Yes, resign");
    both_until(&mut host, &mut joiner, "the resignation on both", |h, j| {
        shows(h, "Bob resigned: you win") && shows(j, "You resigned")
    });
    assert!(!shows(&joiner, question));
}

/// Whether the panel lists `first` above `then` (both among its happenings, one column).
fn listed_before(h: &App, first: &str, then: &str) -> bool {
    let first = h.get_by_label_contains(first).rect();
    h.query_all_by_label_contains(then)
        .map(|node| node.rect())
        .filter(|rect| rect.left() == first.left())
        .any(|rect| rect.top() > first.top())
}

#[test]
fn an_accepted_rematch_is_listed_before_the_new_game_it_starts() {
    let mut host = window("Ann");
    let mut joiner = window("Bob");
    host_and_join(&mut host, &mut joiner, "Bob asks to join");
    click(&mut joiner, "Resign");
    click(&mut joiner, "Yes, resign");
    both_until(&mut host, &mut joiner, "the end of the game", |h, _| {
        h.query_by_label("Offer a rematch")
            .is_some_and(|b| !b.accesskit_node().is_disabled())
    });
    click(&mut host, "Offer a rematch");
    both_until(&mut host, &mut joiner, "the offer", |_, j| {
        shows(j, "Ann offers a rematch")
    });
    click(&mut joiner, "Accept");
    both_until(&mut host, &mut joiner, "the new game on both", |h, j| {
        shows(h, "A new game: you play O") && shows(j, "A new game: you play X")
    });
    assert!(listed_before(
        &joiner,
        "You accepted a rematch",
        "A new game: you play X"
    ));
    assert!(listed_before(
        &host,
        "Bob accepted a rematch",
        "A new game: you play O"
    ));
}
