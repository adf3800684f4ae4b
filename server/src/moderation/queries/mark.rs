//! The computer-assisted mark's reads (migration 0021): the rated games whose points the marked account's
//! opponents may get back, and the tournaments it is withdrawn from. The mark and the refunds are written
//! as [`super::ModWrite`]s (`EngineMark`, `Refund`) in the transaction of the moderator's action; whether
//! an account is marked is the store's read (`Store::engine_mark`), since the lobby asks it.
//! docs/moderation.md ("Computer assistance") states the rule.

use crate::game::UnixMs;
use crate::store::{Store, StoreError};
use sqlx::Row;

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

/// The refunds owed for the account `marked` (its key): every rated game it won or drew since `since`
/// in which its opponent's rating went down, and that was not refunded before; oldest first.
pub async fn refunds_owed(
    store: &Store,
    marked: &str,
    since: UnixMs,
    now: UnixMs,
) -> Result<Vec<RefundRow>, StoreError> {
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
    .fetch_all(store.pool())
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
pub async fn tournaments_playing(store: &Store, key: &str) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(
        "SELECT t.id FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id \
         WHERE p.player_key = $1 AND p.withdrawn = 0 AND t.status <> 'finished' ORDER BY t.id",
    )
    .bind(key)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}
