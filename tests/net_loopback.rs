//! Two real iroh endpoints on 127.0.0.1, relays and address look-ups off, playing whole
//! games through the network worker: the host's ticket dialled by the joiner, the caller
//! admitted, the moves made on each side's turn, and both ending with the same record. Each
//! side's own key is the one the other shows for it. A second caller hears "busy" (and its
//! key never takes the opponent's place); a joiner that quits and starts again with its token gets the
//! game back. A relay server started here on 127.0.0.1 carries a whole game for a joiner
//! whose ticket names only the relay. A hostile caller written here with the same
//! transport is refused, with the reason said, for each kind of bad input; the host then
//! plays on with a real joiner. Every wait is bounded and looks for an observable state.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use tictactoe::game::{Choice, OpeningRule};
use tictactoe::net::codec::{Decoder, MAX_FRAME, encode};
use tictactoe::net::machine::{Action, HostConfig, NetEvent};
use tictactoe::net::message::{Act, Message, PROTOCOL, Token};
use tictactoe::net::transport::{self, NetConfig};
use tictactoe::net::worker::{self, NetHandle, Options, Start, Update, View, WorkerCommand};
use tictactoe::rules::{Cell, Outcome, Rule, Side};

/// The bound on any one wait; far above what loopback needs.
const PATIENCE: Duration = Duration::from_secs(60);

fn options() -> Options {
    Options {
        net: NetConfig {
            local_only: true,
            relay: None,
            bind: Some(SocketAddr::from((Ipv4Addr::LOCALHOST, 0))),
        },
        record: None,
        reconnect_limit: Duration::from_secs(30),
        first_contact_limit: Duration::from_secs(30),
        session_limit: Duration::from_secs(300),
        announce: false,
        keep: None,
    }
}

/// One side: its worker and the latest view.
struct Player {
    handle: NetHandle,
    view: Option<View>,
    events: Vec<NetEvent>,
    finished: Option<String>,
    /// The key of the peer on the live connection, as this side shows it.
    peer_key: Option<String>,
    /// This side's own key, as this side shows it.
    own_key: Option<String>,
}

impl Player {
    fn new(start: Start) -> Player {
        Player::with(start, options())
    }

    fn with(start: Start, options: Options) -> Player {
        Player {
            handle: worker::start(start, options, Box::new(|| {})),
            view: None,
            events: Vec::new(),
            finished: None,
            peer_key: None,
            own_key: None,
        }
    }

    /// Takes updates until `done` holds, failing after [`PATIENCE`].
    fn until(&mut self, what: &str, mut done: impl FnMut(&mut Player) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(self) {
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(!left.is_zero(), "gave up waiting for {what}");
            match self
                .handle
                .updates
                .recv_timeout(left.min(Duration::from_millis(50)))
            {
                Ok(update) => self.take(update),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => panic!("the worker stopped: {what}"),
            }
        }
    }

    /// Takes whatever updates are waiting.
    fn poll(&mut self) {
        while let Ok(update) = self.handle.updates.try_recv() {
            self.take(update);
        }
    }

    fn take(&mut self, update: Update) {
        match update {
            Update::View(view) => self.view = Some(*view),
            Update::Event(event) => self.events.push(event),
            Update::Finished { reason, .. } => self.finished = Some(reason),
            Update::Peer { fingerprint } => self.peer_key = Some(fingerprint),
            Update::OwnKey { fingerprint } => self.own_key = Some(fingerprint),
            _ => {}
        }
    }

