//! The worker's steps: a caller handed over by its handshake task, frames from a reader,
//! the joiner dialling (again), the match's outputs carried out, and the goodbye.

use std::time::{Duration, Instant};

use super::{Current, Options, REDIAL_EVERY, Update, View, Worker};
use crate::net::machine::{Event, Output};
use crate::net::message::Message;
use crate::net::transport::{self, Inbound};

/// How long a caller told "busy" has to read it before its connection is closed.
const BUSY_LINGER: Duration = Duration::from_secs(5);

/// How long the goodbye may take.
const GOODBYE_LIMIT: Duration = Duration::from_secs(2);

impl Worker<'_> {
    pub(super) async fn inbound(&mut self, inbound: Inbound) {
        let now = Instant::now();
        match inbound {
            Inbound::Caller(id, caller) => {
                let (connection, send) = *caller;
                self.notify.send(Update::Peer {
                    fingerprint: transport::fingerprint(&connection),
                });
                let current = Current {
                    id,
                    connection,
                    send,
                };
                if self.current.is_none() {
                    self.current = Some(current);
                    self.machine.connected(now);
                } else if self.callers.len() < super::MAX_CALLERS {
                    self.callers.insert(id, current);
                } else {
                    current.connection.close(1u32.into(), b"busy");
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
                self.write(&Message::Bye { reason }).await;
                self.drop_current();
            }
            Inbound::Closed(id, _) | Inbound::Refused(id, _) => {
                self.callers.remove(&id);
            }
        }
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
            self.current = Some(caller);
            let now = Instant::now();
            self.machine.connected(now);
            self.machine.receive(now, message);
        } else {
            // Said in a task of its own, and the connection closed only once the caller has
            // read it (it hangs up) or after a while: closing at once can drop the frame
            // before it leaves, and the caller would take the silence for a lost line.
            tokio::spawn(async move {
                let _ = transport::write(&mut caller.send, &Message::Busy {}).await;
                let _ = caller.send.finish();
                let _ = tokio::time::timeout(BUSY_LINGER, caller.connection.closed()).await;
                caller.connection.close(1u32.into(), b"busy");
            });
        }
    }

    /// Closes the live connection and tells the match.
    fn drop_current(&mut self) {
        if let Some(current) = self.current.take() {
            current.connection.close(0u32.into(), b"closed");
            self.machine.disconnected(Instant::now());
            self.lost_at = Some(Instant::now());
        }
    }

    /// Joiner: dials the host when there is no connection, every few seconds, until the
    /// reconnection window closes.
    pub(super) async fn redial(&mut self, options: &Options) {
        let Some(addr) = self.host_addr.clone() else {
            return;
        };
        if self.current.is_some() || self.finished.is_some() {
            return;
        }
        let now = Instant::now();
        let lost_at = *self.lost_at.get_or_insert(now);
        if now.saturating_duration_since(lost_at) > options.reconnect_limit {
            self.finished = Some("the host could not be reached".into());
            return;
        }
        if self
            .redialled
            .is_some_and(|at| now.saturating_duration_since(at) < REDIAL_EVERY)
        {
            return;
        }
        self.redialled = Some(now);
        match transport::dial(&self.endpoint, addr).await {
            Ok((connection, send, recv)) => {
                let id = self.next_id;
                self.next_id += 1;
                self.notify.send(Update::Peer {
                    fingerprint: transport::fingerprint(&connection),
                });
                tokio::spawn(transport::read_frames(id, recv, self.inbound_tx.clone()));
                self.current = Some(Current {
                    id,
                    connection,
                    send,
                });
                self.lost_at = None;
                self.machine.connected(Instant::now());
            }
            Err(error) => self.notify.send(Update::Warning(error.to_string())),
        }
    }

    /// Carries out what the match asked: frames written, events passed on (and the record
    /// written), connections closed.
    pub(super) async fn flush(&mut self) {
        let outputs = self.machine.drain();
        let changed = outputs.iter().any(|o| matches!(o, Output::Event(_)));
        for output in outputs {
            match output {
                Output::Send(message) => self.write(&message).await,
                Output::Event(event) => self.event(event),
                Output::Close(reason) => {
                    self.notify.send(Update::Warning(reason));
                    self.drop_current();
                }
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

    fn event(&mut self, event: Event) {
        match &event {
            Event::Record => self.save_record(),
            Event::Refused(reason) => self.finished = Some(reason.clone()),
            _ => {}
        }
        self.notify.send(Update::Event(event));
    }

    /// Writes the game record to the front end's chosen path.
    fn save_record(&self) {
        let Some(path) = &self.record else {
            return;
        };
        if let Err(error) = self.machine.session().save(path) {
            self.notify.send(Update::Warning(error.to_string()));
        }
    }

    fn view(&self) -> View {
        View {
            session: self.machine.session().clone(),
            side: self.machine.side(),
            ending: self.machine.ending(),
            connected: self.machine.is_connected(),
            peer_name: self.machine.peer_name().to_string(),
            pending_offer: self.machine.pending_offer(),
            token: self.machine.token(),
            can_claim: self.machine.can_claim(),
            time_limit: self.machine.time_limit(),
        }
    }

    /// Says goodbye to the peer, lets the last acknowledgements go out, and closes.
    pub(super) async fn goodbye(&mut self, reason: &str) {
        let bye = async {
            if let Some(current) = self.current.as_mut() {
                let message = Message::Bye {
                    reason: reason.to_string(),
                };
                let _ = transport::write(&mut current.send, &message).await;
                let _ = current.send.finish();
                current.connection.close(0u32.into(), b"bye");
            }
            self.endpoint.close().await;
        };
        let _ = tokio::time::timeout(GOODBYE_LIMIT, bye).await;
    }
}
