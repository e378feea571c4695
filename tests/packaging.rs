//! The installed game's names agree: the window's app id, the `.desktop` file, the icons,
//! the AppStream metadata and what the Debian package installs (Cargo.toml's
//! `[package.metadata.deb]`) all use `tictactoe::install::APP_ID`. A desktop finds the
//! window's icon and launcher through these names, so one that drifts leaves the game
//! without an icon or shown twice in the dock. Read from the files in the repository.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use tictactoe::install::APP_ID;

/// The hicolor sizes the package ships as PNG, besides the scalable SVG.
const ICON_SIZES: [u32; 7] = [16, 32, 48, 64, 128, 256, 512];

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn read(path: &str) -> String {
    fs::read_to_string(repo(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn desktop_path() -> String {
    format!("packaging/{APP_ID}.desktop")
}

fn metainfo_path() -> String {
    format!("packaging/{APP_ID}.metainfo.xml")
}

fn icon_path(size: u32) -> String {
    format!("assets/icons/hicolor/{size}x{size}/apps/{APP_ID}.png")
}

/// The value of `key` in the `[Desktop Entry]` group.
fn desktop_value(text: &str, key: &str) -> Option<String> {
    text.lines()
        .skip_while(|line| line.trim() != "[Desktop Entry]")
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .find_map(|line| line.strip_prefix(key)?.strip_prefix('='))
        .map(|value| value.trim().to_owned())
}

/// The text of every `<tag ...>text</tag>` element, in order.
fn elements(xml: &str, tag: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find(&format!("<{tag}")) {
        let after = &rest[start + tag.len() + 1..];
        // Only the tag itself, not a longer one that starts the same (<id> but not <idx>).
        if !after.starts_with(['>', ' ']) {
            rest = after;
            continue;
        }
        let open_end = after.find('>').expect("a closed start tag");
        let body = &after[open_end + 1..];
        let close = body.find(&format!("</{tag}>")).expect("an end tag");
        found.push(body[..close].trim().to_owned());
        rest = &body[close..];
    }
    found
}

/// Width and height from a PNG's header.
fn png_size(path: &str) -> (u32, u32) {
    let bytes = fs::read(repo(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{path} is not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR", "{path} has no header");
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// The package's files as (source in the repository, path installed), from the `assets`
/// of `[package.metadata.deb]`; a destination ending in `/` keeps the source's file name.
fn package_assets() -> Vec<(String, String)> {
    let manifest = read("Cargo.toml");
    let section = manifest
        .split("[package.metadata.deb]")
        .nth(1)
        .expect("Cargo.toml has [package.metadata.deb]");
    let list = section
        .split("assets = [")
        .nth(1)
        .expect("the package lists its assets");
    list.lines()
        .map(str::trim)
        .take_while(|line| *line != "]")
        .filter(|line| line.starts_with('['))
        .map(|line| {
            let fields: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
            let (source, dest) = (fields[0].to_owned(), fields[1]);
            let installed = if dest.ends_with('/') {
                let name = Path::new(&source).file_name().unwrap().to_str().unwrap();
                format!("{dest}{name}")
            } else {
                dest.to_owned()
            };
            (source, installed)
        })
        .collect()
}

#[test]
fn the_window_uses_the_app_id_and_the_icon() {
    assert_eq!(tictactoe::gui::APP_ID, APP_ID);
    let options = tictactoe::gui::native_options();
    assert_eq!(options.viewport.app_id.as_deref(), Some(APP_ID));
    let icon = options.viewport.icon.expect("the window has an icon");
    assert_eq!((icon.width, icon.height), (256, 256));
}

#[test]
fn the_desktop_file_is_named_and_points_by_the_app_id() {
    let text = read(&desktop_path());
    assert_eq!(desktop_value(&text, "Icon").as_deref(), Some(APP_ID));
    // X11 desktops match the window to its launcher by the window's class, the app id.
    assert_eq!(
        desktop_value(&text, "StartupWMClass").as_deref(),
        Some(APP_ID)
    );
    let exec = desktop_value(&text, "Exec").expect("an Exec line");
    assert_eq!(exec.split_whitespace().next(), Some("tictactoe"));
    assert_eq!(
        desktop_value(&text, "Name").as_deref(),
        Some(tictactoe::gui::TITLE)
    );
}

#[test]
fn the_metainfo_names_the_app_id_and_its_launcher() {
    let xml = read(&metainfo_path());
    assert_eq!(elements(&xml, "id"), [APP_ID]);
    assert_eq!(elements(&xml, "launchable"), [format!("{APP_ID}.desktop")]);
    assert_eq!(elements(&xml, "binary"), ["tictactoe", "pbrain-tictactoe"]);
    assert_eq!(elements(&xml, "name")[0], tictactoe::gui::TITLE);
}

#[test]
fn the_icons_are_named_by_the_app_id_in_every_size() {
    for size in ICON_SIZES {
        assert_eq!(
            png_size(&icon_path(size)),
            (size, size),
            "{}",
            icon_path(size)
        );
    }
    // Nothing else in the tree: an icon under an old name would be installed by no one.
    let mut found = BTreeSet::new();
    for size_dir in fs::read_dir(repo("assets/icons/hicolor")).unwrap() {
        for file in fs::read_dir(size_dir.unwrap().path().join("apps")).unwrap() {
            found.insert(file.unwrap().path());
        }
    }
    let expected: BTreeSet<_> = ICON_SIZES.iter().map(|&s| repo(&icon_path(s))).collect();
    assert_eq!(found, expected);
    // The script that renders them writes them under the same name.
    assert!(read("assets/make-icons.sh").contains(&format!("APP_ID={APP_ID}")));
}

#[test]
fn the_package_installs_everything_under_the_app_id() {
    let assets = package_assets();
    for (source, _) in &assets {
        if !source.starts_with("target/") {
            assert!(repo(source).is_file(), "the package's {source} is missing");
        }
    }
    let installed: BTreeSet<&str> = assets.iter().map(|(_, to)| to.as_str()).collect();
    let mut expected = vec![
        "usr/bin/tictactoe".to_owned(),
        "usr/bin/pbrain-tictactoe".to_owned(),
        format!("usr/share/applications/{APP_ID}.desktop"),
        format!("usr/share/metainfo/{APP_ID}.metainfo.xml"),
        format!("usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg"),
    ];
    expected
        .extend(ICON_SIZES.map(|s| format!("usr/share/icons/hicolor/{s}x{s}/apps/{APP_ID}.png")));
    for path in &expected {
        assert!(
            installed.contains(path.as_str()),
            "the package does not install {path}"
        );
    }
    // Each installed icon is the rendering of its own size.
    for (source, to) in &assets {
        if let Some(size_dir) = to.strip_prefix("usr/share/icons/hicolor/") {
            let size = size_dir.split('/').next().unwrap();
            assert!(
                source.contains(&format!("/{size}/")) || size == "scalable",
                "{source} -> {to}"
            );
        }
    }
    let (desktop, metainfo) = (desktop_path(), metainfo_path());
    assert!(assets.iter().any(|(from, _)| *from == desktop));
    assert!(assets.iter().any(|(from, _)| *from == metainfo));
}

#[test]
fn the_packaging_folder_holds_only_the_two_files() {
    let names: BTreeSet<String> = fs::read_dir(repo("packaging"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let expected: BTreeSet<String> = [
        format!("{APP_ID}.desktop"),
        format!("{APP_ID}.metainfo.xml"),
    ]
    .into();
    assert_eq!(names, expected);
}

#[test]
fn the_package_documents_the_game_with_both_readmes_and_every_docs_page() {
    const DOC: &str = "usr/share/doc/tictactoe/";
    let installed: BTreeSet<String> = package_assets().into_iter().map(|(_, to)| to).collect();
    for readme in ["README.md", "README.zh-CN.md"] {
        assert!(
            installed.contains(&format!("{DOC}{readme}")),
            "the package does not install {readme}"
        );
    }
    // The READMEs link to docs/*.md, so the pages go beside them under the same folder name;
    // a page added to docs/ but not to the package would be a dead link on an installed system.
    let pages: BTreeSet<String> = fs::read_dir(repo("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("{DOC}docs/{name}"))
        .collect();
    assert!(pages.len() >= 4, "docs/ holds the deeper pages: {pages:?}");
    let installed_pages: BTreeSet<String> = installed
        .iter()
        .filter(|to| to.starts_with(&format!("{DOC}docs/")))
        .cloned()
        .collect();
    assert_eq!(installed_pages, pages);
}

/// The packages of a `[package.metadata.deb]` field (`depends`, `recommends`), each
/// alternative of an `a | b` entry on its own.
fn deb_packages(field: &str) -> BTreeSet<String> {
    let manifest = read("Cargo.toml");
    let section = manifest
        .split("[package.metadata.deb]")
        .nth(1)
        .expect("Cargo.toml has [package.metadata.deb]");
    let line = section
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{field} = ")))
        .unwrap_or_else(|| panic!("the package has no {field}"));
    line.trim_matches('"')
        .split([',', '|'])
        .map(|name| name.trim().to_owned())
        .collect()
}

#[test]
fn the_package_depends_on_what_the_window_renders_with() {
    let (depends, recommends) = (deb_packages("depends"), deb_packages("recommends"));
    let missing = |packages: &[&str], from: &BTreeSet<String>| -> Vec<String> {
        packages
            .iter()
            .filter(|p| !from.contains(**p))
            .map(|p| (*p).to_owned())
            .collect()
    };
    // The window draws with glow by default: libGL.so.1 (GLX) on X11 with Mesa's GLX,
    // libEGL.so.1 on Wayland and where GLX fails, Mesa's drivers (llvmpipe without a GPU).
    assert_eq!(
        tictactoe::gui::native_options().renderer,
        eframe::Renderer::Glow
    );
    let glow = [
        "libgl1",
        "libglx-mesa0",
        "libegl1",
        "libegl-mesa0",
        "libgl1-mesa-dri",
    ];
    assert_eq!(missing(&glow, &depends), Vec::<String>::new());
    // The fall-back, wgpu, runs on the same EGL, and on Vulkan where a driver is there.
    assert_eq!(
        missing(&["mesa-vulkan-drivers", "vulkan-icd"], &recommends),
        Vec::<String>::new()
    );
    // cargo-deb's automatic dependencies (libc) stay in.
    assert!(depends.contains("$auto"));
}

#[test]
fn the_data_folder_is_the_one_the_window_keeps_its_settings_in() {
    // The command line and the network layer find the folder without the window's
    // framework; it must be the same folder the window uses.
    for name in [APP_ID, tictactoe::install::OLD_STORAGE_NAME] {
        assert_eq!(
            tictactoe::install::data_folder(name),
            eframe::storage_dir(name),
            "{name}"
        );
    }
}
