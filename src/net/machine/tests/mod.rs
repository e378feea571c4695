//! Scripted tests of the match with a fake clock: two machines joined by a perfect link
//! that the test can cut, delay or tamper with.

use std::time::{Duration, Instant};

use super::*;
use crate::game::Termination;
use crate::net::message::{Act, Ending, Message, Offer, PROTOCOL, Token};

const TOKEN: Token = Token(0x1234_5678_9abc_def0_0fed_cba9_8765_4321);

pub(super) struct Pair {
    host: Match,
    joiner: Match,
    now: Instant,
    /// Events seen by each side, host first.
    events: [Vec<NetEvent>; 2],
    closed: [Vec<String>; 2],
    /// Which side closed its connection in the round being delivered: the peer sees it go
    /// after the round's messages, as a transport delivers what was sent before a close.
    closing: [bool; 2],
}

impl Pair {
    /// A host of `rule` playing X, and a joiner admitted and welcomed.
    fn new(rule: Rule) -> Pair {
        let mut pair = Pair::unadmitted(rule);
        pair.host.act(pair.now, Action::Admit(true)).unwrap();
        pair.deliver();
        assert!(pair.host.is_connected() && pair.joiner.is_connected());
        pair
    }

    fn unadmitted(rule: Rule) -> Pair {
        Pair::unadmitted_with(rule, OpeningRule::Free)
    }

    /// A host of `rule` opening its games by `opening`, playing X (the opener), with a
    /// caller not yet let in.
    fn unadmitted_with(rule: Rule, opening: OpeningRule) -> Pair {
        let now = Instant::now();
        let host = Match::host(HostConfig {
            name: "Host".into(),
            rule,
            side: Side::X,
            opening,
            time_limit: None,
            token: TOKEN,
            program: "test".into(),
        });
        let mut pair = Pair {
            host,
            joiner: Match::joiner("Joiner", "test", None),
            now,
            events: [Vec::new(), Vec::new()],
            closed: [Vec::new(), Vec::new()],
            closing: [false, false],
        };
        pair.connect();
        pair
    }

    /// A caller on a new connection says hello to the host, as `name` speaking `protocol`.
    fn stranger_says_hello(&mut self, protocol: u32, name: &str) {
        self.cut();
        self.host.connected(self.now);
        let hello = Message::Hello {
            protocol,
            program: "test".into(),
            name: name.into(),
            resume: None,
        };
        self.host.receive(self.now, hello);
    }

    fn connect(&mut self) {
        self.host.connected(self.now);
        self.joiner.connected(self.now);
        self.deliver();
    }

    fn cut(&mut self) {
        self.host.disconnected(self.now);
        self.joiner.disconnected(self.now);
        self.host.drain();
        self.joiner.drain();
    }

    /// Passes messages both ways until nothing more is said.
    fn deliver(&mut self) {
        for _ in 0..100 {
            let to_joiner = self.take(true);
            let to_host = self.take(false);
            if to_joiner.is_empty() && to_host.is_empty() && self.closing == [false, false] {
                return;
            }
            for message in to_joiner {
                self.joiner.receive(self.now, message);
            }
            for message in to_host {
                self.host.receive(self.now, message);
            }
            // A close reaches the peer after what was sent before it.
            if std::mem::take(&mut self.closing[0]) {
                self.joiner.disconnected(self.now);
            }
            if std::mem::take(&mut self.closing[1]) {
                self.host.disconnected(self.now);
            }
        }
        panic!("the machines kept talking");
    }

    /// Drains one side's outputs, keeping events and closes; returns its messages.
    fn take(&mut self, host: bool) -> Vec<Message> {
        let (machine, i) = if host {
            (&mut self.host, 0)
        } else {
            (&mut self.joiner, 1)
        };
        let mut messages = Vec::new();
        for output in machine.drain() {
            match output {
                Output::Send(message) => messages.push(message),
                Output::Event(event) => self.events[i].push(event),
                Output::Close(reason) => {
                    self.closed[i].push(reason);
                    self.closing[i] = true;
                }
                Output::HangUp => {
                    self.closed[i].push(String::new());
                    self.closing[i] = true;
                }
            }
        }
        messages
    }

