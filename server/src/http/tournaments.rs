//! Tournaments over HTTP: `GET /api/tournaments` (upcoming, running, finished), `POST /api/tournaments`
//! (signed in), `GET /api/tournaments/{id}` (the standings and games; a signed-in caller also sees their
//! own place and the seat of their game going on), `POST /api/tournaments/{id}/join` and `…/withdraw`. The
//! socket `GET /api/tournaments/{id}/ws` is [`crate::ws::tournament`].

use crate::edge::caller::{MaybeSignedIn, SignedIn};
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, OptionalJson, Path, Query};
use crate::game::UnixMs;
use crate::ids::GameId;
use crate::lobby::engine_mark;
use crate::playban;
use crate::state::AppState;
use crate::tournaments::actions::{self, view_for};
use crate::tournaments::record::Settings;
use axum::extract::State;
use axum::http::StatusCode;
use mancala_protocol::tournament::{
    CreateTournament, JoinTournament, TOURNAMENTS_SHOWN, TournamentList, TournamentView,
};

/// `GET /api/tournaments`.
pub async fn list(State(state): State<AppState>, _: Query<NoParams>) -> Result<axum::Json<TournamentList>, ApiError> {
    let mut list = TournamentList::default();
    for (status, into) in
        [("upcoming", &mut list.upcoming), ("running", &mut list.running), ("finished", &mut list.finished)]
    {
        for (row, players) in state.store.tournaments(status, TOURNAMENTS_SHOWN as i64).await? {
            let settings = Settings::read(&row).map_err(ApiError::Internal)?;
            into.push(actions::summary_of(&settings, players as u32));
        }
    }
    Ok(axum::Json(list))
}

/// `POST /api/tournaments`: 201 with the new tournament.
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

/// `GET /api/tournaments/{id}`.
pub async fn get(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    _: Query<NoParams>,
    MaybeSignedIn(caller): MaybeSignedIn,
) -> Result<axum::Json<TournamentView>, ApiError> {
    let t = actions::read(&state.store, id.as_str()).await?;
    Ok(axum::Json(view_for(&state.store, &t, caller.as_ref().map(|c| c.name.key()).as_deref()).await?))
}

/// `POST /api/tournaments/{id}/join`.
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

/// `POST /api/tournaments/{id}/withdraw`.
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
