//! The puzzles page's head as the client draws it (web/app/js/puzzle/view/main.js): its title for the
//! address (`/puzzles`, `/puzzles/daily`, `/puzzles/streak`, `/puzzles/{id}`) and the kinds of puzzles.
//! The puzzle itself is chosen for the solver and comes with the client.

use super::Drawn;
use super::html::esc;
use super::words::Words;

pub fn draw(lang: &'static str, id: &str) -> Drawn {
    let words = Words::load(lang, &["puzzles"]);
    let title = words.t(match id {
        "daily" => "puzzle.daily",
        "streak" => "puzzle.streak.title",
        _ => "puzzle.title",
    });
    let mode = match id {
        "" => "next",
        "daily" | "streak" => id,
        _ => "one",
    };
    let link = |href: &str, key: &str, here: bool| {
        let current = if here { r#" aria-current="page""# } else { "" };
        format!(r#"<a href="{href}"{current}>{}</a>"#, esc(&words.t(key)))
    };
    let main = format!(
        r#"<div class="puzzle-page"><section class="panel"><h1>{}</h1><nav class="puzzle-modes" aria-label="{}">{}{}{}</nav><div class="lesson puzzle"><div></div><div class="text"><p class="status">{}</p></div></div></section></div>"#,
        esc(&title),
        esc(&words.t("puzzle.modes")),
        link("/puzzles", "puzzle.mode.next", mode == "next"),
        link("/puzzles/daily", "puzzle.daily", mode == "daily"),
        link("/puzzles/streak", "puzzle.streak.title", mode == "streak"),
        esc(&words.t("common.loading")),
    );
    Drawn::page(words, &title, main, true)
}
