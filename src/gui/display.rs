//! Reaching the display before the window opens. winit connects to the display once per
//! process: a failed connection is kept for the life of the process, and a second event loop
//! is refused ("EventLoop can't be recreated"), so neither winit nor the other renderer can
//! try again. The connection is therefore first tried here, to the display winit will choose,
//! a few times with a short pause (an X server that has just started, or is loaded, may refuse
//! a client for a moment); when it cannot be reached the words say which display and what to
//! check. The connection made is kept open while the window runs: an X server without clients
//! resets itself (Xvfb does by default), and one that resets between this connection and
//! winit's refuses winit.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The pauses between tries: three tries within about a second and a half when the server
/// refuses at once.
pub const PAUSES: [Duration; 2] = [Duration::from_millis(300), Duration::from_millis(900)];

/// How long one try waits for the server to answer, so that a hung server cannot hold the
/// start for ever.
#[cfg(target_os = "linux")]
const ANSWER_WITHIN: Duration = Duration::from_secs(1);

/// A display server, as winit will reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Server {
    /// A Wayland compositor's socket (`WAYLAND_DISPLAY`, under `XDG_RUNTIME_DIR` unless it
    /// is a full path).
    Wayland(PathBuf),
    /// A Wayland connection handed over by the parent (`WAYLAND_SOCKET`): already open,
    /// there is nothing to try before winit takes it.
    WaylandSocket,
    /// An X server, by its `DISPLAY` name.
    X(String),
}

impl Server {
    /// How the user names it.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Server::Wayland(path) => path.display().to_string(),
            Server::WaylandSocket => "WAYLAND_SOCKET".to_owned(),
            Server::X(name) => name.clone(),
        }
    }
}

/// A connection to the display, kept open while the window runs so that the server does not
/// reset between it and winit's own.
pub struct Reached {
    /// The connection (a Wayland socket or an X connection), only held; none for a socket
    /// handed over by the parent.
    _open: Option<HeldConnection>,
}

/// An open connection, only held.
type HeldConnection = Box<dyn Send>;

/// The display could not be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable {
    /// The display tried, as the user names it; empty when none is set.
    pub display: String,
    /// What went wrong, in the system's words.
    pub why: String,
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.display.is_empty() {
            write!(f, "no display to connect to: {}", self.why)?;
        } else {
            write!(
                f,
                "could not connect to the display {}: {}",
                self.display, self.why
            )?;
        }
        write!(f, "; is an X server or Wayland compositor running?")
    }
}

impl std::error::Error for Unreachable {}

impl Unreachable {
    /// The display named by the environment could not be used, for the reason `why` (an
    /// error the window met after [`reach`] had reached it).
    #[must_use]
    pub fn now(why: String) -> Unreachable {
        let display = chosen(env_var).map_or_else(|_| String::new(), |server| server.name());
        Unreachable { display, why }
    }
}

/// The display server winit will connect to, chosen as winit chooses from the environment
/// read through `var`: Wayland first (an X server may run under it), then X; an empty
/// variable counts as unset.
pub fn chosen(var: impl Fn(&str) -> Option<String>) -> Result<Server, Unreachable> {
    let set = |name: &str| var(name).filter(|value| !value.is_empty());
    if let Some(wayland) = set("WAYLAND_DISPLAY") {
        let path = PathBuf::from(&wayland);
        if path.is_absolute() {
            return Ok(Server::Wayland(path));
        }
        return match set("XDG_RUNTIME_DIR") {
            Some(dir) => Ok(Server::Wayland(PathBuf::from(dir).join(path))),
            None => Err(Unreachable {
                display: wayland,
                why: "XDG_RUNTIME_DIR is not set, so its socket cannot be found".to_owned(),
            }),
        };
    }
    if set("WAYLAND_SOCKET").is_some() {
        return Ok(Server::WaylandSocket);
    }
    match set("DISPLAY") {
        Some(display) => Ok(Server::X(display)),
        None => Err(Unreachable {
            display: String::new(),
            why: "neither DISPLAY nor WAYLAND_DISPLAY is set".to_owned(),
        }),
    }
}

/// Runs `attempt`, and again after each of `pauses` (waited through `sleep`) until it
/// succeeds; returns its last result and how many tries it took.
pub fn with_retries<T, E>(
    pauses: &[Duration],
    mut attempt: impl FnMut() -> Result<T, E>,
    mut sleep: impl FnMut(Duration),
) -> (Result<T, E>, usize) {
    let mut result = attempt();
    let mut tries = 1;
    for &pause in pauses {
        if result.is_ok() {
            break;
        }
        sleep(pause);
        result = attempt();
        tries += 1;
    }
    (result, tries)
}

/// Reaches the display winit will use, trying again after each of [`PAUSES`]; says which
/// display could not be reached and why. Keep what it returns until the window has closed.
#[cfg(target_os = "linux")]
pub fn reach() -> Result<Reached, Unreachable> {
    let server = chosen(env_var)?;
    match with_retries(&PAUSES, || try_once(&server), std::thread::sleep) {
        (Ok(open), _) => Ok(Reached { _open: open }),
        (Err(why), tries) => Err(Unreachable {
            display: server.name(),
            why: format!("{why} (tried {tries} times)"),
        }),
    }
}

