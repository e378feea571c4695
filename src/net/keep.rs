//! The hosted match kept on disk while it can still be played, so that a host whose program
//! or computer stops takes it up again under the same ticket: the endpoint's secret key
//! (the ticket names its public half), the sockets it listened on (a ticket for a network
//! without relays names their ports), and the match itself ([`HostState`]).
//!
//! Each hosted match has a file of its own in the folder [`FOLDER`] of the program's data
//! folder (the caller names that folder: the window and the command line each know theirs),
//! named after the endpoint's key, beside a lock file the hosting program holds while it
//! runs: a second host started by the same user never offers a match another running host
//! is playing, only one whose program stopped. The file is written before every message
//! that changes the game leaves, readable by the user alone, and removed when the game is
//! over (won, drawn, resigned, lost on time or by leaving) and when the match ends in any
//! ordinary way: only a program stopped during a game that can still be played leaves it.

use std::fs::File;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::machine::{HostState, Match};
use crate::game::record;

/// The folder of the kept matches, in the program's data folder.
pub const FOLDER: &str = "hosted-games";
/// The one file earlier versions kept a match in, in the data folder: still offered.
const OLD_FILE: &str = "hosted-game.json";
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
    /// The file it was read from (not written in it).
    #[serde(skip)]
    pub file: PathBuf,
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
            file: PathBuf::new(),
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

/// Whether the kept game can still be played: not over (won, drawn, resigned, lost on time
/// or by leaving), and a game at all.
#[must_use]
pub fn playable(host: &HostState) -> bool {
    Match::restore(host.clone(), Instant::now(), Duration::ZERO).is_ok_and(|m| !m.is_over())
}

/// The file a match hosted under `key` (the endpoint's secret key) is kept in, inside the
/// data folder `folder`: named after the public half, which the ticket shows.
#[must_use]
pub fn file_for(folder: &Path, key: &[u8; 32]) -> PathBuf {
    let public = iroh::SecretKey::from_bytes(key).public();
    let name: String = public.as_bytes()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    folder.join(FOLDER).join(format!("{name}.json"))
}

/// The lock held by the program hosting the match kept in `file` while it runs.
fn lock_file(file: &Path) -> PathBuf {
    file.with_extension("lock")
}

/// The hold a running host keeps on its match's file: while it lives, no other program of
/// this user offers that match. The system lets go of it when the program stops, however it
/// stops.
#[derive(Debug)]
pub struct Hold {
    lock: File,
    file: PathBuf,
}

impl Hold {
    /// Takes the hold on the match kept in `file`; an error when another running program
    /// holds it.
    pub fn take(file: &Path) -> Result<Hold, String> {
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let path = lock_file(file);
        let lock = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        match lock.try_lock() {
            Ok(()) => Ok(Hold {
                lock,
                file: file.to_path_buf(),
            }),
            Err(std::fs::TryLockError::WouldBlock) => {
                Err("another program is hosting this game now".to_string())
            }
            Err(std::fs::TryLockError::Error(e)) => Err(format!("{}: {e}", path.display())),
        }
    }

    /// The kept match's file.
    #[must_use]
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// Removes the kept match and lets go of it.
    pub fn discard(self) {
        discard(&self.file);
        self.release();
    }

    /// Lets go of the match (its file, if one was written, stays to be offered again).
    pub fn release(self) {
        if !self.file.exists() {
            let _ = std::fs::remove_file(lock_file(&self.file));
        }
        let _ = self.lock.unlock();
    }
}

