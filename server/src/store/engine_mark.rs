//! The computer-assisted mark and its refunds (migration 0021): when an account was marked, the rated
//! games whose points its opponents may get back, and the refunds themselves. Written as [`ModWrite`]s
//! (`EngineMark`, `Refund`) by the single writer, in the transaction of the moderator's action;
//! docs/moderation.md ("Computer assistance") states the rule.

use super::{ModWrite, Store, StoreError};
use crate::game::UnixMs;
use sqlx::{Any, Row, Transaction};

/// Points a player lost to the marked account in one rated game, to be given back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefundRow {
    pub game_id: String,
    /// The player who lost the points (its key).
    pub player_key: String,
    /// Its registered spelling, for the log.
    pub player: String,
    pub variant: String,
    /// `before - after` of its rating in that game, in billionths (always positive).
    pub points_e9: i64,
    /// The marked account's key.
    pub marked_key: String,
    pub at: UnixMs,
}

/// Applies the mark's writes inside the writer's transaction.
pub(super) async fn apply(tx: &mut Transaction<'static, Any>, write: &ModWrite) -> Result<(), sqlx::Error> {
    match write {
        ModWrite::EngineMark { player_key, at } => {
            sqlx::query("UPDATE players SET engine_marked_at = $2 WHERE lower(name) = $1")
                .bind(player_key)
                .bind(at.map(UnixMs::millis))
                .execute(&mut **tx)
                .await?;
        }
        ModWrite::Refund(r) => {
            let inserted = sqlx::query(
                "INSERT INTO rating_refunds (game_id, player_key, variant, points_e9, marked_key, at) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, player_key) DO NOTHING",
            )
            .bind(&r.game_id)
            .bind(&r.player_key)
            .bind(&r.variant)
            .bind(r.points_e9)
            .bind(&r.marked_key)
            .bind(r.at.millis())
            .execute(&mut **tx)
            .await?;
            // A game refunded before (a second mark after an unmark) gives nothing again.
            if inserted.rows_affected() == 1 {
                sqlx::query(
                    "UPDATE ratings SET rating_e9 = rating_e9 + $1, updated_at = $2 \
                     WHERE player_key = $3 AND variant = $4",
                )
                .bind(r.points_e9)
                .bind(r.at.millis())
                .bind(&r.player_key)
                .bind(&r.variant)
                .execute(&mut **tx)
                .await?;
            }
        }
        _ => unreachable!("only the mark's writes come here"),
    }
    Ok(())
}

impl Store {
    /// When the account `key` was marked as computer assisted (`None`: not marked, or no such account).
    pub async fn engine_mark(&self, key: &str) -> Result<Option<UnixMs>, StoreError> {
        let row = sqlx::query("SELECT engine_marked_at FROM players WHERE lower(name) = $1")
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(row.try_get::<Option<i64>, _>(0)?.map(UnixMs::from_millis))
    }

    /// The refunds owed for the account `marked` (its key): every rated game it won or drew since `since`
    /// in which its opponent's rating went down, and that was not refunded before; oldest first.
    pub async fn refunds_owed(&self, marked: &str, since: UnixMs, now: UnixMs) -> Result<Vec<RefundRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT v.game_id, v.player_key, COALESCE(p.name, v.player_key) AS name, v.variant, \
             v.before_e9 - v.after_e9 AS points \
             FROM rating_changes m \
             JOIN rating_changes v ON v.game_id = m.game_id AND v.side <> m.side \
             JOIN games g ON g.id = m.game_id \
             LEFT JOIN players p ON lower(p.name) = v.player_key \
             WHERE m.player_key = $1 AND m.at >= $2 AND v.player_key <> m.player_key \
             AND v.after_e9 < v.before_e9 AND (g.winner IS NULL OR g.winner = m.side) \
             AND NOT EXISTS (SELECT 1 FROM rating_refunds f WHERE f.game_id = v.game_id AND f.player_key = v.player_key) \
             ORDER BY m.at, m.game_id",
        )
        .bind(marked)
        .bind(since.millis())
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RefundRow {
                    game_id: r.try_get("game_id")?,
                    player_key: r.try_get("player_key")?,
                    player: r.try_get("name")?,
                    variant: r.try_get("variant")?,
                    points_e9: r.try_get("points")?,
                    marked_key: marked.to_string(),
                    at: now,
                })
            })
            .collect()
    }

    /// The tournaments not finished that the account `key` is in and has not withdrawn from.
    pub async fn tournaments_playing(&self, key: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT t.id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id \
             WHERE p.player_key = $1 AND p.withdrawn = 0 AND t.status <> 'finished' ORDER BY t.id",
        )
        .bind(key)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }
}
