//! The match between two programs as a state machine without I/O. Inputs: a local action
//! ([`Match::act`]), a peer message ([`Match::receive`]), the link coming up or going
//! down, and a clock tick ([`Match::tick`]); every input carries the time, so tests drive
//! it with a fake clock. Outputs ([`Match::drain`]): messages to send, events to show and
//! a request to close the connection. The transport only carries frames.
//!
//! Everything that changes the game (a move, an offer, an answer, a resignation, a claim)
//! is an [`Act`] numbered per direction: it is sent again until acknowledged and applied
//! only in order, so a dropped or repeated frame neither loses nor doubles a move. The host
//! is the authority: a joiner that comes back gets the host's [`Snapshot`] and sends again
//! what the host had not yet applied. While a player's offer waits for an answer that
//! player cannot move, so an accepted offer always applies to the position it was made in.
//!
//! Under a swap or swap2 opening the game's [`crate::game::Opening`] says whose turn it is
//! (the opener's stones, the chooser's choice, swap2's two more stones); a choice is an
//! [`Act::Choose`], checked as a move is. Each player keeps the side the settings gave them
//! (X opens), and plays the colour the choice gives ([`Match::side`]).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::game::opening::{Actor, ChoiceError};
use crate::game::{Choice, Mode, Opening, OpeningRule, Seat, Session, Settings, Termination};
use crate::rules::{Cell, MoveError, Rule, Side};

use super::message::{Act, Ending, Message, Offer, Token, clean_name};

/// An act not acknowledged within this long is sent again.
pub const RESEND_AFTER: Duration = Duration::from_millis(1200);
/// How often a ping measures the round trip (and shows the peer we are here).
pub const PING_EVERY: Duration = Duration::from_millis(2500);
/// A connection that has been silent this long is closed as lost.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(15);
/// How long the absent player may be away on its own turn before the other may claim.
pub const AWAY_LIMIT: Duration = Duration::from_secs(120);
/// Messages a peer may send in a burst, and per second after it.
pub const RATE_BURST: f64 = 64.0;
pub const RATE_PER_SECOND: f64 = 32.0;
/// How long a joiner waits for the host's answer before saying hello again (a lost frame).
pub const HELLO_AGAIN: Duration = Duration::from_secs(3);
/// How many unacknowledged acts a side may have outstanding; more is a protocol error.
const MAX_UNACKED: u32 = 64;

/// Which end of the connection this program is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Host,
    Joiner,
}

/// What a local player can do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move(Cell),
    /// A choice of the opening, when it asks this player for one.
    Choose(Choice),
    Offer(Offer),
    /// Answer the peer's offer.
    Reply(bool),
    Resign,
    /// Claim the win: the peer has been away on its turn longer than [`AWAY_LIMIT`].
    Claim,
    /// The host lets the caller in, or turns it away.
    Admit(bool),
}

/// Why a local action was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    #[error("there is no opponent yet")]
    NoOpponent,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("the game is over")]
    GameOver,
    #[error("waiting for the answer to your offer")]
    OfferPending,
    #[error("moves of the opening cannot be taken back")]
    UndoInOpening,
    #[error("{0}")]
    Opening(#[from] ChoiceError),
    #[error("there is no offer to answer")]
    NoOffer,
    #[error("that cannot be offered now")]
    CannotOffer,
    #[error("the opponent has not been away long enough to claim the win")]
    CannotClaim,
    #[error("nobody is asking to join")]
    NobodyWaiting,
    #[error("the opponent is away: offers can be made when they are back")]
    PeerAway,
    #[error("{0}")]
    Illegal(#[from] MoveError),
}

/// What the front end shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// Host: someone asks to join; answer with [`Action::Admit`].
    JoinRequest { name: String },
    /// The opponent is here: first arrival or return.
    Joined {
        name: String,
        /// The side the opponent plays.
        seat: Side,
        resumed: bool,
    },
    /// The host turned us away (busy, declined, or another protocol version).
    Refused(String),
    /// A stone was placed (by either side); `side` is its colour.
    Moved { side: Side, cell: Cell },
    /// A choice of the opening was made, by this side's player (`mine`) or the opponent;
    /// [`Match::side`] now says the colour this side plays.
    Chose { choice: Choice, mine: bool },
    /// The peer offers something.
    Offered(Offer),
    /// An offer (ours or the peer's) was answered.
    Answered {
        offer: Offer,
        accepted: bool,
        by_peer: bool,
    },
    /// Moves were taken back; `moves` remain.
    Undone { moves: usize },
    /// A new game of the match began; we play `seat`.
    NewGame { seat: Side },
    /// The game is over (on the board or otherwise).
    Over,
    /// The game changed: the front end writes its record now.
    Record,
    /// The link went down (the opponent may come back).
    PeerAway(String),
    /// The opponent's player left the match on purpose (a joiner may still come back
    /// with its token; a host that left does not).
    PeerLeft,
    /// Host: a caller was told the host is busy.
    TurnedAway { name: String },
    /// An offer waiting for an answer was withdrawn because the connection dropped;
    /// `mine` when it was ours.
    Withdrawn { offer: Offer, mine: bool },
    /// The opponent has been away on its turn long enough: [`Action::Claim`] is allowed.
    ClaimAvailable,
    /// A round-trip measurement.
    RoundTrip(Duration),
    /// The host's measure of the time each side has used.
    Clock { x: Duration, o: Duration },
}

