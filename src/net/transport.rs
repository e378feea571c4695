//! The transport on iroh: an endpoint (QUIC with TLS 1.3, dialled by its key), the ticket
//! a host shares, and one bidirectional stream per connection carrying frames. Direct
//! paths by hole punching, a relay when they fail; `local_only` turns off relays and
//! address look-ups (a LAN without internet, and every test).

use std::net::SocketAddr;
use std::str::FromStr;
use std::time::Duration;

use iroh::endpoint::{Connection, RecvStream, SendStream, presets};
use iroh::{Endpoint, EndpointAddr, RelayMode, RelayUrl};
use iroh_tickets::endpoint::EndpointTicket;
use tokio::sync::mpsc;

use super::codec::{Decoder, encode};
use super::message::Message;

/// The protocol name both ends must agree on in the TLS handshake.
pub const ALPN: &[u8] = b"tictactoe/net/1";

/// How long binding may wait for the endpoint's own addresses to be known.
const ADDRESS_WAIT: Duration = Duration::from_secs(5);
/// How long the ticket waits for the home relay to be reached.
const RELAY_WAIT: Duration = Duration::from_secs(5);
/// How long dialling a ticket may take.
pub const DIAL_LIMIT: Duration = Duration::from_secs(20);
/// How long writing one frame may take before the connection counts as lost.
const WRITE_LIMIT: Duration = Duration::from_secs(10);

/// Where and how an endpoint reaches its peer.
#[derive(Clone, Debug, Default)]
pub struct NetConfig {
    /// No relays and no address look-up: direct addresses only (a LAN, or tests).
    pub local_only: bool,
    /// A relay server to use instead of n0's public ones.
    pub relay: Option<String>,
    /// The local address to bind (default: every interface, any port).
    pub bind: Option<SocketAddr>,
}

/// Why the network could not be used.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    #[error("{0}")]
    BadTicket(String),
    /// A ticket whose check does not match: a character was changed or lost on the way.
    #[error(
        "this ticket is damaged: a character was changed or lost; copy the whole line again, or ask the host for it again"
    )]
    DamagedTicket,
    #[error("not a relay address: {0}")]
    BadRelay(String),
    #[error("could not open the network endpoint: {0}")]
    Bind(String),
    #[error("could not reach the host: {0}")]
    Dial(String),
    /// The endpoint at the ticket's address has another key: the ticket was changed or
    /// belongs to another game. Calling again cannot help.
    #[error(
        "the ticket does not match the host at its address (its key differs): copy the whole ticket again"
    )]
    WrongKey(String),
    #[error("the connection failed: {0}")]
    Connection(String),
}

/// Whether `text` is a relay server's address.
pub fn check_relay(text: &str) -> Result<(), String> {
    RelayUrl::from_str(text)
        .map(|_| ())
        .map_err(|e| format!("not a relay address: {e}"))
}

/// Who an endpoint is and where it listens when a hosted match is taken up again: the
/// same secret key, and the same sockets when they are given.
#[derive(Clone, Debug)]
pub struct Identity {
    pub key: [u8; 32],
    pub sockets: Vec<SocketAddr>,
}

