//! `GET /api/games/{id}/export`: a game's record as text (default) or JSON.
//!
//! The text form is modelled on PGN: a header of `[Key "value"]` lines, a blank line, then one decision
//! per line (`12. north a1:cw`, with ` {auto}` after a decision the server played because it was forced,
//! and `?` for a decision that is still secret). The JSON form is `{"game": GameSummary, "record":
//! [RecordEntry, …]}`. Both come from [`crate::games::stored::load`], so they carry exactly what the history
//! routes show: nothing secret while the game is unfinished.
//!
//! `format=text|json` chooses; without it, an `Accept` header that prefers `application/json` to
//! `text/plain` gets JSON.

use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Params, Path, Query};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::games::stored::{Stored, load};
use crate::ids::GameId;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::{GameSummary, RecordEntry};
use serde::Serialize;
use std::fmt::Write as _;

/// The JSON export.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct GameExport {
    pub game: GameSummary,
    pub record: Vec<RecordEntry>,
}

/// The parameter of the export: `format=text|json`; `Some(true)` for JSON.
#[derive(Debug)]
pub struct ExportQuery {
    pub json: Option<bool>,
}

impl FromParams for ExportQuery {
    const NAMES: &'static [&'static str] = &["format"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        Ok(ExportQuery { json: params.word("format", &[("text", false), ("json", true)])? })
    }
}

/// The record exported as text (a PGN-like header, then one decision per line) or JSON.
///
/// Without `format`, an `Accept` header preferring `application/json` gets JSON.
#[utoipa::path(get, path = "/api/games/{id}/export", operation_id = "game_export", tag = "history",
    params(
        ("id" = String, Path, description = "game id"),
        ("format" = Option<String>, Query, description = "`text` (default) or `json`")),
    responses(
        (status = 200, description = "the record", content(
            (String = "text/plain; charset=utf-8"),
            (GameExport = "application/json"))),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 404, body = ErrorBody, description = "not found")))]
pub async fn export(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    headers: HeaderMap,
    Query(q): Query<ExportQuery>,
) -> Result<Response, ApiError> {
    let json = q.json.unwrap_or_else(|| prefers_json(&headers));
    let stored = load(&state.store, &id).await?;
    if json {
        let body = GameExport { game: stored.header.summary(), record: stored.record() };
        return Ok(Json(body).into_response());
    }
    let site = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("mancala-server");
    let text = text_export(&stored, site);
    let disposition = format!("attachment; filename=\"{}.txt\"", stored.game.id);
    let mut response = text.into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    // The id is alphanumeric (checked by `load`), so the header value is always valid.
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(response)
}

/// Does `Accept` rank `application/json` above `text/plain`? Only explicit media types count; a plain
/// `*/*` keeps the default (text).
fn prefers_json(headers: &HeaderMap) -> bool {
    let (mut json, mut text) = (0.0f32, 0.0f32);
    for accept in headers.get_all(header::ACCEPT).iter().filter_map(|v| v.to_str().ok()) {
        for range in accept.split(',') {
            let mut parts = range.split(';').map(str::trim);
            let media = parts.next().unwrap_or("").to_ascii_lowercase();
            let q = parts.find_map(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok())).unwrap_or(1.0);
            match media.as_str() {
                "application/json" => json = json.max(q),
                "text/plain" => text = text.max(q),
                _ => {}
            }
        }
    }
    json > 0.0 && json > text
}

/// The text export of a stored game, `site` naming where it was played.
pub fn text_export(stored: &Stored, site: &str) -> String {
    let game = &stored.game;
    let result = match game.result() {
        Some(crate::game::GameResult::Ruled(crate::game::Ruling::Abort)) => "aborted",
        Some(r) => r.winner().map(|s| s.name()).unwrap_or("draw"),
        None => "*",
    };
    let reason = game.result().map(|r| r.reason().to_string()).unwrap_or_else(|| "-".to_string());
    let clock = match game.clock.as_ref() {
        Some(c) => match c.spec.days {
            Some(days) => format!("{days}d"),
            None => format!("{}+{}", c.spec.base_secs, c.spec.increment_secs),
        },
        None => "-".to_string(),
    };
    let name = |side: mancala_engine::Side| {
        game.seats[side].as_ref().map(|s| s.name().to_string()).unwrap_or_else(|| "?".into())
    };
    let headers = [
        ("Event", "mancala game".to_string()),
        ("Site", site.to_string()),
        ("GameId", game.id.to_string()),
        ("Variant", game.variant.id().to_string()),
        ("Options", serde_json::to_string(&game.options).unwrap_or_default()),
        ("South", name(mancala_engine::Side::South)),
        ("North", name(mancala_engine::Side::North)),
        ("Clock", clock),
        ("Result", result.to_string()),
        ("Reason", reason),
        ("Date", utc_date(game.created_at)),
        ("Plies", game.record.len().to_string()),
    ];
    let mut out = String::new();
    for (key, value) in headers {
        let _ = writeln!(out, "[{key} \"{}\"]", escape(&value));
    }
    out.push('\n');
    for entry in stored.record() {
        let decision = entry.decision.as_deref().unwrap_or("?");
        let auto = if entry.auto { " {auto}" } else { "" };
        let _ = writeln!(out, "{}. {} {decision}{auto}", entry.ply, entry.side.name());
    }
    out
}

/// A header value as PGN writes it: `\` and `"` escaped, control characters dropped (the Host header is
/// the client's text).
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars().filter(|c| !c.is_control()) {
        if c == '"' || c == '\\' {
            s.push('\\');
        }
        s.push(c);
    }
    s
}

/// `YYYY.MM.DD` (UTC) of a unix-milliseconds time.
pub fn utc_date(at: UnixMs) -> String {
    let u = crate::game::utc::Utc::of(at);
    format!("{:04}.{:02}.{:02}", u.year, u.month, u.day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(utc_date(UnixMs::from_millis(0)), "1970.01.01");
        assert_eq!(utc_date(UnixMs::from_millis(86_399_999)), "1970.01.01");
        assert_eq!(utc_date(UnixMs::from_millis(951_782_400_000)), "2000.02.29");
        assert_eq!(utc_date(UnixMs::from_millis(951_868_800_000)), "2000.03.01");
        assert_eq!(utc_date(UnixMs::from_millis(1_795_219_200_000)), "2026.11.21");
        assert_eq!(utc_date(UnixMs::from_millis(-1)), "1969.12.31");
    }

    #[test]
    fn values_are_escaped() {
        assert_eq!(escape(r#"{"a":"b\c"}"#), r#"{\"a\":\"b\\c\"}"#);
        assert_eq!(escape("x\r\ny"), "xy");
    }

    #[test]
    fn accept_ranks_media_types() {
        let h = |v: &'static str| {
            let mut m = HeaderMap::new();
            m.insert(header::ACCEPT, HeaderValue::from_static(v));
            m
        };
        assert!(prefers_json(&h("application/json")));
        assert!(!prefers_json(&h("*/*")));
        assert!(!prefers_json(&h("text/plain, application/json;q=0.5")));
        assert!(prefers_json(&h("text/plain;q=0.2, application/json")));
        assert!(!prefers_json(&HeaderMap::new()));
    }
}
