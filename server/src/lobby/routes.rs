//! The lobby's HTTP routes, for scripts: `GET /api/lobby/seeks`, `POST /api/lobby/seeks` (an NDJSON
//! stream: `seek_created`, then `paired`, and the stream ends; closing it cancels the seek),
//! `POST /api/lobby/seeks/{id}/accept`, and the challenges (`/api/challenges…`, accounts only).

use super::command::{Command, Joining, Kick, Taker};
use super::error::LobbyError;
use super::person::Person;
use super::seek::{self, GameSpec, check_range};
use super::{Lobby, engine_mark, ratings};
use crate::accounts::{self, Caller};
use crate::blocks;
use crate::edge::caller::MaybeSignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, OptionalJson, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::ids::{ChallengeId, ConnId, PlayerName};
use crate::playban;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use futures_util::stream;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::{JoinGame, SeatGranted};
use mancala_protocol::lobby::{Challenge, ChallengeList, CreateChallenge, LobbyServerMsg, SeekList, SeekRequest};
use tokio::sync::{mpsc, oneshot};

/// The lobby's routes, which `http/mod.rs` merges (the lobby's socket, `/api/lobby/ws`, is mounted there:
/// the sockets are the other edge).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/lobby/seeks", get(list).post(create))
        .route("/api/lobby/seeks/{id}/accept", post(accept))
        .route("/api/challenges", get(challenges).post(challenge))
        .route("/api/challenges/{id}/accept", post(accept_challenge))
        .route("/api/challenges/{id}/decline", post(decline_challenge))
}

/// The person asking, as `POST /api/games` decides it ([`accounts::plays_as`]): an account (bearer token,
/// session cookie, or a token given as `?token=` on the socket), else a guest named `name` (default
/// `anonymous`).
pub async fn identify(state: &AppState, caller: Option<&Caller>, name: Option<String>) -> Result<Person, ApiError> {
    Ok(Person::of(accounts::plays_as(&state.store, &state.forbidden, caller, name).await?))
}

/// The challenge a client names, as [`seek::parse_id`] does a seek.
fn challenge_id(text: &str) -> Result<ChallengeId, LobbyError> {
    text.parse().map_err(|e| LobbyError::NotFound(format!("no open challenge: {e}")))
}

/// The newest open seeks (at most 100) and the count of all.
#[utoipa::path(get, path = "/api/lobby/seeks", operation_id = "lobby_seeks", tag = "lobby",
    responses((status = 200, body = SeekList, description = "the newest 100 open seeks, oldest first among them, and `total`")))]
// `GET /api/lobby/seeks`: the newest open seeks (as many as the socket's first message shows) and the
// count of all.
pub async fn list(State(state): State<AppState>, _: Query<NoParams>) -> Result<axum::Json<SeekList>, ApiError> {
    let (seeks, total) = state.lobby.ask(|reply| Command::List { reply }).await?;
    Ok(axum::Json(SeekList { seeks, total }))
}