    fn play(&mut self, host: bool, row: usize, col: usize) {
        let m = if host {
            &mut self.host
        } else {
            &mut self.joiner
        };
        m.act(self.now, Action::Move(Cell::new(row, col))).unwrap();
        self.deliver();
    }

    fn advance(&mut self, by: Duration) {
        self.now += by;
        self.host.tick(self.now);
        self.joiner.tick(self.now);
        self.deliver();
    }

    fn same_game(&self) -> bool {
        self.host.session().moves() == self.joiner.session().moves()
            && self.host.ending() == self.joiner.ending()
    }
}

pub(super) fn cells(moves: &[(usize, usize)]) -> Vec<Cell> {
    moves.iter().map(|&(r, c)| Cell::new(r, c)).collect()
}

#[test]
fn a_whole_game_ends_the_same_on_both_sides() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    assert!(pair.events[0].contains(&NetEvent::JoinRequest {
        name: "Joiner".into()
    }));
    assert_eq!(pair.joiner.side(), Side::O);
    for (i, &(r, c)) in [
        (1, 1),
        (0, 0),
        (0, 1),
        (2, 1),
        (0, 2),
        (2, 0),
        (1, 0),
        (1, 2),
        (2, 2),
    ]
    .iter()
    .enumerate()
    {
        pair.play(i % 2 == 0, r, c);
    }
    assert!(pair.same_game());
    assert_eq!(pair.host.session().moves().len(), 9);
    assert!(pair.host.is_over() && pair.joiner.is_over());
    assert_eq!(
        pair.host.session().outcome(),
        Some(crate::rules::Outcome::Draw)
    );
}

#[test]
fn moving_out_of_turn_or_onto_a_stone_is_refused_locally() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    let now = pair.now;
    assert_eq!(
        pair.joiner.act(now, Action::Move(Cell::new(0, 0))),
        Err(ActionError::NotYourTurn)
    );
    pair.play(true, 0, 0);
    assert!(matches!(
        pair.joiner.act(now, Action::Move(Cell::new(0, 0))),
        Err(ActionError::Illegal(_))
    ));
    assert_eq!(pair.joiner.session().moves().len(), 1);
}

#[test]
fn an_impossible_move_from_the_peer_closes_with_a_message_and_the_game_stays() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 0, 0);
    let forged = Message::Act {
        seq: 0,
        act: Act::Move {
            ply: 1,
            cell: Cell::new(0, 0),
        },
    };
    pair.host.receive(pair.now, forged);
    pair.take(true);
    assert_eq!(pair.closed[0].len(), 1);
    assert!(
        pair.closed[0][0].contains("impossible"),
        "{:?}",
        pair.closed[0]
    );
    assert_eq!(pair.host.session().moves(), &cells(&[(0, 0)])[..]);
}

#[test]
fn a_move_out_of_turn_from_the_peer_closes_the_connection() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    let forged = Message::Act {
        seq: 0,
        act: Act::Move {
            ply: 0,
            cell: Cell::new(1, 1),
        },
    };
    pair.host.receive(pair.now, forged);
    pair.take(true);
    assert!(
        pair.closed[0][0].contains("out of turn"),
        "{:?}",
        pair.closed[0]
    );
    assert!(pair.host.session().moves().is_empty());
}

#[test]
fn duplicates_are_applied_once_and_early_numbers_wait_for_their_turn() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 0, 0);
    let act = |seq, ply, row, col| Message::Act {
        seq,
        act: Act::Move {
            ply,
            cell: Cell::new(row, col),
        },
    };
    // The joiner's first act arrives twice; the next (host's reply) cannot come from it,
    // so number 2 from the joiner arriving before 1 is tested on the host with offers.
    pair.host.receive(pair.now, act(0, 1, 1, 1));
    pair.host.receive(pair.now, act(0, 1, 1, 1));
    let acks: Vec<_> = pair
        .take(true)
        .into_iter()
        .filter(|m| matches!(m, Message::Ack { .. }))
        .collect();
    assert_eq!(
        acks,
        vec![Message::Ack { next: 1 }, Message::Ack { next: 1 }]
    );
    assert_eq!(pair.host.session().moves().len(), 2);
    // Number 2 before number 1: held back (not applied), acknowledged as "expecting 1".
    pair.host.receive(pair.now, act(2, 3, 2, 2));
    assert_eq!(pair.host.session().moves().len(), 2);
    assert!(pair.take(true).contains(&Message::Ack { next: 1 }));
    assert!(pair.closed[0].is_empty());
}

