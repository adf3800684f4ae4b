//! The service worker, `/sw.js`: the template `web/app/sw.js` with this build's web version and the list
//! of files it keeps on install (the app shell) filled in. It is served at the site's root so that its
//! scope is the whole site, and revalidated on every load (`no-cache`): a new build's worker differs by
//! its version, so the browser installs it and the page offers the update (docs/web.md, "Offline").
//!
//! The shell is every module a page may load (the entry's and each page module's graph, with the modules
//! they import on demand by a literal path: a finished game's panels, the two-row board), the CSS, every
//! catalog and book of `i18n/`, the icons and the manifest. The worker fetches them under
//! `/assets/{version}/`, so what it keeps is exactly the version it was built for.

use super::module_graph;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::collections::BTreeSet;

/// Where the template names the web version (inside a string).
const VERSION_MARK: &str = "{{VERSION}}";

/// Where the template lists the shell's files (inside a string that the worker parses as JSON: the
/// paths, which have no quote or backslash, under `web/app/`).
const SHELL_MARK: &str = "{{SHELL}}";

/// The files of `web/app/` the worker keeps on install, sorted. `names` lists every embedded file and
/// `read` gives a module's text.
pub fn shell(names: &[String], read: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let mut entries: BTreeSet<String> = names
        .iter()
        .filter(|n| n.as_str() == "js/main.js" || (n.starts_with("js/pages/") && n.ends_with(".js")))
        .cloned()
        .collect();
    // Each round adds the modules imported on demand by the graph so far, until none is new.
    let modules = loop {
        let graph = module_graph::closure(&entries.iter().cloned().collect::<Vec<_>>(), &read);
        let before = entries.len();
        for m in &graph {
            if let Some(text) = read(m) {
                entries.extend(dynamic_imports(&text).iter().filter_map(|s| module_graph::resolve(m, s)));
            }
        }
        entries.extend(graph.iter().cloned());
        if entries.len() == before {
            break graph;
        }
    };
    let mut out: BTreeSet<String> = modules.into_iter().filter(|m| names.contains(m)).collect();
    for n in names {
        let kept = n.starts_with("css/")
            || (n.starts_with("i18n/") && n.ends_with(".json"))
            || n.ends_with(".svg")
            || n.ends_with(".png")
            || n == "manifest.webmanifest";
        if kept {
            out.insert(n.clone());
        }
    }
    out.into_iter().collect()
}

/// The literal paths a module imports on demand (`import('./x.js')`); a computed one is left out.
fn dynamic_imports(text: &str) -> Vec<String> {
    text.match_indices("import(")
        .filter_map(|(at, _)| {
            let rest = &text[at + "import(".len()..];
            let q = rest.chars().next().filter(|c| *c == '\'' || *c == '"')?;
            let end = rest[1..].find(q)?;
            Some(rest[1..1 + end].to_string())
        })
        .filter(|s| s.ends_with(".js"))
        .collect()
}

/// The worker's script: the template with `version` and `shell` filled in.
pub fn script(template: &str, version: &str, shell: &[String]) -> String {
    let plain: Vec<&String> = shell.iter().filter(|p| !p.contains(['\'', '"', '\\'])).collect();
    let list = serde_json::to_string(&plain).unwrap_or_else(|_| "[]".into());
    template.replace(VERSION_MARK, version).replace(SHELL_MARK, &list)
}

/// `/sw.js`: JavaScript, revalidated on every load, same-origin only like every page.
pub fn answer(body: String) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn the_shell_follows_pages_and_literal_dynamic_imports() {
        let files: HashMap<&str, &str> = [
            ("js/main.js", "import { r } from './router.js';\nconst p = import(`./pages/${x}.js`);"),
            ("js/router.js", "export const r = 1;"),
            ("js/pages/game.js", "import { c } from '../game/ctrl.js';"),
            ("js/game/ctrl.js", "const f = () => import('./finished.js');"),
            ("js/game/finished.js", "import { b } from '../board/board2.js';"),
            ("js/board/board2.js", ""),
            ("js/unused.js", ""),
            ("css/app.css", ""),
            ("i18n/en.json", ""),
            ("i18n/en/rules.json", ""),
            ("favicon.svg", ""),
            ("manifest.webmanifest", ""),
            ("index.html", ""),
            ("sw.js", ""),
        ]
        .into();
        let names: Vec<String> = files.keys().map(|s| s.to_string()).collect();
        let read = |p: &str| files.get(p).map(|s| s.to_string());
        assert_eq!(
            shell(&names, read),
            [
                "css/app.css",
                "favicon.svg",
                "i18n/en.json",
                "i18n/en/rules.json",
                "js/board/board2.js",
                "js/game/ctrl.js",
                "js/game/finished.js",
                "js/main.js",
                "js/pages/game.js",
                "js/router.js",
                "manifest.webmanifest",
            ]
        );
    }

    #[test]
    fn the_script_names_its_version_and_shell() {
        let template = "const VERSION = '{{VERSION}}';\nconst SHELL = JSON.parse('{{SHELL}}');";
        let s = script(template, "abc", &["js/a.js".into(), "js/it's.js".into()]);
        assert_eq!(s, "const VERSION = 'abc';\nconst SHELL = JSON.parse('[\"js/a.js\"]');");
    }
}
