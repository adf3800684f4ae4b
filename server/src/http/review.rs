//! `GET /api/games/{id}/review`: the post-game review of a finished game ([`mancala_bot::review`]),
//! computed once in the background and stored.
//!
//! The first request for a game not reviewed yet starts its job and answers 202 with a `Retry-After`;
//! later requests answer 202 (with the progress) until the review is stored, then 200 with it, always the
//! same. The job judges one decision at a time on the analysis pool ([`super::analysis::on_core`]), so
//! interactive analyses take turns with it rather than wait for a whole game; its judgements are due
//! half a minute after the review was asked, so it finishes even while bots keep the cores busy. This
//! process runs at most one job per game and [`MAX_JOBS`] in all, and one client address starts at most
//! [`MAX_JOBS_PER_CLIENT`] at once, each start counted in the engine rate limit; beyond that, 503 `busy`
//! or 429. A job is held only in memory: one lost by a crash or a shutdown is started again by the next
//! request. Several nodes may each compute the same review; it is deterministic, so whichever is stored
//! last is the same.

use super::analysis::on_core;
use super::extract::{NoParams, Path, Query};
use super::history;
use super::limits::{ClientAddr, Limit};
use crate::game::{PlySteps, UnixMs};
use crate::http::error::ApiError;
use crate::ids::GameId;
use crate::state::AppState;
use crate::store::{ReviewRow, Write};
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mancala_bot::review::{self as engine, Reviewed, Thresholds};
use mancala_engine::{Decision, Position, Side, ToMove};
use mancala_protocol::http::GameStatus;
use mancala_protocol::review::{REVIEW_NODES, ReviewPending};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

/// Reviews computed at once by this process (they share the analysis pool's cores).
pub const MAX_JOBS: usize = 8;
/// Reviews one client address may have started and not finished.
pub const MAX_JOBS_PER_CLIENT: usize = 2;
/// Seconds a client is told to wait before asking again.
pub const RETRY_AFTER_SECS: u64 = 2;

/// A review being computed.
#[derive(Debug)]
struct Job {
    client: ClientAddr,
    done: AtomicU32,
    of: u32,
}

/// The jobs of this process, by game id.
static JOBS: LazyLock<Mutex<HashMap<String, Arc<Job>>>> = LazyLock::new(|| Mutex::new(HashMap::new()));

fn jobs() -> std::sync::MutexGuard<'static, HashMap<String, Arc<Job>>> {
    // A job never panics while holding the lock; recover the map rather than fail every later request.
    JOBS.lock().unwrap_or_else(|e| e.into_inner())
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
    let job = {
        let mut jobs = jobs();
        match admit(&jobs, id.as_str(), client)? {
            Some(job) => job,
            None => {
                state.limits.check(Limit::Engine, client)?;
                let job = Arc::new(Job { client, done: AtomicU32::new(0), of: plies.len() as u32 });
                jobs.insert(id.to_string(), job.clone());
                let (state, id, running) = (state.clone(), id.clone(), job.clone());
                tokio::spawn(async move { run(state, id, start, plies, running).await });
                job
            }
        }
    };
    let pending = ReviewPending { game_id: id.to_string(), done: job.done.load(Ordering::Relaxed), of: job.of };
    let mut response = (StatusCode::ACCEPTED, axum::Json(pending)).into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    Ok(response)
}

/// What a request from `client` for game `id`'s review may do with the jobs under way: follow the
/// game's job (`Some`, however full the limits are: asking again is never refused), start one (`None`),
/// or nothing (the server's or the client's limit).
fn admit(jobs: &HashMap<String, Arc<Job>>, id: &str, client: ClientAddr) -> Result<Option<Arc<Job>>, ApiError> {
    if let Some(job) = jobs.get(id) {
        return Ok(Some(job.clone()));
    }
    if jobs.len() >= MAX_JOBS {
        return Err(ApiError::Busy(format!("{MAX_JOBS} reviews are being computed")));
    }
    if jobs.values().filter(|j| j.client == client).count() >= MAX_JOBS_PER_CLIENT {
        return Err(ApiError::RateLimited {
            message: format!("this client address has {MAX_JOBS_PER_CLIENT} reviews being computed already"),
            retry_after: RETRY_AFTER_SECS,
        });
    }
    Ok(None)
}

