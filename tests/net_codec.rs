//! The network codec under property tests: random bytes never make the decoder panic or
//! hold more than one frame's cap, an announced frame over the cap is refused before its
//! body is stored, and every message survives encoding and decoding however the bytes are
//! split.

use proptest::prelude::*;
use tictactoe::game::{Choice, OpeningRule};
use tictactoe::net::codec::{CodecError, Decoder, MAX_FRAME, encode};
use tictactoe::net::message::{Act, Ending, Message, Offer, PROTOCOL, Snapshot, Token};
use tictactoe::rules::{Cell, Rule, Side};

fn cell() -> impl Strategy<Value = Cell> {
    (0usize..20, 0usize..20).prop_map(|(row, col)| Cell::new(row, col))
}

fn offer() -> impl Strategy<Value = Offer> {
    prop_oneof![Just(Offer::Undo), Just(Offer::Draw), Just(Offer::Rematch)]
}

fn side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::X), Just(Side::O)]
}

fn act() -> impl Strategy<Value = Act> {
    prop_oneof![
        (any::<u32>(), cell()).prop_map(|(ply, cell)| Act::Move { ply, cell }),
        (offer(), any::<u32>()).prop_map(|(offer, ply)| Act::Offer { offer, ply }),
        (offer(), any::<bool>()).prop_map(|(offer, accept)| Act::Reply { offer, accept }),
        (any::<u32>(), choice()).prop_map(|(ply, choice)| Act::Choose { ply, choice }),
        Just(Act::Resign {}),
        Just(Act::Claim {}),
        Just(Act::Flag {}),
    ]
}

fn choice() -> impl Strategy<Value = Choice> {
    prop_oneof![
        Just(Choice::Black),
        Just(Choice::White),
        Just(Choice::PlaceTwo)
    ]
}

fn opening() -> impl Strategy<Value = OpeningRule> {
    prop_oneof![
        Just(OpeningRule::Free),
        Just(OpeningRule::Swap),
        Just(OpeningRule::Swap2)
    ]
}

fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 éü中文]{0,32}"
}

fn snapshot() -> impl Strategy<Value = Snapshot> {
    let ending = prop_oneof![
        Just(None),
        side().prop_map(|s| Some(Ending::Resigned(s))),
        Just(Some(Ending::DrawAgreed)),
        side().prop_map(|s| Some(Ending::Abandoned(s))),
        side().prop_map(|s| Some(Ending::OutOfTime(s))),
    ];
    (
        side(),
        any::<u32>(),
        prop::collection::vec(cell(), 0..400),
        ending,
        any::<u32>(),
        any::<u32>(),
        prop::option::of(any::<u64>()),
        opening(),
        prop::collection::vec(choice(), 0..3),
    )
        .prop_map(
            |(seat, game, moves, ending, received, sent, limit, opening, choices)| Snapshot {
                rule: Rule::new(20, 20, 5, false).unwrap(),
                seat,
                time_limit_ms: limit,
                game,
                moves,
                opening,
                choices,
                ending,
                received,
                sent,
                answer: None,
            },
        )
}

fn message() -> impl Strategy<Value = Message> {
    prop_oneof![
        (text(), text(), prop::option::of(any::<u128>())).prop_map(|(program, name, t)| {
            Message::Hello {
                protocol: PROTOCOL,
                program,
                name,
                resume: t.map(Token),
            }
        }),
        (text(), any::<u128>(), snapshot()).prop_map(|(name, t, snapshot)| Message::Welcome {
            protocol: PROTOCOL,
            name,
            token: Token(t),
            snapshot,
        }),
        Just(Message::Busy {}),
        text().prop_map(|reason| Message::Refused { reason }),
        (any::<u32>(), act()).prop_map(|(seq, act)| Message::Act { seq, act }),
        any::<u32>().prop_map(|next| Message::Ack { next }),
        any::<u64>().prop_map(|nonce| Message::Ping { nonce }),
        any::<u64>().prop_map(|nonce| Message::Pong { nonce }),
        (any::<u64>(), any::<u64>()).prop_map(|(x_ms, o_ms)| Message::Clock { x_ms, o_ms }),
        text().prop_map(|reason| Message::Bye { reason }),
        Just(Message::Leave {}),
    ]
}

proptest! {
    #[test]
    fn random_bytes_never_panic_nor_grow_past_the_cap(
        chunks in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..64), 0..32)
    ) {
        let mut decoder = Decoder::new();
        for chunk in &chunks {
            let _ = decoder.push(chunk);
            prop_assert!(decoder.buffered() <= 4 + MAX_FRAME);
        }
    }

    #[test]
    fn every_message_round_trips_however_split(
        messages in prop::collection::vec(message(), 1..6),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        let bytes: Vec<u8> = messages.iter().flat_map(encode).collect();
        let mut points: Vec<usize> = cuts.iter().map(|i| i.index(bytes.len() + 1)).collect();
        points.push(0);
        points.push(bytes.len());
        points.sort_unstable();
        let mut decoder = Decoder::new();
        let mut decoded = Vec::new();
        for pair in points.windows(2) {
            decoded.extend(decoder.push(&bytes[pair[0]..pair[1]]).unwrap());
        }
        prop_assert_eq!(decoded, messages);
        prop_assert_eq!(decoder.buffered(), 0);
    }

    #[test]
    fn an_oversized_frame_is_refused_from_its_header(
        length in (MAX_FRAME as u32 + 1)..=u32::MAX,
        tail in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let mut bytes = length.to_be_bytes().to_vec();
        bytes.extend_from_slice(&tail);
        let mut decoder = Decoder::new();
        prop_assert_eq!(decoder.push(&bytes), Err(CodecError::TooLarge(length as usize)));
        prop_assert_eq!(decoder.buffered(), 0);
        // Broken for good: the connection is to be closed.
        let busy = encode(&Message::Busy {});
        prop_assert!(decoder.push(&busy).is_err());
    }
}

#[test]
fn a_frame_at_the_cap_is_read_and_one_past_it_is_not() {
    let body = |len: usize| {
        let padding = len - r#"{"type":"bye","reason":""}"#.len();
        format!(r#"{{"type":"bye","reason":"{}"}}"#, " ".repeat(padding))
    };
    for (len, fits) in [(MAX_FRAME, true), (MAX_FRAME + 1, false)] {
        let text = body(len);
        let mut frame = (text.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(text.as_bytes());
        let result = Decoder::new().push(&frame);
        if fits {
            // Read, then refused by validation for its long text, not by size.
            assert!(matches!(result, Err(CodecError::Invalid(_))), "{result:?}");
        } else {
            assert_eq!(result, Err(CodecError::TooLarge(MAX_FRAME + 1)));
        }
    }
}

#[test]
fn unknown_types_and_fields_are_refused_with_a_message() {
    for text in [
        r#"{"type":"teleport"}"#,
        r#"{"type":"busy","extra":1}"#,
        r#"{"type":"act","seq":1,"act":{"kind":"resign","extra":1}}"#,
        r#"{"type":"act","seq":1,"act":{"kind":"move","ply":0,"cell":{"row":0,"col":0},"file":"/etc/passwd"}}"#,
        r#"{"type":"welcome","protocol":1,"name":"a","token":"zz","snapshot":null}"#,
        "[1,2,3]",
        "",
    ] {
        let mut frame = (text.len() as u32).to_be_bytes().to_vec();
        frame.extend_from_slice(text.as_bytes());
        let result = Decoder::new().push(&frame);
        match result {
            Err(CodecError::Malformed(reason)) => assert!(!reason.is_empty()),
            other => panic!("{text}: {other:?}"),
        }
    }
}
