//! The connection side of the match: the handshake (protocol version, admission, resume
//! with a token and a snapshot), acknowledgements and resending, pings, the rate limit,
//! silence, and the timers that run while the peer is away.

use std::time::{Duration, Instant};

use super::super::message::{
    Act, Ending, Message, OfferAnswer, PROTOCOL, Snapshot, clean_name, clean_reason,
};
use super::{
    AWAY_LIMIT, HELLO_AGAIN, Link, Match, NetEvent, Output, PING_EVERY, Phase, RESEND_AFTER,
    RateLimit, Role, SILENCE_LIMIT, millis,
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
        self.lose_link(now, Some("the connection to the opponent was lost"));
    }

    /// Forgets the connection. The game clock goes on: the player to move is on the clock
    /// whether connected or not. An offer waiting for an answer waits for the return (the
    /// answer may be on its way; the welcome settles it), and no new offer can be made
    /// meanwhile. `why` is said to the player when our opponent (not a caller turned
    /// away) was on this connection.
    pub(super) fn lose_link(&mut self, now: Instant, why: Option<&str>) {
        let Some(link) = self.link.take() else {
            return;
        };
        if let Phase::Asking(_) = self.phase {
            self.phase = Phase::Waiting;
        }
        if self.phase != Phase::Playing || !link.ready {
            return;
        }
        self.away_tick = Some(now);
        if let Some(why) = why {
            self.emit(NetEvent::PeerAway(why.to_string()));
        }
    }

    /// Back together: the offers still waiting are withdrawn, saying so; our offer that
    /// `answer` (the host's answer the joiner may not have heard) answered is said to be
    /// answered instead.
    pub(super) fn withdraw_offers(&mut self, answer: Option<OfferAnswer>) {
        if let Some((offer, _)) = self.my_offer.take() {
            match answer.filter(|a| a.offer == offer) {
                Some(answer) => self.emit(NetEvent::Answered {
                    offer,
                    accepted: answer.accept,
                    by_peer: true,
                }),
                None => self.emit(NetEvent::Withdrawn { offer, mine: true }),
            }
        }
        if let Some((offer, _)) = self.peer_offer.take() {
            self.emit(NetEvent::Withdrawn { offer, mine: false });
        }
    }

    /// Says why to the peer, then asks the transport to close the connection (and to tell
    /// this side's player why).
    pub(super) fn close(&mut self, now: Instant, reason: String) {
        self.close_telling(now, &reason, reason.clone());
    }

    /// Says `reason` to the peer, then asks the transport to close the connection, telling
    /// this side's player `local` (nothing when empty: the player chose it).
    pub(super) fn close_telling(&mut self, now: Instant, reason: &str, local: String) {
        if self.link.is_none() {
            return;
        }
        self.send(Message::Bye {
            reason: clean_reason(reason),
        });
        self.out.push(Output::Close(local));
        self.disconnected(now);
    }

    /// The peer said its last word (a goodbye, a refusal, leaving): the connection is
    /// closed at once, which also tells the peer it was heard.
    fn hang_up(&mut self, now: Instant, why: Option<&str>) {
        self.out.push(Output::HangUp);
        self.lose_link(now, why);
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
                let why = format!("the opponent closed the connection: {reason}");
                self.hang_up(now, Some(&why));
            }
            (_, Message::Leave {}) => self.peer_left(now),
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
            (Role::Joiner, Message::Clock { x_ms, o_ms }) => {
                let used = [Duration::from_millis(x_ms), Duration::from_millis(o_ms)];
                self.clock_seen = Some((used, now));
                self.emit(NetEvent::Clock {
                    x: used[0],
                    o: used[1],
                });
            }
            (_, Message::Ack { next }) if self.ready() => self.acked(next)?,
            (_, Message::Act { seq, act }) if self.ready() => self.numbered(now, seq, act)?,
            // A caller says hello first; no joiner of ours sends anything else before it.
            (Role::Host, other @ (Message::Ack { .. } | Message::Act { .. })) => {
                return Err(format!(
                    "the caller sent {} before saying hello",
                    kind(&other)
                ));
            }
            // Joiner, before the welcome on this connection: sent again after it.
            (Role::Joiner, Message::Ack { .. } | Message::Act { .. }) => {}
            (_, other) => return Err(format!("unexpected message {}", kind(&other))),
        }
        Ok(())
    }

    fn refused(&mut self, now: Instant, reason: &str) {
        self.emit(NetEvent::Refused(reason.to_string()));
        self.hang_up(now, None);
    }

    /// The peer's player left the match. A joiner not yet let in was turned away; once
    /// playing, the side that stays learns it (the game is kept: a joiner may come back
    /// with its token, and the away timer runs on its turn).
    fn peer_left(&mut self, now: Instant) {
        if self.role == Role::Joiner && self.phase != Phase::Playing {
            self.refused(now, "the host closed the game");
            return;
        }
        if self.phase == Phase::Playing && self.ready() {
            self.emit(NetEvent::PeerLeft);
        }
        self.hang_up(now, None);
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
                reason: clean_reason(&reason),
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
                self.phase = Phase::Asking(clean_name(name));
                self.emit(NetEvent::JoinRequest {
                    name: clean_name(name),
                });
            }
            Phase::Playing if self.is_returning(&hello) => {
                self.peer_name = clean_name(name);
                self.welcome_back(now, true);
            }
            Phase::Playing => {
                self.send(Message::Busy {});
                self.emit(NetEvent::TurnedAway {
                    name: clean_name(name),
                });
                // Closed once the caller has read it (the event said it here).
                self.out.push(Output::Close(String::new()));
                self.lose_link(now, None);
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
        let answer = self.unacked.iter().rev().find_map(|(_, act)| match act {
            Act::Reply { offer, accept } => Some(OfferAnswer {
                offer: *offer,
                accept: *accept,
            }),
            _ => None,
        });
        self.unacked.clear();
        self.withdraw_offers(None);
        // Back: the away timer stops, and the time already away still counts if the
        // player leaves again in this game.
        self.away_tick = None;
        self.claimable = false;
        self.start_turn_clock(now);
        let token = self.token.expect("the host always has a token");
        let welcome = Message::Welcome {
            protocol: PROTOCOL,
            name: self.name.clone(),
            token,
            snapshot: self.snapshot(answer),
        };
        self.send(welcome);
        self.emit(NetEvent::Joined {
            name: self.peer_name.clone(),
            seat: self.colour_of(self.side.other()),
            resumed,
        });
        self.send_clock(now);
    }

    fn snapshot(&self, answer: Option<OfferAnswer>) -> Snapshot {
        Snapshot {
            rule: self.session.settings().rule,
            seat: self.side.other(),
            time_limit_ms: self.time_limit.map(millis),
            game: self.game,
            moves: self.session.moves().to_vec(),
            opening: self.session.opening().rule(),
            choices: self.session.opening().choices().to_vec(),
            ending: self.ending,
            received: self.received,
            sent: self.next_seq,
            answer,
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
            self.emit(NetEvent::RoundTrip(now.saturating_duration_since(at)));
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
        if self.ready() || !peer_turn || self.phase != Phase::Playing {
            return;
        }
        self.away += now.saturating_duration_since(since);
        if self.away >= AWAY_LIMIT && !self.claimable {
            self.claimable = true;
            self.emit(NetEvent::ClaimAvailable);
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
        self.claimable && !self.ready() && !self.is_over() && !self.is_my_turn()
    }

    /// The time the opponent has been away on its own turns in this game, in all.
    #[must_use]
    pub fn away(&self) -> Duration {
        self.away
    }

    /// Host: starts counting the time of the side to move (if it is not counting already),
    /// from the first welcome to the end of the game, whether the player to move is
    /// connected or not: leaving does not stop one's clock.
    pub(super) fn start_turn_clock(&mut self, now: Instant) {
        let playing = self.phase == Phase::Playing && !self.is_over();
        if self.role == Role::Host && playing && self.turn_tick.is_none() {
            self.turn_tick = Some(now);
        }
    }

    /// Host: adds the time since the turn clock last counted to the side to move.
    pub(super) fn stop_turn_clock(&mut self, now: Instant) {
        if let Some(since) = self.turn_tick.take() {
            let side = self.running_side();
            self.used[side.index()] += now.saturating_duration_since(since);
        }
    }

    /// Host: the time each side has used, measured here: nothing the joiner says counts.
    #[must_use]
    pub fn clock(&self, now: Instant) -> [Duration; 2] {
        let mut used = self.used;
        if let Some(since) = self.turn_tick {
            let side = self.running_side();
            used[side.index()] += now.saturating_duration_since(since);
        }
        used
    }

    /// Host: tells the joiner (and our front end) the clock, at every change and ping.
    pub(super) fn send_clock(&mut self, now: Instant) {
        if self.role != Role::Host || self.phase != Phase::Playing {
            return;
        }
        let [x, o] = self.clock(now);
        self.emit(NetEvent::Clock { x, o });
        self.send(Message::Clock {
            x_ms: millis(x),
            o_ms: millis(o),
        });
    }

    /// Host: the side to move loses when its time is used up, connected or not.
    fn tick_flag(&mut self, now: Instant) {
        let Some(limit) = self.time_limit else {
            return;
        };
        if self.role != Role::Host || self.turn_tick.is_none() || self.is_over() {
            return;
        }
        let side = self.running_side();
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
        Message::Leave {} => "leave",
    }
}
