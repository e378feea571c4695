//! What can still be read from damaged RON text (the format the window's settings are kept
//! in): the entries of a map of strings that end before a cut, and the fields of a struct
//! that can be read on their own. No egui here: the window's settings file and its saved
//! state both use it.
//!
//! The text is split at the top level only, by a scanner that knows RON's brackets, strings,
//! characters and comments; each part is then read by `ron` itself, so nothing here decides
//! what a value means.

use serde::de::DeserializeOwned;

/// The entries of a RON map of strings (`{"key": "value", ...}`, eframe's settings file) that
/// can be read, in order, up to the first that cannot: the entries of a file cut short.
#[must_use]
pub fn map_entries(text: &str) -> Vec<(String, String)> {
    let mut scan = Scanner::new(text);
    let mut entries = Vec::new();
    if !scan.expect('{') {
        return entries;
    }
    loop {
        scan.skip_blank_and_commas();
        if scan.peek() == Some('}') {
            return entries;
        }
        let Some(key) = scan.value_until(':') else {
            return entries;
        };
        if !scan.expect(':') {
            return entries;
        }
        let Some(value) = scan.value_until('}') else {
            return entries;
        };
        match (
            ron::from_str::<String>(key.trim()),
            ron::from_str::<String>(value.trim()),
        ) {
            (Ok(key), Ok(value)) => entries.push((key, value)),
            _ => return entries,
        }
    }
}

/// The fields of a RON struct (`(name: value, ...)` or `Name(name: value, ...)`) as text, in
/// order, and whether the struct ended. When it did not (the text was cut short, or broke),
/// the last field given holds the rest of the text, which may still be read in part.
#[must_use]
pub fn struct_fields(text: &str) -> (Vec<(&str, &str)>, bool) {
    let mut scan = Scanner::new(text);
    let mut fields = Vec::new();
    scan.skip_blank();
    scan.identifier();
    if !scan.expect('(') {
        return (fields, false);
    }
    loop {
        scan.skip_blank_and_commas();
        if scan.peek() == Some(')') {
            return (fields, true);
        }
        let name = scan.identifier();
        if name.is_empty() || !scan.expect(':') {
            return (fields, false);
        }
        let start = scan.at;
        let Some(value) = scan.value_until(')') else {
            let rest = text[start..].trim();
            if !rest.is_empty() {
                fields.push((name, rest));
            }
            return (fields, false);
        };
        fields.push((name, value.trim()));
    }
}

/// What [`recover`] read.
#[derive(Debug)]
pub struct Recovered<T> {
    pub value: T,
    /// The fields kept, by name.
    pub kept: Vec<String>,
    /// The fields that could not be read with the others, by name; their defaults stand.
    pub lost: Vec<String>,
    /// Whether the text broke off (cut short, or not RON) after the fields read.
    pub cut: bool,
}

/// Reads `text` as a `T` whose fields all have defaults (`#[serde(default)]`), keeping every
/// field that can be read together with the ones kept before it and leaving the others at
/// their defaults. A field named first in a `needs` pair is dropped when the field named
/// second was (a game's moves mean nothing without its board). `fallback` is the value when
/// not even an empty struct reads as a `T`.
#[must_use]
pub fn recover<T: DeserializeOwned>(
    text: &str,
    needs: &[(&str, &str)],
    fallback: impl FnOnce() -> T,
) -> Recovered<T> {
    let (fields, ended) = struct_fields(text);
    let mut kept: Vec<(&str, &str)> = Vec::new();
    let mut lost = Vec::new();
    for (name, value) in fields {
        let needed_lost = needs
            .iter()
            .any(|&(field, needed)| field == name && lost.iter().any(|l| l == needed));
        let mut trial = kept.clone();
        trial.push((name, value));
        if !needed_lost && ron::from_str::<T>(&as_struct(&trial)).is_ok() {
            kept = trial;
        } else {
            lost.push(name.to_owned());
        }
    }
    let value = ron::from_str::<T>(&as_struct(&kept)).unwrap_or_else(|_| fallback());
    Recovered {
        value,
        kept: kept.iter().map(|(name, _)| (*name).to_owned()).collect(),
        lost,
        cut: !ended,
    }
}

/// `fields` written back as a RON struct.
fn as_struct(fields: &[(&str, &str)]) -> String {
    let inner: Vec<String> = fields
        .iter()
        .map(|(name, value)| format!("{name}:{value}"))
        .collect();
    format!("({})", inner.join(","))
}

