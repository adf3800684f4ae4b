//! Tournaments' routes: `GET /api/tournaments` (upcoming, running, finished), `POST /api/tournaments`
//! (signed in), `GET /api/tournaments/{id}` (the standings and games; a signed-in caller also sees their
//! own place and the seat of their game going on), `POST /api/tournaments/{id}/join` and `…/withdraw`. The
//! socket `GET /api/tournaments/{id}/ws` is [`crate::ws::tournament`].

use super::actions::{self, view_for};
use super::queries;
use super::record::Settings;
use crate::edge::caller::{MaybeSignedIn, SignedIn};
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, OptionalJson, Path, Query};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ids::GameId;
use crate::lobby::engine_mark;
use crate::playban;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::tournament::{
    CreateTournament, JoinTournament, TOURNAMENTS_SHOWN, TournamentList, TournamentView,
};

/// The tournaments' routes, which `http/mod.rs` merges (the live socket, `…/{id}/ws`, is mounted there:
/// the sockets are the other edge).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", axum::routing::get(list).post(create))
        .route("/api/tournaments/{id}", axum::routing::get(get))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/withdraw", post(withdraw))
}

/// The tournaments: upcoming (soonest first), running, and recently finished (newest first), at most 50
/// each.
#[utoipa::path(get, path = "/api/tournaments", tag = "tournaments",
    responses((status = 200, body = TournamentList, description = "the lists")))]
pub async fn list(State(state): State<AppState>, _: Query<NoParams>) -> Result<axum::Json<TournamentList>, ApiError> {
    let mut list = TournamentList::default();
    for (status, into) in
        [("upcoming", &mut list.upcoming), ("running", &mut list.running), ("finished", &mut list.finished)]
    {
        for (row, players) in queries::tournaments(&state.store, status, TOURNAMENTS_SHOWN as i64).await? {
            let settings = Settings::read(&row).map_err(ApiError::Internal)?;
            into.push(actions::summary_of(&settings, players as u32));
        }
    }
    Ok(axum::Json(list))
}

/// Make a tournament (signed in): an arena of `minutes` (5 to 360; several `variants` make a medley that
/// rotates them at equal intervals) or a Swiss of `rounds` (2 to 15, one variant), with a real-time clock
/// (base 1 to 3600 s, increment 0 to 60 s), starting at `starts_at` (unix ms, at most 7 days ahead; absent:
/// at once). `bots` lets accounts without a password (programs) join; `password` (4 to 64 characters)
/// makes it a club's; `berserk` (an arena only) lets its players halve their clock for an extra point on a
/// win. An account makes at most 5 a day and has at most 3 not finished.
#[utoipa::path(post, path = "/api/tournaments", tag = "tournaments", request_body = CreateTournament,
    security(("player_token" = [])),
    responses(
        (status = 201, body = TournamentView, description = "the new tournament"),
        (status = 400, body = ErrorBody, description = "a field out of its range, or one the kind does not take (`minutes` or `berserk` for a Swiss, `rounds` for an arena); the message names it"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 409, body = ErrorBody, description = "too many tournaments (of this account today or at once, or on the server)")))]
// `POST /api/tournaments`: 201 with the new tournament.
pub async fn create(
    State(state): State<AppState>,
    SignedIn(caller): SignedIn,
    _: Query<NoParams>,
    Json(req): Json<CreateTournament>,
) -> Result<(StatusCode, axum::Json<TournamentView>), ApiError> {
    let id = actions::create(&state.store, &caller.name, &req).await?;
    let t = actions::read(&state.store, &id).await?;
    Ok((StatusCode::CREATED, axum::Json(view_for(&state.store, &t, Some(&caller.name.key())).await?)))
}

/// A tournament: its settings, standings (recounted from its games), games (newest first, at most 100)
/// and byes; signed in, also the caller's place (`me`) with the seat of their game going on (its token
/// shown to that account only).
#[utoipa::path(get, path = "/api/tournaments/{id}", tag = "tournaments",
    params(("id" = String, Path, description = "the tournament's id")),
    responses(
        (status = 200, body = TournamentView, description = "the tournament"),
        (status = 404, body = ErrorBody, description = "no such tournament")))]
pub async fn get(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    _: Query<NoParams>,
    MaybeSignedIn(caller): MaybeSignedIn,
) -> Result<axum::Json<TournamentView>, ApiError> {
    let t = actions::read(&state.store, id.as_str()).await?;
    Ok(axum::Json(view_for(&state.store, &t, caller.as_ref().map(|c| c.name.key()).as_deref()).await?))
}

/// Join a tournament (signed in; again after withdrawing): an arena pairs the player as soon as someone
/// else is free, a Swiss from its next round.
#[utoipa::path(post, path = "/api/tournaments/{id}/join", tag = "tournaments", request_body = Option<JoinTournament>,
    params(("id" = String, Path, description = "the tournament's id")),
    security(("player_token" = [])),
    responses(
        (status = 200, body = TournamentView, description = "the tournament with the caller in it"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "a wrong or missing password, an account without a password (a bot) where bots are not invited, or an account marked as computer assisted (code `engine_marked`)"),
        (status = 404, body = ErrorBody, description = "no such tournament"),
        (status = 409, body = ErrorBody, description = "the tournament is over, or full (200 players)"),
        (status = 429, body = ErrorBody, description = "a ban for leaving games (code `playban`, until `Retry-After`)")))]
pub async fn join(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    SignedIn(caller): SignedIn,
    _: Query<NoParams>,
    OptionalJson(req): OptionalJson<JoinTournament>,
) -> Result<axum::Json<TournamentView>, ApiError> {
    // A player banned for leaving games cannot join; one who joined before plays on: the tournament
    // withdraws a player who leaves a game unplayed anyway (docs/moderation.md).
    if let Some(ban) = playban::of(&state.store, &caller.name, true).await? {
        return Err(playban::refusal(&ban, UnixMs::now()).into());
    }
    if engine_mark::is_marked(&state.store, &caller.name).await? {
        return Err(engine_mark::refusal().into());
    }
    actions::join(&state.store, id.as_str(), &caller.name, req.password).await?;
    let t = actions::read(&state.store, id.as_str()).await?;
    Ok(axum::Json(view_for(&state.store, &t, Some(&caller.name.key())).await?))
}

/// Withdraw (pause, in an arena): not paired again until joining again; a game going on is played out.
#[utoipa::path(post, path = "/api/tournaments/{id}/withdraw", tag = "tournaments",
    params(("id" = String, Path, description = "the tournament's id")),
    security(("player_token" = [])),
    responses(
        (status = 200, body = TournamentView, description = "the tournament"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no such tournament"),
        (status = 409, body = ErrorBody, description = "the caller never joined")))]
pub async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    SignedIn(caller): SignedIn,
    _: Query<NoParams>,
) -> Result<axum::Json<TournamentView>, ApiError> {
    actions::withdraw(&state.store, id.as_str(), &caller.name).await?;
    let t = actions::read(&state.store, id.as_str()).await?;
    Ok(axum::Json(view_for(&state.store, &t, Some(&caller.name.key())).await?))
}
