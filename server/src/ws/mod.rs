//! The WebSocket endpoint, `GET /api/games/{id}/ws`: one endpoint for players and spectators. A seat
//! token (query `token=…` or `Authorization: Bearer …`) makes the connection that seat's; without one it
//! watches. `v=N` resumes after version N. A wrong token is refused before the upgrade (HTTP 401), so a
//! client never mistakes itself for a spectator.

mod chat_filter;
pub mod closing;
mod connection;
pub mod lobby;
pub mod tournament;
pub mod upgrade;

use crate::edge::caller::SessionAccount;
use crate::edge::error::ApiError;
use crate::edge::extract::{Bearer, FromParams, Params, Path, Query};
use crate::edge::state::AppState;
use crate::ids::{self, GameId};
use crate::room::ViewerKind;
use axum::extract::State;
use axum::response::Response;
use governor::clock::DefaultClock;
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use mancala_protocol::http::ErrorBody;
use std::sync::LazyLock;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use upgrade::WsUpgrade;

/// The account of a socket's handshake: `?token=` (a script's socket) names it; else the request's own
/// (bearer, or a signed-in browser's session cookie, whose `Origin` [`WsUpgrade`] checked); `None`: a guest.
pub async fn account(
    state: &AppState,
    token: Option<String>,
    caller: Option<crate::accounts::Caller>,
) -> Result<Option<crate::accounts::Caller>, ApiError> {
    match token {
        Some(token) => Ok(Some(crate::accounts::who::by_token(&state.store, &token).await?)),
        None => Ok(caller),
    }
}

/// The settings of every WebSocket the server accepts (game and lobby sockets): messages up to
/// `max_bytes`, and small buffers, since most connections are idle most of the time. Reads are of 1 KiB
/// at most: what clients send is small (a decision, a ping, a few hundred bytes; a longer message is read
/// in several calls), and tungstenite zeroes this much of its buffer before every read, including the
/// read that finds nothing and ends a burst, so a bigger buffer costs on every message (BENCHMARKS.md,
/// "One statement per table, and a smaller read buffer"; tungstenite's default is 128 KiB).
pub fn socket_config(max_bytes: usize) -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(max_bytes))
        .max_frame_size(Some(max_bytes))
        .read_buffer_size(1024)
        .write_buffer_size(4 * 1024)
}

/// A connection's limit on the messages it may send (game and lobby sockets). Every limiter reads one
/// clock made once: making a clock (quanta's) asks the processor whether its time-stamp counter can be
/// used (`cpuid`), an instruction a virtual machine traps, and with a clock per connection that was about
/// 1.3 % of the server's samples at a few hundred new connections a second (BENCHMARKS.md,
/// "Per-connection costs").
pub fn message_limiter(quota: Quota) -> DefaultDirectRateLimiter {
    static CLOCK: LazyLock<DefaultClock> = LazyLock::new(DefaultClock::default);
    RateLimiter::direct_with_clock(quota, CLOCK.clone())
}

/// The parameters of the WebSocket: the seat token and the version to resume after.
#[derive(Debug)]
pub struct WsQuery {
    pub token: Option<String>,
    pub since: Option<u64>,
}

impl FromParams for WsQuery {
    const NAMES: &'static [&'static str] = &["token", "v"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let since = params.number("v", 0..=i64::MAX as u64)?;
        Ok(WsQuery { token: params.get("token").map(str::to_string), since })
    }
}

/// The WebSocket of a game, for players (with the seat token) and spectators (without).
///
/// The client sends `ClientMsg` frames and receives `ServerMsg` frames (JSON text): a snapshot first, then
/// versioned events. `v` resumes after that version.
#[utoipa::path(get, path = "/api/games/{id}/ws", operation_id = "websocket", tag = "play",
    params(
        ("id" = String, Path, description = "game id"),
        ("token" = Option<String>, Query, description = "seat token (or `Authorization: Bearer …`)"),
        ("v" = Option<u64>, Query, description = "the last version the client holds")),
    responses(
        (status = 101, description = "switching to the WebSocket protocol"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it"), (status = 401, body = ErrorBody, description = "not a seat token of this game"),
        (status = 404, body = ErrorBody, description = "not found")))]
// `GET /api/games/{id}/ws`. The path and the parameters are checked before the handshake, so a bad id
// or parameter is named rather than answered with 426.
pub async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    Query(query): Query<WsQuery>,
    bearer: Bearer,
    session: SessionAccount,
    ws: WsUpgrade,
) -> Result<Response, ApiError> {
    let since = query.since;
    let room = state.rooms.get(&id).await?;
    let token = query.token.or(bearer.0);
    let seat = match token {
        None => None,
        Some(t) => {
            let seat = room.seat_of(ids::token_hash(&t)).await.map_err(ApiError::from)?;
            Some(seat.ok_or(ApiError::BadToken(format!("the token is not a seat token of game {id}")))?)
        }
    };
    // The account the socket stands for: its seat's, or the signed-in spectator's; the socket closes when
    // that account is closed, and a closed account's seat is refused here.
    let account = match seat {
        Some(side) => seat_account(&room, side).await?,
        None => session.0.as_ref().map(|c| c.name.key()),
    };
    if let Some(key) = account.as_deref().filter(|_| seat.is_some())
        && state.store.standing(key).await?.is_some_and(|s| s.closed_at.is_some())
    {
        return Err(ApiError::Forbidden(format!("the account `{key}` is closed: its seats are closed with it")));
    }
    let account = account.map(|key| state.lobby.accounts().watch(&key));
    let kind = ViewerKind::of(seat);
    // The chat lines of the accounts the reader blocks are left out: its list is read again now, so a
    // change another node could not tell this one is caught up when a page opens.
    let blocks = state.lobby.blocks().clone();
    if let Some(caller) = &session.0 {
        blocks.refresh(&state.store, &caller.name.key()).await?;
    }
    let spectator = session.0.as_ref().filter(|_| seat.is_none()).map(|c| c.name.key());
    let filter = chat_filter::ChatFilter::new(blocks, spectator);
    // A spectator signed in by its session chats under its account (a player chats in its seat).
    let watcher = session.0.filter(|_| seat.is_none()).map(|caller| connection::Watcher {
        name: caller.name,
        credential: caller.credential,
        store: state.store.clone(),
    });
    let limits = state.ws_limits;
    let shutdown = state.shutdown.clone();
    let tracker = state.tracker.clone();
    Ok(ws.on_upgrade(socket_config(limits.max_frame_bytes), move |socket| {
        tracker.track_future(connection::serve(socket, room, (kind, watcher, filter, account), since, limits, shutdown))
    }))
}

/// The account (its key) seated on `side` of the game, if that seat is an account's.
async fn seat_account(room: &crate::room::RoomHandle, side: mancala_engine::Side) -> Result<Option<String>, ApiError> {
    let players = room.summary().await.map_err(ApiError::from)?.players;
    let seat = match side {
        mancala_engine::Side::South => players.south,
        mancala_engine::Side::North => players.north,
    };
    Ok(seat.filter(|p| p.registered).and_then(|p| ids::PlayerName::parse(&p.name).ok()).map(|n| n.key()))
}
