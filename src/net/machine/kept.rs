//! The host's side of a match as it is kept on disk, so that a host whose program or
//! computer restarts takes up the same match: the game, the counters of numbered messages
//! both ways, the token its joiner shows, the clock and the time the joiner was away.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::super::message::{Act, Ending, Token, clean_name};
use super::{Match, Phase, Role, millis, replay_game};
use crate::game::{Choice, OpeningRule};
use crate::rules::{Cell, Rule, Side};

/// Everything the host's match needs to go on after a restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostState {
    pub name: String,
    pub program: String,
    /// The token the joiner shows when it comes back.
    pub token: Token,
    pub peer_name: String,
    pub rule: Rule,
    pub moves: Vec<Cell>,
    /// The opening rule of the match's games, and the choices made in this one (absent:
    /// free, as in matches kept before openings).
    #[serde(default)]
    pub opening: OpeningRule,
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// The side the host plays in this game by the settings (X opens a swap opening).
    pub side: Side,
    /// Games of the match played before this one.
    pub game: u32,
    pub ending: Option<Ending>,
    /// The number the host's next act gets, and its acts not yet acknowledged.
    pub sent: u32,
    pub unacked: Vec<(u32, Act)>,
    /// How many of the joiner's acts were applied.
    pub received: u32,
    /// Time the joiner was away on its own turns in this game, in milliseconds.
    pub away_ms: u64,
    pub time_limit_ms: Option<u64>,
    /// Time used by X and O, in milliseconds, when the state was taken.
    pub used_ms: [u64; 2],
}

impl Match {
    /// Host: the match as it stands at `now`, once a player is in; `None` before.
    #[must_use]
    pub fn kept(&self, now: Instant) -> Option<HostState> {
        if self.role != Role::Host || self.phase != Phase::Playing {
            return None;
        }
        let used = self.clock(now);
        Some(HostState {
            name: self.name.clone(),
            program: self.program.clone(),
            token: self.token?,
            peer_name: self.peer_name.clone(),
            rule: self.session.settings().rule,
            moves: self.session.moves().to_vec(),
            opening: self.session.opening().rule(),
            choices: self.session.opening().choices().to_vec(),
            side: self.side,
            game: self.game,
            ending: self.ending,
            sent: self.next_seq,
            unacked: self.unacked.iter().cloned().collect(),
            received: self.received,
            away_ms: millis(self.away),
            time_limit_ms: self.time_limit.map(millis),
            used_ms: used.map(millis),
        })
    }

    /// Host: the match taken up again from `state`, with nobody connected: the joiner is
    /// away from `now`, and comes back by calling with its token. `down` is how long the
    /// host was gone since the state was taken: on the host's own turn it counts on the
    /// host's clock (restarting does not stop one's clock); on the joiner's turn it counts
    /// for nobody, since the joiner could not move. A state that cannot be a game is
    /// refused, saying why.
    pub fn restore(state: HostState, now: Instant, down: Duration) -> Result<Match, String> {
        let session = replay_game(
            state.rule,
            state.opening,
            &state.moves,
            &state.choices,
            "the kept game",
        )?;
        let mut m = Match::new(Role::Host, &state.name, state.rule, &state.program);
        m.session = session;
        m.token = Some(state.token);
        m.peer_name = clean_name(&state.peer_name);
        m.side = state.side;
        m.game = state.game;
        m.ending = state.ending;
        m.next_seq = state.sent;
        m.unacked = state.unacked.into_iter().collect::<VecDeque<_>>();
        m.received = state.received;
        m.away = Duration::from_millis(state.away_ms);
        m.time_limit = state.time_limit_ms.map(Duration::from_millis);
        m.used = state.used_ms.map(Duration::from_millis);
        m.phase = Phase::Playing;
        if !m.is_over() && m.is_my_turn() {
            m.used[m.side.index()] += down;
        }
        m.start_turn_clock(now);
        // The joiner is away from now on: the claim timer runs on its turns.
        m.away_tick = Some(now);
        Ok(m)
    }
}
