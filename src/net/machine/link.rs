//! The connection side of the match: the handshake (protocol version, admission, resume
//! with a token and a snapshot), acknowledgements and resending, pings, the rate limit,
//! silence, and the timers that run while the peer is away.

use std::time::{Duration, Instant};

use super::super::message::{Act, Ending, Message, PROTOCOL, Snapshot};
use super::{
    AWAY_LIMIT, Event, HELLO_AGAIN, Link, Match, Output, PING_EVERY, Phase, RESEND_AFTER,
    RateLimit, Role, SILENCE_LIMIT,
};

impl Match {
    /// A connection to the peer is up. The joiner says hello; the host waits for it.
    pub fn connected(&mut self, now: Instant) {
        self.link = Some(Link {
            ready: false,
            hello: now,
            heard: now,
            pinged: now,
            ping: None,
            rate: RateLimit::new(now),
        });
        if self.role == Role::Joiner {
            self.say_hello(now);
        }
    }

    /// Joiner: the first message on a connection, repeated until the host answers.
    fn say_hello(&mut self, now: Instant) {
        if let Some(link) = self.link.as_mut() {
            link.hello = now;
        }
        let hello = Message::Hello {
            protocol: PROTOCOL,
            program: self.program.clone(),
            name: self.name.clone(),
            resume: self.token,
        };
        self.send(hello);
    }

    /// The connection is gone (closed by either side or lost).
    pub fn disconnected(&mut self, now: Instant) {
        if self.link.take().is_none() {
            return;
        }
        if let Phase::Asking(_) = self.phase {
            self.phase = Phase::Waiting;
        }
        self.stop_turn_clock(now);
        if self.phase == Phase::Playing {
            self.away_tick = Some(now);
            self.emit(Event::PeerAway(
                "the connection to the opponent was lost".into(),
            ));
        }
    }

    /// Says why to the peer, then asks the transport to close the connection.
    pub(super) fn close(&mut self, now: Instant, reason: String) {
        if self.link.is_none() {
            return;
        }
        self.send(Message::Bye {
            reason: reason.clone(),
        });
        self.out.push(Output::Close(reason));
        self.disconnected(now);
    }

