//! Swap and swap2 openings over the network: whose turn the opening gives, the choices
//! refused out of turn or where they are not offered, the colours after a choice, and the
//! opening's state through a reconnection, a host restart and the clock.

use super::*;
use crate::game::Choice;

fn gomoku() -> Rule {
    Rule::new(15, 15, 5, false).unwrap()
}

/// A host (the opener, X by the settings) and its joiner (the chooser) under `opening`.
fn opening_pair(opening: OpeningRule) -> Pair {
    let mut pair = Pair::unadmitted_with(gomoku(), opening);
    pair.host.act(pair.now, Action::Admit(true)).unwrap();
    pair.deliver();
    pair
}

impl Pair {
    fn choose(&mut self, host: bool, choice: Choice) {
        let m = if host {
            &mut self.host
        } else {
            &mut self.joiner
        };
        m.act(self.now, Action::Choose(choice)).unwrap();
        self.deliver();
    }

    /// The opener's three stones: black, white, black.
    fn opener_places_three(&mut self) {
        self.play(true, 7, 7);
        self.play(true, 7, 8);
        self.play(true, 8, 7);
    }

    fn same_opening(&self) -> bool {
        self.same_game()
            && self.host.session().opening() == self.joiner.session().opening()
            && self.host.side() == self.joiner.side().other()
    }
}

#[test]
fn swap2_with_two_more_stones_hands_the_colour_back_to_the_opener() {
    let mut pair = opening_pair(OpeningRule::Swap2);
    assert_eq!(pair.joiner.session().opening().rule(), OpeningRule::Swap2);
    pair.opener_places_three();
    assert!(!pair.host.is_my_turn() && pair.joiner.is_my_turn());
    pair.choose(false, Choice::PlaceTwo);
    assert!(pair.events[0].contains(&NetEvent::Chose {
        choice: Choice::PlaceTwo,
        mine: false
    }));
    // The chooser places white, then black; then the opener chooses.
    pair.play(false, 9, 9);
    pair.play(false, 6, 6);
    assert!(pair.host.is_my_turn() && !pair.joiner.is_my_turn());
    pair.choose(true, Choice::White);
    assert!(pair.same_opening());
    assert_eq!(pair.host.side(), Side::O);
    assert_eq!(pair.joiner.side(), Side::X);
    assert_eq!(pair.host.seat(), Side::X, "the host keeps its seat");
    // White is to move: the host, who took it.
    assert!(pair.host.is_my_turn());
    pair.play(true, 10, 10);
    pair.play(false, 3, 3);
    assert!(pair.same_opening());
    assert_eq!(pair.host.session().moves().len(), 7);
    assert!(!pair.host.in_opening() && !pair.joiner.in_opening());
    assert!(pair.events[1].contains(&NetEvent::Moved {
        side: Side::O,
        cell: Cell::new(10, 10)
    }));
}

#[test]
fn swap2_chooser_taking_black_lets_the_opener_move_as_white() {
    let mut pair = opening_pair(OpeningRule::Swap2);
    pair.opener_places_three();
    pair.choose(false, Choice::Black);
    assert!(pair.same_opening());
    assert_eq!(pair.joiner.side(), Side::X);
    assert_eq!(pair.host.side(), Side::O);
    assert!(pair.host.is_my_turn());
    assert_eq!(
        pair.joiner.act(pair.now, Action::Move(Cell::new(0, 0))),
        Err(ActionError::NotYourTurn)
    );
    pair.play(true, 6, 8);
    pair.play(false, 0, 0);
    assert!(pair.same_opening());
    assert_eq!(
        pair.joiner.session().position().get(Cell::new(0, 0)),
        Some(Side::X)
    );
}

#[test]
fn a_stone_where_a_colour_is_chosen_takes_white_on_both_sides() {
    let mut pair = opening_pair(OpeningRule::Swap);
    pair.opener_places_three();
    pair.play(false, 9, 9);
    assert!(pair.same_opening());
    assert_eq!(pair.joiner.session().opening().choices(), &[Choice::White]);
    assert_eq!(pair.joiner.side(), Side::O);
    assert!(pair.host.is_my_turn(), "black, the opener, moves next");
}

