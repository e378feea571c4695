//! Closing cleanly when the desktop session ends or the terminal says stop. A logout sends
//! SIGTERM or SIGHUP, Ctrl+C sends SIGINT; by default each ends the process on the spot and
//! the moves since the last save are lost. Here a helper thread waits for them and asks the
//! window to close as if its close button had been pressed, so eframe saves the game first.
//! It also wakes the event loop, which otherwise sleeps while the window is idle.

use std::sync::Arc;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

/// The signals that close the window cleanly.
pub const CLOSE_SIGNALS: [i32; 3] = [SIGTERM, SIGHUP, SIGINT];

/// From now on, one of [`CLOSE_SIGNALS`] closes the window behind `ctx` (eframe saves on
/// the way out). A second one, should the window not have closed, ends the process at once,
/// as a person pressing Ctrl+C twice expects.
pub fn close_on_signals(ctx: &egui::Context) -> std::io::Result<()> {
    let ctx = ctx.clone();
    watch(Arc::new(move |_signal| close(&ctx)))
}

/// Asks the window to close and wakes its event loop so the request is seen now.
pub fn close(ctx: &egui::Context) {
    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    ctx.request_repaint();
}

/// Calls `on_signal` on a helper thread for the first of [`CLOSE_SIGNALS`] to arrive;
/// exits with the usual status (128 + the signal) on the second.
fn watch(on_signal: Arc<dyn Fn(i32) + Send + Sync>) -> std::io::Result<()> {
    let mut signals = Signals::new(CLOSE_SIGNALS)?;
    std::thread::Builder::new()
        .name("close on signal".into())
        .spawn(move || {
            let mut asked = false;
            for signal in signals.forever() {
                if asked {
                    std::process::exit(128 + signal);
                }
                asked = true;
                on_signal(signal);
            }
        })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;

    /// SIGHUP (a logout) reaches the handler instead of ending the process, and the window
    /// is asked to close.
    #[test]
    fn a_logout_signal_asks_the_window_to_close() {
        let ctx = egui::Context::default();
        let (sender, received) = mpsc::channel();
        let closing = ctx.clone();
        let sender = std::sync::Mutex::new(sender);
        watch(Arc::new(move |signal| {
            close(&closing);
            let _ = sender.lock().map(|s| s.send(signal));
        }))
        .unwrap();
        signal_hook::low_level::raise(SIGHUP).unwrap();
        let signal = received.recv_timeout(Duration::from_secs(60));
        assert_eq!(signal, Ok(SIGHUP));
        let mut output = ctx.run_ui(egui::RawInput::default(), |_| {});
        output.textures_delta.clear();
        let commands = &output.viewport_output[&egui::ViewportId::ROOT].commands;
        assert!(
            commands.contains(&egui::ViewportCommand::Close),
            "{commands:?}"
        );
    }
}
