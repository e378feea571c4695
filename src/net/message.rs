//! The messages two players' programs exchange, and the checks every message passes before
//! the match looks at it. Messages are JSON objects tagged by `type`; an unknown type or an
//! unknown field is refused by the decoder, so a peer cannot smuggle anything past it.

use serde::{Deserialize, Serialize};

use crate::game::{Choice, OpeningRule};
use crate::rules::rule::MAX_SIDE;
use crate::rules::{Cell, Rule, Side};

/// The protocol version this program speaks; named in the first exchange. Version 2 added
/// [`Message::Leave`] (a player leaving the match, told apart from a connection closing);
/// version 3 the opening rules (the snapshot's opening and choices, [`Act::Choose`]).
pub const PROTOCOL: u32 = 3;

/// The longest player name accepted, in characters.
pub const MAX_NAME: usize = 32;
/// The longest free-text reason accepted, in characters.
pub const MAX_REASON: usize = 200;
/// The most moves a game can hold (the largest board's cells).
pub const MAX_MOVES: usize = MAX_SIDE * MAX_SIDE;
/// The most choices an opening holds (swap2: place two more, then a colour).
pub const MAX_CHOICES: usize = 2;

/// A resume token: the host's proof that a returning caller is the player who left.
/// Written as 32 hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Token(pub u128);

impl TryFrom<String> for Token {
    type Error = String;

    fn try_from(text: String) -> Result<Token, String> {
        text.parse()
    }
}

impl From<Token> for String {
    fn from(token: Token) -> String {
        token.to_string()
    }
}

impl std::fmt::Display for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

impl std::str::FromStr for Token {
    type Err = String;

    fn from_str(text: &str) -> Result<Token, String> {
        let ok = text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit());
        match u128::from_str_radix(text, 16) {
            Ok(value) if ok => Ok(Token(value)),
            _ => Err("a resume token is 32 hexadecimal digits".to_string()),
        }
    }
}

/// Something one player asks and the other must accept before it happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Offer {
    /// Take back moves until it is the asking player's turn again.
    Undo,
    /// End the game as a draw.
    Draw,
    /// Start a new game on the same board, the sides swapped.
    Rematch,
}

/// How a game ended other than on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// `side` resigned.
    Resigned(Side),
    /// Both agreed to a draw.
    DrawAgreed,
    /// `side` was away on its turn too long and the other side claimed the win.
    Abandoned(Side),
    /// `side` used up its time on the host's clock.
    OutOfTime(Side),
}

/// The game as the host holds it, sent to a joiner when it arrives or returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Snapshot {
    pub rule: Rule,
    /// The side the joiner plays by the settings (X opens a swap opening); its colour
    /// follows the opening's choices.
    pub seat: Side,
    /// The time each side has for a game, in milliseconds; none: no limit.
    pub time_limit_ms: Option<u64>,
    /// Games played before this one in the match (rematches).
    pub game: u32,
    pub moves: Vec<Cell>,
    /// The opening rule of the match's games (swap and swap2 on 15x15 five in a row).
    pub opening: OpeningRule,
    /// The opening's choices made in this game, in order (see [`crate::game::Opening`]).
    pub choices: Vec<Choice>,
    pub ending: Option<Ending>,
    /// How many of the joiner's numbered messages the host has applied.
    pub received: u32,
    /// How many numbered messages the host has sent (the joiner has them all in `moves`).
    pub sent: u32,
    /// The host's last answer to an offer, if the joiner had not acknowledged it: the
    /// joiner learns whether its offer was taken (the moves and ending already show it).
    pub answer: Option<OfferAnswer>,
}

/// An answer to an offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferAnswer {
    pub offer: Offer,
    pub accept: bool,
}

/// A numbered message: something that changes the game and must arrive exactly once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Act {
    /// A stone on `cell`; `ply` is the number of moves before it (a check on both sides).
    Move { ply: u32, cell: Cell },
    /// A choice of the opening (a colour, or swap2's two more stones) made when the game had
    /// `ply` moves.
    Choose { ply: u32, choice: Choice },
    /// An offer made when the game had `ply` moves.
    Offer { offer: Offer, ply: u32 },
    /// The answer to the peer's offer.
    Reply { offer: Offer, accept: bool },
    /// The sender resigns. (Variants without fields are written with braces so that a
    /// field added on the wire is refused, as in every other variant.)
    Resign {},
    /// The sender claims the win: the peer was away too long on its turn.
    Claim {},
    /// Host only: the side to move has used up its time on the host's clock.
    Flag {},
}

/// One message on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Message {
    /// The joiner's first message: its protocol, program version and name, and its token
    /// and count of the host's messages it has applied when it comes back.
    Hello {
        protocol: u32,
        program: String,
        name: String,
        resume: Option<Token>,
    },
    /// The host's answer to a welcome joiner.
    Welcome {
        protocol: u32,
        name: String,
        token: Token,
        snapshot: Snapshot,
    },
    /// The host already has an opponent.
    Busy {},
    /// The host refused (declined, or a protocol version mismatch); says why.
    Refused {
        reason: String,
    },
    /// A numbered act.
    Act {
        seq: u32,
        act: Act,
    },
    /// All numbered messages below `next` arrived.
    Ack {
        next: u32,
    },
    /// A round-trip measurement.
    Ping {
        nonce: u64,
    },
    Pong {
        nonce: u64,
    },
    /// The host's clock: milliseconds each side has used in this game.
    Clock {
        x_ms: u64,
        o_ms: u64,
    },
    /// The sender is closing this connection and says why; the match goes on (the joiner
    /// may call again).
    Bye {
        reason: String,
    },
    /// The sender's player leaves the match: the host does not wait to be called again
    /// after a finished game, and the joiner stops calling a host that left.
    Leave {},
}

