//! The account's own data and its end: `GET /api/account/export` ("download my data": one JSON document
//! of everything the site keeps about the account, without a secret, its own reports included, every
//! moment written as ISO 8601 text for the person who reads it) and `POST /api/account/close`
//! (closing one's own account with its password: a moderator's close, `crate::moderation::close`, plus
//! the address, the password hash and the links deleted; the name stays taken and its games readable).

use super::email::check_password;
use crate::accounts::queries::{EmailWrite, data, email};
use crate::accounts::session;
use crate::blocks;
use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::edge::limits::ClientAddr;
use crate::edge::state::AppState;
use crate::game::{GameHeader, UnixMs};
use crate::ids::PlayerName;
use crate::moderation::{Live, actions, close};
use crate::store::{GameFilter, ListCursor, Write};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_protocol::account::ApiTokenInfo;
use mancala_protocol::account_data::{AccountData, AccountRecord, ChatLineRecord, ReportRecord, SessionRecord};
use mancala_protocol::email::CloseAccount;
use mancala_protocol::http::ErrorBody;

/// Games read per page while a download is made.
const PAGE: u32 = 500;

/// Download my data: everything the site keeps about the account (its row, games, ratings, chat lines
/// written, sessions, API tokens, lessons, blocks), without a secret, as a file.
#[utoipa::path(get, path = "/api/account/export", operation_id = "export_account", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = AccountData, description = "the data, with `Content-Disposition: attachment`",
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"mancala-NAME.json\"`"))),
        (status = 401, body = ErrorBody, description = "not signed in")))]
