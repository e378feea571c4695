//! The worker's steps: a caller handed over by its handshake task, frames from a reader,
//! the joiner dialling (again), the match's outputs carried out, and the goodbye.

use std::time::{Duration, Instant};

use super::{Current, Finish, NetWorker, Options, REDIAL_EVERY, Update, View};
use crate::net::keep::{self, Kept};
use crate::net::machine::{NetEvent, Output, Role};
use crate::net::message::Message;
use crate::net::transport::{self, Inbound, NetError};

/// How long the peer has to read the last message on a connection (a refusal, "busy", a
/// goodbye) before the connection is closed anyway. The peer hangs up as soon as it has
/// read it, which ends the wait.
const LINGER: Duration = Duration::from_secs(5);

/// How long the goodbye may take when this program leaves.
const GOODBYE_LIMIT: Duration = Duration::from_secs(3);

/// How long closing the endpoint may take when no connection is live.
const CLOSE_UNCONNECTED: Duration = Duration::from_millis(100);

/// Whether an output changes the match as the host keeps it: an event the player sees, or
/// a message numbering, acknowledging or welcoming (pings and the clock do not).
fn changes_the_match(output: &Output) -> bool {
    match output {
        Output::Event(NetEvent::RoundTrip(_) | NetEvent::Clock { .. }) => false,
        Output::Event(_) => true,
        Output::Send(message) => matches!(
            message,
            Message::Act { .. } | Message::Ack { .. } | Message::Welcome { .. }
        ),
        Output::Close(_) | Output::HangUp => false,
    }
}

/// Closes a connection once the peer has read what was written on it: the stream is
/// finished and the connection left open until the peer hangs up or `limit` passes. A
/// connection closed at once can drop its last frames before they leave, and the peer
/// would take the silence for a lost line.
async fn close_when_read(current: Current, limit: Duration, why: &'static [u8]) {
    let Current {
        connection,
        mut send,
        ..
    } = current;
    let _ = send.finish();
    let _ = tokio::time::timeout(limit, connection.closed()).await;
    connection.close(0u32.into(), why);
}

