//! Playban's HTTP route, `GET /api/lobby/playban`: the caller's ban for leaving games, so that a client
//! shows it, and counts it down, before a pairing is refused. An edge file (docs/server.md, "Features"):
//! it reads who asks and writes the answer; the ban is the feature's ([`super::current`]).

use super::policy;
use crate::accounts;
use crate::edge::caller::MaybeSignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Params, Query};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::lobby::{OutcomeCount, PlaybanStatus};

/// The feature's routes, mounted by the router (`http/mod.rs`).
pub fn router() -> Router<AppState> {
    Router::new().route("/api/lobby/playban", get(status))
}

/// The parameter: a guest's `name` (an account is known by its credential).
#[derive(Debug)]
pub struct PlaybanQuery {
    name: Option<String>,
}

impl FromParams for PlaybanQuery {
    const NAMES: &'static [&'static str] = &["name"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        Ok(PlaybanQuery { name: params.get("name").map(str::to_string) })
    }
}

/// The caller's ban for leaving games (docs/moderation.md, "Penalties for leaving games"): whether pairing
/// is refused now, until when, and why. An account by its credential, a guest by `name`.
#[utoipa::path(get, path = "/api/lobby/playban", tag = "lobby", operation_id = "lobby_playban",
    params(("name" = Option<String>, Query, description = "a guest's display name")),
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = PlaybanStatus, description = "`banned`, and while banned `until`, `seconds_left`, `outcomes` and `message`"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player token"),
        (status = 409, body = ErrorBody, description = "the guest name belongs to a registered player")))]
pub async fn status(
    State(state): State<AppState>,
    MaybeSignedIn(caller): MaybeSignedIn,
    Query(q): Query<PlaybanQuery>,
) -> Result<axum::Json<PlaybanStatus>, ApiError> {
    let who = accounts::plays_as(&state.store, &state.forbidden, caller.as_ref(), q.name).await?;
    let Some(ban) = super::current(&state.store, &who).await? else {
        return Ok(axum::Json(PlaybanStatus::default()));
    };
    let refusal = policy::refusal(&ban, UnixMs::now());
    Ok(axum::Json(PlaybanStatus {
        banned: true,
        until: Some(ban.until().wire()),
        seconds_left: Some(refusal.retry_after),
        outcomes: ban
            .bad
            .iter()
            .map(|(c, n)| OutcomeCount { outcome: c.as_str().to_string(), count: *n as u32 })
            .collect(),
        message: Some(refusal.to_string()),
    }))
}
