//! The server's modules point one way: edge (HTTP, sockets, the process) → actors (rooms, the lobby, the
//! cluster) → services (accounts, the engine's work) → store → domain (games, ratings, ids). This test reads every
//! `crate::…` path in `server/src` and fails on one that points against that direction. The table is the
//! one of docs/server.md ("The map"); a new module needs a row in both.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Each top-level module of `server/src` and the modules it may use. `below` is every module of
/// [`BELOW_EDGE`]; `*` is any module but the process's own (`lib`, `main`).
const ALLOWED: &[(&str, &[&str])] = &[
    ("config", &[]),
    ("ids", &[]),
    ("password", &["ids"]),
    ("game", &["ids", "config"]),
    ("ratings", &["ids", "game"]),
    ("store", &["ids", "game", "ratings", "config"]),
    ("auth", &["ids", "game", "store", "password", "config"]),
    ("engine_work", &["ids", "game", "store", "config"]),
    ("fairplay", &["ids", "game", "ratings", "store", "engine_work", "config"]),
    ("mail", &["ids", "config"]),
    ("puzzles", &["ids", "game", "ratings", "store", "engine_work", "config"]),
    ("room", &["ids", "game", "ratings", "store", "engine_work", "config"]),
    ("cluster", &["ids", "game", "store", "room", "lobby", "config"]),
    ("lobby", &["ids", "game", "ratings", "store", "room", "config"]),
    ("tournaments", &["ids", "game", "ratings", "store", "room", "password", "config"]),
    ("moderation", &["ids", "game", "store", "auth", "room", "lobby", "cluster", "config"]),
    ("edge", &["below", "state"]),
    ("ws", &["below", "edge", "state"]),
    ("http", &["below", "edge", "state"]),
    ("state", &["below", "edge"]),
    ("serve", &["*"]),
    ("services", &[]),
    ("metrics_setup", &["*"]),
    ("admin", &["*"]),
    ("healthcheck", &[]),
    ("lib", &["*", "lib"]),
    ("main", &["*", "lib"]),
];

/// The modules below the edge: what HTTP and the sockets may both use.
const BELOW_EDGE: &[&str] = &[
    "config",
    "ids",
    "password",
    "game",
    "ratings",
    "store",
    "auth",
    "engine_work",
    "fairplay",
    "mail",
    "room",
    "cluster",
    "lobby",
    "tournaments",
    "moderation",
    "puzzles",
];

/// Single files allowed an arrow their module's row does not have: the router mounts the socket routes.
const FILE_ALLOWED: &[(&str, &str)] = &[("http/mod.rs", "ws")];

/// Arrows still against the direction, each to remove (docs/server.md, "The map", says how). The test fails
/// on any other, and on one of these once it is gone, so the list only shrinks.
const KNOWN: &[&str] = &[];

fn allowed(from: &str, to: &str) -> bool {
    if from == to {
        return true;
    }
    let Some((_, uses)) = ALLOWED.iter().find(|(m, _)| *m == from) else {
        return false;
    };
    uses.contains(&to)
        || (uses.contains(&"below") && BELOW_EDGE.contains(&to))
        || (uses.contains(&"*") && to != "lib" && to != "main")
}

/// Every top-level module named right after `crate::` in `code` (comments removed first): `crate::a::b`
/// gives `a`, `crate::{a::b, c}` gives `a` and `c`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            // The group's items are split at the commas of its own level; each begins with a module.
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        found.insert(leading_name(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                item.push(c);
            }
            found.insert(leading_name(&item));
        } else {
            let name: String = after.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
        rest = &rest[at + "crate::".len()..];
    }
    found.retain(|m| !m.is_empty() && m != "self" && m != "super");
    found
}

fn leading_name(item: &str) -> String {
    item.trim_start().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

/// The code of a file without its comments (line comments, doc comments; block comments are not used).
pub(crate) fn without_comments(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) if !line[..at].contains('"') => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

pub(crate) fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each arrow against the direction, as `file: from -> to`.
fn wrong_arrows(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src).unwrap();
        let first = relative.components().next().unwrap().as_os_str().to_string_lossy().into_owned();
        let from = first.trim_end_matches(".rs").to_string();
        let code = without_comments(&std::fs::read_to_string(&file).unwrap());
        let file_name = relative.to_string_lossy().replace('\\', "/");
        for to in crate_paths(&code) {
            if !allowed(&from, &to) && !FILE_ALLOWED.contains(&(file_name.as_str(), to.as_str())) {
                wrong.push(format!("{}: {from} -> {to}", relative.display()));
            }
        }
    }
    wrong
}

#[test]
fn the_modules_point_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong = wrong_arrows(&src);
    let new: Vec<_> = wrong.iter().filter(|w| !KNOWN.contains(&w.as_str())).collect();
    assert!(new.is_empty(), "imports against the layers of docs/server.md:\n{new:#?}");
    let gone: Vec<_> = KNOWN.iter().filter(|k| !wrong.iter().any(|w| w == *k)).collect();
    assert!(gone.is_empty(), "these arrows are gone: take them off `KNOWN`: {gone:?}");
}

#[test]
fn every_module_has_a_row() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().trim_end_matches(".rs").to_string();
        if !ALLOWED.iter().any(|(m, _)| *m == name) {
            missing.push(name);
        }
    }
    assert!(missing.is_empty(), "modules without a row in the layer table: {missing:?}");
    let map = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/server.md")).unwrap();
    for (module, _) in ALLOWED {
        let named = map.contains(&format!("`server/src/{module}/`")) || map.contains(&format!("{module}.rs`"));
        assert!(named, "docs/server.md's map does not name the module `{module}`");
    }
}

#[test]
fn the_reader_finds_grouped_and_inline_paths() {
    let code = "use crate::{game::Change, ids::{GameId, PlayerName}, room};\nlet x = crate::store::Store::new();";
    let found: Vec<_> = crate_paths(code).into_iter().collect();
    assert_eq!(found, ["game", "ids", "room", "store"]);
    assert!(crate_paths(&without_comments("// see crate::http")).is_empty());
}

/// Every SQL statement is in `store/`: another layer asks the store, never the database.
#[test]
fn sql_is_only_in_the_store() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut outside = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        if rel.starts_with("store/") {
            continue;
        }
        let code = without_comments(&std::fs::read_to_string(&file).unwrap());
        if ["sqlx::query", "query_as", "query_scalar"].iter().any(|q| code.contains(q)) {
            outside.push(rel);
        }
    }
    assert!(outside.is_empty(), "SQL outside server/src/store/: {outside:?}");
}