fn env_var(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// One connection to `server`, made on a thread of its own so that a server that never
/// answers costs [`ANSWER_WITHIN`], not the whole start.
#[cfg(target_os = "linux")]
fn try_once(server: &Server) -> Result<Option<HeldConnection>, String> {
    let (answer, answered) = std::sync::mpsc::channel();
    let to_reach = server.clone();
    std::thread::Builder::new()
        .name("display-probe".to_owned())
        .spawn(move || {
            // Nobody listens any more when the answer came too late.
            let _ = answer.send(connect(&to_reach));
        })
        .map_err(|e| format!("could not start a thread to connect: {e}"))?;
    answered.recv_timeout(ANSWER_WITHIN).unwrap_or_else(|_| {
        Err(format!(
            "the server did not answer within {} ms",
            ANSWER_WITHIN.as_millis()
        ))
    })
}

/// Elsewhere winit's connection is not known to fail for a moment's load; it is left to it.
#[cfg(not(target_os = "linux"))]
pub fn reach() -> Result<Reached, Unreachable> {
    Ok(Reached { _open: None })
}

/// Opens a connection to `server` (none for a socket handed over by the parent).
#[cfg(target_os = "linux")]
fn connect(server: &Server) -> Result<Option<HeldConnection>, String> {
    match server {
        Server::Wayland(path) => std::os::unix::net::UnixStream::connect(path)
            .map(|stream| Some(Box::new(stream) as HeldConnection))
            .map_err(|e| e.to_string()),
        Server::WaylandSocket => Ok(None),
        Server::X(name) => x11rb::connect(Some(name))
            .map(|(connection, _screen)| Some(Box::new(connection) as HeldConnection))
            .map_err(|e| e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chosen_from(vars: &[(&str, &str)]) -> Result<Server, Unreachable> {
        chosen(|name| {
            vars.iter()
                .find(|(var, _)| *var == name)
                .map(|(_, value)| (*value).to_owned())
        })
    }

    #[test]
    fn wayland_is_chosen_before_x_as_winit_chooses() {
        let both = [
            ("WAYLAND_DISPLAY", "wayland-0"),
            ("XDG_RUNTIME_DIR", "/run/user/1000"),
            ("DISPLAY", ":0"),
        ];
        assert_eq!(
            chosen_from(&both),
            Ok(Server::Wayland(PathBuf::from("/run/user/1000/wayland-0")))
        );
        assert_eq!(
            chosen_from(&[("WAYLAND_DISPLAY", "/tmp/w-1"), ("DISPLAY", ":0")]),
            Ok(Server::Wayland(PathBuf::from("/tmp/w-1")))
        );
        assert_eq!(
            chosen_from(&[("WAYLAND_SOCKET", "5"), ("DISPLAY", ":0")]),
            Ok(Server::WaylandSocket)
        );
    }

    #[test]
    fn an_empty_wayland_variable_leaves_x() {
        assert_eq!(
            chosen_from(&[("WAYLAND_DISPLAY", ""), ("DISPLAY", ":99")]),
            Ok(Server::X(":99".to_owned()))
        );
    }

    #[test]
    fn no_display_at_all_is_said_in_words() {
        let none = chosen_from(&[("DISPLAY", "")]).unwrap_err();
        assert_eq!(
            none.to_string(),
            "no display to connect to: neither DISPLAY nor WAYLAND_DISPLAY is set; \
             is an X server or Wayland compositor running?"
        );
        let no_runtime_dir = chosen_from(&[("WAYLAND_DISPLAY", "wayland-0")]).unwrap_err();
        assert_eq!(no_runtime_dir.display, "wayland-0");
        assert!(no_runtime_dir.why.contains("XDG_RUNTIME_DIR"));
    }

    #[test]
    fn an_unreachable_display_is_named_with_what_to_check() {
        let unreachable = Unreachable {
            display: ":99".to_owned(),
            why: "Connection refused (tried 3 times)".to_owned(),
        };
        assert_eq!(
            unreachable.to_string(),
            "could not connect to the display :99: Connection refused (tried 3 times); \
             is an X server or Wayland compositor running?"
        );
    }

    /// Runs `with_retries` over scripted results; returns the result, the tries and the
    /// pauses slept.
    fn retried(mut results: Vec<Result<(), &str>>) -> (Result<(), &str>, usize, Vec<Duration>) {
        results.reverse();
        let mut slept = Vec::new();
        let (result, tries) = with_retries(
            &PAUSES,
            || results.pop().expect("no more tries than scripted"),
            |pause| slept.push(pause),
        );
        (result, tries, slept)
    }

    #[test]
    fn a_display_that_answers_is_tried_once() {
        assert_eq!(retried(vec![Ok(())]), (Ok(()), 1, vec![]));
    }

    #[test]
    fn a_display_that_answers_late_is_tried_again_after_a_pause() {
        assert_eq!(
            retried(vec![Err("refused"), Ok(())]),
            (Ok(()), 2, vec![PAUSES[0]])
        );
    }

    #[test]
    fn a_display_that_never_answers_is_given_up_after_three_tries_within_two_seconds() {
        let (result, tries, slept) = retried(vec![Err("a"), Err("b"), Err("c")]);
        assert_eq!((result, tries), (Err("c"), 3));
        assert_eq!(slept, PAUSES);
        assert!(slept.iter().sum::<Duration>() <= Duration::from_secs(2));
    }
}
