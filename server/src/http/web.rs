//! The web client, served by the server itself: the files of `web/app/` are embedded in the binary
//! (`rust-embed`; a debug build reads them from disk so that an edit shows on reload), so
//! `cargo run -p mancala-server` needs no Node.js and nothing is fetched from anywhere else.
//!
//! | path | what |
//! |---|---|
//! | `/`, `/game/{id}`, `/games`, `/player/{name}`, `/@/{name}`, `/rules/{variant}`, `/learn`, `/learn/{game}/{lesson}`, `/leaderboard`, `/leaderboard/{variant}`, `/tournaments`, `/tournament/{id}`, `/signin`, `/signup`, `/forgot`, `/account`, `/reset/{token}`, `/email/{token}` | the app's HTML (also `/mod`, for moderators only: 403 for anyone else) (the page routes itself) |
//! | `/assets/{version}/{*path}` | a file of `web/app/` |
//! | `/sw.js` | the service worker ([`super::worker`]) |
//! | `/offline-shell` | the HTML the service worker keeps for every page offline: no page's words, "Loading…" |
//! | anything else | 404: JSON under `/api/`, the app's HTML (which says "not found") elsewhere |
//!
//! Caching: the HTML is revalidated on every load (`no-cache` with an `ETag`); it names its assets under
//! `/assets/{version}/`, where `version` is a hash of every embedded file, so the assets can be cached
//! for a year (`immutable`): a new build has a new version. The ES modules import each other by relative
//! path, so they all stay under the same version without a build step. Every answer carries a content
//! security policy that allows the server's own origin only.

use super::{first_paint, lean_js, module_graph};
use crate::edge::error::ApiError;
use crate::edge::state::AppState;
use axum::Router;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;
use tower_http::compression::CompressionLayer;

#[derive(RustEmbed)]
#[folder = "../web/app/"]
struct Files;

/// Where the template names the asset folder.
const BASE_MARK: &str = "{{BASE}}";

/// Where the template lists the languages of the page (one catalog each: `i18n/{lang}.json`).
const LANGS_MARK: &str = "{{LANGS}}";

/// A year: assets are named by version, so a cached one is never stale.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", page("home"))
        .route("/game/{id}", page("game"))
        .route("/games", page("games"))
        .route("/player/{name}", page("player"))
        .route("/@/{name}", page("player"))
        .route("/leaderboard", page("leaderboard"))
        .route("/leaderboard/{variant}", page("leaderboard"))
        .route("/tournaments", page("tournaments"))
        .route("/tournament/{id}", page("tournament"))
        .route("/signin", page("signin"))
        .route("/signup", page("signin"))
        .route("/account", page("account"))
        .route("/reset/{token}", page("reset"))
        .route("/forgot", page("forgot"))
        .route("/email/{token}", page("forgot"))
        .route("/rules/{variant}", page("rules"))
        .route("/learn", page("learn"))
        .route("/learn/{game}/{lesson}", page("lesson"))
        .route("/analysis", page("analysis"))
        .route("/analysis/{variant}", page("analysis"))
        .route("/puzzles", page("puzzles"))
        .route("/puzzles/{id}", page("puzzles"))
        .route("/mod", get(moderation_page))
        .route("/assets/{version}/{*path}", get(asset))
        .route("/sw.js", get(service_worker))
        .route("/offline-shell", get(offline_shell))
        .fallback(not_found)
        .layer(CompressionLayer::new())
}

/// The route of the app's page whose module is `js/pages/{name}.js` (the client's router names the same
/// module for the same address: `pages_match_the_client_router`).
fn page(name: &'static str) -> axum::routing::MethodRouter<AppState> {
    get(move |State(state): State<AppState>, request: Request| async move {
        let drawn =
            first_paint::draw(name, &state, request.uri().path(), request.uri().query(), request.headers()).await;
        html_page(name, StatusCode::OK, request.headers(), &drawn)
    })
}

