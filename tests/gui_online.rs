//! Play online, two windows in one test as two people would use them: one hosts with a
//! five-minute clock and shows a ticket, the other pastes it and joins over loopback (no
//! relays, no other address), the host lets the caller in after seeing its name and key,
//! both show the time left, they play a whole game by clicking, a move out of turn is
//! refused, and a rematch offered by one is accepted by the other. Both windows end every
//! step with the same moves. In a network of its own, a game hosted in one window is listed
//! in the other's "Games on this network" and joined with a click. A game hosted under renju
//! crosses Black's forbidden cells on both boards, and a click on one is refused with why.

use crate::support::{self, netns, terminal};

use std::time::Instant;

use egui_kittest::kittest::{NodeT, Queryable};
use support::*;
use tictactoe::net::NetConfig;
use tictactoe::rules::Side;

/// Endpoints on 127.0.0.1 only, without relays or address look-ups.
pub(crate) fn loopback() -> NetConfig {
    loopback_config()
}

fn loopback_config() -> NetConfig {
    NetConfig {
        local_only: true,
        relay: None,
        bind: Some("127.0.0.1:0".parse().expect("an address")),
    }
}

/// A window that plays online on loopback, its player named `name`.
pub(crate) fn window(name: &str) -> App {
    let mut h = build(|app| app.with_network(loopback()));
    open_tab(&mut h, "Online");
    scroll_into_view(&mut h, "Your name");
    h.get_by_label("Your name").set_text_value_accesskit(name);
    settle(&mut h);
    h
}

/// Steps both windows until `done` holds for them, failing after [`BOUND`].
pub(crate) fn both_until(a: &mut App, b: &mut App, what: &str, done: impl Fn(&App, &App) -> bool) {
    let deadline = Instant::now() + BOUND;
    while !done(a, b) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        a.step();
        b.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    settle(a);
    settle(b);
}

/// `host` hosts a game, `joiner` pastes its ticket and joins, the host waits to see
/// `asking` and lets the caller in; both end connected.
pub(crate) fn host_and_join(host: &mut App, joiner: &mut App, asking: &str) {
    open_tab(host, "Online");
    click(host, "Host a game");
    both_until(host, joiner, "the host's ticket", |h, _| {
        h.state().online_ticket().is_some()
    });
    let ticket = host.state().online_ticket().unwrap().to_string();
    open_tab(joiner, "Online");
    scroll_into_view(joiner, "Ticket from the host");
    joiner
        .get_by_label("Ticket from the host")
        .set_text_value_accesskit(&ticket);
    click(joiner, "Join");
    both_until(host, joiner, "the host to be asked", |h, _| {
        shows(h, asking)
    });
    open_tab(host, "Online");
    click(host, "Let them in");
    both_until(host, joiner, "both to be playing", |h, j| {
        [h, j]
            .iter()
            .all(|w| w.state().online_game().is_some_and(|v| v.connected))
    });
}

/// The moves of the online game as a window shows it.
pub(crate) fn moves(h: &App) -> Vec<tictactoe::rules::Cell> {
    h.state()
        .online_game()
        .map(|v| v.session.moves().to_vec())
        .unwrap_or_default()
}

/// `mover` clicks the cell and both windows wait until each shows the move.
pub(crate) fn play(mover: &mut App, other: &mut App, row: usize, col: usize) {
    let before = moves(mover).len();
    click_cell(mover, row, col);
    both_until(mover, other, "the move on both boards", |a, b| {
        moves(a).len() == before + 1 && moves(a) == moves(b)
    });
}

