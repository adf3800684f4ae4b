//! The credentials of accounts as the layers below the accounts feature read them, and the reads that go
//! with them: who a session or a token stands for (`crate::accounts::who` asks, and
//! [`Store::still_valid`], which the lobby and the sockets ask again before they use what a credential
//! allowed), an account's password hash (tournaments tell a bot account by its lack of one, and do not use
//! accounts), and the sessions and API tokens of an account (what a closing revokes, read by moderation's
//! close as by the account's own routes). The rest of the accounts' SQL, and every write of these tables,
//! is the feature's (`crate::accounts::queries`).

use super::{Store, StoreError};
use crate::game::UnixMs;
use crate::ids::{Credential, TokenHash};
use sqlx::Row;

/// A signed-in account as a credential finds it: its registered name and when it was created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    pub name: String,
    pub created_at: UnixMs,
}

/// A session found by its id: the account and when the session was last refreshed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    pub account: AccountRow,
    pub last_seen: UnixMs,
}

/// An API token as listed (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiTokenRow {
    pub id: String,
    pub label: String,
    pub created_at: UnixMs,
}

fn account(row: &sqlx::any::AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow { name: row.try_get("name")?, created_at: UnixMs::from_millis(row.try_get("created_at")?) })
}

impl Store {
    /// The password hash of the account `key` (`None`: no such account; `Some(None)`: a token-only one),
    /// with the account.
    pub async fn password_of(&self, key: &str) -> Result<Option<(AccountRow, Option<String>)>, StoreError> {
        let row = sqlx::query("SELECT name, created_at, password_hash FROM players WHERE lower(name) = $1")
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| Ok((account(&r)?, r.try_get("password_hash")?))).transpose()
    }

    /// The account of a session that has not expired at `now`.
    pub async fn session(&self, id_hash: &TokenHash, now: UnixMs) -> Result<Option<SessionRow>, StoreError> {
        let row = sqlx::query(
            "SELECT p.name, p.created_at, s.last_seen FROM sessions s JOIN players p ON lower(p.name) = s.player_key \
             WHERE s.id_hash = $1 AND s.expires_at > $2 AND p.closed_at IS NULL",
        )
        .bind(id_hash.as_str())
        .bind(now.millis())
        .fetch_optional(self.pool())
        .await?;
        row.map(|r| Ok(SessionRow { account: account(&r)?, last_seen: UnixMs::from_millis(r.try_get("last_seen")?) }))
            .transpose()
    }

    /// Is `via` still good (its session neither ended nor expired, its token not revoked)? Asked again by a
    /// connection that was opened with it, before it uses what the credential allowed (a seek, an accept, a
    /// pairing): a revocation the connection was not told of (another node's, a lost broker message) still
    /// stops it there.
    pub async fn still_valid(&self, via: &Credential) -> Result<bool, StoreError> {
        Ok(match via {
            Credential::Token { hash } => self.account_by_token_hash(hash).await?.is_some(),
            Credential::Session { id_hash } => self.session(id_hash, UnixMs::now()).await?.is_some(),
        })
    }

    /// The account a bearer token stands for: a player token (`POST /api/players`) or an API token.
    pub async fn account_by_token_hash(&self, hash: &TokenHash) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(
            "SELECT name, created_at FROM players WHERE token_hash = $1 AND closed_at IS NULL \
             UNION ALL SELECT p.name, p.created_at FROM api_tokens t JOIN players p ON lower(p.name) = t.player_key \
             WHERE t.token_hash = $1 AND p.closed_at IS NULL",
        )
        .bind(hash.as_str())
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(account).transpose()
    }

    /// The hashed ids of the sessions of the account `key` (those a password change signs out, before it
    /// does).
    pub async fn session_hashes(&self, key: &str) -> Result<Vec<TokenHash>, StoreError> {
        let rows =
            sqlx::query("SELECT id_hash FROM sessions WHERE player_key = $1").bind(key).fetch_all(self.pool()).await?;
        rows.iter().map(|r| Ok(TokenHash::stored(r.try_get("id_hash")?))).collect()
    }

    /// The hash of the API token `id` of the account `key` (what revoking it closes).
    pub async fn api_token_hash(&self, key: &str, id: &str) -> Result<Option<TokenHash>, StoreError> {
        let row = sqlx::query("SELECT token_hash FROM api_tokens WHERE player_key = $1 AND id = $2")
            .bind(key)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| Ok(TokenHash::stored(r.try_get("token_hash")?))).transpose()
    }

    /// The API tokens of the account `key`, oldest first.
    pub async fn api_tokens(&self, key: &str) -> Result<Vec<ApiTokenRow>, StoreError> {
        let rows =
            sqlx::query("SELECT id, label, created_at FROM api_tokens WHERE player_key = $1 ORDER BY created_at, id")
                .bind(key)
                .fetch_all(self.pool())
                .await?;
        rows.iter()
            .map(|r| {
                Ok(ApiTokenRow {
                    id: r.try_get("id")?,
                    label: r.try_get("label")?,
                    created_at: UnixMs::from_millis(r.try_get("created_at")?),
                })
            })
            .collect()
    }
}
