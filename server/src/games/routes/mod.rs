//! The games' routes (an edge file: docs/server.md, "Features"), each in the file of its area; the socket
//! of a game is [`crate::ws`]'s.

pub mod create;
pub mod export;
pub mod history;
pub mod playing;
pub mod preview;
pub mod streams;

use crate::edge::state::AppState;
use axum::Router;
use axum::routing::{get, post};

/// The games' routes, merged by [`crate::http::router`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(create::create).get(history::list))
        .route("/api/games/{id}/join", post(create::join))
        .route("/api/invites/{code}", get(create::invite))
        .route("/api/invites/{code}/join", post(create::join_invite))
        .route("/api/games/{id}/preview", post(preview::preview))
        .route("/api/account/playing", get(playing::playing))
        .route("/api/games/{id}", get(history::detail))
        .route("/api/games/{id}/position", get(history::position))
        .route("/api/games/{id}/export", get(export::export))
        .route("/api/players/{name}/games", get(streams::player_games))
        .route("/api/stream/game/{id}", get(streams::live_game))
}
