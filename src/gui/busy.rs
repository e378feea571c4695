//! Quiet marks for work in progress. egui's spinner repaints every frame for as long as it is
//! shown, and under software rendering that took half of a 2-core machine away from the
//! search it was waiting for. These marks repaint only when the text changes: the elapsed
//! time twice a second, or not at all (the worker's own news repaints the window).

use std::time::{Duration, Instant};

use egui::{RichText, Ui};

/// How often the elapsed time of a search is redrawn.
pub const TICK: Duration = Duration::from_millis(500);

/// The time since `since`, in tenths of a second, redrawn every [`TICK`].
pub fn elapsed(ui: &mut Ui, since: Instant) {
    let elapsed = since.elapsed();
    let ticks = elapsed.as_millis() / TICK.as_millis();
    let shown = Duration::from_millis((ticks * TICK.as_millis()) as u64);
    ui.label(RichText::new(format!("{:.1} s", shown.as_secs_f64())).size(16.0));
    let next = TICK.saturating_sub(elapsed.saturating_sub(shown));
    ui.ctx().request_repaint_after(next);
}

/// A line saying what is being waited for, ending in an ellipsis; drawn again only when
/// the caller's news arrives.
pub fn waiting(ui: &mut Ui, text: &str) {
    ui.label(format!("{text}…"));
}
