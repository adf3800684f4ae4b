//! The post-game reviews (migration 0009: `reviews`), one row per finished game: written once by the
//! review job (`crate::analysis::routes::review`) through the writer, read back as the JSON it was stored as.

use super::{Store, StoreError};
use sqlx::{Any, Row, Transaction};

/// A finished game's review, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewRow {
    pub game_id: String,
    /// The nodes of each decision's analysis.
    pub nodes: i64,
    /// The review, as JSON.
    pub review: String,
    pub created_at: i64,
}

/// Stores a review; one computed again with another budget replaces the old one.
pub(super) async fn apply(tx: &mut Transaction<'static, Any>, r: &ReviewRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO reviews (game_id, nodes, review, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id) DO UPDATE SET nodes = excluded.nodes, review = excluded.review, \
         created_at = excluded.created_at",
    )
    .bind(&r.game_id)
    .bind(r.nodes)
    .bind(&r.review)
    .bind(r.created_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// The stored review (JSON) of game `game_id` computed with `nodes` nodes a decision, if there is one.
    pub async fn review(&self, game_id: &str, nodes: i64) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT review FROM reviews WHERE game_id = $1 AND nodes = $2")
            .bind(game_id)
            .bind(nodes)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.map(|r| r.try_get::<String, _>(0)).transpose()?)
    }
}
