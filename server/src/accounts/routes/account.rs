//! The account routes (`/api/account/…`): sign up, sign in (a session cookie, or an API token for the
//! terminal client; with two-step sign-in on, the password step asks for a code: [`super::twostep`]), sign
//! out, the account, password change, API tokens. Thin: the rules are in
//! [`crate::accounts`]. Every revocation (sign-out, the sessions a password change signs out, a revoked
//! token) also ends what the credential opened ([`revoke::revoked`]: its lobby connections).

use crate::accounts::queries::AccountWrite;
use crate::accounts::{Credential, csrf, session, tokens};
use crate::cluster::revoke;
use crate::edge::caller::{MaybeSignedIn, SignedIn};
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Path, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ids::{self, PlayerName};
use crate::moderation::queries as moderation;
use crate::password;
use crate::store::{PlayerRow, StoreError, Write};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use mancala_protocol::account::{
    AccountInfo, ApiTokenCreated, ApiTokenInfo, ChangePassword, CreateApiToken, SignedIn as SignedInBody, Signin,
    Signup,
};
use mancala_protocol::http::ErrorBody;

/// The one answer to a failed sign-in, whichever of the name or the password was wrong.
pub const WRONG: &str = "wrong name or password";

/// `answer` with the session cookie `id` set.
pub(super) fn with_cookie(answer: impl IntoResponse, id: &str, headers: &HeaderMap) -> Response {
    let mut response = answer.into_response();
    response.headers_mut().append(header::SET_COOKIE, session::set_cookie(id, session::over_tls(headers)));
    response
}

/// Create an account with a password and sign in (the answer sets the `mancala_session` cookie).
#[utoipa::path(post, path = "/api/account/signup", tag = "account", request_body = Signup,
    responses(
        (status = 201, body = AccountInfo, description = "the account; `Set-Cookie: mancala_session=…` signs the browser in",
            headers(("Set-Cookie" = String, description = "`mancala_session=…; Path=/; HttpOnly; SameSite=Lax; Max-Age=…`"))),
        (status = 400, body = ErrorBody, description = "a bad name or password (8 to 256 characters, not the name); a name holding a forbidden word (code `name_forbidden`)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "the name is taken (in any case)")))]
pub async fn signup(
    State(state): State<AppState>,
    client: ClientAddr,
    uri: Uri,
    headers: HeaderMap,
    _: Query<NoParams>,
    Json(req): Json<Signup>,
) -> Result<Response, ApiError> {
    csrf::check_origin(&headers, &uri)?;
    let name = PlayerName::for_account(&req.name).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    crate::accounts::check_name(&state.forbidden, name.as_str())?;
    password::check_new(&req.password, name.as_str())?;
    let taken = || ApiError::Conflict(format!("the name `{name}` is taken"));
    // A friendly answer for the usual case; the unique index on `lower(name)` decides a race.
    if state.store.player_by_name(&name).await?.is_some() {
        return Err(taken());
    }
    state.limits.check(Limit::Accounts, client)?;
    let hash = password::hash(req.password).await?;
    let created_at = UnixMs::now();
    // The row's player token is one nobody is ever shown (the column is NOT NULL UNIQUE): such an account
    // signs in with its password.
    let row = PlayerRow {
        name: name.to_string(),
        token_hash: ids::token_hash(&ids::token()).to_string(),
        created_at: created_at.millis(),
        password_hash: Some(hash),
    };
    let (id, mut writes) = session::start(&name);
    writes.insert(0, Write::InsertPlayer(row));
    match state.store.write(writes).await {
        Err(StoreError::Conflict) => Err(taken()),
        Err(e) => Err(e.into()),
        Ok(()) => {
            let body = AccountInfo {
                name: name.to_string(),
                created_at: created_at.wire(),
                moderator: false,
                warnings: Vec::new(),
            };
            Ok(with_cookie((StatusCode::CREATED, axum::Json(body)), &id, &headers))
        }
    }
}

/// Sign in with a name (any case) and password: a session cookie, or with `token_label` a new API token.
/// With two-step sign-in on, nothing is signed in yet: the answer has `second_step` and a `ticket` to send
/// with a code to `POST /api/account/signin/code`.
#[utoipa::path(post, path = "/api/account/signin", tag = "account", request_body = Signin,
    responses(
        (status = 200, body = SignedInBody, description = "signed in: the cookie is set, or `token` holds the new API token; or `second_step` and `ticket`: a code is asked for",
            headers(("Set-Cookie" = String, description = "the session cookie (not with `token_label`)"))),
        (status = 401, body = ErrorBody, description = "wrong name or password (one answer for both)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site")))]