/// The matches kept in the data folder `folder` whose hosting program stopped while they
/// could still be played, newest first: each read, or why it could not be (that file is
/// left in place). Files of matches that are over are removed; matches a running program
/// hosts are left out.
#[must_use]
pub fn stopped(folder: &Path) -> Vec<Result<Kept, String>> {
    let mut found = Vec::new();
    let old = folder.join(OLD_FILE);
    let mut files = vec![old.clone()];
    let entries: Vec<PathBuf> = std::fs::read_dir(folder.join(FOLDER))
        .map(|dir| dir.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    for path in entries {
        match path.extension().and_then(|e| e.to_str()) {
            Some("json") => files.push(path),
            // The lock of a host that stopped before a player came: nothing to offer.
            Some("lock") if !path.with_extension("json").exists() => {
                if let Ok(hold) = Hold::take(&path.with_extension("json")) {
                    hold.release();
                }
            }
            _ => {}
        }
    }
    for file in files {
        // Only a match nobody hosts now; the hold is let go of at once.
        if file != old && Hold::take(&file).is_err() {
            continue;
        }
        match load(&file) {
            Ok(Some(kept)) if playable(&kept.host) => found.push(Ok(kept)),
            Ok(Some(_)) => discard(&file),
            Ok(None) => {}
            Err(error) => found.push(Err(error)),
        }
    }
    found.sort_by_key(|kept| std::cmp::Reverse(kept.as_ref().map_or(0, |k| k.saved_at_ms)));
    found
}

/// The match kept at `path`: `None` when there is none; an error saying what is wrong
/// when the file cannot be used (it is left in place).
pub fn load(path: &Path) -> Result<Option<Kept>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("{}: {error}", path.display())),
    };
    let mut kept: Kept = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a kept game: {e}", path.display()))?;
    if kept.version != VERSION {
        return Err(format!(
            "{} was written by another version of the program (format {}, this one reads {VERSION})",
            path.display(),
            kept.version
        ));
    }
    kept.secret_key()?;
    kept.file = path.to_path_buf();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OpeningRule;
    use crate::net::message::{Ending, Token};
    use crate::rules::{Cell, Rule, Side};

    /// A data folder of its own.
    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("keep-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// A match against Bob on 3x3 with one move played, ended as `ending` says, kept
    /// under `key` in `folder`; its file.
    fn kept(folder: &Path, key: [u8; 32], ending: Option<Ending>) -> PathBuf {
        let hosting = Hosting {
            key,
            sockets: Vec::new(),
            ticket: String::new(),
            local_only: true,
            relay: None,
            record: None,
        };
        let host = HostState {
            name: "Ann".into(),
            program: "test".into(),
            token: Token(1),
            peer_name: "Bob".into(),
            rule: Rule::TIC_TAC_TOE,
            moves: vec![Cell::new(1, 1)],
            opening: OpeningRule::Free,
            choices: Vec::new(),
            side: Side::X,
            game: 0,
            ending,
            sent: 1,
            unacked: Vec::new(),
            received: 0,
            away_ms: 0,
            time_limit_ms: None,
            used_ms: [0, 0],
        };
        let file = file_for(folder, &key);
        save(&file, &Kept::new(&hosting, host)).unwrap();
        file
    }

    #[test]
    fn a_match_a_running_host_holds_is_not_offered_and_one_whose_host_stopped_is() {
        let dir = folder("held");
        let file = kept(&dir, [1; 32], None);
        let hold = Hold::take(&file).unwrap();
        assert!(Hold::take(&file).is_err(), "one hold at a time");
        assert!(stopped(&dir).is_empty());
        // Each hosted match has a file of its own: another host's is offered beside it.
        let other = kept(&dir, [2; 32], None);
        assert_ne!(other, file);
        let offered: Vec<PathBuf> = stopped(&dir).into_iter().map(|k| k.unwrap().file).collect();
        assert_eq!(offered, vec![other.clone()]);
        // The program stops (the system lets go of its lock): its match is offered too.
        drop(hold);
        assert_eq!(stopped(&dir).len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_match_that_is_over_is_never_offered_and_its_file_goes() {
        let dir = folder("over");
        let resigned = kept(&dir, [3; 32], Some(Ending::Resigned(Side::O)));
        assert!(stopped(&dir).is_empty());
        assert!(!resigned.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_one_file_of_earlier_versions_is_still_offered() {
        let dir = folder("old");
        let file = kept(&dir, [4; 32], None);
        std::fs::rename(&file, dir.join(OLD_FILE)).unwrap();
        let offered = stopped(&dir);
        assert_eq!(offered.len(), 1);
        assert_eq!(offered[0].as_ref().unwrap().file, dir.join(OLD_FILE));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_hold_let_go_of_removes_its_lock_unless_a_match_is_kept() {
        let dir = folder("release");
        let file = file_for(&dir, &[5; 32]);
        Hold::take(&file).unwrap().release();
        assert!(!lock_file(&file).exists());
        let file = kept(&dir, [6; 32], None);
        Hold::take(&file).unwrap().release();
        assert!(file.exists() && lock_file(&file).exists());
        Hold::take(&file).unwrap().discard();
        assert!(!file.exists() && !lock_file(&file).exists());
        // A lock left by a host that was killed before a player came is cleared away.
        let file = file_for(&dir, &[7; 32]);
        drop(Hold::take(&file).unwrap());
        assert!(lock_file(&file).exists());
        assert!(stopped(&dir).is_empty());
        assert!(!lock_file(&file).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