/// Why a message was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidMessage {
    #[error("the name is longer than {MAX_NAME} characters or holds control characters")]
    BadName,
    #[error("the text is longer than {MAX_REASON} characters or holds control characters")]
    BadText,
    #[error("the game holds more than {MAX_MOVES} moves")]
    TooManyMoves,
    #[error("the opening holds more than {MAX_CHOICES} choices")]
    TooManyChoices,
    #[error("the program version is longer than {MAX_NAME} characters")]
    BadProgram,
}

fn plain_text(text: &str, max: usize) -> bool {
    text.chars().count() <= max && !text.chars().any(char::is_control)
}

/// The characters that change the direction text is drawn in (a name holding a
/// right-to-left override could show another name, or move a key printed after it).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

impl Message {
    /// Checks what the decoder cannot: text lengths and characters, and the size of a
    /// snapshot. Moves are checked against the board by the match, which knows it.
    pub fn validate(&self) -> Result<(), InvalidMessage> {
        match self {
            Message::Hello { program, name, .. } => {
                if !plain_text(program, MAX_NAME) {
                    return Err(InvalidMessage::BadProgram);
                }
                check_name(name)
            }
            Message::Welcome { name, snapshot, .. } => {
                check_name(name)?;
                if snapshot.moves.len() > MAX_MOVES {
                    return Err(InvalidMessage::TooManyMoves);
                }
                if snapshot.choices.len() > MAX_CHOICES {
                    return Err(InvalidMessage::TooManyChoices);
                }
                Ok(())
            }
            Message::Refused { reason } | Message::Bye { reason } => {
                if plain_text(reason, MAX_REASON) {
                    Ok(())
                } else {
                    Err(InvalidMessage::BadText)
                }
            }
            _ => Ok(()),
        }
    }
}

fn check_name(name: &str) -> Result<(), InvalidMessage> {
    if plain_text(name, MAX_NAME) {
        Ok(())
    } else {
        Err(InvalidMessage::BadName)
    }
}

/// A reason as the other side will accept it: control characters dropped, cut to
/// [`MAX_REASON`] characters (an error's text can be longer).
#[must_use]
pub fn clean_reason(reason: &str) -> String {
    let mut text: String = reason.chars().filter(|c| !c.is_control()).collect();
    if text.chars().count() > MAX_REASON {
        text = text.chars().take(MAX_REASON - 1).collect();
        text.push('…');
    }
    text
}

/// A name as the other side will accept it and as this side shows it: control and
/// direction-changing characters dropped, cut to [`MAX_NAME`] characters.
#[must_use]
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .take(MAX_NAME)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_and_control_names_are_refused() {
        let hello = |name: &str| Message::Hello {
            protocol: PROTOCOL,
            program: "0.1.0".into(),
            name: name.into(),
            resume: None,
        };
        assert_eq!(hello("Ann").validate(), Ok(()));
        assert_eq!(
            hello(&"a".repeat(MAX_NAME + 1)).validate(),
            Err(InvalidMessage::BadName)
        );
        assert_eq!(hello("a\u{1b}[2J").validate(), Err(InvalidMessage::BadName));
        assert_eq!(clean_name("a\u{1b}b"), "ab");
        assert_eq!(clean_name("\u{202e}nnA\u{2066}"), "nnA");
        let long = Message::Bye {
            reason: clean_reason(&"x".repeat(3 * MAX_REASON)),
        };
        assert_eq!(long.validate(), Ok(()));
    }

    /// The words on the wire are the protocol: a type renamed in the code must keep them.
    #[test]
    fn acts_and_endings_keep_their_words_on_the_wire() {
        let act = |act: Act| serde_json::to_string(&Message::Act { seq: 1, act }).unwrap();
        assert_eq!(
            act(Act::Resign {}),
            r#"{"type":"act","seq":1,"act":{"kind":"resign"}}"#
        );
        assert_eq!(
            act(Act::Reply {
                offer: Offer::Draw,
                accept: true
            }),
            r#"{"type":"act","seq":1,"act":{"kind":"reply","offer":"draw","accept":true}}"#
        );
        let endings = [
            (Ending::Resigned(Side::X), r#"{"resigned":"X"}"#),
            (Ending::DrawAgreed, r#""draw-agreed""#),
            (Ending::Abandoned(Side::O), r#"{"abandoned":"O"}"#),
            (Ending::OutOfTime(Side::O), r#"{"out-of-time":"O"}"#),
        ];
        for (ending, text) in endings {
            assert_eq!(serde_json::to_string(&ending).unwrap(), text);
            assert_eq!(serde_json::from_str::<Ending>(text).unwrap(), ending);
        }
        let answer = OfferAnswer {
            offer: Offer::Undo,
            accept: false,
        };
        let text = r#"{"offer":"undo","accept":false}"#;
        assert_eq!(serde_json::to_string(&answer).unwrap(), text);
    }
}
