//! The HTTP bodies of accounts (`/api/account/…`): signing up and in, the account, password change, API
//! tokens. Request bodies refuse unknown fields, like every request body of the API.

use serde::{Deserialize, Serialize};

/// `POST /api/account/signup`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Signup {
    pub name: String,
    /// 8 to 256 characters, not the name.
    pub password: String,
}

/// `POST /api/account/signin`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Signin {
    /// Any case.
    pub name: String,
    pub password: String,
    /// Ask for a new API token with this label instead of a session cookie (the terminal client).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_label: Option<String>,
}

/// The answer of a sign-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SignedIn {
    /// The account's name as registered.
    pub name: String,
    /// The new API token, when `token_label` was given (shown once).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The password was right and the account asks for a code too: nothing is signed in yet; send the
    /// code with `ticket` to `POST /api/account/signin/code` (within 5 minutes).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub second_step: bool,
    /// The sign-in waiting for its code (with `second_step`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ticket: Option<String>,
}

/// `GET /api/account`, and the answer of a sign-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AccountInfo {
    pub name: String,
    /// Unix ms.
    pub created_at: u64,
    /// A moderator reads the reports and acts on players at `/mod` (docs/moderation.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moderator: bool,
    /// Moderators' warnings not acknowledged yet (`POST /api/account/warnings/{id}/acknowledge`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<crate::moderation::Warning>,
}

/// `POST /api/account/password`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ChangePassword {
    pub current: String,
    pub new: String,
}

/// `POST /api/account/reset`: a new password through a one-time link of the operator's
/// (`mancala-server admin reset-password NAME`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ResetPassword {
    /// The secret at the end of the link (`/reset/{token}`).
    pub token: String,
    /// The new password: 8 to 256 characters, not the name.
    pub password: String,
}

/// `POST /api/account/tokens`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct CreateApiToken {
    /// 1 to 60 characters, to tell tokens apart (`laptop`, `mancala-cli on pc`).
    pub label: String,
}

/// An API token as listed (`GET /api/account/tokens`); the token itself is shown only when created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiTokenInfo {
    pub id: String,
    pub label: String,
    /// Unix ms.
    pub created_at: u64,
}

/// A new API token (`POST /api/account/tokens`): `token` is shown this once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiTokenCreated {
    pub id: String,
    pub label: String,
    /// Send as `Authorization: Bearer …`.
    pub token: String,
    /// Unix ms.
    pub created_at: u64,
}

/// A game the account plays that is not over (`GET /api/account/playing`): its summary, the account's
/// seat, and whether it waits for the account's decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlayingGame {
    pub game: crate::http::GameSummary,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub seat: mancala_engine::Side,
    pub my_turn: bool,
    /// The account's remaining time while its clock runs (milliseconds at the answer): in a correspondence
    /// game, how long until its move is due. Absent when its clock does not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left_ms: Option<u64>,
}

/// The account's games that are not over: those waiting for its decision first, then the others, each
/// newest first; `my_turn` counts the first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Playing {
    pub games: Vec<PlayingGame>,
    pub my_turn: usize,
}
