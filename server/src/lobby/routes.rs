//! The lobby's HTTP routes, for scripts: `GET /api/lobby/seeks`, `POST /api/lobby/seeks` (an NDJSON
//! stream: `seek_created`, then `paired`, and the stream ends; closing it cancels the seek),
//! `POST /api/lobby/seeks/{id}/accept`, and the challenges (`/api/challenges…`, accounts only).

use super::Lobby;
use super::error::LobbyError;
use super::person::{Person, identify};
use super::pool::{Command, Taker};
use super::seek::{DEFAULT_RATING, GameSpec, check_range};
use super::{aborts, ratings};
use crate::auth::Who;
use crate::error::ApiError;
use crate::http::extract::{Json, NoParams, OptionalJson, Path, Query};
use crate::ids::PlayerName;
use crate::state::AppState;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use mancala_protocol::http::{JoinGame, SeatGranted};
use mancala_protocol::lobby::{Challenge, ChallengeList, CreateChallenge, LobbyServerMsg, SeekList, SeekRequest};
use tokio::sync::mpsc;

/// The accepter's rating in the variant of seek `id` (1500 without one).
pub async fn rating_for_seek(state: &AppState, lobby: &Lobby, person: &Person, id: &str) -> Result<i32, LobbyError> {
    let seeks = lobby.ask(|reply| Command::List { reply }).await?;
    let Some(seek) = seeks.iter().find(|s| s.id == id) else {
        return Err(LobbyError::NotFound(format!("no open seek `{id}` (taken, cancelled or never made)")));
    };
    Ok(ratings::of(state, person, seek.variant).await?.map_or(DEFAULT_RATING, |r| r.rating))
}

/// `GET /api/lobby/seeks`.
pub async fn list(State(state): State<AppState>, _: Query<NoParams>) -> Result<axum::Json<SeekList>, ApiError> {
    let seeks = state.lobby.ask(|reply| Command::List { reply }).await?;
    Ok(axum::Json(SeekList { seeks }))
}

/// Leaves the lobby when the stream is dropped (it ended, or the client went away).
struct Leave {
    lobby: Lobby,
    conn: u64,
}

impl Drop for Leave {
    fn drop(&mut self) {
        self.lobby.leave(self.conn);
    }
}

fn line(msg: &LobbyServerMsg) -> Bytes {
    let mut text = msg.to_text();
    text.push('\n');
    Bytes::from(text)
}

/// `POST /api/lobby/seeks`: posts a seek living as long as this answer; answers once the seek is made
/// (or refused, with the error's status).
pub async fn create(
    State(state): State<AppState>,
    who: Who,
    _: Query<NoParams>,
    Json(req): Json<SeekRequest>,
) -> Result<Response, ApiError> {
    let person = identify(&state, who, req.name.clone()).await?;
    let spec = GameSpec::check(req.variant, req.options, req.clock, req.rated, &person)?;
    let range = check_range(req.range)?;
    aborts::check(&state.store, &person).await?;
    let rating = ratings::of(&state, &person, req.variant).await?;
    let lobby = state.lobby.clone();
    let (tx, mut rx) = mpsc::channel(16);
    let (conn, _) = lobby.ask(|reply| Command::Join { person, feed: false, tx, reply }).await?;
    let leave = Leave { lobby: lobby.clone(), conn };
    lobby.send(Command::Seek { conn, spec, range, rating })?;
    let first = match rx.recv().await {
        Some(LobbyServerMsg::Error { code, message }) => {
            let e = match code.as_str() {
                "too_many_seeks" => ApiError::Conflict(message),
                "busy" => ApiError::Busy(message),
                _ => ApiError::BadRequest(message),
            };
            return Err(e);
        }
        Some(msg) => msg,
        None => return Err(ApiError::ShuttingDown),
    };
    // The stream: the first line, then whatever comes until `paired` (or an error) ends it.
    let lines = stream::unfold((Some(first), rx, Some(leave)), |(first, mut rx, leave)| async move {
        leave.as_ref()?;
        let msg = match first {
            Some(m) => m,
            None => rx.recv().await?,
        };
        let last = matches!(msg, LobbyServerMsg::Paired(_) | LobbyServerMsg::Error { .. });
        let next_leave = if last { None } else { leave };
        Some((Ok::<_, std::convert::Infallible>(line(&msg)), (None, rx, next_leave)))
    });
    let mut response = Body::from_stream(lines).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    response.headers_mut().insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

/// `POST /api/lobby/seeks/{id}/accept` (body optional: a guest's `name`).
pub async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Who,
    _: Query<NoParams>,
    OptionalJson(req): OptionalJson<JoinGame>,
) -> Result<(StatusCode, axum::Json<SeatGranted>), ApiError> {
    let person = identify(&state, who, req.name).await?;
    aborts::check(&state.store, &person).await?;
    let rating = rating_for_seek(&state, &state.lobby, &person, &id).await?;
    let granted =
        state.lobby.ask(|reply| Command::Accept { taker: Taker::Http { person, reply }, id, rating }).await??;
    Ok((StatusCode::CREATED, axum::Json(granted)))
}

