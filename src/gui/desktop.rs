//! Whether this desktop can show a system file dialog. rfd's Linux backend asks the xdg
//! desktop portal over the D-Bus session bus and falls back to `zenity`; with neither it
//! returns at once as if the person had cancelled, so the window asks here first and shows
//! its own file browser instead. The bus is asked through zbus (built into the program
//! already for AccessKit, with the same features), on a helper thread, with a time limit.

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::mpsc;
use std::time::Duration;

use zbus::Address;
use zbus::fdo::DBusProxy;
use zbus::names::BusName;

use crate::t;

/// The bus name of the xdg desktop portal, which rfd's file dialogs go through.
pub const PORTAL_NAME: &str = "org.freedesktop.portal.Desktop";

/// How long the bus may take to answer before it is taken as absent.
const BUS_TIMEOUT: Duration = Duration::from_secs(2);

/// What the desktop offers for choosing a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SystemDialog {
    /// The xdg desktop portal answers on the session bus.
    Portal,
    /// `zenity` is on the PATH (rfd's fallback).
    Zenity(PathBuf),
    /// Neither; the words say what was missing, for the window to show.
    Unavailable(String),
}

/// Looks at this desktop: the portal on the session bus, then zenity on the PATH.
#[must_use]
pub fn probe() -> SystemDialog {
    let portal = session_bus_addresses().and_then(|addresses| {
        addresses
            .iter()
            .find_map(|a| bus_has_name(a, PORTAL_NAME).ok())
            .ok_or_else(|| t!("bus-unreachable"))
    });
    if portal == Ok(true) {
        return SystemDialog::Portal;
    }
    if let Some(zenity) = find_on_path("zenity", std::env::var_os("PATH").as_deref()) {
        return SystemDialog::Zenity(zenity);
    }
    let bus = match portal {
        Ok(_) => t!("bus-no-portal"),
        Err(why) => why,
    };
    SystemDialog::Unavailable(t!("no-zenity", bus = bus))
}

/// Where the session bus listens: `DBUS_SESSION_BUS_ADDRESS` (addresses separated by `;`,
/// tried in turn, as libdbus does), else `$XDG_RUNTIME_DIR/bus`.
fn session_bus_addresses() -> Result<Vec<Address>, String> {
    if let Some(text) = std::env::var_os("DBUS_SESSION_BUS_ADDRESS") {
        let parsed = parse_addresses(&text.to_string_lossy());
        if parsed.is_empty() {
            return Err(t!("bus-address-unusable"));
        }
        return Ok(parsed);
    }
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").ok_or_else(|| t!("bus-not-set"))?;
    let socket = Path::new(&runtime).join("bus");
    let address = Address::from_str(&format!("unix:path={}", socket.display()));
    match address {
        Ok(address) if socket.exists() => Ok(vec![address]),
        _ => Err(t!("bus-not-set")),
    }
}

/// The addresses of a `;`-separated list that zbus can use; the others are skipped.
fn parse_addresses(text: &str) -> Vec<Address> {
    text.split(';')
        .filter_map(|a| Address::from_str(a.trim()).ok())
        .collect()
}

/// The first executable file called `name` in the `PATH` folders.
fn find_on_path(name: &str, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|dir| dir.join(name))
        .find(|candidate| {
            std::fs::metadata(candidate).is_ok_and(|m| m.is_file() && m.mode() & 0o111 != 0)
        })
}

/// Asks the bus at `address` whether `name` has an owner now or can be started on demand,
/// giving up after [`BUS_TIMEOUT`]. The question runs on a thread of its own, so a bus that
/// never answers holds only that thread.
fn bus_has_name(address: &Address, name: &str) -> Result<bool, String> {
    let (answer, answered) = mpsc::channel();
    let (address, name) = (address.clone(), name.to_owned());
    std::thread::Builder::new()
        .name("session bus question".into())
        .spawn(move || {
            let _ = answer.send(pollster::block_on(ask_bus(address, &name)));
        })
        .map_err(|e| e.to_string())?;
    match answered.recv_timeout(BUS_TIMEOUT) {
        Ok(found) => found.map_err(|e| e.to_string()),
        Err(_) => Err(t!("bus-unreachable")),
    }
}

