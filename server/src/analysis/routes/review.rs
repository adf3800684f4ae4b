//! `GET /api/games/{id}/review`: the post-game review of a finished game ([`mancala_bot::review`]),
//! computed once in the background and stored.
//!
//! The first request for a game not reviewed yet starts its job (the server engine's review jobs,
//! [`crate::analysis`]: judged one decision at a time on the engine's pool, at most one job per game,
//! a bounded number in all and per client address) and answers 202 with a `Retry-After`; later requests
//! answer 202 (with the progress) until the review is stored, then 200 with it, always the same. Each
//! start counts in the engine rate limit; beyond the jobs' limits, 503 `busy` or 429.
//!
//! `GET /api/games/{id}/review/{ply}`: the lines that explain decision `ply` of a reviewed game
//! ([`mancala_learn::lines`]): the review's best decision and the played one from the position before it,
//! each followed by the engine's best play until the played one gives away the counters its mark stands
//! for (the review's thresholds), with every turn's steps and captures. Run on
//! the engine's pool like an analysis (its study admission, 503 `busy` beyond), in the engine rate limit.

use crate::analysis::{Job, JobContext, Refused, Reviewing, StudyError};
use crate::edge::error::ApiError;
use crate::edge::extract::{NoParams, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::games::stored;
use crate::ids::GameId;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_engine::{Decision, Position, Side};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::GameStatus;
use mancala_protocol::review::{GameReview, Judgement, REVIEW_NODES, ReviewMark, ReviewPending};

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

/// A finished game's post-game review: for every decision its value before and after for the side that
/// made it (`counters`, or a proven `win_in`/`loss_in`), the best decision, the counters lost against it
/// and a mark (`inaccuracy`, `mistake`, `blunder`, by `thresholds`, relative to the counters in play);
/// each side's accuracy in percent; and the value for South after each ply (`graph`).
///
/// Computed once in the background and stored: the first request starts it and answers 202 with the
/// progress and a `Retry-After` header; ask again after that many seconds until the answer is 200, which
/// is then always the same. A game in progress is refused (409), so the engine never helps during a game.
/// Secret choices of Ikibuguzo's opening arrays are not judged (`judged` is `null`).
#[utoipa::path(get, path = "/api/games/{id}/review", operation_id = "game_review", tag = "analysis",
    params(("id" = String, Path, description = "the game's id")),
    responses(
        (status = 200, body = GameReview, description = "the review"),
        (status = 202, body = ReviewPending, description = "the review is being computed: ask again after `Retry-After` seconds",
            headers(("Retry-After" = u64, description = "seconds to wait"))),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game is not finished"),
        (status = 429, body = ErrorBody, description = "too many analyses from this client address, or two reviews it started are still being computed"),
        (status = 503, body = ErrorBody, description = "the server is computing as many reviews as it may (`busy`, with `Retry-After`)")))]
pub async fn review(
    State(state): State<AppState>,
    client: ClientAddr,
    Path(id): Path<GameId>,
    _: Query<NoParams>,
) -> Result<Response, ApiError> {
    // The job under way first, then the store: a job stores its review before it is forgotten, so a
    // request that finds no job and no review finds none because none was computed. The other order
    // could miss both (the review stored, and its job forgotten, while the request loads the game) and
    // start the review again, counted in the client's engine limit.
    if let Some(job) = state.engine.review_under_way(id.as_str()) {
        return Ok(pending(&id, &job));
    }
    if let Some(json) = state.store.review(id.as_str(), REVIEW_NODES as i64).await? {
        return Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], json).into_response());
    }
    let stored = stored::load(&state.store, &id).await?;
    if stored.game.status != GameStatus::Finished {
        return Err(ApiError::Conflict(format!("game {id} is not finished: a game is reviewed once it is over")));
    }
    let plies: Vec<(Side, Decision)> = stored.game.record.iter().map(|p| (p.side, p.decision)).collect();
    let start = Position::start(stored.game.variant, stored.game.options)
        .map_err(|e| ApiError::Internal(format!("stored options do not start a game: {e}")))?;
    let game = Reviewing { id: id.clone(), start, plies, background: false };
    let cx = JobContext { store: &state.store, shutdown: &state.shutdown };
    let job = state.engine.review(cx, client, game, || state.limits.check(Limit::Engine, client))?;
    Ok(pending(&id, &job))
}

/// 202: the review of `id` is being computed by `job`; ask again after `Retry-After`.
fn pending(id: &GameId, job: &Job) -> Response {
    let (done, of) = job.progress();
    let pending = ReviewPending { game_id: id.to_string(), done, of };
    let mut response = (StatusCode::ACCEPTED, axum::Json(pending)).into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    response
}

