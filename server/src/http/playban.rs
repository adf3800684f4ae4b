//! `GET /api/lobby/playban`: the caller's ban for leaving games (`crate::lobby::playban`), so that a
//! client shows it, and counts it down, before a pairing is refused.

use crate::edge::caller::MaybeSignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Params, Query};
use crate::game::UnixMs;
use crate::lobby::playban;
use crate::state::AppState;
use axum::extract::State;
use mancala_protocol::lobby::{OutcomeCount, PlaybanStatus};

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

/// `GET /api/lobby/playban`.
pub async fn status(
    State(state): State<AppState>,
    MaybeSignedIn(caller): MaybeSignedIn,
    Query(q): Query<PlaybanQuery>,
) -> Result<axum::Json<PlaybanStatus>, ApiError> {
    let person = super::lobby::identify(&state, caller.as_ref(), q.name).await?;
    let Some(ban) = playban::current(&state.store, &person).await? else {
        return Ok(axum::Json(PlaybanStatus::default()));
    };
    let now = UnixMs::now();
    let refusal = playban::refusal(&ban, now);
    Ok(axum::Json(PlaybanStatus {
        banned: true,
        until: Some(ban.until().wire()),
        seconds_left: refusal.retry_after(),
        outcomes: ban
            .bad
            .iter()
            .map(|(c, n)| OutcomeCount { outcome: c.as_str().to_string(), count: *n as u32 })
            .collect(),
        message: Some(refusal.to_string()),
    }))
}
