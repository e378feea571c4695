//! A fault-injecting proxy between two matches, over at least 200 seeded games. Each side's
//! frames go through the real codec; the proxy drops, repeats, delays, swaps, corrupts and
//! trickles them a byte at a time, injects oversized frames and goes silent for long
//! stretches. A frame the codec refuses closes the connection, and the joiner dials again
//! with its token. Time is simulated, so the games are exact and fast. At the end of every
//! game both sides hold the same record, and every move a player made is in it unless an
//! accepted undo took it back or the game had already ended (a resignation or claim crossing
//! it). Some links stay down for minutes, so that a player is away long enough for the win
//! to be claimed, and every third game has a clock that runs while its player is away, so
//! that games are lost on time. Both sides' records say the same ending, and each kind of
//! ending happens. The counts of each fault and ending are printed.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tictactoe::game::{GameRecord, OpeningRule, Termination};
use tictactoe::net::codec::{Decoder, encode};
use tictactoe::net::machine::{Action, HostConfig, Match, NetEvent, Output};
use tictactoe::net::message::{Message, Offer, Token};
use tictactoe::rules::{Cell, Rule, Side};

const GAMES: u64 = 240;
const STEP: Duration = Duration::from_millis(50);
/// The longest simulated game: far beyond any game below, so reaching it is a failure.
const GAME_LIMIT: Duration = Duration::from_secs(6 * 3600);
const REDIAL_AFTER: Duration = Duration::from_secs(2);
/// A long outage: longer than the away limit, so the win can be claimed.
const LONG_OUTAGE: Duration = Duration::from_secs(150);
/// The clock of the timed games (every third seed).
const TIME_LIMIT: Duration = Duration::from_secs(60);

#[derive(Default, Debug)]
struct Counts {
    frames: u64,
    dropped: u64,
    repeated: u64,
    swapped: u64,
    delayed: u64,
    corrupted: u64,
    trickled: u64,
    oversized: u64,
    silences: u64,
    closes: u64,
    long_outages: u64,
    reconnects: u64,
    moves: u64,
    moves_ended_first: u64,
    undos: u64,
    draws: u64,
    rematches: u64,
    resigned: u64,
    claims: u64,
}

/// One direction of the proxy: frames (as byte chunks) in order with arrival times.
#[derive(Default)]
struct Pipe {
    queue: VecDeque<(Instant, Vec<Vec<u8>>)>,
    held: Option<Vec<u8>>,
    decoder: Decoder,
}

struct Proxy {
    rng: StdRng,
    to_joiner: Pipe,
    to_host: Pipe,
    /// While set, everything is lost both ways (a peer that never answers).
    silent_until: Option<Instant>,
}

impl Proxy {
    /// Passes one frame through, faults and all.
    fn carry(&mut self, now: Instant, to_host: bool, message: &Message, counts: &mut Counts) {
        counts.frames += 1;
        let rng = &mut self.rng;
        let pipe = if to_host {
            &mut self.to_host
        } else {
            &mut self.to_joiner
        };
        if self.silent_until.is_some_and(|t| now < t) || rng.random_bool(0.05) {
            counts.dropped += 1;
            return;
        }
        let mut frame = encode(message);
        if rng.random_bool(0.004) {
            counts.corrupted += 1;
            let at = 4 + rng.random_range(0..frame.len() - 4);
            frame[at] = b'\x01';
        }
        if rng.random_bool(0.002) {
            counts.oversized += 1;
            frame = (1u32 << 20).to_be_bytes().to_vec();
        }
        let mut frames = vec![frame.clone()];
        if rng.random_bool(0.03) {
            counts.repeated += 1;
            frames.push(frame);
        }
        if rng.random_bool(0.03) {
            // Held back and sent after the next frame.
            counts.swapped += 1;
            if let Some(older) = pipe.held.replace(frames.remove(0)) {
                frames.insert(0, older);
            }
        } else if let Some(held) = pipe.held.take() {
            frames.push(held);
        }
        let mut delay = Duration::from_millis(rng.random_range(5..40));
        if rng.random_bool(0.05) {
            counts.delayed += 1;
            delay += Duration::from_millis(rng.random_range(200..3000));
        }
        let last = pipe.queue.back().map_or(now, |(t, _)| *t);
        let at = last.max(now + delay);
        for frame in frames {
            let chunks = if rng.random_bool(0.05) {
                counts.trickled += 1;
                frame.iter().map(|b| vec![*b]).collect()
            } else {
                vec![frame]
            };
            pipe.queue.push_back((at, chunks));
        }
    }