pub async fn signin(
    State(state): State<AppState>,
    client: ClientAddr,
    uri: Uri,
    headers: HeaderMap,
    _: Query<NoParams>,
    Json(req): Json<Signin>,
) -> Result<Response, ApiError> {
    csrf::check_origin(&headers, &uri)?;
    if let Some(label) = &req.token_label {
        tokens::check_label(label)?;
    }
    // Every attempt counts, good or bad: this is what stops guessing.
    state.limits.check(Limit::SignIn, client)?;
    let wrong = || ApiError::Unauthorized(WRONG.into());
    let Ok(name) = PlayerName::parse(&req.name) else { return Err(wrong()) };
    let found = state.store.password_of(&name.key()).await?;
    let stored = found.as_ref().and_then(|(_, hash)| hash.clone());
    if !password::verify(req.password, stored).await? {
        return Err(wrong());
    }
    let (account, _) = found.ok_or_else(wrong)?;
    if state.store.standing(&name.key()).await?.is_some_and(|s| s.closed_at.is_some()) {
        return Err(ApiError::Forbidden(format!("the account `{}` is closed", account.name)));
    }
    let name = PlayerName::parse(&account.name)
        .map_err(|e| ApiError::Internal(format!("stored player name `{}`: {e}", account.name)))?;
    if let Some(second_step) = super::twostep::ask_code(&state, &name, req.token_label.clone()).await? {
        return Ok(second_step);
    }
    if let Some(label) = req.token_label {
        let created = tokens::create(&state.store, &name, &label).await?;
        let body =
            SignedInBody { name: name.to_string(), token: Some(created.token), second_step: false, ticket: None };
        return Ok(axum::Json(body).into_response());
    }
    let (id, writes) = session::start(&name);
    state.store.write(writes).await?;
    let body = SignedInBody { name: name.to_string(), token: None, second_step: false, ticket: None };
    Ok(with_cookie(axum::Json(body), &id, &headers))
}

/// Sign out: ends the cookie's session and clears the cookie, or revokes the API token sent as bearer.
#[utoipa::path(post, path = "/api/account/signout", tag = "account",
    security((), ("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "signed out (also when not signed in)"),
        (status = 401, body = ErrorBody, description = "a bad bearer token"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site")))]
// `POST /api/account/signout`: ends the cookie's session (and clears the cookie), or revokes the API
// token the request is made with.
pub async fn signout(
    State(state): State<AppState>,
    _: Query<NoParams>,
    MaybeSignedIn(caller): MaybeSignedIn,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match caller.map(|c| c.credential) {
        Some(Credential::Session { id_hash }) => {
            session::end(&state.store, &id_hash).await?;
            revoke::revoked(&state.lobby, state.cluster.as_deref(), vec![Credential::Session { id_hash }]).await;
        }
        Some(Credential::Token { hash }) => {
            let write = AccountWrite::DeleteApiTokenByHash { token_hash: hash.clone() };
            state.store.write(vec![Write::feature(write)]).await?;
            revoke::revoked(&state.lobby, state.cluster.as_deref(), vec![Credential::Token { hash }]).await;
        }
        None => {}
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    if session::cookie_id(&headers).is_some() {
        response.headers_mut().append(header::SET_COOKIE, session::clear_cookie(session::over_tls(&headers)));
    }
    Ok(response)
}

/// The signed-in account.
#[utoipa::path(get, path = "/api/account", operation_id = "account", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = AccountInfo, description = "the account"),
        (status = 401, body = ErrorBody, description = "not signed in, or a bad bearer token")))]
// `GET /api/account`, with the caller's moderator role and the warnings it has to acknowledge. A
// browser's cookie is sent again with its full lifetime, so a browser that keeps coming back stays signed
// in as long as its session does.
pub async fn me(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let key = caller.name.key();
    let moderator = state.store.standing(&key).await?.is_some_and(|s| s.moderator);
    let warnings = moderation::warnings(&state.store, &key).await?;
    let body = axum::Json(AccountInfo {
        name: caller.name.to_string(),
        created_at: caller.created_at.wire(),
        moderator,
        warnings: warnings
            .into_iter()
            .map(|w| mancala_protocol::moderation::Warning { id: w.id, text: w.text, at: w.at.wire() })
            .collect(),
    });
    match (&caller.credential, session::cookie_id(&headers)) {
        (Credential::Session { .. }, Some(id)) => Ok(with_cookie(body, &id, &headers)),
        _ => Ok(body.into_response()),
    }
}

/// Change the password; every other session of the account is signed out (API tokens stay).
#[utoipa::path(post, path = "/api/account/password", tag = "account", request_body = ChangePassword,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "changed"),
        (status = 400, body = ErrorBody, description = "the new password breaks a rule"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "the current password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "a token-only account has no password")))]
// `POST /api/account/password`: every other session of the account is signed out.
pub async fn change_password(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    client: ClientAddr,
    Json(req): Json<ChangePassword>,
) -> Result<StatusCode, ApiError> {
    state.limits.check(Limit::SignIn, client)?;
    let key = caller.name.key();
    let Some((_, stored)) = state.store.password_of(&key).await? else {
        return Err(ApiError::Unauthorized("the account no longer exists".into()));
    };
    let Some(stored) = stored else {
        return Err(ApiError::Conflict(format!(
            "`{}` is a token-only account (made by POST /api/players): it has no password to change",
            caller.name
        )));
    };
    if !password::verify(req.current, Some(stored)).await? {
        return Err(ApiError::Forbidden("the current password is wrong".into()));
    }
    password::check_new(&req.new, caller.name.as_str())?;
    let hash = password::hash(req.new).await?;
    let keep = match caller.credential {
        Credential::Session { id_hash } => Some(id_hash),
        Credential::Token { .. } => None,
    };
    let signed_out: Vec<Credential> = state
        .store
        .session_hashes(&key)
        .await?
        .into_iter()
        .filter(|h| Some(h) != keep.as_ref())
        .map(|id_hash| Credential::Session { id_hash })
        .collect();
    state
        .store
        .write(vec![
            Write::feature(AccountWrite::SetPassword { player_key: key.clone(), password_hash: hash }),
            Write::feature(AccountWrite::DeleteOtherSessions { player_key: key, keep }),
        ])
        .await?;
    // A session made between the read and the delete is deleted too, but has no connection told here:
    // it is refused where it is next used (`Store::still_valid`).
    revoke::revoked(&state.lobby, state.cluster.as_deref(), signed_out).await;
    Ok(StatusCode::NO_CONTENT)
}

/// The account's API tokens (never the tokens themselves).
#[utoipa::path(get, path = "/api/account/tokens", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = Vec<ApiTokenInfo>, description = "oldest first"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
pub async fn list_tokens(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<axum::Json<Vec<ApiTokenInfo>>, ApiError> {
    let rows = state.store.api_tokens(&caller.name.key()).await?;
    Ok(axum::Json(
        rows.into_iter().map(|r| ApiTokenInfo { id: r.id, label: r.label, created_at: r.created_at.wire() }).collect(),
    ))
}

/// Create an API token; `token` is shown this once.
#[utoipa::path(post, path = "/api/account/tokens", tag = "account", request_body = CreateApiToken,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 201, body = ApiTokenCreated, description = "the new token"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "the account holds the most tokens it may")))]
pub async fn create_token(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Json(req): Json<CreateApiToken>,
) -> Result<(StatusCode, axum::Json<ApiTokenCreated>), ApiError> {
    Ok((StatusCode::CREATED, axum::Json(tokens::create(&state.store, &caller.name, &req.label).await?)))
}

/// Revoke an API token: it stops working at once (401).
#[utoipa::path(delete, path = "/api/account/tokens/{id}", tag = "account",
    params(("id" = String, Path, description = "the token's id (from the list)")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "revoked"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "no such token on this account")))]