/// Opens an endpoint as `config` says, with `identity`'s key and sockets when given (a new
/// key and the configured sockets otherwise).
pub async fn bind(config: &NetConfig, identity: Option<&Identity>) -> Result<Endpoint, NetError> {
    let mut builder = if config.local_only {
        Endpoint::builder(presets::Minimal).relay_mode(RelayMode::Disabled)
    } else {
        Endpoint::builder(presets::N0)
    };
    if let Some(relay) = &config.relay {
        let url =
            RelayUrl::from_str(relay).map_err(|e| NetError::BadRelay(format!("{relay}: {e}")))?;
        builder = builder.relay_mode(RelayMode::custom([url]));
    }
    let sockets = identity.map_or(&[][..], |identity| &identity.sockets[..]);
    if let Some(identity) = identity {
        builder = builder.secret_key(iroh::SecretKey::from_bytes(&identity.key));
    }
    if !sockets.is_empty() {
        builder = builder.clear_ip_transports();
        for addr in sockets {
            builder = builder
                .bind_addr(*addr)
                .map_err(|e| NetError::Bind(e.to_string()))?;
        }
    } else if let Some(addr) = config.bind {
        // Only the address asked for: without clearing, the default sockets on every
        // interface (IPv4 and IPv6) stay bound beside it.
        builder = builder
            .clear_ip_transports()
            .bind_addr(addr)
            .map_err(|e| NetError::Bind(e.to_string()))?;
    }
    let endpoint = builder
        .alpns(vec![ALPN.to_vec()])
        .bind()
        .await
        .map_err(|e| NetError::Bind(e.to_string()))?;
    Ok(endpoint)
}

/// The identity of an open endpoint: its secret key and the sockets it listens on.
#[must_use]
pub fn identity(endpoint: &Endpoint) -> Identity {
    Identity {
        key: endpoint.secret_key().to_bytes(),
        sockets: endpoint.bound_sockets(),
    }
}

/// The ticket naming this endpoint: its key, its local addresses and, when it uses relays
/// and reaches one within [`RELAY_WAIT`], its home relay (a friend across the internet
/// dials through it; without internet the ticket still carries the local addresses). See
/// [`ticket_text`] for how it is written.
pub async fn ticket(endpoint: &Endpoint, config: &NetConfig) -> String {
    let deadline = tokio::time::Instant::now() + ADDRESS_WAIT;
    let mut addr = endpoint.addr();
    while addr.ip_addrs().next().is_none() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
        addr = endpoint.addr();
    }
    let relays = !config.local_only || config.relay.is_some();
    if relays
        && tokio::time::timeout(RELAY_WAIT, endpoint.online())
            .await
            .is_ok()
    {
        addr = endpoint.addr();
    }
    ticket_text(addr)
}

/// How a game ticket starts (the format's version is its last character).
pub const TICKET_PREFIX: &str = "ttt1";
/// How an iroh endpoint ticket starts (the format of tickets before [`TICKET_PREFIX`]).
const IROH_PREFIX: &str = "endpoint";
/// The characters the check is written in: those of the ticket's base32 body.
const CHECK_ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
/// The check's length: 7 characters carry its 32 bits.
const CHECK_LEN: usize = 7;

/// The ticket for `addr`: [`TICKET_PREFIX`], the iroh endpoint ticket's base32 body (the
/// key and the addresses), and 7 characters of a CRC-32 over everything before them, so
/// that a ticket copied by hand with a character changed (always) or lost (but for one
/// chance in 4 billion) is refused at once instead of dialling an address that is not the
/// host's.
#[must_use]
pub fn ticket_text(addr: EndpointAddr) -> String {
    let iroh = EndpointTicket::new(addr).to_string();
    let body = iroh.strip_prefix(IROH_PREFIX).unwrap_or(&iroh);
    let mut text = format!("{TICKET_PREFIX}{body}");
    text.push_str(&check(&text));
    text
}

/// The check of `text`: its CRC-32 in [`CHECK_LEN`] characters of [`CHECK_ALPHABET`].
fn check(text: &str) -> String {
    // CRC-32 (the IEEE polynomial, as zip and PNG use): any change within 32 bits in a row
    // (one character, or two side by side swapped) changes it.
    let crc = crc32fast::hash(text.as_bytes());
    (0..CHECK_LEN)
        .rev()
        .map(|i| char::from(CHECK_ALPHABET[((crc >> (5 * i)) & 31) as usize]))
        .collect()
}

