//! `GET /api/account/playing`: the signed-in account's games that are not over, those waiting for its
//! decision first ("your turn", what the site's title counts). Read from the database, which every node
//! shares, so the answer is the same whichever node is asked; whose turn it is comes from the stored
//! record replayed by the engine, as the game's own page shows it.

use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{NoParams, Query};
use crate::edge::state::AppState;
use crate::game::LiveGame;
use axum::Json;
use axum::extract::State;
use mancala_engine::{Side, ToMove};
use mancala_protocol::account::{Playing, PlayingGame};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::GameStatus;
use tokio::time::Instant;

/// The most games listed (the newest): an account plays more only by running a bot, whose list is its own.
pub const MAX_PLAYING: u32 = 50;

/// The account's games that are not over, those waiting for its decision first (the site's "your turn").
#[utoipa::path(get, path = "/api/account/playing", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = Playing, description = "at most 50 games: `my_turn` ones first, each group newest first"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
pub async fn playing(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<Json<Playing>, ApiError> {
    let filter = crate::store::GameFilter {
        player: Some(caller.name.clone()),
        status: Some(GameStatus::Ongoing),
        ..Default::default()
    };
    let headers = state.store.list_games(&filter, None, MAX_PLAYING).await?;
    let mut games = Vec::new();
    for header in headers {
        let mine = |s: Side| {
            header.seats[s].as_ref().is_some_and(|o| o.who.is_account() && o.name().key() == caller.name.key())
        };
        let Some(seat) = Side::BOTH.into_iter().find(|&s| mine(s)) else { continue };
        let Some((header, plies)) = state.store.load(&header.id).await? else { continue };
        let game = LiveGame::restore(header, &plies, Instant::now())
            .map_err(|reason| ApiError::Internal(format!("a stored game does not replay: {reason}")))?;
        let my_turn = match game.pos.to_move() {
            ToMove::Side(side) => side == seat,
            ToMove::Both { waiting } => waiting[seat],
            ToMove::Nobody(_) => false,
        };
        let now = Instant::now();
        let time_left_ms = game.clock.as_ref().filter(|c| c.running[seat]).map(|c| c.remaining_at(seat, now));
        games.push(PlayingGame { game: game.summary(), seat, my_turn, time_left_ms });
    }
    // Stable: newest first within each group, as the store listed them.
    games.sort_by_key(|g| !g.my_turn);
    let my_turn = games.iter().filter(|g| g.my_turn).count();
    Ok(Json(Playing { games, my_turn }))
}
