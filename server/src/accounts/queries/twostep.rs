//! Two-step sign-in's rows (migration 0023): an account's TOTP secret and the step of its last accepted
//! code (`two_step`), its backup codes by their hash (`two_step_backup_codes`), the sign-ins waiting for
//! their code (`two_step_tickets`) and the wrong codes of the last minutes (`two_step_failures`). Reads
//! run on the read pool; a [`TwoStepWrite`] is handed to the store's single writer, which runs it in its
//! transaction as every write (a sign-in's ticket is used in the job that starts its session).

use crate::game::UnixMs;
use crate::ids::TokenHash;
use crate::store::{Backend, FeatureWrite, Report, Store, StoreError, Tx};
use futures_util::future::BoxFuture;
use sqlx::Row;

/// An account's two-step row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoStepRow {
    /// Base32, as the authenticator app was given it.
    pub secret: String,
    /// `None`: set up, waiting for its first code.
    pub enabled_at: Option<UnixMs>,
    /// The 30 s step of the last code accepted.
    pub last_step: Option<i64>,
}

/// A backup code as found by its hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupCodeRow {
    pub used_at: Option<UnixMs>,
}

/// A sign-in waiting for its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicketRow {
    pub player_key: String,
    /// The API token's label the sign-in asked for (else a session).
    pub token_label: Option<String>,
}

/// A write of the two-step tables. `player_key` is always `lower(name)`.
#[derive(Clone, Debug)]
pub enum TwoStepWrite {
    /// A new secret waiting for its first code (replaces any earlier one not confirmed).
    Setup { player_key: String, secret: String, now: UnixMs },
    /// The secret confirmed by a code of `step`: sign-in asks for a code from now on.
    Enable { player_key: String, step: i64, now: UnixMs },
    /// Two-step sign-in off: the secret, the backup codes and the waiting sign-ins go.
    Disable { player_key: String },
    /// A code of `step` accepted; fails the transaction (nothing of it is written) unless `step` is later
    /// than every step accepted before, so a code works once even when two requests race.
    UseStep { player_key: String, step: i64 },
    /// The account's backup codes replaced by these (hashes).
    SetBackupCodes { player_key: String, hashes: Vec<TokenHash>, now: UnixMs },
    /// Marks a backup code used; fails the transaction unless it was unused.
    UseBackupCode { player_key: String, hash: TokenHash, now: UnixMs },
    /// A sign-in waiting for its code (and the tickets past their end swept).
    InsertTicket { hash: TokenHash, player_key: String, token_label: Option<String>, now: UnixMs, expires_at: UnixMs },
    /// Uses a ticket; fails the transaction unless it was there and unexpired at `now`.
    UseTicket { hash: TokenHash, now: UnixMs },
    /// A wrong code (and the failures older than `forget_before` swept).
    Failure { player_key: String, now: UnixMs, forget_before: UnixMs },
}

/// Runs `q` and fails the transaction unless it changed exactly one row.
async fn exactly_one<'q>(
    tx: &mut Tx,
    q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
) -> Result<(), sqlx::Error> {
    let done = q.execute(&mut **tx).await?;
    if done.rows_affected() == 1 { Ok(()) } else { Err(sqlx::Error::RowNotFound) }
}

impl FeatureWrite for TwoStepWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            apply(tx, self).await?;
            Ok(None)
        })
    }
}

