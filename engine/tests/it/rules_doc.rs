//! `docs/rules.md` is the repository's own statement of the rules, and comments and docs cite its anchors
//! (`docs/rules.md#d7-endless-turns`). This keeps those citations true: every anchor cited anywhere in the
//! workspace names a heading of the page, no two headings share an anchor, and no file cites the
//! specification that lives outside the repository (by its file name or its numbering) instead. It only
//! reads files.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Directories that hold no sources: build output, dependencies, test output, fuzzing data.
const SKIPPED_DIRS: [&str; 7] = ["target", ".git", "node_modules", "screenshots", "artifacts", "coverage", "corpus"];

/// The page, relative to the workspace root.
const PAGE: &str = "docs/rules.md";

/// What precedes an anchor of the page cited from any file (`docs/rules.md#…`, or `rules.md#…` from docs/).
const CITATION: &str = "rules.md#";

/// What precedes an anchor in a link of the page to one of its own sections (`[D7](#d7-endless-turns)`).
const OWN_LINK: &str = "](#";

/// This file, which spells out what it looks for.
const ME: &str = "engine/tests/it/rules_doc.rs";

/// Files whose old citations stay: a migration that databases have applied is checksummed by sqlx, and
/// changing a byte of it makes every existing database refuse to start.
const FROZEN: [&str; 1] = ["migrations/0001_init.sql"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the engine is a workspace member").to_path_buf()
}

/// Every text file under `dir` but this one (binary files, such as screenshots, are left out): its path
/// from the workspace `root` and its text.
fn text_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy();
        // A link is not followed: a worktree's links point into other checkouts, or back into this one.
        if fs::symlink_metadata(&path).unwrap().file_type().is_symlink() {
            continue;
        }
        if path.is_dir() {
            if !SKIPPED_DIRS.contains(&name.as_ref()) {
                text_files(root, &path, out);
            }
        } else if let Ok(text) = String::from_utf8(fs::read(&path).unwrap()) {
            let shown = path.strip_prefix(root).unwrap().display().to_string();
            if shown != ME {
                out.push((shown, text));
            }
        }
    }
}

/// Every text file of the workspace but this one.
fn workspace_files() -> Vec<(String, String)> {
    let root = root();
    let mut files = Vec::new();
    text_files(&root, &root, &mut files);
    assert!(files.len() > 300, "only {} files read: is the workspace walk broken?", files.len());
    files
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, punctuation dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' | '-' => Some('-'),
            '_' => Some('_'),
            c if c.is_alphanumeric() => Some(c.to_lowercase().next().unwrap()),
            _ => None,
        })
        .collect()
}

/// The anchors of the page's headings (outside code blocks), failing on a duplicate: GitHub would number
/// it, and a numbered anchor moves when a heading is added above it.
fn anchors(page: &str) -> BTreeSet<String> {
    let mut anchors = BTreeSet::new();
    let mut in_code = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let anchor = slug(line.trim_start_matches('#'));
        assert!(anchors.insert(anchor.clone()), "{PAGE}: two headings have the anchor #{anchor}");
    }
    anchors
}

/// The anchors cited after each occurrence of `marker` in `text`, with their line numbers.
fn cited(text: &str, marker: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for (at, _) in line.match_indices(marker) {
            // A citation's `rules.md` is a whole file name, not the tail of another (`other-rules.md#`).
            let before = line[..at].chars().next_back();
            if marker == CITATION && before.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_') {
                continue;
            }
            let anchor: String = line[at + marker.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            out.push((n + 1, anchor));
        }
    }
    out
}

/// What a line says in the external specification's terms, if anything: its file name or path, its
/// numbered ambiguities, or its section signs (a section sign is fine beside an RFC or OpenAPI citation).
fn external_citation(line: &str) -> Option<&'static str> {
    if line.contains("RULES.md") || line.contains("shared/rules/") {
        return Some("names the specification outside the repository");
    }
    let lower = line.to_lowercase();
    let numbered = |word: &str| {
        lower
            .match_indices(word)
            .any(|(at, _)| lower[at + word.len()..].trim_start().starts_with(|c: char| c.is_ascii_digit()))
    };
    if numbered("ambiguity") || numbered("ambiguities") {
        return Some("cites the specification's numbered ambiguities");
    }
    let section =
        line.match_indices('\u{a7}').any(|(at, s)| line[at + s.len()..].starts_with(|c: char| c.is_ascii_digit()));
    if section && !line.contains("RFC") && !line.contains("OpenAPI") {
        return Some("cites the specification's sections");
    }
    None
}

#[test]
fn every_cited_anchor_names_a_heading_of_the_rules_page() {
    let page = fs::read_to_string(root().join(PAGE)).unwrap();
    let anchors = anchors(&page);
    assert!(anchors.contains("d7-endless-turns"), "the page's headings were not read: {anchors:?}");
    let mut broken = Vec::new();
    let mut citations = 0;
    for (shown, text) in &workspace_files() {
        let mut found = cited(text, CITATION);
        if shown == PAGE {
            found.extend(cited(text, OWN_LINK));
        }
        for (line, anchor) in found {
            citations += 1;
            if !anchors.contains(&anchor) {
                broken.push(format!("{shown}:{line}: #{anchor}"));
            }
        }
    }
    assert!(broken.is_empty(), "anchors of {PAGE} that no heading has:\n{}", broken.join("\n"));
    // The page links its own sections, and the code cites it in many places.
    assert!(citations > 100, "only {citations} citations found: is the workspace walk broken?");
}

#[test]
fn no_file_cites_the_specification_outside_the_repository() {
    let mut found = Vec::new();
    for (shown, text) in workspace_files().iter().filter(|(shown, _)| !FROZEN.contains(&shown.as_str())) {
        for (n, line) in text.lines().enumerate() {
            let Some(what) = external_citation(line) else { continue };
            // The page maps the specification's numbers to its own anchors (its "Numbering" section).
            if shown == PAGE && what != "names the specification outside the repository" {
                continue;
            }
            found.push(format!("{shown}:{}: {what}: {}", n + 1, line.trim()));
        }
    }
    assert!(
        found.is_empty(),
        "cite docs/rules.md#<anchor> instead (its \"Numbering\" section maps the old numbers):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let page = "# Title\n\n## D7 Endless turns\n\n```\n# not a heading\n```\n### Ikibuguzo: the switch (step 4)\n";
    let anchors = anchors(page);
    assert_eq!(anchors.into_iter().collect::<Vec<_>>(), ["d7-endless-turns", "ikibuguzo-the-switch-step-4", "title"]);
    assert_eq!(
        cited("see docs/rules.md#d7-endless-turns, [x](rules.md#azigo-end). other-rules.md#no", CITATION),
        [(1, "d7-endless-turns".to_string()), (1, "azigo-end".to_string())]
    );
    assert_eq!(cited("text\n[D7](#d7-endless-turns)", OWN_LINK), [(2, "d7-endless-turns".to_string())]);
    assert!(external_citation("// RULES.md D7").is_some());
    assert!(external_citation("// (ambiguity 9 (a))").is_some());
    assert!(external_citation("// Ikibuguzo \u{a7}3.1.1 step 6").is_some());
    assert!(external_citation("// RFC 7235 \u{a7}2.1: the scheme").is_none());
    assert!(external_citation("// docs/rules.md#d7-endless-turns").is_none());
}
