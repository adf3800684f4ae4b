//! The home page's first screen as the client draws it (web/app/js/home/view/main.js): what the site is,
//! the three ways in, and the four games each in one sentence with its source and the link to its rules.
//! The lobby and the lists of games are live (the lobby socket) and come with the client.

use super::Drawn;
use super::html::esc;
use super::words::Words;

/// The four games in the headline's order, each with where its rules come from and its rule sets that
/// are options of it (the client's `SOURCES` and `OPTIONS`).
const GAMES: [(&str, &str, &[&str]); 4] = [
    ("ikibuguzo", "Murray 1951: 217", &["ikibuguzo-opening-1", "ikibuguzo-opening-2"]),
    ("kubuguza", "Merriam 1953", &[]),
    ("njombwa", "Sanderson 1913: 732–733", &[]),
    ("azigo", "Murray 1951: 189", &[]),
];

pub fn draw(lang: &'static str) -> Drawn {
    let words = Words::load(lang, &["home", "summaries"]);
    let hero = format!(
        r##"<section class="panel hero"><h1>{}</h1><p class="lead">{} {}</p><div class="ways"><a class="button primary" href="/learn">{}</a><a class="button" href="#play-computer">{}</a><a class="button" href="#play-person">{}</a></div></section>"##,
        esc(&words.t("home.hero.title")),
        esc(&words.t("home.hero.what")),
        esc(&words.t("home.hero.where")),
        esc(&words.t("home.way.learn")),
        esc(&words.t("home.way.computer")),
        esc(&words.t("home.way.person")),
    );
    let cards: String = GAMES
        .iter()
        .map(|(id, source, options)| {
            let links: Vec<String> = options
                .iter()
                .map(|o| format!(r#"<a href="/rules/{o}">{}</a>"#, esc(&words.variant(o))))
                .collect();
            let options = if links.is_empty() {
                String::new()
            } else {
                format!(r#"<p class="muted small options">{}{}</p>"#, esc(&words.t("home.fixed_arrays")), links.join(" · "))
            };
            format!(
                r#"<article class="variant"><h3>{}</h3><p>{}</p>{options}<p class="muted small">{} · <a href="/rules/{id}">{}</a></p></article>"#,
                esc(&words.variant(id)),
                esc(&words.t(&format!("summary.{id}"))),
                esc(&words.t_with("home.source", &[("source", source)])),
                esc(&words.t("home.full_rules")),
            )
        })
        .collect();
    let games = format!(
        r#"<section class="panel"><h2>{}</h2><div class="variants">{cards}</div></section>"#,
        esc(&words.t("home.the_games"))
    );
    Drawn::home(words, format!(r#"<div class="home">{hero}{games}</div>"#))
}
