//! The game side of the match: local actions checked and sent as numbered acts, offers and
//! their answers applied, and the joiner taking the host's snapshot. The peer's acts (its
//! moves, offers, resignation, claims and flags) are in `peer_acts.rs`.

use std::time::{Duration, Instant};

use super::super::message::{Act, Ending, Message, Offer, Snapshot, Token};
use super::{Action, ActionError, Match, NetEvent, Output, Phase, Role, replay_game};
use crate::game::Choice;
use crate::game::opening::ChoiceError;
use crate::rules::{Cell, Side};

impl Match {
    /// A local player's action. A refused action changes nothing.
    pub fn act(&mut self, now: Instant, action: Action) -> Result<(), ActionError> {
        if let Action::Admit(admit) = action {
            return self.admit(now, admit);
        }
        if self.phase != Phase::Playing {
            return Err(ActionError::NoOpponent);
        }
        match action {
            Action::Move(cell) => self.local_move(now, cell)?,
            Action::Choose(choice) => self.local_choose(now, choice)?,
            Action::Offer(offer) => self.local_offer(now, offer)?,
            Action::Reply(accept) => self.local_reply(now, accept)?,
            Action::Resign => {
                if self.is_over() {
                    return Err(ActionError::GameOver);
                }
                self.end(now, Ending::Resigned(self.side()));
                self.queue(now, Act::Resign {});
            }
            Action::Claim => {
                if !self.can_claim() {
                    return Err(ActionError::CannotClaim);
                }
                self.end(now, Ending::Abandoned(self.side().other()));
                self.queue(now, Act::Claim {});
            }
            Action::Admit(_) => unreachable!("handled above"),
        }
        Ok(())
    }

    /// Host: lets the waiting caller in, or sends it away.
    fn admit(&mut self, now: Instant, admit: bool) -> Result<(), ActionError> {
        let Phase::Asking(name) = &self.phase else {
            return Err(ActionError::NobodyWaiting);
        };
        if self.link.is_none() {
            self.phase = Phase::Waiting;
            return Err(ActionError::NobodyWaiting);
        }
        if admit {
            self.peer_name = name.clone();
            // The caller's own token, so that it is known again even if the welcome that
            // carries the token is lost with the connection.
            if let Some(token) = self.caller_token.take() {
                self.token = Some(token);
            }
            self.welcome_back(now, false);
        } else {
            self.phase = Phase::Waiting;
            self.send(Message::Refused {
                reason: "the host declined".into(),
            });
            // The host's own answer: the caller hears it, the host needs no word of it.
            self.close_telling(now, "the host declined", String::new());
        }
        Ok(())
    }