    /// A message from the peer. Anything impossible closes the connection with a message
    /// saying what was wrong; the game on the board stays.
    pub fn receive(&mut self, now: Instant, message: Message) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        link.heard = now;
        if !link.rate.take(now) {
            self.close(now, "the peer sent too many messages".into());
            return;
        }
        if let Err(reason) = self.dispatch(now, message) {
            self.close(now, reason);
        }
    }

    fn dispatch(&mut self, now: Instant, message: Message) -> Result<(), String> {
        match (self.role, message) {
            (_, Message::Ping { nonce }) => self.send(Message::Pong { nonce }),
            (_, Message::Pong { nonce }) => self.pong(now, nonce),
            (_, Message::Bye { reason }) => {
                self.emit(Event::PeerAway(format!("the opponent left: {reason}")));
                self.disconnected(now);
            }
            (Role::Host, hello @ Message::Hello { .. }) => self.hello(now, hello)?,
            // A welcome repeated on a connection already welcomed is old news.
            (Role::Joiner, Message::Welcome { .. }) if self.ready() => {}
            (
                Role::Joiner,
                Message::Welcome {
                    protocol,
                    name,
                    token,
                    snapshot,
                },
            ) => {
                check_protocol(protocol, "joiner", "host")?;
                self.welcome(now, name, token, snapshot)?;
            }
            (Role::Joiner, Message::Busy {}) => {
                self.refused(now, "the host is busy with another player")
            }
            (Role::Joiner, Message::Refused { reason }) => self.refused(now, &reason),
            (Role::Joiner, Message::Clock { x_ms, o_ms }) => self.emit(Event::Clock {
                x: Duration::from_millis(x_ms),
                o: Duration::from_millis(o_ms),
            }),
            (_, Message::Ack { next }) if self.ready() => self.acked(next)?,
            (_, Message::Act { seq, act }) if self.ready() => self.numbered(now, seq, act)?,
            // Before the handshake is done on this connection: sent again after it.
            (_, Message::Ack { .. } | Message::Act { .. }) => {}
            (_, other) => return Err(format!("unexpected message {}", kind(&other))),
        }
        Ok(())
    }

    fn refused(&mut self, now: Instant, reason: &str) {
        self.emit(Event::Refused(reason.to_string()));
        self.out.push(Output::Close(reason.to_string()));
        self.disconnected(now);
    }

    /// Host: a caller's hello. A new caller is announced for admission; our joiner coming
    /// back with its token resumes; anyone else is told the host is busy.
    fn hello(&mut self, now: Instant, hello: Message) -> Result<(), String> {
        let Message::Hello {
            protocol,
            name,
            resume,
            ..
        } = &hello
        else {
            return Ok(());
        };
        if let Err(reason) = check_protocol(*protocol, "host", "joiner") {
            self.send(Message::Refused {
                reason: reason.clone(),
            });
            return Err(reason);
        }
        match self.phase {
            // The caller waiting for admission said hello again (a lost frame).
            Phase::Asking(_) => {}
            // Our joiner on this connection did not get the welcome: send it again.
            Phase::Playing if self.ready() => self.welcome_back(now, false),
            Phase::Waiting => {
                self.caller_token = *resume;
                self.phase = Phase::Asking(name.clone());
                self.emit(Event::JoinRequest { name: name.clone() });
            }
            Phase::Playing if self.is_returning(&hello) => {
                self.peer_name = name.clone();
                self.welcome_back(now, true);
            }
            Phase::Playing => {
                self.send(Message::Busy {});
                return Err("the host is busy with another player".into());
            }
        }
        Ok(())
    }

    /// Host: sends the welcome with a snapshot of the game; offers are cancelled, and the
    /// acts not yet acknowledged are in the snapshot, so they are not sent again.
    pub(super) fn welcome_back(&mut self, now: Instant, resumed: bool) {
        self.phase = Phase::Playing;
        if let Some(link) = self.link.as_mut() {
            link.ready = true;
        }
        self.unacked.clear();
        self.my_offer = None;
        self.peer_offer = None;
        self.reset_away();
        self.start_turn_clock(now);
        let token = self.token.expect("the host always has a token");
        let welcome = Message::Welcome {
            protocol: PROTOCOL,
            name: self.name.clone(),
            token,
            snapshot: self.snapshot(),
        };
        self.send(welcome);
        self.emit(Event::Joined {
            name: self.peer_name.clone(),
            seat: self.side.other(),
            resumed,
        });
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            rule: self.session.settings().rule,
            seat: self.side.other(),
            time_limit_ms: self.time_limit.map(millis),
            game: self.game,
            moves: self.session.moves().to_vec(),
            ending: self.ending,
            received: self.received,
            sent: self.next_seq,
        }
    }

    /// The peer acknowledged every act below `next`.
    fn acked(&mut self, next: u32) -> Result<(), String> {
        if next > self.next_seq {
            return Err(format!(
                "the peer acknowledged message {next}, which was never sent"
            ));
        }
        while self.unacked.front().is_some_and(|(seq, _)| *seq < next) {
            self.unacked.pop_front();
        }
        Ok(())
    }

    fn pong(&mut self, now: Instant, nonce: u64) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        if let Some((sent, at)) = link.ping
            && sent == nonce
        {
            link.ping = None;
            self.emit(Event::RoundTrip(now.saturating_duration_since(at)));
        }
    }

    /// Time passes: resend what was not acknowledged, ping, notice silence, run the
    /// disconnect timer, and (host) send the clock.
    pub fn tick(&mut self, now: Instant) {
        self.tick_away(now);
        self.tick_flag(now);
        let Some(link) = self.link.as_mut() else {
            return;
        };
        if now.saturating_duration_since(link.heard) >= SILENCE_LIMIT {
            self.close(now, "the opponent stopped answering".into());
            return;
        }
        if now.saturating_duration_since(link.pinged) >= PING_EVERY {
            link.pinged = now;
            self.nonce += 1;
            link.ping = Some((self.nonce, now));
            let nonce = self.nonce;
            self.send(Message::Ping { nonce });
            self.send_clock(now);
        }
        if self.ready() {
            self.resend(now, false);
        } else if self.role == Role::Joiner
            && self
                .link
                .as_ref()
                .is_some_and(|link| now.saturating_duration_since(link.hello) >= HELLO_AGAIN)
        {
            self.say_hello(now);
        }
    }

    /// Sends every unacknowledged act again, when the oldest has waited long enough (or at
    /// once when `now_anyway`).
    pub(super) fn resend(&mut self, now: Instant, now_anyway: bool) {
        let due = self
            .resent
            .is_none_or(|at| now.saturating_duration_since(at) >= RESEND_AFTER);
        if self.unacked.is_empty() || !(due || now_anyway) {
            return;
        }
        self.resent = Some(now);
        let acts: Vec<_> = self.unacked.iter().cloned().collect();
        for (seq, act) in acts {
            self.send(Message::Act { seq, act });
        }
    }

    /// The disconnect timer: runs only while the peer is away and it is the peer's turn.
    fn tick_away(&mut self, now: Instant) {
        let Some(since) = self.away_tick else {
            return;
        };
        self.away_tick = Some(now);
        let peer_turn = !self.is_over() && !self.is_my_turn();
        if self.link.is_some() || !peer_turn || self.phase != Phase::Playing {
            return;
        }
        self.away += now.saturating_duration_since(since);
        if self.away >= AWAY_LIMIT && !self.claimable {
            self.claimable = true;
            self.emit(Event::ClaimAvailable);
        }
    }

    pub(super) fn reset_away(&mut self) {
        self.away = Duration::ZERO;
        self.away_tick = None;
        self.claimable = false;
    }

    /// Whether the win may be claimed now.
    #[must_use]
    pub fn can_claim(&self) -> bool {
        self.claimable && self.link.is_none() && !self.is_over() && !self.is_my_turn()
    }

    /// Host: starts counting the time of the side to move.
    pub(super) fn start_turn_clock(&mut self, now: Instant) {
        if self.role == Role::Host && self.link.is_some() && !self.is_over() {
            self.turn_tick = Some(now);
        }
    }

    /// Host: adds the time since the turn clock last counted to the side to move.
    pub(super) fn stop_turn_clock(&mut self, now: Instant) {
        if let Some(since) = self.turn_tick.take() {
            let side = self.session.position().side_to_move();
            self.used[side.index()] += now.saturating_duration_since(since);
        }
    }

    /// Host: the time each side has used, measured here: nothing the joiner says counts.
    #[must_use]
    pub fn clock(&self, now: Instant) -> [Duration; 2] {
        let mut used = self.used;
        if let Some(since) = self.turn_tick {
            let side = self.session.position().side_to_move();
            used[side.index()] += now.saturating_duration_since(since);
        }
        used
    }

    fn send_clock(&mut self, now: Instant) {
        if self.role != Role::Host || self.phase != Phase::Playing {
            return;
        }
        let [x, o] = self.clock(now);
        self.emit(Event::Clock { x, o });
        self.send(Message::Clock {
            x_ms: millis(x),
            o_ms: millis(o),
        });
    }

    /// Host: the side to move loses when its time is used up. Its clock runs only while
    /// the opponent is connected (the away timer covers the rest).
    fn tick_flag(&mut self, now: Instant) {
        let Some(limit) = self.time_limit else {
            return;
        };
        if self.role != Role::Host || self.turn_tick.is_none() || self.is_over() {
            return;
        }
        let side = self.session.position().side_to_move();
        if self.clock(now)[side.index()] >= limit {
            self.end(now, Ending::OutOfTime(side));
            self.queue(now, Act::Flag {});
            self.send_clock(now);
        }
    }
}

/// Refuses another protocol version, saying which side must update.
fn check_protocol(theirs: u32, us: &str, them: &str) -> Result<(), String> {
    use std::cmp::Ordering;
    match theirs.cmp(&PROTOCOL) {
        Ordering::Equal => Ok(()),
        Ordering::Less => Err(format!(
            "the {them} speaks network protocol {theirs} and the {us} {PROTOCOL}: the {them} must update the program"
        )),
        Ordering::Greater => Err(format!(
            "the {them} speaks network protocol {theirs} and the {us} {PROTOCOL}: the {us} must update the program"
        )),
    }
}

/// A message's type, for error messages.
fn kind(message: &Message) -> &'static str {
    match message {
        Message::Hello { .. } => "hello",
        Message::Welcome { .. } => "welcome",
        Message::Busy {} => "busy",
        Message::Refused { .. } => "refused",
        Message::Act { .. } => "act",
        Message::Ack { .. } => "ack",
        Message::Ping { .. } => "ping",
        Message::Pong { .. } => "pong",
        Message::Clock { .. } => "clock",
        Message::Bye { .. } => "bye",
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}