#[test]
fn two_windows_host_join_and_play_a_game_and_a_rematch() {
    let mut host = window("Ann");
    let mut joiner = window("Bob");

    // Five minutes each, on the host's clock.
    open_tab(&mut host, "Online");
    click(&mut host, "Clock");
    click(&mut host, "5 min each");
    click(&mut host, "Host a game");
    both_until(&mut host, &mut joiner, "the host's ticket", |h, _| {
        h.state().online_ticket().is_some()
    });
    assert_shows(&host, "Send this ticket to your friend");
    assert!(
        host.query_by_label("QR code of the ticket").is_some(),
        "the ticket is drawn as a QR code too"
    );
    // Copying the ticket is said on the button, once the frame's clicks are applied.
    open_tab(&mut host, "Online");
    click(&mut host, "Copy the ticket");
    assert_shows(&host, "Copied: paste it to your friend");
    let ticket = host.state().online_ticket().unwrap().to_string();

    // A line that is not a ticket is refused in place, and nothing starts.
    scroll_into_view(&mut joiner, "Ticket from the host");
    joiner
        .get_by_label("Ticket from the host")
        .set_text_value_accesskit("not a ticket");
    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Join");
    assert_shows(&joiner, "That is not a game ticket");
    assert!(joiner.state().online_game().is_none());
    // Nor does the host's ticket with a character lost on the way.
    let mut damaged = ticket.clone();
    damaged.remove(ticket.len() - 10);
    joiner
        .get_by_label("Ticket from the host")
        .set_text_value_accesskit(&damaged);
    click(&mut joiner, "Join");
    assert_shows(&joiner, "This ticket is damaged");
    assert!(joiner.state().online_game().is_none());

    joiner
        .get_by_label("Ticket from the host")
        .set_text_value_accesskit(&ticket);
    click(&mut joiner, "Join");
    both_until(&mut host, &mut joiner, "the host to be asked", |h, _| {
        shows(h, "Bob asks to join")
    });
    assert_shows(&host, "Bob's key: ");
    open_tab(&mut host, "Online");
    click(&mut host, "Let them in");
    both_until(&mut host, &mut joiner, "both to be playing", |h, j| {
        [h, j].iter().all(|w| {
            w.state()
                .online_game()
                .is_some_and(|v| v.connected && !v.peer_name.is_empty())
        })
    });
    assert_eq!(host.state().online_game().unwrap().side, Side::X);
    assert_eq!(joiner.state().online_game().unwrap().side, Side::O);
    assert_shows(&host, "Playing Bob");
    assert_shows(&joiner, "Playing Ann");
    assert_shows(&joiner, "Their key: ");
    both_until(&mut host, &mut joiner, "the clocks on both", |h, j| {
        shows(h, "time left: X ") && shows(j, "time left: X ")
    });
    assert_shows(&host, "Your move (X)");
    assert_shows(&joiner, "Ann's move (X)");

    // Out of turn: refused, nothing sent.
    click_cell(&mut joiner, 2, 2);
    both_until(&mut host, &mut joiner, "the refusal", |_, j| {
        shows(j, "It is not your turn")
    });
    assert!(moves(&joiner).is_empty() && moves(&host).is_empty());

    play(&mut host, &mut joiner, 0, 0);
    play(&mut joiner, &mut host, 1, 0);
    play(&mut host, &mut joiner, 0, 1);
    play(&mut joiner, &mut host, 1, 1);
    play(&mut host, &mut joiner, 0, 2);
    both_until(&mut host, &mut joiner, "the result on both", |h, j| {
        shows(h, "You win") && shows(j, "Ann wins")
    });
    // The window's own game was left as it was.
    assert_eq!(stones(host.state()), 0);

    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Offer a rematch");
    both_until(&mut host, &mut joiner, "the offer", |h, _| {
        shows(h, "Bob offers a rematch")
    });
    open_tab(&mut host, "Online");
    click(&mut host, "Accept");
    both_until(&mut host, &mut joiner, "the new game", |h, j| {
        moves(h).is_empty()
            && moves(j).is_empty()
            && h.state().online_game().is_some_and(|v| v.side == Side::O)
            && j.state().online_game().is_some_and(|v| v.side == Side::X)
    });
    assert_shows(&joiner, "Your move (X)");
    play(&mut joiner, &mut host, 1, 1);

    // The host leaves: its window shows its own game and the section to start another.
    open_tab(&mut host, "Online");
    click(&mut host, "Leave the online game");
    assert!(!host.state().is_online());
    assert_shows(&host, "Host a game");
    both_until(&mut host, &mut joiner, "the joiner to hear", |_, j| {
        !j.state().online_game().is_some_and(|v| v.connected)
    });
    assert_eq!(
        moves(&joiner).len(),
        1,
        "the joiner's game stays on its board"
    );
}