#[test]
fn a_lost_move_is_sent_again_until_acknowledged() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.host
        .act(pair.now, Action::Move(Cell::new(1, 1)))
        .unwrap();
    // The frame is lost.
    let lost = pair.take(true);
    let acts = lost.iter().filter(|m| matches!(m, Message::Act { .. }));
    assert_eq!(acts.count(), 1, "{lost:?}");
    assert!(pair.joiner.session().moves().is_empty());
    pair.advance(RESEND_AFTER);
    assert_eq!(pair.joiner.session().moves(), &cells(&[(1, 1)])[..]);
    // Acknowledged: nothing more is sent.
    pair.advance(RESEND_AFTER);
    assert_eq!(pair.joiner.session().moves().len(), 1);
    assert!(pair.host.unacked.is_empty());
}

#[test]
fn a_joiner_that_comes_back_gets_the_snapshot_and_its_lost_move_arrives() {
    let mut pair = Pair::new(Rule::new(5, 5, 4, false).unwrap());
    pair.play(true, 2, 2);
    pair.play(false, 0, 0);
    pair.play(true, 2, 3);
    // The joiner moves, and the link dies before the move arrives.
    pair.joiner
        .act(pair.now, Action::Move(Cell::new(4, 4)))
        .unwrap();
    // The joiner's player sees the move; the message is lost.
    let _lost = pair.take(false);
    pair.cut();
    assert_eq!(pair.host.session().moves().len(), 3);
    assert_eq!(pair.joiner.token(), pair.host.token());
    pair.now += Duration::from_secs(30);
    pair.connect();
    assert!(
        pair.same_game(),
        "{:?} {:?}",
        pair.host.session().moves(),
        pair.joiner.session().moves()
    );
    assert_eq!(pair.host.session().moves().len(), 4);
    assert!(pair.events[1].contains(&NetEvent::Joined {
        name: "Host".into(),
        seat: Side::X,
        resumed: true,
    }));
    // The joiner was told of its own move when it made it, and not again on its return.
    let told = |pair: &Pair| {
        pair.events[1]
            .iter()
            .filter(|e| {
                **e == NetEvent::Moved {
                    side: Side::O,
                    cell: Cell::new(4, 4),
                }
            })
            .count()
    };
    assert_eq!(told(&pair), 1, "{:?}", pair.events[1]);
}

#[test]
fn a_restarted_joiner_with_its_token_resumes_from_the_snapshot() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 0, 0);
    pair.play(false, 1, 1);
    pair.cut();
    pair.joiner = Match::joiner("Joiner", "test", pair.host.token());
    pair.connect();
    assert!(pair.same_game());
    assert_eq!(pair.joiner.side(), Side::O);
    pair.play(true, 2, 2);
    pair.play(false, 0, 2);
    assert!(pair.same_game());
}

#[test]
fn a_second_caller_is_told_busy_and_a_wrong_token_too() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.cut();
    pair.joiner = Match::joiner("Other", "test", Some(Token(7)));
    pair.connect();
    assert!(pair.events[1].contains(&NetEvent::Refused(
        "the host is busy with another player".into()
    )));
    assert!(!pair.host.is_connected());
}

#[test]
fn another_protocol_version_is_refused_saying_who_must_update() {
    let mut pair = Pair::unadmitted(Rule::TIC_TAC_TOE);
    pair.stranger_says_hello(PROTOCOL + 1, "Newer");
    let said = pair.take(true);
    assert!(
        matches!(&said[0], Message::Refused { reason } if reason.contains("the host must update")),
        "{said:?}"
    );
    assert_eq!(pair.closed[0].len(), 1);
}

