//! The web client's module graph, read from the embedded files: which modules a page needs before it
//! can draw (the entry `js/main.js`, the page's module `js/pages/{page}.js`, and everything they import
//! statically, transitively). The page's HTML names them all as `modulepreload` links, so the browser
//! asks for the whole graph at once instead of one round trip per level of imports: on a slow mobile
//! network (400 ms a round trip) the chain of imports, not the bytes, was what kept a page blank.
//!
//! Only static imports are followed (`import … from './x.js'`, `import './x.js'`, `export … from
//! './x.js'`); a dynamic `import()` is a module loaded on demand (a page, the finished game's panels,
//! the two-row board, what a page's first view does not show: `lazy` in `redraw.js`) and stays so.

use std::collections::BTreeSet;

/// The modules (paths under `web/app/`, `js/…`) that `entries` need, in a stable order (sorted): the
/// entries and every module they import statically. `read` gives a module's text (`None`: not there, left
/// out).
pub fn closure(entries: &[String], read: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut todo: Vec<String> = entries.to_vec();
    while let Some(path) = todo.pop() {
        if seen.contains(&path) {
            continue;
        }
        let Some(text) = read(&path) else { continue };
        for spec in static_imports(&text) {
            if let Some(dep) = resolve(&path, &spec)
                && !seen.contains(&dep)
            {
                todo.push(dep);
            }
        }
        seen.insert(path);
    }
    seen.into_iter().collect()
}

/// The modules of `first` and what they import, in [`closure`]'s order, then those `then` needs besides,
/// in the same order: the HTML asks for them in this order, so what runs first arrives first.
pub fn first_then(first: &[String], then: &[String], read: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let early = closure(first, &read);
    let rest = closure(then, &read).into_iter().filter(|m| !early.contains(m));
    early.iter().cloned().chain(rest).collect()
}

/// The specifiers of a module's static imports and re-exports, in order: the string after `from`, or
/// after a bare `import`, at the start of a statement (a line starting with `import` or `export`, as the
/// formatter writes them; a multi-line import's `from` ends a later line).
pub fn static_imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_statement = false;
    for line in text.lines() {
        let l = line.trim_start();
        let starts = l.starts_with("import ") || l.starts_with("import{") || l.starts_with("export ");
        if starts && let Some(rest) = l.strip_prefix("import") {
            let rest = rest.trim_start();
            // `import './x.js'`: a module run for its effects.
            if let Some(spec) = quoted(rest) {
                out.push(spec);
                continue;
            }
        }
        if starts || in_statement {
            match l.find(" from ").or_else(|| l.starts_with("from ").then_some(0)) {
                Some(at) => {
                    let after = l[at..].trim_start().trim_start_matches("from").trim_start();
                    if let Some(spec) = quoted(after) {
                        out.push(spec);
                    }
                    in_statement = false;
                }
                // `import {` … over several lines (until its `from`), or an `export` that declares.
                None if starts => in_statement = l.starts_with("import") && !l.ends_with(';'),
                None => {}
            }
        }
    }
    out
}

/// The string a quote opens at the start of `s`.
fn quoted(s: &str) -> Option<String> {
    let q = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = s[1..].find(q)?;
    Some(s[1..1 + end].to_string())
}

/// A relative specifier of the module at `from`, as a path under `web/app/` (`None`: not relative).
pub fn resolve(from: &str, spec: &str) -> Option<String> {
    if !spec.starts_with("./") && !spec.starts_with("../") {
        return None;
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for seg in spec.split('/') {
        match seg {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn static_imports_are_read_and_dynamic_ones_left() {
        let text = "// @ts-check\nimport { a } from './a.js';\nimport {\n  b,\n  c,\n} from '../b/c.js';\nimport './side.js';\nexport { d } from \"./d.js\";\nexport function f() {\n  return import('./later.js');\n}\nconst x = 'import { y } from \"./no.js\"';\n";
        assert_eq!(static_imports(text), ["./a.js", "../b/c.js", "./side.js", "./d.js"]);
    }

    #[test]
    fn the_closure_follows_relative_imports_once() {
        let files: HashMap<&str, &str> = [
            ("js/main.js", "import { r } from './router.js';\nimport { i } from './i18n.js';"),
            ("js/router.js", "import { i } from './i18n.js';\nconst p = () => import('./pages/x.js');"),
            ("js/i18n.js", "export const i = 1;"),
            ("js/pages/game.js", "import { b } from '../board/board.js';\nimport { i } from '../i18n.js';"),
            ("js/board/board.js", "import { h } from '../vendor/snabbdom.js';"),
            ("js/vendor/snabbdom.js", ""),
        ]
        .into();
        let read = |p: &str| files.get(p).map(|s| s.to_string());
        let got = closure(&["js/main.js".into(), "js/pages/game.js".into()], read);
        assert_eq!(
            got,
            [
                "js/board/board.js",
                "js/i18n.js",
                "js/main.js",
                "js/pages/game.js",
                "js/router.js",
                "js/vendor/snabbdom.js"
            ]
        );
        assert_eq!(closure(&["js/none.js".into()], read), Vec::<String>::new());
    }

    #[test]
    fn the_first_scripts_graph_comes_first_and_once() {
        let files: HashMap<&str, &str> = [
            (
                "js/main.js",
                "import { p } from './prefs.js';
import { r } from './router.js';",
            ),
            ("js/router.js", ""),
            ("js/prefs.js", ""),
            ("js/net/early.js", "import { p } from '../prefs.js';"),
        ]
        .into();
        let read = |p: &str| files.get(p).map(|s| s.to_string());
        let got = first_then(&["js/net/early.js".into()], &["js/main.js".into()], read);
        assert_eq!(got, ["js/net/early.js", "js/prefs.js", "js/main.js", "js/router.js"]);
    }
}