/// The environment variable whose value, when set, is hashed into the version too: the browser tests start
/// one build as two versions to see a cached client updated.
const SALT_VAR: &str = "MANCALA_WEB_VERSION_SALT";

/// The hash of every embedded file (names and contents), computed once: the assets' folder version.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let mut names: Vec<_> = Files::iter().collect();
        names.sort();
        let mut hasher = Sha256::new();
        for name in names {
            hasher.update(name.as_bytes());
            if let Some(file) = Files::get(&name) {
                hasher.update(file.metadata.sha256_hash());
            }
        }
        if let Ok(salt) = std::env::var(SALT_VAR) {
            hasher.update(salt.as_bytes());
        }
        hex::encode(&hasher.finalize()[..6])
    })
}

/// Names the web version in every answer (`Mancala-Version`), so that a page loaded from an older
/// version learns that the server was upgraded and offers to reload.
pub async fn stamp_version(mut response: Response) -> Response {
    if let Ok(v) = HeaderValue::from_str(version()) {
        response.headers_mut().insert("mancala-version", v);
    }
    response
}

/// `/sw.js`: the service worker of this version, with its shell ([`super::worker`]).
async fn service_worker() -> Response {
    let render = || {
        let names: Vec<String> =
            Files::iter().map(|n| n.into_owned()).filter(|n| n != "index.html" && n != "sw.js").collect();
        let read = |path: &str| Files::get(path).map(|f| String::from_utf8_lossy(&f.data).into_owned());
        let template = read("sw.js").unwrap_or_default();
        super::worker::script(&template, version(), &super::worker::shell(&names, read))
    };
    if cfg!(debug_assertions) {
        return super::worker::answer(render());
    }
    static SCRIPT: OnceLock<String> = OnceLock::new();
    super::worker::answer(SCRIPT.get_or_init(render).clone())
}

/// Where the template lists the modules to preload.
const PRELOAD_MARK: &str = "{{PRELOAD}}";

