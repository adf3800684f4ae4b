//! Who is asking. An account is recognised from, in order: `Authorization: Bearer <token>` (a player token
//! of `POST /api/players`, or an API token), else the `mancala_session` cookie. A malformed header or a
//! token that stands for no account is a 401 (never a silent guest); a cookie whose session is unknown or
//! over is simply not signed in (a guest). A cookie-authenticated unsafe request passes the CSRF check
//! ([`super::csrf`]) here, so no handler can forget it.

use super::{csrf, session};
use crate::error::ApiError;
use crate::game::unix_ms;
use crate::http::extract::Bearer;
use crate::ids::{self, PlayerName, Via};
use crate::state::AppState;
use crate::store::AccountRow;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

/// Who is asking: an account (by bearer token or session cookie), or a guest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Who {
    Account(PlayerName),
    Guest,
}

impl Who {
    /// The account's name, for a signed-in request.
    pub fn account(&self) -> Option<&PlayerName> {
        match self {
            Who::Account(name) => Some(name),
            Who::Guest => None,
        }
    }
}

/// A signed-in request: the account, its creation time, and how it was recognised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caller {
    pub name: PlayerName,
    pub created_at: i64,
    pub via: Via,
}

fn typed(row: AccountRow, via: Via) -> Result<Caller, ApiError> {
    let name = PlayerName::parse(&row.name)
        .map_err(|e| ApiError::Internal(format!("stored player name `{}`: {e}", row.name)))?;
    Ok(Caller { name, created_at: row.created_at, via })
}

/// The account of a token (a player token or an API token), else a 401: from the `Authorization` header,
/// or from `?token=` where a client cannot send one (a browser's WebSocket).
pub async fn by_token(state: &AppState, token: &str) -> Result<Caller, ApiError> {
    let hash = ids::token_hash(token);
    let row = state.store.account_by_token_hash(&hash).await?.ok_or_else(|| {
        ApiError::BadToken("the bearer token is not a player token or an API token (revoked?)".into())
    })?;
    typed(row, Via::Token { hash })
}

/// The account of a request, if it is signed in.
pub async fn caller(parts: &mut Parts, state: &AppState) -> Result<Option<Caller>, ApiError> {
    if let Bearer(Some(token)) = Bearer::from_request_parts(parts, state).await? {
        return by_token(state, &token).await.map(Some);
    }
    let Some(id) = session::cookie_id(&parts.headers) else { return Ok(None) };
    let id_hash = ids::token_hash(&id);
    let Some(found) = state.store.session(&id_hash, unix_ms()).await? else { return Ok(None) };
    if csrf::unsafe_method(&parts.method) {
        csrf::check_origin(&parts.headers, &parts.uri)?;
    }
    session::touch(state, &id_hash, found.last_seen);
    typed(found.account, Via::Session { id_hash }).map(Some)
}

impl FromRequestParts<AppState> for Who {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(match caller(parts, state).await? {
            Some(c) => Who::Account(c.name),
            None => Who::Guest,
        })
    }
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

/// The caller if signed in, without refusing guests.
#[derive(Clone, Debug)]
pub struct MaybeSignedIn(pub Option<Caller>);

impl FromRequestParts<AppState> for MaybeSignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        caller(parts, state).await.map(MaybeSignedIn)
    }
}