#[test]
fn a_declined_caller_is_told_so_and_the_host_waits_for_another() {
    let mut pair = Pair::unadmitted(Rule::TIC_TAC_TOE);
    pair.host.act(pair.now, Action::Admit(false)).unwrap();
    pair.deliver();
    assert!(pair.events[1].contains(&NetEvent::Refused("the host declined".into())));
    // The host chose it: it is not told back to the host as a reason the line closed.
    assert_eq!(pair.closed[0], vec![String::new()]);
    pair.joiner = Match::joiner("Second", "test", None);
    pair.connect();
    assert!(pair.events[0].contains(&NetEvent::JoinRequest {
        name: "Second".into()
    }));
}

#[test]
fn undo_takes_back_to_the_askers_turn_only_when_accepted() {
    let mut pair = Pair::new(Rule::new(4, 4, 4, false).unwrap());
    pair.play(true, 0, 0);
    pair.play(false, 1, 1);
    pair.joiner
        .act(pair.now, Action::Offer(Offer::Undo))
        .unwrap();
    // While the offer waits, the asker cannot move; the host can see it.
    assert_eq!(
        pair.joiner.act(pair.now, Action::Offer(Offer::Draw)),
        Err(ActionError::OfferPending)
    );
    pair.deliver();
    assert_eq!(pair.host.pending_offer(), Some(Offer::Undo));
    pair.host.act(pair.now, Action::Reply(false)).unwrap();
    pair.deliver();
    assert_eq!(pair.joiner.session().moves().len(), 2);
    pair.joiner
        .act(pair.now, Action::Offer(Offer::Undo))
        .unwrap();
    pair.deliver();
    pair.host.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    assert!(pair.same_game());
    assert_eq!(pair.host.session().moves(), &cells(&[(0, 0)])[..]);
    assert!(pair.joiner.is_my_turn());
}

#[test]
fn a_move_instead_of_an_answer_declines_the_offer() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 0, 0);
    pair.host.act(pair.now, Action::Offer(Offer::Draw)).unwrap();
    pair.deliver();
    pair.play(false, 1, 1);
    assert!(pair.events[0].contains(&NetEvent::Answered {
        offer: Offer::Draw,
        accepted: false,
        by_peer: true,
    }));
    assert!(!pair.host.is_over());
    assert!(pair.same_game());
}

#[test]
fn draw_by_agreement_and_a_rematch_with_sides_swapped() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    pair.host.act(pair.now, Action::Offer(Offer::Draw)).unwrap();
    pair.deliver();
    pair.joiner.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    assert_eq!(pair.host.ending(), Some(Ending::DrawAgreed));
    assert!(pair.same_game());
    pair.joiner
        .act(pair.now, Action::Offer(Offer::Rematch))
        .unwrap();
    pair.deliver();
    pair.host.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    assert_eq!((pair.host.side(), pair.joiner.side()), (Side::O, Side::X));
    assert_eq!(pair.host.game_number(), 1);
    pair.play(false, 0, 0);
    assert!(pair.same_game());
}

/// The events an accepted offer brings, in order, without the record's and the clock's.
fn told(events: &[NetEvent]) -> Vec<NetEvent> {
    events
        .iter()
        .filter(|e| {
            !matches!(
                e,
                NetEvent::Record | NetEvent::Clock { .. } | NetEvent::Over
            )
        })
        .cloned()
        .collect()
}

#[test]
fn an_accepted_rematch_is_told_before_the_new_game_on_both_sides() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.joiner.act(pair.now, Action::Resign).unwrap();
    pair.deliver();
    pair.host
        .act(pair.now, Action::Offer(Offer::Rematch))
        .unwrap();
    pair.deliver();
    pair.events = [Vec::new(), Vec::new()];
    pair.joiner.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    let answered = |by_peer| NetEvent::Answered {
        offer: Offer::Rematch,
        accepted: true,
        by_peer,
    };
    assert_eq!(
        told(&pair.events[1]),
        [answered(false), NetEvent::NewGame { seat: Side::X }]
    );
    assert_eq!(
        told(&pair.events[0]),
        [answered(true), NetEvent::NewGame { seat: Side::O }]
    );
}

