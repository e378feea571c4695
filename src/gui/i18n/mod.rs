//! The window's words, in English and Simplified Chinese, from the Fluent files under
//! `assets/locales/<language>/*.ftl` (compiled into the binary). One file per part of the
//! window keeps the two languages side by side and easy to review.
//!
//! The language is the window's (saved with its preferences) and set for the UI thread at the
//! start of every frame, so [`t!`](crate::t) needs no language argument and tests running
//! side by side in one process each keep their own. The command line stays English and never
//! calls this module.
//!
//! Cargo rebuilds when a Fluent file changes (the files are `include_str!`ed), but not when a
//! new file is added: touch this file after adding one.

use std::cell::Cell;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};
use serde::{Deserialize, Serialize};

static_loader! {
    static LOCALES = {
        locales: "./assets/locales",
        fallback_language: "en-US",
        // Unicode isolation marks around arguments would show as boxes in egui.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

const ENGLISH: LanguageIdentifier = langid!("en-US");
const CHINESE: LanguageIdentifier = langid!("zh-CN");

/// A language the window speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    /// Simplified Chinese (简体中文).
    Chinese,
}

impl Language {
    /// Every language, in the order the chooser lists them.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The language's Fluent identifier, which is also its folder under `assets/locales`.
    #[must_use]
    pub fn identifier(self) -> LanguageIdentifier {
        match self {
            Language::English => ENGLISH,
            Language::Chinese => CHINESE,
        }
    }

    /// The language's name in its own words, as the chooser shows it whatever the window's
    /// language is.
    #[must_use]
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Chinese => "简体中文",
        }
    }

    /// The language for a locale as the system gives it ("zh-CN", "zh_CN.UTF-8", "zh-Hans",
    /// "en-GB", "C"): Chinese for any Chinese locale (the only Chinese is Simplified),
    /// English otherwise.
    #[must_use]
    pub fn for_locale(locale: &str) -> Language {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default();
        if primary.eq_ignore_ascii_case("zh") {
            Language::Chinese
        } else {
            Language::English
        }
    }

    /// The language of the system's locale, or English when there is none.
    #[must_use]
    pub fn of_system() -> Language {
        sys_locale::get_locale().map_or(Language::English, |l| Language::for_locale(&l))
    }
}

thread_local! {
    static CURRENT: Cell<Language> = const { Cell::new(Language::English) };
}

/// Makes `language` the one [`t!`](crate::t) speaks on this thread.
pub fn set_language(language: Language) {
    CURRENT.with(|c| c.set(language));
}

/// The language [`t!`](crate::t) speaks on this thread.
#[must_use]
pub fn language() -> Language {
    CURRENT.with(Cell::get)
}

/// The message `id` in the current language. A message missing there comes from English;
/// one missing everywhere shows its id (the tests keep both languages complete).
#[must_use]
pub fn text(id: &str) -> String {
    LOCALES
        .try_lookup(&language().identifier(), id)
        .unwrap_or_else(|| id.to_owned())
}

/// The message `id` in the current language, with its variables filled in.
#[must_use]
pub fn text_with(id: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
    let args = args
        .iter()
        .map(|(name, value)| (std::borrow::Cow::Borrowed(*name), value.clone()))
        .collect();
    LOCALES
        .try_lookup_with_args(&language().identifier(), id, &args)
        .unwrap_or_else(|| id.to_owned())
}

/// A message in the window's language: `t!("new-game")`, or with variables
/// `t!("moves-searched", count = nodes)`. Numbers given as variables take the language's
/// plural forms in the Fluent file.
#[macro_export]
macro_rules! t {
    ($id:literal) => {
        $crate::gui::i18n::text($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::gui::i18n::text_with(
            $id,
            &[$((stringify!($name), $crate::gui::i18n::ArgValue::from($value))),+],
        )
    };
}

/// A Fluent variable's value (numbers and text convert into it).
pub type ArgValue<'a> = FluentValue<'a>;

#[cfg(test)]
mod tests;
