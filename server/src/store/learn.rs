//! The lesson steps an account has met (migration 0007): kept on the account so that its progress follows
//! the player to another browser (`http/progress.rs`), and part of its download (`crate::accounts`).

use super::{Store, StoreError};
use crate::game::UnixMs;
use sqlx::{Any, Row, Transaction};

/// A lesson step met; a step met before keeps its first time. `player_key` is `lower(name)`.
#[derive(Clone, Debug)]
pub struct LearnStep {
    pub player_key: String,
    pub step: String,
    pub done_at: UnixMs,
}

/// Applies one step met inside the writer's transaction.
pub(super) async fn apply(tx: &mut Transaction<'static, Any>, write: &LearnStep) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO learn_progress (player_key, step, done_at) VALUES ($1, $2, $3) \
         ON CONFLICT (player_key, step) DO NOTHING",
    )
    .bind(&write.player_key)
    .bind(&write.step)
    .bind(write.done_at.millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// The lesson steps the account `key` has met, in the order it met them.
    pub async fn learn_progress(&self, key: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT step FROM learn_progress WHERE player_key = $1 ORDER BY done_at, step")
            .bind(key)
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(|r| Ok(r.try_get("step")?)).collect()
    }
}