impl NetWorker<'_> {
    pub(super) async fn inbound(&mut self, inbound: Inbound) {
        let now = Instant::now();
        match inbound {
            Inbound::Unreached(error) => self.unreached(error),
            Inbound::Caller(id, caller) => {
                if self.host_addr.is_some() {
                    // Joiner: the host is reached.
                    self.dialling = false;
                    self.lost_at = None;
                    self.first_contact = None;
                }
                let (connection, send) = *caller;
                let current = Current {
                    id,
                    connection,
                    send,
                };
                if self.current.is_none() {
                    // Only the live connection's key is told: a second caller heard
                    // "busy" must not take the place of the opponent's key.
                    self.tell_key(&current);
                    self.current = Some(current);
                    self.machine.connected(now);
                } else if self.callers.len() < super::MAX_CALLERS {
                    self.callers.insert(id, current);
                } else {
                    tokio::spawn(async move {
                        let mut current = current;
                        let _ = transport::write(&mut current.send, &Message::Busy {}).await;
                        close_when_read(current, LINGER, b"busy").await;
                    });
                }
            }
            Inbound::Message(id, message) if self.is_current(id) => {
                self.machine.receive(now, message);
            }
            Inbound::Message(id, message) => self.caller_said(id, message).await,
            Inbound::Closed(id, reason) if self.is_current(id) => {
                self.notify.send(Update::Warning(reason));
                self.drop_current();
            }
            Inbound::Refused(id, reason) if self.is_current(id) => {
                self.notify.send(Update::Warning(reason.clone()));
                let reason = crate::net::message::clean_reason(&reason);
                self.write(&Message::Bye { reason }).await;
                self.drop_current();
            }
            Inbound::Closed(id, _) | Inbound::Refused(id, _) => {
                self.callers.remove(&id);
            }
        }
    }

    /// Tells the front end the key of the peer on `connection`, which becomes the live one.
    fn tell_key(&self, connection: &Current) {
        self.notify.send(Update::Peer {
            fingerprint: transport::fingerprint(&connection.connection),
        });
    }

    fn is_current(&self, id: u64) -> bool {
        self.current.as_ref().is_some_and(|c| c.id == id)
    }

    /// Host: the first message of a caller while a connection is live. Our joiner coming
    /// back (its old connection not yet seen to drop) takes its place; others hear "busy".
    async fn caller_said(&mut self, id: u64, message: Message) {
        let Some(mut caller) = self.callers.remove(&id) else {
            return;
        };
        if self.machine.is_returning(&message) {
            self.drop_current();
            self.tell_key(&caller);
            self.current = Some(caller);
            let now = Instant::now();
            self.machine.connected(now);
            self.machine.receive(now, message);
        } else {
            // Said in a task of its own, the connection closed once the caller has read it.
            let name = match &message {
                Message::Hello { name, .. } => crate::net::message::clean_name(name),
                _ => String::new(),
            };
            self.notify
                .send(Update::Event(NetEvent::TurnedAway { name }));
            tokio::spawn(async move {
                let _ = transport::write(&mut caller.send, &Message::Busy {}).await;
                close_when_read(caller, LINGER, b"busy").await;
            });
        }
    }

    /// Closes the live connection once the peer has read what was written last, and tells
    /// the match.
    fn drop_current(&mut self) {
        self.end_current(true);
    }

    /// Closes the live connection at once (the peer said its last word and waits for us to
    /// hang up), and tells the match.
    fn hang_up(&mut self) {
        self.end_current(false);
    }

    fn end_current(&mut self, linger: bool) {
        let Some(current) = self.current.take() else {
            return;
        };
        if linger {
            tokio::spawn(close_when_read(current, LINGER, b"closed"));
        } else {
            current.connection.close(0u32.into(), b"heard");
        }
        self.machine.disconnected(Instant::now());
        self.lost_at = Some(Instant::now());
    }

    /// Joiner: dials the host when there is no connection, every few seconds, until the
    /// reconnection window (or the first contact's) closes. The dial runs on a task of its
    /// own and reports through the inbound channel, so that nothing waits for it.
    pub(super) fn redial(&mut self, options: &Options) {
        let Some(addr) = self.host_addr.clone() else {
            return;
        };
        if self.current.is_some() || self.finished.is_some() {
            return;
        }
        let now = Instant::now();
        let lost_at = *self.lost_at.get_or_insert(now);
        let away = now.saturating_duration_since(lost_at);
        if let Some(limit) = self.first_contact.filter(|&limit| away > limit) {
            self.finished = Some(Finish::failed(format!(
                "the host could not be reached in {} seconds: check that the host's program still runs and shows this ticket, that both computers are on the network (the same local network when relays are off), and that no firewall blocks this program",
                limit.as_secs()
            )));
            return;
        }
        if away > options.reconnect_limit {
            self.finished = Some(Finish::failed("the host could not be reached"));
            return;
        }
        if self.dialling
            || self
                .redialled
                .is_some_and(|at| now.saturating_duration_since(at) < REDIAL_EVERY)
        {
            return;
        }
        self.redialled = Some(now);
        self.dialling = true;
        let id = self.next_id;
        self.next_id += 1;
        let endpoint = self.endpoint.clone();
        let to = self.inbound_tx.clone();
        tokio::spawn(async move {
            match transport::dial(&endpoint, addr).await {
                Ok((connection, send, recv)) => {
                    let caller = Inbound::Caller(id, Box::new((connection, send)));
                    if to.send(caller).await.is_ok() {
                        transport::read_frames(id, recv, to).await;
                    }
                }
                Err(error) => {
                    let _ = to.send(Inbound::Unreached(error)).await;
                }
            }
        });
    }

    /// Joiner: a dial that failed. Calling again cannot mend a ticket that names another
    /// key.
    fn unreached(&mut self, error: NetError) {
        self.dialling = false;
        match error {
            NetError::WrongKey(_) => self.finished = Some(Finish::failed(error.to_string())),
            error => self.notify.send(Update::Warning(error.to_string())),
        }
    }

    /// Carries out what the match asked: frames written, events passed on (and the record
    /// written), connections closed.
    pub(super) async fn flush(&mut self) {
        let outputs = self.machine.drain();
        let changed = outputs.iter().any(|o| matches!(o, Output::Event(_)));
        if outputs.iter().any(changes_the_match) {
            // Kept before anything leaves: a peer never hears of a change a restarted
            // host would not know.
            self.keep();
        }
        for output in outputs {
            match output {
                Output::Send(message) => self.write(&message).await,
                Output::Event(event) => self.event(event),
                Output::Close(reason) => {
                    if !reason.is_empty() {
                        self.notify.send(Update::Warning(reason));
                    }
                    self.drop_current();
                }
                Output::HangUp => self.hang_up(),
            }
        }
        // Writing may have found the connection gone: tell the match at once.
        let more = self.machine.drain();
        if !more.is_empty() {
            for output in more {
                if let Output::Event(event) = output {
                    self.event(event);
                }
            }
        }
        if changed {
            self.notify.send(Update::View(Box::new(self.view())));
        }
    }

    async fn write(&mut self, message: &Message) {
        let Some(current) = self.current.as_mut() else {
            return;
        };
        if let Err(error) = transport::write(&mut current.send, message).await {
            self.notify.send(Update::Warning(error.to_string()));
            self.drop_current();
        }
    }

    fn event(&mut self, event: NetEvent) {
        match &event {
            NetEvent::Record => self.save_record(),
            NetEvent::Refused(reason) => self.finished = Some(Finish::failed(reason.clone())),
            NetEvent::PeerLeft => self.peer_left(),
            _ => {}
        }
        self.notify.send(Update::Event(event));
    }

    /// The opponent left the match. A host that left ends it for the joiner (a failure
    /// when the game was not over); a joiner that left may still come back to a game in
    /// progress, so the host waits, but a finished game has nothing more to wait for.
    fn peer_left(&mut self) {
        let over = self.machine.is_over();
        self.finished = match (self.machine.role(), over) {
            (Role::Joiner, true) => Some(Finish::ok("the host left after the game")),
            (Role::Joiner, false) => Some(Finish::failed("the host left the game")),
            (Role::Host, true) => Some(Finish::ok("the opponent left after the game")),
            (Role::Host, false) => None,
        };
    }

    /// Host: writes the match where it is kept, once a player is in; a game that is over
    /// is not kept (a rematch is kept again from its first change).
    pub(super) fn keep(&self) {
        let Some((hold, hosting)) = &self.keep else {
            return;
        };
        let Some(state) = self.machine.kept(Instant::now()) else {
            return;
        };
        if self.machine.is_over() {
            keep::discard(hold.file());
            return;
        }
        if let Err(error) = keep::save(hold.file(), &Kept::new(hosting, state)) {
            self.notify.send(Update::Warning(format!(
                "the game could not be kept for a restart: {error}"
            )));
        }
    }

    /// Writes the game record to the front end's chosen path, with how the game ended.
    fn save_record(&self) {
        let Some(path) = &self.record else {
            return;
        };
        let (termination, winner) = self.machine.termination();
        let saved = self.machine.session().save_ended(path, termination, winner);
        if let Err(error) = saved {
            self.notify.send(Update::Warning(error.to_string()));
        }
    }

    pub(super) fn view(&self) -> View {
        View {
            session: self.machine.session().clone(),
            side: self.machine.side(),
            seat: self.machine.seat(),
            my_turn: self.machine.is_my_turn(),
            can_offer_undo: self.machine.can_offer_undo(),
            ending: self.machine.ending(),
            connected: self.machine.is_connected(),
            peer_name: self.machine.peer_name().to_string(),
            pending_offer: self.machine.pending_offer(),
            my_offer: self.machine.my_offer(),
            asking: self.machine.asking().map(str::to_string),
            token: self.machine.token().filter(|_| self.machine.is_admitted()),
            can_claim: self.machine.can_claim(),
            time_limit: self.machine.time_limit(),
            clock: self.machine.clock_view(Instant::now()),
        }
    }

    /// Tells the peer this player leaves the match, waits (a little) for it to read that,
    /// and closes.
    /// Without a live connection (a joiner calling back, a host waiting) there is nobody
    /// to tell, and the endpoint is not waited for: closing it waits for the calls under
    /// way to drain (3 s for a call never answered), and the player asked to leave now.
    pub(super) async fn goodbye(&mut self) {
        let Some(mut current) = self.current.take() else {
            let _ = tokio::time::timeout(CLOSE_UNCONNECTED, self.endpoint.close()).await;
            return;
        };
        let bye = async {
            let _ = transport::write(&mut current.send, &Message::Leave {}).await;
            close_when_read(current, GOODBYE_LIMIT, b"bye").await;
            self.endpoint.close().await;
        };
        let _ = tokio::time::timeout(GOODBYE_LIMIT * 2, bye).await;
    }
}