/// The modules the template runs as `async` scripts (`<script type="module" async src="{{BASE}}/…">`).
fn async_scripts(template: &str) -> Vec<String> {
    let tag = format!(r#"<script type="module" async src="{BASE_MARK}/"#);
    template.split(&tag).skip(1).filter_map(|rest| rest.split('"').next()).map(str::to_string).collect()
}

/// `index.html` for the page `name` (its module `js/pages/{name}.js`) with the asset folder filled in and
/// its modules named for preloading ([`module_graph`]), and its ETag.
fn index(name: &str) -> (String, String) {
    let render = |name: &str| {
        let raw = Files::get("index.html").map(|f| f.data.into_owned()).unwrap_or_default();
        let base = format!("/assets/{}", version());
        let read = |path: &str| Files::get(path).map(|f| String::from_utf8_lossy(&f.data).into_owned());
        let raw_text = String::from_utf8_lossy(&raw);
        // The template's `async` scripts (the game's early socket) run as soon as their own graph is in:
        // their modules are asked first, the page's after them.
        let first = async_scripts(&raw_text);
        let page = ["js/main.js".into(), format!("js/pages/{name}.js")];
        let modules = module_graph::first_then(&first, &page, read);
        let preload: String = modules
            .iter()
            // The template's own scripts (the entry, the game's early socket) are asked for anyway.
            .filter(|m| !raw_text.contains(&format!("{BASE_MARK}/{m}\"")))
            .map(|m| format!(r#"<link rel="modulepreload" href="{base}/{m}" />"#))
            .collect::<Vec<_>>()
            .join("\n    ");
        let html = raw_text.replace(PRELOAD_MARK, &preload).replace(BASE_MARK, &base).replace(LANGS_MARK, &languages());
        let etag = format!("\"{}\"", hex::encode(&Sha256::digest(html.as_bytes())[..8]));
        (html, etag)
    };
    if cfg!(debug_assertions) {
        // Read from disk on every request in a debug build, like the assets.
        return render(name);
    }
    static INDEX: OnceLock<std::sync::Mutex<std::collections::HashMap<String, (String, String)>>> = OnceLock::new();
    let cache = INDEX.get_or_init(Default::default);
    let mut pages = cache.lock().unwrap_or_else(|e| e.into_inner());
    pages.entry(name.to_string()).or_insert_with(|| render(name)).clone()
}

/// An embedded file of `web/app/` (the first paint reads the client's catalogs).
pub(super) fn embedded(path: &str) -> Option<Vec<u8>> {
    Files::get(path).map(|f| f.data.into_owned())
}

/// The languages the page has a catalog for, space-separated: adding `web/app/i18n/{lang}.json` adds one.
pub(super) fn languages() -> String {
    let mut langs: Vec<String> = Files::iter()
        .filter_map(|name| name.strip_prefix("i18n/")?.strip_suffix(".json").map(str::to_string))
        .filter(|lang| !lang.contains('/'))
        .collect();
    langs.sort();
    langs.join(" ")
}

/// `/mod`: the app's page for moderators, and a 403 (the app's page, which says so) for everyone else.
async fn moderation_page(
    moderator: Result<crate::moderation::routes::Moderator, ApiError>,
    request: Request,
) -> Response {
    let status = if moderator.is_ok() { StatusCode::OK } else { StatusCode::FORBIDDEN };
    html_page("mod", status, request.headers(), &first_paint::plain(request.headers()))
}

/// The app's HTML for the page `name` with what the server drew of it (the app reads the address itself
/// and draws that page over it). The ETag is the whole page's: its language and its words change it.
fn html_page(name: &str, status: StatusCode, request: &HeaderMap, drawn: &first_paint::Drawn) -> Response {
    let html = drawn.apply(&index(name).0);
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(html.as_bytes())[..8]));
    if status == StatusCode::OK && matches_etag(request, &etag) {
        return with_policy(Answer::Page, StatusCode::NOT_MODIFIED, request, [(header::ETAG, etag)], ())
            .into_response();
    }
    let headers = [
        (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
        (header::CACHE_CONTROL, "no-cache".to_string()),
        (header::ETAG, etag),
        (header::VARY, "Cookie, Accept-Language".to_string()),
        (header::CONTENT_LANGUAGE, drawn.lang().to_string()),
    ];
    with_policy(Answer::Page, status, request, headers, html)
}

/// The page a service worker keeps for every address it answers offline: the app's HTML without any
/// page's words (the page routes itself by its address, and the words of another would show meanwhile),
/// "Loading…" in the visitor's language.
async fn offline_shell(request: Request) -> Response {
    html_page("home", StatusCode::OK, request.headers(), &first_paint::plain(request.headers()))
}

/// A file of `web/app/`. A request for another version than this build's gets the current file,
/// revalidated rather than cached for a year (a page loaded before an upgrade still works).
async fn asset(Path((wanted, path)): Path<(String, String)>, request: Request) -> Response {
    let Some(file) = Files::get(&path) else {
        return ApiError::NotFound(format!("no asset `{}`", path.chars().take(80).collect::<String>())).into_response();
    };
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..8]));
    let cache = if wanted == version() && !cfg!(debug_assertions) { IMMUTABLE } else { "no-cache" };
    if matches_etag(request.headers(), &etag) {
        return with_policy(Answer::Asset, StatusCode::NOT_MODIFIED, request.headers(), [(header::ETAG, etag)], ());
    }
    let mime = file.metadata.mimetype();
    let content_type = if mime.starts_with("text/") || mime.ends_with("javascript") || mime.ends_with("+xml") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    let headers =
        [(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, cache.to_string()), (header::ETAG, etag)];
    let body = if path.ends_with(".js") { lean_module(&path, &file.data) } else { file.data.into_owned() };
    with_policy(Answer::Asset, StatusCode::OK, request.headers(), headers, body)
}

