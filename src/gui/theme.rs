//! The light/dark switch: follow the system (the default), or force light or dark. Text
//! labels rather than icons, so it reads well and needs no emoji font.

use serde::{Deserialize, Serialize};

/// The player's theme choice; saved with the other preferences.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    const ALL: [ThemeChoice; 3] = [ThemeChoice::System, ThemeChoice::Light, ThemeChoice::Dark];

    fn label(self) -> &'static str {
        match self {
            ThemeChoice::System => "System",
            ThemeChoice::Light => "Light",
            ThemeChoice::Dark => "Dark",
        }
    }

    /// Applies the choice to the whole window.
    pub fn apply(self, ctx: &egui::Context) {
        ctx.set_theme(match self {
            ThemeChoice::System => egui::ThemePreference::System,
            ThemeChoice::Light => egui::ThemePreference::Light,
            ThemeChoice::Dark => egui::ThemePreference::Dark,
        });
    }

    /// A labelled row of three buttons; applies and returns `true` when the choice changed.
    pub fn ui(&mut self, ui: &mut egui::Ui) -> bool {
        let before = *self;
        ui.horizontal(|ui| {
            let label = ui.label("Theme:");
            for choice in ThemeChoice::ALL {
                ui.selectable_value(self, choice, choice.label())
                    .on_hover_text(format!("{} theme", choice.label()));
            }
            label
        });
        if *self != before {
            self.apply(ui.ctx());
            true
        } else {
            false
        }
    }
}
