//! The WebSocket handshake (RFC 6455 over HTTP/1.1), done here rather than by axum's extractor so that a
//! connection keeps hold of its socket. The reason is closing well: after a message over the hard limit
//! the WebSocket layer stops reading, yet the client's input must still be drained while we close, since
//! a socket closed with unread input is reset and a client still sending would see 1006 instead of our
//! 1009. With the stream in hand, the connection reads and drops raw bytes until the client goes quiet.
//!
//! A request that is not a WebSocket handshake gets our JSON error: 426 `upgrade_required` (with
//! `Upgrade: websocket`, RFC 9110 §15.5.22) when it does not ask for an upgrade at all (a plain GET, a
//! HEAD, HTTP/1.0 or HTTP/2), 400 when its handshake is malformed.
//!
//! Cross-site WebSocket hijacking: a browser sends the session cookie with a WebSocket handshake that a
//! page of another origin starts (`SameSite=Lax` does not stop another port or subdomain of the same
//! site, and the handshake is a GET, which the CSRF check of writes lets through). So every handshake
//! that carries the session cookie must come from this server's own origin ([`csrf::check_signed_in`]:
//! an `Origin`, which every browser sends on a handshake, that is this site), or it is refused with 403
//! before the upgrade, whichever socket it asks for. A handshake without the cookie (a script with `?token=`, a guest) is not checked:
//! nothing of the browser's identifies it. The check is in this extractor, which every socket endpoint
//! takes, so a socket added later cannot forget it.

use crate::accounts::{csrf, session};
use crate::edge::error::ApiError;
use axum::body::Body;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Version, header};
use axum::response::Response;
use hyper::upgrade::{OnUpgrade, Upgraded};
use hyper_util::rt::TokioIo;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::{Role, WebSocketConfig};

/// The socket of an upgraded connection.
pub type Socket = WebSocketStream<TokioIo<Upgraded>>;

/// A valid WebSocket handshake request, ready to be answered with 101.
#[derive(Debug)]
pub struct WsUpgrade {
    key: HeaderValue,
    on_upgrade: OnUpgrade,
}

fn header_is(headers: &HeaderMap, name: header::HeaderName, value: &str) -> bool {
    headers.get(&name).is_some_and(|h| h.as_bytes().eq_ignore_ascii_case(value.as_bytes()))
}

fn header_has(headers: &HeaderMap, name: header::HeaderName, token: &str) -> bool {
    headers
        .get_all(&name)
        .iter()
        .filter_map(|h| h.to_str().ok())
        .any(|h| h.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
}

impl<S: Send + Sync> FromRequestParts<S> for WsUpgrade {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let sentence = |what: &str| {
            format!("this route is a WebSocket: the request needs {what} (open it with a WebSocket client)")
        };
        let upgrade = |what: &str| ApiError::UpgradeRequired(sentence(what));
        let refuse = |what: &str| ApiError::BadRequest(sentence(what));
        if parts.method != Method::GET || parts.version != Version::HTTP_11 {
            return Err(upgrade("to be an HTTP/1.1 GET"));
        }
        if !header_has(&parts.headers, header::CONNECTION, "upgrade") {
            return Err(upgrade("`Connection: upgrade`"));
        }
        if !header_is(&parts.headers, header::UPGRADE, "websocket") {
            return Err(upgrade("`Upgrade: websocket`"));
        }
        if !header_is(&parts.headers, header::SEC_WEBSOCKET_VERSION, "13") {
            return Err(refuse("`Sec-WebSocket-Version: 13`"));
        }
        let key =
            parts.headers.get(header::SEC_WEBSOCKET_KEY).cloned().ok_or_else(|| refuse("a `Sec-WebSocket-Key`"))?;
        if session::cookie_id(&parts.headers).is_some() {
            csrf::check_signed_in(&parts.headers, &parts.uri).map_err(|e| {
                ApiError::Forbidden(format!(
                    "{e}; a WebSocket that carries the session cookie must come from this site"
                ))
            })?;
        }
        let on_upgrade = parts.extensions.remove::<OnUpgrade>().ok_or_else(|| refuse("an upgradable connection"))?;
        Ok(WsUpgrade { key, on_upgrade })
    }
}

impl WsUpgrade {
    /// Answers 101 and runs `serve` on the socket once the connection is upgraded.
    pub fn on_upgrade<F>(self, config: WebSocketConfig, serve: impl FnOnce(Socket) -> F + Send + 'static) -> Response
    where
        F: Future<Output = ()> + Send + 'static,
    {
        let on_upgrade = self.on_upgrade;
        // Boxed: a connection's future is large, and a task's future is moved at its spawn and its end.
        tokio::spawn(Box::pin(async move {
            match on_upgrade.await {
                Ok(upgraded) => {
                    let socket =
                        WebSocketStream::from_raw_socket(TokioIo::new(upgraded), Role::Server, Some(config)).await;
                    serve(socket).await;
                }
                Err(e) => tracing::debug!(error = %e, "WebSocket upgrade failed"),
            }
        }));
        Response::builder()
            .status(StatusCode::SWITCHING_PROTOCOLS)
            .header(header::CONNECTION, HeaderValue::from_static("upgrade"))
            .header(header::UPGRADE, HeaderValue::from_static("websocket"))
            .header(header::SEC_WEBSOCKET_ACCEPT, derive_accept_key(self.key.as_bytes()))
            .body(Body::empty())
            .expect("a valid response")
    }
}
