//! The buttons that step through a sequence the board shows one position at a time: the
//! tree's replay and a winning line. Start, Step back, Step forward, To the end.

use egui::{Button, Ui};

use crate::t;

/// The four buttons for `step` in `0..=last`, each greyed where it would not move.
pub fn step_buttons(ui: &mut Ui, step: &mut usize, last: usize) {
    ui.horizontal_wrapped(|ui| {
        let back = *step > 0;
        let forward = *step < last;
        if ui
            .add_enabled(back, Button::new(t!("lab-tree-replay-start")))
            .clicked()
        {
            *step = 0;
        }
        if ui
            .add_enabled(back, Button::new(t!("lab-tree-replay-back")))
            .clicked()
        {
            *step -= 1;
        }
        if ui
            .add_enabled(forward, Button::new(t!("lab-tree-replay-forward")))
            .clicked()
        {
            *step += 1;
        }
        if ui
            .add_enabled(forward, Button::new(t!("lab-tree-replay-end")))
            .clicked()
        {
            *step = last;
        }
    });
}
