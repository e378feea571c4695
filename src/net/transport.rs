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
    #[error("not a game ticket: {0}")]
    BadTicket(String),
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
/// dials through it; without internet the ticket still carries the local addresses).
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
    EndpointTicket::new(addr).to_string()
}

/// The address a ticket names.
pub fn parse_ticket(text: &str) -> Result<EndpointAddr, NetError> {
    let ticket =
        EndpointTicket::from_str(text.trim()).map_err(|e| NetError::BadTicket(e.to_string()))?;
    Ok(ticket.endpoint_addr().clone())
}

/// A short fingerprint of the peer's key, to compare by voice or chat.
#[must_use]
pub fn fingerprint(connection: &Connection) -> String {
    connection.remote_id().fmt_short().to_string()
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
