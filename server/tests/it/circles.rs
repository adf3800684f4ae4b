//! No circle among the server's files: a file that uses another (a `crate::…` path that names it, or an
//! item of it) is never used back through any chain of files. The layer test (`layers.rs`) sees arrows
//! between top-level modules only; a circle inside what it allows (a module and the state that holds its
//! values, say) is found here, by the files themselves. Nor among the modules: the same arrows between
//! top-level modules (a feature's routes a module of their own, as the edge files they are) never come
//! back to where they started, even where the layer table would allow it.

use crate::layers::{is_routes, rust_files, without_comments};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every path named after `crate::` in `code`, as its segments: `crate::a::{b::C, d}` gives `[a, b, C]` and
/// `[a, d]`.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("crate::") {
        let mut i = from + at + "crate::".len();
        tree(bytes, &mut i, Vec::new(), &mut out);
        from = i.max(from + at + 1);
    }
    out
}

/// Reads one path (or group of paths) at `i`, each with `prefix` before it.
fn tree(s: &[u8], i: &mut usize, mut path: Vec<String>, out: &mut Vec<Vec<String>>) {
    let ident = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    loop {
        if s.get(*i) == Some(&b'{') {
            *i += 1;
            loop {
                while s.get(*i).is_some_and(|c| c.is_ascii_whitespace() || *c == b',') {
                    *i += 1;
                }
                match s.get(*i) {
                    Some(b'}') | None => {
                        *i += 1;
                        return;
                    }
                    _ => {
                        let before = *i;
                        tree(s, i, path.clone(), out);
                        // A glob or another sign is not a path: step over it.
                        *i = (*i).max(before + 1);
                    }
                }
            }
        }
        let start = *i;
        while s.get(*i).is_some_and(ident) {
            *i += 1;
        }
        if *i == start {
            break;
        }
        path.push(String::from_utf8_lossy(&s[start..*i]).into_owned());
        if s[*i..].starts_with(b"::") {
            *i += 2;
        } else {
            break;
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// The file a path leads to: the longest of its prefixes that is a file (`a/b.rs` or `a/b/mod.rs`).
fn file_of(src: &Path, path: &[String]) -> Option<PathBuf> {
    let mut found = None;
    for k in 1..=path.len() {
        let base = path[..k].iter().fold(src.to_path_buf(), |p, s| p.join(s));
        for file in [base.with_extension("rs"), base.join("mod.rs")] {
            if file.is_file() {
                found = Some(file);
            }
        }
    }
    found
}

/// Each file of `src` (relative) and the files it uses.
fn uses(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let name = |f: &Path| f.strip_prefix(src).unwrap().to_string_lossy().replace('\\', "/");
    let mut graph = BTreeMap::new();
    for file in &files {
        let code = without_comments(&std::fs::read_to_string(file).unwrap());
        let used: BTreeSet<String> =
            crate_paths(&code).iter().filter_map(|p| file_of(src, p)).filter(|f| f != file).map(|f| name(&f)).collect();
        graph.insert(name(file), used);
    }
    graph
}

/// The files `start` reaches through the graph.
fn reach(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![start.to_string()];
    while let Some(f) = todo.pop() {
        for next in graph.get(&f).into_iter().flatten() {
            if seen.insert(next.clone()) {
                todo.push(next.clone());
            }
        }
    }
    seen
}

/// The circles: each group of two files or more that all reach one another.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reached: BTreeMap<&String, BTreeSet<String>> = graph.keys().map(|f| (f, reach(graph, f))).collect();
    let mut groups: Vec<BTreeSet<String>> = Vec::new();
    for (file, from_it) in &reached {
        if groups.iter().any(|g| g.contains(*file)) || !from_it.contains(*file) {
            continue;
        }
        let group =
            from_it.iter().filter(|other| reached.get(other).is_some_and(|r| r.contains(*file))).cloned().collect();
        groups.push(group);
    }
    groups
}

#[test]
fn no_circle_among_the_servers_files() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = uses(&src);
    assert!(graph["edge/state.rs"].contains("edge/limits.rs"), "the reader follows the state's imports");
    let found = circles(&graph);
    assert!(found.is_empty(), "files that use one another through a chain of imports: {found:#?}");
}

/// The module a file of `src` belongs to: its top-level module, or `feature::routes` for a feature's
/// routes.
fn module_of(file: &str) -> String {
    let top = file.split('/').next().unwrap_or_default().trim_end_matches(".rs");
    if is_routes(top, file) { format!("{top}::routes") } else { top.to_string() }
}

#[test]
fn no_circle_among_the_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, used) in uses(&src) {
        let from = module_of(&file);
        let to: BTreeSet<String> = used.iter().map(|u| module_of(u)).filter(|m| *m != from).collect();
        modules.entry(from).or_default().extend(to);
    }
    assert!(modules["http"].contains("games::routes"), "a feature's routes are a module of their own");
    assert!(modules["games::routes"].contains("edge"), "they use the edge");
    let found = circles(&modules);
    assert!(found.is_empty(), "modules that use one another through a chain of imports: {found:#?}");
}

#[test]
fn the_reader_follows_groups_and_finds_a_circle() {
    let code = "use crate::{game::Change, ids::{GameId, self}, room::*};\nlet x = crate::store::Store::new();";
    let paths: Vec<String> = crate_paths(code).iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["game::Change", "ids::GameId", "ids::self", "room", "store::Store::new"]);
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")].iter().fold(BTreeMap::new(), |mut g, (from, to)| {
            g.entry(from.to_string()).or_default().insert(to.to_string());
            g
        });
    let found = circles(&graph);
    assert_eq!(found, [BTreeSet::from(["a".to_string(), "b".to_string(), "c".to_string()])]);
}