#[test]
fn an_accepted_undo_is_told_before_the_moves_taken_back() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    pair.host.act(pair.now, Action::Offer(Offer::Undo)).unwrap();
    pair.deliver();
    pair.events = [Vec::new(), Vec::new()];
    pair.joiner.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    let answered = |by_peer| NetEvent::Answered {
        offer: Offer::Undo,
        accepted: true,
        by_peer,
    };
    let undone = NetEvent::Undone { moves: 0 };
    assert_eq!(told(&pair.events[1]), [answered(false), undone.clone()]);
    assert_eq!(told(&pair.events[0]), [answered(true), undone]);
}

#[test]
fn resigning_ends_the_game_for_both() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.joiner.act(pair.now, Action::Resign).unwrap();
    pair.deliver();
    assert_eq!(pair.host.ending(), Some(Ending::Resigned(Side::O)));
    assert!(pair.same_game());
}

#[test]
fn the_away_timer_runs_only_on_the_absent_players_turn() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.cut();
    // The host's own turn: the joiner's absence costs the joiner nothing.
    for _ in 0..20 {
        pair.advance(AWAY_LIMIT / 4);
    }
    assert!(!pair.host.can_claim());
    assert_eq!(
        pair.host.act(pair.now, Action::Claim),
        Err(ActionError::CannotClaim)
    );
    pair.host
        .act(pair.now, Action::Move(Cell::new(1, 1)))
        .unwrap();
    pair.advance(AWAY_LIMIT - Duration::from_secs(1));
    assert!(!pair.host.can_claim());
    pair.advance(Duration::from_secs(1));
    assert!(pair.host.can_claim());
    assert!(pair.events[0].contains(&NetEvent::ClaimAvailable));
    pair.host.act(pair.now, Action::Claim).unwrap();
    assert_eq!(pair.host.ending(), Some(Ending::Abandoned(Side::O)));
    // The joiner comes back and learns the result, with the host's move.
    pair.connect();
    assert!(pair.same_game());
}

#[test]
fn the_host_measures_the_clock_only_on_its_own_side() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.advance(Duration::from_secs(3));
    pair.play(true, 1, 1);
    pair.advance(Duration::from_secs(5));
    pair.play(false, 0, 0);
    let [x, o] = pair.host.clock(pair.now);
    assert_eq!((x, o), (Duration::from_secs(3), Duration::from_secs(5)));
    // The joiner is told the host's figures; it has no say in them.
    assert!(
        pair.events[1]
            .iter()
            .any(|e| matches!(e, NetEvent::Clock { .. }))
    );
}

#[test]
fn a_flood_of_messages_closes_the_connection() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    for nonce in 0..200 {
        pair.host.receive(pair.now, Message::Ping { nonce });
    }
    pair.take(true);
    assert_eq!(
        pair.closed[0],
        vec!["the peer sent too many messages".to_string()]
    );
}

#[test]
fn a_silent_peer_is_dropped_and_the_game_stays() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    pair.now += SILENCE_LIMIT;
    pair.host.tick(pair.now);
    pair.take(true);
    assert_eq!(
        pair.closed[0],
        vec!["the opponent stopped answering".to_string()]
    );
    assert_eq!(pair.host.session().moves().len(), 1);
}

/// A pair whose host gives each side `limit` for a game.
pub(super) fn timed(limit: Duration) -> Pair {
    let mut pair = Pair::unadmitted(Rule::TIC_TAC_TOE);
    pair.host.time_limit = Some(limit);
    pair.host.act(pair.now, Action::Admit(true)).unwrap();
    pair.deliver();
    pair
}

#[test]
fn the_side_to_move_loses_on_time_by_the_hosts_clock_and_both_agree() {
    let minute = Duration::from_secs(60);
    let mut pair = timed(minute);
    assert_eq!(pair.joiner.time_limit(), Some(minute));
    pair.advance(Duration::from_secs(10));
    pair.play(true, 1, 1);
    for _ in 0..59 {
        pair.advance(Duration::from_secs(1));
    }
    assert_eq!(pair.host.ending(), None);
    pair.advance(Duration::from_secs(1));
    assert_eq!(pair.host.ending(), Some(Ending::OutOfTime(Side::O)));
    assert!(pair.same_game());
    assert_eq!(
        pair.joiner.act(pair.now, Action::Move(Cell::new(0, 0))),
        Err(ActionError::GameOver)
    );
}