/// The address a ticket names. Spaces and line breaks inside it are dropped and capitals
/// read as small letters (a ticket copied from a wrapped line or typed by hand); a ticket
/// whose check does not match is [`NetError::DamagedTicket`]; an iroh endpoint ticket
/// (the format before the check) is still read.
pub fn parse_ticket(text: &str) -> Result<EndpointAddr, NetError> {
    let text: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let not_one = |why: &str| NetError::BadTicket(format!("not a game ticket: {why}"));
    let iroh = if let Some(rest) = text.strip_prefix(TICKET_PREFIX) {
        let cut = rest
            .len()
            .checked_sub(CHECK_LEN)
            .filter(|&cut| cut > 0 && rest.is_char_boundary(cut))
            .ok_or(NetError::DamagedTicket)?;
        let whole = &text[..TICKET_PREFIX.len() + cut];
        if check(whole) != rest[cut..] {
            return Err(NetError::DamagedTicket);
        }
        format!("{IROH_PREFIX}{}", &rest[..cut])
    } else if text.starts_with(IROH_PREFIX) {
        text
    } else {
        return Err(not_one(&format!(
            "a ticket is the whole line the host printed, starting with {TICKET_PREFIX}"
        )));
    };
    let ticket = EndpointTicket::from_str(&iroh).map_err(|_| {
        not_one("it could not be read (cut short, or made by another version of the program)")
    })?;
    Ok(ticket.endpoint_addr().clone())
}

/// A short fingerprint of the peer's key, to compare by voice or chat.
#[must_use]
pub fn fingerprint(connection: &Connection) -> String {
    connection.remote_id().fmt_short().to_string()
}

/// The same fingerprint of this endpoint's own key: what the peer's [`fingerprint`] of a
/// connection to it shows, so that the two players can read it to each other.
#[must_use]
pub fn own_fingerprint(endpoint: &Endpoint) -> String {
    endpoint.id().fmt_short().to_string()
}

/// Dials the host and opens the game's stream.
pub async fn dial(
    endpoint: &Endpoint,
    addr: EndpointAddr,
) -> Result<(Connection, SendStream, RecvStream), NetError> {
    let dialled = tokio::time::timeout(DIAL_LIMIT, endpoint.connect(addr, ALPN))
        .await
        .map_err(|_| NetError::Dial("no answer".into()))?
        .map_err(|e| dial_error(&e))?;
    let (send, recv) = dialled
        .open_bi()
        .await
        .map_err(|e| NetError::Connection(e.to_string()))?;
    Ok((dialled, send, recv))
}

/// A failed dial, told apart: a TLS handshake that refused the host's key is the ticket's
/// fault, not the network's. (iroh reports it as a rustls certificate error, named only in
/// the error's text.)
fn dial_error(error: &dyn std::error::Error) -> NetError {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    if text.contains("peer certificate") || text.contains("UnknownIssuer") {
        NetError::WrongKey(text)
    } else {
        NetError::Dial(text)
    }
}

/// Accepts the stream a caller opens on a new connection.
pub async fn accept_stream(connection: &Connection) -> Result<(SendStream, RecvStream), NetError> {
    tokio::time::timeout(DIAL_LIMIT, connection.accept_bi())
        .await
        .map_err(|_| NetError::Connection("the caller opened no stream".into()))?
        .map_err(|e| NetError::Connection(e.to_string()))
}

/// Writes one message as a frame.
pub async fn write(send: &mut SendStream, message: &Message) -> Result<(), NetError> {
    tokio::time::timeout(WRITE_LIMIT, send.write_all(&encode(message)))
        .await
        .map_err(|_| NetError::Connection("the peer stopped reading".into()))?
        .map_err(|e| NetError::Connection(e.to_string()))
}

/// What a connection's reader reports.
#[derive(Debug)]
pub enum Inbound {
    /// A new caller's connection and the stream to write to it (its messages follow).
    Caller(u64, Box<(Connection, SendStream)>),
    Message(u64, Message),
    /// The connection ended, with the reason.
    Closed(u64, String),
    /// The peer sent bytes that are not a valid message: the connection is to be closed,
    /// saying why.
    Refused(u64, String),
    /// Joiner: dialling the host failed, and why.
    Unreached(NetError),
}

