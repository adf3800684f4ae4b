//! The operations of [`crate::http::twostep`]: two-step sign-in (TOTP codes and backup codes).

use mancala_protocol::account::SignedIn;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::twostep::{BackupCodes, EnableTwoStep, SecondStep, TwoStepConfirm, TwoStepSetup, TwoStepStatus};

/// Whether sign-in asks for a code, and how many backup codes are left.
#[utoipa::path(get, path = "/api/account/twostep", tag = "account",
    security(("player_token" = []), ("session" = [])),
    responses(
        (status = 200, body = TwoStepStatus, description = "on or off"),
        (status = 401, body = ErrorBody, description = "not signed in")))]
#[allow(dead_code)]
pub fn status() {}

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
#[allow(dead_code)]
pub fn setup() {}

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
#[allow(dead_code)]
pub fn enable() {}

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
#[allow(dead_code)]
pub fn disable() {}

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
#[allow(dead_code)]
pub fn backup_codes() {}

/// The second step of a sign-in whose answer had `second_step`: its `ticket` and a code of the app (or
/// an unused backup code). The answer is what the sign-in asked for: the session cookie, or with
/// `token_label` the new API token. A wrong code leaves the ticket usable until it is over (5 minutes).
#[utoipa::path(post, path = "/api/account/signin/code", tag = "account", request_body = SecondStep,
    responses(
        (status = 200, body = SignedIn, description = "signed in: the cookie is set, or `token` holds the new API token",
            headers(("Set-Cookie" = String, description = "the session cookie (not when the sign-in asked for a token)"))),
        (status = 400, body = ErrorBody, description = "`code` is neither 6 digits nor a backup code's shape"),
        (status = 401, body = ErrorBody, description = "`code_wrong`, `code_used` (a code of a step already used, a backup code used), or `second_step_expired` (the ticket is unknown, used or over: sign in again)"),
        (status = 403, body = ErrorBody, description = "`Origin` is another site, or the account is closed"),
        (status = 429, body = ErrorBody, description = "too many attempts from this address, or 5 wrong codes for this account in 15 minutes (until `Retry-After`)")))]
#[allow(dead_code)]
pub fn signin_code() {}
