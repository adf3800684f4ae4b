//! An account's email address (`/api/account/email…`): read it, set, change or remove it with the
//! password, and confirm it by the link mailed to it. A new address is only a wish until its link is used
//! (24 hours, once): only then does it replace the account's address, the one "Forgot your password?"
//! mails (`super::forgot`). Setting an address never says whether another account holds it (the mail
//! goes out either way); its confirmation does, to whoever reads that mailbox. Without `--smtp-url`
//! setting an address is refused with `no_mail`: it could never be confirmed.

use crate::accounts::csrf;
use crate::accounts::queries::email::{self as queries, EmailWrite};
use crate::edge::caller::SignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ids::{self, EmailAddress, PlayerName};
use crate::mail::{Lang, texts};
use crate::password;
use crate::store::{StoreError, Write};
use axum::extract::State;
use axum::http::{HeaderMap, Uri, header};
use mancala_protocol::email::{ConfirmEmail, EmailConfirmed, EmailState, SetEmail};
use mancala_protocol::http::ErrorBody;
use std::time::Duration;

/// How long a confirmation link works: a day, since a mail may wait to be read, and the link grants
/// nothing but the proof that its reader holds the mailbox.
pub const CONFIRM_VALID: Duration = Duration::from_secs(24 * 3600);

/// The one answer to a confirmation link that cannot be used, whichever the reason.
pub const UNUSABLE: &str = "this confirmation link is unknown, already used or expired: set the address again on your account page for a new one";

/// The refusal of a request that needs mail on a server that sends none.
pub fn no_mail(what: &str) -> ApiError {
    ApiError::NoMail(format!(
        "this server sends no mail (it has no --smtp-url), so {what}; a forgotten password is reset by the site's \
         operator (`mancala-server admin reset-password NAME`)"
    ))
}

/// The language of a mail asked for by a request: its `lang` (a language tag, else 400), else its
/// `Accept-Language`.
pub fn lang_of(asked: Option<&str>, headers: &HeaderMap) -> Result<Lang, ApiError> {
    if let Some(tag) = asked {
        let valid = tag.len() <= 35
            && tag.starts_with(|c: char| c.is_ascii_alphabetic())
            && tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !valid {
            return Err(ApiError::BadRequest(
                "field `lang` must be a language tag such as `en` or `fr` (letters, digits and `-`)".into(),
            ));
        }
    }
    Ok(Lang::of(asked, headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok())))
}

/// Checks `password` against the account `name`'s (every check counts against the sign-in limit of the
/// client): 403 when wrong, 409 for a token-only account, which has none.
pub async fn check_password(
    state: &AppState,
    client: ClientAddr,
    name: &PlayerName,
    password: String,
) -> Result<(), ApiError> {
    state.limits.check(Limit::SignIn, client)?;
    let Some((_, stored)) = state.store.password_of(&name.key()).await? else {
        return Err(ApiError::Unauthorized("the account no longer exists".into()));
    };
    let Some(stored) = stored else {
        return Err(ApiError::Conflict(format!(
            "`{name}` is a token-only account (made by POST /api/players): it has no password to confirm this with"
        )));
    };
    if !password::verify(password, Some(stored)).await? {
        return Err(ApiError::Forbidden("the password is wrong".into()));
    }
    Ok(())
}

async fn state_of(state: &AppState, name: &PlayerName) -> Result<EmailState, ApiError> {
    let row = queries::email_of(&state.store, &name.key(), UnixMs::now()).await?;
    Ok(EmailState {
        address: row.address,
        confirmed_at: row.confirmed_at.map(UnixMs::wire),
        pending: row.pending,
        mail: state.mailer.is_some(),
    })
}

/// The account's email address: the confirmed one, the one waiting for its link, and whether this server
/// sends mail at all.
#[utoipa::path(get, path = "/api/account/email", operation_id = "get_email", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = EmailState, description = "the address and the one waiting for confirmation"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
pub async fn get(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
) -> Result<axum::Json<EmailState>, ApiError> {
    Ok(axum::Json(state_of(&state, &caller.name).await?))
}

/// Set, change or remove (`email: null`) the account's address, with its password. A new address is
/// mailed a confirmation link (24 hours, once) and replaces the account's address only once confirmed;
/// an earlier link still waiting stops working. Whether another account holds the address is not said
/// here.
#[utoipa::path(post, path = "/api/account/email", operation_id = "set_email", tag = "account", request_body = SetEmail,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = EmailState, description = "the link is mailed (`pending`), or the address removed"),
        (status = 400, body = ErrorBody, description = "not an email address; the message says why"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "the password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "`no_mail`: this server sends no mail, so no address can be confirmed; or a token-only account, which has no password"),
        (status = 429, body = ErrorBody, description = "too many password checks or mail requests from this client address, or mails to this account or address (until `Retry-After`)"),
        (status = 503, body = ErrorBody, description = "the mail could not be sent (the SMTP server's reason): set the address again later")))]
