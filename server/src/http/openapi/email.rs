//! The operations of [`crate::http::email`], [`crate::http::forgot`], [`crate::http::account_data`] and
//! [`crate::http::site`]: an account's email address, "Forgot your password?", download my data, close
//! my account, and whether the server sends mail.

use mancala_protocol::account_data::AccountData;
use mancala_protocol::email::{
    CloseAccount, ConfirmEmail, EmailConfirmed, EmailState, ForgotPassword, SetEmail, SiteInfo,
};
use mancala_protocol::http::ErrorBody;

/// The account's email address: the confirmed one, the one waiting for its link, and whether this server
/// sends mail at all.
#[utoipa::path(get, path = "/api/account/email", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = EmailState, description = "the address and the one waiting for confirmation"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
pub fn get_email() {}

/// Set, change or remove (`email: null`) the account's address, with its password. A new address is
/// mailed a confirmation link (24 hours, once) and replaces the account's address only once confirmed;
/// an earlier link still waiting stops working. Whether another account holds the address is not said
/// here.
#[utoipa::path(post, path = "/api/account/email", tag = "account", request_body = SetEmail,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = EmailState, description = "the link is mailed (`pending`), or the address removed"),
        (status = 400, body = ErrorBody, description = "not an email address; the message says why"),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "the password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "`no_mail`: this server sends no mail, so no address can be confirmed; or a token-only account, which has no password"),
        (status = 429, body = ErrorBody, description = "too many password checks or mail requests from this client address, or mails to this account or address (until `Retry-After`)"),
        (status = 503, body = ErrorBody, description = "the mail could not be sent (the SMTP server's reason): set the address again later")))]
#[allow(dead_code)]
pub fn set_email() {}

/// Confirm an address with the secret of the link mailed to it (`/email/{token}`): it becomes the
/// account's address. Signed in or not. Limited like a sign-in.
#[utoipa::path(post, path = "/api/account/email/confirm", tag = "account", request_body = ConfirmEmail,
    responses(
        (status = 200, body = EmailConfirmed, description = "the account and its address from now on"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 404, body = ErrorBody, description = "the link is unknown, already used or expired (one answer for all three)"),
        (status = 409, body = ErrorBody, description = "another account has confirmed this address since (the link stays usable)")))]
#[allow(dead_code)]
pub fn confirm_email() {}

/// "Forgot your password?": a reset link (1 hour, once; every session ended on use) is mailed to the
/// confirmed address of the account named, or of the account whose confirmed address is given. The answer
/// is the same whether or not such an account exists, and comes before any mail is sent.
#[utoipa::path(post, path = "/api/account/forgot", tag = "account", request_body = ForgotPassword,
    responses(
        (status = 202, description = "taken: if the name or address is an account's with a confirmed address, a link is on its way"),
        (status = 400, body = ErrorBody, description = "`who` is empty or longer than 254 characters"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site"),
        (status = 409, body = ErrorBody, description = "`no_mail`: this server sends no mail; the site's operator resets passwords (`mancala-server admin reset-password NAME`)"),
        (status = 429, body = ErrorBody, description = "too many mail requests from this client address (until `Retry-After`)")))]
#[allow(dead_code)]
pub fn forgot_password() {}

/// Download my data: everything the site keeps about the account (its row, games, ratings, chat lines
/// written, sessions, API tokens, lessons, blocks), without a secret, as a file.
#[utoipa::path(get, path = "/api/account/export", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = AccountData, description = "the data, with `Content-Disposition: attachment`",
            headers(("Content-Disposition" = String, description = "`attachment; filename=\"mancala-NAME.json\"`"))),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
pub fn export_account() {}

/// Close my account, with its password: as a moderator's close (signed out everywhere, tokens revoked,
/// ongoing games resigned; the name stays taken and the games readable), and the email address, the
/// password hash and every link deleted. It cannot be undone by its owner.
#[utoipa::path(post, path = "/api/account/close", tag = "account", request_body = CloseAccount,
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 204, description = "closed; the session cookie is cleared",
            headers(("Set-Cookie" = String, description = "the session cookie, cleared"))),
        (status = 401, body = ErrorBody, description = "not signed in"),
        (status = 403, body = ErrorBody, description = "the password is wrong, or `Origin` is another site"),
        (status = 409, body = ErrorBody, description = "a token-only account has no password: a moderator closes it")))]
#[allow(dead_code)]
pub fn close_account() {}

/// What this server offers that a page must know first: whether it sends mail.
#[utoipa::path(get, path = "/api/site", tag = "ops",
    responses((status = 200, body = SiteInfo, description = "`mail`: whether mail is configured")))]
#[allow(dead_code)]
pub fn site_info() {}
