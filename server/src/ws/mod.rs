//! The WebSocket endpoint, `GET /api/games/{id}/ws`: one endpoint for players and spectators. A seat
//! token (query `token=…` or `Authorization: Bearer …`) makes the connection that seat's; without one it
//! watches. `v=N` resumes after version N. A wrong token is refused before the upgrade (HTTP 401), so a
//! client never mistakes itself for a spectator.

mod connection;
mod upgrade;

pub use connection::WsLimits;

use crate::error::ApiError;
use crate::http::bearer;
use crate::ids;
use crate::room::ViewerKind;
use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use std::collections::HashMap;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use upgrade::WsUpgrade;

pub async fn upgrade(
    ws: WsUpgrade,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
    State(state): State<AppState>,
) -> Result<Response, ApiError> {
    if !ids::is_game_id(&id) {
        return Err(ApiError::BadRequest(format!("`{id}` is not a game id")));
    }
    // Parsed by hand so that a bad parameter gets our JSON error naming it.
    if let Some(k) = query.keys().find(|k| !matches!(k.as_str(), "token" | "v")) {
        return Err(ApiError::BadRequest(format!("unknown parameter `{k}` (known: token, v)")));
    }
    let since = match query.get("v") {
        None => None,
        Some(v) => Some(
            v.parse::<u64>()
                .map_err(|_| ApiError::BadRequest(format!("parameter `v` must be a version number (got `{v}`)")))?,
        ),
    };
    let room = state.rooms.get(&id).await?;
    let token = query.get("token").cloned().or_else(|| bearer(&headers));
    let seat = match token {
        None => None,
        Some(t) => {
            let seat = room.seat_of(ids::token_hash(&t)).await.map_err(ApiError::from)?;
            Some(seat.ok_or(ApiError::BadToken(format!("the token is not a seat token of game {id}")))?)
        }
    };
    let kind = ViewerKind::of(seat);
    let limits = state.ws_limits;
    let shutdown = state.shutdown.clone();
    let tracker = state.tracker.clone();
    // Small buffers: most connections are idle most of the time, and a game message is small.
    let config = WebSocketConfig::default()
        .max_message_size(Some(limits.max_frame_bytes))
        .max_frame_size(Some(limits.max_frame_bytes))
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024);
    Ok(ws.on_upgrade(config, move |socket| {
        tracker.track_future(connection::serve(socket, room, kind, since, limits, shutdown))
    }))
}
