//! Ratings over HTTP: `GET /api/players/{name}/ratings/{variant}` (a player's rating after each rated game,
//! oldest first: the chart) and `GET /api/leaderboard/{variant}` (NDJSON, best first, non-provisional
//! ratings only, `?limit=` 1..=500, default 100). A player's current ratings are in their profile
//! (`crate::accounts::routes::players`). An edge file (docs/server.md, "Features").

use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, NoParams, Params, Query};
use crate::edge::ndjson::ndjson;
use crate::edge::state::AppState;
use crate::ids::PlayerName;
use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use mancala_engine::Variant;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::http::{LeaderboardEntry, RatingPoint};

/// The leaderboard's default and largest length.
/// The ratings' routes, merged by [`crate::http::router`].
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}/ratings/{variant}", get(history))
        .route("/api/leaderboard/{variant}", get(leaderboard))
}

pub const LEADERBOARD_DEFAULT: u32 = 100;
pub const LEADERBOARD_MAX: u32 = 500;

fn variant(text: &str) -> Result<Variant, ApiError> {
    text.parse().map_err(|_| {
        let known = Variant::ALL.map(|v| v.id()).join(", ");
        ApiError::NotFound(format!("no variant `{text}` (one of {known})"))
    })
}

/// A player's rating after each rated game of a variant, oldest first (the rating chart).
#[utoipa::path(get, path = "/api/players/{name}/ratings/{variant}", operation_id = "rating_history", tag = "ratings",
    params(("name" = String, Path, description = "player name"), ("variant" = String, Path, description = "a variant id")),
    responses(
        (status = 200, body = Vec<RatingPoint>, description = "one point per rated game (empty: no rated game yet)"),
        (status = 400, body = ErrorBody, description = "a bad name"),
        (status = 404, body = ErrorBody, description = "no such variant")))]
pub async fn history(
    State(state): State<AppState>,
    axum::extract::Path((name, v)): axum::extract::Path<(String, String)>,
    _: Query<NoParams>,
) -> Result<axum::Json<Vec<RatingPoint>>, ApiError> {
    let name = PlayerName::parse(&name).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let variant = variant(&v)?;
    let points = state.store.rating_history(&name, variant).await?;
    Ok(axum::Json(
        points
            .into_iter()
            .map(|p| RatingPoint { at: p.at.max(0) as u64, rating: p.rating.round() as i32, game_id: p.game_id })
            .collect(),
    ))
}

/// The leaderboard's query: `limit`.
#[derive(Debug)]
pub struct LeaderboardQuery {
    limit: u32,
}

impl FromParams for LeaderboardQuery {
    const NAMES: &'static [&'static str] = &["limit"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        let limit = params.number("limit", 1..=LEADERBOARD_MAX as u64)?.map_or(LEADERBOARD_DEFAULT, |l| l as u32);
        Ok(LeaderboardQuery { limit })
    }
}

/// The best established (non-provisional) ratings of a variant: one `LeaderboardEntry` per line (NDJSON).
#[utoipa::path(get, path = "/api/leaderboard/{variant}", tag = "ratings",
    params(
        ("variant" = String, Path, description = "a variant id"),
        ("limit" = Option<u32>, Query, description = "at most this many lines, 1 to 500 (default 100)")),
    responses(
        (status = 200, body = LeaderboardEntry, content_type = "application/x-ndjson", description = "one player per line, best first"),
        (status = 400, body = ErrorBody, description = "a bad parameter; the message names it"),
        (status = 404, body = ErrorBody, description = "no such variant")))]
pub async fn leaderboard(
    State(state): State<AppState>,
    crate::edge::extract::Path(v): crate::edge::extract::Path<String>,
    Query(q): Query<LeaderboardQuery>,
) -> Result<Response, ApiError> {
    let variant = variant(&v)?;
    let mut body = Vec::new();
    for ranked in state.store.leaderboard(variant, q.limit).await? {
        let entry = LeaderboardEntry {
            name: ranked.name,
            rating: ranked.rating.shown(),
            deviation: ranked.rating.deviation.round() as i32,
            games: ranked.rating.games,
        };
        serde_json::to_writer(&mut body, &entry).map_err(|e| ApiError::Internal(e.to_string()))?;
        body.push(b'\n');
    }
    Ok(ndjson(Body::from(body)))
}
