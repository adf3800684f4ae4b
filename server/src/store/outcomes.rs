//! A finished game's outcomes: one row per player of how they behaved (`game::conduct`: `abort`, `leave`,
//! `good`, …; migration 0018, table `playban_outcomes`), written in the job that stores the game's end
//! (batched with it: `writer.rs`, and SQLite's one round trip, `script.rs`). A fact about the game, written
//! here so that the end costs no extra round trip; the penalties for leaving games read them
//! (`crate::playban`, its SQL in `playban/queries.rs`).

use super::Backend;
use super::writer::{from_json_rows, json};
use crate::game::Conduct;
use sqlx::{Any, Transaction};

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
