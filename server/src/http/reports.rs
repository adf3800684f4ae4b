//! `POST /api/reports`: a signed-in player reports another (`crate::moderation::reports`). The answer
//! thanks the reporter and says nothing of what will be done.

use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::moderation::{ModError, reports};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::moderation::{ReportFiled, ReportRequest};

impl From<ModError> for ApiError {
    fn from(e: ModError) -> ApiError {
        match e {
            ModError::BadRequest(m) => ApiError::BadRequest(m),
            ModError::NotFound(m) => ApiError::NotFound(m),
            ModError::Limited { message, retry_after } => ApiError::RateLimited { message, retry_after },
            ModError::Store(e) => e.into(),
        }
    }
}

/// Report a player (signed in): `reason` one of `cheat`, `insult`, `leave`, `boost`, `name`, `other`;
/// `text` 1 to 500 characters; optionally the `game` and the chat `line` (its `n`) it is about. An open
/// report on the same player and reason takes this one in. The answer thanks the reporter and never says
/// what is done; the reported player is never told who reported. At most 10 reports an hour per account.
#[utoipa::path(post, path = "/api/reports", tag = "moderation", request_body = ReportRequest,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = ReportFiled, description = "thanks"),
        (status = 400, body = ErrorBody, description = "a bad reason, an empty or too long text, a line without its game, or reporting oneself"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no such player, game or chat line"),
        (status = 429, body = ErrorBody, description = "over 10 reports in the last hour; retry after `Retry-After` seconds")))]
pub async fn report(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Json(req): Json<ReportRequest>,
) -> Result<(StatusCode, axum::Json<ReportFiled>), ApiError> {
    reports::file(&state.store, &caller.name, &req).await?;
    Ok((StatusCode::CREATED, axum::Json(ReportFiled { message: reports::THANKS.to_string() })))
}
