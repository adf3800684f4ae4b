//! The form of every NDJSON answer (`Content-Type: application/x-ndjson`, one JSON object per line): the
//! game streams, the leaderboard, a seek's stream.

use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// `body` as an NDJSON answer.
pub fn ndjson(body: Body) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    // Tell reverse proxies (nginx) not to buffer: a live line is only useful when it arrives.
    response.headers_mut().insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}
