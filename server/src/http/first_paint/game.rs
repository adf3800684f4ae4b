//! A game's page (`/game/{id}`) as a spectator first sees it: the game's name, casual or rated and its
//! clock, both players' names, and whether it waits for an opponent or how it ended. One read of the
//! game's row (no replay of its moves); the board, the clocks and the moves come with the client.

use super::Drawn;
use super::html::esc;
use super::words::Words;
use crate::edge::state::AppState;
use crate::ids::GameId;
use mancala_engine::Side;
use mancala_protocol::http::{GameStatus, GameSummary};

pub async fn draw(state: &AppState, lang: &'static str, id: &str) -> Drawn {
    let words = Words::load(lang, &[]);
    let header = match id.parse::<GameId>() {
        Ok(id) => state.store.game(&id).await.ok().flatten(),
        Err(_) => None,
    };
    match header {
        Some(header) => {
            let g = header.summary();
            let title = title(&words, &g);
            let main = view(&words, &g, &title);
            Drawn::page(words, &title, main, false)
        }
        // No such game, or the store did not answer: the client says which.
        None => Drawn::plain(words),
    }
}

/// The game's name, as the client's `title()`: Njombwa's width when it is not 8.
fn title(words: &Words, g: &GameSummary) -> String {
    let width = match g.options.width {
        w if g.variant.id() == "njombwa" && w != 8 => format!(" 4x{w}"),
        _ => String::new(),
    };
    format!("{}{width}", words.variant(g.variant.id()))
}

/// A player's name as the client shows it (`shownName`): the computer's level, "anonymous" in words.
fn shown(words: &Words, g: &GameSummary, side: Side) -> String {
    let Some(p) = (match side {
        Side::South => &g.players.south,
        Side::North => &g.players.north,
    }) else {
        return words.t("game.open_seat");
    };
    let level = p.name.strip_prefix("bot-").and_then(|level| match level {
        "random" => Some("1"),
        "easy" => Some("2"),
        "medium" => Some("3"),
        "hard" => Some("4"),
        l if l.len() == 1 && ('1'..='8').contains(&l.chars().next().unwrap_or('0')) => Some(l),
        _ => None,
    });
    match level {
        Some(level) => words.t_with("player.computer", &[("level", level)]),
        None if p.name == "anonymous" => words.t("player.anonymous"),
        None => p.name.clone(),
    }
}

/// The status line: waiting, or the result as a spectator reads it; nothing while it is played (whose
/// turn it is needs the position, which the client has at once).
fn status(words: &Words, g: &GameSummary) -> String {
    match (g.status, &g.result) {
        (GameStatus::Waiting, _) => words.t("game.status.waiting"),
        (GameStatus::Finished, Some(o)) if o.reason == "aborted" => words.t("result.aborted"),
        (GameStatus::Finished, Some(o)) => {
            let key = format!("reason.{}", o.reason);
            let why = if words.has(&key) { words.t(&key) } else { o.reason.clone() };
            match o.winner {
                Some(side) => words.t_with("result.won", &[("name", &shown(words, g, side)), ("reason", &why)]),
                None => words.t_with("result.draw", &[("reason", &why)]),
            }
        }
        _ => String::new(),
    }
}

fn view(words: &Words, g: &GameSummary, title: &str) -> String {
    let clock = match &g.clock {
        None => words.t("clock.none"),
        Some(c) => match c.days {
            Some(1) => words.t("clock.day"),
            Some(n) => words.t_with("clock.days", &[("n", &n.to_string())]),
            None if c.base_secs % 60 == 0 => format!("{}+{}", c.base_secs / 60, c.increment_secs),
            None => format!("{:.1}+{}", f64::from(c.base_secs) / 60.0, c.increment_secs),
        },
    };
    let kind = format!("{} · {clock}", words.t(if g.rated { "game.rated" } else { "game.casual" }));
    let bar = |side: Side, at: &str| {
        format!(
            r#"<div class="player {at}-player"><span class="name">{}</span> <span class="muted small">{}</span></div>"#,
            esc(&shown(words, g, side)),
            esc(&words.t(&format!("side.{}", side.name())))
        )
    };
    format!(
        r#"<div class="game"><div class="board-col">{}{}</div><aside class="side-col"><h1 class="game-title">{}</h1><p class="muted small">{}</p><p class="status">{}</p></aside></div>"#,
        bar(Side::North, "top"),
        bar(Side::South, "bottom"),
        esc(title),
        esc(&kind),
        esc(&status(words, g)),
    )
}
