//! The accounts' HTTP routes (`/api/account/…`, `/api/players…`), edge files (docs/server.md, "Features"): each reads the
//! request, asks the feature's rules and queries, and answers; every refusal becomes an `ApiError`.
//!
//! | file | what |
//! |---|---|
//! | [`account`] | sign up, sign in, sign out, the account, password change, API tokens, a warning acknowledged |
//! | [`twostep`] | two-step sign-in: its state, setup, on, off, new backup codes, and a sign-in's second step |
//! | [`email`] | the account's email address, set with the password and confirmed by a mailed link |
//! | [`forgot`] | "Forgot your password?": a reset link mailed to the confirmed address |
//! | [`reset`] | a new password set with a one-time link (mailed, or the operator's) |
//! | [`data`] | download my data, close my account |
//! | [`players`] | token accounts (`POST /api/players`) and a player's profile |

pub mod account;
pub mod data;
pub mod email;
pub mod forgot;
pub mod players;
pub mod reset;
pub mod twostep;

use crate::edge::state::AppState;
use axum::Router;
use axum::routing::{delete, get, post};

/// The feature's routes, mounted by the router (`http/mod.rs`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account/signup", post(account::signup))
        .route("/api/account/signin", post(account::signin))
        .route("/api/account/signin/code", post(twostep::signin_code))
        .route("/api/account/signout", post(account::signout))
        .route("/api/account", get(account::me))
        .route("/api/account/password", post(account::change_password))
        .route("/api/account/reset", post(reset::reset_password))
        .route("/api/account/twostep", get(twostep::status))
        .route("/api/account/twostep/setup", post(twostep::setup))
        .route("/api/account/twostep/enable", post(twostep::enable))
        .route("/api/account/twostep/disable", post(twostep::disable))
        .route("/api/account/twostep/backup-codes", post(twostep::backup_codes))
        .route("/api/account/email", get(email::get).post(email::set))
        .route("/api/account/email/confirm", post(email::confirm))
        .route("/api/account/forgot", post(forgot::forgot))
        .route("/api/account/export", get(data::export))
        .route("/api/account/close", post(data::close_account))
        .route("/api/account/tokens", get(account::list_tokens).post(account::create_token))
        .route("/api/account/tokens/{id}", delete(account::revoke_token))
        .route("/api/account/warnings/{id}/acknowledge", post(account::acknowledge_warning))
        .route("/api/players", post(players::create))
        .route("/api/players/{name}", get(players::profile))
}
