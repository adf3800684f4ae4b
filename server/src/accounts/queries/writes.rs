//! The writes of sessions, API tokens, passwords and reset links (migrations 0004, 0019), handed to the
//! store's single writer ([`crate::store::FeatureWrite`]) and run in its transaction with the rest of the
//! job: a sign-up's session commits with its player row, a password change with the sessions it signs
//! out, a reset link's use with the password it sets.

use crate::game::UnixMs;
use crate::ids::TokenHash;
use crate::store::{Backend, FeatureWrite, Report, Tx};
use futures_util::future::BoxFuture;

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
}

impl FeatureWrite for AccountWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            apply(tx, self).await?;
            Ok(None)
        })
    }
}

async fn apply(tx: &mut Tx, write: &AccountWrite) -> Result<(), sqlx::Error> {
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
    };
    q.execute(&mut **tx).await?;
    Ok(())
}
