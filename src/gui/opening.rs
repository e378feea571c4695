//! Swap and swap2 openings in the window: the openings' names and what each does (for the
//! panel's "Opening" row, kept as a preference, greyed on boards that open freely), what the
//! status line asks while the opening goes on, the buttons of a person's choice (which the
//! status area draws), and the computer's part, asked of the
//! driver's moves lane so the window never waits (see [`crate::game::opening`] for the
//! rules and [`crate::game::SwapRequest`] for the engine's decisions).

use std::time::{Duration, Instant};

use crate::engine::{PlayerKind, Score};
use crate::game::{
    Choice, Driver, Mode, OpeningRule, Pending, Player, Seat, Session, Step, SwapAnswer,
    SwapRequest,
};
use crate::rules::{Cell, Side};
use crate::t;

use super::lab::words::percent;
use super::naming::Naming;
use crate::lab::review::{GOMOKU_SCALE, expected_score};

/// Its name in the panel: "Free", "Swap", "Swap2".
#[must_use]
pub fn name(rule: OpeningRule) -> String {
    match rule {
        OpeningRule::Free => t!("opening-free"),
        OpeningRule::Swap => t!("opening-swap"),
        OpeningRule::Swap2 => t!("opening-swap2"),
    }
}

pub fn about(rule: OpeningRule) -> String {
    match rule {
        OpeningRule::Free => t!("opening-free-about"),
        OpeningRule::Swap => t!("opening-swap-about"),
        OpeningRule::Swap2 => t!("opening-swap2-about"),
    }
}

/// Who sits in `seat`: "you", "computer", "player 1".
fn who(session: &Session, seat: Seat) -> String {
    let players = session.settings().players();
    match (&players[seat.index()], session.settings().mode) {
        (Player::Human, Mode::Hotseat) => match seat {
            Seat::Opener => t!("who-player-1"),
            Seat::Chooser => t!("who-player-2"),
        },
        (Player::Human, _) => t!("who-you"),
        // An engine from outside never sits in a swap opening (Session::opening_for).
        (Player::Computer(_) | Player::Engine(_), _) => t!("opening-who-computer"),
    }
}

/// What the status line asks while the opening goes on: "Opening stone 2 of 3: White -
/// you", "Choose, or place two - player 2"; `None` once it is over.
#[must_use]
pub fn headline(session: &Session, naming: Naming, thinking: bool) -> Option<String> {
    if session.outcome().is_some() {
        return None;
    }
    if thinking {
        return match session.opening_step() {
            Step::Play => None,
            Step::Place { .. } => Some(t!("opening-computer-placing")),
            Step::Choose { .. } => Some(t!("opening-computer-choosing")),
        };
    }
    asked_of(session, naming, &|seat| who(session, seat))
}

/// What the opening asks now and of whom, each seat named by `who` ("you", a network
/// opponent's name): "Opening stone 2 of 3: White - you"; `None` once it is over.
#[must_use]
pub fn asked_of(session: &Session, naming: Naming, who: &dyn Fn(Seat) -> String) -> Option<String> {
    let side = naming.side(session.position().side_to_move());
    let text = match session.opening_step() {
        Step::Play => return None,
        Step::Place { seat, number, of } if seat == Seat::Opener => t!(
            "opening-place",
            number = number,
            of = of,
            side = side,
            who = who(seat)
        ),
        Step::Place { seat, number, .. } => t!(
            "opening-place-two",
            number = number,
            side = side,
            who = who(seat)
        ),
        Step::Choose { seat, place_two } => {
            let who = who(seat);
            if place_two {
                t!("opening-choose-or-two", who = who)
            } else {
                t!("opening-choose", who = who)
            }
        }
    };
    Some(text)
}

/// One button of a choice: the choice, its text and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceButton {
    pub choice: Choice,
    pub text: String,
    pub about: String,
}

/// The buttons of a choice when a person is to make it, right to left (the status line's
/// tail): "Place two more", "Play White", "Play Black"; none otherwise.
#[must_use]
pub fn choices(session: &Session, naming: Naming) -> Vec<ChoiceButton> {
    let Step::Choose { place_two, .. } = session.opening_step() else {
        return Vec::new();
    };
    if session.player_to_move() != Some(&Player::Human) {
        return Vec::new();
    }
    choice_list(place_two, naming)
}

