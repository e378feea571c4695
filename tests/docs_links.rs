//! The READMEs are the front door and `docs/` holds the deeper pages: every relative link
//! between them (and to the screenshots) must lead to a file that exists, and every
//! `#anchor` to a heading of that file, as GitHub names headings. A section renamed or a
//! page moved would otherwise leave a newcomer at a dead link.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The READMEs and every page under `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![repo().join("README.md"), repo().join("README.zh-CN.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(repo().join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The lines of `text` outside fenced code blocks, with their 1-based numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut in_code = false;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// GitHub's anchor for a heading: lower case, punctuation dropped (letters of any script,
/// digits, `_` and `-` kept), spaces made hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings; a repeated heading gets `-1`, `-2`, ....
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = slug(&line[hashes..]);
            let mut anchor = base.clone();
            let mut n = 0;
            while seen.contains(&anchor) {
                n += 1;
                anchor = format!("{base}-{n}");
            }
            seen.insert(anchor);
        }
    }
    seen
}

/// The targets of the inline links and images on a line: what stands in `](...)`.
fn link_targets(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &line[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

/// Why `target`, linked from `page`, leads nowhere, if it does.
fn broken(page: &Path, target: &str) -> Option<String> {
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    let file = if path.is_empty() {
        page.to_path_buf()
    } else {
        page.parent().unwrap().join(path)
    };
    if !file.is_file() {
        return Some(format!("no file {}", file.display()));
    }
    if anchor.is_empty() {
        return None;
    }
    let text = fs::read_to_string(&file).unwrap();
    (!anchors(&text).contains(anchor)).then(|| format!("no heading #{anchor} in {path}"))
}

#[test]
fn every_relative_link_and_anchor_in_the_readmes_and_docs_resolves() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        for (number, line) in prose_lines(&text) {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                if let Some(why) = broken(&page, target) {
                    problems.push(format!("{}:{number}: {target}: {why}", page.display()));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
    // The README links to each deeper page, so a scan that found nothing read nothing.
    assert!(checked >= 20, "only {checked} links found");
}

#[test]
fn the_readme_links_every_docs_page() {
    let readme = fs::read_to_string(repo().join("README.md")).unwrap();
    for page in pages().iter().skip(2) {
        let name = page.file_name().unwrap().to_str().unwrap();
        assert!(
            readme.contains(&format!("](docs/{name})")),
            "README.md has no link to docs/{name}"
        );
    }
}

#[test]
fn anchors_are_named_as_github_names_them() {
    let text = "# The match runner: `gomoku-match`\n```sh\n# not a heading\n```\n## Speed and memory\n## Speed and memory\n## 代码结构\n";
    let expected: BTreeSet<String> = [
        "the-match-runner-gomoku-match",
        "speed-and-memory",
        "speed-and-memory-1",
        "代码结构",
    ]
    .map(String::from)
    .into();
    assert_eq!(anchors(text), expected);
}