    fn reset(&mut self) {
        self.to_host = Pipe::default();
        self.to_joiner = Pipe::default();
    }
}

/// A simulated player's habits.
struct Player {
    think_until: Option<Instant>,
    undos_seen: u32,
    /// Moves this side made: (game, ply, cell, accepted undos before it).
    made: Vec<(u32, usize, Cell, u32)>,
}

struct Game {
    now: Instant,
    host: Match,
    joiner: Match,
    proxy: Proxy,
    connected: bool,
    redial_at: Option<Instant>,
    players: [Player; 2],
    undos: u32,
    /// Every fourth seed plays a rematch to its end.
    rematch: bool,
}

fn rule_for(seed: u64) -> Rule {
    let (w, h, k) = [(3, 3, 3), (4, 4, 3), (5, 5, 4), (6, 6, 4), (7, 7, 5)][(seed % 5) as usize];
    Rule::new(w, h, k, false).unwrap()
}

impl Game {
    fn new(seed: u64) -> Game {
        let now = Instant::now();
        let host = Match::host(HostConfig {
            name: "Host".into(),
            rule: rule_for(seed),
            side: if seed.is_multiple_of(2) {
                Side::X
            } else {
                Side::O
            },
            opening: OpeningRule::Free,
            time_limit: (seed % 3 == 1).then_some(TIME_LIMIT),
            token: Token(u128::from(seed) * 7919 + 1),
            program: "faults".into(),
        });
        let player = || Player {
            think_until: None,
            undos_seen: 0,
            made: Vec::new(),
        };
        Game {
            now,
            host,
            joiner: Match::joiner("Joiner", "faults", None),
            proxy: Proxy {
                rng: StdRng::seed_from_u64(seed),
                to_joiner: Pipe::default(),
                to_host: Pipe::default(),
                silent_until: None,
            },
            connected: false,
            redial_at: Some(now),
            players: [player(), player()],
            undos: 0,
            rematch: seed.is_multiple_of(4),
        }
    }

    fn machine(&mut self, host: bool) -> &mut Match {
        if host {
            &mut self.host
        } else {
            &mut self.joiner
        }
    }

    /// Closes the connection as a transport would: both sides see it go, frames in flight
    /// are lost, and the joiner dials again shortly.
    fn cut(&mut self, counts: &mut Counts) {
        if !self.connected {
            return;
        }
        counts.closes += 1;
        self.connected = false;
        self.host.disconnected(self.now);
        self.joiner.disconnected(self.now);
        self.proxy.reset();
        let outage = if self.proxy.rng.random_bool(0.1) {
            counts.long_outages += 1;
            LONG_OUTAGE
        } else {
            REDIAL_AFTER
        };
        self.redial_at = Some(self.now + outage);
    }

    fn outputs(&mut self, host: bool, counts: &mut Counts) {
        let outputs = self.machine(host).drain();
        for output in outputs {
            match output {
                Output::Send(message) if self.connected => {
                    // What one side sends goes to the other.
                    self.proxy.carry(self.now, !host, &message, counts);
                }
                Output::Send(_) => {}
                Output::Close(_) | Output::HangUp => self.cut(counts),
                Output::Event(NetEvent::JoinRequest { .. }) => {
                    let _ = self.host.act(self.now, Action::Admit(true));
                }
                Output::Event(NetEvent::Undone { .. }) if host => self.undos += 1,
                Output::Event(_) => {}
            }
        }
    }

