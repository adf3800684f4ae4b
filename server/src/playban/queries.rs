//! Playban's SQL: the reads of the outcomes the store writes with each game's end (`store/outcomes.rs`,
//! table `playban_outcomes`). Playban writes nothing: its bans are replayed from these rows on every read.

use crate::game::{Conduct, UnixMs};
use crate::store::{Store, StoreError};
use sqlx::Row;

/// The outcomes (oldest first) of the player `key` (`lower(name)`; an account when `registered`, else a
/// guest by that name) since `since`.
pub async fn outcomes_of(
    store: &Store,
    key: &str,
    registered: bool,
    since: UnixMs,
) -> Result<Vec<(UnixMs, Conduct)>, StoreError> {
    let rows = sqlx::query(
        "SELECT at, outcome FROM playban_outcomes WHERE player_key = $1 AND registered = $2 AND at >= $3 \
         ORDER BY at, game_id",
    )
    .bind(key)
    .bind(i16::from(registered))
    .bind(since.millis())
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|r| {
            let text: String = r.try_get(1)?;
            let outcome = Conduct::parse(&text)
                .ok_or_else(|| StoreError::Corrupt(format!("playban outcome `{text}` of {key}")))?;
            Ok((UnixMs::from_millis(r.try_get::<i64, _>(0)?), outcome))
        })
        .collect()
}