/// The bus daemon's own methods, `NameHasOwner` then `ListActivatableNames`.
async fn ask_bus(address: Address, name: &str) -> zbus::Result<bool> {
    let connection = zbus::connection::Builder::address(address)?
        .method_timeout(BUS_TIMEOUT)
        .build()
        .await?;
    let bus = DBusProxy::new(&connection).await?;
    let name = BusName::try_from(name)?;
    if bus.name_has_owner(name.clone()).await? {
        return Ok(true);
    }
    let activatable = bus.list_activatable_names().await?;
    Ok(activatable.iter().any(|n| n.as_str() == name.as_str()))
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader};

    use super::*;

    #[test]
    fn bus_addresses_are_read_as_libdbus_writes_them() {
        let both = parse_addresses(
            "unix:path=/run/user/1000/bus;unix:abstract=/tmp/dbus-Ab%2c1,guid=0123456789abcdef0123456789abcdef",
        );
        assert_eq!(both.len(), 2, "{both:?}");
        assert!(both[0].to_string().contains("/run/user/1000/bus"));
        assert_eq!(parse_addresses("nonsense;").len(), 0);
        assert_eq!(parse_addresses("").len(), 0);
    }

    #[test]
    fn zenity_is_found_only_as_an_executable_file() {
        let dir = std::env::temp_dir().join(format!("tictactoe-path-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("zenity");
        std::fs::write(&file, "#!/bin/sh\n").unwrap();
        let path = std::ffi::OsString::from(format!("/nonexistent:{}", dir.display()));
        assert_eq!(find_on_path("zenity", Some(&path)), None, "not executable");
        let mut perms = std::fs::metadata(&file).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&file, perms).unwrap();
        assert_eq!(find_on_path("zenity", Some(&path)), Some(file));
        assert_eq!(find_on_path("zenity", None), None);
    }

    /// A private bus from `dbus-daemon` (Debian package dbus-daemon, in .ci/run's list),
    /// whose only activatable services are those in `services`.
    fn private_bus(dir: &Path, services: &[&str]) -> (std::process::Child, Address) {
        let service_dir = dir.join("services");
        std::fs::create_dir_all(&service_dir).unwrap();
        for name in services {
            let text = format!("[D-BUS Service]\nName={name}\nExec=/bin/false\n");
            std::fs::write(service_dir.join(format!("{name}.service")), text).unwrap();
        }
        let config = dir.join("bus.conf");
        std::fs::write(
            &config,
            format!(
                "<busconfig><type>session</type><listen>unix:tmpdir={}</listen>\
                 <servicedir>{}</servicedir><auth>EXTERNAL</auth>\
                 <policy context=\"default\"><allow send_destination=\"*\" eavesdrop=\"true\"/>\
                 <allow eavesdrop=\"true\"/><allow own=\"*\"/></policy></busconfig>",
                dir.display(),
                service_dir.display()
            ),
        )
        .unwrap();
        let mut daemon = std::process::Command::new("dbus-daemon")
            .arg(format!("--config-file={}", config.display()))
            .args(["--nofork", "--print-address=1"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("dbus-daemon (Debian package dbus-daemon) is needed for this test");
        let mut line = String::new();
        BufReader::new(daemon.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = parse_addresses(line.trim()).into_iter().next();
        (
            daemon,
            address.unwrap_or_else(|| panic!("bus address {line}")),
        )
    }

    #[test]
    fn a_real_session_bus_says_whether_the_portal_can_be_had() {
        let dir = std::env::temp_dir().join(format!("tictactoe-bus-{}", std::process::id()));
        let (mut without, address) = private_bus(&dir.join("without"), &[]);
        let answers = (
            bus_has_name(&address, "org.freedesktop.DBus").ok(),
            bus_has_name(&address, PORTAL_NAME).ok(),
        );
        let _ = without.kill();
        let _ = without.wait();
        assert_eq!(answers, (Some(true), Some(false)));

        // Not running, but the bus would start it on the first call: that counts.
        let (mut with, address) = private_bus(&dir.join("with"), &[PORTAL_NAME]);
        let answer = bus_has_name(&address, PORTAL_NAME).ok();
        let _ = with.kill();
        let _ = with.wait();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(answer, Some(true));
    }

    #[test]
    fn a_missing_bus_is_no_bus() {
        let address = Address::from_str("unix:path=/nonexistent/tictactoe/bus").unwrap();
        assert!(bus_has_name(&address, PORTAL_NAME).is_err());
    }
}
