//! Which account is asking, if any. An account is recognised from, in order: `Authorization: Bearer <token>`
//! (a player token of `POST /api/players`, or an API token; the edge reads the header), else the
//! `mancala_session` cookie. A token that stands for no account is refused (never a silent guest); a cookie
//! whose session is unknown or over is simply not signed in (a guest). A cookie-authenticated unsafe request
//! passes the CSRF check ([`super::csrf`]) here, so no handler can forget it.

use super::{AuthError, csrf, session};
use crate::game::UnixMs;
use crate::ids::{self, Credential, PlayerName};
use crate::store::{AccountRow, Store};
use axum::http::request::Parts;

/// A signed-in request: the account, its creation time, and the credential that proved it (what a
/// revocation names). Who the request plays as is [`super::identify`]'s answer, an [`crate::ids::Identity`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    pub name: PlayerName,
    pub created_at: UnixMs,
    pub credential: Credential,
}

fn typed(row: AccountRow, credential: Credential) -> Result<Caller, AuthError> {
    let name = PlayerName::parse(&row.name)
        .map_err(|e| AuthError::Internal(format!("stored player name `{}`: {e}", row.name)))?;
    Ok(Caller { name, created_at: row.created_at, credential })
}

/// The account of a token (a player token or an API token), else a 401: from the `Authorization` header,
/// or from `?token=` where a client cannot send one (a browser's WebSocket).
pub async fn by_token(store: &Store, token: &str) -> Result<Caller, AuthError> {
    let hash = ids::token_hash(token);
    let row = store.account_by_token_hash(&hash).await?.ok_or_else(|| {
        AuthError::BadToken("the bearer token is not a player token or an API token (revoked?)".into())
    })?;
    typed(row, Credential::Token { hash })
}

/// The account of a request, if it is signed in: by `bearer`, the token of its `Authorization` header
/// (read by the edge), else by its session cookie.
pub async fn caller(store: &Store, bearer: Option<&str>, parts: &Parts) -> Result<Option<Caller>, AuthError> {
    if let Some(token) = bearer {
        return by_token(store, token).await.map(Some);
    }
    let Some(id) = session::cookie_id(&parts.headers) else { return Ok(None) };
    let id_hash = ids::token_hash(&id);
    let Some(found) = store.session(&id_hash, UnixMs::now()).await? else { return Ok(None) };
    if csrf::unsafe_method(&parts.method) {
        csrf::check_signed_in(&parts.headers, &parts.uri)?;
    }
    session::touch(store, &id_hash, found.last_seen);
    typed(found.account, Credential::Session { id_hash }).map(Some)
}
