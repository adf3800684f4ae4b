//! CORS for the read-only API, as lichess does: any origin's browser app may `GET` (and `HEAD`) anything
//! under `/api/` (`Access-Control-Allow-Origin: *`, preflights answered). Writes (`POST`: creating and
//! joining games, registering a name) get no CORS headers, so a page of another origin cannot create
//! games or take seats in a visitor's name; the web client is same-origin and needs none.

use axum::extract::Request;
use axum::http::{HeaderName, Method, header};
use axum::middleware::Next;
use axum::response::Response;
use std::sync::LazyLock;
use std::time::Duration;
use tower::{Layer, ServiceExt};
use tower_http::cors::{Any, CorsLayer};

/// The CORS policy of reads.
static READS: LazyLock<CorsLayer> = LazyLock::new(|| {
    CorsLayer::new()
        .allow_origin(Any)
        .allow_methods([Method::GET, Method::HEAD])
        .allow_headers([header::ACCEPT, header::ACCEPT_LANGUAGE, header::CONTENT_LANGUAGE, header::IF_NONE_MATCH])
        .expose_headers([header::CONTENT_DISPOSITION, header::ETAG, HeaderName::from_static("retry-after")])
        .max_age(Duration::from_secs(24 * 3600))
});

/// Is this a read of the API, or the preflight of one?
fn is_read(req: &Request) -> bool {
    if !req.uri().path().starts_with("/api/") {
        return false;
    }
    match *req.method() {
        Method::GET | Method::HEAD => true,
        Method::OPTIONS => req
            .headers()
            .get(header::ACCESS_CONTROL_REQUEST_METHOD)
            .is_some_and(|m| m.as_bytes() == b"GET" || m.as_bytes() == b"HEAD"),
        _ => false,
    }
}

/// The middleware: reads go through tower-http's CORS layer, everything else straight on.
pub async fn reads_only(req: Request, next: Next) -> Response {
    if is_read(&req) {
        match READS.layer(next).oneshot(req).await {
            Ok(response) => response,
            Err(never) => match never {},
        }
    } else {
        next.run(req).await
    }
}
