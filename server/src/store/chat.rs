//! The games' chat (migration 0010: `chat_lines`): a line is written by its game's room before anyone is
//! sent it, and the room reads its game's lines when it is loaded.

use super::{Store, StoreError};
use sqlx::{Any, Row, Transaction};

/// A chat line as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    pub game_id: String,
    /// 1, 2, 3 … within the game.
    pub n: i64,
    /// `players` or `spectators`.
    pub room: String,
    pub author: String,
    /// `south` or `north` for a player's line.
    pub side: Option<String>,
    pub text: String,
    pub at: i64,
    /// Said under a shadow mute: sent to its author only.
    pub shadow: bool,
}

pub(super) async fn apply(tx: &mut Transaction<'static, Any>, r: &ChatRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO chat_lines (game_id, n, room, author, side, text, at, shadow) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&r.game_id)
    .bind(r.n)
    .bind(&r.room)
    .bind(&r.author)
    .bind(&r.side)
    .bind(&r.text)
    .bind(r.at)
    .bind(i16::from(r.shadow))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Store {
    /// The chat lines of game `game_id`, in order.
    pub async fn chat(&self, game_id: &str) -> Result<Vec<ChatRow>, StoreError> {
        let rows =
            sqlx::query("SELECT n, room, author, side, text, at, shadow FROM chat_lines WHERE game_id = $1 ORDER BY n")
                .bind(game_id)
                .fetch_all(self.pool())
                .await?;
        rows.iter()
            .map(|r| {
                Ok(ChatRow {
                    game_id: game_id.to_string(),
                    n: r.try_get::<i64, _>("n")?,
                    room: r.try_get("room")?,
                    author: r.try_get("author")?,
                    side: r.try_get("side")?,
                    text: r.try_get("text")?,
                    at: r.try_get("at")?,
                    shadow: r.try_get::<i64, _>("shadow")? != 0,
                })
            })
            .collect()
    }
}
