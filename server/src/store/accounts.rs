//! The accounts' rows beyond `players`: browser sessions and API tokens (migration 0004), the lesson
//! steps met (0007), and the password hash of a player. Reads run on the read pool; writes are
//! [`AccountWrite`]s, applied by the single writer like every other write (so SQLite never sees two
//! writers).

use super::{Store, StoreError};
use crate::game::UnixMs;
use crate::ids::{Credential, TokenHash};
use sqlx::{Any, Row, Transaction};

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

/// A write of the accounts' tables. `player_key` is always `lower(name)` ([`crate::ids::PlayerName::key`]).
#[derive(Clone, Debug)]
pub enum AccountWrite {
    InsertSession {
        id_hash: TokenHash,
        player_key: String,
        now: UnixMs,
        expires_at: UnixMs,
    },
    /// A session used again: it lives on until `expires_at`.
    TouchSession {
        id_hash: TokenHash,
        now: UnixMs,
        expires_at: UnixMs,
    },
    DeleteSession {
        id_hash: TokenHash,
    },
    /// Every session of the account but `keep` (a password change signs the others out).
    DeleteOtherSessions {
        player_key: String,
        keep: Option<TokenHash>,
    },
    /// Sessions past their end (any account), swept at each sign-in.
    DeleteExpiredSessions {
        now: UnixMs,
    },
    SetPassword {
        player_key: String,
        password_hash: String,
    },
    InsertApiToken {
        id: String,
        player_key: String,
        label: String,
        token_hash: TokenHash,
        created_at: UnixMs,
    },
    DeleteApiToken {
        id: String,
        player_key: String,
    },
    DeleteApiTokenByHash {
        token_hash: TokenHash,
    },
    /// A one-time password reset link (migration 0019), stored by its secret's hash.
    InsertPasswordReset {
        token_hash: TokenHash,
        player_key: String,
        now: UnixMs,
        expires_at: UnixMs,
    },
    /// Marks reset link `token_hash` used; fails the transaction (nothing of it is written) unless the
    /// link was unused and unexpired at `now`, so a link sets a password once even when two requests race.
    UsePasswordReset {
        token_hash: TokenHash,
        now: UnixMs,
    },
    /// A lesson step met (migration 0007); a step met before keeps its first time.
    LearnStep {
        player_key: String,
        step: String,
        done_at: UnixMs,
    },
}

/// Applies one account write inside the writer's transaction.
pub(super) async fn apply(tx: &mut Transaction<'static, Any>, write: &AccountWrite) -> Result<(), sqlx::Error> {
    let q = match write {
        AccountWrite::InsertSession { id_hash, player_key, now, expires_at } => sqlx::query(
            "INSERT INTO sessions (id_hash, player_key, created_at, last_seen, expires_at) VALUES ($1, $2, $3, $3, $4)",
        )
        .bind(id_hash.as_str())
        .bind(player_key)
        .bind(now.millis())
        .bind(expires_at.millis()),
        AccountWrite::TouchSession { id_hash, now, expires_at } => {
            sqlx::query("UPDATE sessions SET last_seen = $2, expires_at = $3 WHERE id_hash = $1")
                .bind(id_hash.as_str())
                .bind(now.millis())
                .bind(expires_at.millis())
        }
        AccountWrite::DeleteSession { id_hash } => {
            sqlx::query("DELETE FROM sessions WHERE id_hash = $1").bind(id_hash.as_str())
        }
        AccountWrite::DeleteOtherSessions { player_key, keep } => {
            sqlx::query("DELETE FROM sessions WHERE player_key = $1 AND ($2 IS NULL OR id_hash <> $2)")
                .bind(player_key)
                .bind(keep.as_ref().map(TokenHash::as_str))
        }
        AccountWrite::DeleteExpiredSessions { now } => {
            sqlx::query("DELETE FROM sessions WHERE expires_at <= $1").bind(now.millis())
        }
        AccountWrite::SetPassword { player_key, password_hash } => {
            sqlx::query("UPDATE players SET password_hash = $2 WHERE lower(name) = $1")
                .bind(player_key)
                .bind(password_hash)
        }
        AccountWrite::InsertApiToken { id, player_key, label, token_hash, created_at } => sqlx::query(
            "INSERT INTO api_tokens (id, player_key, label, token_hash, created_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(player_key)
        .bind(label)
        .bind(token_hash.as_str())
        .bind(created_at.millis()),
        AccountWrite::DeleteApiToken { id, player_key } => {
            sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND player_key = $2").bind(id).bind(player_key)
        }
        AccountWrite::DeleteApiTokenByHash { token_hash } => {
            sqlx::query("DELETE FROM api_tokens WHERE token_hash = $1").bind(token_hash.as_str())
        }
        AccountWrite::InsertPasswordReset { token_hash, player_key, now, expires_at } => sqlx::query(
            "INSERT INTO password_resets (token_hash, player_key, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash.as_str())
        .bind(player_key)
        .bind(now.millis())
        .bind(expires_at.millis()),
        AccountWrite::UsePasswordReset { token_hash, now } => {
            let done = sqlx::query(
                "UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
            )
            .bind(token_hash.as_str())
            .bind(now.millis())
            .execute(&mut **tx)
            .await?;
            return if done.rows_affected() == 1 { Ok(()) } else { Err(sqlx::Error::RowNotFound) };
        }
        AccountWrite::LearnStep { player_key, step, done_at } => sqlx::query(
            "INSERT INTO learn_progress (player_key, step, done_at) VALUES ($1, $2, $3) \
             ON CONFLICT (player_key, step) DO NOTHING",
        )
        .bind(player_key)
        .bind(step)
        .bind(done_at.millis()),
    };
    q.execute(&mut **tx).await?;
    Ok(())
}

fn account(row: &sqlx::any::AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow { name: row.try_get("name")?, created_at: UnixMs::from_millis(row.try_get("created_at")?) })
}

impl Store {
    /// The account key of reset link `token_hash` if it is unused and unexpired at `now`.
    pub async fn password_reset(&self, token_hash: &TokenHash, now: UnixMs) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT player_key FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
        )
        .bind(token_hash.as_str())
        .bind(now.millis())
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| r.try_get::<String, _>(0)).transpose()?)
    }

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

    /// The lesson steps the account `key` has met (migration 0007), in the order it met them.
    pub async fn learn_progress(&self, key: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT step FROM learn_progress WHERE player_key = $1 ORDER BY done_at, step")
            .bind(key)
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(|r| Ok(r.try_get("step")?)).collect()
    }
}
