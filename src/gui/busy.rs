//! Quiet marks for work in progress. egui's spinner repaints every frame for as long as it is
//! shown, and under software rendering that took half of a 2-core machine away from the
//! search it was waiting for (under Mesa's software renderer a frame of this window costs
//! about 0.13 s of CPU). These marks repaint only when their text changes: the elapsed time
//! once a second, or not at all (the worker's own news repaints the window).

use std::time::{Duration, Instant};

use egui::{RichText, Ui};

/// How often the elapsed time of a search is redrawn.
pub const TICK: Duration = Duration::from_secs(1);

/// The whole seconds since `since`, redrawn when the next second begins.
pub fn elapsed(ui: &mut Ui, since: Instant) {
    let elapsed = since.elapsed();
    let seconds = elapsed.as_secs();
    ui.label(RichText::new(super::status::seconds(seconds.saturating_mul(1000))).size(16.0));
    let shown = Duration::from_secs(seconds);
    let next = TICK.saturating_sub(elapsed.saturating_sub(shown));
    ui.ctx().request_repaint_after(next);
}

/// A line saying what is being waited for, ending in an ellipsis; drawn again only when
/// the caller's news arrives.
pub fn waiting(ui: &mut Ui, text: &str) {
    ui.label(format!("{text}…"));
}
