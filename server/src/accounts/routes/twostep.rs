//! The routes of two-step sign-in: its state, setting it up, turning it on with a first code, off with the
//! password and a code, new backup codes; and the second step of a sign-in (`POST
//! /api/account/signin/code`), which the password step asks for through [`ask_code`]. Thin: the rules are
//! in [`crate::accounts::twostep`].

use super::account::{WRONG, with_cookie};
use crate::accounts::{csrf, session, tokens, twostep};
use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::ids::PlayerName;
use crate::password;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use mancala_protocol::account::SignedIn as SignedInBody;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::twostep::{BackupCodes, EnableTwoStep, SecondStep, TwoStepConfirm, TwoStepSetup, TwoStepStatus};

/// Whether sign-in asks for a code, and how many backup codes are left.
#[utoipa::path(get, path = "/api/account/twostep", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = TwoStepStatus, description = "on or off"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
pub async fn status(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<axum::Json<TwoStepStatus>, ApiError> {
    Ok(axum::Json(twostep::status(&state.store, &caller.name.key()).await?))
}

/// A new secret for an authenticator app (base32, `otpauth://` URI, QR code as SVG); not in force until
/// a first code of it is sent to `POST /api/account/twostep/enable`. A secret set up earlier and never
/// confirmed is replaced.
#[utoipa::path(post, path = "/api/account/twostep/setup", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = TwoStepSetup, description = "the new secret"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "two-step sign-in is on already, or a token-only account")))]
pub async fn setup(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<axum::Json<TwoStepSetup>, ApiError> {
    if state.store.password_of(&caller.name.key()).await?.is_none_or(|(_, hash)| hash.is_none()) {
        return Err(ApiError::Conflict(format!(
            "`{}` is a token-only account (made by POST /api/players): it has no password sign-in to protect",
            caller.name
        )));
    }
    Ok(axum::Json(twostep::setup(&state.store, &caller.name).await?))
}

/// Turn two-step sign-in on with the app's current code for the secret set up: the answer holds the ten
/// backup codes, shown this once. From then on a sign-in with the password asks for a code (API tokens
/// are not affected).
#[utoipa::path(post, path = "/api/account/twostep/enable", tag = "account", request_body = EnableTwoStep,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = BackupCodes, description = "on; the backup codes"),
        (status = 400, body = ErrorBody, description = "`code` is not 6 digits"),
        (status = 401, body = ErrorBody, description = "not signed in, or `code_wrong`: not the app's code now"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "no secret set up, or two-step sign-in is on already")))]
// `POST /api/account/twostep/enable`: the backup codes, shown this once.
pub async fn enable(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    client: ClientAddr,
    Json(req): Json<EnableTwoStep>,
) -> Result<axum::Json<BackupCodes>, ApiError> {
    state.limits.check(Limit::SignIn, client)?;
    let backup_codes = twostep::enable(&state.store, &caller.name, &req.code).await?;
    Ok(axum::Json(BackupCodes { backup_codes }))
}

/// The password of the account `name`, checked (403 when wrong), then its code (on); limited like a
/// sign-in.
async fn confirm(state: &AppState, name: &PlayerName, client: ClientAddr, req: TwoStepConfirm) -> Result<(), ApiError> {
    state.limits.check(Limit::SignIn, client)?;
    let key = name.key();
    if !twostep::enabled(&state.store, &key).await? {
        return Err(ApiError::Conflict("two-step sign-in is off for this account".into()));
    }
    let stored = state.store.password_of(&key).await?.and_then(|(_, hash)| hash);
    if !password::verify(req.password, stored).await? {
        return Err(ApiError::Forbidden("the password is wrong".into()));
    }
    twostep::verify(&state.store, &key, &req.code).await?;
    Ok(())
}

/// Turn two-step sign-in off: needs the password and a code of the app (or an unused backup code).
#[utoipa::path(post, path = "/api/account/twostep/disable", tag = "account", request_body = TwoStepConfirm,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "off: the secret and the backup codes are deleted"),
        (status = 400, body = ErrorBody, description = "`code` is neither 6 digits nor a backup code's shape"),
        (status = 401, body = ErrorBody, description = "not signed in, `code_wrong` or `code_used`"),
        (status = 403, body = ErrorBody, description = "the password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "two-step sign-in is off"),
        (status = 429, body = ErrorBody, description = "too many password checks from this address, or 5 wrong codes for this account in 15 minutes (until `Retry-After`)")))]
