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
