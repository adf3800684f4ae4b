//! Puzzles from players' games (migration 0025: `puzzle_mining`): which rated games with a stored
//! review are still to be mined, and the mark that a game was, written with its puzzles in one
//! transaction (`crate::puzzles::mining`).

use super::{Store, StoreError};
use crate::game::UnixMs;
use mancala_puzzles::Puzzle;
use sqlx::{Any, Row, Transaction};

/// A mined game: the puzzles it gave (each inserted unless its position is a puzzle already) and the
/// mark that it was mined.
#[derive(Clone, Debug)]
pub struct MinedGame {
    pub game_id: String,
    pub puzzles: Vec<Puzzle>,
    pub at: UnixMs,
}

/// Stores the game's puzzles (through the puzzles' own insert, the same position once) and its mark; a
/// mark stored already (another node mined the same game) stays.
pub(super) async fn apply(tx: &mut Transaction<'static, Any>, m: &MinedGame) -> Result<(), sqlx::Error> {
    super::puzzles::insert(tx, &m.puzzles, m.at, false).await?;
    sqlx::query(
        "INSERT INTO puzzle_mining (game_id, puzzles, at) VALUES ($1, $2, $3) ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(&m.game_id)
    .bind(m.puzzles.len() as i32)
    .bind(m.at.millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// The oldest rated games (at most `limit`, by their end) whose review at `nodes` nodes a decision
    /// is stored and that were not mined for puzzles yet.
    pub async fn reviewed_unmined(&self, nodes: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT rc.game_id FROM rating_changes rc JOIN reviews r ON r.game_id = rc.game_id AND r.nodes = $1 \
             WHERE NOT EXISTS (SELECT 1 FROM puzzle_mining m WHERE m.game_id = rc.game_id) \
             GROUP BY rc.game_id ORDER BY min(rc.at), rc.game_id LIMIT $2",
        )
        .bind(nodes)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok(r.try_get::<String, _>("game_id")?)).collect()
    }
}
