//! Every error answer of the server is an `ErrorBody` (`{"error": code, "message": …}`), also the
//! ones our handlers never see: 405 from the router (an unknown method on a known path), 408 from the
//! timeout layer, 413 from the body limit, and whatever else a layer answers with an empty or plain-text
//! body. The web client's HTML pages (its own 404 page among them) are left as they are.

use crate::edge::error::ApiError;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::time::Duration;

/// The middleware: an error answer that is neither JSON nor HTML becomes an `ErrorBody` with the same
/// status and headers (`Allow` of a 405 included).
pub async fn as_json(State(timeout): State<Duration>, req: Request, next: Next) -> Response {
    let (method, path) = (req.method().clone(), req.uri().path().to_string());
    let response = next.run(req).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let kind = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if kind.starts_with("application/json") || kind.starts_with("text/html") {
        return response;
    }
    let path: String = path.chars().take(80).collect();
    let error = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            let allow = response.headers().get(header::ALLOW).and_then(|v| v.to_str().ok()).unwrap_or("");
            ApiError::MethodNotAllowed(format!("{path} does not answer {method} (it answers {allow})"))
        }
        StatusCode::REQUEST_TIMEOUT => {
            ApiError::Timeout(format!("the request took longer than {} s", timeout.as_secs()))
        }
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::TooLarge(format!("the body is larger than {} bytes", super::MAX_BODY_BYTES))
        }
        StatusCode::NOT_FOUND => ApiError::NotFound(format!("no route `{path}`")),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType("the body must be JSON".to_string()),
        s if s.is_server_error() => ApiError::Internal(format!("{s} answering {method} {path}")),
        s => ApiError::BadRequest(format!("{s}: {method} {path} was refused")),
    };
    let (mut parts, _) = response.into_parts();
    let mut json = error.into_response();
    // The layer's own headers stay (`Allow`), the body and its headers are the JSON's.
    for name in [header::CONTENT_TYPE, header::CONTENT_LENGTH, header::TRANSFER_ENCODING, header::CONTENT_ENCODING] {
        parts.headers.remove(name);
    }
    for (name, value) in std::mem::take(json.headers_mut()) {
        if let Some(name) = name {
            parts.headers.insert(name, value);
        }
    }
    *json.headers_mut() = parts.headers;
    *json.status_mut() = status;
    json
}
