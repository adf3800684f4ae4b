//! `POST /api/reports`: a signed-in player reports another (`crate::moderation::reports`). The answer
//! thanks the reporter and says nothing of what will be done.

use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::moderation::{ModError, reports};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use mancala_protocol::moderation::{ReportFiled, ReportRequest};

impl From<ModError> for ApiError {
    fn from(e: ModError) -> ApiError {
        match e {
            ModError::BadRequest(m) => ApiError::BadRequest(m),
            ModError::NotFound(m) => ApiError::NotFound(m),
            ModError::Limited { message, retry_after } => ApiError::RateLimited { message, retry_after },
            ModError::Store(e) => e.into(),
        }
    }
}

/// `POST /api/reports`.
pub async fn report(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Json(req): Json<ReportRequest>,
) -> Result<(StatusCode, axum::Json<ReportFiled>), ApiError> {
    reports::file(&state.store, &caller.name, &req).await?;
    Ok((StatusCode::CREATED, axum::Json(ReportFiled { message: reports::THANKS.to_string() })))
}