/// A module as sent: its comment lines blanked ([`lean_js`]), once per file in a release build.
fn lean_module(path: &str, data: &[u8]) -> Vec<u8> {
    let lean = |data: &[u8]| match std::str::from_utf8(data) {
        Ok(text) => lean_js::without_comment_lines(text).into_owned().into_bytes(),
        Err(_) => data.to_vec(),
    };
    if cfg!(debug_assertions) {
        return lean(data);
    }
    static LEAN: OnceLock<std::sync::Mutex<std::collections::HashMap<String, Vec<u8>>>> = OnceLock::new();
    let cache = LEAN.get_or_init(Default::default);
    let mut files = cache.lock().unwrap_or_else(|e| e.into_inner());
    files.entry(path.to_string()).or_insert_with(|| lean(data)).clone()
}

fn matches_etag(request: &HeaderMap, etag: &str) -> bool {
    request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// What an answer of this module is, for its headers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    /// An HTML page: a document, which its content security policy and referrer policy govern.
    Page,
    /// A module, style sheet, catalog or image: the page that loads it is governed by the page's own
    /// policies, which a browser does not read from a subresource. Leaving them out saves about 300 bytes
    /// of headers on each of a page's thirty assets over HTTP/1.1 (BENCHMARKS.md, "Headers only where
    /// they count").
    Asset,
}

/// Adds the security headers an answer of this module carries: `nosniff` on every one, the content
/// security and referrer policies on pages.
fn with_policy(
    answer: Answer,
    status: StatusCode,
    request: &HeaderMap,
    headers: impl axum::response::IntoResponseParts,
    body: impl IntoResponse,
) -> Response {
    let mut response = (status, headers, body).into_response();
    let h = response.headers_mut();
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if answer == Answer::Page {
        if let Ok(csp) = HeaderValue::from_str(&policy(request)) {
            h.insert(header::CONTENT_SECURITY_POLICY, csp);
        }
        // A seat link carries its token in the fragment, which is never sent; no Referer at all anyway.
        h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    }
    response
}

