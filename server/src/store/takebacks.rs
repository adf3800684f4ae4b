//! The games' takebacks (migration 0012: `takebacks`, and the last one's columns of `games`): a takeback's
//! row is written with the game row after it, and the decisions it undid leave `moves` in the same
//! transaction, so the record read back is the line the game follows and new decisions take their numbers.

use super::{Store, StoreError};
use sqlx::{Any, Row, Transaction};

/// A takeback as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakebackRow {
    pub game_id: String,
    /// The version of its event.
    pub v: i64,
    /// Who asked for it: `south` or `north`.
    pub side: String,
    /// The ply the game returned to: the decisions after it were undone.
    pub to_ply: i64,
    /// The decisions undone, in notation, separated by spaces.
    pub undone: String,
    pub at: i64,
}

pub(super) async fn apply(tx: &mut Transaction<'static, Any>, r: &TakebackRow) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO takebacks (game_id, v, side, to_ply, undone, at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&r.game_id)
        .bind(r.v)
        .bind(&r.side)
        .bind(r.to_ply)
        .bind(&r.undone)
        .bind(r.at)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply > $2")
        .bind(&r.game_id)
        .bind(r.to_ply)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

impl Store {
    /// The takebacks of game `game_id`, in order.
    pub async fn takebacks(&self, game_id: &str) -> Result<Vec<TakebackRow>, StoreError> {
        let rows = sqlx::query("SELECT v, side, to_ply, undone, at FROM takebacks WHERE game_id = $1 ORDER BY v")
            .bind(game_id)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| {
                Ok(TakebackRow {
                    game_id: game_id.to_string(),
                    v: r.try_get("v")?,
                    side: r.try_get("side")?,
                    to_ply: r.try_get::<i64, _>("to_ply")?,
                    undone: r.try_get("undone")?,
                    at: r.try_get("at")?,
                })
            })
            .collect()
    }
}
