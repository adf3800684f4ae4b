//! An account's email (migration 0022): its confirmed address on `players`, the confirmation links waiting
//! in `email_confirmations`, and what closing an account forgets (the address, the password hash, the
//! links). Reads run on the read pool; an [`EmailWrite`] is handed to the store's single writer, which runs
//! it in its transaction as every write (a closing forgets the address in the job that closes the account).

use crate::game::UnixMs;
use crate::ids::TokenHash;
use crate::store::{Backend, FeatureWrite, Report, Store, StoreError, Tx};
use futures_util::future::BoxFuture;
use sqlx::Row;

/// An account's address: the confirmed one, and the one waiting for its link.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmailRow {
    pub address: Option<String>,
    pub confirmed_at: Option<UnixMs>,
    /// The newest address whose link is still usable.
    pub pending: Option<String>,
}

/// An account found by its confirmed address (open accounts only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailedAccount {
    pub name: String,
    pub address: String,
}

/// A write of the email columns and tables. `player_key` is always `lower(name)`.
#[derive(Clone, Debug)]
pub enum EmailWrite {
    /// A confirmation link for `email`; the account's links still waiting are spent first (the newest
    /// address asked for is the only one that can be confirmed).
    InsertConfirmation { token_hash: TokenHash, player_key: String, email: String, now: UnixMs, expires_at: UnixMs },
    /// Uses link `token_hash`: its address becomes the account's. Fails the transaction unless the link
    /// was unused and unexpired at `now` (`RowNotFound`), or when another account has confirmed the same
    /// address (a unique violation).
    Confirm { token_hash: TokenHash, now: UnixMs },
    /// No address any more, and no link waiting.
    Remove { player_key: String, now: UnixMs },
    /// What closing an account deletes besides its credentials: the address, the password hash, the
    /// confirmation and reset links, the two-step secret, backup codes and waiting sign-ins.
    Forget { player_key: String },
}

impl FeatureWrite for EmailWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            apply(tx, self).await?;
            Ok(None)
        })
    }
}

async fn apply(tx: &mut Tx, write: &EmailWrite) -> Result<(), sqlx::Error> {
    const SPEND: &str = "UPDATE email_confirmations SET used_at = $2 WHERE player_key = $1 AND used_at IS NULL";
    match write {
        EmailWrite::InsertConfirmation { token_hash, player_key, email, now, expires_at } => {
            sqlx::query(SPEND).bind(player_key).bind(now.millis()).execute(&mut **tx).await?;
            sqlx::query(
                "INSERT INTO email_confirmations (token_hash, player_key, email, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(token_hash.as_str())
            .bind(player_key)
            .bind(email)
            .bind(now.millis())
            .bind(expires_at.millis())
            .execute(&mut **tx)
            .await?;
        }
        EmailWrite::Confirm { token_hash, now } => {
            let row = sqlx::query(
                "SELECT player_key, email FROM email_confirmations \
                 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
            )
            .bind(token_hash.as_str())
            .bind(now.millis())
            .fetch_optional(&mut **tx)
            .await?
            .ok_or(sqlx::Error::RowNotFound)?;
            let (key, email): (String, String) = (row.try_get(0)?, row.try_get(1)?);
            sqlx::query("UPDATE email_confirmations SET used_at = $2 WHERE token_hash = $1")
                .bind(token_hash.as_str())
                .bind(now.millis())
                .execute(&mut **tx)
                .await?;
            sqlx::query(
                "UPDATE players SET email = $2, email_confirmed_at = $3 WHERE lower(name) = $1 AND closed_at IS NULL",
            )
            .bind(&key)
            .bind(&email)
            .bind(now.millis())
            .execute(&mut **tx)
            .await?;
        }
        EmailWrite::Remove { player_key, now } => {
            sqlx::query(SPEND).bind(player_key).bind(now.millis()).execute(&mut **tx).await?;
            sqlx::query("UPDATE players SET email = NULL, email_confirmed_at = NULL WHERE lower(name) = $1")
                .bind(player_key)
                .execute(&mut **tx)
                .await?;
        }
        EmailWrite::Forget { player_key } => {
            sqlx::query(
                "UPDATE players SET email = NULL, email_confirmed_at = NULL, password_hash = NULL \
                 WHERE lower(name) = $1",
            )
            .bind(player_key)
            .execute(&mut **tx)
            .await?;
            sqlx::query("DELETE FROM email_confirmations WHERE player_key = $1")
                .bind(player_key)
                .execute(&mut **tx)
                .await?;
            sqlx::query("DELETE FROM password_resets WHERE player_key = $1")
                .bind(player_key)
                .execute(&mut **tx)
                .await?;
            // The two-step secret and backup codes identify the person's authenticator: gone with the rest.
            for statement in [
                "DELETE FROM two_step WHERE player_key = $1",
                "DELETE FROM two_step_backup_codes WHERE player_key = $1",
                "DELETE FROM two_step_tickets WHERE player_key = $1",
            ] {
                sqlx::query(statement).bind(player_key).execute(&mut **tx).await?;
            }
        }
    }
    Ok(())
}

/// The address of the account `key` and the one waiting for confirmation at `now`.
pub async fn email_of(store: &Store, key: &str, now: UnixMs) -> Result<EmailRow, StoreError> {
    let row = sqlx::query("SELECT email, email_confirmed_at FROM players WHERE lower(name) = $1")
        .bind(key)
        .fetch_optional(store.pool())
        .await?;
    let mut found = EmailRow::default();
    if let Some(r) = row {
        found.address = r.try_get("email")?;
        found.confirmed_at = r.try_get::<Option<i64>, _>("email_confirmed_at")?.map(UnixMs::from_millis);
    }
    let pending = sqlx::query(
        "SELECT email FROM email_confirmations WHERE player_key = $1 AND used_at IS NULL AND expires_at > $2 \
         ORDER BY created_at DESC LIMIT 1",
    )
    .bind(key)
    .bind(now.millis())
    .fetch_optional(store.pool())
    .await?;
    found.pending = pending.map(|r| r.try_get(0)).transpose()?;
    Ok(found)
}

/// The account (its key) and the address link `token_hash` would confirm, if the link is unused and
/// unexpired at `now`.
pub async fn email_confirmation(
    store: &Store,
    token_hash: &TokenHash,
    now: UnixMs,
) -> Result<Option<(String, String)>, StoreError> {
    let row = sqlx::query(
        "SELECT player_key, email FROM email_confirmations \
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(token_hash.as_str())
    .bind(now.millis())
    .fetch_optional(store.pool())
    .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
}

/// The open account whose confirmed address is `key` (lowercase), if any.
pub async fn account_by_email(store: &Store, key: &str) -> Result<Option<MailedAccount>, StoreError> {
    let row = sqlx::query("SELECT name, email FROM players WHERE lower(email) = $1 AND closed_at IS NULL")
        .bind(key)
        .fetch_optional(store.pool())
        .await?;
    row.map(|r| Ok(MailedAccount { name: r.try_get("name")?, address: r.try_get("email")? })).transpose()
}
