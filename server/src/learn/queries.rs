//! The lesson steps an account has met (migration 0007): kept on the account so that its progress follows
//! the player to another browser ([`super::routes::progress`]), and part of its download
//! (`crate::accounts`). A [`LearnStep`] is handed to the store's single writer, which runs it in its
//! transaction as every write.

use crate::game::UnixMs;
use crate::store::{Backend, FeatureWrite, Report, Store, StoreError, Tx};
use futures_util::future::BoxFuture;
use sqlx::Row;

/// A lesson step met; a step met before keeps its first time. `player_key` is `lower(name)`.
#[derive(Clone, Debug)]
pub struct LearnStep {
    pub player_key: String,
    pub step: String,
    pub done_at: UnixMs,
}

impl FeatureWrite for LearnStep {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            sqlx::query(
                "INSERT INTO learn_progress (player_key, step, done_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (player_key, step) DO NOTHING",
            )
            .bind(&self.player_key)
            .bind(&self.step)
            .bind(self.done_at.millis())
            .execute(&mut **tx)
            .await?;
            Ok(None)
        })
    }
}

/// The lesson steps the account `key` has met, in the order it met them.
pub async fn progress(store: &Store, key: &str) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query("SELECT step FROM learn_progress WHERE player_key = $1 ORDER BY done_at, step")
        .bind(key)
        .fetch_all(store.pool())
        .await?;
    rows.iter().map(|r| Ok(r.try_get("step")?)).collect()
}
