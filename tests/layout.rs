//! The test suite's own layout: every file in `tests/` is a module of the one test binary.
//! Cargo.toml turns off the discovery of test files (`autotests = false`), so a file left out
//! of `tests/main.rs` would be neither built nor run, and nothing else would say so.

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_file_in_tests_is_a_module_of_the_test_binary() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let files: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("tests/ is readable")
        .map(|entry| entry.expect("an entry of tests/").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_owned()))
        .filter(|stem| stem != "main")
        .collect();
    let main = std::fs::read_to_string(dir.join("main.rs")).expect("tests/main.rs is readable");
    let modules: BTreeSet<String> = main
        .lines()
        .filter_map(|line| line.trim().strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_owned)
        .filter(|name| name != "support")
        .collect();
    assert!(files.len() > 30, "the test files were not found: {files:?}");
    let missing: Vec<_> = files.difference(&modules).collect();
    assert!(
        missing.is_empty(),
        "files in tests/ that tests/main.rs leaves out: {missing:?}"
    );
    let absent: Vec<_> = modules.difference(&files).collect();
    assert!(
        absent.is_empty(),
        "modules of tests/main.rs without a file: {absent:?}"
    );
}

/// The library's modules as `src/lib.rs` declares them.
fn declared_modules(lib: &str) -> BTreeSet<String> {
    lib.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("pub mod ")
                .or(line.strip_prefix("mod "))?;
            Some(rest.strip_suffix(';')?.to_owned())
        })
        .collect()
}

/// The layers that `src/lib.rs`'s opening comment lists, from the ground up: each a
/// numbered item naming its modules in backticks, its lines running on until the next
/// item or an empty line.
fn layers(lib: &str) -> Vec<Vec<String>> {
    let mut layers: Vec<String> = Vec::new();
    let mut open = false;
    for line in lib.lines().map_while(|line| line.strip_prefix("//!")) {
        let text = line.trim();
        let numbered = text
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if numbered {
            layers.push(String::new());
            open = true;
        } else if text.is_empty() {
            open = false;
        }
        if open && let Some(layer) = layers.last_mut() {
            layer.push_str(text);
            layer.push(' ');
        }
    }
    layers
        .iter()
        .map(|text| {
            // The module names: the first word of each backticked span, before any comment
            // in brackets.
            let names: Vec<String> = text
                .split('(')
                .map(|part| part.split(')').next_back().unwrap_or(""))
                .flat_map(|part| part.split('`').skip(1).step_by(2))
                .map(str::to_owned)
                .collect();
            names
        })
        .collect()
}

/// The modules named by `crate::` paths in the code (not the comments) of `text`.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (_, rest) in line
            .match_indices("crate::")
            .map(|(i, _)| line.split_at(i + 7))
        {
            if let Some(inner) = rest.strip_prefix('{') {
                let inner = inner.split('}').next().unwrap_or("");
                found.extend(inner.split(',').map(|name| {
                    let name = name.trim();
                    name.split("::").next().unwrap_or(name).to_owned()
                }));
            } else {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                found.insert(name);
            }
        }
    }
    found
}

/// Every `.rs` file of a module: `src/NAME.rs`, or every file under `src/NAME/`.
fn module_sources(src: &Path, name: &str) -> Vec<(String, String)> {
    let file = src.join(format!("{name}.rs"));
    let mut sources = Vec::new();
    let mut stack = vec![src.join(name)];
    if file.is_file() {
        stack.clear();
        sources.push(file);
    }
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a module's folder is readable") {
            let path = entry.expect("an entry of a module's folder").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                sources.push(path);
            }
        }
    }
    sources
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a source file is readable");
            let shown = path
                .strip_prefix(src.parent().unwrap_or(src))
                .unwrap_or(&path);
            (shown.display().to_string(), text)
        })
        .collect()
}

#[test]
fn the_layers_in_lib_rs_name_every_module_once_and_each_uses_only_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs is readable");
    let modules = declared_modules(&lib);
    let layers = layers(&lib);
    assert!(layers.len() > 3, "src/lib.rs lists no layers: {layers:?}");
    let mut floor_of = std::collections::BTreeMap::new();
    for (floor, names) in layers.iter().enumerate() {
        for name in names {
            assert!(
                floor_of.insert(name.clone(), floor).is_none(),
                "src/lib.rs names `{name}` in two layers"
            );
        }
    }
    let named: BTreeSet<String> = floor_of.keys().cloned().collect();
    assert_eq!(
        named, modules,
        "the layers of src/lib.rs and its modules differ"
    );
    let mut upward = Vec::new();
    for (module, &floor) in &floor_of {
        for (path, text) in module_sources(&src, module) {
            for used in crate_paths(&text) {
                if let Some(&other) = floor_of.get(&used)
                    && used != *module
                    && other >= floor
                {
                    upward.push(format!("{path} uses `{used}`"));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "modules that use their own layer or one above it (src/lib.rs): {upward:?}"
    );
}

/// The section of `readme` under the heading `heading`, up to the next heading of its level.
fn section<'a>(readme: &'a str, heading: &str) -> &'a str {
    let start = readme
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("the README has no section '{heading}'"));
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 3);
    &rest[..end]
}

#[test]
fn the_readmes_layout_sections_name_every_module_of_the_library() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs is readable");
    let modules = declared_modules(&lib);
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md is readable");
    let layout = section(&readme, "How the code is laid out");
    let missing: Vec<_> = modules
        .iter()
        .filter(|m| {
            !layout.contains(&format!("`src/{m}/`")) && !layout.contains(&format!("`src/{m}.rs`"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "modules of src/lib.rs that README.md's layout section does not name: {missing:?}"
    );
    let chinese =
        std::fs::read_to_string(root.join("README.zh-CN.md")).expect("README.zh-CN.md is readable");
    let layout = section(&chinese, "代码结构");
    let missing: Vec<_> = modules
        .iter()
        .filter(|m| !layout.contains(&format!("`{m}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "modules of src/lib.rs that README.zh-CN.md's layout section does not name: {missing:?}"
    );
}
