//! A request whose body the server answered without reading to its end (a 413 over the body limit, a 401
//! or 403 decided before the body, a route that takes none) has bytes left on its connection that are not
//! a request: the connection cannot serve the next one. Its answer says so with `Connection: close`, so a
//! client (or a proxy reusing its connections for other users) sends the next request on a new connection
//! instead of losing it; hyper then closes the connection after the answer, and `crate::serve` reads the
//! rest away before closing the socket, so the close is clean rather than a reset that could take the
//! answer with it.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use bytes::Bytes;
use http_body::{Frame, SizeHint};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

/// The middleware: the request's body is watched, and an answer given before its end closes the
/// connection.
pub async fn close_if_unread(request: Request, next: Next) -> Response {
    if !has_body(&request) {
        return next.run(request).await;
    }
    let ended = Arc::new(AtomicBool::new(false));
    let request = request.map(|body| Body::new(Watched { inner: body, ended: ended.clone() }));
    let mut response = next.run(request).await;
    if !ended.load(Ordering::Acquire) && response.status() != StatusCode::SWITCHING_PROTOCOLS {
        response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

/// Does the request announce a body (a length over 0, or chunks)?
fn has_body(request: &Request) -> bool {
    let headers = request.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().parse::<u64>().map_or(true, |n| n > 0))
}

/// A body that notes when it was read to its end.
struct Watched {
    inner: Body,
    ended: Arc<AtomicBool>,
}

impl http_body::Body for Watched {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        if matches!(polled, Poll::Ready(None)) || self.inner.is_end_stream() {
            self.ended.store(true, Ordering::Release);
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
