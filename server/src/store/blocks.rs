//! The writes of table `blocks` (migration 0017: who blocks whom, by the accounts' keys, `lower(name)`),
//! applied by the single writer. The feature's reads are its own (`crate::blocks::queries`).

use crate::game::UnixMs;
use sqlx::{Any, Transaction};

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
