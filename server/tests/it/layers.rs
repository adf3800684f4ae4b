//! The server's modules point one way: edge (HTTP, sockets, the process) → actors (rooms, the lobby, the
//! cluster) → features and services (playban, accounts, the engine's work) → store → domain (games,
//! ratings, ids). This test reads every `crate::…` path in `server/src` and fails on one that points
//! against that direction. The table is the one of docs/server.md ("The map"); a new module needs a row in
//! both. A feature folder (docs/server.md, "Features") has one row for its files and the edge's rule for
//! its routes (`routes.rs`, or the files of `routes/`).

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
    ("accounts", &["ids", "game", "store", "password", "config"]),
    ("analysis", &["ids", "game", "store", "config"]),
    ("fairplay", &["ids", "game", "ratings", "store", "analysis", "config"]),
    ("mail", &["ids", "config"]),
    ("puzzles", &["ids", "game", "ratings", "store", "analysis", "config"]),
    ("blocks", &["ids", "game", "store", "config"]),
    ("room", &["ids", "game", "ratings", "store", "analysis", "blocks", "config"]),
    ("games", &["ids", "game", "store", "room", "config"]),
    ("learn", &["ids", "game", "store", "config"]),
    ("playban", &["ids", "game", "store", "config"]),
    ("cluster", &["ids", "game", "store", "room", "lobby", "blocks", "config"]),
    ("lobby", &["ids", "game", "ratings", "store", "room", "playban", "blocks", "config"]),
    ("tournaments", &["ids", "game", "ratings", "store", "room", "password", "blocks", "config"]),
    (
        "moderation",
        &[
            "ids",
            "game",
            "store",
            "accounts",
            "room",
            "lobby",
            "cluster",
            "playban",
            "fairplay",
            "tournaments",
            "config",
        ],
    ),
    ("edge", &["below"]),
    ("ws", &["below", "edge"]),
    ("http", &["below", "edge"]),
    ("serve", &["*"]),
    ("node", &["*"]),
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
    "accounts",
    "analysis",
    "games",
    "fairplay",
    "mail",
    "blocks",
    "learn",
    "room",
    "playban",
    "cluster",
    "lobby",
    "tournaments",
    "moderation",
    "puzzles",
];

/// The feature folders (docs/server.md, "Features"): a feature's `routes.rs` (or each file of its
/// `routes/`) is an edge file ([`FEATURE_ROUTES`]), its `queries.rs` (or the files of its `queries/`) holds
/// its SQL, and its other files (logic without I/O, the public surface) follow the feature's row of
/// [`ALLOWED`].
const FEATURES: &[&str] = &[
    "accounts",
    "games",
    "analysis",
    "ratings",
    "playban",
    "blocks",
    "puzzles",
    "moderation",
    "fairplay",
    "tournaments",
    "lobby",
    "learn",
];

/// What a feature's routes may use: what `http` may (everything below, and `edge` with the state the
/// handlers share), and neither `http` nor `ws`.
const FEATURE_ROUTES: &[&str] = &["below", "edge"];

/// The modules that may use a feature's routes: `http` (the router mounts them, the document lists them),
/// besides the feature's own files.
const ROUTE_USERS: &[&str] = &["http"];

/// Single files allowed an arrow their module's row does not have: the router mounts the socket routes,
/// the document lists their handlers (each carries its `#[utoipa::path]`).
const FILE_ALLOWED: &[(&str, &str)] = &[("http/mod.rs", "ws"), ("http/openapi/mod.rs", "ws")];

/// Arrows still against the direction, each to remove (docs/server.md, "The map", says how). The test fails
/// on any other, and on one of these once it is gone, so the list only shrinks.
const KNOWN: &[&str] = &[];

/// Is `file` (relative to `src`) a file of the routes of feature `from`: its `routes.rs`, or a file of its
/// `routes/`?
pub(crate) fn is_routes(from: &str, file: &str) -> bool {
    FEATURES.contains(&from) && (file == format!("{from}/routes.rs") || file.starts_with(&format!("{from}/routes/")))
}

/// What the file `file` (relative to `src`, in module `from`) may use: its module's row, or the edge's
/// rule for a feature's routes.
fn uses_of(from: &str, file: &str) -> Option<&'static [&'static str]> {
    if is_routes(from, file) {
        return Some(FEATURE_ROUTES);
    }
    ALLOWED.iter().find(|(m, _)| *m == from).map(|(_, uses)| *uses)
}

fn allowed(from: &str, file: &str, to: &str) -> bool {
    if from == to {
        return true;
    }
    let Some(uses) = uses_of(from, file) else {
        return false;
    };
    uses.contains(&to)
        || (uses.contains(&"below") && BELOW_EDGE.contains(&to))
        || (uses.contains(&"*") && to != "lib" && to != "main")
}

