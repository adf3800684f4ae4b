//! The HTTP bodies of an account's email and of what a player does with it (`/api/account/email…`,
//! `POST /api/account/forgot`, `GET /api/site`): setting or removing the address, its confirmation link,
//! "Forgot your password?". Request bodies refuse unknown fields, like every request body of the API.

use serde::{Deserialize, Serialize};

/// `POST /api/account/email`: set, change or remove (`email: null`) the account's address, with its
/// password. A new address is mailed a confirmation link and used once confirmed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SetEmail {
    /// The new address (ASCII, at most 254 characters), or `null` to remove it.
    pub email: Option<String>,
    /// The account's password.
    pub password: String,
    /// The language of the mail: `en` or `fr` (default: the first of `Accept-Language` the site has, else
    /// English).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

/// `GET /api/account/email`, and the answer of `POST /api/account/email`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EmailState {
    /// The confirmed address: where a "Forgot your password?" link goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// Unix ms when `address` was confirmed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed_at: Option<u64>,
    /// An address mailed a confirmation link not used yet (24 hours).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<String>,
    /// Does this server send mail (`--smtp-url`)?
    pub mail: bool,
}

/// `POST /api/account/email/confirm`: the secret of a confirmation link (`/email/{token}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ConfirmEmail {
    pub token: String,
}

/// The answer of a confirmation: the account and its address from now on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EmailConfirmed {
    pub name: String,
    pub address: String,
}

/// `POST /api/account/forgot`: "Forgot your password?". The answer is 202 whatever `who` is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ForgotPassword {
    /// The account's name (any case) or its confirmed address.
    pub who: String,
    /// The language of the mail, as in [`SetEmail`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

/// `POST /api/account/close`: closing one's own account, with its password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CloseAccount {
    pub password: String,
}

/// `GET /api/site`: what this server offers that a page needs to know before it asks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SiteInfo {
    /// Does this server send mail? Without it, a forgotten password is the operator's
    /// (`mancala-server admin reset-password NAME`).
    pub mail: bool,
}