/// Reads frames from `recv` until it ends or breaks, sending each message (tagged with
/// `id`) to `to`. At most one frame's cap is held at a time.
pub async fn read_frames(id: u64, mut recv: RecvStream, to: mpsc::Sender<Inbound>) {
    let mut decoder = Decoder::new();
    let mut buffer = vec![0u8; 4096];
    let reason = loop {
        match recv.read(&mut buffer).await {
            Ok(Some(n)) => match decoder.push(&buffer[..n]) {
                Ok(messages) => {
                    for message in messages {
                        if to.send(Inbound::Message(id, message)).await.is_err() {
                            return;
                        }
                    }
                }
                Err(error) => {
                    let _ = to.send(Inbound::Refused(id, error.to_string())).await;
                    return;
                }
            },
            Ok(None) => break "the peer closed the connection".to_string(),
            Err(error) => break format!("the connection was lost: {error}"),
        }
    };
    let _ = to.send(Inbound::Closed(id, reason)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An address for a made-up key on 127.0.0.1 and a relay.
    fn addr() -> EndpointAddr {
        let key = iroh::SecretKey::from_bytes(&[7; 32]).public();
        EndpointAddr::new(key)
            .with_ip_addr(SocketAddr::from(([127, 0, 0, 1], 4000)))
            .with_relay_url(RelayUrl::from_str("https://relay.example.org").unwrap())
    }

    #[test]
    fn a_ticket_reads_back_as_its_address_even_wrapped_or_in_capitals() {
        let ticket = ticket_text(addr());
        assert!(ticket.starts_with(TICKET_PREFIX), "{ticket}");
        assert_eq!(parse_ticket(&ticket).unwrap(), addr());
        let (a, b) = ticket.split_at(40);
        let wrapped = format!("  {}\n{} ", a.to_ascii_uppercase(), b);
        assert_eq!(parse_ticket(&wrapped).unwrap(), addr());
    }

    #[test]
    fn every_changed_or_lost_character_is_refused_as_damage() {
        let ticket = ticket_text(addr());
        for (i, old) in ticket.char_indices() {
            for new in CHECK_ALPHABET.iter().map(|&b| char::from(b)) {
                if new == old {
                    continue;
                }
                let mut changed = ticket.clone();
                changed.replace_range(i..=i, &new.to_string());
                let error = parse_ticket(&changed).expect_err(&changed);
                if i >= TICKET_PREFIX.len() {
                    assert!(matches!(error, NetError::DamagedTicket), "{i}: {error}");
                }
            }
            let mut lost = ticket.clone();
            lost.remove(i);
            assert!(parse_ticket(&lost).is_err(), "without character {i}");
        }
        let damaged = NetError::DamagedTicket.to_string();
        assert!(damaged.starts_with("this ticket is damaged"), "{damaged}");
    }

    #[test]
    fn what_is_not_a_ticket_is_refused_in_words() {
        for text in ["garbage", "", "ttt1", "ttt1abc"] {
            let error = parse_ticket(text).expect_err(text).to_string();
            assert!(
                error.contains("not a game ticket") || error.contains("damaged"),
                "{text}: {error}"
            );
        }
        // A body that is not a ticket, under a check that matches it.
        let body = format!("{TICKET_PREFIX}aaaaaaaaaa");
        let forged = format!("{body}{}", check(&body));
        let error = parse_ticket(&forged).unwrap_err().to_string();
        assert!(error.contains("could not be read"), "{error}");
        assert!(!error.contains("Serde"), "{error}");
    }

    #[test]
    fn a_ticket_of_the_format_before_the_check_is_still_read() {
        let old = EndpointTicket::new(addr()).to_string();
        assert!(old.starts_with(IROH_PREFIX));
        assert_eq!(parse_ticket(&old).unwrap(), addr());
    }
}