#[test]
fn the_clock_of_a_player_who_leaves_on_its_turn_keeps_running_and_restarts_with_a_rematch() {
    let minute = Duration::from_secs(60);
    let mut pair = timed(minute);
    pair.play(true, 1, 1);
    pair.advance(Duration::from_secs(30));
    pair.cut();
    // Away on its own turn: its time runs on the host's clock as if it were there.
    pair.advance(Duration::from_secs(29));
    assert_eq!(pair.host.ending(), None);
    pair.advance(Duration::from_secs(1));
    assert_eq!(pair.host.ending(), Some(Ending::OutOfTime(Side::O)));
    // Back, the joiner learns it lost on time.
    pair.connect();
    assert!(pair.same_game());
    assert_eq!(
        pair.joiner.termination(),
        (Termination::OutOfTime, Some(Side::X))
    );
    pair.host
        .act(pair.now, Action::Offer(Offer::Rematch))
        .unwrap();
    pair.deliver();
    pair.joiner.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    assert_eq!(pair.host.clock(pair.now), [Duration::ZERO; 2]);
}

#[test]
fn the_away_limit_counts_every_absence_on_ones_own_turns_in_a_game() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    // Away for 70 s on its turn, back, away again: the second absence adds to the first.
    pair.cut();
    for _ in 0..7 {
        pair.advance(Duration::from_secs(10));
    }
    pair.connect();
    assert!(!pair.host.can_claim());
    pair.cut();
    for _ in 0..4 {
        pair.advance(Duration::from_secs(10));
    }
    assert!(!pair.host.can_claim());
    for _ in 0..1 {
        pair.advance(Duration::from_secs(10));
    }
    assert!(pair.host.can_claim(), "away {:?}", pair.host.away());
    assert_eq!(pair.host.away(), AWAY_LIMIT);
    pair.host.act(pair.now, Action::Claim).unwrap();
    assert_eq!(
        pair.host.termination(),
        (Termination::Abandoned, Some(Side::X))
    );
}

#[test]
fn an_offer_while_the_opponent_is_away_is_refused_and_one_pending_is_settled_on_return() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    pair.joiner
        .act(pair.now, Action::Offer(Offer::Draw))
        .unwrap();
    pair.deliver();
    assert_eq!(pair.host.pending_offer(), Some(Offer::Draw));
    pair.cut();
    // Away: the offer made waits (its answer may be on its way), no new one can be made,
    // and the one who made it cannot move meanwhile.
    assert_eq!(pair.joiner.my_offer(), Some(Offer::Draw));
    assert_eq!(
        pair.host.act(pair.now, Action::Offer(Offer::Undo)),
        Err(ActionError::PeerAway)
    );
    // Back: both sides are told it was withdrawn, and nothing waits any more.
    pair.connect();
    let withdrawn = |mine| NetEvent::Withdrawn {
        offer: Offer::Draw,
        mine,
    };
    assert!(
        pair.events[0].contains(&withdrawn(false)),
        "{:?}",
        pair.events[0]
    );
    assert!(
        pair.events[1].contains(&withdrawn(true)),
        "{:?}",
        pair.events[1]
    );
    assert_eq!(
        (pair.host.pending_offer(), pair.joiner.my_offer()),
        (None, None)
    );
    // A new offer goes through and is answered.
    pair.joiner
        .act(pair.now, Action::Offer(Offer::Draw))
        .unwrap();
    pair.deliver();
    pair.host.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    assert_eq!(pair.joiner.ending(), Some(Ending::DrawAgreed));
    assert_eq!(pair.joiner.termination(), (Termination::DrawAgreed, None));
}

