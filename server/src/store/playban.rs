//! The outcomes the penalties for leaving games count (migration 0018, `playban_outcomes`): one row per
//! finished game and per player, written in the job that stores the game's end, and a person's outcomes of
//! a time window, which the lobby replays into a ban (`crate::lobby::playban`).

use super::writer::{from_json_rows, json};
use super::{Backend, Store, StoreError};
use crate::game::{Conduct, UnixMs};
use sqlx::{Any, Row, Transaction};

/// One player's outcome of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeRow {
    pub game_id: String,
    /// `lower(name)`.
    pub player_key: String,
    pub registered: bool,
    pub outcome: Conduct,
    /// The game's end (unix ms).
    pub at: i64,
}

/// The outcomes of the games a batch ends, in one statement (the rows as one JSON array, as the writer's
/// moves). A game ends once; a job retried after a lost answer writes the same rows again, harmlessly.
pub(super) async fn insert(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    rows: &[&OutcomeRow],
) -> Result<(), sqlx::Error> {
    let rows: Vec<_> = rows.iter().map(|o| json_row(o)).collect();
    sqlx::query(insert_sql(backend)).bind(json(&rows)).execute(&mut **tx).await?;
    Ok(())
}

/// The statement of [`insert`], its rows one JSON array parameter (SQLite's batch script runs it too).
pub(super) fn insert_sql(backend: Backend) -> &'static str {
    let sql = from_json_rows!(
        "INSERT INTO playban_outcomes (game_id, player_key, registered, outcome, at) \
         SELECT value ->> 0, value ->> 1, CAST(value ->> 2 AS SMALLINT), value ->> 3, CAST(value ->> 4 AS BIGINT) \
         FROM ",
        " WHERE true ON CONFLICT (game_id, player_key, registered) DO NOTHING"
    );
    sql(backend)
}

/// An outcome's row as a JSON array, in the order of the columns of [`insert`].
pub(super) fn json_row(o: &OutcomeRow) -> impl serde::Serialize + '_ {
    (&o.game_id, &o.player_key, i16::from(o.registered), o.outcome.as_str(), o.at)
}

impl Store {
    /// The outcomes (oldest first) of the player `key` (`lower(name)`; an account when `registered`, else a
    /// guest by that name) since `since`.
    pub async fn outcomes_of(
        &self,
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
        .fetch_all(self.pool())
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
}