    /// Whether this side may move or choose now: the game goes on, it is its turn, and no
    /// offer of its own waits for an answer.
    fn may_act(&self) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        if !self.is_my_turn() {
            return Err(ActionError::NotYourTurn);
        }
        if self.my_offer.is_some() {
            return Err(ActionError::OfferPending);
        }
        Ok(())
    }

    fn local_move(&mut self, now: Instant, cell: Cell) -> Result<(), ActionError> {
        self.may_act()?;
        let ply = self.ply();
        self.play(now, cell)?;
        self.decline_by_acting(now);
        self.queue(now, Act::Move { ply, cell });
        Ok(())
    }

    /// Moving or choosing instead of answering turns the peer's offer down.
    fn decline_by_acting(&mut self, now: Instant) {
        if let Some((offer, _)) = self.peer_offer.take() {
            self.queue(
                now,
                Act::Reply {
                    offer,
                    accept: false,
                },
            );
        }
    }

    fn local_choose(&mut self, now: Instant, choice: Choice) -> Result<(), ActionError> {
        self.may_act()?;
        let ply = self.ply();
        self.choose(now, choice, true)?;
        self.decline_by_acting(now);
        self.queue(now, Act::Choose { ply, choice });
        Ok(())
    }

    fn local_offer(&mut self, now: Instant, offer: Offer) -> Result<(), ActionError> {
        // An offer waits for an answer; with the opponent away it would wait for nothing.
        if !self.ready() {
            return Err(ActionError::PeerAway);
        }
        if self.my_offer.is_some() || self.peer_offer.is_some() {
            return Err(ActionError::OfferPending);
        }
        if offer == Offer::Undo && self.in_opening() {
            return Err(ActionError::UndoInOpening);
        }
        if !self.can_offer(offer, self.side) {
            return Err(ActionError::CannotOffer);
        }
        let ply = self.ply();
        self.my_offer = Some((offer, ply));
        self.queue(now, Act::Offer { offer, ply });
        Ok(())
    }

    fn local_reply(&mut self, now: Instant, accept: bool) -> Result<(), ActionError> {
        let (offer, _) = self.peer_offer.take().ok_or(ActionError::NoOffer)?;
        self.queue(now, Act::Reply { offer, accept });
        // The answer is told before what it starts (a new game, moves taken back), so
        // that a log reads in the order things happened.
        self.emit(NetEvent::Answered {
            offer,
            accepted: accept,
            by_peer: false,
        });
        if accept {
            self.apply_offer(now, offer, self.side.other());
        }
        Ok(())
    }

    /// Whether this side's player has a move of the game to take back, so that offering an
    /// undo makes sense (answering or waiting for an offer aside).
    #[must_use]
    pub fn can_offer_undo(&self) -> bool {
        self.can_offer(Offer::Undo, self.side)
    }

    /// Whether the player of settings side `by` may offer `offer` in the game as it stands.
    pub(super) fn can_offer(&self, offer: Offer, by: Side) -> bool {
        match offer {
            Offer::Undo => !self.is_over() && self.undo_target(by).is_some(),
            Offer::Draw => !self.is_over(),
            Offer::Rematch => self.is_over(),
        }
    }

    /// How many moves remain when the undo of the player of settings side `by` is done:
    /// back to their last turn to move. The opening's stones and choices are never taken
    /// back: an undo asked during the opening, or reaching into it, is not offered.
    fn undo_target(&self, by: Side) -> Option<usize> {
        let moves = self.session.moves().len();
        if self.in_opening() {
            return None;
        }
        let opening = self.session.opening();
        let start = opening
            .choices()
            .len()
            .checked_sub(1)
            .map_or(0, crate::game::Opening::choice_point);
        let colour = self.colour_of(by);
        (start..moves).rev().find(|ply| ply % 2 == colour.index())
    }

    pub(super) fn ply(&self) -> u32 {
        u32::try_from(self.session.moves().len()).expect("at most 400 moves")
    }

    /// Sends an act with the next number and keeps it until acknowledged.
    pub(super) fn queue(&mut self, now: Instant, act: Act) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.unacked.push_back((seq, act.clone()));
        if self.ready() {
            self.send(Message::Act { seq, act });
            if self.resent.is_none() || self.unacked.len() == 1 {
                self.resent = Some(now);
            }
        }
    }

    /// Plays a stone for the side to move through the rules' checked move (where the
    /// opening asks for a colour, the stone takes white, as offline).
    pub(super) fn play(&mut self, now: Instant, cell: Cell) -> Result<(), ActionError> {
        let side = self.session.position().side_to_move();
        self.stop_turn_clock(now);
        let opener = self.session.opening().opener_side();
        let played = self.session.play(cell);
        self.follow_colours(opener);
        self.start_turn_clock(now);
        played?;
        self.emit(NetEvent::Moved { side, cell });
        self.emit(NetEvent::Record);
        if self.session.outcome().is_some() {
            self.stop_turn_clock(now);
            self.emit(NetEvent::Over);
        }
        self.send_clock(now);
        Ok(())
    }

    /// Makes a choice of the opening for whoever is asked; `mine` when this side's player
    /// made it.
    pub(super) fn choose(
        &mut self,
        now: Instant,
        choice: Choice,
        mine: bool,
    ) -> Result<(), ChoiceError> {
        self.stop_turn_clock(now);
        let opener = self.session.opening().opener_side();
        let chosen = self.session.choose(choice);
        self.follow_colours(opener);
        self.start_turn_clock(now);
        chosen?;
        self.emit(NetEvent::Chose { choice, mine });
        self.emit(NetEvent::Record);
        self.send_clock(now);
        Ok(())
    }

    /// After a choice that gave the opener (black until then) white, the time each player
    /// used follows the player to their colour.
    fn follow_colours(&mut self, opener_before: Side) {
        if self.session.opening().opener_side() != opener_before {
            self.used.swap(0, 1);
        }
    }

    pub(super) fn end(&mut self, now: Instant, ending: Ending) {
        self.stop_turn_clock(now);
        self.ending = Some(ending);
        self.emit(NetEvent::Record);
        self.emit(NetEvent::Over);
    }

    /// An accepted offer made by `by`.
    pub(super) fn apply_offer(&mut self, now: Instant, offer: Offer, by: Side) {
        match offer {
            Offer::Undo => {
                let target = self.undo_target(by).unwrap_or(0);
                self.stop_turn_clock(now);
                while self.session.moves().len() > target {
                    self.session.undo();
                }
                self.start_turn_clock(now);
                self.emit(NetEvent::Undone { moves: target });
                self.emit(NetEvent::Record);
            }
            Offer::Draw => self.end(now, Ending::DrawAgreed),
            Offer::Rematch => {
                self.game += 1;
                self.side = self.side.other();
                self.ending = None;
                self.session.new_game();
                self.stop_turn_clock(now);
                self.used = [Duration::ZERO; 2];
                self.reset_away();
                self.start_turn_clock(now);
                self.send_clock(now);
                self.emit(NetEvent::NewGame { seat: self.side });
                self.emit(NetEvent::Record);
            }
        }
    }

    /// Joiner: the host's welcome. Takes the snapshot, then replays and sends again the
    /// moves, resignations and claims the host had not applied; offers do not survive a
    /// reconnection.
    pub(super) fn welcome(
        &mut self,
        now: Instant,
        name: String,
        token: Token,
        snapshot: Snapshot,
    ) -> Result<(), String> {
        let resumed = self.resuming;
        let before = self.session.moves().to_vec();
        let pending = self.adopt(now, &snapshot)?;
        if resumed {
            self.missed_moves(&before);
        }
        self.token = Some(token);
        self.resuming = true;
        self.peer_name = name.clone();
        self.phase = Phase::Playing;
        if let Some(link) = self.link.as_mut() {
            link.ready = true;
        }
        self.emit(NetEvent::Joined {
            name,
            seat: self.colour_of(self.side.other()),
            resumed,
        });
        self.emit(NetEvent::Record);
        let mark = self.out.len();
        for act in pending {
            if self.replay_own(now, &act).is_ok() {
                self.queue(now, act);
            }
        }
        // Our own moves were told when they were made: played again on the host's
        // snapshot, they are not told a second time.
        let replayed = self.out.split_off(mark);
        self.out.extend(
            replayed
                .into_iter()
                .filter(|output| !matches!(output, Output::Event(NetEvent::Moved { .. }))),
        );
        Ok(())
    }

    /// Takes the host's snapshot; returns our acts the host had not yet applied.
    fn adopt(&mut self, now: Instant, snapshot: &Snapshot) -> Result<Vec<Act>, String> {
        let session = replay_game(
            snapshot.rule,
            snapshot.opening,
            &snapshot.moves,
            &snapshot.choices,
            "the host's game",
        )?;
        let unapplied: Vec<Act> = self
            .unacked
            .drain(..)
            .filter(|(seq, _)| *seq >= snapshot.received)
            .map(|(_, act)| act)
            .collect();
        // An acceptance the host never had: the offer it answered is withdrawn there too.
        for act in &unapplied {
            if let Act::Reply {
                offer,
                accept: true,
            } = act
            {
                self.emit(NetEvent::Withdrawn {
                    offer: *offer,
                    mine: false,
                });
            }
        }
        let pending = unapplied
            .into_iter()
            .filter(|act| !matches!(act, Act::Offer { .. } | Act::Reply { .. }))
            .collect();
        if snapshot.game != self.game || !self.resuming {
            self.reset_away();
        }
        self.away_tick = None;
        self.claimable = false;
        self.session = session;
        self.side = snapshot.seat;
        self.time_limit = snapshot.time_limit_ms.map(Duration::from_millis);
        self.game = snapshot.game;
        self.ending = snapshot.ending;
        self.received = snapshot.sent;
        self.next_seq = snapshot.received;
        self.withdraw_offers(snapshot.answer);
        self.resent = Some(now);
        Ok(pending)
    }

    /// Joiner, back in the game: tells of the moves played while it was away (those of
    /// the host's game past the ones this side had).
    fn missed_moves(&mut self, before: &[Cell]) {
        let moves = self.session.moves().to_vec();
        if !moves.starts_with(before) {
            return;
        }
        for (ply, &cell) in moves.iter().enumerate().skip(before.len()) {
            let side = if ply % 2 == 0 { Side::X } else { Side::O };
            self.emit(NetEvent::Moved { side, cell });
        }
    }

    /// Replays one of our own acts on the host's snapshot (it was legal before the drop).
    fn replay_own(&mut self, now: Instant, act: &Act) -> Result<(), ActionError> {
        match *act {
            Act::Move { ply, cell } if ply == self.ply() && self.is_my_turn() => {
                self.play(now, cell)
            }
            Act::Choose { ply, choice } if ply == self.ply() && self.is_my_turn() => {
                Ok(self.choose(now, choice, true)?)
            }
            Act::Resign {} if !self.is_over() => {
                self.end(now, Ending::Resigned(self.side()));
                Ok(())
            }
            Act::Claim {} if !self.is_over() && !self.is_my_turn() => {
                self.end(now, Ending::Abandoned(self.side().other()));
                Ok(())
            }
            _ => Err(ActionError::GameOver),
        }
    }

    /// The role this side plays, for front ends that show it.
    #[must_use]
    pub fn is_host(&self) -> bool {
        self.role == Role::Host
    }
}

/// A choice in words, for the messages that refuse it.
pub(super) fn chosen(choice: Choice) -> &'static str {
    match choice {
        Choice::Black => "black",
        Choice::White => "white",
        Choice::PlaceTwo => "to place two more stones",
    }
}
