//! The accounts' SQL, the only SQL of the feature: the reads here and in its files run on the read pool,
//! and its writes are its own ([`crate::store::FeatureWrite`]s), handed to the store's single writer, which
//! runs them in its transaction with the rest of their job.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | a password reset link, by its secret's hash |
//! | [`writes`] | [`AccountWrite`]: sessions, API tokens, passwords, reset links |
//! | [`email`] | an account's address, its confirmation links, and what a closing forgets ([`EmailWrite`]) |
//! | [`twostep`] | two-step sign-in's secrets, backup codes, waiting sign-ins, wrong codes ([`twostep::TwoStepWrite`]) |
//! | [`data`] | what only "download my data" reads: an account's sessions, its chat lines |
//!
//! Who a credential stands for, an account's password hash and its sessions and tokens are read below the
//! feature (`store/accounts.rs`): the lobby and the sockets ask who a credential is, tournaments whether an
//! account has a password, and neither uses accounts; moderation's close reads what it revokes there too.

pub mod data;
pub mod email;
pub mod twostep;
pub mod writes;

pub use email::EmailWrite;
pub use writes::AccountWrite;

use crate::game::UnixMs;
use crate::ids::TokenHash;
use crate::store::{Store, StoreError};
use sqlx::Row;

/// The account key of reset link `token_hash` if it is unused and unexpired at `now`.
pub async fn password_reset(store: &Store, token_hash: &TokenHash, now: UnixMs) -> Result<Option<String>, StoreError> {
    let row = sqlx::query(
        "SELECT player_key FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(token_hash.as_str())
    .bind(now.millis())
    .fetch_optional(store.pool())
    .await?;
    Ok(row.map(|r| r.try_get::<String, _>(0)).transpose()?)
}
