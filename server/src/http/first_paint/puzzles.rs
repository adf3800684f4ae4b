//! The puzzles page's head as the client draws it (web/app/js/puzzle/view/main.js): its title for the
//! address (`/puzzles`, `/puzzles/daily`, `/puzzles/streak`, `/puzzles/{id}`) and the kinds of puzzles.
//! The puzzle's board comes with the client; the page's data ([`super::data`]) holds the puzzle as the
//! API answers this request ([`answer`]) when that answer is the visitor's whoever they are.

use super::html::{encode_component, esc};
use super::words::Words;
use super::{Drawn, data};
use crate::accounts::session;
use crate::edge::state::AppState;
use crate::puzzles::routes as api;
use axum::http::HeaderMap;

pub async fn draw(state: &AppState, lang: &'static str, id: &str, query: Option<&str>, headers: &HeaderMap) -> Drawn {
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
    Drawn::page(words, &title, main, true).with_data(answer(state, id, query, headers).await)
}

/// The data block of the puzzle the client asks first at `/puzzles/{id}`: the one named, the day's (both
/// the same to anyone), or, at a bare `/puzzles` without a session cookie, a guest's next (the client
/// asks that path only when its browser names no game it knows and no finished puzzle: a first visit).
/// Nothing for the streak (its first puzzle is drawn at random at each request anyway, and the client
/// may ask with a game it knows) nor for a visitor with a session (the answer is the account's).
async fn answer(state: &AppState, id: &str, query: Option<&str>, headers: &HeaderMap) -> Option<String> {
    match id {
        "streak" => None,
        "daily" => data::answer("/api/puzzles/daily", &api::daily_puzzle(state).await.ok()?),
        "" if query.is_none_or(str::is_empty) && session::cookie_id(headers).is_none() => {
            let next = api::next_for(state, &api::Filter::default(), &[], None).await.ok()?;
            data::answer("/api/puzzles/next", &next)
        }
        "" => None,
        id => {
            let puzzle = api::one(state, &id.parse().ok()?).await.ok()?;
            data::answer(&format!("/api/puzzles/{}", encode_component(id)), &puzzle)
        }
    }
}
