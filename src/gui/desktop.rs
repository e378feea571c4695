//! Whether this desktop can show a system file dialog. rfd's Linux backend asks the xdg
//! desktop portal over the D-Bus session bus and falls back to `zenity`; with neither it
//! returns at once as if the person had cancelled, so the window asks here first and shows
//! its own file browser instead. The portal check speaks just enough of the D-Bus wire
//! protocol to ask the bus whether the portal's name is running or can be started: a few
//! small messages on a local socket, with a time limit, on a helper thread.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::MetadataExt;
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

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

/// Where the session bus listens: `DBUS_SESSION_BUS_ADDRESS` (addresses separated by `;`),
/// else `$XDG_RUNTIME_DIR/bus`, as libdbus looks for it.
fn session_bus_addresses() -> Result<Vec<BusAddress>, String> {
    if let Some(text) = std::env::var_os("DBUS_SESSION_BUS_ADDRESS") {
        let parsed: Vec<BusAddress> = text
            .to_string_lossy()
            .split(';')
            .filter_map(BusAddress::parse)
            .collect();
        if parsed.is_empty() {
            return Err(t!("bus-address-unusable"));
        }
        return Ok(parsed);
    }
    let runtime = std::env::var_os("XDG_RUNTIME_DIR").ok_or_else(|| t!("bus-not-set"))?;
    let socket = Path::new(&runtime).join("bus");
    if socket.exists() {
        Ok(vec![BusAddress::Path(socket)])
    } else {
        Err(t!("bus-not-set"))
    }
}

/// A D-Bus address on a Unix socket.
#[derive(Clone, Debug, PartialEq, Eq)]
enum BusAddress {
    Path(PathBuf),
    Abstract(Vec<u8>),
}

impl BusAddress {
    /// `unix:path=/run/user/1000/bus` or `unix:abstract=/tmp/dbus-x,guid=...`; other
    /// transports (tcp, launchd) are not used on a Linux desktop and are skipped.
    fn parse(text: &str) -> Option<BusAddress> {
        let params = text.trim().strip_prefix("unix:")?;
        params.split(',').find_map(|kv| {
            let (key, value) = kv.split_once('=')?;
            let value = unescape(value)?;
            match key {
                "path" => Some(BusAddress::Path(PathBuf::from(
                    String::from_utf8_lossy(&value).into_owned(),
                ))),
                "abstract" => Some(BusAddress::Abstract(value)),
                _ => None,
            }
        })
    }

    fn connect(&self) -> std::io::Result<UnixStream> {
        match self {
            BusAddress::Path(path) => UnixStream::connect(path),
            BusAddress::Abstract(name) => {
                use std::os::linux::net::SocketAddrExt;
                let addr = std::os::unix::net::SocketAddr::from_abstract_name(name)?;
                UnixStream::connect_addr(&addr)
            }
        }
    }
}

/// D-Bus addresses escape bytes as `%xx`.
fn unescape(value: &str) -> Option<Vec<u8>> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

/// The first executable file called `name` in the `PATH` folders.
fn find_on_path(name: &str, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|dir| dir.join(name))
        .find(|candidate| {
            std::fs::metadata(candidate).is_ok_and(|m| m.is_file() && m.mode() & 0o111 != 0)
        })
}

/// Asks the bus at `address` whether `name` has an owner now or can be started on demand.
fn bus_has_name(address: &BusAddress, name: &str) -> std::io::Result<bool> {
    let stream = address.connect()?;
    stream.set_read_timeout(Some(BUS_TIMEOUT))?;
    stream.set_write_timeout(Some(BUS_TIMEOUT))?;
    let mut bus = Bus::authenticate(stream)?;
    bus.call("Hello", None)?;
    let owned = bus.call("NameHasOwner", Some(name))?;
    if read_u32(&owned.body, 0, owned.little_endian) == Some(1) {
        return Ok(true);
    }
    let activatable = bus.call("ListActivatableNames", None)?;
    Ok(string_array(&activatable.body, activatable.little_endian)
        .is_some_and(|names| names.iter().any(|n| n == name)))
}

/// A connection to the bus daemon, after authentication.
struct Bus {
    reader: BufReader<UnixStream>,
    serial: u32,
}

