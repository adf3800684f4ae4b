//! The tournaments' part of a game's commit: a game that ends raises the version of the tournament it
//! belongs to (its standings are its games), in the transaction that ends it. The tournaments' own rows
//! and writes are the feature's (`crate::tournaments::queries`).

use super::Backend;
use super::writer::{from_json_rows, json};
use sqlx::{Any, Transaction};

/// Raises the version of the tournaments the games `ended` belong to (a tournament's standings are its
/// games), in one statement: the games' ids as one JSON array of one-item rows, as the writer's moves.
pub(super) async fn games_ended(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    ended: &[&str],
) -> Result<(), sqlx::Error> {
    let rows: Vec<_> = ended.iter().map(|game| [game]).collect();
    sqlx::query(games_ended_sql(backend)).bind(json(&rows)).execute(&mut **tx).await?;
    Ok(())
}

/// The statement of [`games_ended`], the games one JSON array parameter (SQLite's batch script runs it too).
pub(super) fn games_ended_sql(backend: Backend) -> &'static str {
    let sql = from_json_rows!(
        "UPDATE tournaments SET version = version + 1 WHERE id IN \
         (SELECT tournament_id FROM tournament_pairings WHERE game_id IN (SELECT value ->> 0 FROM ",
        "))"
    );
    sql(backend)
}