async fn apply(tx: &mut Tx, write: &TwoStepWrite) -> Result<(), sqlx::Error> {
    match write {
        TwoStepWrite::Setup { player_key, secret, now } => setup(tx, player_key, secret, *now).await?,
        TwoStepWrite::Enable { player_key, step, now } => {
            let q = sqlx::query(
                "UPDATE two_step SET enabled_at = $2, last_step = $3 WHERE player_key = $1 AND enabled_at IS NULL",
            )
            .bind(player_key)
            .bind(now.millis())
            .bind(*step);
            exactly_one(tx, q).await?;
        }
        TwoStepWrite::Disable { player_key } => {
            for sql in [
                "DELETE FROM two_step WHERE player_key = $1",
                "DELETE FROM two_step_backup_codes WHERE player_key = $1",
                "DELETE FROM two_step_tickets WHERE player_key = $1",
            ] {
                sqlx::query(sql).bind(player_key).execute(&mut **tx).await?;
            }
        }
        TwoStepWrite::UseStep { player_key, step } => {
            let q = sqlx::query(
                "UPDATE two_step SET last_step = $2 WHERE player_key = $1 AND enabled_at IS NOT NULL \
                 AND (last_step IS NULL OR last_step < $2)",
            )
            .bind(player_key)
            .bind(*step);
            exactly_one(tx, q).await?;
        }
        TwoStepWrite::SetBackupCodes { player_key, hashes, now } => {
            set_backup_codes(tx, player_key, hashes, *now).await?;
        }
        TwoStepWrite::UseBackupCode { player_key, hash, now } => {
            let q = sqlx::query(
                "UPDATE two_step_backup_codes SET used_at = $3 \
                 WHERE player_key = $1 AND code_hash = $2 AND used_at IS NULL",
            )
            .bind(player_key)
            .bind(hash.as_str())
            .bind(now.millis());
            exactly_one(tx, q).await?;
        }
        TwoStepWrite::InsertTicket { hash, player_key, token_label, now, expires_at } => {
            insert_ticket(tx, hash, player_key, token_label.as_deref(), *now, *expires_at).await?;
        }
        TwoStepWrite::UseTicket { hash, now } => {
            let q = sqlx::query("DELETE FROM two_step_tickets WHERE ticket_hash = $1 AND expires_at > $2")
                .bind(hash.as_str())
                .bind(now.millis());
            exactly_one(tx, q).await?;
        }
        TwoStepWrite::Failure { player_key, now, forget_before } => {
            sqlx::query("DELETE FROM two_step_failures WHERE at < $1")
                .bind(forget_before.millis())
                .execute(&mut **tx)
                .await?;
            sqlx::query("INSERT INTO two_step_failures (player_key, at) VALUES ($1, $2)")
                .bind(player_key)
                .bind(now.millis())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// A new secret waiting for its first code, in place of any other one waiting.
async fn setup(tx: &mut Tx, player_key: &str, secret: &str, now: UnixMs) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM two_step WHERE player_key = $1 AND enabled_at IS NULL")
        .bind(player_key)
        .execute(&mut **tx)
        .await?;
    // An enabled secret is never replaced here (the insert conflicts and the request fails).
    sqlx::query("INSERT INTO two_step (player_key, secret, created_at) VALUES ($1, $2, $3)")
        .bind(player_key)
        .bind(secret)
        .bind(now.millis())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The account's backup codes replaced by `hashes`.
async fn set_backup_codes(tx: &mut Tx, player_key: &str, hashes: &[TokenHash], now: UnixMs) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM two_step_backup_codes WHERE player_key = $1").bind(player_key).execute(&mut **tx).await?;
    for hash in hashes {
        sqlx::query("INSERT INTO two_step_backup_codes (player_key, code_hash, created_at) VALUES ($1, $2, $3)")
            .bind(player_key)
            .bind(hash.as_str())
            .bind(now.millis())
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// A sign-in of `player_key` waiting for its code under ticket `hash`, from `now` until `expires_at`;
/// the tickets past their end swept.
async fn insert_ticket(
    tx: &mut Tx,
    hash: &TokenHash,
    player_key: &str,
    token_label: Option<&str>,
    now: UnixMs,
    expires_at: UnixMs,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM two_step_tickets WHERE expires_at <= $1").bind(now.millis()).execute(&mut **tx).await?;
    sqlx::query(
        "INSERT INTO two_step_tickets (ticket_hash, player_key, token_label, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash.as_str())
    .bind(player_key)
    .bind(token_label)
    .bind(now.millis())
    .bind(expires_at.millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The two-step row of the account `key`, if it has one.
pub async fn two_step(store: &Store, key: &str) -> Result<Option<TwoStepRow>, StoreError> {
    let row = sqlx::query("SELECT secret, enabled_at, last_step FROM two_step WHERE player_key = $1")
        .bind(key)
        .fetch_optional(store.pool())
        .await?;
    row.map(|r| {
        Ok(TwoStepRow {
            secret: r.try_get("secret")?,
            enabled_at: r.try_get::<Option<i64>, _>("enabled_at")?.map(UnixMs::from_millis),
            last_step: r.try_get("last_step")?,
        })
    })
    .transpose()
}

/// The backup code `hash` of the account `key`, if it is one of its codes.
pub async fn backup_code(store: &Store, key: &str, hash: &TokenHash) -> Result<Option<BackupCodeRow>, StoreError> {
    let row = sqlx::query("SELECT used_at FROM two_step_backup_codes WHERE player_key = $1 AND code_hash = $2")
        .bind(key)
        .bind(hash.as_str())
        .fetch_optional(store.pool())
        .await?;
    row.map(|r| Ok(BackupCodeRow { used_at: r.try_get::<Option<i64>, _>("used_at")?.map(UnixMs::from_millis) }))
        .transpose()
}

/// How many backup codes of the account `key` are unused.
pub async fn backup_codes_left(store: &Store, key: &str) -> Result<u32, StoreError> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM two_step_backup_codes WHERE player_key = $1 AND used_at IS NULL")
        .bind(key)
        .fetch_one(store.pool())
        .await?;
    Ok(u32::try_from(row.try_get::<i64, _>("n")?).unwrap_or(u32::MAX))
}

/// The sign-in waiting for its code under ticket `hash`, if it is unexpired at `now`.
pub async fn two_step_ticket(store: &Store, hash: &TokenHash, now: UnixMs) -> Result<Option<TicketRow>, StoreError> {
    let row =
        sqlx::query("SELECT player_key, token_label FROM two_step_tickets WHERE ticket_hash = $1 AND expires_at > $2")
            .bind(hash.as_str())
            .bind(now.millis())
            .fetch_optional(store.pool())
            .await?;
    row.map(|r| Ok(TicketRow { player_key: r.try_get("player_key")?, token_label: r.try_get("token_label")? }))
        .transpose()
}

/// The wrong codes of the account `key` since `since`: how many, and the time of the oldest.
pub async fn two_step_failures(store: &Store, key: &str, since: UnixMs) -> Result<(u32, Option<UnixMs>), StoreError> {
    let row =
        sqlx::query("SELECT COUNT(*) AS n, MIN(at) AS first FROM two_step_failures WHERE player_key = $1 AND at >= $2")
            .bind(key)
            .bind(since.millis())
            .fetch_one(store.pool())
            .await?;
    let n = u32::try_from(row.try_get::<i64, _>("n")?).unwrap_or(u32::MAX);
    Ok((n, row.try_get::<Option<i64>, _>("first")?.map(UnixMs::from_millis)))
}
