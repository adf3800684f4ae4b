//! The reads of "download my data" (`GET /api/account/export`) that no other part of the server makes:
//! an account's sessions without their ids, and the chat lines written under its name. The rest of the
//! download (games, ratings, tokens, lessons, blocks) comes from the reads the site already has.

use crate::game::UnixMs;
use crate::store::{ChatRow, Store, StoreError};
use sqlx::Row;

/// A session as its account sees it in its data: when, never which (its id's hash stays out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionInfo {
    pub created_at: UnixMs,
    pub last_seen: UnixMs,
    pub expires_at: UnixMs,
}

/// The most chat lines one download holds (the newest).
pub const MAX_CHAT_LINES: i64 = 10_000;

/// The sessions of the account `key`, oldest first.
pub async fn sessions_of(store: &Store, key: &str) -> Result<Vec<SessionInfo>, StoreError> {
    let rows =
        sqlx::query("SELECT created_at, last_seen, expires_at FROM sessions WHERE player_key = $1 ORDER BY created_at")
            .bind(key)
            .fetch_all(store.pool())
            .await?;
    rows.iter()
        .map(|r| {
            Ok(SessionInfo {
                created_at: UnixMs::from_millis(r.try_get("created_at")?),
                last_seen: UnixMs::from_millis(r.try_get("last_seen")?),
                expires_at: UnixMs::from_millis(r.try_get("expires_at")?),
            })
        })
        .collect()
}

/// The chat lines written under the name of the account `key` (guests cannot take a registered name),
/// oldest first, at most [`MAX_CHAT_LINES`] of the newest.
pub async fn chat_lines_by(store: &Store, key: &str) -> Result<Vec<ChatRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT game_id, n, room, author, side, text, at, shadow FROM chat_lines WHERE lower(author) = $1 \
         ORDER BY at DESC, game_id, n LIMIT $2",
    )
    .bind(key)
    .bind(MAX_CHAT_LINES)
    .fetch_all(store.pool())
    .await?;
    let mut lines = rows
        .iter()
        .map(|r| {
            Ok(ChatRow {
                game_id: r.try_get("game_id")?,
                n: r.try_get::<i64, _>("n")?,
                room: r.try_get("room")?,
                author: r.try_get("author")?,
                side: r.try_get("side")?,
                text: r.try_get("text")?,
                at: r.try_get("at")?,
                shadow: r.try_get::<i64, _>("shadow")? != 0,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    lines.reverse();
    Ok(lines)
}
