//! The HTTP API: the router that merges every feature's routes (each in its folder) with the site's own;
//! requests are checked by the extractors of [`crate::edge::extract`] before a handler runs. Every error is an [`crate::edge::error::ApiError`] body
//! ([`as_json`] makes sure of it for the answers of layers too); reads carry CORS headers ([`cors`]);
//! account and game creation are rate-limited per client address ([`crate::edge::limits`]); an answer
//! given before its request's body was read closes the connection ([`unread`]).
//!
//! | path | what |
//! |---|---|
//! | `GET /healthz`, `GET /metrics` | liveness, Prometheus metrics ([`ops`]; every answer counted by [`answers`]) |
//! | `GET /api/variants` | rule sets with options and summaries ([`variants`]) |
//! | `POST /api/games`, `POST /api/games/{id}/join`, `GET/POST /api/invites/{code}[/join]` | create and join ([`crate::games`], its `routes/`) |
//! | `GET /api/games/{id}/ws` | the WebSocket ([`crate::ws`]) |
//! | `POST /api/games/{id}/preview` | a move previewed by the player to move, where the game allows it ([`crate::games`]) |
//! | `POST /api/players`, `GET /api/players/{name}` | token accounts, profiles ([`crate::accounts`]) |
//! | `/api/account/…` | sign up, sign in and out, password, API tokens, two-step sign-in, a password through a one-time link, the email address and its confirmation, "Forgot your password?", download my data, close my account ([`crate::accounts`], its `routes/`); lesson progress ([`crate::learn`]), the account's games not over ([`crate::games`]) |
//! | `GET /api/site` | whether the server sends mail ([`site`]) |
//! | `GET /api/games`, `GET /api/games/{id}`, `GET /api/games/{id}/position` | history: list, one game, a position ([`crate::games`]) |
//! | `GET /api/games/{id}/export` | the record as text or JSON ([`crate::games`]) |
//! | `GET /api/players/{name}/games`, `GET /api/stream/game/{id}` | NDJSON streams ([`crate::games`]) |
//! | `GET /api/players/{name}/ratings/{variant}`, `GET /api/leaderboard/{variant}` | ratings ([`crate::ratings`], its `routes.rs`) |
//! | `GET /api/lessons…`, `POST /api/lessons/{game}/{lesson}/{step}/check`, `GET /api/rules/{variant}`, `POST /api/preview` | lessons, rules pages, move preview ([`crate::learn`], its `routes/`) |
//! | `POST /api/analysis` | the engine's analysis of a position or a finished game's ply ([`crate::analysis`], its `routes/`) |
//! | `GET /api/games/{id}/review` | a finished game's post-game review, computed in the background ([`crate::analysis`]) |
//! | `GET /sw.js` | the service worker of the web client's version ([`worker`]) |
//! | `GET /api/openapi.json` | the OpenAPI document ([`openapi`]) |
//! | `GET /api/lobby/ws`, `/api/lobby/seeks…`, `/api/challenges…` | the lobby ([`crate::lobby`]) |
//! | `/api/puzzles/…` | puzzles: one, the next, the daily one, the streak's next, attempts, votes, history, export ([`crate::puzzles`], its `routes.rs`) |
//! | `GET/POST /api/blocks`, `DELETE /api/blocks/{name}` | an account's blocks ([`blocks`]) |
//! | `GET/POST /api/tournaments`, `/api/tournaments/{id}[/join|/withdraw|/ws]` | tournaments ([`crate::tournaments`], its `routes.rs`; the socket [`crate::ws::tournament`]) |
//! | `POST /api/reports`, `/api/mod/…` | reports, the moderators' queue, actions and log ([`crate::moderation`], its `routes.rs`) |
//! | `/`, `/game/{id}`, `/learn`, …, `/assets/…` | the web client ([`web`]) |

pub mod answers;
pub mod as_json;
pub mod cors;
pub mod first_paint;
pub mod lean_js;
pub mod module_graph;
pub mod openapi;
pub mod ops;
pub mod site;
pub mod unread;
pub mod variants;
pub mod web;
pub mod worker;

use crate::edge::state::AppState;
use axum::Router;
use axum::routing::get;
use std::time::Duration;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

pub use crate::edge::extract::MAX_BODY_BYTES;

pub fn router(state: AppState) -> Router {
    // The limit applies until the answer starts: a WebSocket's or a stream's life is not a request's.
    let timeout = Duration::from_secs(state.config.request_timeout_secs.max(1));
    let shutdown = state.shutdown.clone();
    let routes = Router::new()
        .route("/healthz", get(ops::healthz))
        .route("/metrics", get(ops::metrics))
        .route("/api/variants", get(variants::list))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/site", get(site::site))
        .route("/api/openapi.json", get(openapi::document))
        .route("/api/tournaments/{id}/ws", get(crate::ws::tournament::upgrade))
        .route("/api/lobby/ws", get(crate::ws::lobby::upgrade))
        .merge(crate::games::routes::router())
        .merge(crate::analysis::routes::router())
        .merge(crate::ratings::routes::router())
        .merge(crate::accounts::routes::router())
        .merge(crate::playban::routes::router())
        .merge(crate::blocks::routes::router())
        .merge(crate::puzzles::routes::router())
        .merge(crate::tournaments::routes::router())
        .merge(crate::lobby::routes::router())
        .merge(crate::learn::routes::router())
        .merge(crate::moderation::routes::router())
        .merge(web::routes())
        .layer(axum::middleware::from_fn(answers::note_route))
        .layer(axum::middleware::map_response(web::stamp_version))
        .with_state(state);
    // The layers wrap the whole router rather than each route (`Router::layer`), so they see its own
    // answers too: a 405 with its `Allow` header, the preflight of a path.
    Router::new()
        .fallback_service(routes)
        // The body's limit is the extractor's (`edge::extract::Json`), not a layer's: a layer would refuse
        // an oversized body before the route's own checks, and a request the route refuses anyway (a
        // moderators' route to a player) must learn that, not the body's size.
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(TimeoutLayer::with_status_code(axum::http::StatusCode::REQUEST_TIMEOUT, timeout))
        .layer(axum::middleware::from_fn_with_state(timeout, as_json::as_json))
        .layer(axum::middleware::from_fn(cors::reads_only))
        .layer(axum::middleware::from_fn_with_state(shutdown, ops::closing))
        .layer(axum::middleware::from_fn(unread::close_if_unread))
        // Failures are logged by `ApiError` itself, at the level each deserves (tower-http would log every
        // 503 of a shutdown as an error).
        .layer(TraceLayer::new_for_http().make_span_with(request_span).on_failure(()))
        // Outermost, so every answer is counted with the status the client gets ([`answers`]).
        .layer(axum::middleware::from_fn(answers::count))
}

/// The span of a request: its method and path, never its query, which may hold a seat token
/// (`/api/games/{id}/ws?token=…`: a browser's WebSocket cannot send headers), so no log line holds one.
fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::debug_span!("request", method = %req.method(), path = %req.uri().path())
}