#[test]
fn choices_out_of_turn_or_not_offered_are_refused_locally() {
    let mut pair = opening_pair(OpeningRule::Swap);
    let now = pair.now;
    assert_eq!(
        pair.joiner.act(now, Action::Move(Cell::new(7, 7))),
        Err(ActionError::NotYourTurn)
    );
    assert_eq!(
        pair.joiner.act(now, Action::Choose(Choice::Black)),
        Err(ActionError::NotYourTurn)
    );
    assert_eq!(
        pair.host.act(now, Action::Choose(Choice::Black)),
        Err(ActionError::Opening(ChoiceError::NotNow))
    );
    pair.play(true, 7, 7);
    assert_eq!(
        pair.host.act(now, Action::Offer(Offer::Undo)),
        Err(ActionError::UndoInOpening)
    );
    pair.play(true, 7, 8);
    pair.play(true, 8, 7);
    assert_eq!(
        pair.host.act(now, Action::Choose(Choice::White)),
        Err(ActionError::NotYourTurn)
    );
    assert_eq!(
        pair.host.act(now, Action::Move(Cell::new(0, 0))),
        Err(ActionError::NotYourTurn)
    );
    assert_eq!(
        pair.joiner.act(now, Action::Choose(Choice::PlaceTwo)),
        Err(ActionError::Opening(ChoiceError::NotOffered))
    );
    assert!(pair.same_opening());
    assert!(pair.host.session().opening().choices().is_empty());
}

/// The host receives `act` as the joiner's next numbered message.
fn forged(pair: &mut Pair, act: Act) -> String {
    pair.host.receive(pair.now, Message::Act { seq: 0, act });
    pair.take(true);
    pair.closed[0].first().cloned().unwrap_or_default()
}

#[test]
fn a_choice_out_of_turn_or_not_offered_from_the_peer_closes_the_connection() {
    let mut pair = opening_pair(OpeningRule::Swap);
    pair.play(true, 7, 7);
    let early = Act::Choose {
        ply: 1,
        choice: Choice::Black,
    };
    let why = forged(&mut pair, early);
    assert!(why.contains("out of turn"), "{why}");
    assert!(pair.host.session().opening().choices().is_empty());

    let mut pair = opening_pair(OpeningRule::Swap);
    pair.opener_places_three();
    let two = Act::Choose {
        ply: 3,
        choice: Choice::PlaceTwo,
    };
    let why = forged(&mut pair, two);
    assert!(why.contains("impossible"), "{why}");
    assert!(pair.host.session().opening().choices().is_empty());

    // The opener's stone where the chooser is asked is out of turn too.
    let mut pair = opening_pair(OpeningRule::Swap2);
    pair.opener_places_three();
    let fourth = Act::Move {
        ply: 3,
        cell: Cell::new(0, 0),
    };
    pair.joiner.receive(
        pair.now,
        Message::Act {
            seq: 3,
            act: fourth,
        },
    );
    pair.take(false);
    let why = pair.closed[1].first().cloned().unwrap_or_default();
    assert!(why.contains("out of turn"), "{why}");
    assert_eq!(pair.joiner.session().moves().len(), 3);
}

#[test]
fn undo_after_the_opening_never_reaches_into_it() {
    let mut pair = opening_pair(OpeningRule::Swap2);
    pair.opener_places_three();
    pair.choose(false, Choice::Black);
    // The joiner took black and has not moved since: nothing of its own to take back.
    assert_eq!(
        pair.joiner.act(pair.now, Action::Offer(Offer::Undo)),
        Err(ActionError::CannotOffer)
    );
    pair.play(true, 6, 8);
    pair.host.act(pair.now, Action::Offer(Offer::Undo)).unwrap();
    pair.deliver();
    pair.joiner.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    assert!(pair.same_opening());
    assert_eq!(pair.host.session().moves().len(), 3);
    assert_eq!(pair.host.session().opening().choices(), &[Choice::Black]);
    assert!(pair.host.is_my_turn(), "white, the host, moves again");
}

#[test]
fn a_joiner_back_in_the_middle_of_the_opening_gets_its_state_from_the_snapshot() {
    let mut pair = opening_pair(OpeningRule::Swap2);
    pair.opener_places_three();
    pair.choose(false, Choice::PlaceTwo);
    pair.play(false, 9, 9);
    pair.cut();
    // A joiner that restarted: a new machine with its token.
    let token = pair.joiner.token();
    pair.joiner = Match::joiner("Joiner", "test", token);
    pair.connect();
    assert!(pair.same_opening());
    assert_eq!(
        pair.joiner.session().opening().choices(),
        &[Choice::PlaceTwo]
    );
    assert!(
        pair.joiner.is_my_turn(),
        "the second of the two more stones"
    );
    pair.play(false, 6, 6);
    pair.choose(true, Choice::Black);
    assert_eq!(pair.host.side(), Side::X);
    assert!(pair.joiner.is_my_turn());
}