    fn ticket(&mut self) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.handle.updates.recv_timeout(left) {
                Ok(Update::Ticket(ticket)) => return ticket,
                Ok(update) => self.take(update),
                Err(error) => panic!("no ticket: {error:?}"),
            }
        }
    }

    fn moves(&self) -> Vec<Cell> {
        self.view
            .as_ref()
            .map(|v| v.session.moves().to_vec())
            .unwrap_or_default()
    }

    fn my_turn(&self) -> bool {
        self.view.as_ref().is_some_and(|v| {
            v.connected && v.session.outcome().is_none() && v.ending.is_none() && v.my_turn
        })
    }

    /// The opening's choices as this side knows them.
    fn choices(&self) -> Vec<Choice> {
        self.view
            .as_ref()
            .map(|v| v.session.opening().choices().to_vec())
            .unwrap_or_default()
    }

    /// Makes a choice of the opening and waits until both sides know it.
    fn choose(&mut self, other: &mut Player, choice: Choice) {
        let made = self.choices().len();
        self.handle.send(WorkerCommand::Act(Action::Choose(choice)));
        self.until("the choice to show", |p| p.choices().len() > made);
        other.until("the choice to arrive", |p| p.choices().len() > made);
    }
}

fn host(rule: Rule) -> Player {
    host_with(rule, OpeningRule::Free)
}

fn host_with(rule: Rule, opening: OpeningRule) -> Player {
    Player::new(Start::Host(HostConfig {
        name: "Host".into(),
        rule,
        side: Side::X,
        opening,
        time_limit: None,
        token: Token(42),
        program: "test".into(),
    }))
}

fn joiner(ticket: &str, name: &str, resume: Option<Token>) -> Player {
    Player::new(Start::Join {
        ticket: ticket.to_string(),
        name: name.into(),
        program: "test".into(),
        resume,
    })
}

/// Hosts, joins and admits; returns both sides connected.
fn connect(rule: Rule) -> (Player, Player, String) {
    connect_with(rule, OpeningRule::Free)
}

fn connect_with(rule: Rule, opening: OpeningRule) -> (Player, Player, String) {
    let mut h = host_with(rule, opening);
    let ticket = h.ticket();
    let mut j = joiner(&ticket, "Joiner", None);
    h.until("the join request", |p| {
        p.events
            .iter()
            .any(|e| matches!(e, NetEvent::JoinRequest { .. }))
    });
    h.handle.send(WorkerCommand::Act(Action::Admit(true)));
    h.until("the host's view", |p| {
        p.view.as_ref().is_some_and(|v| v.connected)
    });
    j.until("the joiner's view", |p| {
        p.view.as_ref().is_some_and(|v| v.connected)
    });
    (h, j, ticket)
}

