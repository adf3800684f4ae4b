//! What moderation holds on an account, as the layers below moderation read it (migrations 0016, 0021): its
//! standing (moderator, closed, chat timeout, shadow mute) and the computer-assisted mark. Moderation sets
//! them (`crate::moderation::queries`), but a sign-in, a socket, a chat line in a room and a rated seek in
//! the lobby ask for them, and those sit below moderation on the map (docs/server.md): so the reads are
//! the store's. docs/moderation.md says what each is for.

use super::{Store, StoreError};
use crate::game::UnixMs;
use sqlx::Row;

/// What moderation holds on an account.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub moderator: bool,
    pub closed_at: Option<UnixMs>,
    /// Its chat lines are refused until then.
    pub chat_until: Option<UnixMs>,
    /// Its chat lines reach only itself.
    pub shadow_muted: bool,
}

fn ms(row: &sqlx::any::AnyRow, column: &str) -> Result<Option<UnixMs>, StoreError> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(UnixMs::from_millis))
}

impl Store {
    /// The standing of the account `key`; `None`: no such account.
    pub async fn standing(&self, key: &str) -> Result<Option<Standing>, StoreError> {
        let row =
            sqlx::query("SELECT moderator, closed_at, chat_until, shadow_muted FROM players WHERE lower(name) = $1")
                .bind(key)
                .fetch_optional(self.pool())
                .await?;
        row.map(|r| {
            Ok(Standing {
                moderator: r.try_get::<i64, _>("moderator")? != 0,
                closed_at: ms(&r, "closed_at")?,
                chat_until: ms(&r, "chat_until")?,
                shadow_muted: r.try_get::<i64, _>("shadow_muted")? != 0,
            })
        })
        .transpose()
    }

    /// When the account `key` was marked as computer assisted (`None`: not marked, or no such account).
    pub async fn engine_mark(&self, key: &str) -> Result<Option<UnixMs>, StoreError> {
        let row = sqlx::query("SELECT engine_marked_at FROM players WHERE lower(name) = $1")
            .bind(key)
            .fetch_optional(self.pool())
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(row.try_get::<Option<i64>, _>(0)?.map(UnixMs::from_millis))
    }
}
