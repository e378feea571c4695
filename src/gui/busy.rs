//! Quiet marks for work in progress. egui's spinner repaints every frame for as long as it is
//! shown, and under software rendering that took half of a 2-core machine away from the
//! search it was waiting for (under Mesa's software renderer a frame of this window costs
//! about 0.13 s of CPU). These marks repaint only when their text changes: the elapsed time
//! once a second, or not at all (the worker's own news repaints the window). The words for a
//! time in seconds are here too, below everything that says one.

use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use crate::t;

/// How often the elapsed time of a search is redrawn.
pub const TICK: Duration = Duration::from_secs(1);

/// The whole seconds since `since`, as a label's text; the window is redrawn when the next
/// second begins.
#[must_use]
pub fn elapsed_text(ctx: &egui::Context, since: Instant) -> RichText {
    let elapsed = since.elapsed();
    let whole = elapsed.as_secs();
    let shown = Duration::from_secs(whole);
    let next = TICK.saturating_sub(elapsed.saturating_sub(shown));
    ctx.request_repaint_after(next);
    RichText::new(seconds(whole.saturating_mul(1000))).size(16.0)
}

/// A line saying what is being waited for, ending in an ellipsis; drawn again only when
/// the caller's news arrives.
pub fn waiting(ui: &mut Ui, text: &str) {
    ui.label(format!("{text}…"));
}

/// "2 s", "0.5 s".
#[must_use]
pub fn seconds(ms: u64) -> String {
    let number = if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        format!("{:.1}", ms as f64 / 1000.0)
    };
    t!("seconds", seconds = number)
}
