//! The count of every HTTP answer the server gives, by status and route:
//! `mancala_http_responses{status="404",route="/api/games/{id}"}`, for the operator's "HTTP answers by
//! status" panel and the 5xx alert (docs/operating.md, Monitoring).
//!
//! Two middlewares share the work. [`count`] wraps the whole router, outside every other layer, so it sees
//! the status the client gets: the answers of layers too (a 408 of the timeout, a 413 of the body limit,
//! the JSON rewrite of an error) and a WebSocket's 101. The route is only known inside the router, where
//! axum has matched it; [`note_route`] runs there and leaves it in a slot the outer one reads afterwards,
//! so a request the timeout cut short still counts under its route. The route is the pattern
//! (`MatchedPath`), never the path a client sent: the label's values are the router's few dozen routes,
//! [`UNMATCHED`] for every path no route matched and [`REFUSED`] for a connection over the cap, so no
//! client can grow the metric.

use axum::extract::{MatchedPath, Request};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::Response;
use std::sync::{Arc, OnceLock};

/// The route label of an answer to a path no route matched (the web client's 404 page, a bot probing).
pub const UNMATCHED: &str = "unmatched";
/// The route label of the 503 a connection beyond the server's cap gets, whatever it asked.
pub const REFUSED: &str = "refused";

/// Where [`note_route`] leaves the matched route for [`count`].
#[derive(Clone, Default)]
struct RouteSlot(Arc<OnceLock<MatchedPath>>);

/// The outer middleware: counts the answer under its status and route.
pub async fn count(mut req: Request, next: Next) -> Response {
    let slot = RouteSlot::default();
    req.extensions_mut().insert(slot.clone());
    let response = next.run(req).await;
    let route = slot.0.get().map_or_else(|| UNMATCHED.to_string(), |m| m.as_str().to_string());
    record(response.status(), route);
    response
}

/// Counts one answer; the router's answers through [`count`], and the server's refusal of a connection
/// beyond its cap, which never reaches the router (route [`REFUSED`]).
pub fn record(status: StatusCode, route: String) {
    metrics::counter!("mancala_http_responses", "status" => status.as_str().to_string(), "route" => route).increment(1);
}

/// The inner middleware (a layer of the router's routes): notes the route axum matched.
pub async fn note_route(req: Request, next: Next) -> Response {
    if let (Some(slot), Some(route)) = (req.extensions().get::<RouteSlot>(), req.extensions().get::<MatchedPath>()) {
        let _ = slot.0.set(route.clone());
    }
    next.run(req).await
}