// `GET /api/account/export`: a file to keep (`Content-Disposition: attachment`).
pub async fn export(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<Response, ApiError> {
    let data = collect(&state, &caller.name).await?;
    let mut data = serde_json::to_value(data).map_err(|e| ApiError::Internal(format!("the download: {e}")))?;
    iso_times(&mut data);
    let mut response = axum::Json(data).into_response();
    let file = format!("attachment; filename=\"mancala-{}.json\"", caller.name.key());
    if let Ok(value) = HeaderValue::from_str(&file) {
        response.headers_mut().insert(header::CONTENT_DISPOSITION, value);
    }
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Everything the site keeps about the account `name`.
async fn collect(state: &AppState, name: &PlayerName) -> Result<AccountData, ApiError> {
    let store = &state.store;
    let key = name.key();
    let now = UnixMs::now();
    let Some((row, password_hash)) = store.password_of(&key).await? else {
        return Err(ApiError::Unauthorized("the account no longer exists".into()));
    };
    let email = email::email_of(store, &key, now).await?;
    let moderator = store.standing(&key).await?.is_some_and(|s| s.moderator);
    let ratings =
        store.ratings_of(name).await?.into_iter().map(|(variant, r)| (variant.id().to_string(), r.wire())).collect();
    let chat = data::chat_lines_by(store, &key)
        .await?
        .into_iter()
        .map(|l| ChatLineRecord { game_id: l.game_id, room: l.room, text: l.text, at: l.at.max(0) as u64 })
        .collect();
    let sessions = data::sessions_of(store, &key)
        .await?
        .into_iter()
        .map(|s| SessionRecord {
            created_at: s.created_at.wire(),
            last_seen: s.last_seen.wire(),
            expires_at: s.expires_at.wire(),
        })
        .collect();
    let api_tokens = store
        .api_tokens(&key)
        .await?
        .into_iter()
        .map(|t| ApiTokenInfo { id: t.id, label: t.label, created_at: t.created_at.wire() })
        .collect();
    Ok(AccountData {
        exported_at: now.wire(),
        account: AccountRecord {
            name: row.name,
            created_at: row.created_at.wire(),
            has_password: password_hash.is_some(),
            email: email.address,
            email_confirmed_at: email.confirmed_at.map(UnixMs::wire),
            email_pending: email.pending,
            moderator,
        },
        games: games_of(state, name).await?,
        ratings,
        chat,
        sessions,
        api_tokens,
        lessons: crate::learn::queries::progress(store, &key).await?,
        blocks: blocks::queries::blocks_of(store, &key).await?.into_iter().map(|b| b.name).collect(),
        puzzles: crate::puzzles::history::of(&state.store, &key, None).await?,
        reports: crate::moderation::queries::reports_made(store, &key)
            .await?
            .into_iter()
            .map(|r| ReportRecord {
                player: r.player,
                reason: r.reason,
                text: r.text,
                game_id: r.game_id,
                line: r.line.and_then(|n| u64::try_from(n).ok()),
                at: r.at.wire(),
            })
            .collect(),
    })
}

/// Is a field of this name a moment (unix ms in the API's types)?
fn is_moment(key: &str) -> bool {
    key == "at" || key == "last_seen" || key.ends_with("_at")
}

/// Writes every moment of the download (a number under a field [`is_moment`] names) as ISO 8601 text.
fn iso_times(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(fields) => {
            for (key, v) in fields.iter_mut() {
                match v.as_i64() {
                    Some(ms) if is_moment(key) => *v = serde_json::Value::String(iso_8601(ms)),
                    _ => iso_times(v),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(iso_times),
        _ => {}
    }
}

/// Unix ms as ISO 8601 text in UTC, to the millisecond: `2026-11-27T10:15:30.123Z`.
fn iso_8601(ms: i64) -> String {
    crate::game::utc::Utc::of(crate::game::UnixMs::from_millis(ms)).iso_8601()
}

/// Every game `name` is seated in, newest first, page by page.
async fn games_of(state: &AppState, name: &PlayerName) -> Result<Vec<mancala_protocol::http::GameSummary>, ApiError> {
    let filter = GameFilter { player: Some(name.clone()), ..Default::default() };
    let mut games = Vec::new();
    let mut after: Option<ListCursor> = None;
    loop {
        let page = state.store.list_games(&filter, after.as_ref(), PAGE).await?;
        games.extend(page.iter().map(GameHeader::summary));
        match page.last() {
            Some(last) if page.len() == PAGE as usize => {
                after = Some(ListCursor { created_at: last.created_at.millis(), id: last.id.clone() });
            }
            _ => return Ok(games),
        }
    }
}

/// Close my account, with its password: as a moderator's close (signed out everywhere, tokens revoked,
/// ongoing games resigned; the name stays taken and the games readable), and the email address, the
/// password hash and every link deleted. It cannot be undone by its owner.
#[utoipa::path(post, path = "/api/account/close", tag = "account", request_body = CloseAccount,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "closed; the session cookie is cleared",
            headers(("Set-Cookie" = String, description = "the session cookie, cleared"))),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "the password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "a token-only account has no password: a moderator closes it")))]
// `POST /api/account/close`: the account is closed at once (its sessions and tokens end on every node,
// its ongoing games are resigned), its address, password hash and links are deleted, and the moderators'
// log says it was closed by its owner. The answer clears the session cookie.
pub async fn close_account(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    client: ClientAddr,
    headers: HeaderMap,
    Json(req): Json<CloseAccount>,
) -> Result<Response, ApiError> {
    check_password(&state, client, &caller.name, req.password).await?;
    let name = &caller.name;
    let also = vec![
        Write::feature(EmailWrite::Forget { player_key: name.key() }),
        actions::log(name.as_str(), "close", name.as_str(), "closed by its owner".into()),
    ];
    let live = Live { lobby: &state.lobby, cluster: state.cluster.as_deref(), rooms: &state.rooms };
    close::close(&state.store, Some(live), name, also).await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().append(header::SET_COOKIE, session::clear_cookie(session::over_tls(&headers)));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_written_as_iso_8601_in_utc() {
        assert_eq!(iso_8601(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso_8601(1_767_225_600_000), "2026-01-01T00:00:00.000Z");
        assert_eq!(iso_8601(1_709_210_096_789), "2024-02-29T12:34:56.789Z", "a leap day");
        assert_eq!(iso_8601(951_868_799_999), "2000-02-29T23:59:59.999Z");
        assert_eq!(iso_8601(4_102_444_800_000), "2100-01-01T00:00:00.000Z");
    }

    #[test]
    fn only_moments_are_rewritten() {
        let mut v = serde_json::json!({
            "exported_at": 0,
            "games": [{ "created_at": 1_767_225_600_000_u64, "plies": 31 }],
            "chat": [{ "at": 1_000, "text": "12" }],
            "puzzles": { "streak_best": 4, "recent": [{ "at": 60_000, "rating_after": 1500 }] },
        });
        iso_times(&mut v);
        assert_eq!(
            v,
            serde_json::json!({
                "exported_at": "1970-01-01T00:00:00.000Z",
                "games": [{ "created_at": "2026-01-01T00:00:00.000Z", "plies": 31 }],
                "chat": [{ "at": "1970-01-01T00:00:01.000Z", "text": "12" }],
                "puzzles": { "streak_best": 4, "recent": [{ "at": "1970-01-01T00:01:00.000Z", "rating_after": 1500 }] },
            })
        );
    }
}
