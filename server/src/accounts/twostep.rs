//! Two-step sign-in of an account (docs/protocol.md, "Two-step sign-in"): setting it up and confirming it
//! with a first code, the backup codes, the check of a code (one step either side, each step once, each
//! backup code once, at most [`MAX_WRONG`] wrong codes per account in [`WRONG_WINDOW`]), and the
//! sign-ins that wait for their code (a ticket, [`TICKET_LIFE`], used once). The arithmetic is in
//! [`super::totp`]; API tokens are not affected (a token is a credential of its own).

use super::queries::twostep::{self as queries, TicketRow, TwoStepWrite};
use super::totp::{self, Typed};
use crate::game::UnixMs;
use crate::ids::{self, PlayerName};
use crate::store::{Store, StoreError, Write};
use mancala_protocol::twostep::{TwoStepSetup, TwoStepStatus};
use std::time::Duration;

/// How long a sign-in waits for its code.
pub const TICKET_LIFE: Duration = Duration::from_secs(5 * 60);
/// Wrong codes an account may be sent in [`WRONG_WINDOW`] before every code is refused until the oldest
/// of them is that old.
pub const MAX_WRONG: u32 = 5;
/// See [`MAX_WRONG`].
pub const WRONG_WINDOW: Duration = Duration::from_secs(15 * 60);

/// Why two-step sign-in refuses.
#[derive(Debug, thiserror::Error)]
pub enum TwoStepError {
    /// A code that is not a code's shape; the message says what one looks like.
    #[error("{0}")]
    BadRequest(String),
    /// Not a code of the app now, nor an unused backup code.
    #[error("{0}")]
    Wrong(String),
    /// A right code already used (its step, or the backup code).
    #[error("{0}")]
    Used(String),
    /// Too many wrong codes for this account lately.
    #[error("too many wrong codes for this account (at most {MAX_WRONG} in 15 minutes)")]
    TooMany { retry_after: u64 },
    /// The sign-in's ticket is unknown, used or over.
    #[error("{0}")]
    Expired(String),
    /// Not possible in the account's state (on already, not set up).
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Internal(String),
}

fn now_secs(now: UnixMs) -> u64 {
    u64::try_from(now.millis()).unwrap_or(0) / 1000
}

/// Is two-step sign-in on for the account `key`?
pub async fn enabled(store: &Store, key: &str) -> Result<bool, StoreError> {
    Ok(queries::two_step(store, key).await?.is_some_and(|r| r.enabled_at.is_some()))
}

/// The account's state as its page shows it.
pub async fn status(store: &Store, key: &str) -> Result<TwoStepStatus, StoreError> {
    let enabled_at = queries::two_step(store, key).await?.and_then(|r| r.enabled_at);
    let backup_codes_left = if enabled_at.is_some() { queries::backup_codes_left(store, key).await? } else { 0 };
    Ok(TwoStepStatus { enabled: enabled_at.is_some(), enabled_at: enabled_at.map(UnixMs::wire), backup_codes_left })
}

/// A new secret for `name`, waiting for its first code (an earlier one waiting is replaced).
pub async fn setup(store: &Store, name: &PlayerName) -> Result<TwoStepSetup, TwoStepError> {
    let key = name.key();
    if enabled(store, &key).await? {
        return Err(TwoStepError::Conflict(
            "two-step sign-in is on already: turn it off first (POST /api/account/twostep/disable)".into(),
        ));
    }
    let secret = totp::new_secret();
    let uri = totp::uri(&secret, name.as_str());
    let qr_svg = totp::qr_svg(&uri).map_err(TwoStepError::Internal)?;
    let write = TwoStepWrite::Setup { player_key: key, secret: secret.clone(), now: UnixMs::now() };
    store.write(vec![Write::feature(write)]).await?;
    Ok(TwoStepSetup { secret, uri, qr_svg })
}

/// The writes that give the account `key` new backup codes; the codes, to show once.
fn backup_writes(key: &str, now: UnixMs) -> (Vec<String>, Write) {
    let codes = totp::new_backup_codes();
    let hashes = codes.iter().map(|c| totp::backup_hash(&c.replace('-', ""))).collect();
    (codes, Write::feature(TwoStepWrite::SetBackupCodes { player_key: key.to_string(), hashes, now }))
}

/// Turns two-step sign-in on with a first code of the secret set up; the backup codes, to show once.
pub async fn enable(store: &Store, name: &PlayerName, code: &str) -> Result<Vec<String>, TwoStepError> {
    let key = name.key();
    let Some(row) = queries::two_step(store, &key).await? else {
        return Err(TwoStepError::Conflict(
            "no secret is waiting for its first code: start with POST /api/account/twostep/setup".into(),
        ));
    };
    if row.enabled_at.is_some() {
        return Err(TwoStepError::Conflict("two-step sign-in is on already".into()));
    }
    let Typed::App(code) = totp::read(code).map_err(TwoStepError::BadRequest)? else {
        return Err(TwoStepError::BadRequest("`code` is the 6 digits the app shows for the new secret".into()));
    };
    let now = UnixMs::now();
    let Some(step) = totp::check(&row.secret, &code, now_secs(now)) else {
        return Err(TwoStepError::Wrong(
            "that is not the app's code for this secret now: check that the phone's clock is right, and type \
             the code it shows"
                .into(),
        ));
    };
    let (codes, backup) = backup_writes(&key, now);
    let enable = Write::feature(TwoStepWrite::Enable { player_key: key, step, now });
    match store.write(vec![enable, backup]).await {
        // Turned on by another request meanwhile.
        Err(StoreError::Database(sqlx::Error::RowNotFound)) => {
            Err(TwoStepError::Conflict("two-step sign-in is on already".into()))
        }
        other => other.map(|()| codes).map_err(Into::into),
    }
}

