//! `POST /api/account/forgot`: "Forgot your password?". Given an account's name or its confirmed address,
//! the server mails that address a reset link (the operator's kind: one hour, once, every session ended
//! on use; `super::reset` sets the password with it). The answer is 202 whatever was asked, at once:
//! the account is looked up and the mail sent after the answer, so neither its words nor its time say
//! whether the name or address is known. Only the client's own limit shows (429, `--mails-per-hour`
//! requests an hour per client address); the limits per account and per address hold the mail silently.
//! Without `--smtp-url` the answer is `no_mail`: the page says to ask the operator.

use super::email::{lang_of, no_mail};
use crate::accounts::csrf;
use crate::accounts::queries::{AccountWrite, email};
use crate::edge::error::ApiError;
use crate::edge::extract::{Json, NoParams, Query};
use crate::edge::limits::ClientAddr;
use crate::edge::state::AppState;
use crate::game::UnixMs;
use crate::ids::{self, EmailAddress, PlayerName};
use crate::mail::{Lang, texts};
use crate::store::Write;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use mancala_protocol::email::ForgotPassword;
use mancala_protocol::http::ErrorBody;
use std::time::Duration;

/// How long a mailed reset link works: as long as the operator's.
pub const RESET_VALID: Duration = Duration::from_secs(3600);

/// "Forgot your password?": a reset link (1 hour, once; every session ended on use) is mailed to the
/// confirmed address of the account named, or of the account whose confirmed address is given. The answer
/// is the same whether or not such an account exists, and comes before any mail is sent.
#[utoipa::path(post, path = "/api/account/forgot", operation_id = "forgot_password", tag = "account", request_body = ForgotPassword,
    responses(
        (status = 202, description = "taken: if the name or address is an account's with a confirmed address, a link is on its way"),
        (status = 400, body = ErrorBody, description = "`who` is empty or longer than 254 characters"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "`no_mail`: this server sends no mail; the site's operator resets passwords (`mancala-server admin reset-password NAME`)"),
        (status = 429, body = ErrorBody, description = "too many mail requests from this client address (until `Retry-After`)")))]
pub async fn forgot(
    State(state): State<AppState>,
    client: ClientAddr,
    uri: Uri,
    headers: HeaderMap,
    _: Query<NoParams>,
    Json(req): Json<ForgotPassword>,
) -> Result<StatusCode, ApiError> {
    csrf::check_origin(&headers, &uri)?;
    let who = req.who.trim();
    if who.is_empty() || who.len() > EmailAddress::MAX_LEN {
        return Err(ApiError::BadRequest(
            "field `who`: give the account's name or its email address (1 to 254 characters)".into(),
        ));
    }
    let lang = lang_of(req.lang.as_deref(), &headers)?;
    if state.mailer.is_none() {
        return Err(no_mail("no reset link can be mailed"));
    }
    state.mail_limits.request(client)?;
    let who = who.to_string();
    tokio::spawn(async move {
        if let Err(e) = mail_link(&state, &who, lang).await {
            tracing::warn!(error = %e, "a reset link could not be mailed");
        }
    });
    Ok(StatusCode::ACCEPTED)
}

/// The account `who` names (a name, or a confirmed address when it holds an `@`) and its confirmed
/// address, if there is such an open account with an address.
async fn recipient(state: &AppState, who: &str) -> Result<Option<(String, EmailAddress)>, ApiError> {
    if who.contains('@') {
        let Ok(address) = who.parse::<EmailAddress>() else { return Ok(None) };
        let found = email::account_by_email(&state.store, &address.key()).await?;
        return Ok(found.map(|a| (a.name, EmailAddress::stored(a.address))));
    }
    let Ok(name) = PlayerName::parse(who) else { return Ok(None) };
    let key = name.key();
    if state.store.standing(&key).await?.is_some_and(|s| s.closed_at.is_some()) {
        return Ok(None);
    }
    let Some((account, _)) = state.store.password_of(&key).await? else { return Ok(None) };
    let row = email::email_of(&state.store, &key, UnixMs::now()).await?;
    Ok(row.address.map(|a| (account.name, EmailAddress::stored(a))))
}

/// Looks `who` up and mails its account a reset link, unless there is none or it is over its limit.
async fn mail_link(state: &AppState, who: &str, lang: Lang) -> Result<(), ApiError> {
    let Some((name, address)) = recipient(state, who).await? else { return Ok(()) };
    let Some(mailer) = state.mailer.as_ref() else { return Ok(()) };
    let key = name.to_ascii_lowercase();
    if state.mail_limits.send_to(&[&key, &address.key()]).is_err() {
        tracing::info!(account = %name, "a reset link was held: too many mails to this account or address this hour");
        return Ok(());
    }
    let secret = ids::token();
    let now = UnixMs::now();
    let write = AccountWrite::InsertPasswordReset {
        token_hash: ids::token_hash(&secret),
        player_key: key,
        now,
        expires_at: now.plus(RESET_VALID),
    };
    state.store.write(vec![Write::feature(write)]).await?;
    let link = format!("{}/reset/{secret}", mailer.site());
    mailer
        .send(&address, texts::reset(lang, &name, &link, mailer.site()))
        .await
        .map_err(|e| ApiError::Unavailable(e.to_string()))
}