/// The game clock at an instant: the time each side had used (X, O) at `at`, and the side
/// whose time has been running since. A front end adds the time since `at` to the running
/// side to show it live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    pub used: [Duration; 2],
    pub at: Instant,
    pub running: Option<Side>,
}

impl ClockView {
    /// The time each side has used at `now`.
    #[must_use]
    pub fn used_at(&self, now: Instant) -> [Duration; 2] {
        let mut used = self.used;
        if let Some(side) = self.running {
            used[side.index()] += now.saturating_duration_since(self.at);
        }
        used
    }
}

/// What the machine asks of the transport and the front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    Send(Message),
    Event(NetEvent),
    /// Close the connection once what was sent before has arrived; the reason (already
    /// said to the peer) is for our player, empty when an event already said it.
    Close(String),
    /// Close the connection at once: the peer said its last word and waits for us to hang
    /// up (an event already said what happened).
    HangUp,
}

/// How the host sets up the match.
#[derive(Clone, Debug)]
pub struct HostConfig {
    pub name: String,
    pub rule: Rule,
    /// The side the host plays in the first game by the settings (X moves first, and
    /// opens a swap opening; the opening's choice may then give the colours the other way).
    pub side: Side,
    /// The opening rule of the match's games (on boards it applies to; free elsewhere).
    pub opening: OpeningRule,
    /// The time each side has for a game (the host's clock decides); none: no limit.
    pub time_limit: Option<Duration>,
    /// The token a joiner that comes back must show.
    pub token: Token,
    pub program: String,
}

/// Where the handshake stands.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Host: nobody admitted yet. Joiner: not yet welcomed.
    Waiting,
    /// Host: a caller waits to be admitted.
    Asking(String),
    /// Both: playing (the link may be down).
    Playing,
}

/// A token bucket limiting how many messages a peer may send.
#[derive(Clone, Debug)]
struct RateLimit {
    tokens: f64,
    at: Instant,
}

impl RateLimit {
    fn new(now: Instant) -> RateLimit {
        RateLimit {
            tokens: RATE_BURST,
            at: now,
        }
    }