pub async fn revoke_token(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let key = caller.name.key();
    let Some(hash) = state.store.api_token_hash(&key, &id).await? else {
        return Err(ApiError::NotFound(format!(
            "no API token `{}` on this account",
            id.chars().take(40).collect::<String>()
        )));
    };
    state.store.write(vec![Write::feature(AccountWrite::DeleteApiToken { id, player_key: key })]).await?;
    revoke::revoked(&state.lobby, state.cluster.as_deref(), vec![Credential::Token { hash }]).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Acknowledge a moderator's warning (listed in `GET /api/account`'s `warnings`).
#[utoipa::path(post, path = "/api/account/warnings/{id}/acknowledge", tag = "account",
    params(("id" = String, Path, description = "the warning's id")),
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "acknowledged"),
        (status = 400, body = ErrorBody, description = "a malformed warning id"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 404, body = ErrorBody, description = "no such warning to acknowledge")))]
// `POST /api/account/warnings/{id}/acknowledge`: the caller has read a moderator's warning.
pub async fn acknowledge_warning(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    // A warning's id has a report id's shape: anything else is a malformed id (400), as elsewhere.
    if id.parse::<crate::ids::ReportId>().is_err() {
        return Err(ApiError::BadRequest(format!(
            "`{}` is not a warning id (12 letters and digits)",
            id.chars().take(40).collect::<String>()
        )));
    }
    let key = caller.name.key();
    if !moderation::warnings(&state.store, &key).await?.iter().any(|w| w.id == id) {
        return Err(ApiError::NotFound(format!(
            "no warning `{}` to acknowledge on this account",
            id.chars().take(40).collect::<String>()
        )));
    }
    let write = moderation::ModWrite::Acknowledge { player_key: key, id, at: UnixMs::now() };
    state.store.write(vec![Write::feature(write)]).await?;
    Ok(StatusCode::NO_CONTENT)
}