#[test]
fn an_answer_lost_with_the_connection_arrives_with_the_snapshot() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    pair.play(false, 0, 0);
    pair.play(true, 2, 2);
    pair.joiner
        .act(pair.now, Action::Offer(Offer::Undo))
        .unwrap();
    pair.deliver();
    // The host takes back the joiner's move; the answer is lost with the connection.
    pair.host.act(pair.now, Action::Reply(true)).unwrap();
    pair.host.drain();
    pair.cut();
    assert_eq!(pair.host.session().moves().len(), 1);
    pair.events[1].clear();
    pair.connect();
    assert!(pair.same_game());
    assert!(
        pair.events[1].contains(&NetEvent::Answered {
            offer: Offer::Undo,
            accepted: true,
            by_peer: true
        }),
        "{:?}",
        pair.events[1]
    );
    assert_eq!(pair.joiner.my_offer(), None);
    assert!(pair.joiner.is_my_turn());
}

#[test]
fn a_joiner_that_leaves_is_said_to_have_left_and_the_host_keeps_the_game() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    pair.host.receive(pair.now, Message::Leave {});
    pair.take(true);
    assert!(
        pair.events[0].contains(&NetEvent::PeerLeft),
        "{:?}",
        pair.events[0]
    );
    assert!(
        !pair.events[0]
            .iter()
            .any(|e| matches!(e, NetEvent::PeerAway(_))),
        "left, not lost: {:?}",
        pair.events[0]
    );
    assert_eq!(pair.closed[0], vec![String::new()]);
    pair.closing = [false; 2];
    assert!(!pair.host.is_connected());
    // It may come back with its token.
    pair.joiner.disconnected(pair.now);
    pair.joiner.drain();
    pair.connect();
    assert!(pair.host.is_connected() && pair.same_game());
}

#[test]
fn a_host_that_leaves_before_letting_the_caller_in_refuses_it() {
    let mut pair = Pair::unadmitted(Rule::TIC_TAC_TOE);
    pair.joiner.receive(pair.now, Message::Leave {});
    pair.take(false);
    assert!(
        pair.events[1].contains(&NetEvent::Refused("the host closed the game".into())),
        "{:?}",
        pair.events[1]
    );
}

#[test]
fn a_stranger_calling_while_the_joiner_is_away_is_told_busy_and_nothing_is_lost() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    pair.cut();
    pair.events[0].clear();
    let joiner = std::mem::replace(&mut pair.joiner, Match::joiner("Eve", "test", None));
    pair.connect();
    assert!(pair.events[1].contains(&NetEvent::Refused(
        "the host is busy with another player".into()
    )));
    assert_eq!(
        pair.events[0],
        vec![NetEvent::TurnedAway { name: "Eve".into() }],
        "a stranger's call is not the opponent's connection lost"
    );
    pair.joiner = joiner;
    pair.connect();
    assert!(pair.host.is_connected() && pair.same_game());
}

#[test]
fn a_joiner_back_in_the_game_is_told_of_the_moves_it_missed() {
    let mut pair = Pair::new(Rule::new(5, 5, 4, false).unwrap());
    pair.play(true, 2, 2);
    pair.play(false, 0, 0);
    pair.cut();
    pair.host
        .act(pair.now, Action::Move(Cell::new(3, 3)))
        .unwrap();
    pair.events[1].clear();
    pair.connect();
    assert!(
        pair.events[1].contains(&NetEvent::Moved {
            side: Side::X,
            cell: Cell::new(3, 3)
        }),
        "{:?}",
        pair.events[1]
    );
    assert!(pair.same_game());
}

#[test]
fn names_lose_their_direction_controls() {
    let mut pair = Pair::unadmitted(Rule::TIC_TAC_TOE);
    pair.stranger_says_hello(PROTOCOL, "\u{202e}eve");
    pair.take(true);
    assert!(pair.events[0].contains(&NetEvent::JoinRequest { name: "eve".into() }));
}

#[test]
fn a_time_loss_claimed_by_the_joiner_closes_the_connection() {
    let mut pair = timed(Duration::from_secs(60));
    pair.joiner.queue(pair.now, Act::Flag {});
    pair.deliver();
    assert!(
        pair.closed[0]
            .iter()
            .any(|reason| reason.contains("only the host's clock")),
        "{:?}",
        pair.closed
    );
    assert_eq!(pair.host.ending(), None);
}

