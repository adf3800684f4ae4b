//! `POST /api/account/reset`: the page at a one-time link (the operator's, `mancala-server admin
//! reset-password NAME`, docs/operating.md, or the one "Forgot your password?" mails, `super::forgot`)
//! sets a new password with it. The link works once, for an hour;
//! using it ends every session of the account, on every node (API tokens stay: they are a program's, and
//! the player revokes them on the account page).

use crate::accounts::queries::{self, AccountWrite};
use crate::accounts::{Credential, csrf};
use crate::cluster::revoke;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ids;
use crate::password;
use crate::store::{StoreError, Write};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use mancala_protocol::account::ResetPassword;
use mancala_protocol::http::ErrorBody;

/// The one answer to a link that cannot be used, whichever the reason (no guessing which links exist).
pub const UNUSABLE: &str = "this reset link is unknown, already used or expired: ask for a new one (\"Forgot your password?\" on the sign-in page, or the site's operator)";

/// Set a new password with a one-time link of the operator's (`mancala-server admin reset-password NAME`
/// prints `…/reset/{token}`): it works once, within an hour of being made, and every session of the
/// account is signed out (API tokens stay). Limited like a sign-in.
#[utoipa::path(post, path = "/api/account/reset", tag = "account", request_body = ResetPassword,
    responses(
        (status = 204, description = "the password is set; every session of the account is signed out"),
        (status = 400, body = ErrorBody, description = "the new password breaks a rule (the link stays usable)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "the link is unknown, already used or expired (one answer for all three)")))]
pub async fn reset_password(
    State(state): State<AppState>,
    client: ClientAddr,
    uri: Uri,
    headers: HeaderMap,
    _: Query<NoParams>,
    Json(req): Json<ResetPassword>,
) -> Result<StatusCode, ApiError> {
    csrf::check_origin(&headers, &uri)?;
    // Every attempt counts, as a sign-in does: this is what stops guessing links.
    state.limits.check(Limit::SignIn, client)?;
    let unusable = || ApiError::NotFound(UNUSABLE.into());
    let token_hash = ids::token_hash(&req.token);
    let now = UnixMs::now();
    let Some(key) = queries::password_reset(&state.store, &token_hash, now).await? else { return Err(unusable()) };
    let Some((account, _)) = state.store.password_of(&key).await? else { return Err(unusable()) };
    password::check_new(&req.password, &account.name)?;
    let hash = password::hash(req.password).await?;
    let signed_out: Vec<Credential> =
        state.store.session_hashes(&key).await?.into_iter().map(|id_hash| Credential::Session { id_hash }).collect();
    let writes = vec![
        Write::feature(AccountWrite::UsePasswordReset { token_hash, now }),
        Write::feature(AccountWrite::SetPassword { player_key: key.clone(), password_hash: hash }),
        Write::feature(AccountWrite::DeleteOtherSessions { player_key: key, keep: None }),
    ];
    match state.store.write(writes).await {
        // Used or expired between the read and the write (two requests with one link): nothing written.
        Err(StoreError::Database(sqlx::Error::RowNotFound)) => return Err(unusable()),
        other => other?,
    }
    revoke::revoked(&state.lobby, state.cluster.as_deref(), signed_out).await;
    Ok(StatusCode::NO_CONTENT)
}
