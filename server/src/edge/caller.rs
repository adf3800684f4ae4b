//! Who is asking, as extractors: [`SignedIn`] (an account, or 401) and [`MaybeSignedIn`] (an account or a
//! guest; [`crate::auth::identify`] then says who it plays as). The edge reads the `Authorization` header
//! ([`Bearer`]: a malformed one is a 401) and hands it to [`crate::auth::who::caller`], which recognises the
//! account; auth's refusals become `ApiError`s here.

use super::extract::Bearer;
use crate::auth::{Caller, who};
use crate::edge::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;

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
