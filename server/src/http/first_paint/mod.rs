//! The first paint: each page's words written into its HTML by the server, so a phone on a slow network
//! reads the page before the client's modules, its catalog and its API answers arrive. It owns
//! what the server draws of a page and how that is put into `index.html`; the client takes over once its
//! own view of the page is ready (web/app/js/router.js), so the words never flash back to "Loading…".
//!
//! Each page's words come from the same data the client draws them from: the lessons and rules pages from
//! `mancala-learn` (what `/api/lessons` and `/api/rules` answer), a game from its stored row (what
//! `/api/games/{id}` says of it), the rest from the client's own catalogs (`web/app/i18n/`), in the
//! language the client will pick ([`lang`]). Every text is escaped ([`html::esc`]). The header's
//! `data-i18n` words are translated too. Pages not drawn here keep "Loading…", in the visitor's language.
//! The server's copy carries the client's classes (it looks the same) but no `id`: the client's view is
//! built beside it, invisible, until it is ready, and an id names one element. The page also names its
//! language's catalog and its books for preloading ([`catalogs`]).
//!
//! | page | drawn |
//! |---|---|
//! | `/` | the first screen and the four games ([`home`]) |
//! | `/learn`, `/learn/{game}/{lesson}` | the courses, a lesson's title and first step ([`learn`]) |
//! | `/rules/{variant}` | the rules' words ([`rules`]) |
//! | `/puzzles…` | the title and the kinds of puzzles ([`puzzles`]) |
//! | `/game/{id}` | the game's name, kind, players and result ([`game`]) |
//!
//! The lesson and puzzle pages also carry the first answer their client would wait for (the lesson, the
//! puzzle) as JSON data ([`data`]), so their board is drawn without that round trip.

mod catalogs;
pub mod data;
mod game;
mod header;
mod home;
pub mod html;
mod lang;
mod learn;
mod puzzles;
mod rules;
mod words;

use crate::edge::state::AppState;
use axum::http::HeaderMap;
use html::{decode_segment, esc};
use words::Words;

/// What the server draws of a page: its words (the catalog, for the header too), its title, the content
/// of `<main>` and whether it needs the learning pages' style sheet.
pub struct Drawn {
    words: Words,
    title: Option<String>,
    main: String,
    learn_style: bool,
    /// The books of the page's module, whose catalogs the page names for preloading.
    books: Vec<String>,
    /// JSON data blocks written after `<main>` ([`data`]): the answers the page would ask for first.
    data: String,
}

/// The class of the element holding the server's words in `<main>`: the client removes it when its own
/// view is ready, and the style sheet keeps that view invisible under it until then.
pub const CLASS: &str = "drawn";

impl Drawn {
    /// A page drawn with its words, titled as the client titles it (`… · Mancala`).
    fn page(words: Words, title: &str, main: String, learn_style: bool) -> Drawn {
        let title = Some(format!("{title} · Mancala"));
        let main = format!(r#"<div class="{CLASS}">{main}</div>"#);
        Drawn { words, title, main, learn_style, books: Vec::new(), data: String::new() }
    }

    /// The home page, titled with a sentence of its own.
    fn home(words: Words, main: String) -> Drawn {
        let title = Some(words.t("home.title"));
        Drawn { title, ..Drawn::page(words, "", main, true) }
    }

    /// A page the server does not draw: "Loading…" and the header in the visitor's language.
    fn plain(words: Words) -> Drawn {
        let main = format!(r#"<p class="loading">{}</p>"#, esc(&words.t("common.loading")));
        Drawn { words, title: None, main, learn_style: false, books: Vec::new(), data: String::new() }
    }

    /// The page with a JSON data block added, if there is one (see [`data`]).
    fn with_data(mut self, block: Option<String>) -> Drawn {
        self.data.push_str(&block.unwrap_or_default());
        self
    }

    /// The language the page is drawn in.
    pub fn lang(&self) -> &'static str {
        self.words.lang()
    }

    /// `index.html` (its assets already named) with this page's language, title, header words and words.
    pub fn apply(&self, template: &str) -> String {
        let mut html = template.replacen(r#"<html lang="en">"#, &format!(r#"<html lang="{}">"#, self.lang()), 1);
        if let Some(title) = &self.title {
            html = html.replacen("<title>Mancala</title>", &format!("<title>{}</title>", esc(title)), 1);
        }
        if let Some(at) = html.find("/css/app.css\" />")
            && let Some(start) = html[..at].rfind("<link")
        {
            let end = at + "/css/app.css\" />".len();
            let link = &html[start..end];
            let base = link.split("href=\"").nth(1).and_then(|h| h.strip_suffix("/css/app.css\" />")).unwrap_or("");
            let mut extra = format!("\n    {}", catalogs::links(base, self.lang(), &self.books));
            if self.learn_style {
                // The stylesheet the client's `learnStyle()` would add, found there by its `data-learn`.
                let learn = link.replace("/css/app.css", "/css/learn.css").replace(" />", " data-learn />");
                extra.push_str(&format!("\n    {learn}"));
            }
            html.insert_str(end, &extra);
        }
        html = header::translate(&html, &self.words);
        if let Some(open) = html.find(r#"<main id="main""#)
            && let Some(gt) = html[open..].find('>')
            && let Some(close) = html.find("</main>")
        {
            html.replace_range(open + gt + 1..close, &self.main);
        }
        if let Some(close) = html.find("</main>") {
            html.insert_str(close + "</main>".len(), &self.data);
        }
        html
    }
}

/// What the server draws of the page `page` (the client's page module's name) at `path` (with its
/// query, `query`).
pub async fn draw(page: &str, state: &AppState, path: &str, query: Option<&str>, headers: &HeaderMap) -> Drawn {
    let lang = lang::visitor(headers);
    let segments: Vec<String> = path.split('/').skip(1).map(decode_segment).collect();
    let segment = |i: usize| segments.get(i).map(String::as_str).unwrap_or("");
    let mut drawn = match page {
        "home" => home::draw(lang),
        "learn" => learn::list(lang),
        "lesson" => learn::lesson(lang, segment(1), segment(2)),
        "rules" => rules::draw(lang, segment(1)),
        "puzzles" => puzzles::draw(state, lang, segment(1), query, headers).await,
        "game" => game::draw(state, lang, segment(1)).await,
        _ => plain(headers),
    };
    drawn.books = catalogs::books(page);
    drawn
}

/// A page the server does not draw, in the visitor's language.
pub fn plain(headers: &HeaderMap) -> Drawn {
    Drawn::plain(Words::load(lang::visitor(headers), &[]))
}
