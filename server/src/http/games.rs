//! Creating and joining games: `POST /api/games`, `POST /api/games/{id}/join`, and the invite code routes
//! `GET /api/invites/{code}` and `POST /api/invites/{code}/join`. A seat's token is returned once, here.

use super::{bearer, json_body};
use crate::error::ApiError;
use crate::game::{LiveGame, Seat, unix_ms};
use crate::ids;
use crate::room::bot_seat::{self, BotSeat};
use crate::state::AppState;
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use mancala_engine::{Side, Variant};
use mancala_protocol::http::{CreateGame, GameSummary, JoinGame, SeatChoice, SeatGranted};

/// Who is asking: a registered player (by bearer token) or a guest with a display name.
async fn identity(state: &AppState, headers: &HeaderMap, name: Option<String>) -> Result<(String, bool), ApiError> {
    if let Some(token) = bearer(headers) {
        let player = state
            .store
            .player_by_token_hash(&ids::token_hash(&token))
            .await?
            .ok_or_else(|| ApiError::BadToken("the bearer token is not a player token".into()))?;
        if let Some(n) = name.filter(|n| *n != player.name) {
            return Err(ApiError::BadRequest(format!(
                "`name` is `{n}` but the token is {}'s; leave `name` out",
                player.name
            )));
        }
        return Ok((player.name, true));
    }
    let name = name.unwrap_or_else(|| "anonymous".to_string());
    ids::check_name(&name).map_err(ApiError::BadRequest)?;
    if state.store.player_by_name(&name).await?.is_some() {
        return Err(ApiError::Conflict(format!(
            "the name `{name}` belongs to a registered player: send its token as `Authorization: Bearer …`"
        )));
    }
    Ok((name, false))
}

fn granted(game: GameSummary, seat: Side, token: String) -> SeatGranted {
    let invite_code = game.invite_code.clone();
    SeatGranted {
        ws_path: format!("/api/games/{}/ws", game.id),
        invite_path: invite_code.as_ref().map(|c| format!("/api/invites/{c}")),
        invite_code,
        game,
        seat,
        token,
    }
}

pub async fn create(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Result<(StatusCode, Json<SeatGranted>), ApiError> {
    let req = json_body(body)?;
    let known = || Variant::ALL.map(|v| v.id()).join(", ");
    let variant =
        req.variant.ok_or_else(|| ApiError::BadRequest(format!("field `variant` is required (one of {})", known())))?;
    let options = req.options.unwrap_or_default().apply(variant);
    options.validate(variant).map_err(|e| ApiError::BadRequest(format!("options: {e}")))?;
    if let Some(c) = req.clock {
        if c.base_secs == 0 || c.base_secs > 7 * 24 * 3600 {
            return Err(ApiError::BadRequest("clock.base_secs must be between 1 and 604800".into()));
        }
        if c.increment_secs > 3600 {
            return Err(ApiError::BadRequest("clock.increment_secs must be at most 3600".into()));
        }
    }
    let bot = match req.opponent.as_deref() {
        None => None,
        Some(o) => {
            Some(o.strip_prefix("bot:").and_then(|l| l.parse::<mancala_bot::Level>().ok()).ok_or_else(|| {
                ApiError::BadRequest(format!("`opponent` `{o}`: expected bot:random, bot:easy, bot:medium or bot:hard"))
            })?)
        }
    };
    let (name, registered) = identity(&state, &headers, req.name).await?;
    let side = match req.seat {
        SeatChoice::South => Side::South,
        SeatChoice::North => Side::North,
        SeatChoice::Random => {
            if rand::random::<bool>() {
                Side::South
            } else {
                Side::North
            }
        }
    };
    let token = ids::token();
    let seat = Seat { name, registered, token_hash: ids::token_hash(&token) };
    let game = LiveGame::new(
        ids::game_id(),
        variant,
        options,
        (side, seat),
        ids::invite_code(),
        req.clock,
        req.auto_forced.unwrap_or(true),
        unix_ms(),
    )
    .map_err(|e| ApiError::BadRequest(format!("options: {e}")))?;
    let (variant, options) = (game.variant, game.options);
    // The game is stored by its room's first commit.
    let room = state.rooms.create(game).await?;
    let mut summary = room.summary().await.map_err(ApiError::from)?;
    if let Some(level) = bot {
        // The computer takes the other seat at once, exactly as a person joining would.
        let bot_seat =
            Seat { name: bot_seat::seat_name(level), registered: false, token_hash: ids::token_hash(&ids::token()) };
        let (bot_side, joined) = room.join(bot_seat).await.map_err(ApiError::from)??;
        summary = joined;
        state.rooms.seat_bot(&room, BotSeat { side: bot_side, level, variant, options, seed: rand::random() });
    }
    metrics::counter!("mancala_games_created").increment(1);
    Ok((StatusCode::CREATED, Json(granted(summary, side, token))))
}

async fn join_game(state: &AppState, id: &str, headers: &HeaderMap, req: JoinGame) -> Result<SeatGranted, ApiError> {
    let (name, registered) = identity(state, headers, req.name).await?;
    let room = state.rooms.get(id).await?;
    let token = ids::token();
    let seat = Seat { name, registered, token_hash: ids::token_hash(&token) };
    let (side, summary) = room.join(seat).await.map_err(ApiError::from)??;
    Ok(granted(summary, side, token))
}

pub async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<SeatGranted>, ApiError> {
    if !ids::is_game_id(&id) {
        return Err(ApiError::BadRequest(format!("`{id}` is not a game id")));
    }
    let req: JoinGame = super::optional_json(&body)?;
    Ok(Json(join_game(&state, &id, &headers, req).await?))
}

async fn game_of_invite(state: &AppState, code: &str) -> Result<crate::game::GameHeader, ApiError> {
    let code = code.to_ascii_uppercase();
    state
        .store
        .game_by_invite(&code)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no game waiting with invite code `{code}`")))
}

pub async fn invite(State(state): State<AppState>, Path(code): Path<String>) -> Result<Json<GameSummary>, ApiError> {
    Ok(Json(game_of_invite(&state, &code).await?.summary()))
}

pub async fn join_invite(
    State(state): State<AppState>,
    Path(code): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Json<SeatGranted>, ApiError> {
    let header = game_of_invite(&state, &code).await?;
    let req: JoinGame = super::optional_json(&body)?;
    Ok(Json(join_game(&state, &header.id, &headers, req).await?))
}