// `POST /api/account/twostep/disable`: needs the password and a code (or a backup code).
pub async fn disable(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    client: ClientAddr,
    Json(req): Json<TwoStepConfirm>,
) -> Result<StatusCode, ApiError> {
    confirm(&state, &caller.name, client, req).await?;
    twostep::disable(&state.store, &caller.name.key()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// New backup codes (the old ones stop working): needs the password and a code.
#[utoipa::path(post, path = "/api/account/twostep/backup-codes", tag = "account", request_body = TwoStepConfirm,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = BackupCodes, description = "the new backup codes, shown this once"),
        (status = 400, body = ErrorBody, description = "`code` is neither 6 digits nor a backup code's shape"),
        (status = 401, body = ErrorBody, description = "not signed in, `code_wrong` or `code_used`"),
        (status = 403, body = ErrorBody, description = "the password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "two-step sign-in is off"),
        (status = 429, body = ErrorBody, description = "too many password checks from this address, or 5 wrong codes for this account in 15 minutes (until `Retry-After`)")))]
// `POST /api/account/twostep/backup-codes`: new backup codes (the old ones stop working); needs the
// password and a code.
pub async fn backup_codes(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    client: ClientAddr,
    Json(req): Json<TwoStepConfirm>,
) -> Result<axum::Json<BackupCodes>, ApiError> {
    confirm(&state, &caller.name, client, req).await?;
    let backup_codes = twostep::new_backup_codes(&state.store, &caller.name.key()).await?;
    Ok(axum::Json(BackupCodes { backup_codes }))
}

/// The answer of a right password when the account `name` has two-step sign-in on: nothing signed in
/// yet, a ticket to send with the code. `None` when it is off.
pub async fn ask_code(
    state: &AppState,
    name: &PlayerName,
    token_label: Option<String>,
) -> Result<Option<Response>, ApiError> {
    if !twostep::enabled(&state.store, &name.key()).await? {
        return Ok(None);
    }
    let ticket = twostep::wait_for_code(&state.store, name, token_label).await?;
    let body = SignedInBody { name: name.to_string(), token: None, second_step: true, ticket: Some(ticket) };
    Ok(Some(axum::Json(body).into_response()))
}

/// The second step of a sign-in whose answer had `second_step`: its `ticket` and a code of the app (or
/// an unused backup code). The answer is what the sign-in asked for: the session cookie, or with
/// `token_label` the new API token. A wrong code leaves the ticket usable until it is over (5 minutes).
#[utoipa::path(post, path = "/api/account/signin/code", tag = "account", request_body = SecondStep,
    responses(
        (status = 200, body = SignedInBody, description = "signed in: the cookie is set, or `token` holds the new API token",
            headers(("Set-Cookie" = String, description = "the session cookie (not when the sign-in asked for a token)"))),
        (status = 400, body = ErrorBody, description = "`code` is neither 6 digits nor a backup code's shape"),
        (status = 401, body = ErrorBody, description = "`code_wrong`, `code_used` (a code of a step already used, a backup code used), or `second_step_expired` (the ticket is unknown, used or over: sign in again)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site, or the account is closed"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address, or 5 wrong codes for this account in 15 minutes (until `Retry-After`)")))]
// `POST /api/account/signin/code`: the second step of a sign-in; what the first asked for (a session
// cookie, or an API token) once the code is right.
pub async fn signin_code(
    State(state): State<AppState>,
    client: ClientAddr,
    uri: Uri,
    headers: HeaderMap,
    _: Query<NoParams>,
    Json(req): Json<SecondStep>,
) -> Result<Response, ApiError> {
    csrf::check_origin(&headers, &uri)?;
    // Every attempt counts against the address, good or bad, as a password does.
    state.limits.check(Limit::SignIn, client)?;
    let waiting = twostep::waiting(&state.store, &req.ticket).await?;
    twostep::verify(&state.store, &waiting.player_key, &req.code).await?;
    let Some((account, _)) = state.store.password_of(&waiting.player_key).await? else {
        return Err(ApiError::Unauthorized(WRONG.into()));
    };
    if state.store.standing(&waiting.player_key).await?.is_some_and(|s| s.closed_at.is_some()) {
        return Err(ApiError::Forbidden(format!("the account `{}` is closed", account.name)));
    }
    let name = PlayerName::parse(&account.name)
        .map_err(|e| ApiError::Internal(format!("stored player name `{}`: {e}", account.name)))?;
    let done = twostep::use_ticket(&req.ticket);
    if let Some(label) = waiting.token_label {
        state.store.write(vec![done]).await.map_err(twostep::ticket_refused)?;
        let created = tokens::create(&state.store, &name, &label).await?;
        let body =
            SignedInBody { name: name.to_string(), token: Some(created.token), second_step: false, ticket: None };
        return Ok(axum::Json(body).into_response());
    }
    let (id, mut writes) = session::start(&name);
    writes.insert(0, done);
    state.store.write(writes).await.map_err(twostep::ticket_refused)?;
    let body = SignedInBody { name: name.to_string(), token: None, second_step: false, ticket: None };
    Ok(with_cookie(axum::Json(body), &id, &headers))
}