async fn account(state: &AppState, who: Who) -> Result<Person, ApiError> {
    let person = identify(state, who, None).await?;
    if !person.registered {
        return Err(ApiError::Unauthorized("challenges are for accounts: sign in, or send your token".into()));
    }
    Ok(person)
}

/// `POST /api/challenges`.
pub async fn challenge(
    State(state): State<AppState>,
    who: Who,
    _: Query<NoParams>,
    Json(req): Json<CreateChallenge>,
) -> Result<(StatusCode, axum::Json<Challenge>), ApiError> {
    let from = account(&state, who).await?;
    let to = PlayerName::parse(&req.to).map_err(|e| ApiError::BadRequest(format!("`to`: {e}")))?;
    let Some(row) = state.store.player_by_name(&to).await? else {
        return Err(ApiError::NotFound(format!("no account named `{to}`")));
    };
    if to.same_player(&from.name) {
        return Err(ApiError::BadRequest("you cannot challenge yourself".into()));
    }
    let to = PlayerName::parse(&row.name).map_err(|e| ApiError::Internal(e.to_string()))?;
    let spec = GameSpec::check(req.variant, req.options, req.clock, req.rated, &from)?;
    aborts::check(&state.store, &from).await?;
    let challenge = state.lobby.ask(|reply| Command::Challenge { from, to, spec, reply }).await?;
    Ok((StatusCode::CREATED, axum::Json(challenge)))
}

/// `GET /api/challenges`.
pub async fn challenges(
    State(state): State<AppState>,
    who: Who,
    _: Query<NoParams>,
) -> Result<axum::Json<ChallengeList>, ApiError> {
    let person = account(&state, who).await?;
    Ok(axum::Json(state.lobby.ask(|reply| Command::Challenges { person, reply }).await?))
}

/// `POST /api/challenges/{id}/accept`.
pub async fn accept_challenge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Who,
    _: Query<NoParams>,
) -> Result<(StatusCode, axum::Json<SeatGranted>), ApiError> {
    let by = account(&state, who).await?;
    aborts::check(&state.store, &by).await?;
    let granted = state.lobby.ask(|reply| Command::Answer { by, id, accept: true, reply }).await??;
    let granted = granted.ok_or_else(|| ApiError::Internal("an accepted challenge without a seat".into()))?;
    Ok((StatusCode::CREATED, axum::Json(granted)))
}

/// `POST /api/challenges/{id}/decline` (the challenger may withdraw its own the same way).
pub async fn decline_challenge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Who,
    _: Query<NoParams>,
) -> Result<StatusCode, ApiError> {
    let by = account(&state, who).await?;
    state.lobby.ask(|reply| Command::Answer { by, id, accept: false, reply }).await??;
    Ok(StatusCode::NO_CONTENT)
}