    /// Takes one message's token; false when the peer is over its rate.
    fn take(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + elapsed * RATE_PER_SECOND).min(RATE_BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The state of the connection, when there is one.
#[derive(Clone, Debug)]
struct Link {
    /// Whether the handshake is done on this connection (welcome sent or received).
    ready: bool,
    /// When the joiner last said hello on this connection (it repeats until welcomed).
    hello: Instant,
    heard: Instant,
    pinged: Instant,
    ping: Option<(u64, Instant)>,
    rate: RateLimit,
}

/// One match between this program and a peer.
#[derive(Debug)]
pub struct Match {
    role: Role,
    name: String,
    program: String,
    token: Option<Token>,
    /// Host: the token the caller waiting for admission showed, which becomes the match's.
    caller_token: Option<Token>,
    /// Joiner: whether a welcome now resumes a game (one came before, or the joiner was
    /// started with the token of a game it left).
    resuming: bool,
    phase: Phase,
    link: Option<Link>,
    session: Session,
    /// The side this program's player has in this game by the settings (X: the first to
    /// move, the opener of a swap opening); its colour follows the opening's choice.
    side: Side,
    game: u32,
    ending: Option<Ending>,
    peer_name: String,
    /// The number the next act sent gets, and the acts sent but not acknowledged.
    next_seq: u32,
    unacked: VecDeque<(u32, Act)>,
    resent: Option<Instant>,
    /// How many of the peer's acts were applied (the number expected next).
    received: u32,
    my_offer: Option<(Offer, u32)>,
    peer_offer: Option<(Offer, u32)>,
    /// Time the peer has been away on its own turn, and whether claiming was announced.
    away: Duration,
    away_tick: Option<Instant>,
    claimable: bool,
    /// The time each side has for a game; none: no limit.
    time_limit: Option<Duration>,
    /// Host: time used by X and O, and when the current turn's time started counting.
    used: [Duration; 2],
    turn_tick: Option<Instant>,
    /// Joiner: the host's last clock message, and when it came.
    clock_seen: Option<([Duration; 2], Instant)>,
    nonce: u64,
    out: Vec<Output>,
}

fn session_for(rule: Rule, opening: OpeningRule) -> Session {
    let mut session = Session::new(Settings {
        rule,
        mode: Mode::Hotseat,
        ..Settings::default()
    });
    session.set_opening_rule(opening);
    session
}

/// A game of `rule` and `opening` replayed from its moves and the opening's choices (each
/// made where it is due); `whose` names the game in the error that says what is impossible.
fn replay_game(
    rule: Rule,
    opening: OpeningRule,
    moves: &[Cell],
    choices: &[Choice],
    whose: &str,
) -> Result<Session, String> {
    let mut session = session_for(rule, opening);
    let mut made = 0;
    for stones in 0..=moves.len() {
        while made < choices.len() && Opening::choice_point(made) == stones {
            session.choose(choices[made]).map_err(|e| {
                format!(
                    "{whose} is impossible at the opening's choice {}: {e}",
                    made + 1
                )
            })?;
            made += 1;
        }
        if let Some(cell) = moves.get(stones) {
            session
                .play(*cell)
                .map_err(|e| format!("{whose} is impossible at move {}: {e}", stones + 1))?;
        }
    }
    if made < choices.len() {
        return Err(format!(
            "{whose} is impossible: the opening's choice {} is due after the last move",
            made + 1
        ));
    }
    Ok(session)
}

impl Match {
    /// The host's side of a match, waiting for a caller.
    #[must_use]
    pub fn host(config: HostConfig) -> Match {
        let mut m = Match::new(Role::Host, &config.name, config.rule, &config.program);
        m.session = session_for(config.rule, config.opening);
        m.side = config.side;
        m.token = Some(config.token);
        m.time_limit = config.time_limit;
        m
    }

    /// The joiner's side; `resume` is the token from an earlier connection to this host.
    /// Without one, the joiner makes up its own and shows it from its first hello: the host
    /// takes it when it lets the joiner in, so a joiner whose welcome was lost with its
    /// connection is still known when it calls again.
    #[must_use]
    pub fn joiner(name: &str, program: &str, resume: Option<Token>) -> Match {
        let mut m = Match::new(Role::Joiner, name, Rule::TIC_TAC_TOE, program);
        m.resuming = resume.is_some();
        m.token = Some(resume.unwrap_or_else(|| Token(rand::random())));
        m
    }

    fn new(role: Role, name: &str, rule: Rule, program: &str) -> Match {
        Match {
            role,
            name: clean_name(name),
            program: clean_name(program),
            token: None,
            caller_token: None,
            resuming: false,
            phase: Phase::Waiting,
            link: None,
            session: session_for(rule, OpeningRule::Free),
            side: Side::X,
            game: 0,
            ending: None,
            peer_name: String::new(),
            next_seq: 0,
            unacked: VecDeque::new(),
            resent: None,
            received: 0,
            my_offer: None,
            peer_offer: None,
            away: Duration::ZERO,
            away_tick: None,
            claimable: false,
            time_limit: None,
            used: [Duration::ZERO; 2],
            turn_tick: None,
            clock_seen: None,
            nonce: 0,
            out: Vec::new(),
        }
    }

    /// Takes the outputs produced so far, oldest first.
    pub fn drain(&mut self) -> Vec<Output> {
        std::mem::take(&mut self.out)
    }

    #[must_use]
    pub fn role(&self) -> Role {
        self.role
    }

    /// The game on the board.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The colour this program's player plays: the side by the settings, unless the
    /// opening's choice gave the colours the other way round.
    #[must_use]
    pub fn side(&self) -> Side {
        self.colour_of(self.side)
    }

    /// The side this program's player has in this game by the settings: X opens a swap
    /// opening and moves first in any other.
    #[must_use]
    pub fn seat(&self) -> Side {
        self.side
    }

    /// The colour the player of settings side `seat` plays.
    fn colour_of(&self, seat: Side) -> Side {
        if self.session.opening().opener_side() == Side::X {
            seat
        } else {
            seat.other()
        }
    }

    /// Whether it is the turn (to move, or to choose in the opening) of the player of
    /// settings side `seat`.
    fn is_turn_of(&self, seat: Side) -> bool {
        !self.is_over()
            && match self.actor_now() {
                Actor::Seat(opening_seat) => seat == settings_side(opening_seat),
                Actor::Side(colour) => self.colour_of(seat) == colour,
            }
    }

    fn actor_now(&self) -> Actor {
        self.session.opening().actor_now(self.session.moves().len())
    }

    /// The colour whose time runs: that of whoever is to move or choose (during the
    /// opening, the opener's is X's and the chooser's O's, as the colours are by the
    /// settings until a choice gives them the other way round).
    fn running_side(&self) -> Side {
        match self.actor_now() {
            Actor::Seat(seat) => settings_side(seat),
            Actor::Side(colour) => colour,
        }
    }

    /// Whether the opening still asks for stones or a choice.
    #[must_use]
    pub fn in_opening(&self) -> bool {
        self.session.opening().is_open(self.session.moves().len())
    }

    /// How the game ended other than on the board, if it did.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether the game is over, on the board or otherwise.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ending.is_some() || self.session.outcome().is_some()
    }

    /// Whether the match is on: the host has let a player in, the joiner has been let in.
    #[must_use]
    pub fn is_admitted(&self) -> bool {
        self.phase == Phase::Playing
    }

    /// Whether the peer's player is connected.
    #[must_use]
    pub fn is_connected(&self) -> bool {
        self.ready()
    }

    /// Whether the connection is up and its handshake done.
    fn ready(&self) -> bool {
        self.link.as_ref().is_some_and(|link| link.ready)
    }

    /// The opponent's name, once known.
    #[must_use]
    pub fn peer_name(&self) -> &str {
        &self.peer_name
    }

    /// The resume token (the host's own; the joiner's once welcomed).
    #[must_use]
    pub fn token(&self) -> Option<Token> {
        self.token
    }

    /// The time each side has for a game, if the host set a limit.
    #[must_use]
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// Games of this match played before the one on the board.
    #[must_use]
    pub fn game_number(&self) -> u32 {
        self.game
    }

    /// The peer's offer waiting for our answer.
    #[must_use]
    pub fn pending_offer(&self) -> Option<Offer> {
        self.peer_offer.map(|(offer, _)| offer)
    }

    /// Our offer waiting for the peer's answer.
    #[must_use]
    pub fn my_offer(&self) -> Option<Offer> {
        self.my_offer.map(|(offer, _)| offer)
    }

    /// Host: the name of the caller waiting to be let in.
    #[must_use]
    pub fn asking(&self) -> Option<&str> {
        match &self.phase {
            Phase::Asking(name) => Some(name),
            _ => None,
        }
    }

    /// The game clock as this side knows it at `now`: the host measures it, the joiner
    /// has the host's last figures. `None` before the host has a figure to give.
    #[must_use]
    pub fn clock_view(&self, now: Instant) -> Option<ClockView> {
        let running =
            (self.phase == Phase::Playing && !self.is_over()).then(|| self.running_side());
        match self.role {
            Role::Host if self.phase == Phase::Playing => Some(ClockView {
                used: self.clock(now),
                at: now,
                running: self.turn_tick.and(running),
            }),
            Role::Host => None,
            Role::Joiner => self
                .clock_seen
                .map(|(used, at)| ClockView { used, at, running }),
        }
    }

    /// How the game on the board ended, for its record, and who won off the board.
    #[must_use]
    pub fn termination(&self) -> (Termination, Option<Side>) {
        match self.ending {
            Some(Ending::Resigned(side)) => (Termination::Resigned, Some(side.other())),
            Some(Ending::DrawAgreed) => (Termination::DrawAgreed, None),
            Some(Ending::Abandoned(side)) => (Termination::Abandoned, Some(side.other())),
            Some(Ending::OutOfTime(side)) => (Termination::OutOfTime, Some(side.other())),
            None if self.session.outcome().is_some() => (Termination::OnTheBoard, None),
            None => (Termination::Unfinished, None),
        }
    }

    /// Whether it is this program's player's turn, to move or to choose.
    #[must_use]
    pub fn is_my_turn(&self) -> bool {
        self.is_turn_of(self.side)
    }

    /// Host: whether a caller's first message is our joiner coming back (the transport then
    /// lets it replace a connection it has not yet seen drop, instead of answering busy).
    #[must_use]
    pub fn is_returning(&self, hello: &Message) -> bool {
        matches!(hello, Message::Hello { resume: Some(t), .. }
            if self.role == Role::Host && self.phase == Phase::Playing && Some(*t) == self.token)
    }

    fn emit(&mut self, event: NetEvent) {
        self.out.push(Output::Event(event));
    }

    fn send(&mut self, message: Message) {
        self.out.push(Output::Send(message));
    }
}

/// The side by the settings of a seat of the opening: the opener is X's player.
fn settings_side(seat: Seat) -> Side {
    match seat {
        Seat::Opener => Side::X,
        Seat::Chooser => Side::O,
    }
}

/// A duration in whole milliseconds, as messages and the kept match carry it.
fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

mod acts;
mod kept;
mod link;
mod peer_acts;

pub use kept::HostState;

#[cfg(test)]
mod tests;
