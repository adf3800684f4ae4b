//! The one error type of the HTTP API, mapped to a status code and a JSON body
//! (`{"error": code, "message": sentence}`) in one `match`.

use crate::game::Refusal;
use crate::room::RoomError;
use crate::store::StoreError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use mancala_protocol::http::ApiError as ErrorBody;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A parameter or body that cannot be used; the message names it.
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    /// A seat or player token that does not fit.
    #[error("{0}")]
    BadToken(String),
    /// The request conflicts with the state (a taken name, a game without an open seat).
    #[error("{0}")]
    Conflict(String),
    /// The database or a room is not available now; the message says which and why.
    #[error("{0}; retry later")]
    Unavailable(String),
    /// `/healthz` when the server runs but its database does not answer.
    #[error("{0}")]
    Degraded(String),
    /// The server is shutting down (a new one may be starting: retry shortly).
    #[error("the server is shutting down; retry shortly")]
    ShuttingDown,
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    fn code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::BadToken(_) => (StatusCode::UNAUTHORIZED, "bad_token"),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            ApiError::Degraded(_) => (StatusCode::SERVICE_UNAVAILABLE, "degraded"),
            ApiError::ShuttingDown => (StatusCode::SERVICE_UNAVAILABLE, "shutting_down"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.code();
        // A fault of ours is an error; the database being away or a shutdown is the state of things, said
        // once per request at `warn` (a shutdown's refusals are expected and would only be noise).
        match self {
            ApiError::Internal(_) => tracing::error!(error = %self, "request failed"),
            ApiError::ShuttingDown => tracing::debug!(error = %self, "request refused"),
            _ if status.is_server_error() => tracing::warn!(error = %self, "request refused"),
            _ => {}
        }
        (status, Json(ErrorBody { error: code.to_string(), message: self.to_string() })).into_response()
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => ApiError::Conflict("already exists".into()),
            StoreError::Closed => ApiError::Unavailable("the store is closed".into()),
            other if other.is_outage() => ApiError::Unavailable(other.to_string()),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

impl From<RoomError> for ApiError {
    fn from(e: RoomError) -> Self {
        match e {
            RoomError::NotFound(_) => ApiError::NotFound(e.to_string()),
            RoomError::Store(s) => s.into(),
            RoomError::Corrupt { .. } => ApiError::Internal(e.to_string()),
            RoomError::ShuttingDown => ApiError::ShuttingDown,
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r.code {
            mancala_protocol::ErrorCode::Unavailable => ApiError::Unavailable(r.reason),
            _ => ApiError::Conflict(r.reason),
        }
    }
}

impl From<crate::room::RoomGone> for ApiError {
    fn from(_: crate::room::RoomGone) -> Self {
        ApiError::Unavailable("the game's room has stopped (the server is shutting down)".into())
    }
}
