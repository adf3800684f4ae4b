//! Operations: `/healthz` (the database answers) and `/metrics` (Prometheus text).

use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};
use std::time::Duration;

/// How long `/healthz` waits for the database: a monitor polls it and must get an answer, not hang for
/// the pool's acquire timeout.
const PING_TIMEOUT: Duration = Duration::from_secs(2);

/// 200 `ok`; 503 `shutting_down` during the grace period of a shutdown; 503 `degraded` while the
/// database does not answer (the server keeps running and recovers by itself when it returns).
pub async fn healthz(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    if state.shutdown.is_cancelled() {
        return Err(ApiError::ShuttingDown);
    }
    match tokio::time::timeout(PING_TIMEOUT, state.store.ping()).await {
        Ok(Ok(())) => Ok(Json(json!({ "status": "ok", "live_games": state.rooms.live_count() }))),
        Ok(Err(e)) => Err(ApiError::Degraded(format!("degraded: the database does not answer ({e})"))),
        Err(_) => Err(ApiError::Degraded(format!(
            "degraded: the database did not answer within {} s",
            PING_TIMEOUT.as_secs()
        ))),
    }
}

pub async fn metrics(State(state): State<AppState>) -> String {
    state.metrics.render()
}
