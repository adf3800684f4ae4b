//! Blocks between accounts (migration 0017: `blocks`): who blocks whom, by the accounts' keys
//! (`lower(name)`). Writes are [`BlockWrite`]s, applied by the single writer; reads run on the read pool.

use super::{Store, StoreError};
use crate::game::UnixMs;
use sqlx::{Any, Row, Transaction};

/// A block as listed: the blocked account under the spelling it registered, and since when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRow {
    pub name: String,
    pub created_at: UnixMs,
}

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

pub(super) async fn apply(tx: &mut Transaction<'static, Any>, write: &BlockWrite) -> Result<(), sqlx::Error> {
    let q = match write {
        BlockWrite::Insert { blocker, blocked, at } => sqlx::query(
            "INSERT INTO blocks (blocker_key, blocked_key, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (blocker_key, blocked_key) DO NOTHING",
        )
        .bind(blocker)
        .bind(blocked)
        .bind(at.millis()),
        BlockWrite::Delete { blocker, blocked } => {
            sqlx::query("DELETE FROM blocks WHERE blocker_key = $1 AND blocked_key = $2").bind(blocker).bind(blocked)
        }
    };
    q.execute(&mut **tx).await?;
    Ok(())
}

impl Store {
    /// The accounts `blocker` blocks, oldest block first (a block of an account since released is left out).
    pub async fn blocks_of(&self, blocker: &str) -> Result<Vec<BlockRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.name, b.created_at FROM blocks b JOIN players p ON lower(p.name) = b.blocked_key \
             WHERE b.blocker_key = $1 ORDER BY b.created_at, b.blocked_key",
        )
        .bind(blocker)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BlockRow { name: r.try_get("name")?, created_at: UnixMs::from_millis(r.try_get("created_at")?) })
            })
            .collect()
    }

    /// The keys of the accounts `blocker` blocks.
    pub async fn blocked_keys(&self, blocker: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT blocked_key FROM blocks WHERE blocker_key = $1")
            .bind(blocker)
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(|r| Ok(r.try_get("blocked_key")?)).collect()
    }

    /// Every block, as (blocker, blocked) keys: what a node holds in memory from its start.
    pub async fn all_blocks(&self) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query("SELECT blocker_key, blocked_key FROM blocks").fetch_all(self.pool()).await?;
        rows.iter().map(|r| Ok((r.try_get("blocker_key")?, r.try_get("blocked_key")?))).collect()
    }

    /// The blocks between players of tournament `id`, as (blocker, blocked) keys.
    pub async fn blocks_among_players_of(&self, id: &str) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT b.blocker_key, b.blocked_key FROM blocks b \
             JOIN tournament_players a ON a.tournament_id = $1 AND a.player_key = b.blocker_key \
             JOIN tournament_players c ON c.tournament_id = $1 AND c.player_key = b.blocked_key",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok((r.try_get("blocker_key")?, r.try_get("blocked_key")?))).collect()
    }

    /// Does `blocker` block `blocked`?
    pub async fn is_blocked(&self, blocker: &str, blocked: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 AS one FROM blocks WHERE blocker_key = $1 AND blocked_key = $2")
            .bind(blocker)
            .bind(blocked)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.is_some())
    }
}
