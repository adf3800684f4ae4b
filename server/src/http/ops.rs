//! Operations: `/healthz` (the database answers; with several nodes also this node's id, the games it
//! owns, its lease and its broker), `/metrics` (Prometheus text), and the layer that closes every
//! connection after its answer once a shutdown has begun ([`closing`]).

use crate::edge::error::ApiError;
use crate::edge::extract::{NoParams, Query};
use crate::edge::state::AppState;
use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use mancala_protocol::http::ErrorBody;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// How long `/healthz` waits for the database: a monitor polls it and must get an answer, not hang for
/// the pool's acquire timeout.
const PING_TIMEOUT: Duration = Duration::from_secs(2);

/// The `/healthz` body.
#[allow(dead_code)] // only described, never built: `ops::healthz` answers with a `json!` value
#[derive(utoipa::ToSchema)]
struct Health {
    /// `ok`.
    status: String,
    /// Rooms in memory (games being played or watched).
    live_games: u64,
}

/// Liveness: the database answers.
#[utoipa::path(get, path = "/healthz", tag = "ops", responses(
    (status = 200, body = Health, description = "the database answers"),
    (status = 503, body = ErrorBody, description = "the database does not answer")))]
// 200 `ok`; 503 `shutting_down` during the grace period of a shutdown; 503 `degraded` while the
// database does not answer (the server keeps running and recovers by itself when it returns).
pub async fn healthz(State(state): State<AppState>, _: Query<NoParams>) -> Result<Json<Value>, ApiError> {
    if state.shutdown.is_cancelled() {
        return Err(ApiError::ShuttingDown);
    }
    match tokio::time::timeout(PING_TIMEOUT, state.store.ping()).await {
        Ok(Ok(())) => match &state.cluster {
            None => Ok(Json(json!({ "status": "ok", "live_games": state.rooms.live_count() }))),
            Some(cluster) => {
                let node = cluster.status(state.rooms.owned_count());
                // A node without its broker cannot serve the games of the others, and one whose lease
                // lapsed serves none: a load balancer should send players elsewhere.
                if !cluster.broker().is_connected() {
                    return Err(ApiError::Degraded("degraded: the message broker is not connected".into()));
                }
                if !cluster.lease_holds() {
                    return Err(ApiError::Degraded("degraded: this node's lease lapsed".into()));
                }
                Ok(Json(json!({ "status": "ok", "live_games": state.rooms.live_count(), "cluster": node })))
            }
        },
        Ok(Err(e)) => Err(ApiError::Degraded(format!("degraded: the database does not answer ({e})"))),
        Err(_) => Err(ApiError::Degraded(format!(
            "degraded: the database did not answer within {} s",
            PING_TIMEOUT.as_secs()
        ))),
    }
}

/// Prometheus metrics (text exposition format).
#[utoipa::path(get, path = "/metrics", tag = "ops", responses(
    (status = 200, body = String, content_type = "text/plain; version=0.0.4", description = "Prometheus text format")))]
pub async fn metrics(State(state): State<AppState>, _: Query<NoParams>) -> String {
    state.metrics.render()
}

/// Once a shutdown has begun, every answer closes its connection (`Connection: close`): the client sends
/// its next request on a new connection, which the listener accepts until it closes, rather than on a
/// kept-alive one that the server closes when it stops serving (a request sent just then would be lost).
pub async fn closing(State(shutdown): State<CancellationToken>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    if shutdown.is_cancelled() && response.status() != StatusCode::SWITCHING_PROTOCOLS {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}