#[test]
fn a_restarted_host_keeps_the_opening_and_refuses_choices_that_cannot_be() {
    let mut pair = opening_pair(OpeningRule::Swap2);
    pair.opener_places_three();
    pair.choose(false, Choice::PlaceTwo);
    pair.host = restarted(&pair.host, pair.now, Duration::ZERO);
    assert_eq!(pair.host.session().opening().rule(), OpeningRule::Swap2);
    assert_eq!(pair.host.session().opening().choices(), &[Choice::PlaceTwo]);
    pair.joiner.disconnected(pair.now);
    pair.joiner.drain();
    pair.connect();
    pair.play(false, 9, 9);
    pair.play(false, 6, 6);
    pair.choose(true, Choice::White);
    assert!(pair.same_opening());

    let mut state = pair.host.kept(pair.now).unwrap();
    state.choices.push(Choice::Black);
    let refused = Match::restore(state, pair.now, Duration::ZERO).unwrap_err();
    assert!(refused.contains("choice 3"), "{refused}");
    let mut state = pair.host.kept(pair.now).unwrap();
    state.moves.truncate(3);
    let refused = Match::restore(state, pair.now, Duration::ZERO).unwrap_err();
    assert!(refused.contains("after the last move"), "{refused}");
}

#[test]
fn a_kept_match_from_before_openings_opens_freely() {
    let pair = Pair::new(Rule::TIC_TAC_TOE);
    let state = pair.host.kept(pair.now).unwrap();
    let mut json: serde_json::Value = serde_json::to_value(&state).unwrap();
    let fields = json.as_object_mut().unwrap();
    fields.remove("opening");
    fields.remove("choices");
    let old: HostState = serde_json::from_value(json).unwrap();
    let host = Match::restore(old, pair.now, Duration::ZERO).unwrap();
    assert_eq!(host.session().opening().rule(), OpeningRule::Free);
}

#[test]
fn the_time_each_player_used_follows_them_to_their_colour() {
    let mut pair = Pair::unadmitted_with(gomoku(), OpeningRule::Swap);
    pair.host.time_limit = Some(Duration::from_secs(600));
    pair.host.act(pair.now, Action::Admit(true)).unwrap();
    pair.deliver();
    pair.advance(Duration::from_secs(5));
    pair.opener_places_three();
    pair.advance(Duration::from_secs(2));
    let used = pair.host.clock(pair.now);
    assert_eq!(
        used[Side::X.index()],
        Duration::from_secs(5),
        "the opener's"
    );
    assert_eq!(
        used[Side::O.index()],
        Duration::from_secs(2),
        "the chooser's"
    );
    pair.choose(false, Choice::Black);
    // The opener now plays white: its five seconds go with it.
    let used = pair.host.clock(pair.now);
    assert_eq!(used[Side::O.index()], Duration::from_secs(5));
    assert_eq!(used[Side::X.index()], Duration::from_secs(2));
    let view = pair.host.clock_view(pair.now).unwrap();
    assert_eq!(view.running, Some(Side::O), "white, the host, is to move");
}

#[test]
fn a_rematch_keeps_the_opening_and_the_other_player_opens_it() {
    let mut pair = opening_pair(OpeningRule::Swap2);
    pair.opener_places_three();
    pair.choose(false, Choice::White);
    pair.host.act(pair.now, Action::Resign).unwrap();
    pair.deliver();
    assert_eq!(pair.joiner.ending(), Some(Ending::Resigned(Side::X)));
    pair.joiner
        .act(pair.now, Action::Offer(Offer::Rematch))
        .unwrap();
    pair.deliver();
    pair.host.act(pair.now, Action::Reply(true)).unwrap();
    pair.deliver();
    for m in [&pair.host, &pair.joiner] {
        assert_eq!(m.session().opening().rule(), OpeningRule::Swap2);
        assert!(m.session().moves().is_empty() && m.in_opening());
    }
    assert_eq!(pair.joiner.seat(), Side::X, "the joiner opens the new game");
    assert!(pair.joiner.is_my_turn() && !pair.host.is_my_turn());
    pair.play(false, 7, 7);
    assert!(pair.same_opening());
}
