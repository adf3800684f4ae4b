//! Player accounts: `POST /api/players` registers a name and returns its token once; `GET
//! /api/players/{name}` shows the results of the games linked to it.

use super::json_body;
use crate::error::ApiError;
use crate::game::unix_ms;
use crate::ids;
use crate::state::AppState;
use crate::store::{PlayerRow, StoreError, Write};
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use mancala_protocol::http::{CreatePlayer, PlayerCreated, PlayerProfile};

pub async fn create(
    State(state): State<AppState>,
    body: Result<Json<CreatePlayer>, JsonRejection>,
) -> Result<(StatusCode, Json<PlayerCreated>), ApiError> {
    let req = json_body(body)?;
    ids::check_name(&req.name).map_err(ApiError::BadRequest)?;
    let token = ids::token();
    let row = PlayerRow { name: req.name.clone(), token_hash: ids::token_hash(&token), created_at: unix_ms() };
    match state.store.write(vec![Write::InsertPlayer(row.clone())]).await {
        Err(StoreError::Conflict) => Err(ApiError::Conflict(format!("the name `{}` is taken", req.name))),
        Err(e) => Err(e.into()),
        Ok(()) => {
            Ok((StatusCode::CREATED, Json(PlayerCreated { name: row.name, token, created_at: row.created_at as u64 })))
        }
    }
}

pub async fn profile(State(state): State<AppState>, Path(name): Path<String>) -> Result<Json<PlayerProfile>, ApiError> {
    let player = state
        .store
        .player_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no registered player `{name}`")))?;
    let [games, wins, losses, draws, ongoing] = state.store.player_stats(&name).await?;
    Ok(Json(PlayerProfile {
        name: player.name,
        created_at: player.created_at as u64,
        games,
        wins,
        losses,
        draws,
        ongoing,
    }))
}