/// Computes and stores the review of game `id`, then forgets the job (a failure is logged; the next
/// request starts it again).
async fn run(state: AppState, id: GameId, start: Position, plies: Vec<(Side, Decision)>, job: Arc<Job>) {
    /// Forgets the job however this ends.
    struct Forget(String);
    impl Drop for Forget {
        fn drop(&mut self) {
            jobs().remove(&self.0);
        }
    }
    let _forget = Forget(id.to_string());
    let outcome = async {
        let Some(review) = compute(&state, start.clone(), &plies, &job).await? else { return Ok(()) };
        let json = serde_json::to_string(&engine::wire(id.as_str(), &start, &review, REVIEW_NODES))
            .map_err(|e| ApiError::Internal(format!("a review does not serialise: {e}")))?;
        let row = ReviewRow {
            game_id: id.to_string(),
            nodes: REVIEW_NODES as i64,
            review: json,
            created_at: UnixMs::now().millis(),
        };
        state.store.write(vec![Write::Review(row)]).await?;
        Ok::<(), ApiError>(())
    };
    if let Err(e) = outcome.await {
        tracing::warn!(game = %id, error = %e, "a review failed");
    }
}

/// The review of `plies` from `start`, one decision's analysis at a time on the pool; `None` when the
/// server is shutting down (the next request after a restart starts it again).
async fn compute(
    state: &AppState,
    start: Position,
    plies: &[(Side, Decision)],
    job: &Job,
) -> Result<Option<engine::Review>, ApiError> {
    let th = Thresholds::of(&start);
    // The job starts when the review is first asked for: every judgement is due relative to that.
    let asked = std::time::Instant::now();
    let mut pos = start;
    let mut decisions = Vec::with_capacity(plies.len());
    for (i, &(side, decision)) in plies.iter().enumerate() {
        if state.shutdown.is_cancelled() {
            return Ok(None);
        }
        let judged = match pos.to_move() {
            ToMove::Side(_) => {
                let before = pos.clone();
                on_core(asked, move || engine::judge(&before, decision, REVIEW_NODES, &th)).await?
            }
            _ => None,
        };
        let ply = i as u32 + 1;
        PlySteps::play(&mut pos, side, decision)
            .map_err(|e| ApiError::Internal(format!("stored ply {ply} does not replay: {e}")))?;
        decisions.push(Reviewed { ply, side, decision, judged });
        job.done.store(ply, Ordering::Relaxed);
    }
    Ok(Some(engine::summary(th, decisions)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    fn client(n: u8) -> ClientAddr {
        ClientAddr(IpAddr::V4(Ipv4Addr::new(10, 0, 0, n)))
    }

    fn job(client: ClientAddr) -> Arc<Job> {
        Arc::new(Job { client, done: AtomicU32::new(0), of: 10 })
    }

    #[test]
    fn a_client_starts_two_reviews_at_once_and_follows_them_whatever_the_limits() {
        let mut jobs = HashMap::new();
        assert!(admit(&jobs, "a", client(1)).unwrap().is_none());
        jobs.insert("a".to_string(), job(client(1)));
        assert!(admit(&jobs, "b", client(1)).unwrap().is_none());
        jobs.insert("b".to_string(), job(client(1)));
        let third = admit(&jobs, "c", client(1));
        assert!(matches!(third, Err(ApiError::RateLimited { .. })), "{third:?}");
        assert!(admit(&jobs, "c", client(2)).unwrap().is_none(), "another address is not held to it");
        let followed = admit(&jobs, "a", client(1)).unwrap().expect("the game's own job");
        assert!(Arc::ptr_eq(&followed, &jobs["a"]));
        assert!(admit(&jobs, "a", client(3)).unwrap().is_some(), "anyone follows a job under way");
    }

    #[test]
    fn the_server_computes_at_most_max_jobs() {
        let mut jobs = HashMap::new();
        for n in 0..MAX_JOBS {
            assert!(admit(&jobs, &format!("g{n}"), client(n as u8)).unwrap().is_none());
            jobs.insert(format!("g{n}"), job(client(n as u8)));
        }
        let full = admit(&jobs, "late", client(200));
        assert!(matches!(full, Err(ApiError::Busy(_))), "{full:?}");
        assert!(admit(&jobs, "g0", client(200)).unwrap().is_some(), "a job under way is still followed");
    }
}
