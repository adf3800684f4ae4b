//! Blocks' SQL: the reads of table `blocks` (migration 0017), keyed by the accounts' keys (`lower(name)`,
//! [`crate::ids::PlayerName::key`]). Writes are the store's [`crate::store::BlockWrite`]s, applied by its
//! single writer as every write is; these reads run on the read pool.

use crate::game::UnixMs;
use crate::store::{Store, StoreError};
use sqlx::Row;

/// A block as listed: the blocked account under the spelling it registered, and since when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRow {
    pub name: String,
    pub created_at: UnixMs,
}

/// The accounts `blocker` blocks, oldest block first (a block of an account since released is left out).
pub async fn blocks_of(store: &Store, blocker: &str) -> Result<Vec<BlockRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT p.name, b.created_at FROM blocks b JOIN players p ON lower(p.name) = b.blocked_key \
         WHERE b.blocker_key = $1 ORDER BY b.created_at, b.blocked_key",
    )
    .bind(blocker)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|r| Ok(BlockRow { name: r.try_get("name")?, created_at: UnixMs::from_millis(r.try_get("created_at")?) }))
        .collect()
}

/// The keys of the accounts `blocker` blocks.
pub async fn blocked_keys(store: &Store, blocker: &str) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query("SELECT blocked_key FROM blocks WHERE blocker_key = $1")
        .bind(blocker)
        .fetch_all(store.pool())
        .await?;
    rows.iter().map(|r| Ok(r.try_get("blocked_key")?)).collect()
}

/// Every block, as (blocker, blocked) keys: what a node holds in memory from its start.
pub async fn all(store: &Store) -> Result<Vec<(String, String)>, StoreError> {
    let rows = sqlx::query("SELECT blocker_key, blocked_key FROM blocks").fetch_all(store.pool()).await?;
    rows.iter().map(|r| Ok((r.try_get("blocker_key")?, r.try_get("blocked_key")?))).collect()
}

/// The blocks between players of tournament `id`, as (blocker, blocked) keys.
pub async fn among_players_of(store: &Store, id: &str) -> Result<Vec<(String, String)>, StoreError> {
    let rows = sqlx::query(
        "SELECT b.blocker_key, b.blocked_key FROM blocks b \
         JOIN tournament_players a ON a.tournament_id = $1 AND a.player_key = b.blocker_key \
         JOIN tournament_players c ON c.tournament_id = $1 AND c.player_key = b.blocked_key",
    )
    .bind(id)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(|r| Ok((r.try_get("blocker_key")?, r.try_get("blocked_key")?))).collect()
}

/// Does `blocker` block `blocked`?
pub async fn is_blocked(store: &Store, blocker: &str, blocked: &str) -> Result<bool, StoreError> {
    let row = sqlx::query("SELECT 1 AS one FROM blocks WHERE blocker_key = $1 AND blocked_key = $2")
        .bind(blocker)
        .bind(blocked)
        .fetch_optional(store.pool())
        .await?;
    Ok(row.is_some())
}
