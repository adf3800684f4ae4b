//! `POST /api/games/{id}/preview`: what one decision would do in a game in progress, asked by the player
//! whose turn it is (the seat token). Only games that allow it answer: a game against the computer, or a
//! casual game whose creator allowed previews; never a rated game.
//!
//! The position is the server's own, read from the database like the history routes (every acknowledged
//! decision is stored first), and the answer is only what that player may see: the events projected for
//! that side as if the game went on, no board, no position text ([`mancala_learn::game_preview`]). While
//! Ikibuguzo's players choose their arrays in secret there is no preview at all: what a decision does
//! then depends on the opponent's hidden choice. A preview makes the engine play, so it shares the
//! engine's rate limit with the lesson checks and the lesson previews ([`Limit::Engine`]).

use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::games::stored;
use crate::ids::{self, GameId};
use axum::extract::State;
use mancala_engine::{Phase, ToMove};
use mancala_learn::{GamePreview, PreviewError};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::GameStatus;
use serde::Deserialize;

/// The longest decision a preview reads (`store:cross` and `a1:cw` are far shorter).
pub const MAX_DECISION_CHARS: usize = 40;
/// The longest token a preview reads (a seat token is 32 characters).
pub const MAX_TOKEN_CHARS: usize = 64;

/// The body of a game's move preview.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GamePreviewRequest {
    /// The asker's seat token (returned when the seat was taken).
    pub token: String,
    /// One decision in notation (`e2`, `b2:cw`, `store`).
    pub decision: String,
}

/// What one decision would do in a game in progress, asked by the player whose turn it is (`token`: the
/// seat token). Only in a game against the computer or a casual game whose creator allowed previews
/// (`previews` in the game's summary); never in a rated game; not while Ikibuguzo's arrays are being
/// chosen in secret. The answer holds only what that player may see: the steps projected for that side,
/// the counters captured, the laps, the last hole; no board and no position text.
#[utoipa::path(post, path = "/api/games/{id}/preview", operation_id = "game_preview", tag = "play", request_body = GamePreviewRequest,
    params(("id" = String, Path, description = "game id")),
    responses(
        (status = 200, body = GamePreview, description = "what the decision would do"),
        (status = 400, body = ErrorBody, description = "an unreadable or illegal `decision` (the message lists the legal ones), a `token` or `decision` too long"),
        (status = 403, body = ErrorBody, description = "`token` is no seat of this game, the game is rated, or it does not allow previews"),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game is not in progress, it is not the asker's turn, or the arrays are being chosen in secret"),
        (status = 429, body = ErrorBody, description = "too many checks, previews and analyses from this client address")))]
pub async fn preview(
    State(state): State<AppState>,
    client: ClientAddr,
    Path(id): Path<GameId>,
    _: Query<NoParams>,
    Json(req): Json<GamePreviewRequest>,
) -> Result<axum::Json<GamePreview>, ApiError> {
    if req.decision.chars().count() > MAX_DECISION_CHARS {
        return Err(ApiError::BadRequest(format!("`decision`: longer than {MAX_DECISION_CHARS} characters")));
    }
    if req.token.chars().count() > MAX_TOKEN_CHARS {
        return Err(ApiError::BadRequest(format!("`token`: longer than {MAX_TOKEN_CHARS} characters")));
    }
    state.limits.check(Limit::Engine, client)?;
    let stored = stored::load(&state.store, &id).await?;
    let game = &stored.game;
    let side = game
        .seat_of(&ids::token_hash(&req.token))
        .ok_or_else(|| ApiError::Forbidden(format!("`token` is not the token of a seat of game {id}")))?;
    if game.rated {
        return Err(ApiError::Forbidden(format!("game {id} is rated: a rated game never previews moves")));
    }
    if !game.previews {
        return Err(ApiError::Forbidden(format!("game {id} does not allow move previews (its creator did not)")));
    }
    if game.status != GameStatus::Ongoing || game.pos.is_over() {
        return Err(ApiError::Conflict(format!(
            "game {id} is {}: only a game in progress previews moves",
            game.status.as_str()
        )));
    }
    if matches!(game.pos.phase(), Phase::Choosing(_)) {
        return Err(ApiError::Conflict(format!(
            "game {id}: the players are choosing their arrays in secret; previews start once both are revealed"
        )));
    }
    match game.pos.to_move() {
        ToMove::Side(s) if s == side => {}
        _ => return Err(ApiError::Conflict(format!("game {id}: it is not {}'s turn", side.name()))),
    }
    let pos = game.pos.clone();
    let answer = tokio::task::spawn_blocking(move || mancala_learn::game_preview(&pos, &req.decision))
        .await
        .map_err(|e| ApiError::Internal(format!("a preview failed: {e}")))?
        .map_err(|e: PreviewError| ApiError::BadRequest(e.to_string()))?;
    Ok(axum::Json(answer))
}
