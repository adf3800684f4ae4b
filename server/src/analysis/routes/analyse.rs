//! `POST /api/analysis`: the engine's analysis of a position ([`mancala_bot::analysis`]): a position the
//! asker knows whole (the free analysis board), or a finished game at a ply. A game in progress is
//! refused: analysis would help a player during the game (as lichess, game-linked analysis waits for the
//! end).
//!
//! The searches run on the server's engine ([`crate::analysis`]: blocking threads, every core but one
//! at most, the last kept for the server bots of live games), whose study admission bounds how many
//! wait for a core; beyond that the answer is 503 `busy` at once, and so is one that found no core in
//! time (the live games' bots come first), so analyses never queue without bound and the threads that
//! run the games' rooms are never the ones searching. Each client address is also held to the engine
//! bucket of the rate limits ([`Limit::Engine`]).

use crate::analysis::StudyError;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::games::stored;
use crate::ids::GameId;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use mancala_bot::analysis::{self as engine, AnalysisError, MIN_NODES};
use mancala_engine::{Options, Position, Variant};
use mancala_protocol::analysis::Analysis;
use mancala_protocol::analysis::{AnalysisRequest, DEFAULT_ANALYSIS_NODES, MAX_ANALYSIS_NODES};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::GameStatus;

/// The longest position text accepted.
const MAX_POSITION_CHARS: usize = 2048;

/// The engine's analysis of a position: the value of every legal decision of the side to decide (best
/// first), the position's value, and the best line.
///
/// Give `variant` with `position` (a position text; the start when absent) and `options`, for any
/// position: the free analysis board. Or give a finished `game` and a `ply`: a game in progress is refused
/// (409), so the engine never helps during a game. `nodes` is the search's budget (decisions applied):
/// 2 000 to 1 000 000, 200 000 by default; a million takes about a second. Values are counters ahead for
/// the side that decides (`counters`), or a result the search proved (`win_in`, `loss_in`: decisions to
/// the end). The same request always gets the same answer.
#[utoipa::path(post, path = "/api/analysis", tag = "analysis", request_body = AnalysisRequest,
    responses(
        (status = 200, body = Analysis, description = "the analysis"),
        (status = 400, body = ErrorBody, description = "both or neither of `variant` and `game`, an unknown `variant`, bad `options`, an unreadable `position`, `nodes` out of range, a `ply` beyond the game, or a position with nothing to analyse (the game over, the secret opening choice); the message names the field"),
        (status = 404, body = ErrorBody, description = "no such game"),
        (status = 409, body = ErrorBody, description = "the game is not finished"),
        (status = 429, body = ErrorBody, description = "too many lesson checks, previews and analyses from this client address"),
        (status = 503, body = ErrorBody, description = "every core is analysing and the queue is full (`busy`, with `Retry-After`)")))]
pub async fn analyse(
    State(state): State<AppState>,
    client: ClientAddr,
    _: Query<NoParams>,
    Json(req): Json<AnalysisRequest>,
) -> Result<Response, ApiError> {
    let nodes = req.nodes.unwrap_or(DEFAULT_ANALYSIS_NODES);
    if !(MIN_NODES..=MAX_ANALYSIS_NODES).contains(&nodes) {
        return Err(ApiError::BadRequest(format!(
            "`nodes` is {nodes}: it must be from {MIN_NODES} to {MAX_ANALYSIS_NODES}"
        )));
    }
    let pos = position(&state, &req).await?;
    state.limits.check(Limit::Engine, client)?;
    let field = if req.game.is_some() { "ply" } else { "position" };
    let analysis =
        run(&state, pos.clone(), nodes).await?.map_err(|e| ApiError::BadRequest(format!("`{field}`: {e}")))?;
    let mut answer = engine::wire(&pos, &analysis);
    answer.board = Some(mancala_learn::board_view(&pos, None, true));
    Ok(axum::Json(answer).into_response())
}

/// The position the request names.
async fn position(state: &AppState, req: &AnalysisRequest) -> Result<Position, ApiError> {
    match (&req.variant, &req.game) {
        (Some(_), Some(_)) => Err(ApiError::BadRequest("give either `variant` or `game`, not both".into())),
        (None, None) => Err(ApiError::BadRequest("give `variant` (and a `position`) or a finished `game`".into())),
        (Some(v), None) => {
            if req.ply.is_some() {
                return Err(ApiError::BadRequest("`ply` goes with `game`, not with `variant`".into()));
            }
            let variant: Variant = v.parse().map_err(|_| {
                let known: Vec<_> = Variant::ALL.iter().map(|v| v.id()).collect();
                let shown: String = v.chars().take(40).collect();
                ApiError::BadRequest(format!("`variant`: no variant `{shown}` (known: {})", known.join(", ")))
            })?;
            let options: Options = req.options.unwrap_or_default().apply(variant);
            options.validate(variant).map_err(|e| ApiError::BadRequest(format!("`options`: {e}")))?;
            match &req.position {
                Some(text) if text.chars().count() > MAX_POSITION_CHARS => {
                    Err(ApiError::BadRequest(format!("`position`: longer than {MAX_POSITION_CHARS} characters")))
                }
                Some(text) => Position::from_text(variant, options, text)
                    .map_err(|e| ApiError::BadRequest(format!("`position`: {e}"))),
                None => Position::start(variant, options).map_err(|e| ApiError::BadRequest(format!("`options`: {e}"))),
            }
        }
        (None, Some(id)) => {
            if req.options.is_some() || req.position.is_some() {
                return Err(ApiError::BadRequest("`options` and `position` go with `variant`, not with `game`".into()));
            }
            let ply = req.ply.ok_or_else(|| ApiError::BadRequest("`ply` is needed with `game`".into()))?;
            let id: GameId = id.parse().map_err(|e| ApiError::BadRequest(format!("`game`: {e}")))?;
            let stored = stored::load(&state.store, &id).await?;
            if stored.game.status != GameStatus::Finished {
                return Err(ApiError::Conflict(format!(
                    "game {id} is not finished: a game is analysed once it is over"
                )));
            }
            Ok(stored.position(ply)?)
        }
    }
}

/// Runs the search on the engine once a core is free; `busy` when too many wait already.
async fn run(state: &AppState, pos: Position, nodes: u64) -> Result<Result<engine::Analysis, AnalysisError>, ApiError> {
    let work = &state.engine;
    match work.analyses.analyse(&work.pool, move || engine::analyse(&pos, nodes)).await {
        Ok(analysis) => Ok(analysis),
        Err(e @ StudyError::Busy(_)) => Err(ApiError::Busy(e.to_string())),
        Err(StudyError::Failed(e)) => Err(ApiError::Internal(e.to_string())),
    }
}