/// The content security policy: this origin only. `connect-src 'self'` covers the WebSocket of the
/// same host in current browsers; the `ws:`/`wss:` of the request's host are named too for older ones.
/// A `Host` with anything but host characters is left out rather than echoed into a header.
fn policy(request: &HeaderMap) -> String {
    let host = request
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c)));
    let sockets = host.map(|h| format!(" ws://{h} wss://{h}")).unwrap_or_default();
    format!(
        "default-src 'self'; connect-src 'self'{sockets}; img-src 'self' data:; style-src 'self'; \
         script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// Unknown paths: the API's JSON 404 under `/api/`, the app (which shows "not found") elsewhere.
async fn not_found(request: Request) -> Response {
    let path = request.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::NotFound(format!("no route `{path}`")).into_response();
    }
    html_page("notfound", StatusCode::NOT_FOUND, request.headers(), &first_paint::plain(request.headers()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_lists_each_catalog_but_not_the_books_beside_them() {
        let langs = languages();
        assert!(langs.split(' ').any(|l| l == "en") && langs.split(' ').any(|l| l == "fr"), "{langs}");
        assert!(!langs.contains('/'), "{langs}");
        assert!(index("home").0.contains(&format!(r#"<meta name="languages" content="{langs}""#)));
    }

    /// Every page the server names has its module, and preloads the entry's and the page's whole static
    /// graph; every page of the client's router (`web/app/js/router.js`) is one the server names.
    #[test]
    fn pages_match_the_client_router() {
        let router = Files::get("js/router.js").map(|f| String::from_utf8_lossy(&f.data).into_owned()).unwrap();
        let named: Vec<&str> = router.split("/, '").skip(1).filter_map(|rest| rest.split('\'').next()).collect();
        assert!(named.len() >= 15, "{named:?}");
        let server = include_str!("web.rs");
        for name in named {
            assert!(server.contains(&format!(r#"page("{name}""#)), "the server has no route for the page `{name}`");
        }
        for name in ["home", "game", "lesson", "rules", "puzzles", "notfound", "mod"] {
            assert!(Files::get(&format!("js/pages/{name}.js")).is_some(), "{name}");
            let html = index(name).0;
            for m in ["js/router.js", "js/i18n.js", &format!("js/pages/{name}.js")] {
                assert!(
                    html.contains(&format!(r#"<link rel="modulepreload" href="/assets/{}/{m}" />"#, version())),
                    "{name}: {m}"
                );
            }
            assert!(!html.contains(PRELOAD_MARK), "{name}");
            assert!(!html.contains(r#"js/main.js" />"#), "{name}: the entry is the page's script, not preloaded");
            assert!(!html.contains(r#"js/net/early.js" />"#), "{name}: the early socket is a script of its own");
        }
        let game = index("game").0;
        let early = format!(r#"<script type="module" async src="/assets/{}/js/net/early.js"></script>"#, version());
        assert!(game.contains(&early), "the game's socket opens before the modules are in");
        let preloads: Vec<&str> = game.split(r#"<link rel="modulepreload" href=""#).skip(1).collect();
        assert!(preloads[0].contains("/js/prefs.js"), "the early socket's import is asked first: {:?}", &preloads[..2]);
        assert!(game.contains("js/board/board.js"), "the game page's board");
        assert!(!index("home").0.contains("js/pages/game.js"), "only the page's own module");
    }

    /// What a page's first view does not show is imported on demand (`import()`), so not preloaded.
    #[test]
    fn modules_loaded_on_demand_are_not_preloaded() {
        let later = [
            ("lesson", "js/board/demo.js"),
            ("lesson", "js/board/preview.js"),
            ("puzzles", "js/puzzle/view/result.js"),
            ("puzzles", "js/puzzle/view/account.js"),
            ("game", "js/game/xhr.js"),
        ];
        for (page, module) in later {
            assert!(Files::get(module).is_some(), "{module}");
            let html = index(page).0;
            assert!(html.contains(&format!("js/pages/{page}.js")), "{page}");
            assert!(!html.contains(&format!("/{module}\"")), "{page}: {module} is loaded on demand");
        }
    }

    /// The worker of this build names its version and keeps what the offline pages load, on demand too.
    #[tokio::test]
    async fn the_worker_keeps_the_reading_pages_files() {
        let response = service_worker().await;
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        let script = String::from_utf8(body.to_vec()).unwrap();
        assert!(script.contains(&format!("const VERSION = '{}';", version())), "the version");
        assert!(!script.contains("{{"), "every mark filled");
        for file in [
            "js/main.js",
            "js/pages/rules.js",
            "js/pages/lesson.js",
            "js/pages/offline.js",
            "js/offline.js",
            "js/game/finished.js",
            "js/board/board2.js",
            "js/board/demo.js",
            "js/board/preview.js",
            "js/puzzle/view/result.js",
            "js/puzzle/view/account.js",
            "js/game/xhr.js",
            "css/app.css",
            "i18n/fr.json",
            "i18n/en/rules.json",
            "icon-512.png",
            "manifest.webmanifest",
        ] {
            assert!(script.contains(&format!("\"{file}\"")), "{file} is kept");
        }
        assert!(
            !script.contains("\"index.html\"") && !script.contains("\"sw.js\""),
            "the shell is fetched, not listed"
        );
    }

    #[test]
    fn the_policy_names_only_this_host() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        let p = policy(&h);
        assert!(p.starts_with("default-src 'self'; connect-src 'self' ws://127.0.0.1:8080 wss://127.0.0.1:8080;"));
        h.insert(header::HOST, HeaderValue::from_static("evil.example; script-src *"));
        assert!(policy(&h).contains("connect-src 'self';"), "a strange Host is not echoed");
    }
}
