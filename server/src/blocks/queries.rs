//! Blocks' SQL: table `blocks` (migration 0017), keyed by the accounts' keys (`lower(name)`,
//! [`crate::ids::PlayerName::key`]). The reads run on the read pool; a [`BlockWrite`] is handed to the
//! store's single writer, which runs it in its transaction as every write.

use crate::game::UnixMs;
use crate::store::{Backend, FeatureWrite, Report, Store, StoreError, Tx};
use futures_util::future::BoxFuture;
use sqlx::Row;

/// A write of the `blocks` table. Both keys are `lower(name)` ([`crate::ids::PlayerName::key`]).
#[derive(Clone, Debug)]
pub enum BlockWrite {
    /// `blocker` blocks `blocked` (a block already there keeps its first time).
    Insert {
        blocker: String,
        blocked: String,
        at: UnixMs,
    },
    Delete {
        blocker: String,
        blocked: String,
    },
}

impl FeatureWrite for BlockWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        let q = match self {
            BlockWrite::Insert { blocker, blocked, at } => sqlx::query(
                "INSERT INTO blocks (blocker_key, blocked_key, created_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (blocker_key, blocked_key) DO NOTHING",
            )
            .bind(blocker)
            .bind(blocked)
            .bind(at.millis()),
            BlockWrite::Delete { blocker, blocked } => {
                sqlx::query("DELETE FROM blocks WHERE blocker_key = $1 AND blocked_key = $2")
                    .bind(blocker)
                    .bind(blocked)
            }
        };
        Box::pin(async move {
            q.execute(&mut **tx).await?;
            Ok(None)
        })
    }
}

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