#[test]
fn a_joiner_whose_window_was_closed_rejoins_its_game() {
    let folder = std::env::temp_dir().join(format!("tictactoe-gui-online-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let joiner_window = |name: &str| {
        let path = folder.clone();
        let mut h = build(move |app| app.with_network(loopback()).with_online_folder(path));
        open_tab(&mut h, "Online");
        scroll_into_view(&mut h, "Your name");
        h.get_by_label("Your name").set_text_value_accesskit(name);
        settle(&mut h);
        h
    };
    let mut host = window("Ann");
    let mut joiner = joiner_window("Bob");
    host_and_join(&mut host, &mut joiner, "asks to join");
    play(&mut host, &mut joiner, 1, 1);
    play(&mut joiner, &mut host, 0, 0);

    // The joiner's window closes in the middle of the game, and opens again.
    drop(joiner);
    let mut joiner = joiner_window("Bob");
    assert_shows(&joiner, "The window was closed during a game with Ann.");
    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Rejoin the game");
    both_until(&mut host, &mut joiner, "the game to resume", |h, j| {
        moves(j).len() == 2
            && moves(j) == moves(h)
            && h.state().online_game().is_some_and(|v| v.connected)
    });
    assert_eq!(joiner.state().online_game().unwrap().side, Side::O);
    play(&mut host, &mut joiner, 2, 2);
    play(&mut joiner, &mut host, 0, 2);

    // Leaving on purpose forgets the game: the next window offers nothing to rejoin.
    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Leave the online game");
    drop(joiner);
    let joiner = joiner_window("Bob");
    assert!(!shows(&joiner, "Rejoin the game"));
    let _ = std::fs::remove_dir_all(&folder);
}

#[test]
fn a_game_hosted_on_the_local_network_is_listed_in_the_other_window_and_joined_with_a_click() {
    let test =
        "a_game_hosted_on_the_local_network_is_listed_in_the_other_window_and_joined_with_a_click";
    if !netns::own_network(module_path!(), test) {
        return;
    }
    let window = |name: &str| {
        let mut h = build(|app| app.with_network(loopback()).with_local_network_games());
        open_tab(&mut h, "Online");
        scroll_into_view(&mut h, "Your name");
        h.get_by_label("Your name").set_text_value_accesskit(name);
        settle(&mut h);
        h
    };
    let mut host = window("Ann");
    let mut joiner = window("Bob");
    // Nothing listens for local network games (UDP port 5353) until the list is opened.
    assert!(!listens_on_mdns(), "port 5353 open before the list was");
    click(&mut joiner, "Games on this network");
    assert_shows(&joiner, "None found yet");
    wait_until(&mut joiner, "the list to listen", |_| listens_on_mdns());

    open_tab(&mut host, "Online");
    click(&mut host, "Host a game");
    both_until(&mut host, &mut joiner, "the game in the list", |_, j| {
        shows(j, "Join Ann · 3x3")
    });
    click(&mut joiner, "Join Ann · 3x3");
    both_until(&mut host, &mut joiner, "the host to be asked", |h, _| {
        shows(h, "Bob asks to join")
    });
    open_tab(&mut host, "Online");
    click(&mut host, "Let them in");
    both_until(&mut host, &mut joiner, "both to be playing", |h, j| {
        [h, j]
            .iter()
            .all(|w| w.state().online_game().is_some_and(|v| v.connected))
    });
    assert_shows(&joiner, "Playing Ann");
    play(&mut host, &mut joiner, 1, 1);
    play(&mut joiner, &mut host, 0, 0);
    assert_eq!(moves(&host).len(), 2);
}

/// Whether a socket of this network (the test's own) is bound to UDP port 5353, the port
/// of local network discovery.
fn listens_on_mdns() -> bool {
    ["/proc/net/udp", "/proc/net/udp6"].iter().any(|table| {
        std::fs::read_to_string(table).is_ok_and(|text| {
            text.lines().skip(1).any(|line| {
                line.split_whitespace()
                    .nth(1)
                    .is_some_and(|a| a.ends_with(":14E9"))
            })
        })
    })
}

/// Whether the widget labelled `label` can be used.
pub(crate) fn enabled(h: &App, label: &str) -> bool {
    !h.get_by_label(label).accesskit_node().is_disabled()
}

#[test]
fn offers_follow_the_match_through_an_outage_and_never_stay_stuck() {
    // A host in a terminal of its own, which the test freezes as a stopped computer.
    let mut host = terminal::Terminal::start(&[
        "net",
        "host",
        "--name",
        "Ann",
        "--accept",
        "--no-announce",
        "--local-only",
        "--bind",
        "127.0.0.1:0",
    ]);
    let ticket = host.wait_for(terminal::TICKET);
    let mut joiner = window("Bob");
    scroll_into_view(&mut joiner, "Ticket from the host");
    joiner
        .get_by_label("Ticket from the host")
        .set_text_value_accesskit(&ticket);
    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Join");
    wait_until(&mut joiner, "the game", |j| {
        j.state().online_game().is_some_and(|v| v.connected)
    });

    // An offer waiting when the host's computer stops: it waits while the host is away
    // (an answer may be on its way), and no other offer can be made meanwhile.
    click(&mut joiner, "Offer a draw");
    wait_for_text(&mut joiner, "waiting for the answer");
    host.wait_for("offers a draw");
    host.signal("-STOP");
    wait_until(&mut joiner, "the outage to be seen", |j| {
        j.state().online_game().is_some_and(|v| !v.connected)
    });
    assert!(!enabled(&joiner, "Offer a draw"));
    assert!(
        enabled(&joiner, "Resign"),
        "the buttons stay where they are"
    );

    // Back: the offer nobody answered is withdrawn, said, and nothing waits any more.
    host.signal("-CONT");
    wait_until(&mut joiner, "the host to be back", |j| {
        j.state().online_game().is_some_and(|v| v.connected)
    });
    wait_for_text(&mut joiner, "Your offer (a draw) was withdrawn");
    assert!(!shows(&joiner, "waiting for the answer"));
    wait_until(&mut joiner, "the buttons to be free", |j| {
        enabled(j, "Offer a draw")
    });
    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Offer a draw");
    host.wait_for("offers a draw");
    host.type_line("no");
    wait_for_text(&mut joiner, "Ann declined a draw");
    wait_until(&mut joiner, "the buttons to be free", |j| {
        enabled(j, "Offer a draw")
    });
    assert!(!shows(&joiner, "waiting for the answer"));
}

#[test]
fn an_online_game_of_stones_says_black_and_white_everywhere_in_a_window_of_marks() {
    // The host's own game is on 15x15 (stones), so it hosts there; the joiner's own game is
    // 3x3 (marks), and its online board draws stones.
    let gomoku = tictactoe::game::Settings {
        rule: tictactoe::rules::Rule::new(15, 15, 5, false).unwrap(),
        mode: tictactoe::game::Mode::Hotseat,
        ..tictactoe::game::Settings::default()
    };
    let state = tictactoe::gui::SavedState {
        session: tictactoe::game::Session::new(gomoku),
        ..tictactoe::gui::SavedState::default()
    };
    let mut host = build_with(state, |app| app.with_network(loopback()));
    open_tab(&mut host, "Online");
    scroll_into_view(&mut host, "Your name");
    host.get_by_label("Your name")
        .set_text_value_accesskit("Ann");
    settle(&mut host);
    let mut joiner = window("Bob");
    host_and_join(&mut host, &mut joiner, "Bob asks to join");
    play(&mut host, &mut joiner, 7, 7);
    both_until(&mut host, &mut joiner, "the move's line", |_, j| {
        shows(j, "Black played H8")
    });
    assert_shows(&joiner, "Your move (White)");
    assert_shows(&joiner, "You play White, Ann plays Black");
    for marks in ["(O)", "(X)", "You play O", "X played"] {
        assert!(
            !shows(&joiner, marks),
            "the joiner's window says \"{marks}\""
        );
    }
}

/// The file a host keeps its match in, somewhere under `data` (in the data folder's
/// folder of kept games).
fn kept_file(data: &std::path::Path) -> Option<std::path::PathBuf> {
    let mut dirs = vec![data.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).ok()?.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json")
                && dir.ends_with(tictactoe::net::keep::FOLDER)
            {
                return Some(path);
            }
        }
    }
    None
}