/// Plays `script` (X's and O's moves alternating), each side moving on its turn, until
/// both sides have `upto` moves.
fn play(h: &mut Player, j: &mut Player, script: &[(usize, usize)], upto: usize) {
    let deadline = Instant::now() + PATIENCE;
    while h.moves().len() < upto || j.moves().len() < upto {
        assert!(
            Instant::now() < deadline,
            "the game stalled at {:?}",
            h.moves()
        );
        for p in [&mut *h, &mut *j] {
            p.poll();
            let n = p.moves().len();
            if p.my_turn() && n < upto {
                let (row, col) = script[n];
                p.handle
                    .send(WorkerCommand::Act(Action::Move(Cell::new(row, col))));
                p.until("the move to show", |p| p.moves().len() > n);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

const DRAW: [(usize, usize); 9] = [
    (1, 1),
    (0, 0),
    (0, 1),
    (2, 1),
    (0, 2),
    (2, 0),
    (1, 0),
    (1, 2),
    (2, 2),
];

#[test]
fn two_endpoints_on_loopback_play_a_whole_game_to_a_draw() {
    let (mut h, mut j, _) = connect(Rule::TIC_TAC_TOE);
    play(&mut h, &mut j, &DRAW, 9);
    assert_eq!(h.moves(), j.moves());
    let view = h.view.as_ref().unwrap();
    assert_eq!(view.session.outcome(), Some(Outcome::Draw));
    assert_eq!(
        j.view.as_ref().unwrap().session.outcome(),
        Some(Outcome::Draw)
    );
    h.handle.quit();
    j.handle.quit();
}

#[test]
fn a_game_on_a_bigger_board_is_won_the_same_on_both_sides() {
    let (mut h, mut j, _) = connect(Rule::new(7, 7, 4, false).unwrap());
    // X builds a row on row 4; O answers on row 1.
    let script = [(3, 0), (0, 0), (3, 1), (0, 1), (3, 2), (0, 2), (3, 3)];
    play(&mut h, &mut j, &script, 7);
    for p in [&h, &j] {
        let outcome = p.view.as_ref().unwrap().session.outcome();
        assert!(
            matches!(outcome, Some(Outcome::Win { side: Side::X, .. })),
            "{outcome:?}"
        );
    }
    assert_eq!(h.moves(), j.moves());
    h.handle.quit();
    j.handle.quit();
}

#[test]
fn a_swap2_opening_with_two_more_stones_then_the_game_goes_on() {
    let gomoku = Rule::new(15, 15, 5, false).unwrap();
    let (mut h, mut j, _) = connect_with(gomoku, OpeningRule::Swap2);
    let joiner_view = j.view.as_ref().unwrap();
    assert_eq!(joiner_view.session.opening().rule(), OpeningRule::Swap2);
    assert!(!j.my_turn(), "the host opens");
    // The host's three stones, the joiner's two more, then four moves of the game.
    let script = [
        (7, 7),
        (7, 8),
        (8, 7),
        (9, 9),
        (6, 6),
        (10, 10),
        (0, 0),
        (10, 11),
        (0, 1),
    ];
    play(&mut h, &mut j, &script, 3);
    assert!(j.my_turn() && !h.my_turn(), "the joiner chooses");
    j.choose(&mut h, Choice::PlaceTwo);
    play(&mut h, &mut j, &script, 5);
    assert!(h.my_turn() && !j.my_turn(), "the host chooses");
    h.choose(&mut j, Choice::White);
    assert_eq!(h.view.as_ref().unwrap().side, Side::O);
    assert_eq!(j.view.as_ref().unwrap().side, Side::X);
    assert!(h.my_turn(), "white, the host, moves");
    play(&mut h, &mut j, &script, 9);
    assert_eq!(h.moves(), j.moves());
    assert_eq!(h.choices(), vec![Choice::PlaceTwo, Choice::White]);
    assert_eq!(j.choices(), h.choices());
    let board = j.view.as_ref().unwrap().session.position().clone();
    assert_eq!(board.get(Cell::new(10, 10)), Some(Side::O));
    assert_eq!(board.get(Cell::new(0, 0)), Some(Side::X));
    h.handle.quit();
    j.handle.quit();
}

#[test]
fn each_side_shows_its_own_key_as_the_other_sees_it_and_a_busy_caller_does_not_replace_it() {
    let (mut h, j, ticket) = connect(Rule::TIC_TAC_TOE);
    let (host_key, joiner_key) = (h.own_key.clone(), j.own_key.clone());
    assert!(joiner_key.is_some() && host_key.is_some());
    assert_eq!(
        h.peer_key, joiner_key,
        "the host shows the joiner's own key"
    );
    assert_eq!(j.peer_key, host_key, "the joiner shows the host's own key");
    // A second caller is turned away: the host still shows its opponent's key.
    let mut second = joiner(&ticket, "Second", None);
    second.until("the refusal", |p| p.finished.is_some());
    h.until("the caller turned away", |p| {
        p.events
            .iter()
            .any(|e| matches!(e, NetEvent::TurnedAway { .. }))
    });
    assert_ne!(second.own_key, joiner_key);
    assert_eq!(
        h.peer_key, joiner_key,
        "a busy caller's key took the opponent's place"
    );
    second.handle.quit();
    h.handle.quit();
    j.handle.quit();
}

#[test]
fn a_second_caller_hears_busy() {
    let (mut h, j, ticket) = connect(Rule::TIC_TAC_TOE);
    let mut second = joiner(&ticket, "Second", None);
    second.until("the refusal", |p| p.finished.is_some());
    let reason = second.finished.clone().unwrap();
    assert!(reason.contains("busy"), "{reason}");
    h.poll();
    assert!(h.view.as_ref().unwrap().connected);
    second.handle.quit();
    h.handle.quit();
    j.handle.quit();
}

#[test]
fn a_joiner_that_restarts_with_its_token_gets_the_game_back() {
    let (mut h, mut j, ticket) = connect(Rule::TIC_TAC_TOE);
    play(&mut h, &mut j, &DRAW, 4);
    let token = j
        .view
        .as_ref()
        .unwrap()
        .token
        .expect("welcomed with a token");
    j.handle.quit();
    h.until("the host to see the joiner leave", |p| {
        p.view.as_ref().is_some_and(|v| !v.connected)
    });
    let mut back = joiner(&ticket, "Joiner", Some(token));
    back.until("the snapshot", |p| p.moves().len() == 4);
    assert_eq!(back.moves(), h.moves());
    assert_eq!(back.view.as_ref().unwrap().side, Side::O);
    play(&mut h, &mut back, &DRAW, 9);
    assert_eq!(h.moves(), back.moves());
    h.handle.quit();
    back.handle.quit();
}

/// A relay server on 127.0.0.1 (plain HTTP: nothing leaves the machine), on a runtime of
/// its own; returns the runtime, the server and its address for the players' settings.
fn local_relay() -> (tokio::runtime::Runtime, iroh_relay::server::Server, String) {
    use iroh_relay::server::{RelayConfig, Server, ServerConfig};
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mut config = ServerConfig::default();
    config.relay = Some(RelayConfig::new((Ipv4Addr::LOCALHOST, 0)));
    let server = runtime
        .block_on(Server::spawn(config))
        .expect("the relay starts");
    let url = format!("http://{}", server.http_addr().expect("an HTTP address"));
    (runtime, server, url)
}

#[test]
fn a_joiner_that_knows_only_the_relay_plays_a_whole_game_through_it() {
    let (runtime, server, relay) = local_relay();
    let through_relay = || {
        let mut options = options();
        options.net.relay = Some(relay.clone());
        options
    };
    let mut h = Player::with(
        Start::Host(HostConfig {
            name: "Host".into(),
            rule: Rule::TIC_TAC_TOE,
            side: Side::X,
            opening: OpeningRule::Free,
            time_limit: None,
            token: Token(7),
            program: "test".into(),
        }),
        through_relay(),
    );
    let full = tictactoe::net::transport::parse_ticket(&h.ticket()).unwrap();
    let relay_url: iroh::RelayUrl = relay.parse().unwrap();
    assert_eq!(
        full.relay_urls().next(),
        Some(&relay_url),
        "the host's ticket names the relay it reached"
    );
    // The joiner is told nothing but the host's key and the relay.
    let only_relay = iroh::EndpointAddr::new(full.id).with_relay_url(relay_url);
    let ticket = iroh_tickets::endpoint::EndpointTicket::new(only_relay).to_string();
    let mut j = Player::with(
        Start::Join {
            ticket,
            name: "Joiner".into(),
            program: "test".into(),
            resume: None,
        },
        through_relay(),
    );
    h.until("the join request", |p| {
        p.events
            .iter()
            .any(|e| matches!(e, NetEvent::JoinRequest { .. }))
    });
    h.handle.send(WorkerCommand::Act(Action::Admit(true)));
    j.until("the joiner's view", |p| {
        p.view.as_ref().is_some_and(|v| v.connected)
    });
    // X takes the top row.
    let script = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)];
    play(&mut h, &mut j, &script, 5);
    assert_eq!(h.moves(), j.moves());
    for p in [&h, &j] {
        let outcome = p.view.as_ref().unwrap().session.outcome();
        assert!(
            matches!(outcome, Some(Outcome::Win { side: Side::X, .. })),
            "{outcome:?}"
        );
    }
    h.handle.quit();
    j.handle.quit();
    runtime
        .block_on(server.shutdown())
        .expect("the relay stops");
}

/// What the host says to a caller that sends `bytes` and nothing else: the reason of its
/// goodbye or refusal, and whether it then ended the connection (within [`PATIENCE`]).
fn hostile(ticket: &str, bytes: Vec<u8>) -> (String, bool) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let endpoint = transport::bind(&options().net, None)
            .await
            .expect("an endpoint");
        let addr = transport::parse_ticket(ticket).expect("the ticket");
        let (connection, mut send, mut recv) =
            transport::dial(&endpoint, addr).await.expect("dialled");
        send.write_all(&bytes).await.expect("sent");
        let mut decoder = Decoder::new();
        let mut said = String::new();
        let mut buffer = vec![0u8; 4096];
        let read = async {
            loop {
                match recv.read(&mut buffer).await {
                    Ok(Some(n)) => {
                        for message in decoder.push(&buffer[..n]).expect("the host's frames") {
                            if let Message::Bye { reason } | Message::Refused { reason } = message {
                                said = reason;
                            }
                        }
                    }
                    Ok(None) | Err(_) => return,
                }
            }
        };
        let ended = tokio::time::timeout(PATIENCE, read).await.is_ok();
        connection.close(0u32.into(), b"done");
        endpoint.close().await;
        (said, ended)
    })
}