    /// Frames due now reach their decoder; a refused frame closes the connection.
    fn deliver(&mut self, counts: &mut Counts) {
        for to_host in [true, false] {
            loop {
                let pipe = if to_host {
                    &mut self.proxy.to_host
                } else {
                    &mut self.proxy.to_joiner
                };
                let due = pipe.queue.front().is_some_and(|(t, _)| *t <= self.now);
                if !due || !self.connected {
                    break;
                }
                let (_, chunks) = pipe.queue.pop_front().expect("due");
                let mut messages = Vec::new();
                let mut failed = false;
                for chunk in chunks {
                    match pipe.decoder.push(&chunk) {
                        Ok(more) => messages.extend(more),
                        Err(_) => failed = true,
                    }
                }
                let now = self.now;
                for message in messages {
                    self.machine(to_host).receive(now, message);
                }
                if failed {
                    self.cut(counts);
                }
            }
        }
    }

    fn step(&mut self, counts: &mut Counts) {
        self.now += STEP;
        if !self.connected && self.redial_at.is_some_and(|t| self.now >= t) {
            self.redial_at = None;
            self.connected = true;
            counts.reconnects += 1;
            self.proxy.reset();
            self.host.connected(self.now);
            self.joiner.connected(self.now);
        }
        if self.proxy.rng.random_bool(0.0005) {
            counts.silences += 1;
            self.proxy.silent_until = Some(self.now + Duration::from_secs(20));
        }
        self.deliver(counts);
        let now = self.now;
        self.host.tick(now);
        self.joiner.tick(now);
        for host in [true, false] {
            self.think(host, counts);
            self.outputs(host, counts);
        }
    }

    /// A player acts when its thinking time is up: answers offers, claims, sometimes
    /// offers or resigns, otherwise plays a random legal move.
    fn think(&mut self, host: bool, counts: &mut Counts) {
        let now = self.now;
        let i = usize::from(!host);
        if self.players[i].think_until.is_none_or(|t| now < t) {
            if self.players[i].think_until.is_none() {
                let ms = self.proxy.rng.random_range(100..1500);
                self.players[i].think_until = Some(now + Duration::from_millis(ms));
            }
            return;
        }
        self.players[i].think_until = None;
        self.players[i].undos_seen = self.undos;
        let roll: f64 = self.proxy.rng.random();
        let action = self.choose(host, roll);
        let Some(action) = action else { return };
        let undos = self.undos;
        let m = self.machine(host);
        let game = m.game_number();
        let ply = m.session().moves().len();
        if m.act(now, action).is_ok() {
            match action {
                Action::Move(cell) => {
                    counts.moves += 1;
                    self.players[i].made.push((game, ply, cell, undos));
                }
                Action::Resign => counts.resigned += 1,
                Action::Claim => counts.claims += 1,
                _ => {}
            }
        }
    }

    fn choose(&mut self, host: bool, roll: f64) -> Option<Action> {
        let rng_cell = self.proxy.rng.random_range(0..10_000usize);
        let m = if host { &self.host } else { &self.joiner };
        if let Some(offer) = m.pending_offer() {
            return Some(Action::Reply(offer == Offer::Rematch || roll < 0.5));
        }
        if m.can_claim() {
            return Some(Action::Claim);
        }
        if m.is_over() {
            // A few rematches, then the game is left as it ended.
            return (m.game_number() < 1 && roll < 0.3).then_some(Action::Offer(Offer::Rematch));
        }
        if !m.is_my_turn() {
            return None;
        }
        match roll {
            r if r < 0.04 => Some(Action::Offer(Offer::Undo)),
            r if r < 0.05 => Some(Action::Offer(Offer::Draw)),
            r if r < 0.052 => Some(Action::Resign),
            _ => {
                let legal = m.session().position().legal_moves();
                Some(Action::Move(legal[rng_cell % legal.len()]))
            }
        }
    }

    /// Both sides agree and have nothing left in flight.
    fn settled(&self) -> bool {
        self.connected
            && self.host.is_connected()
            && self.joiner.is_connected()
            && self.host.is_over()
            && self.joiner.is_over()
            && self.host.session().moves() == self.joiner.session().moves()
            && self.host.ending() == self.joiner.ending()
            && self.host.game_number() == self.joiner.game_number()
            && (!self.rematch || self.host.game_number() >= 1)
    }
}