#[test]
fn a_window_takes_up_the_game_its_host_was_hosting_when_it_stopped() {
    // A host in a terminal plays a move against a joiner in another, and is killed.
    let data = terminal::data_folder();
    let loopback = ["--local-only", "--bind", "127.0.0.1:0"];
    let host_args = [
        &["net", "host", "--name", "Ann", "--accept", "--no-announce"][..],
        &loopback,
    ]
    .concat();
    let mut host = terminal::Terminal::start_in(&host_args, &data);
    let ticket = host.wait_for(terminal::TICKET);
    let mut joiner = terminal::Terminal::start(
        &[&["net", "join", &ticket, "--name", "Bob"][..], &loopback].concat(),
    );
    host.wait_for("\"Bob\" connected");
    host.type_line("2 2");
    joiner.wait_for("X plays 2,2");
    host.signal("-KILL");
    let _ = host.exit();
    let kept = kept_file(&data).expect("the match is kept");

    // The window that keeps its data there offers the game, and hosts it again.
    let folder = kept.parent().unwrap().parent().unwrap().to_path_buf();
    let mut window = build(move |app| {
        app.with_network(loopback_config())
            .with_online_folder(folder)
    });
    open_tab(&mut window, "Online");
    scroll_into_view(&mut window, "Host it again");
    assert_shows(
        &window,
        "This program stopped while hosting a game with Bob",
    );
    assert_shows(&window, "moves played: 1");
    open_tab(&mut window, "Online");
    click(&mut window, "Host it again");
    wait_until(&mut window, "Bob to come back", |w| {
        w.state().online_game().is_some_and(|v| v.connected)
    });
    joiner.wait_for("\"Ann\" is back");
    joiner.wait_for("Your move");
    joiner.type_line("1 1");
    wait_until(&mut window, "Bob's move", |w| moves(w).len() == 2);
    assert_eq!(window.state().online_game().unwrap().side, Side::X);
    click_cell(&mut window, 0, 2);
    joiner.wait_for("X plays 1,3");
    open_tab(&mut window, "Online");
    click(&mut window, "Leave the online game");
    joiner.wait_for("the host left the game");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_game_buttons_keep_their_place_as_happenings_are_listed_above_and_below() {
    let mut host = window("Ann");
    let mut joiner = window("Bob");
    host_and_join(&mut host, &mut joiner, "asks to join");
    let labels = ["Offer a draw", "Resign", "Leave the online game"];
    let places = |h: &App| labels.map(|label| h.get_by_label(label).rect());
    let before = places(&joiner);
    // Each move adds a line to the happenings (up to four are listed).
    for (mover_is_host, row, col) in [(true, 1, 1), (false, 0, 0), (true, 2, 2), (false, 0, 2)] {
        if mover_is_host {
            play(&mut host, &mut joiner, row, col);
        } else {
            play(&mut joiner, &mut host, row, col);
        }
        assert_eq!(places(&joiner), before, "after the move at {row},{col}");
    }
}

#[test]
fn leave_keeps_its_place_when_an_offer_arrives() {
    let mut host = window("Ann");
    let mut joiner = window("Bob");
    host_and_join(&mut host, &mut joiner, "asks to join");
    let labels = ["Offer a draw", "Resign", "Leave the online game"];
    let places = |h: &App| labels.map(|label| h.get_by_label(label).rect());
    let before = (places(&host), places(&joiner));
    click(&mut host, "Offer a draw");
    both_until(&mut host, &mut joiner, "the offer to arrive", |_, j| {
        shows(j, "Ann offers a draw")
    });
    assert_eq!(places(&joiner), before.1, "the joiner's buttons moved");
    assert_eq!(places(&host), before.0, "the host's buttons moved");
    // The answer's buttons are under Leave.
    let accept = joiner.get_by_label("Accept").rect();
    assert!(accept.top() > before.1[2].bottom(), "{accept:?}");
}

#[test]
fn two_windows_play_a_swap2_opening_through_two_more_stones_then_the_game() {
    let mut host = window("Ann");
    // The host's board and opening, chosen in the panel as for its own games.
    open_tab(&mut host, "Play");
    click(&mut host, "Gomoku 15x15, 5 in a row");
    click(&mut host, "Swap2");
    open_tab(&mut host, "Online");
    assert_shows(&host, "Opening: Swap2");
    let mut joiner = window("Bob");
    host_and_join(&mut host, &mut joiner, "Bob asks to join");
    assert_shows(&host, "Opening stone 1 of 3: Black - you");
    assert_shows(&joiner, "Opening stone 1 of 3: Black - Ann");
    assert_shows(
        &joiner,
        "Ann opens, you reply; the colours follow the choice",
    );
    assert!(
        !enabled(&host, "Ask to take back"),
        "no undo in the opening"
    );

    play(&mut host, &mut joiner, 7, 7);
    play(&mut host, &mut joiner, 7, 8);
    play(&mut host, &mut joiner, 8, 7);
    assert_shows(&joiner, "Choose, or place two - you");
    assert_shows(&host, "Choose, or place two - Bob");
    assert!(
        host.query_by_label("Place two more").is_none(),
        "the choice is not the host's"
    );
    // A click out of turn is refused and said.
    click_cell(&mut host, 0, 0);
    both_until(&mut host, &mut joiner, "the refusal", |h, _| {
        shows(h, "It is not your turn")
    });

    click(&mut joiner, "Place two more");
    both_until(&mut host, &mut joiner, "the choice on both", |h, j| {
        shows(h, "Bob chose to place two more stones")
            && shows(j, "Two more stones, 1 of 2: White - you")
    });
    play(&mut joiner, &mut host, 9, 9);
    play(&mut joiner, &mut host, 6, 6);
    assert_shows(&host, "Choose a colour - you");
    assert!(joiner.query_by_label("Play White").is_none());
    click(&mut host, "Play White");
    both_until(&mut host, &mut joiner, "the colours on both", |h, j| {
        shows(h, "You play White, Bob plays Black") && shows(j, "Ann took White")
    });
    assert_shows(&host, "Your move (White)");
    assert_shows(&joiner, "You play Black, Ann plays White");

    play(&mut host, &mut joiner, 10, 10);
    play(&mut joiner, &mut host, 0, 0);
    assert!(
        enabled(&host, "Ask to take back"),
        "a move of the game to take back"
    );
    let game = host.state().online_game().unwrap().session.clone();
    assert_eq!(game.moves().len(), 7);
    assert_eq!(
        game.position().get(tictactoe::rules::Cell::new(10, 10)),
        Some(Side::O)
    );
    assert_eq!(moves(&host), moves(&joiner));
    // A rematch keeps the opening; the other player opens it.
    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Resign");
    click(&mut joiner, "Yes, resign");
    both_until(&mut host, &mut joiner, "the end of the game", |h, _| {
        shows(h, "Offer a rematch") && enabled(h, "Offer a rematch")
    });
    open_tab(&mut host, "Online");
    click(&mut host, "Offer a rematch");
    both_until(&mut host, &mut joiner, "the offer", |_, j| {
        shows(j, "Accept")
    });
    open_tab(&mut joiner, "Online");
    click(&mut joiner, "Accept");
    both_until(&mut host, &mut joiner, "the new game", |h, j| {
        shows(h, "A new game: Bob opens it") && shows(j, "A new game: you open it")
    });
    assert_shows(&joiner, "Opening stone 1 of 3: Black - you");
}

#[test]
fn two_windows_play_renju_and_a_forbidden_click_is_refused_with_its_reason() {
    let mut host = window("Ann");
    // The host's rule, chosen in the panel as for its own games; the host moves first, as
    // Black.
    open_tab(&mut host, "Play");
    click(&mut host, "Gomoku 15x15, 5 in a row");
    click(&mut host, "Renju");
    let mut joiner = window("Bob");
    host_and_join(&mut host, &mut joiner, "Bob asks to join");
    let rule = |h: &App| h.state().online_game().unwrap().session.settings().rule;
    assert_eq!(rule(&host), tictactoe::rules::Rule::RENJU);
    assert_eq!(rule(&joiner), tictactoe::rules::Rule::RENJU);
    // Black's F4, F5, D6 and E6, White's stones far away: F6 would make two open threes.
    for (black, white) in [
        ((3, 5), (10, 0)),
        ((4, 5), (10, 2)),
        ((5, 3), (10, 4)),
        ((5, 4), (10, 6)),
    ] {
        play(&mut host, &mut joiner, black.0, black.1);
        play(&mut joiner, &mut host, white.0, white.1);
    }
    let forbidden = "F6: forbidden for Black (double three)";
    both_until(
        &mut host,
        &mut joiner,
        "the cross on both boards",
        |h, j| shows(h, forbidden) && shows(j, forbidden),
    );
    let before = moves(&host);
    click(&mut host, forbidden);
    both_until(&mut host, &mut joiner, "the refusal", |h, _| {
        shows(h, "F6 is forbidden for Black: double three")
    });
    assert_eq!(moves(&host), before);
    assert_eq!(moves(&joiner), before);
    // Black plays elsewhere: White to move has no forbidden cells.
    play(&mut host, &mut joiner, 0, 14);
    assert!(!shows(&host, forbidden) && !shows(&joiner, forbidden));
}