/// The lines that explain decision `ply` (1-based) of a reviewed game: from the position before it, the
/// review's best decision (`better`) and the played one (`played`), each followed by the engine's best
/// play for the same even number of turns (`turns`, at most 10: the rest of the mover's turn, the
/// opponent's, …), the first at which the played one gives away the counters its mark stands for (else
/// the one where it gives away the most, else 4); each turn with the board before it, its decisions' steps
/// and the counters captured; each line's captures by the mover (`mine`) and the opponent (`theirs`),
/// `net = mine − theirs`, and `gives = better.net − played.net`. Asked after the review is stored (409
/// before).
#[utoipa::path(get, path = "/api/games/{id}/review/{ply}", operation_id = "review_lines", tag = "analysis",
    params(("id" = String, Path, description = "the game's id"), ("ply" = u32, Path, description = "the decision, 1-based")),
    responses(
        (status = 200, body = mancala_learn::Lines, description = "the two lines"),
        (status = 400, body = ErrorBody, description = "`ply` is not a judged decision of the review"),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game has no review yet"),
        (status = 429, body = ErrorBody, description = "too many analyses from this client address"),
        (status = 503, body = ErrorBody, description = "every core is busy (`busy`)")))]
pub async fn lines(
    State(state): State<AppState>,
    client: ClientAddr,
    axum::extract::Path((id, ply)): axum::extract::Path<(String, String)>,
    _: Query<NoParams>,
) -> Result<Response, ApiError> {
    let id: GameId = id.parse().map_err(|e| ApiError::BadRequest(format!("`id`: {e}")))?;
    let ply: u32 = ply.parse().map_err(|_| ApiError::BadRequest(format!("`ply` is `{ply}`: a decision's number")))?;
    let Some(json) = state.store.review(id.as_str(), REVIEW_NODES as i64).await? else {
        return Err(ApiError::Conflict(format!("game {id} has no review yet: ask `/api/games/{id}/review` first")));
    };
    let review: GameReview =
        serde_json::from_str(&json).map_err(|e| ApiError::Internal(format!("stored review of {id}: {e}")))?;
    let th = review.thresholds;
    // The lines are followed until the played decision gives away what its mark stands for.
    let target = |j: &Judgement| match j.mark {
        Some(ReviewMark::Blunder) => th.blunder,
        Some(ReviewMark::Mistake) => th.mistake,
        Some(ReviewMark::Inaccuracy) => th.inaccuracy,
        None => j.loss,
    };
    let judged = ply
        .checked_sub(1)
        .and_then(|i| review.decisions.get(i as usize))
        .and_then(|d| d.judged.as_ref().map(|j| (d.decision.clone(), j.best.clone(), target(j))));
    let Some((played, best, target)) = judged else {
        return Err(ApiError::BadRequest(format!("decision {ply} of game {id} is not a judged decision")));
    };
    let stored = stored::load(&state.store, &id).await?;
    let before = stored.position(ply - 1)?;
    let geo = before.geometry();
    let parse =
        |d: &str| Decision::parse(d, geo).map_err(|e| ApiError::Internal(format!("stored review of {id}: `{d}`: {e}")));
    let (best, played) = (parse(&best)?, parse(&played)?);
    state.limits.check(Limit::Engine, client)?;
    let work = &state.engine;
    let search = move || mancala_learn::lines(&before, best, played, mancala_learn::LINE_NODES, target);
    match work.analyses.analyse(&work.pool, search).await {
        Ok(Ok(lines)) => Ok(axum::Json(lines).into_response()),
        Ok(Err(e)) => Err(ApiError::Internal(format!("the review of {id} does not replay: {e}"))),
        Err(e @ StudyError::Busy(_)) => Err(ApiError::Busy(e.to_string())),
        Err(StudyError::Failed(e)) => Err(ApiError::Internal(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::reviews::MAX_JOBS_PER_CLIENT;

    #[test]
    fn a_refused_review_is_busy_for_the_server_and_rate_limited_for_the_client() {
        assert!(matches!(ApiError::from(Refused::Busy), ApiError::Busy(_)));
        let limited = ApiError::from(Refused::Client);
        let ApiError::RateLimited { message, retry_after } = limited else { panic!("{limited:?}") };
        assert_eq!(retry_after, RETRY_AFTER_SECS);
        assert!(message.contains(&MAX_JOBS_PER_CLIENT.to_string()), "{message}");
    }
}