/// The host's match written out as it is kept on disk and read back, as a restarted host
/// takes it up (the JSON round trip is part of what is tested).
pub(super) fn restarted(host: &Match, now: Instant, down: Duration) -> Match {
    let state = host
        .kept(now)
        .expect("a host with a player keeps its match");
    let text = serde_json::to_string(&state).unwrap();
    let read: HostState = serde_json::from_str(&text).unwrap();
    assert_eq!(read, state);
    Match::restore(read, now + down, down).expect("the kept match is a game")
}

#[test]
fn a_restarted_host_takes_up_the_match_and_its_joiner_comes_back_into_it() {
    let mut pair = Pair::new(Rule::new(5, 5, 4, false).unwrap());
    pair.play(true, 2, 2);
    pair.play(false, 0, 0);
    pair.play(true, 2, 3);
    // The joiner moves; the host applies and acknowledges it, and stops before anything
    // else happens.
    pair.joiner
        .act(pair.now, Action::Move(Cell::new(4, 4)))
        .unwrap();
    pair.deliver();
    let down = Duration::from_secs(40);
    pair.host = restarted(&pair.host, pair.now, down);
    pair.now += down;
    assert!(!pair.host.is_connected());
    assert_eq!(pair.host.session().moves().len(), 4);
    pair.joiner.disconnected(pair.now);
    pair.joiner.drain();
    pair.connect();
    assert!(pair.host.is_connected() && pair.joiner.is_connected());
    assert!(pair.same_game());
    assert!(pair.events[0].contains(&NetEvent::Joined {
        name: "Joiner".into(),
        seat: Side::O,
        resumed: true,
    }));
    // The numbering goes on where it stopped: moves flow both ways.
    pair.play(true, 2, 4);
    pair.play(false, 1, 1);
    pair.play(true, 2, 1);
    assert!(pair.same_game());
    assert_eq!(pair.host.session().moves().len(), 7);
    assert!(pair.host.session().outcome().is_some(), "four in a row");
}

#[test]
fn a_host_that_restarts_on_its_own_turn_pays_for_the_time_it_was_gone() {
    let mut pair = timed(Duration::from_secs(600));
    pair.advance(Duration::from_secs(10));
    let down = Duration::from_secs(30);
    pair.host = restarted(&pair.host, pair.now, down);
    pair.now += down;
    let used = pair.host.clock(pair.now);
    assert_eq!(used[Side::X.index()], Duration::from_secs(40));
    assert_eq!(used[Side::O.index()], Duration::ZERO);
    // On the joiner's turn the time the host was gone counts for nobody, and the joiner's
    // absence from then on is timed as any absence.
    pair.joiner.disconnected(pair.now);
    pair.joiner.drain();
    pair.connect();
    pair.play(true, 1, 1);
    pair.advance(Duration::from_secs(5));
    pair.host = restarted(&pair.host, pair.now, down);
    pair.now += down;
    let used = pair.host.clock(pair.now);
    assert_eq!(used[Side::O.index()], Duration::from_secs(5));
    for _ in 0..121 {
        pair.now += Duration::from_secs(1);
        pair.host.tick(pair.now);
    }
    assert!(
        pair.host.can_claim(),
        "the joiner was away on its turn too long"
    );
}

#[test]
fn a_kept_match_that_is_not_a_game_is_refused() {
    let mut pair = Pair::new(Rule::TIC_TAC_TOE);
    pair.play(true, 1, 1);
    let mut state = pair.host.kept(pair.now).unwrap();
    state.moves.push(Cell::new(1, 1));
    let refused = Match::restore(state, pair.now, Duration::ZERO).unwrap_err();
    assert!(refused.contains("impossible at move 2"), "{refused}");
    assert!(
        Match::host(HostConfig {
            name: "Host".into(),
            rule: Rule::TIC_TAC_TOE,
            side: Side::X,
            opening: OpeningRule::Free,
            time_limit: None,
            token: TOKEN,
            program: "test".into(),
        })
        .kept(pair.now)
        .is_none()
    );
}

mod opening;
