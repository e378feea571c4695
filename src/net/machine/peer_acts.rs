//! The peer's acts, numbered, checked and applied in order: its moves and opening choices,
//! its offers and answers, its resignation, its claim of a win by abandonment and the
//! joiner's flag of the host's clock. An act the game does not allow is a protocol error
//! that ends the link; one that crosses the end of the game changes nothing.

use std::time::Instant;

use super::super::message::{Act, Ending, Message, Offer};
use super::acts::chosen;
use super::{MAX_UNACKED, Match, NetEvent, Role};
use crate::game::Choice;
use crate::rules::Cell;

impl Match {
    /// A numbered act from the peer: applied when it is the next, acknowledged always.
    pub(super) fn numbered(&mut self, now: Instant, seq: u32, act: Act) -> Result<(), String> {
        if seq == self.received {
            self.apply(now, act)?;
            self.received += 1;
        } else if seq > self.received.saturating_add(MAX_UNACKED) {
            return Err(format!(
                "message number {seq} is far ahead of {}",
                self.received
            ));
        }
        // A repeat (below) is only acknowledged; one ahead waits to be sent again in order.
        self.send(Message::Ack {
            next: self.received,
        });
        Ok(())
    }

    fn apply(&mut self, now: Instant, act: Act) -> Result<(), String> {
        let peer = self.side.other();
        match act {
            Act::Move { ply, cell } => self.peer_move(now, ply, cell)?,
            Act::Choose { ply, choice } => self.peer_choose(now, ply, choice)?,
            Act::Offer { offer, ply } => self.peer_offered(now, offer, ply),
            Act::Reply { offer, accept } => self.peer_replied(now, offer, accept)?,
            Act::Resign {} if !self.is_over() => {
                self.end(now, Ending::Resigned(self.colour_of(peer)));
            }
            Act::Claim {} if self.is_my_turn() => self.end(now, Ending::Abandoned(self.side())),
            Act::Flag {} if self.role == Role::Host => {
                return Err("only the host's clock can end a game on time".into());
            }
            Act::Flag {} if !self.is_over() => {
                self.end(now, Ending::OutOfTime(self.running_side()));
            }
            // A resignation, claim or flag crossing the end of the game changes nothing.
            Act::Resign {} | Act::Claim {} | Act::Flag {} => {}
        }
        Ok(())
    }

    fn peer_move(&mut self, now: Instant, ply: u32, cell: Cell) -> Result<(), String> {
        let peer = self.side.other();
        if self.is_over() {
            return Err(format!("the opponent played {cell} after the game ended"));
        }
        if !self.is_turn_of(peer) || ply != self.ply() {
            return Err(format!("the opponent played {cell} out of turn"));
        }
        self.peer_offer = None;
        self.play(now, cell)
            .map_err(|e| format!("the opponent's move is impossible: {e}"))
    }

    fn peer_choose(&mut self, now: Instant, ply: u32, choice: Choice) -> Result<(), String> {
        let what = chosen(choice);
        if self.is_over() {
            return Err(format!("the opponent chose {what} after the game ended"));
        }
        if !self.is_turn_of(self.side.other()) || ply != self.ply() {
            return Err(format!("the opponent chose {what} out of turn"));
        }
        self.peer_offer = None;
        self.choose(now, choice, false)
            .map_err(|e| format!("the opponent's choice of {what} is impossible: {e}"))
    }

    fn peer_offered(&mut self, now: Instant, offer: Offer, ply: u32) {
        let stale = ply != self.ply() || self.my_offer.is_some() || self.peer_offer.is_some();
        if stale || !self.can_offer(offer, self.side.other()) {
            self.queue(
                now,
                Act::Reply {
                    offer,
                    accept: false,
                },
            );
            return;
        }
        self.peer_offer = Some((offer, ply));
        self.emit(NetEvent::Offered(offer));
    }

    fn peer_replied(&mut self, now: Instant, offer: Offer, accept: bool) -> Result<(), String> {
        match self.my_offer.take() {
            Some((mine, _)) if mine == offer => {
                self.emit(NetEvent::Answered {
                    offer,
                    accepted: accept,
                    by_peer: true,
                });
                if accept {
                    self.apply_offer(now, offer, self.side);
                }
                Ok(())
            }
            _ => Err("the opponent answered an offer that was not made".into()),
        }
    }
}
