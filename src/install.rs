//! The game as installed on a desktop: its application id, and the saved settings carried
//! over from the folder of the id it had before.
//!
//! One reverse-DNS id names the window (Wayland app id, X11 class), the `.desktop` file, the
//! icons and the AppStream metadata (`packaging/`, `assets/icons/`, Cargo.toml's
//! `[package.metadata.deb]`; `tests/packaging.rs` checks that they agree). eframe also names
//! the settings folder after the window's app id, so the folder changed with the id; the
//! settings a player saved under the old name are copied across once, on the first start
//! that finds none under the new one. No egui here: the window passes in the two folders.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::salvage;

/// The application id: a reverse-DNS name (for a project without a domain of its own, the
/// `io.github.<owner>` form AppStream and Flathub use), valid as a D-Bus name as the
/// desktop-entry and AppStream specifications ask.
pub const APP_ID: &str = "io.github.tictactoe_engine.TicTacToe";

/// The name the settings were stored under before the game had [`APP_ID`]
/// (`eframe::storage_dir("tictactoe")`, e.g. `~/.local/share/tictactoe`).
pub const OLD_STORAGE_NAME: &str = "tictactoe";

/// The file eframe keeps its settings in, inside the storage folder.
pub const SETTINGS_FILE: &str = "app.ron";

/// The folder the program keeps its data in (the window's settings, lessons, kept online
/// games): `$XDG_DATA_HOME/<name>` where that is an absolute path, else
/// `~/.local/share/<name>`, with `<name>` the app id in lower case. It is the folder eframe
/// keeps the window's settings in (`tests/packaging.rs` checks that the two agree); the one
/// rule the window, the command line and the network layer all use, so that none but the
/// window needs the window's framework.
#[must_use]
pub fn data_folder(app_id: &str) -> Option<PathBuf> {
    std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::home_dir().map(|home| home.join(".local").join("share")))
        .map(|base| {
            base.join(
                app_id
                    .to_lowercase()
                    .replace(|c: char| c.is_ascii_whitespace(), ""),
            )
        })
}

/// What [`carry_over_settings`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CarryOver {
    /// The new folder already has settings: they are the player's latest, left alone.
    AlreadyThere,
    /// Neither folder has settings: a first start.
    NothingToCarry,
    /// The old folder's settings were copied into the new one.
    Copied,
}

/// Copies the settings from `old_dir` into `new_dir` if `new_dir` has none yet.
///
/// The old folder is left as it was, so an older version of the game still finds its
/// settings there. The file is written under a temporary name and renamed into place, so
/// a start that is cut short never leaves a half-written file that would stop the next
/// start from copying it again.
///
/// # Errors
/// Creating the new folder, or reading, writing or renaming the file failed; the old
/// settings are untouched then.
pub fn carry_over_settings(old_dir: &Path, new_dir: &Path) -> io::Result<CarryOver> {
    let new_file = new_dir.join(SETTINGS_FILE);
    if new_file.exists() {
        return Ok(CarryOver::AlreadyThere);
    }
    let old_file = old_dir.join(SETTINGS_FILE);
    if !old_file.is_file() {
        return Ok(CarryOver::NothingToCarry);
    }
    fs::create_dir_all(new_dir)?;
    let partial = new_dir.join(format!("{SETTINGS_FILE}.carried-over"));
    fs::copy(&old_file, &partial)?;
    if let Err(e) = fs::rename(&partial, &new_file) {
        // Best effort: a stray partial file would only be overwritten by the next attempt.
        let _ = fs::remove_file(&partial);
        return Err(e);
    }
    Ok(CarryOver::Copied)
}