/// A reply's body and its byte order.
struct Reply {
    body: Vec<u8>,
    little_endian: bool,
}

fn protocol_error(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string())
}

impl Bus {
    /// The EXTERNAL mechanism: the bus checks the socket's credentials against our uid.
    fn authenticate(mut stream: UnixStream) -> std::io::Result<Bus> {
        let uid = std::fs::metadata("/proc/self").map(|m| m.uid())?;
        let hex: String = uid
            .to_string()
            .bytes()
            .map(|b| format!("{b:02x}"))
            .collect();
        stream.write_all(format!("\0AUTH EXTERNAL {hex}\r\n").as_bytes())?;
        let mut reader = BufReader::new(stream);
        let mut line = String::new();
        reader.read_line(&mut line)?;
        if !line.starts_with("OK ") {
            return Err(protocol_error("the session bus refused the connection"));
        }
        reader.get_mut().write_all(b"BEGIN\r\n")?;
        Ok(Bus { reader, serial: 0 })
    }

    /// Calls a method of the bus daemon itself with at most one string argument and waits
    /// for its reply (signals the bus sends meanwhile are skipped).
    fn call(&mut self, member: &str, arg: Option<&str>) -> std::io::Result<Reply> {
        self.serial += 1;
        let message = method_call(self.serial, member, arg);
        self.reader.get_mut().write_all(&message)?;
        loop {
            let (kind, reply) = self.read_message()?;
            match kind {
                METHOD_RETURN => return Ok(reply),
                ERROR => return Err(protocol_error("the session bus answered with an error")),
                _ => {}
            }
        }
    }

    fn read_message(&mut self) -> std::io::Result<(u8, Reply)> {
        let mut fixed = [0u8; 16];
        self.reader.read_exact(&mut fixed)?;
        let little_endian = match fixed[0] {
            b'l' => true,
            b'B' => false,
            _ => return Err(protocol_error("not a D-Bus message")),
        };
        let field = |at| read_u32(&fixed, at, little_endian).unwrap_or(0) as usize;
        let (body_len, fields_len) = (field(4), field(12));
        // A bus message is at most 128 MiB; anything larger is not one.
        if body_len > 1 << 27 || fields_len > 1 << 27 {
            return Err(protocol_error("a D-Bus message too large"));
        }
        let mut skip = vec![0u8; pad8(16 + fields_len) - 16];
        self.reader.read_exact(&mut skip)?;
        let mut body = vec![0u8; body_len];
        self.reader.read_exact(&mut body)?;
        Ok((
            fixed[1],
            Reply {
                body,
                little_endian,
            },
        ))
    }
}

const METHOD_CALL: u8 = 1;
const METHOD_RETURN: u8 = 2;
const ERROR: u8 = 3;

fn pad8(n: usize) -> usize {
    n.div_ceil(8) * 8
}

/// A little-endian method call to `org.freedesktop.DBus` at `/org/freedesktop/DBus`.
fn method_call(serial: u32, member: &str, arg: Option<&str>) -> Vec<u8> {
    let mut body = Vec::new();
    if let Some(arg) = arg {
        put_string(&mut body, arg);
    }
    let mut m = vec![b'l', METHOD_CALL, 0, 1];
    m.extend_from_slice(&u32::try_from(body.len()).unwrap_or(0).to_le_bytes());
    m.extend_from_slice(&serial.to_le_bytes());
    m.extend_from_slice(&[0; 4]); // the header fields' length, filled in below
    let fields_start = m.len();
    let field = |m: &mut Vec<u8>, code: u8, signature: u8, value: &str| {
        m.resize(pad8(m.len()), 0);
        m.extend_from_slice(&[code, 1, signature, 0]);
        if signature == b'g' {
            m.push(u8::try_from(value.len()).unwrap_or(0));
            m.extend_from_slice(value.as_bytes());
            m.push(0);
        } else {
            put_string(m, value);
        }
    };
    field(&mut m, 1, b'o', "/org/freedesktop/DBus");
    field(&mut m, 2, b's', "org.freedesktop.DBus");
    field(&mut m, 3, b's', member);
    field(&mut m, 6, b's', "org.freedesktop.DBus");
    if arg.is_some() {
        field(&mut m, 8, b'g', "s");
    }
    let fields_len = u32::try_from(m.len() - fields_start).unwrap_or(0);
    m[12..16].copy_from_slice(&fields_len.to_le_bytes());
    m.resize(pad8(m.len()), 0);
    m.extend_from_slice(&body);
    m
}

