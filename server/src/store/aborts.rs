//! Who aborted a game (migration 0006: `games.aborted_by`), written with the abort, and a person's aborts
//! of a time window: what the lobby's abort pause counts (`crate::lobby::aborts`).

use super::{Store, StoreError};
use crate::game::UnixMs;
use sqlx::{Any, Row, Transaction};

/// The side whose player aborted game `game_id` (`south`, `north`): written in the job that stores the
/// abort, after its game row exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbortedBy {
    pub game_id: String,
    pub side: String,
}

pub(super) async fn apply(tx: &mut Transaction<'static, Any>, a: &AbortedBy) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE games SET aborted_by = $2 WHERE id = $1")
        .bind(&a.game_id)
        .bind(&a.side)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

impl Store {
    /// When (unix ms, oldest first) the player `key` (`lower(name)`; an account when `registered`, else a
    /// guest by that name) aborted games, since `since`.
    pub async fn aborts_of(&self, key: &str, registered: bool, since: UnixMs) -> Result<Vec<UnixMs>, StoreError> {
        let rows = sqlx::query(
            "SELECT updated_at FROM games WHERE aborted_by IS NOT NULL AND updated_at >= $2 AND ( \
               (aborted_by = 'south' AND lower(south_name) = $1 AND south_registered = $3) \
               OR (aborted_by = 'north' AND lower(north_name) = $1 AND north_registered = $3)) \
             ORDER BY updated_at",
        )
        .bind(key)
        .bind(since.millis())
        .bind(i16::from(registered))
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok(UnixMs::from_millis(r.try_get::<i64, _>(0)?))).collect()
    }
}
