//! Runs a test again inside a network namespace of its own that holds only a loopback
//! interface, so that what the test sends by multicast (local network announcements)
//! reaches nothing outside it.

use std::process::Command;

/// Set in the test's environment once it runs inside its own network.
const INSIDE: &str = "TICTACTOE_TEST_OWN_NETWORK";

/// True when this process already runs inside its own network. Otherwise runs the test
/// `name` of the module `module` (the caller's `module_path!()`) again in a new network
/// namespace, fails unless it passed there, and returns false: the caller then returns.
pub fn own_network(module: &str, name: &str) -> bool {
    if std::env::var_os(INSIDE).is_some() {
        return true;
    }
    // The harness names a test by its path without the crate's name.
    let test = match module.split_once("::") {
        Some((_crate, path)) => format!("{path}::{name}"),
        None => name.to_owned(),
    };
    let test = test.as_str();
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut tried = Vec::new();
    // As root a network namespace is enough; otherwise a user namespace is made for it.
    for unshare in [&["--net"][..], &["--user", "--map-root-user", "--net"][..]] {
        let out = Command::new("unshare")
            .args(unshare)
            .args(["--", "sh", "-c", "ip link set lo up && exec \"$@\"", "sh"])
            .arg(&exe)
            .args(["--exact", test, "--nocapture", "--test-threads", "1"])
            .env(INSIDE, "1")
            .output();
        let out = match out {
            Ok(out) => out,
            Err(error) => {
                tried.push(format!("unshare {unshare:?}: {error}"));
                continue;
            }
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if stdout.contains("running 1 test") {
            assert!(
                out.status.success() && stdout.contains("1 passed"),
                "{test} failed in its own network:\n{stdout}\n{stderr}"
            );
            return false;
        }
        tried.push(format!("unshare {unshare:?}: {stderr}"));
    }
    panic!(
        "{test} needs a network namespace of its own (unshare --net, as root or in a user \
         namespace; `ip` from iproute2):\n{}",
        tried.join("\n")
    );
}