/// The buttons of a choice, right to left; `place_two` when swap2's two more stones are
/// offered.
#[must_use]
pub fn choice_list(place_two: bool, naming: Naming) -> Vec<ChoiceButton> {
    let (black, white) = (naming.side(Side::X), naming.side(Side::O));
    let mut buttons = Vec::new();
    if place_two {
        let about = t!(
            "opening-button-two-about",
            white = white.clone(),
            black = black.clone()
        );
        buttons.push(ChoiceButton {
            choice: Choice::PlaceTwo,
            text: t!("opening-button-two"),
            about,
        });
    }
    buttons.push(ChoiceButton {
        choice: Choice::White,
        text: t!("opening-button-side", side = white.clone()),
        about: t!("opening-button-white-about", side = white.clone()),
    });
    buttons.push(ChoiceButton {
        choice: Choice::Black,
        text: t!("opening-button-side", side = black.clone()),
        about: t!("opening-button-black-about", side = black, other = white),
    });
    buttons
}

/// What the computer's decision was and why, for the note under the status line (its
/// evaluation is White's, White being to move when a colour is chosen).
#[must_use]
pub fn explain(answer: &SwapAnswer, naming: Naming) -> Option<String> {
    // White's expected score as a percentage, the way the review shows an evaluation.
    let value = |score: &Score| percent(expected_score(*score, GOMOKU_SCALE));
    let white = naming.side(Side::O);
    let text = match answer {
        SwapAnswer::Placed { stones, score } => t!(
            "opening-computer-placed",
            stones = naming.line_short(stones),
            percent = value(score),
            white = white
        ),
        SwapAnswer::Chose {
            choice: Choice::Black,
            score,
            ..
        } => t!(
            "opening-computer-black",
            side = naming.side(Side::X),
            percent = value(score),
            white = white
        ),
        SwapAnswer::Chose {
            choice: Choice::White,
            score,
            ..
        } => t!(
            "opening-computer-white",
            side = white,
            percent = value(score)
        ),
        SwapAnswer::Chose {
            choice: Choice::PlaceTwo,
            stones,
            score,
        } => t!(
            "opening-computer-two",
            stones = naming.line_short(stones),
            percent = value(score),
            white = white
        ),
        SwapAnswer::Failed(_) => return None,
    };
    Some(text)
}

/// The computer's part of the opening: the decision asked for the position of one
/// generation (and since when), while it is being worked out.
pub struct OpeningComputer {
    driver: Driver,
    asked: Pending<u64, SwapAnswer, Instant>,
}

impl OpeningComputer {
    #[must_use]
    pub fn new(driver: Driver) -> OpeningComputer {
        OpeningComputer {
            driver,
            asked: Pending::default(),
        }
    }

    /// Since when the computer has been deciding, if it is.
    #[must_use]
    pub fn thinking_since(&self) -> Option<Instant> {
        let (_, since) = self.asked.asked()?;
        self.asked.is_running().then_some(*since)
    }

    /// Asks for the computer's decision when the opening waits for the computer, unless
    /// it was asked for this position already or `held` (a failure shown, waiting for Try
    /// again); stops one no longer wanted.
    pub fn drive(&mut self, session: &Session, held: bool) {
        let step = session.opening_step();
        let computer = match session.player_to_move() {
            Some(Player::Computer(kind)) if step != Step::Play => kind.clone(),
            _ => {
                self.asked.forget();
                return;
            }
        };
        let generation = session.generation();
        if held || self.asked.is_running_for(&generation) {
            return;
        }
        let request = SwapRequest {
            position: session.position().clone(),
            step,
            time: time_per_move(&computer),
        };
        let ticket = self.driver.request(request);
        self.asked.ask(generation, ticket, Instant::now());
    }

    /// The computer's decision for the position on the board, once it has come.
    pub fn poll(&mut self, session: &Session) -> Option<SwapAnswer> {
        let (answer, _) = self.asked.next(&session.generation())?;
        Some(answer)
    }
}

/// The computer's time for a move, which its decisions share.
fn time_per_move(kind: &PlayerKind) -> Option<Duration> {
    match kind {
        PlayerKind::Engine {
            time_ms: Some(ms), ..
        } => Some(Duration::from_millis(*ms)),
        _ => None,
    }
}

/// Plays the computer's decision: its stones, or its choice and any stones that come with
/// it. Returns why it could not be applied (never expected: the engine's stones are legal).
pub fn apply(session: &mut Session, answer: &SwapAnswer) -> Result<(), String> {
    let stones: &[Cell] = match answer {
        SwapAnswer::Placed { stones, .. } => stones,
        SwapAnswer::Chose { choice, stones, .. } => {
            session.choose(*choice).map_err(|e| e.to_string())?;
            stones
        }
        SwapAnswer::Failed(message) => return Err(message.clone()),
    };
    for &cell in stones {
        session.play(cell).map_err(|e| e.to_string())?;
    }
    Ok(())
}