/// Checks `code` (a code of the app, or a backup code) for the account `key`, which has two-step sign-in
/// on, and uses it: its step, or the backup code, is not accepted again. A wrong code is counted.
pub async fn verify(store: &Store, key: &str, code: &str) -> Result<(), TwoStepError> {
    let now = UnixMs::now();
    let (wrong, first) =
        queries::two_step_failures(store, key, UnixMs::from_millis(now.millis() - window_ms())).await?;
    if wrong >= MAX_WRONG {
        let free_at = first.map_or(now.millis(), |f| f.millis() + window_ms());
        let retry_after = u64::try_from(((free_at - now.millis()).max(1000) + 999) / 1000).unwrap_or(1);
        return Err(TwoStepError::TooMany { retry_after });
    }
    let typed = totp::read(code).map_err(TwoStepError::BadRequest)?;
    let row = queries::two_step(store, key).await?.filter(|r| r.enabled_at.is_some());
    let Some(row) = row else { return Err(TwoStepError::Conflict("two-step sign-in is off for this account".into())) };
    let used = || TwoStepError::Used("that code was used already: wait for the app's next code".into());
    let write = match typed {
        Typed::App(code) => {
            let Some(step) = totp::check(&row.secret, &code, now_secs(now)) else {
                return Err(wrong_code(store, key, now).await);
            };
            if row.last_step.is_some_and(|last| last >= step) {
                return Err(used());
            }
            TwoStepWrite::UseStep { player_key: key.to_string(), step }
        }
        Typed::Backup(code) => {
            let hash = totp::backup_hash(&code);
            match queries::backup_code(store, key, &hash).await? {
                None => return Err(wrong_code(store, key, now).await),
                Some(found) if found.used_at.is_some() => {
                    return Err(TwoStepError::Used("that backup code was used already: each works once".into()));
                }
                Some(_) => TwoStepWrite::UseBackupCode { player_key: key.to_string(), hash, now },
            }
        }
    };
    match store.write(vec![Write::feature(write)]).await {
        // Another request used it between the read and the write.
        Err(StoreError::Database(sqlx::Error::RowNotFound)) => Err(used()),
        other => other.map_err(Into::into),
    }
}

fn window_ms() -> i64 {
    WRONG_WINDOW.as_millis() as i64
}

/// Counts a wrong code; the refusal to answer.
async fn wrong_code(store: &Store, key: &str, now: UnixMs) -> TwoStepError {
    let forget_before = UnixMs::from_millis(now.millis() - window_ms());
    let write = TwoStepWrite::Failure { player_key: key.to_string(), now, forget_before };
    if let Err(e) = store.write(vec![Write::feature(write)]).await {
        return e.into();
    }
    TwoStepError::Wrong("wrong code: type the 6 digits the app shows now, or an unused backup code".into())
}

/// New backup codes for the account `key` (the old ones stop working); to show once.
pub async fn new_backup_codes(store: &Store, key: &str) -> Result<Vec<String>, TwoStepError> {
    let (codes, write) = backup_writes(key, UnixMs::now());
    store.write(vec![write]).await?;
    Ok(codes)
}

/// Turns two-step sign-in off for the account `key`.
pub async fn disable(store: &Store, key: &str) -> Result<(), TwoStepError> {
    store.write(vec![Write::feature(TwoStepWrite::Disable { player_key: key.to_string() })]).await?;
    Ok(())
}

/// A sign-in of `name` whose password was right, waiting for its code: the ticket to send with it.
pub async fn wait_for_code(
    store: &Store,
    name: &PlayerName,
    token_label: Option<String>,
) -> Result<String, StoreError> {
    let ticket = ids::token();
    let now = UnixMs::now();
    let write = TwoStepWrite::InsertTicket {
        hash: ids::token_hash(&ticket),
        player_key: name.key(),
        token_label,
        now,
        expires_at: now.plus(TICKET_LIFE),
    };
    store.write(vec![Write::feature(write)]).await?;
    Ok(ticket)
}

fn expired() -> TwoStepError {
    TwoStepError::Expired("this sign-in is over (5 minutes) or was completed: sign in again with the password".into())
}

/// The sign-in waiting under `ticket`, if it still waits.
pub async fn waiting(store: &Store, ticket: &str) -> Result<TicketRow, TwoStepError> {
    queries::two_step_ticket(store, &ids::token_hash(ticket), UnixMs::now()).await?.ok_or_else(expired)
}

/// The write that ends the sign-in waiting under `ticket` (it fails the batch if the ticket was used or is
/// over by then).
pub fn use_ticket(ticket: &str) -> Write {
    Write::feature(TwoStepWrite::UseTicket { hash: ids::token_hash(ticket), now: UnixMs::now() })
}

/// A failed batch with [`use_ticket`] in it, in the words of a sign-in.
pub fn ticket_refused(e: StoreError) -> TwoStepError {
    match e {
        StoreError::Database(sqlx::Error::RowNotFound) => expired(),
        e => e.into(),
    }
}
