//! SQLite: a whole batch in one round trip. sqlx runs each SQLite connection on a thread of its own, and every
//! statement is a hand-off to that thread and back; a batch written statement by statement (begin, the new
//! games, the moves, the full game rows, the progress, commit) waits for each. One multi-statement text
//! (sqlx binds its anonymous `?` across the statements in order) does the batch in one hand-off, whatever its
//! kinds of write. It takes the batches made only of games, moves and the ends of games (every batch of
//! play, a game's end with its players' outcomes and its tournament's version included); a batch with a new
//! player, an account write or a rating goes the statement-by-statement way ([`super::writer`]).
//!
//! What it saves is the wait, not the work: a decision's commit does not wait for a worker to take the
//! writer's task up again after each statement (the figures: BENCHMARKS.md, "Where a decision's CPU goes on
//! this machine", the batch of play in one round trip).
//!
//! The rows go as JSON arrays, as in the writer's own statements; an empty array makes its statement a no-op.

use super::Backend;
use super::rows::{GAME_COLUMN_COUNT, GAME_COLUMNS, GameRow};
use super::writer::{Merged, json, move_json, progress_json};
use serde::ser::{Serialize, SerializeTuple, Serializer};
use sqlx::AnyPool;
use std::sync::LazyLock;

/// The statements of every batch of play, in the order [`super::writer`] applies them: the new games (a
/// move references its game), the moves, the full game rows (a join, an end: the last state of each
/// game), then the progress of the games a decision only moved on (always newer than their join).
fn play_statements() -> String {
    let game_values = (0..GAME_COLUMN_COUNT).map(|i| format!("value ->> {i}")).collect::<Vec<_>>().join(", ");
    format!(
        "INSERT INTO games ({GAME_COLUMNS}) SELECT {game_values} FROM jsonb_each(?); \
         INSERT INTO moves (game_id, ply, side, decision, client_id, auto, at, clock_ms) \
         SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, \
         value ->> 7 FROM jsonb_each(?); \
         INSERT INTO games ({GAME_COLUMNS}) SELECT {game_values} FROM jsonb_each(?) WHERE true \
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, \
         south_name = excluded.south_name, north_name = excluded.north_name, \
         south_registered = excluded.south_registered, north_registered = excluded.north_registered, \
         south_token_hash = excluded.south_token_hash, north_token_hash = excluded.north_token_hash, \
         invite_code = excluded.invite_code, south_clock_ms = excluded.south_clock_ms, \
         north_clock_ms = excluded.north_clock_ms, plies = excluded.plies, winner = excluded.winner, \
         reason = excluded.reason, updated_at = excluded.updated_at, takeback_v = excluded.takeback_v, \
         takeback_ply = excluded.takeback_ply, takeback_side = excluded.takeback_side, \
         south_berserk = excluded.south_berserk, north_berserk = excluded.north_berserk; \
         UPDATE games SET south_clock_ms = v.value ->> 1, north_clock_ms = v.value ->> 2, plies = v.value ->> 3, \
         updated_at = v.value ->> 4 FROM jsonb_each(?) AS v WHERE games.id = v.value ->> 0;"
    )
}

/// A batch of play that ends no game.
static PLAY: LazyLock<String> = LazyLock::new(|| format!("BEGIN; {} COMMIT;", play_statements()));

/// A batch of play that ends games: the same, then what a game's end writes besides its row, the players'
/// outcomes (the penalties for leaving games) and its tournament's version. Only such a batch (about one
/// in several dozen) runs these two: even with nothing to write, the tournaments' statement builds a
/// temporary table for its `IN`, which cost every batch about a tenth more instructions under callgrind.
static PLAY_AND_ENDS: LazyLock<String> = LazyLock::new(|| {
    format!(
        "BEGIN; {} {}; {}; COMMIT;",
        play_statements(),
        super::playban::insert_sql(Backend::Sqlite),
        super::tournaments::games_ended_sql(Backend::Sqlite)
    )
});

/// Commits `batch` in one round trip. On failure nothing of it is stored: the transaction the text began is
/// rolled back (the statements after the failing one did not run), and if even that fails the connection is
/// closed, so that no later batch finds a transaction left open (SQLite rolls back what a closed connection
/// held).
pub(super) async fn commit(pool: &AnyPool, new_games: &[&GameRow], batch: &Merged<'_>) -> Result<(), sqlx::Error> {
    let new_games: Vec<_> = new_games.iter().map(|g| GameJson(g)).collect();
    let moves: Vec<_> = batch.moves.iter().map(|m| move_json(m)).collect();
    let games: Vec<_> = batch.games.iter().map(|g| GameJson(g)).collect();
    let progress: Vec<_> = batch.progress.iter().map(|p| progress_json(p)).collect();
    let outcomes: Vec<_> = batch.outcomes.iter().map(|o| super::playban::json_row(o)).collect();
    let ended: Vec<_> = batch.ended.iter().map(|game| [game]).collect();
    let ends = !outcomes.is_empty() || !ended.is_empty();
    let script = if ends { PLAY_AND_ENDS.as_str() } else { PLAY.as_str() };
    let mut query = sqlx::query(sqlx::AssertSqlSafe(script))
        .bind(json(&new_games))
        .bind(json(&moves))
        .bind(json(&games))
        .bind(json(&progress));
    if ends {
        query = query.bind(json(&outcomes)).bind(json(&ended));
    }
    let mut conn = pool.acquire().await?;
    let result = query.execute(&mut *conn).await;
    if result.is_err() && sqlx::query("ROLLBACK").execute(&mut *conn).await.is_err() {
        conn.close_on_drop();
    }
    result.map(drop)
}

/// A whole game row as a JSON array in the order of [`GAME_COLUMNS`] (serde's tuples stop at 16 items).
struct GameJson<'a>(&'a GameRow);

impl Serialize for GameJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let g = self.0;
        let mut t = s.serialize_tuple(GAME_COLUMN_COUNT)?;
        t.serialize_element(&g.id)?;
        t.serialize_element(&g.variant)?;
        t.serialize_element(&g.options)?;
        t.serialize_element(&g.status)?;
        t.serialize_element(&g.south_name)?;
        t.serialize_element(&g.north_name)?;
        t.serialize_element(&(g.south_registered as i16))?;
        t.serialize_element(&(g.north_registered as i16))?;
        t.serialize_element(&g.south_token_hash)?;
        t.serialize_element(&g.north_token_hash)?;
        t.serialize_element(&g.invite_code)?;
        t.serialize_element(&g.clock_base_ms)?;
        t.serialize_element(&g.clock_increment_ms)?;
        t.serialize_element(&g.south_clock_ms)?;
        t.serialize_element(&g.north_clock_ms)?;
        t.serialize_element(&(g.auto_forced as i16))?;
        t.serialize_element(&(g.rated as i16))?;
        t.serialize_element(&g.plies)?;
        t.serialize_element(&g.winner)?;
        t.serialize_element(&g.reason)?;
        t.serialize_element(&g.created_at)?;
        t.serialize_element(&g.updated_at)?;
        t.serialize_element(&g.clock_days)?;
        t.serialize_element(&g.takeback_v)?;
        t.serialize_element(&g.takeback_ply)?;
        t.serialize_element(&g.takeback_side)?;
        t.serialize_element(&(g.berserk_allowed as i16))?;
        t.serialize_element(&g.south_berserk)?;
        t.serialize_element(&g.north_berserk)?;
        t.end()
    }
}
