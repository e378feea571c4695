//! Network play: two people on two computers playing one game. The layers, bottom up:
//! [`message`] (what is said) and [`codec`] (how it is framed, with a size cap checked
//! before anything is stored); [`machine`] (the match as a state machine without I/O:
//! local actions, peer messages and clock ticks in, messages and events out);
//! [`transport`] (iroh: QUIC with TLS 1.3 between endpoints dialled by ticket) and
//! [`worker`] (the match and the transport on a thread of their own, behind channels, for
//! the command line and the window); [`lan`] (open games announced and found on the local
//! network); [`keep`] (a hosted match kept on disk, taken up again after a restart);
//! [`bench`] (figures on loopback).

pub mod bench;
pub mod codec;
pub mod keep;
pub mod lan;
pub mod machine;
pub mod message;
pub mod transport;
pub mod worker;

pub use codec::{CodecError, Decoder, MAX_FRAME, encode};
pub use machine::{
    Action, ActionError, ClockView, HostConfig, HostState, Match, NetEvent, Output, Role,
};
pub use message::{Act, Ending, Message, Offer, PROTOCOL, Snapshot, Token};
pub use transport::{NetConfig, NetError};
pub use worker::{NetHandle, Options, Start, Update, View, WorkerCommand};
