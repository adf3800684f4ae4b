//! The analysis's routes (an edge file: docs/server.md, "Features"): the engine's analysis of a position
//! or of a finished game's ply (`analyse.rs`), a finished game's post-game review (`review.rs`).

pub mod analyse;
pub mod review;

use crate::edge::state::AppState;
use axum::Router;
use axum::routing::{get, post};

/// The analysis's routes, merged by [`crate::http::router`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/analysis", post(analyse::analyse))
        .route("/api/games/{id}/review", get(review::review))
        .route("/api/games/{id}/review/{ply}", get(review::lines))
}
