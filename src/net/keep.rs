//! The hosted match kept on disk while it is played, so that a host whose program or
//! computer stops takes it up again under the same ticket: the endpoint's secret key (the
//! ticket names its public half), the sockets it listened on (a ticket for a network
//! without relays names their ports), and the match itself ([`HostState`]). The file is
//! written before every message that changes the game leaves, readable by the user alone,
//! and removed when the match ends in any ordinary way (the player left, the opponent left
//! after the game, a failure): only a program that was stopped leaves it behind.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::machine::HostState;
use crate::game::record;

/// The file's name in the program's data folder.
pub const FILE_NAME: &str = "hosted-game.json";
/// The format's version, written in the file.
const VERSION: u32 = 1;

/// A hosted match as kept on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    pub version: u32,
    /// The endpoint's secret key, 64 hexadecimal digits.
    pub key: String,
    /// The sockets the endpoint listened on.
    pub sockets: Vec<SocketAddr>,
    /// The ticket the joiner was given.
    pub ticket: String,
    pub local_only: bool,
    pub relay: Option<String>,
    /// Where the game record was written.
    pub record: Option<PathBuf>,
    /// When the state was taken, in milliseconds since 1970.
    pub saved_at_ms: u64,
    pub host: HostState,
}

impl Kept {
    /// The state of a match at this moment, with the endpoint it is hosted on.
    #[must_use]
    pub fn new(endpoint: &Hosting, host: HostState) -> Kept {
        Kept {
            version: VERSION,
            key: endpoint.key.iter().map(|b| format!("{b:02x}")).collect(),
            sockets: endpoint.sockets.clone(),
            ticket: endpoint.ticket.clone(),
            local_only: endpoint.local_only,
            relay: endpoint.relay.clone(),
            record: endpoint.record.clone(),
            saved_at_ms: since_epoch(SystemTime::now()),
            host,
        }
    }

    /// The endpoint's secret key.
    pub fn secret_key(&self) -> Result<[u8; 32], String> {
        let bad = || "the kept game's key is damaged".to_string();
        if self.key.len() != 64 || !self.key.is_ascii() {
            return Err(bad());
        }
        let mut key = [0u8; 32];
        for (i, byte) in key.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&self.key[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        Ok(key)
    }

    /// How long ago the state was taken (zero if the computer's clock went back).
    #[must_use]
    pub fn age(&self) -> Duration {
        let now = since_epoch(SystemTime::now());
        Duration::from_millis(now.saturating_sub(self.saved_at_ms))
    }

    /// One line saying which match this is, for the question whether to take it up.
    #[must_use]
    pub fn summary(&self) -> String {
        let host = &self.host;
        let moves = host.moves.len();
        let plural = if moves == 1 { "" } else { "s" };
        format!(
            "against {} ({}, {moves} move{plural} played)",
            host.peer_name, host.rule
        )
    }
}

/// The endpoint a match is hosted on, as the kept file records it.
#[derive(Clone, Debug)]
pub struct Hosting {
    pub key: [u8; 32],
    pub sockets: Vec<SocketAddr>,
    pub ticket: String,
    pub local_only: bool,
    pub relay: Option<String>,
    pub record: Option<PathBuf>,
}

fn since_epoch(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// Where the hosted match is kept: the program's data folder (beside the window's
/// settings), or `None` when the system names no such folder.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    eframe::storage_dir(crate::install::APP_ID).map(|dir| dir.join(FILE_NAME))
}

/// The match kept at `path`: `None` when there is none; an error saying what is wrong
/// when the file cannot be used (it is left in place).
pub fn load(path: &Path) -> Result<Option<Kept>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("{}: {error}", path.display())),
    };
    let kept: Kept = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a kept game: {e}", path.display()))?;
    if kept.version != VERSION {
        return Err(format!(
            "{} was written by another version of the program (format {}, this one reads {VERSION})",
            path.display(),
            kept.version
        ));
    }
    kept.secret_key()?;
    Ok(Some(kept))
}

/// Writes the match to `path` (through a temporary file and a rename, private to the user).
pub fn save(path: &Path, kept: &Kept) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let text = serde_json::to_string_pretty(kept).map_err(|e| e.to_string())?;
    record::write_privately(path, &text).map_err(|e| e.to_string())
}

/// Removes the kept match (nothing to do when there is none).
pub fn discard(path: &Path) {
    let _ = std::fs::remove_file(path);
}