/// A D-Bus string: aligned to 4, its length, the bytes, a NUL. Alignment is counted from the
/// start of `out`, which is 8-aligned in the message.
fn put_string(out: &mut Vec<u8>, s: &str) {
    out.resize(out.len().div_ceil(4) * 4, 0);
    out.extend_from_slice(&u32::try_from(s.len()).unwrap_or(0).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    out.push(0);
}

fn read_u32(bytes: &[u8], at: usize, little_endian: bool) -> Option<u32> {
    let b: [u8; 4] = bytes.get(at..at + 4)?.try_into().ok()?;
    Some(if little_endian {
        u32::from_le_bytes(b)
    } else {
        u32::from_be_bytes(b)
    })
}

/// An `as` body: the array's byte length, then strings each aligned to 4.
fn string_array(body: &[u8], little_endian: bool) -> Option<Vec<String>> {
    let len = read_u32(body, 0, little_endian)? as usize;
    let end = 4usize.checked_add(len)?;
    let mut at = 4;
    let mut out = Vec::new();
    while at < end {
        at = at.div_ceil(4) * 4;
        let n = read_u32(body, at, little_endian)? as usize;
        let text = body.get(at + 4..at + 4 + n)?;
        out.push(String::from_utf8_lossy(text).into_owned());
        at += 4 + n + 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bus_addresses_are_read_as_libdbus_writes_them() {
        assert_eq!(
            BusAddress::parse("unix:path=/run/user/1000/bus"),
            Some(BusAddress::Path("/run/user/1000/bus".into()))
        );
        assert_eq!(
            BusAddress::parse("unix:abstract=/tmp/dbus-Ab%2c1,guid=0123"),
            Some(BusAddress::Abstract(b"/tmp/dbus-Ab,1".to_vec()))
        );
        assert_eq!(BusAddress::parse("tcp:host=localhost,port=1"), None);
        assert_eq!(BusAddress::parse("unix:path=%zz"), None);
        assert_eq!(BusAddress::parse(""), None);
    }

    #[test]
    fn a_method_call_is_laid_out_as_the_specification_says() {
        let m = method_call(7, "NameHasOwner", Some("a.b"));
        assert_eq!(&m[..4], &[b'l', METHOD_CALL, 0, 1]);
        let body_len = read_u32(&m, 4, true).unwrap() as usize;
        let fields_len = read_u32(&m, 12, true).unwrap() as usize;
        assert_eq!(read_u32(&m, 8, true), Some(7));
        assert_eq!(body_len, 8, "length, three bytes, NUL");
        assert_eq!(m.len(), pad8(16 + fields_len) + body_len);
        let body = &m[m.len() - body_len..];
        assert_eq!(body, &[3, 0, 0, 0, b'a', b'.', b'b', 0]);
    }

    #[test]
    fn string_arrays_are_read_with_their_padding() {
        let mut body = vec![0; 4];
        put_string(&mut body, "ab");
        put_string(&mut body, "org.freedesktop.portal.Desktop");
        let len = u32::try_from(body.len() - 4).unwrap();
        body[..4].copy_from_slice(&len.to_le_bytes());
        assert_eq!(
            string_array(&body, true).unwrap(),
            ["ab", "org.freedesktop.portal.Desktop"]
        );
        // Cut short or nonsense: no panic, no answer.
        assert_eq!(string_array(&body[..10], true), None);
        assert_eq!(string_array(&[255, 255, 255, 255], true), None);
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
    fn private_bus(dir: &Path, services: &[&str]) -> (std::process::Child, BusAddress) {
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
        let address = line.trim().split(';').find_map(BusAddress::parse);
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
        let address = BusAddress::Path("/nonexistent/tictactoe/bus".into());
        assert!(bus_has_name(&address, PORTAL_NAME).is_err());
    }
}