/// Every top-level module named right after `crate::` in `code` (comments removed first): `crate::a::b`
/// gives `a`, `crate::{a::b, c}` gives `a` and `c`.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let mut found: BTreeSet<String> =
        crate_items(code).iter().map(|p| p.split("::").next().unwrap_or_default().to_string()).collect();
    found.retain(|m| !m.is_empty() && m != "self" && m != "super");
    found
}

/// Every path named after `crate::` in `code`, its groups expanded: `crate::{a::b, c::{d, e}}` gives
/// `a::b`, `c::d` and `c::e`.
fn crate_items(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        expand("", rest, &mut found);
    }
    found
}

/// The paths of the tree `text` begins with (`a::b`, `a::{b, c::d}`), each after `prefix`.
fn expand(prefix: &str, text: &str, out: &mut BTreeSet<String>) {
    let mut path = prefix.to_string();
    let mut rest = text.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            for item in group_items(group) {
                expand(&path, item, out);
            }
            return;
        }
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if name.is_empty() {
            break;
        }
        if !path.is_empty() {
            path.push_str("::");
        }
        path.push_str(&name);
        rest = &rest[name.len()..];
        match rest.strip_prefix("::") {
            Some(r) => rest = r,
            None => break,
        }
    }
    if !path.is_empty() {
        out.insert(path);
    }
}

/// The items of a group (`group` is the text after its `{`), split at the commas of its own level.
fn group_items(group: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// The features whose routes `code` names (`crate::playban::routes`, `crate::{playban::{routes}}`, or
/// `playban::routes` after a `use` of the feature).
fn routes_named(code: &str) -> BTreeSet<&'static str> {
    let items = crate_items(code);
    FEATURES
        .iter()
        .copied()
        .filter(|f| {
            let path = format!("{f}::routes");
            code.contains(&path) || items.iter().any(|i| *i == path || i.starts_with(&format!("{path}::")))
        })
        .collect()
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
            if !allowed(&from, &file_name, &to) && !FILE_ALLOWED.contains(&(file_name.as_str(), to.as_str())) {
                wrong.push(format!("{}: {from} -> {to}", relative.display()));
            }
        }
        // A feature's routes are an edge file: only the router and the document, or the feature itself,
        // name them.
        for feature in routes_named(&code) {
            if !ROUTE_USERS.contains(&from.as_str()) && from != feature {
                wrong.push(format!("{}: {from} -> {feature}::routes", relative.display()));
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
    let items: Vec<_> = crate_items(code).into_iter().collect();
    assert_eq!(items, ["game::Change", "ids::GameId", "ids::PlayerName", "room", "store::Store::new"]);
}

#[test]
fn a_feature_s_routes_are_an_edge_file() {
    assert!(allowed("playban", "playban/routes.rs", "edge"));
    assert!(!allowed("playban", "playban/policy.rs", "edge"), "the edge (and its state) outside routes.rs");
    assert!(!allowed("playban", "playban/routes.rs", "http"));
    assert!(!allowed("playban", "playban/queries.rs", "edge"));
    assert!(allowed("lobby", "lobby/error.rs", "playban"));
    assert!(!allowed("playban", "playban/mod.rs", "lobby"), "a circle: the lobby uses playban");
    for code in
        ["use crate::playban::routes;", "use crate::{playban::{routes::router, check}};", "playban::routes::router()"]
    {
        assert_eq!(routes_named(code).into_iter().collect::<Vec<_>>(), ["playban"], "{code}");
    }
    assert!(routes_named("use crate::playban::{check, Banned};").is_empty());
    // A feature whose routes are a folder: each of its files is an edge file, the others are not.
    assert!(allowed("accounts", "accounts/routes/email.rs", "edge"));
    assert!(allowed("accounts", "accounts/routes/mod.rs", "edge"));
    assert!(!allowed("accounts", "accounts/routes_helper.rs", "edge"));
    assert!(!allowed("accounts", "accounts/queries/email.rs", "edge"));
    assert!(!allowed("accounts", "accounts/routes/account.rs", "http"));
}

/// Every SQL statement is in `store/` or in a feature's `queries.rs` (or its `queries/`): another layer
/// asks them, never the database.
#[test]
fn sql_is_only_in_the_store_and_the_features_queries() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut outside = Vec::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        let queries = |f: &&str| rel == format!("{f}/queries.rs") || rel.starts_with(&format!("{f}/queries/"));
        if rel.starts_with("store/") || FEATURES.iter().any(queries) {
            continue;
        }
        let code = without_comments(&std::fs::read_to_string(&file).unwrap());
        if ["sqlx::query", "query_as", "query_scalar"].iter().any(|q| code.contains(q)) {
            outside.push(rel);
        }
    }
    assert!(outside.is_empty(), "SQL outside server/src/store/ and the features' queries.rs: {outside:?}");
}
