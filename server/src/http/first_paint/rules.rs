//! The rules page (`/rules/{variant}`) as the client draws it from `/api/rules/{variant}`: the games'
//! tabs, the title, the introduction and every rule's words (the diagrams and the sources' notes come
//! with the client), or, for an address that names no game, that sentence and the games' links.

use super::Drawn;
use super::html::esc;
use super::words::Words;
use crate::learn::library;
use mancala_engine::Variant;

/// The games with a rules page, in the client's order (web/app/js/rules/view.js).
const GAMES: [&str; 4] = ["kubuguza", "ikibuguzo", "njombwa", "azigo"];

pub fn draw(lang: &'static str, variant: &str) -> Drawn {
    let words = Words::load(lang, &["rules"]);
    // Only the address's own id is marked, as the client marks it.
    let tabs = |here: &str| -> String {
        GAMES
            .iter()
            .map(|id| {
                let current = if *id == here { r#" class="here" aria-current="page""# } else { "" };
                format!(r#"<a href="/rules/{id}"{current}>{}</a>"#, esc(&words.variant(id)))
            })
            .collect()
    };
    let rules = variant.parse::<Variant>().ok().and_then(|v| library().rules(v, lang).ok());
    let Some(r) = rules else {
        let links: String = GAMES.iter().map(|id| format!("<li>{}</li>", link(&words, id))).collect();
        let main = format!(
            r#"<section class="panel"><h1>{}</h1><p>{}</p><ul class="game-links">{links}</ul></section>"#,
            esc(&words.t("game.none")),
            esc(&words.t_with("rules.unknown", &[("name", variant)])),
        );
        let title = words.t("game.none");
        return Drawn::page(words, &title, main, true);
    };
    let mut body = String::new();
    for s in &r.sections {
        body.push_str(&format!(r#"<section><h2>{}</h2><div class="rule"><div>"#, esc(&s.title)));
        for p in &s.body {
            body.push_str(&format!("<p>{}</p>", esc(p)));
        }
        if let Some(reading) = &s.reading {
            body.push_str(&format!(
                r#"<div class="reading"><p class="small"><strong>{}</strong></p><p>{}</p></div>"#,
                esc(&words.t("rules.reading")),
                esc(reading)
            ));
        }
        body.push_str("</div></div></section>");
    }
    let main = format!(
        r#"<section class="panel"><nav class="tabs" aria-label="{}">{}</nav><h1>{}</h1><div class="rules-page"><p class="lead">{}</p><p class="small links"><a href="/learn">{}</a></p>{body}</div></section>"#,
        esc(&words.t("common.games")),
        tabs(variant),
        esc(&r.title),
        esc(&r.intro),
        esc(&words.t("rules.learn_link")),
    );
    let title = words.t_with("rules.title", &[("game", &words.variant(variant))]);
    Drawn::page(words, &title, main, true)
}

/// A game's link.
fn link(words: &Words, id: &str) -> String {
    format!(r#"<a href="/rules/{id}">{}</a>"#, esc(&words.variant(id)))
}
