//! "Download my data" (`GET /api/account/export`): everything the site keeps about an account, in one JSON
//! document, without a secret (no password hash, no session id, no token or its hash). The types say
//! "unix ms"; the download itself writes every moment as ISO 8601 text in UTC (`2026-11-27T10:15:30.123Z`),
//! for a person reading the file (the server converts the fields named `at`, `*_at` and `last_seen`).

use serde::{Deserialize, Serialize};

/// The whole download.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AccountData {
    /// Unix ms when this download was made.
    pub exported_at: u64,
    pub account: AccountRecord,
    /// Every game the account played, newest first.
    pub games: Vec<crate::http::GameSummary>,
    /// The account's rating per variant id.
    pub ratings: std::collections::BTreeMap<String, crate::http::PlayerRating>,
    /// The chat lines written under the account's name, oldest first (at most the newest 10 000).
    pub chat: Vec<ChatLineRecord>,
    /// The browser sessions signed in now.
    pub sessions: Vec<SessionRecord>,
    /// The API tokens (never the tokens themselves).
    pub api_tokens: Vec<crate::account::ApiTokenInfo>,
    /// The lesson steps done, in order.
    pub lessons: Vec<String>,
    /// The accounts this one blocks.
    pub blocks: Vec<String>,
    /// The puzzle rating, best streak, every recorded attempt (newest first) and the results by theme.
    pub puzzles: crate::puzzles::PuzzleHistory,
    /// The reports the account made, oldest first (what became of them is not told, as on the site).
    #[serde(default)]
    pub reports: Vec<ReportRecord>,
}

/// A report the account made: whom, why, its words, and the game and chat line it points at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ReportRecord {
    pub player: String,
    /// `cheat`, `insult`, `leave`, `boost`, `name` or `other`.
    pub reason: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    /// The chat line's number within its game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// Unix ms.
    pub at: u64,
}

/// The account's own row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AccountRecord {
    pub name: String,
    /// Unix ms.
    pub created_at: u64,
    /// Signs in with a password (else a token-only account, a program's).
    pub has_password: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Unix ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_confirmed_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email_pending: Option<String>,
    pub moderator: bool,
}

/// A chat line the account wrote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChatLineRecord {
    pub game_id: String,
    /// `players` or `spectators`.
    pub room: String,
    pub text: String,
    /// Unix ms.
    pub at: u64,
}

/// A session, by its times only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SessionRecord {
    /// Unix ms.
    pub created_at: u64,
    /// Unix ms.
    pub last_seen: u64,
    /// Unix ms.
    pub expires_at: u64,
}