/// Leaves the lobby when the stream is dropped (it ended, or the client went away), and gives back the
/// connection's place at the door.
struct Leave {
    lobby: Lobby,
    conn: ConnId,
    _admitted: crate::lobby::limits::Admitted,
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

/// Post a seek and wait to be paired: the answer is an NDJSON stream (`LobbyServerMsg` lines):
/// `seek_created`, then `paired` (the seat and its token) and the stream ends. Closing it cancels the seek.
#[utoipa::path(post, path = "/api/lobby/seeks", operation_id = "lobby_seek", tag = "lobby", request_body = SeekRequest,
    security((), ("player_token" = [])),
    responses(
        (status = 200, body = LobbyServerMsg, content_type = "application/x-ndjson", description = "`seek_created`, then `paired`"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player token"),
        (status = 400, body = ErrorBody, description = "a bad body; a guest's name holding a forbidden word (code `name_forbidden`)"),
        (status = 403, body = ErrorBody, description = "a rated seek from a guest, or from an account marked as computer assisted (code `engine_marked`)"),
        (status = 409, body = ErrorBody, description = "5 open seeks already, the name belongs to a registered player, or you are playing a game from the lobby"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), or a limit: new games a minute, open seeks or lobby connections of this address (until `Retry-After`)")))]
// `POST /api/lobby/seeks`: posts a seek living as long as this answer; answers once the seek is made
// (or refused, with the error's status). A revoked credential ends the stream with an `unauthorized`
// line.
pub async fn create(
    State(state): State<AppState>,
    client: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
    Json(req): Json<SeekRequest>,
) -> Result<Response, ApiError> {
    let person = identify(&state, caller.as_ref(), req.name.clone()).await?;
    let spec = GameSpec::check(req.variant, req.options, req.clock, req.rated, &person)?;
    let range = check_range(req.range)?;
    engine_mark::check(&state.store, &person, spec.rated).await?;
    playban::check(&state.store, &person.who).await?;
    let admitted = state.lobby.admit(client)?;
    state.limits.check_for(Limit::Games, client, person.who.account())?;
    let rating = ratings::of(&state.store, &person, req.variant).await?;
    let lobby = state.lobby.clone();
    let (tx, mut rx) = mpsc::channel(16);
    let (kick, kicked) = oneshot::channel();
    let joining = Joining { person, feed: false, addr: client, credential: caller.map(|c| c.credential), tx, kick };
    let conn = lobby.ask(|reply| Command::Join { joining, reply }).await?.conn;
    let leave = Leave { lobby: lobby.clone(), conn, _admitted: admitted };
    lobby.send(Command::Seek { conn, spec, range, rating })?;
    let first = match rx.recv().await {
        Some(LobbyServerMsg::Error { code, message, retry_after }) => {
            return Err(http_of(&code, message, retry_after));
        }
        Some(msg) => msg,
        None => return Err(ApiError::ShuttingDown),
    };
    // The stream: the first line, then whatever comes until `paired` (or an error) ends it; closed by the
    // lobby (a revoked credential, a reader too slow), it ends with the reason.
    let state = (Some(first), rx, kicked, Some(leave));
    let lines = stream::unfold(state, |(first, mut rx, mut kicked, leave)| async move {
        leave.as_ref()?;
        let msg = match first {
            Some(m) => m,
            None => tokio::select! {
                m = rx.recv() => match m {
                    Some(m) => m,
                    None => kick_line(kicked.try_recv().ok())?,
                },
                k = &mut kicked => kick_line(k.ok())?,
            },
        };
        let last = matches!(msg, LobbyServerMsg::Paired(_) | LobbyServerMsg::Error { .. });
        let next_leave = if last { None } else { leave };
        Some((Ok::<_, std::convert::Infallible>(line(&msg)), (None, rx, kicked, next_leave)))
    });
    Ok(crate::edge::ndjson::ndjson(Body::from_stream(lines)))
}

/// The HTTP answer of a refusal that came as a lobby message (the first line of a seek stream): the
/// same statuses as `From<LobbyError> for ApiError`, read off the message's code.
fn http_of(code: &str, message: String, retry_after: Option<u64>) -> ApiError {
    match code {
        "too_many_seeks" | "conflict" | "playing" | "own_seek" => ApiError::Conflict(message),
        "busy" => ApiError::Busy(message),
        "rate_limited" => ApiError::RateLimited { message, retry_after: retry_after.unwrap_or(1) },
        "playban" => ApiError::Playban { message, retry_after: retry_after.unwrap_or(1) },
        "unauthorized" => ApiError::Unauthorized(message),
        "forbidden" => ApiError::Forbidden(message),
        "blocked" => ApiError::Blocked(message),
        "engine_marked" => ApiError::EngineMarked(message),
        "not_found" => ApiError::NotFound(message),
        "unavailable" => ApiError::Unavailable(message),
        _ => ApiError::BadRequest(message),
    }
}

/// The last line of a seek stream the lobby closed (none when it said nothing: the server stops).
fn kick_line(kick: Option<Kick>) -> Option<LobbyServerMsg> {
    let kick = kick?;
    Some(kick.error().map_or_else(|| LobbyError::Busy.to_msg(), |e| e.to_msg()))
}

/// Accept a seek (body optional: a guest's `name`): the game is made, both players get their seat.
#[utoipa::path(post, path = "/api/lobby/seeks/{id}/accept", operation_id = "lobby_accept", tag = "lobby", request_body = Option<JoinGame>,
    params(("id" = String, Path, description = "seek id")),
    security((), ("player_token" = [])),
    responses(
        (status = 201, body = SeatGranted, description = "the game and the accepter's seat token (shown once)"),
        (status = 401, body = ErrorBody, description = "the bearer token is not a player token"),
        (status = 403, body = ErrorBody, description = "outside the seek's rating range, a rated seek and a guest or an account marked as computer assisted (code `engine_marked`), or `blocked`: one of the two blocks the other"),
        (status = 404, body = ErrorBody, description = "no such open seek"),
        (status = 409, body = ErrorBody, description = "your own seek, you are playing a game from the lobby, or the seeker signed out"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), or too many new games a minute (until `Retry-After`)")))]
// `POST /api/lobby/seeks/{id}/accept` (body optional: a guest's `name`).
pub async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    client: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
    OptionalJson(req): OptionalJson<JoinGame>,
) -> Result<(StatusCode, axum::Json<SeatGranted>), ApiError> {
    let id = seek::parse_id(&id)?;
    let person = identify(&state, caller.as_ref(), req.name).await?;
    playban::check(&state.store, &person.who).await?;
    let rating = ratings::for_seek(&state.lobby, &state.store, &person, &id).await?;
    state.limits.check_for(Limit::Games, client, person.who.account())?;
    let granted =
        state.lobby.ask(|reply| Command::Accept { taker: Taker::Http { person, reply }, id, rating }).await??;
    Ok((StatusCode::CREATED, axum::Json(granted)))
}

async fn account(state: &AppState, caller: Option<Caller>) -> Result<Person, ApiError> {
    let person = identify(state, caller.as_ref(), None).await?;
    if !person.who.is_account() {
        return Err(ApiError::Unauthorized("challenges are for accounts: sign in, or send your token".into()));
    }
    Ok(person)
}

/// Challenge a named account (accounts only).
#[utoipa::path(post, path = "/api/challenges", operation_id = "create_challenge", tag = "lobby", request_body = CreateChallenge,
    security(("player_token" = [])),
    responses(
        (status = 201, body = Challenge, description = "the challenge, sent to the challenged's lobby sockets"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin, `blocked`: one of the two blocks the other, or `engine_marked`: a rated challenge from or to an account marked as computer assisted"),
        (status = 404, body = ErrorBody, description = "no such account"),
        (status = 409, body = ErrorBody, description = "a challenge of yours to that person waits for an answer already"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), too many challenges a minute, or 10 waiting for an answer (until `Retry-After`)")))]
pub async fn challenge(
    State(state): State<AppState>,
    client: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
    Json(req): Json<CreateChallenge>,
) -> Result<(StatusCode, axum::Json<Challenge>), ApiError> {
    let from = account(&state, caller).await?;
    let to = PlayerName::parse(&req.to).map_err(|e| ApiError::BadRequest(format!("`to`: {e}")))?;
    let Some(row) = state.store.player_by_name(&to).await? else {
        return Err(ApiError::NotFound(format!("no account named `{to}`")));
    };
    if to.same_player(from.name()) {
        return Err(ApiError::BadRequest("you cannot challenge yourself".into()));
    }
    let to = PlayerName::parse(&row.name).map_err(|e| ApiError::Internal(e.to_string()))?;
    // The store decides, not this node's copy: a block made on another node a moment ago counts.
    if blocks::queries::is_blocked(&state.store, &to.key(), &from.name().key()).await? {
        return Err(ApiError::Blocked(format!("{to} does not accept challenges from you")));
    }
    if blocks::queries::is_blocked(&state.store, &from.name().key(), &to.key()).await? {
        return Err(ApiError::Blocked(format!("you block {to}: unblock them first to challenge them")));
    }
    let spec = GameSpec::check(req.variant, req.options, req.clock, req.rated, &from)?;
    engine_mark::check(&state.store, &from, spec.rated).await?;
    if spec.rated && engine_mark::is_marked(&state.store, &to).await? {
        return Err(engine_mark::refusal_of(&to).into());
    }
    playban::check(&state.store, &from.who).await?;
    state.limits.check_for(Limit::Challenges, client, Some(from.name()))?;
    let challenge = state.lobby.ask(|reply| Command::Challenge { from, to, spec, reply }).await??;
    Ok((StatusCode::CREATED, axum::Json(challenge)))
}

/// My open challenges, incoming and outgoing.
#[utoipa::path(get, path = "/api/challenges", operation_id = "list_challenges", tag = "lobby",
    security(("player_token" = [])),
    responses(
        (status = 200, body = ChallengeList, description = "incoming and outgoing challenges"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin")))]
pub async fn challenges(
    State(state): State<AppState>,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
) -> Result<axum::Json<ChallengeList>, ApiError> {
    let person = account(&state, caller).await?;
    Ok(axum::Json(state.lobby.ask(|reply| Command::Challenges { person, reply }).await?))
}

/// Accept a challenge: the accepter's seat here, the challenger's as `paired` on their lobby socket.
#[utoipa::path(post, path = "/api/challenges/{id}/accept", tag = "lobby",
    params(("id" = String, Path, description = "challenge id")),
    security(("player_token" = [])),
    responses(
        (status = 201, body = SeatGranted, description = "the game and the accepter's seat token (shown once)"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin, `blocked`: one of the two blocks the other (the challenge is gone), or `engine_marked`: a rated challenge and an account marked as computer assisted"),
        (status = 404, body = ErrorBody, description = "no such challenge to you"),
        (status = 409, body = ErrorBody, description = "the challenger has no lobby socket open now, or either of you is playing a game from the lobby"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`), or too many new games a minute (until `Retry-After`)")))]
pub async fn accept_challenge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    client: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
) -> Result<(StatusCode, axum::Json<SeatGranted>), ApiError> {
    let by = account(&state, caller).await?;
    playban::check(&state.store, &by.who).await?;
    state.limits.check_for(Limit::Games, client, Some(by.name()))?;
    let id = challenge_id(&id)?;
    if engine_mark::is_marked(&state.store, by.name()).await? {
        let person = by.clone();
        let mine = state.lobby.ask(|reply| Command::Challenges { person, reply }).await?;
        if mine.incoming.iter().any(|c| c.id == id.as_str() && c.rated) {
            return Err(engine_mark::refusal().into());
        }
    }
    let granted = state.lobby.ask(|reply| Command::Answer { by, id, accept: true, reply }).await??;
    let granted = granted.ok_or_else(|| ApiError::Internal("an accepted challenge without a seat".into()))?;
    Ok((StatusCode::CREATED, axum::Json(granted)))
}

/// Decline a challenge to you (or withdraw one of yours).
#[utoipa::path(post, path = "/api/challenges/{id}/decline", tag = "lobby",
    params(("id" = String, Path, description = "challenge id")),
    security(("player_token" = [])),
    responses(
        (status = 204, description = "declined (the challenger is told) or withdrawn"),
        (status = 401, body = ErrorBody, description = "not signed in (a guest), or a bearer token that is no account's"),
        (status = 403, body = ErrorBody, description = "a cookie-authenticated write from another origin"),
        (status = 404, body = ErrorBody, description = "no such challenge to or from you")))]
// `POST /api/challenges/{id}/decline` (the challenger may withdraw its own the same way).
pub async fn decline_challenge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    MaybeSignedIn(caller): MaybeSignedIn,
    _: Query<NoParams>,
) -> Result<StatusCode, ApiError> {
    let by = account(&state, caller).await?;
    let id = challenge_id(&id)?;
    state.lobby.ask(|reply| Command::Answer { by, id, accept: false, reply }).await??;
    Ok(StatusCode::NO_CONTENT)
}
