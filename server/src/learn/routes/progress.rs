//! A signed-in player's progress in the lessons: the steps met, kept on the account (migration 0007) so
//! that it follows the player to another browser. Guests keep theirs in the browser; the page sends a
//! guest's steps here once signed in.
//!
//! | path | what |
//! |---|---|
//! | `GET /api/account/learn` | the steps met, in the order they were met |
//! | `PUT /api/account/learn/{game}/{lesson}/{step}` | a step met (idempotent; only the shipped steps) |
//!
//! The limit on what an account can store is the lessons themselves: a step id that no shipped lesson
//! has is refused (404), and a step is one row however often it is met.

use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{NoParams, Query};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::learn::library;
use crate::learn::queries::{self, LearnStep};
use crate::store::Write;
use axum::extract::State;
use axum::http::StatusCode;
use mancala_protocol::http::ErrorBody;
use serde::Serialize;

/// The steps a player has met.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LearnProgress {
    /// Step ids (`kubuguza/relay/two`), in the order they were met.
    pub steps: Vec<String>,
}

/// The lesson steps the signed-in player has met, in the order they were met.
#[utoipa::path(get, path = "/api/account/learn", operation_id = "progress", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = LearnProgress, description = "the steps met"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
pub async fn get(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<axum::Json<LearnProgress>, ApiError> {
    let mut steps = queries::progress(&state.store, &caller.name.key()).await?;
    // A step of a lesson since removed is no progress of today's lessons.
    steps.retain(|s| library().step_data(s).is_some());
    Ok(axum::Json(LearnProgress { steps }))
}

/// Record a lesson step as met by the signed-in player (idempotent).
#[utoipa::path(put, path = "/api/account/learn/{game}/{lesson}/{step}", operation_id = "progress_step", tag = "account",
    params(
        ("game" = String, Path, description = "a game"),
        ("lesson" = String, Path, description = "a lesson id"),
        ("step" = String, Path, description = "a step id of that lesson")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "recorded (or already there)"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "a write authenticated by the session cookie whose `Origin` is another site (CSRF)"),
        (status = 404, body = ErrorBody, description = "no such step")))]
pub async fn put(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    axum::extract::Path((game, lesson, step)): axum::extract::Path<(String, String, String)>,
) -> Result<StatusCode, ApiError> {
    let id = format!("{game}/{lesson}/{step}");
    if library().step_data(&id).is_none() {
        let shown: String = id.chars().take(120).collect();
        return Err(ApiError::NotFound(format!("no lesson step `{shown}`")));
    }
    let write = LearnStep { player_key: caller.name.key(), step: id, done_at: UnixMs::now() };
    state.store.write(vec![Write::feature(write)]).await?;
    Ok(StatusCode::NO_CONTENT)
}