/// A cursor over RON text that steps over whole values.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner { text, at: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    /// Steps over white space and comments.
    fn skip_blank(&mut self) {
        loop {
            let rest = self.rest();
            if rest.starts_with("//") {
                self.at += rest.find('\n').unwrap_or(rest.len());
            } else if let Some(comment) = rest.strip_prefix("/*") {
                self.at += comment.find("*/").map_or(rest.len(), |end| end + 4);
            } else if self.peek().is_some_and(char::is_whitespace) {
                self.bump();
            } else {
                return;
            }
        }
    }

    fn skip_blank_and_commas(&mut self) {
        loop {
            self.skip_blank();
            if self.peek() != Some(',') {
                return;
            }
            self.bump();
        }
    }

    /// Steps over `wanted` after any blanks; `false` if something else is there.
    fn expect(&mut self, wanted: char) -> bool {
        self.skip_blank();
        if self.peek() == Some(wanted) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// An identifier (possibly empty) after any blanks.
    fn identifier(&mut self) -> &'a str {
        self.skip_blank();
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.bump();
        }
        &self.text[start..self.at]
    }

    /// The text of one value: up to a comma at the top level, or to `close` (or `:` for a
    /// map's key), which is left unread. `None` if the text ends first or a bracket does not
    /// match.
    fn value_until(&mut self, close: char) -> Option<&'a str> {
        let start = self.at;
        let mut open: Vec<char> = Vec::new();
        loop {
            self.skip_blank();
            let here = self.at;
            let c = self.peek()?;
            match c {
                '(' | '[' | '{' => {
                    open.push(c);
                    self.bump();
                }
                ')' | ']' | '}' => {
                    let Some(opener) = open.pop() else {
                        return (c == close && here > start).then(|| &self.text[start..here]);
                    };
                    if pair(opener) != c {
                        return None;
                    }
                    self.bump();
                }
                ',' | ':' if open.is_empty() => {
                    if c == ',' || close == ':' {
                        return (here > start).then(|| &self.text[start..here]);
                    }
                    self.bump();
                }
                '"' => self.string()?,
                'r' if self.raw_string_ahead() => self.raw_string()?,
                '\'' => self.character()?,
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Steps over a quoted string, escapes included.
    fn string(&mut self) -> Option<()> {
        self.bump();
        loop {
            match self.bump()? {
                '\\' => {
                    self.bump()?;
                }
                '"' => return Some(()),
                _ => {}
            }
        }
    }

    fn raw_string_ahead(&self) -> bool {
        let after_r = self.rest()[1..].trim_start_matches('#');
        after_r.starts_with('"')
    }

    /// Steps over a raw string, `r#"..."#`.
    fn raw_string(&mut self) -> Option<()> {
        self.bump();
        let hashes = self.rest().len() - self.rest().trim_start_matches('#').len();
        self.at += hashes + 1;
        let end = format!("\"{}", "#".repeat(hashes));
        let length = self.rest().find(&end)?;
        self.at += length + end.len();
        Some(())
    }

    /// Steps over a character literal, `'x'` or `'\''`.
    fn character(&mut self) -> Option<()> {
        self.bump();
        if self.bump()? == '\\' {
            self.bump()?;
        }
        while self.bump()? != '\'' {}
        Some(())
    }
}

/// The bracket that closes `opener`.
fn pair(opener: char) -> char {
    match opener {
        '(' => ')',
        '[' => ']',
        _ => '}',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Default, Deserialize, PartialEq)]
    #[serde(default)]
    struct Prefs {
        theme: Theme,
        depth: u32,
        name: String,
        pair: (u8, u8),
    }

    #[derive(Debug, Default, Deserialize, PartialEq)]
    enum Theme {
        #[default]
        System,
        Dark,
    }

    #[test]
    fn a_map_cut_short_keeps_the_entries_before_the_cut() {
        let text = "{\n    \"window\": \"(x:1.0)\",\n    \"app\": \"(prefs:(name:\\\"a, b)\\\"))\",\n    \"egui\": \"(options:(zoom";
        assert_eq!(
            map_entries(text),
            vec![
                ("window".to_owned(), "(x:1.0)".to_owned()),
                ("app".to_owned(), "(prefs:(name:\"a, b)\"))".to_owned()),
            ]
        );
        let whole = "{\"a\":\"1\",}";
        assert_eq!(map_entries(whole), vec![("a".to_owned(), "1".to_owned())]);
        assert!(map_entries("garbage").is_empty());
        assert!(map_entries("{\"a\": 5}").is_empty());
        assert!(map_entries("").is_empty());
    }

    #[test]
    fn a_struct_keeps_every_field_that_reads_and_names_the_others() {
        let text = "(theme:Dark, depth:-3, name:\"x), y\", pair:(1,2), unknown:[1,2])";
        let got: Recovered<Prefs> = recover(text, &[], Prefs::default);
        assert_eq!(
            got.value,
            Prefs {
                theme: Theme::Dark,
                depth: 0,
                name: "x), y".to_owned(),
                pair: (1, 2),
            }
        );
        assert_eq!(got.lost, ["depth"]);
        assert!(!got.cut);
    }

    #[test]
    fn a_struct_cut_short_keeps_the_fields_before_the_cut() {
        let got: Recovered<Prefs> = recover(
            "Prefs(theme:Dark,/* c */ depth:4, pair:(1,",
            &[],
            Prefs::default,
        );
        assert_eq!(got.value.theme, Theme::Dark);
        assert_eq!(got.value.depth, 4);
        assert_eq!(got.value.pair, (0, 0));
        assert!(got.cut);
        assert_eq!(got.kept, ["theme", "depth"]);
        assert_eq!(got.lost, ["pair"]);
        let nothing: Recovered<Prefs> = recover("\u{0}\u{1}garbage", &[], Prefs::default);
        assert_eq!(nothing.value, Prefs::default());
        assert!(nothing.cut);
    }

    #[test]
    fn a_field_that_needs_a_lost_one_goes_with_it() {
        let got: Recovered<Prefs> = recover(
            "(theme:Light,depth:4)",
            &[("depth", "theme")],
            Prefs::default,
        );
        assert_eq!(got.value, Prefs::default());
        assert_eq!(got.lost, ["theme", "depth"]);
    }

    #[test]
    fn brackets_that_do_not_match_stop_the_reading() {
        let (fields, ended) = struct_fields("(a:(1],b:2)");
        assert_eq!(fields, [("a", "(1],b:2)")]);
        assert!(!ended);
        let (fields, ended) = struct_fields("(a:1,b:(c:2,d:");
        assert_eq!(fields, [("a", "1"), ("b", "(c:2,d:")]);
        assert!(!ended);
        let (fields, ended) = struct_fields("(a:'\\'',b:r#\"q\"#)");
        assert_eq!(fields, [("a", "'\\''"), ("b", "r#\"q\"#")]);
        assert!(ended);
    }
}