/// A frame holding `body` as it is.
fn frame(body: &[u8]) -> Vec<u8> {
    let mut bytes = u32::try_from(body.len()).unwrap().to_be_bytes().to_vec();
    bytes.extend_from_slice(body);
    bytes
}

#[test]
fn a_hostile_caller_is_refused_with_the_reason_and_the_host_plays_on() {
    let mut h = host(Rule::TIC_TAC_TOE);
    let ticket = h.ticket();
    let hello = |protocol| Message::Hello {
        protocol,
        program: "hostile".into(),
        name: "Mallory".into(),
        resume: None,
    };
    let flood: Vec<u8> = (0..200)
        .flat_map(|nonce| encode(&Message::Ping { nonce }))
        .collect();
    let cases: [(&str, Vec<u8>, &str); 6] = [
        (
            "an oversized frame header",
            u32::MAX.to_be_bytes().to_vec(),
            &format!("the limit is {MAX_FRAME}"),
        ),
        ("a frame of garbage", frame(b"\x00garbage{"), "cannot read"),
        (
            "a message of an unknown type",
            frame(br#"{"type":"take-over"}"#),
            "cannot read",
        ),
        (
            "a move before the hello",
            encode(&Message::Act {
                seq: 0,
                act: Act::Resign {},
            }),
            "before saying hello",
        ),
        (
            "another protocol version",
            encode(&hello(PROTOCOL + 1)),
            "the host must update",
        ),
        ("a flood of messages", flood, "too many messages"),
    ];
    for (what, bytes, reason) in cases {
        let (said, ended) = hostile(&ticket, bytes);
        assert!(said.contains(reason), "{what}: the host said \"{said}\"");
        assert!(ended, "{what}: the host kept the connection open");
    }
    // Nobody was let in, and the host still takes a real player.
    h.poll();
    assert!(
        !h.events
            .iter()
            .any(|e| matches!(e, NetEvent::Joined { .. })),
        "{:?}",
        h.events
    );
    let mut j = joiner(&ticket, "Joiner", None);
    h.until("the join request", |p| {
        p.events
            .iter()
            .any(|e| matches!(e, NetEvent::JoinRequest { name } if name == "Joiner"))
    });
    h.handle.send(WorkerCommand::Act(Action::Admit(true)));
    j.until("the joiner's view", |p| {
        p.view.as_ref().is_some_and(|v| v.connected)
    });
    play(&mut h, &mut j, &DRAW, 9);
    assert_eq!(h.moves(), j.moves());
    h.handle.quit();
    j.handle.quit();
}

#[test]
fn an_endpoint_bound_to_an_address_listens_there_only() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let sockets = runtime.block_on(async {
        let endpoint = transport::bind(&options().net, None)
            .await
            .expect("an endpoint");
        let sockets = endpoint.bound_sockets();
        endpoint.close().await;
        sockets
    });
    assert!(!sockets.is_empty());
    assert!(
        sockets
            .iter()
            .all(|s| s.ip() == std::net::IpAddr::V4(Ipv4Addr::LOCALHOST)),
        "{sockets:?}"
    );
}