/// Every move a side made is in the final record, unless an accepted undo came after it or
/// the game ended (by resignation, claim or agreement) before it arrived.
fn check_moves(game: &Game, seed: u64, counts: &mut Counts) {
    let record = game.host.session().moves();
    let final_game = game.host.game_number();
    for player in &game.players {
        for &(number, ply, cell, undos) in &player.made {
            if number != final_game || undos != game.undos {
                continue;
            }
            match record.get(ply) {
                Some(played) => assert_eq!(*played, cell, "seed {seed}: move {ply} replaced"),
                None => {
                    assert!(
                        game.host.ending().is_some(),
                        "seed {seed}: move {ply} {cell:?} lost"
                    );
                    counts.moves_ended_first += 1;
                }
            }
        }
    }
}

/// Both sides record the same ending, and the record reads back.
fn check_records(game: &Game, seed: u64) -> Termination {
    let ending = game.host.termination();
    assert_eq!(ending, game.joiner.termination(), "seed {seed}");
    let record = |m: &Match| {
        let (termination, winner) = m.termination();
        m.session().to_record().ended(termination, winner).to_json()
    };
    let (host, joiner) = (record(&game.host), record(&game.joiner));
    assert_eq!(host, joiner, "seed {seed}");
    if let Err(error) = GameRecord::from_json(&host) {
        panic!("seed {seed}: the record does not read back: {error}\n{host}");
    }
    ending.0
}

#[test]
fn two_hundred_seeded_games_through_a_faulty_proxy_end_with_one_record() {
    let mut counts = Counts::default();
    let mut endings: Vec<(Termination, u64)> = Vec::new();
    for seed in 0..GAMES {
        let mut game = Game::new(seed);
        let start = game.now;
        while !game.settled() {
            assert!(
                game.now.duration_since(start) < GAME_LIMIT,
                "seed {seed}: the game never settled ({} and {} moves)",
                game.host.session().moves().len(),
                game.joiner.session().moves().len()
            );
            game.step(&mut counts);
        }
        check_moves(&game, seed, &mut counts);
        counts.undos += u64::from(game.undos);
        if game.host.game_number() > 0 {
            counts.rematches += 1;
        }
        let termination = check_records(&game, seed);
        match endings.iter_mut().find(|(t, _)| *t == termination) {
            Some((_, n)) => *n += 1,
            None => endings.push((termination, 1)),
        }
        if termination == Termination::DrawAgreed {
            counts.draws += 1;
        }
    }
    eprintln!("{GAMES} games: {counts:#?}");
    eprintln!("endings of the last game of each match: {endings:?}");
    for kind in [
        Termination::OnTheBoard,
        Termination::Resigned,
        Termination::DrawAgreed,
        Termination::OutOfTime,
        Termination::Abandoned,
    ] {
        assert!(
            endings.iter().any(|(t, _)| *t == kind),
            "no game ended by {kind:?}: {endings:?}"
        );
    }
    // The proxy really did each kind of damage.
    for (name, n) in [
        ("dropped", counts.dropped),
        ("repeated", counts.repeated),
        ("swapped", counts.swapped),
        ("corrupted", counts.corrupted),
        ("trickled", counts.trickled),
        ("oversized", counts.oversized),
        ("silences", counts.silences),
        ("undos", counts.undos),
        ("long outages", counts.long_outages),
        ("claims", counts.claims),
    ] {
        assert!(n > 0, "no {name} in {GAMES} games");
    }
}

/// The random source is seeded: two runs of one seed are the same game.
#[test]
fn a_seed_replays_the_same_game() {
    let run = |seed| {
        let mut counts = Counts::default();
        let mut game = Game::new(seed);
        let start = game.now;
        while !game.settled() && game.now.duration_since(start) < GAME_LIMIT {
            game.step(&mut counts);
        }
        (game.host.session().moves().to_vec(), counts.frames)
    };
    assert_eq!(run(17), run(17));
}
