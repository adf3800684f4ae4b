//! The HTTP API: thin handlers, one file per area. Every error is an [`crate::error::ApiError`].
//!
//! | path | what |
//! |---|---|
//! | `GET /healthz`, `GET /metrics` | liveness, Prometheus metrics ([`ops`]) |
//! | `GET /api/variants` | rule sets with options and summaries ([`variants`]) |
//! | `POST /api/games`, `POST /api/games/{id}/join`, `GET/POST /api/invites/{code}[/join]` | create and join ([`games`]) |
//! | `GET /api/games/{id}/ws` | the WebSocket ([`crate::ws`]) |
//! | `POST /api/players`, `GET /api/players/{name}` | accounts ([`players`]) |
//! | `GET /api/games`, `GET /api/games/{id}`, `GET /api/games/{id}/position` | history: list, one game, a position ([`history`]) |
//! | `GET /api/games/{id}/export` | the record as text or JSON ([`export`]) |
//! | `GET /api/players/{name}/games`, `GET /api/stream/game/{id}` | NDJSON streams ([`streams`]) |
//! | `GET /api/openapi.json` | the OpenAPI document ([`openapi`]) |
//! | `/`, `/game/{id}`, …, `/assets/…`, `/api/rules/{variant}` | the web client ([`web`]) |

pub mod export;
pub mod games;
pub mod history;
pub mod openapi;
pub mod ops;
pub mod players;
pub mod streams;
pub mod variants;
pub mod web;

use crate::state::AppState;
use axum::Router;
use axum::http::HeaderMap;
use axum::routing::{get, post};
use std::time::Duration;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/healthz", get(ops::healthz))
        .route("/metrics", get(ops::metrics))
        .route("/api/variants", get(variants::list))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}/join", post(games::join))
        .route("/api/invites/{code}", get(games::invite))
        .route("/api/invites/{code}/join", post(games::join_invite))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/players", post(players::create))
        .route("/api/players/{name}", get(players::profile))
        .route("/api/games", get(history::list))
        .route("/api/games/{id}", get(history::detail))
        .route("/api/games/{id}/position", get(history::position))
        .route("/api/games/{id}/export", get(export::export))
        .route("/api/players/{name}/games", get(streams::player_games))
        .route("/api/stream/game/{id}", get(streams::live_game))
        .route("/api/openapi.json", get(openapi::document))
        .merge(web::routes())
        .layer(RequestBodyLimitLayer::new(64 * 1024))
        .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::REQUEST_TIMEOUT, Duration::from_secs(30)))
        // Failures are logged by `ApiError` itself, at the level each deserves (tower-http would log every
        // 503 of a shutdown as an error).
        .layer(TraceLayer::new_for_http().make_span_with(request_span).on_failure(()))
        .with_state(state)
}

/// The span of a request: its method and path, never its query, which may hold a seat token
/// (`/api/games/{id}/ws?token=…`: a browser's WebSocket cannot send headers), so no log line holds one.
fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::debug_span!("request", method = %req.method(), path = %req.uri().path())
}

/// The token of an `Authorization: Bearer …` header.
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

/// A JSON body, or a 400 that says what was wrong with it (serde names the field).
pub fn json_body<T>(
    body: Result<axum::Json<T>, axum::extract::rejection::JsonRejection>,
) -> Result<T, crate::error::ApiError> {
    body.map(|axum::Json(t)| t).map_err(|e| crate::error::ApiError::BadRequest(e.body_text()))
}

/// An optional JSON body: empty means the type's default.
pub fn optional_json<T: serde::de::DeserializeOwned + Default>(body: &[u8]) -> Result<T, crate::error::ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(body).map_err(|e| crate::error::ApiError::BadRequest(format!("bad JSON body: {e}")))
}
