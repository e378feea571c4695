//! The font the window draws Chinese with. egui's own fonts have no Chinese characters, and
//! a desktop may have no Chinese font installed, so a subset of Noto Sans CJK SC is compiled
//! in (`assets/fonts`, SIL Open Font License 1.1, made by `scripts/make-font-subset.sh`): the
//! 3,755 everyday characters of GB2312 level 1, ASCII, CJK punctuation and every character
//! of the Chinese translation. It comes after egui's fonts, so Latin text looks as before.

use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use egui::{FontData, FontFamily};

/// The subset of Noto Sans CJK SC Regular.
pub const CHINESE_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-subset.otf");

/// Adds the Chinese font as the last fallback of both the proportional and the monospace
/// text.
pub fn install(ctx: &egui::Context) {
    let families = [FontFamily::Proportional, FontFamily::Monospace]
        .into_iter()
        .map(|family| InsertFontFamily {
            family,
            priority: FontPriority::Lowest,
        })
        .collect();
    ctx.add_font(FontInsert::new(
        "Noto Sans CJK SC (subset)",
        FontData::from_static(CHINESE_FONT),
        families,
    ));
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use super::*;

    /// A translation with a character the font lacks would show a box: rerun
    /// `scripts/make-font-subset.sh` after adding one.
    #[test]
    fn the_font_draws_every_character_of_the_chinese_translation() {
        let face = ttf_parser::Face::parse(CHINESE_FONT, 0).expect("the bundled font parses");
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales/zh-CN");
        let mut files = 0;
        for entry in std::fs::read_dir(&dir).expect("the Chinese translation's folder") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_none_or(|e| e != "ftl") {
                continue;
            }
            files += 1;
            let text = std::fs::read_to_string(&path).expect("a readable Fluent file");
            let missing: BTreeSet<char> = text
                .chars()
                .filter(|c| !c.is_control() && face.glyph_index(*c).is_none())
                .collect();
            assert!(
                missing.is_empty(),
                "{}: the bundled font has no {missing:?}: run scripts/make-font-subset.sh",
                path.display()
            );
        }
        assert!(files > 0, "no Fluent files in {}", dir.display());
    }

    #[test]
    fn the_font_has_the_everyday_characters() {
        let face = ttf_parser::Face::parse(CHINESE_FONT, 0).expect("the bundled font parses");
        // The first and last characters of GB2312 level 1, and full-width punctuation.
        for c in ['啊', '座', '，', '。', '：', '（', '）', 'A', '5'] {
            assert!(face.glyph_index(c).is_some(), "{c}");
        }
        assert!(face.number_of_glyphs() > 3_755);
    }
}
