//! `GET /api/games/{id}/review`: the post-game review of a finished game ([`mancala_bot::review`]),
//! computed once in the background and stored.
//!
//! The first request for a game not reviewed yet starts its job (the server engine's review jobs,
//! [`crate::engine_work`]: judged one decision at a time on the engine's pool, at most one job per game,
//! a bounded number in all and per client address) and answers 202 with a `Retry-After`; later requests
//! answer 202 (with the progress) until the review is stored, then 200 with it, always the same. Each
//! start counts in the engine rate limit; beyond the jobs' limits, 503 `busy` or 429.

use super::history;
use crate::edge::error::ApiError;
use crate::edge::extract::{NoParams, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::engine_work::{JobContext, Refused, Reviewing};
use crate::ids::GameId;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_engine::{Decision, Position, Side};
use mancala_protocol::http::GameStatus;
use mancala_protocol::review::{REVIEW_NODES, ReviewPending};

/// Seconds a client is told to wait before asking again.
pub const RETRY_AFTER_SECS: u64 = 2;

impl From<Refused> for ApiError {
    fn from(e: Refused) -> ApiError {
        match e {
            Refused::Busy => ApiError::Busy(e.to_string()),
            Refused::Client => ApiError::RateLimited { message: e.to_string(), retry_after: RETRY_AFTER_SECS },
        }
    }
}

/// `GET /api/games/{id}/review`.
pub async fn review(
    State(state): State<AppState>,
    client: ClientAddr,
    Path(id): Path<GameId>,
    _: Query<NoParams>,
) -> Result<Response, ApiError> {
    if let Some(json) = state.store.review(id.as_str(), REVIEW_NODES as i64).await? {
        return Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], json).into_response());
    }
    let stored = history::load(&state, &id).await?;
    if stored.game.status != GameStatus::Finished {
        return Err(ApiError::Conflict(format!("game {id} is not finished: a game is reviewed once it is over")));
    }
    let plies: Vec<(Side, Decision)> = stored.game.record.iter().map(|p| (p.side, p.decision)).collect();
    let start = Position::start(stored.game.variant, stored.game.options)
        .map_err(|e| ApiError::Internal(format!("stored options do not start a game: {e}")))?;
    let game = Reviewing { id: id.clone(), start, plies, background: false };
    let cx = JobContext { store: &state.store, shutdown: &state.shutdown };
    let job = state.engine.review(cx, client, game, || state.limits.check(Limit::Engine, client))?;
    let (done, of) = job.progress();
    let pending = ReviewPending { game_id: id.to_string(), done, of };
    let mut response = (StatusCode::ACCEPTED, axum::Json(pending)).into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine_work::reviews::MAX_JOBS_PER_CLIENT;

    #[test]
    fn a_refused_review_is_busy_for_the_server_and_rate_limited_for_the_client() {
        assert!(matches!(ApiError::from(Refused::Busy), ApiError::Busy(_)));
        let limited = ApiError::from(Refused::Client);
        let ApiError::RateLimited { message, retry_after } = limited else { panic!("{limited:?}") };
        assert_eq!(retry_after, RETRY_AFTER_SECS);
        assert!(message.contains(&MAX_JOBS_PER_CLIENT.to_string()), "{message}");
    }
}