/// Keeps a damaged settings file before the window reads it.
///
/// eframe reads `app.ron` in `dir` as a whole: a file it cannot read gives no settings at
/// all, and the next save overwrites it, so the game in progress, the games set aside and
/// the preferences would be gone. When the file does not read, or its `app_key` entry does
/// not pass `reads_whole` (the window then recovers what it can of it), the file is copied
/// beside itself as `app.ron.damaged-<UTC time>` before anything writes over it. A file
/// that does not read as a whole is then written back with the entries that still read (a
/// file cut short keeps the entries before the cut), so the window starts from them.
///
/// Returns the copy's path, or `None` when the file is missing or reads well.
///
/// # Errors
/// Reading, copying or writing back the file failed; a copy made is left in place.
pub fn keep_damaged_settings(
    dir: &Path,
    app_key: &str,
    reads_whole: impl Fn(&str) -> bool,
    now: SystemTime,
) -> io::Result<Option<PathBuf>> {
    let file = dir.join(SETTINGS_FILE);
    let bytes = match fs::read(&file) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let map = std::str::from_utf8(&bytes)
        .ok()
        .and_then(|t| ron::from_str::<HashMap<String, String>>(t).ok());
    if let Some(map) = &map
        && map.get(app_key).is_none_or(|entry| reads_whole(entry))
    {
        return Ok(None);
    }
    let stamp = humantime::format_rfc3339_seconds(now)
        .to_string()
        .replace(':', "-");
    let copy = dir.join(format!("{SETTINGS_FILE}.damaged-{stamp}"));
    fs::copy(&file, &copy)?;
    if map.is_none() {
        let entries: HashMap<String, String> =
            salvage::map_entries(&String::from_utf8_lossy(&bytes))
                .into_iter()
                .collect();
        let written = ron::ser::to_string_pretty(&entries, ron::ser::PrettyConfig::default())
            .map_err(io::Error::other)?;
        let partial = dir.join(format!("{SETTINGS_FILE}.recovered"));
        fs::write(&partial, written)?;
        fs::rename(&partial, &file)?;
    }
    Ok(Some(copy))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A fresh, empty folder of its own for each test.
    fn scratch() -> PathBuf {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tictactoe-carry-over-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The settings file's entries, as eframe reads them.
    fn entries(dir: &Path) -> HashMap<String, String> {
        ron::from_str(&fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap()).unwrap()
    }

    /// The names in `dir` beside the settings file.
    fn others(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name != SETTINGS_FILE)
            .collect();
        names.sort();
        names
    }

    const WHEN: &str = "2026-11-24T06:40:00Z";
    const COPY: &str = "app.ron.damaged-2026-11-24T06-40-00Z";

    fn keep(dir: &Path) -> Option<PathBuf> {
        let now = humantime::parse_rfc3339(WHEN).unwrap();
        keep_damaged_settings(dir, "app", |entry| entry.starts_with("(good"), now).unwrap()
    }

    #[test]
    fn settings_that_read_are_left_alone() {
        let dir = scratch();
        assert_eq!(keep(&dir), None, "no file, nothing to keep");
        let good = "{\"app\": \"(good)\", \"egui\": \"()\"}";
        fs::write(dir.join(SETTINGS_FILE), good).unwrap();
        assert_eq!(keep(&dir), None);
        assert_eq!(fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap(), good);
        assert!(others(&dir).is_empty());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_file_cut_short_is_kept_and_its_whole_entries_written_back() {
        let dir = scratch();
        let whole = "{\n    \"app\": \"(good, moves:[])\",\n    \"egui\": \"(options:(zoom_factor:1.0))\",\n}";
        let cut = &whole[..whole.find("zoom").unwrap()];
        fs::write(dir.join(SETTINGS_FILE), cut).unwrap();
        assert_eq!(keep(&dir), Some(dir.join(COPY)));
        assert_eq!(fs::read_to_string(dir.join(COPY)).unwrap(), cut);
        let read = entries(&dir);
        assert_eq!(read.len(), 1);
        assert_eq!(read["app"], "(good, moves:[])");
        assert_eq!(others(&dir), [COPY], "no temporary file is left behind");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_file_of_garbage_is_kept_and_replaced_by_no_entries() {
        let dir = scratch();
        let garbage = [0xff, 0xfe, b'{', b'"', 0x80];
        fs::write(dir.join(SETTINGS_FILE), garbage).unwrap();
        assert_eq!(keep(&dir), Some(dir.join(COPY)));
        assert_eq!(fs::read(dir.join(COPY)).unwrap(), garbage);
        assert!(entries(&dir).is_empty());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn an_app_entry_that_does_not_read_whole_is_kept_and_left_for_the_window() {
        let dir = scratch();
        let text = "{\"app\": \"(bad)\", \"egui\": \"()\"}";
        fs::write(dir.join(SETTINGS_FILE), text).unwrap();
        assert_eq!(keep(&dir), Some(dir.join(COPY)));
        assert_eq!(fs::read_to_string(dir.join(SETTINGS_FILE)).unwrap(), text);
        assert_eq!(fs::read_to_string(dir.join(COPY)).unwrap(), text);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn old_settings_are_copied_and_kept() {
        let root = scratch();
        let (old, new) = (root.join("tictactoe"), root.join("new").join("id"));
        fs::create_dir_all(&old).unwrap();
        fs::write(old.join(SETTINGS_FILE), "(\"app\": \"saved\")").unwrap();

        assert_eq!(carry_over_settings(&old, &new).unwrap(), CarryOver::Copied);
        assert_eq!(
            fs::read_to_string(new.join(SETTINGS_FILE)).unwrap(),
            "(\"app\": \"saved\")"
        );
        assert!(old.join(SETTINGS_FILE).is_file(), "the old settings stay");
        let names: Vec<_> = fs::read_dir(&new)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [SETTINGS_FILE], "no temporary file is left behind");

        // The next start finds the new settings and copies nothing over them.
        fs::write(new.join(SETTINGS_FILE), "newer").unwrap();
        assert_eq!(
            carry_over_settings(&old, &new).unwrap(),
            CarryOver::AlreadyThere
        );
        assert_eq!(
            fs::read_to_string(new.join(SETTINGS_FILE)).unwrap(),
            "newer"
        );
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_first_start_creates_nothing() {
        let root = scratch();
        let (old, new) = (root.join("tictactoe"), root.join("id"));
        assert_eq!(
            carry_over_settings(&old, &new).unwrap(),
            CarryOver::NothingToCarry
        );
        assert!(
            !new.exists(),
            "eframe creates the folder itself when it saves"
        );
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn a_failed_copy_is_reported_and_leaves_the_old_settings() {
        let root = scratch();
        let old = root.join("tictactoe");
        fs::create_dir_all(&old).unwrap();
        fs::write(old.join(SETTINGS_FILE), "saved").unwrap();
        // The new folder cannot be created: a file stands where it would go.
        fs::write(root.join("blocked"), "").unwrap();
        let new = root.join("blocked").join("id");

        assert!(carry_over_settings(&old, &new).is_err());
        assert_eq!(
            fs::read_to_string(old.join(SETTINGS_FILE)).unwrap(),
            "saved"
        );
        fs::remove_dir_all(root).unwrap();
    }

    #[test]
    fn the_id_is_a_valid_reverse_dns_name() {
        // The desktop-entry specification's rule for D-Bus-style ids: at least two
        // elements of [A-Za-z0-9_], none empty or starting with a digit, 255 bytes at most.
        let elements: Vec<&str> = APP_ID.split('.').collect();
        assert!(elements.len() >= 3 && APP_ID.len() <= 255);
        for element in elements {
            assert!(!element.is_empty() && !element.starts_with(|c: char| c.is_ascii_digit()));
            assert!(
                element
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
            );
        }
    }
}
