//! The light/dark switch: follow the system (the default), or force light or dark. Text
//! labels rather than icons, so it reads well and needs no emoji font. Also the few changes
//! to egui's own light and dark looks that both themes need: readable grey text and a
//! scroll bar that can be seen.

use egui::{Color32, Theme};
use serde::{Deserialize, Serialize};

use crate::t;

/// The grey of explanatory (weak) text on each theme's panels. egui's default greys reach
/// about 2.7:1 (dark) and 2.9:1 (light) against the panel; these reach 4.7:1 and 4.8:1, above
/// the 4.5:1 that WCAG asks of body text, and stay a little fainter than the normal text.
const WEAK_TEXT_DARK: Color32 = Color32::from_gray(134);
const WEAK_TEXT_LIGHT: Color32 = Color32::from_gray(110);

/// The scroll bar's width in points: wide enough to see and to grab.
const SCROLL_BAR_WIDTH: f32 = 10.0;

/// Sets the weak text colour and the scroll bar of both the light and the dark style, so
/// whichever the theme choice (or the system) picks has them.
pub fn install(ctx: &egui::Context) {
    for theme in [Theme::Dark, Theme::Light] {
        ctx.style_mut_of(theme, |style| {
            style.visuals.weak_text_color = Some(match theme {
                Theme::Dark => WEAK_TEXT_DARK,
                Theme::Light => WEAK_TEXT_LIGHT,
            });
            style.spacing.scroll = scroll_style();
        });
    }
}

/// A solid scroll bar beside the content rather than a thin line floating over it, drawn in
/// the text colour at full strength even when the pointer is elsewhere: a panel that does
/// not fit says so at a glance.
fn scroll_style() -> egui::style::ScrollStyle {
    egui::style::ScrollStyle {
        bar_width: SCROLL_BAR_WIDTH,
        foreground_color: true,
        dormant_background_opacity: 1.0,
        active_background_opacity: 1.0,
        interact_background_opacity: 1.0,
        dormant_handle_opacity: 1.0,
        active_handle_opacity: 1.0,
        interact_handle_opacity: 1.0,
        ..egui::style::ScrollStyle::solid()
    }
}

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

    fn label(self) -> String {
        match self {
            ThemeChoice::System => t!("theme-system"),
            ThemeChoice::Light => t!("theme-light"),
            ThemeChoice::Dark => t!("theme-dark"),
        }
    }

    fn hover(self) -> String {
        match self {
            ThemeChoice::System => t!("theme-system-hover"),
            ThemeChoice::Light => t!("theme-light-hover"),
            ThemeChoice::Dark => t!("theme-dark-hover"),
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

    /// A labelled row of three buttons that changes the choice; the app applies it.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let label = ui.label(t!("theme-label"));
            for choice in ThemeChoice::ALL {
                ui.selectable_value(self, choice, choice.label())
                    .on_hover_text(choice.hover());
            }
            label
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The WCAG 2 contrast ratio of `text` drawn over the opaque `background`, from 1 (the same
    /// colour) to 21 (black on white). A translucent `text` (egui's default weak text is the
    /// normal text at 60% opacity) is blended over the background first, as it is on screen.
    fn contrast_ratio(text: Color32, background: Color32) -> f32 {
        let (la, lb) = (luminance(over(text, background)), luminance(background));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    /// `fg` (premultiplied alpha, as egui keeps colours) blended over an opaque `bg`.
    fn over(fg: Color32, bg: Color32) -> Color32 {
        let keep = 255 - u16::from(fg.a());
        let mix = |f: u8, b: u8| {
            let value = u16::from(f) + (u16::from(b) * keep + 127) / 255;
            u8::try_from(value.min(255)).unwrap_or(u8::MAX)
        };
        Color32::from_rgb(
            mix(fg.r(), bg.r()),
            mix(fg.g(), bg.g()),
            mix(fg.b(), bg.b()),
        )
    }

    /// WCAG 2 relative luminance of an sRGB colour.
    fn luminance(c: Color32) -> f32 {
        let linear = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(c.r()) + 0.7152 * linear(c.g()) + 0.0722 * linear(c.b())
    }

    #[test]
    fn contrast_ratio_matches_known_values() {
        assert!((contrast_ratio(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
        assert!((contrast_ratio(Color32::WHITE, Color32::WHITE) - 1.0).abs() < 1e-6);
        // #767676 on white is the classic just-passing grey: 4.54:1.
        let ratio = contrast_ratio(Color32::from_gray(0x76), Color32::WHITE);
        assert!((ratio - 4.54).abs() < 0.01, "{ratio}");
    }

    #[test]
    fn weak_text_is_readable_on_the_panel_in_both_themes() {
        let ctx = egui::Context::default();
        // egui's own greys fail (about 2.7:1 and 2.9:1), which is why the window sets its own.
        for theme in [Theme::Dark, Theme::Light] {
            let visuals = ctx.style_of(theme).visuals.clone();
            let ratio = contrast_ratio(visuals.weak_text_color(), visuals.panel_fill);
            println!("{theme:?}: egui's weak text on panel: {ratio:.2}:1");
            assert!(
                ratio < 4.5,
                "{theme:?}: egui's default is already {ratio:.2}"
            );
        }
        install(&ctx);
        for theme in [Theme::Dark, Theme::Light] {
            let visuals = ctx.style_of(theme).visuals.clone();
            let weak = visuals.weak_text_color();
            let ratio = contrast_ratio(weak, visuals.panel_fill);
            println!("{theme:?}: weak text {weak:?} on panel: {ratio:.2}:1");
            assert!(ratio >= 4.5, "{theme:?}: weak text contrast {ratio:.2}:1");
            // Still weaker than the normal text, so it reads as an aside.
            let normal = contrast_ratio(visuals.text_color(), visuals.panel_fill);
            assert!(
                ratio < normal,
                "{theme:?}: {ratio:.2} vs normal {normal:.2}"
            );
        }
    }

    #[test]
    fn scroll_bars_are_solid_and_always_drawn_in_both_themes() {
        let ctx = egui::Context::default();
        install(&ctx);
        for theme in [Theme::Dark, Theme::Light] {
            let style = ctx.style_of(theme);
            let scroll = &style.spacing.scroll;
            assert!(!scroll.floating, "{theme:?}");
            assert!(scroll.bar_width >= 8.0, "{theme:?}");
            assert!((scroll.dormant_handle_opacity - 1.0).abs() < f32::EPSILON);
            assert!(scroll.foreground_color);
            let visuals = &style.visuals;
            let handle = visuals.widgets.inactive.fg_stroke.color;
            let ratio = contrast_ratio(handle, visuals.extreme_bg_color);
            assert!(
                ratio >= 3.0,
                "{theme:?}: scroll handle contrast {ratio:.2}:1"
            );
        }
    }
}
