//! Operations: `/healthz` (the database answers) and `/metrics` (Prometheus text).

use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

pub async fn healthz(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    if state.shutdown.is_cancelled() {
        return Err(ApiError::ShuttingDown);
    }
    state.store.ping().await?;
    Ok(Json(json!({ "status": "ok", "live_games": state.rooms.live_count() })))
}

pub async fn metrics(State(state): State<AppState>) -> String {
    state.metrics.render()
}
