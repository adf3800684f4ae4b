//! Blocks' HTTP routes (`/api/blocks`): block a player, unblock, list. An edge file (docs/server.md,
//! "Features"): it reads who asks, stores the change and answers; what a block does is the lobby's, the
//! challenges' and the game sockets' (docs/moderation.md, "Blocks"), and a change reaches every node
//! through `crate::cluster::blocks`. Writes are signed in, so a session's are checked for `Origin` by
//! [`SignedIn`].

use super::MAX_BLOCKS;
use super::queries::BlockWrite;
use super::queries::{self, BlockRow};
use crate::cluster::blocks::changed;
use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Path, Query};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ids::PlayerName;
use crate::lobby::limits::COUNT_RETRY_SECS;
use crate::store::Write;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{delete, get};
use mancala_protocol::blocks::{BlockInfo, BlockList, CreateBlock};
use mancala_protocol::http::ErrorBody;

/// The feature's routes, mounted by the router (`http/mod.rs`).
pub fn router() -> Router<AppState> {
    Router::new().route("/api/blocks", get(list).post(block)).route("/api/blocks/{name}", delete(unblock))
}

fn info(row: BlockRow) -> BlockInfo {
    BlockInfo { name: row.name, created_at: row.created_at.wire() }
}

/// The caller's blocks, oldest first, and the most it may hold.
#[utoipa::path(get, path = "/api/blocks", operation_id = "list_blocks", tag = "players",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = BlockList, description = "the accounts the caller blocks"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
pub async fn list(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<axum::Json<BlockList>, ApiError> {
    let rows = queries::blocks_of(&state.store, &caller.name.key()).await?;
    Ok(axum::Json(BlockList { blocks: rows.into_iter().map(info).collect(), max: MAX_BLOCKS as u32 }))
}

/// Block an account: it can no longer challenge the caller, its chat lines (players' and spectators'
/// rooms) are not delivered to the caller, and the lobby never pairs the two (either way).
#[utoipa::path(post, path = "/api/blocks", operation_id = "create_block", tag = "players", request_body = CreateBlock,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = BlockInfo, description = "blocked"),
        (status = 200, body = BlockInfo, description = "blocked already (since `created_at`)"),
        (status = 400, body = ErrorBody, description = "not a player name, or the caller's own name"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "no account of that name"),
        (status = 429, body = ErrorBody, description = "the caller blocks 500 accounts already: unblock one first (`Retry-After` is a hint)")))]
// `POST /api/blocks`: 201 with the block, or 200 with the one already there.
pub async fn block(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Json(req): Json<CreateBlock>,
) -> Result<(StatusCode, axum::Json<BlockInfo>), ApiError> {
    let name = PlayerName::parse(&req.player).map_err(|e| ApiError::BadRequest(format!("`player`: {e}")))?;
    if name.same_player(&caller.name) {
        return Err(ApiError::BadRequest("you cannot block yourself".into()));
    }
    let Some(row) = state.store.player_by_name(&name).await? else {
        return Err(ApiError::NotFound(format!("no account named `{name}`")));
    };
    let me = caller.name.key();
    let mine = queries::blocks_of(&state.store, &me).await?;
    if let Some(old) = mine.iter().find(|b| b.name.eq_ignore_ascii_case(&row.name)) {
        return Ok((StatusCode::OK, axum::Json(info(old.clone()))));
    }
    if mine.len() >= MAX_BLOCKS {
        return Err(ApiError::RateLimited {
            message: format!("you block {MAX_BLOCKS} players already (at most {MAX_BLOCKS}): unblock one first"),
            retry_after: COUNT_RETRY_SECS,
        });
    }
    let at = UnixMs::now();
    let blocked = name.key();
    state.store.write(vec![Write::feature(BlockWrite::Insert { blocker: me.clone(), blocked, at })]).await?;
    changed(&state.lobby, &state.store, state.cluster.as_deref(), &me).await?;
    Ok((StatusCode::CREATED, axum::Json(BlockInfo { name: row.name, created_at: at.wire() })))
}

/// Unblock an account.
#[utoipa::path(delete, path = "/api/blocks/{name}", operation_id = "delete_block", tag = "players",
    params(("name" = String, Path, description = "the blocked account (any spelling)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "unblocked"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "the caller does not block that account")))]
pub async fn unblock(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Path(name): Path<PlayerName>,
) -> Result<StatusCode, ApiError> {
    let me = caller.name.key();
    if !queries::is_blocked(&state.store, &me, &name.key()).await? {
        return Err(ApiError::NotFound(format!("you do not block `{name}`")));
    }
    state.store.write(vec![Write::feature(BlockWrite::Delete { blocker: me.clone(), blocked: name.key() })]).await?;
    changed(&state.lobby, &state.store, state.cluster.as_deref(), &me).await?;
    Ok(StatusCode::NO_CONTENT)
}
