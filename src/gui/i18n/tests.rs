//! The two languages stay complete and consistent: every file parses, every message is in
//! both, a translation uses only the variables its English text has, and every message the
//! code asks for exists.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;

const LOCALES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/locales");

/// A message (or `message.attribute`) and the variables its text uses.
type Messages = BTreeMap<String, BTreeSet<String>>;

fn ftl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    files
}

/// Every message of one language, from all its files; panics naming the file and the
/// error when one does not parse or defines a message twice.
fn messages(language: Language) -> Messages {
    let dir = Path::new(LOCALES_DIR).join(language.identifier().to_string());
    let mut all = Messages::new();
    for file in ftl_files(&dir) {
        let source = std::fs::read_to_string(&file).expect("a readable Fluent file");
        let resource = fluent_syntax::parser::parse(source.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", file.display()));
        for entry in resource.body {
            match entry {
                Entry::Message(message) => {
                    let id = message.id.name.to_owned();
                    let mut found = vec![];
                    if let Some(value) = &message.value {
                        found.push((id.clone(), variables(value)));
                    }
                    for attribute in &message.attributes {
                        found.push((
                            format!("{id}.{}", attribute.id.name),
                            variables(&attribute.value),
                        ));
                    }
                    for (key, vars) in found {
                        assert!(
                            all.insert(key.clone(), vars).is_none(),
                            "{} defines {key} a second time",
                            file.display()
                        );
                    }
                }
                Entry::Junk { content } => panic!("{}: cannot read {content:?}", file.display()),
                Entry::Term(_)
                | Entry::Comment(_)
                | Entry::GroupComment(_)
                | Entry::ResourceComment(_) => {}
            }
        }
    }
    all
}

fn variables(pattern: &Pattern<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, &mut found);
        }
    }
    found
}

fn expression_variables(expression: &Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                found.extend(variables(&variant.value));
            }
        }
        Expression::Inline(inline) => inline_variables(inline, found),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, found);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, found);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, found),
        InlineExpression::StringLiteral { .. }
        | InlineExpression::NumberLiteral { .. }
        | InlineExpression::MessageReference { .. }
        | InlineExpression::TermReference { .. } => {}
    }
}

#[test]
fn every_message_is_in_both_languages() {
    let english = messages(Language::English);
    let chinese = messages(Language::Chinese);
    let only_english: Vec<_> = english
        .keys()
        .filter(|k| !chinese.contains_key(*k))
        .collect();
    let only_chinese: Vec<_> = chinese
        .keys()
        .filter(|k| !english.contains_key(*k))
        .collect();
    assert!(
        only_english.is_empty(),
        "not translated into Chinese: {only_english:?}"
    );
    assert!(
        only_chinese.is_empty(),
        "in Chinese but not in English: {only_chinese:?}"
    );
}

#[test]
fn a_translation_uses_only_the_variables_of_its_english_text() {
    let english = messages(Language::English);
    for (id, vars) in messages(Language::Chinese) {
        let Some(english_vars) = english.get(&id) else {
            continue;
        };
        let extra: Vec<_> = vars.difference(english_vars).collect();
        assert!(
            extra.is_empty(),
            "the Chinese {id} uses {extra:?}, which English does not give"
        );
    }
}

/// The ids in `t!("...")` calls across the sources.
fn ids_asked_for(dir: &Path, found: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).expect("the source folder") {
        let path = entry.expect("a directory entry").path();
        // This module's own documentation and tests name example ids.
        if path.file_stem().is_some_and(|stem| stem == "i18n") {
            continue;
        }
        if path.is_dir() {
            ids_asked_for(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let source = std::fs::read_to_string(&path).expect("a readable source file");
            for (at, _) in source.match_indices("t!(\"") {
                // `format!(` and friends end the same way.
                let before = source[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let rest = &source[at + 4..];
                let end = rest.find('"').expect("a closing quote");
                found.insert(rest[..end].to_owned());
            }
        }
    }
}

#[test]
fn every_message_the_window_asks_for_exists() {
    let mut asked = BTreeSet::new();
    ids_asked_for(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut asked,
    );
    let english = messages(Language::English);
    let missing: Vec<_> = asked
        .iter()
        .filter(|id| !english.contains_key(*id))
        .collect();
    assert!(
        missing.is_empty(),
        "asked for but not in the English files: {missing:?}"
    );
}

#[test]
fn a_message_speaks_the_current_language_with_its_variables() {
    set_language(Language::Chinese);
    assert_eq!(t!("language-heading"), "语言");
    assert_eq!(
        t!("language-changed", language = Language::Chinese.own_name()),
        "窗口现在使用简体中文。"
    );
    set_language(Language::English);
    assert_eq!(
        t!("language-changed", language = "English"),
        "The window now speaks English."
    );
}

#[test]
fn an_unknown_message_shows_its_id() {
    assert_eq!(text("no-such-message"), "no-such-message");
}

#[test]
fn the_system_locale_chooses_the_language() {
    for chinese in [
        "zh-CN",
        "zh_CN.UTF-8",
        "zh-Hans-CN",
        "zh",
        "ZH_cn",
        "zh_TW.UTF-8",
    ] {
        assert_eq!(
            Language::for_locale(chinese),
            Language::Chinese,
            "{chinese}"
        );
    }
    for english in ["en-US", "en_GB.UTF-8", "C", "POSIX", "", "de-DE", "zu"] {
        assert_eq!(
            Language::for_locale(english),
            Language::English,
            "{english}"
        );
    }
}
