//! Player accounts: `POST /api/players` registers a name and returns its token once; `GET
//! /api/players/{name}` shows the results of the games linked to it and its ratings. Names are case-insensitive
//! ([`PlayerName`]): `AMINA` cannot register beside `amina`, and `/api/players/AMINA` is amina's profile,
//! under the spelling she registered.

use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ids::{self, PlayerName};
use crate::store::{PlayerRow, StoreError, Write};
use axum::extract::State;
use axum::http::StatusCode;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::{CreatePlayer, PlayerCreated, PlayerProfile};

/// Register a player name; the answer's token is shown once.
#[utoipa::path(post, path = "/api/players", operation_id = "create_player", tag = "players", request_body = CreatePlayer,
    responses(
        (status = 201, body = PlayerCreated, description = "the account and its token (shown once)"),
        (status = 400, body = ErrorBody, description = "a bad parameter or body; the message names it; a name holding a forbidden word (code `name_forbidden`)"), (status = 409, body = ErrorBody, description = "the name is taken")))]
pub async fn create(
    State(state): State<AppState>,
    client: ClientAddr,
    _: Query<NoParams>,
    Json(req): Json<CreatePlayer>,
) -> Result<(StatusCode, axum::Json<PlayerCreated>), ApiError> {
    let name = PlayerName::for_account(&req.name).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    crate::accounts::check_name(&state.forbidden, name.as_str())?;
    let taken = |holder: &str| ApiError::Conflict(format!("the name `{name}` is taken (by `{holder}`)"));
    // A friendly answer for the usual case; the unique index on `lower(name)` decides a race.
    if let Some(holder) = state.store.player_by_name(&name).await? {
        return Err(taken(&holder.name));
    }
    state.limits.check(Limit::Accounts, client)?;
    let token = ids::token();
    let row = PlayerRow {
        name: name.to_string(),
        token_hash: ids::token_hash(&token).to_string(),
        created_at: UnixMs::now().millis(),
        password_hash: None,
    };
    match state.store.write(vec![Write::InsertPlayer(row.clone())]).await {
        Err(StoreError::Conflict) => Err(taken(name.as_str())),
        Err(e) => Err(e.into()),
        Ok(()) => Ok((
            StatusCode::CREATED,
            axum::Json(PlayerCreated { name: row.name, token, created_at: row.created_at as u64 }),
        )),
    }
}

/// A registered player's results.
#[utoipa::path(get, path = "/api/players/{name}", operation_id = "player_profile", tag = "players",
    params(("name" = String, Path, description = "player name")),
    responses((status = 200, body = PlayerProfile, description = "the player's results"), (status = 404, body = ErrorBody, description = "not found")))]
pub async fn profile(
    State(state): State<AppState>,
    Path(name): Path<PlayerName>,
    _: Query<NoParams>,
) -> Result<axum::Json<PlayerProfile>, ApiError> {
    let player = state
        .store
        .player_by_name(&name)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no registered player `{name}`")))?;
    let [games, wins, losses, draws, ongoing] = state.store.player_stats(&name).await?;
    let ratings = state
        .store
        .ratings_of(&name)
        .await?
        .into_iter()
        .map(|(variant, r)| (variant.id().to_string(), r.wire()))
        .collect();
    Ok(axum::Json(PlayerProfile {
        name: player.name,
        created_at: player.created_at.max(0) as u64,
        games,
        wins,
        losses,
        draws,
        ongoing,
        ratings,
        computer_assisted: state.store.engine_mark(&name.key()).await?.is_some(),
    }))
}