// `POST /api/account/email`: a new address is mailed its confirmation link; `null` removes the address
// (and any link waiting).
pub async fn set(
    State(state): State<AppState>,
    _: Query<NoParams>,
    SignedIn(caller): SignedIn,
    client: ClientAddr,
    headers: HeaderMap,
    Json(req): Json<SetEmail>,
) -> Result<axum::Json<EmailState>, ApiError> {
    let lang = lang_of(req.lang.as_deref(), &headers)?;
    let address = match req.email.as_deref() {
        Some(text) => {
            Some(text.parse::<EmailAddress>().map_err(|e| ApiError::BadRequest(format!("field `email`: {e}")))?)
        }
        None => None,
    };
    let Some(address) = address else {
        check_password(&state, client, &caller.name, req.password).await?;
        let write = EmailWrite::Remove { player_key: caller.name.key(), now: UnixMs::now() };
        state.store.write(vec![Write::feature(write)]).await?;
        return Ok(axum::Json(state_of(&state, &caller.name).await?));
    };
    let Some(mailer) = state.mailer.clone() else {
        return Err(no_mail("an address could never be confirmed here"));
    };
    check_password(&state, client, &caller.name, req.password).await?;
    let key = caller.name.key();
    let now = UnixMs::now();
    let current = queries::email_of(&state.store, &key, now).await?;
    if current.address.as_deref().is_some_and(|a| a.eq_ignore_ascii_case(address.as_str())) {
        // Already this account's address: nothing to confirm again.
        return Ok(axum::Json(state_of(&state, &caller.name).await?));
    }
    state.mail_limits.request(client)?;
    if let Err(retry_after) = state.mail_limits.send_to(&[&key, &address.key()]) {
        return Err(ApiError::RateLimited {
            message: format!(
                "too many mails to this account or address (at most {} an hour)",
                state.mail_limits.per_hour()
            ),
            retry_after,
        });
    }
    let secret = ids::token();
    let write = EmailWrite::InsertConfirmation {
        token_hash: ids::token_hash(&secret),
        player_key: key,
        email: address.as_str().to_string(),
        now,
        expires_at: now.plus(CONFIRM_VALID),
    };
    state.store.write(vec![Write::feature(write)]).await?;
    let link = format!("{}/email/{secret}", mailer.site());
    let hours = CONFIRM_VALID.as_secs() / 3600;
    let mail = texts::confirmation(lang, caller.name.as_str(), &link, hours, mailer.site());
    mailer.send(&address, mail).await.map_err(|e| ApiError::Unavailable(e.to_string()))?;
    Ok(axum::Json(state_of(&state, &caller.name).await?))
}

/// Confirm an address with the secret of the link mailed to it (`/email/{token}`): it becomes the
/// account's address. Signed in or not. Limited like a sign-in.
#[utoipa::path(post, path = "/api/account/email/confirm", operation_id = "confirm_email", tag = "account", request_body = ConfirmEmail,
    responses(
        (status = 200, body = EmailConfirmed, description = "the account and its address from now on"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "the link is unknown, already used or expired (one answer for all three)"),
        (status = 409, body = ErrorBody, description = "another account has confirmed this address since (the link stays usable)")))]
// `POST /api/account/email/confirm`: the page of a confirmation link sends its secret; the address
// becomes the account's. Signed in or not: the link is the proof. Limited like a sign-in (guessing
// links).
pub async fn confirm(
    State(state): State<AppState>,
    client: ClientAddr,
    uri: Uri,
    headers: HeaderMap,
    _: Query<NoParams>,
    Json(req): Json<ConfirmEmail>,
) -> Result<axum::Json<EmailConfirmed>, ApiError> {
    csrf::check_origin(&headers, &uri)?;
    state.limits.check(Limit::SignIn, client)?;
    let unusable = || ApiError::NotFound(UNUSABLE.into());
    let token_hash = ids::token_hash(&req.token);
    let now = UnixMs::now();
    let Some((key, address)) = queries::email_confirmation(&state.store, &token_hash, now).await? else {
        return Err(unusable());
    };
    let Some((account, _)) = state.store.password_of(&key).await? else { return Err(unusable()) };
    match state.store.write(vec![Write::feature(EmailWrite::Confirm { token_hash, now })]).await {
        Err(StoreError::Database(sqlx::Error::RowNotFound)) => return Err(unusable()),
        Err(StoreError::Conflict) => {
            return Err(ApiError::Conflict(format!(
                "the address `{address}` is already confirmed for another account: remove it there first"
            )));
        }
        other => other?,
    }
    Ok(axum::Json(EmailConfirmed { name: account.name, address }))
}
