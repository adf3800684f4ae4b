//! Who is asking, as extractors: [`SignedIn`] (an account, or 401) and [`MaybeSignedIn`] (an account or a
//! guest; [`crate::accounts::player::identify`] then says who it plays as). The edge reads the
//! `Authorization` header ([`Bearer`]: a malformed one is a 401) and hands it to
//! [`crate::accounts::who::caller`], which recognises the account; the accounts' refusals become
//! `ApiError`s here. And from where: [`ClientAddr`], the address the limits count by, the proxy's header
//! when one is configured, else the peer's.

use super::extract::Bearer;
use crate::accounts::{Caller, who};
use crate::edge::error::ApiError;
use crate::edge::limits::ClientAddr;
use crate::edge::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::net::{IpAddr, SocketAddr};

/// The account of a request, if it is signed in.
async fn caller(parts: &mut Parts, state: &AppState) -> Result<Option<Caller>, ApiError> {
    let Bearer(token) = Bearer::from_request_parts(parts, state).await?;
    Ok(who::caller(&state.store, token.as_deref(), parts).await?)
}

/// A request that must be signed in (401 otherwise).
#[derive(Clone, Debug)]
pub struct SignedIn(pub Caller);

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        caller(parts, state).await?.map(SignedIn).ok_or_else(|| {
            ApiError::Unauthorized("not signed in: sign in, or send a token as `Authorization: Bearer …`".into())
        })
    }
}

/// The account of a browser's session cookie, if it has a good one; any `Authorization` header is left
/// alone (on a game's socket it carries a seat token, not an account's).
#[derive(Clone, Debug)]
pub struct SessionAccount(pub Option<Caller>);

impl FromRequestParts<AppState> for SessionAccount {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(SessionAccount(who::caller(&state.store, None, parts).await?))
    }
}

/// The caller if signed in, without refusing guests.
#[derive(Clone, Debug)]
pub struct MaybeSignedIn(pub Option<Caller>);

impl FromRequestParts<AppState> for MaybeSignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        caller(parts, state).await.map(MaybeSignedIn)
    }
}

/// The last address of a `X-Forwarded-For`-style header (the one the proxy added).
fn forwarded(value: &str) -> Option<IpAddr> {
    let last = value.rsplit(',').next()?.trim();
    last.parse().ok().or_else(|| last.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(name) = &state.config.client_ip_header {
            // Behind a proxy every client's address is the proxy's header: a request without it did not
            // come through the proxy (a script or a probe sent straight to a node), and is told so.
            let Some(value) = parts.headers.get(name.as_str()) else {
                return Err(ApiError::BadRequest(format!(
                    "this server counts its limits by the client's address, which its proxy puts in the `{name}` \
                     header (MANCALA_CLIENT_IP_HEADER), and this request has none: it did not come through the \
                     proxy. Send it to the site's public address (on the server's own machine, add the header \
                     yourself: `{name}: 127.0.0.1`)"
                )));
            };
            let text = String::from_utf8_lossy(value.as_bytes());
            return forwarded(&text).map(ClientAddr::of).ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "the `{name}` header, where this server's proxy puts the client's address, holds no address \
                     it can read (`{}`)",
                    text.chars().take(60).collect::<String>()
                ))
            });
        }
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        Ok(ClientAddr::of(peer.unwrap_or(IpAddr::from([0, 0, 0, 0]))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_proxys_address_is_the_headers_last() {
        assert_eq!(forwarded("203.0.113.7, 10.0.0.1"), Some("10.0.0.1".parse().unwrap()));
        assert_eq!(forwarded(" 203.0.113.7 "), Some("203.0.113.7".parse().unwrap()));
        assert_eq!(forwarded("[2001:db8::1]:443"), Some("2001:db8::1".parse().unwrap()));
        assert_eq!(forwarded("nonsense"), None);
    }
}
