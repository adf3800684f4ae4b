//! The account's own data and its end: `GET /api/account/export` ("download my data": one JSON document
//! of everything the site keeps about the account, without a secret) and `POST /api/account/close`
//! (closing one's own account with its password: a moderator's close, `crate::moderation::close`, plus
//! the address, the password hash and the links deleted; the name stays taken and its games readable).

use super::email::check_password;
use crate::auth::session;
use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::edge::limits::ClientAddr;
use crate::game::{GameHeader, UnixMs};
use crate::ids::PlayerName;
use crate::moderation::{Live, actions, close};
use crate::state::AppState;
use crate::store::{EmailWrite, GameFilter, ListCursor, Write};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_protocol::account::ApiTokenInfo;
use mancala_protocol::account_data::{AccountData, AccountRecord, ChatLineRecord, SessionRecord};
use mancala_protocol::email::CloseAccount;

/// Games read per page while a download is made.
const PAGE: u32 = 500;

/// `GET /api/account/export`: a file to keep (`Content-Disposition: attachment`).
pub async fn export(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<Response, ApiError> {
    let data = collect(&state, &caller.name).await?;
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
    let email = store.email_of(&key, now).await?;
    let moderator = store.standing(&key).await?.is_some_and(|s| s.moderator);
    let ratings = store
        .ratings_of(name)
        .await?
        .into_iter()
        .map(|(variant, r)| (variant.id().to_string(), super::ratings::shown(&r)))
        .collect();
    let chat = store
        .chat_lines_by(&key)
        .await?
        .into_iter()
        .map(|l| ChatLineRecord { game_id: l.game_id, room: l.room, text: l.text, at: l.at.max(0) as u64 })
        .collect();
    let sessions = store
        .sessions_of(&key)
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
        lessons: store.learn_progress(&key).await?,
        blocks: store.blocks_of(&key).await?.into_iter().map(|b| b.name).collect(),
        puzzles: super::puzzles::history_of(state, &key, None).await?,
    })
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

/// `POST /api/account/close`: the account is closed at once (its sessions and tokens end on every node,
/// its ongoing games are resigned), its address, password hash and links are deleted, and the moderators'
/// log says it was closed by its owner. The answer clears the session cookie.
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
        Write::Email(EmailWrite::Forget { player_key: name.key() }),
        actions::log(name.as_str(), "close", name.as_str(), "closed by its owner".into()),
    ];
    let live = Live { lobby: &state.lobby, cluster: state.cluster.as_deref(), rooms: &state.rooms };
    close::close(&state.store, Some(live), name, also).await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    response.headers_mut().append(header::SET_COOKIE, session::clear_cookie(session::over_tls(&headers)));
    Ok(response)
}
