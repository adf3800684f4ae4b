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
//! The moves and the progress rows, a decision's two writes, are bound as values (up to [`BOUND_ROWS`] of
//! each, in texts of a few sizes); the game rows, the outcomes and larger batches go as JSON arrays, as in
//! the writer's own statements, and an empty array makes its statement a no-op.

use super::Backend;
use super::rows::{GAME_COLUMN_COUNT, GAME_COLUMNS, GameRow};
use super::writer::{Merged, json, move_json, progress_json};
use serde::ser::{Serialize, SerializeTuple, Serializer};
use sqlx::AnyPool;
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// A batch's moves and progress rows are bound as values, one `?` per column, when it has at most this many
/// of each; a larger batch (a burst, rare) sends them as JSON arrays taken apart by SQLite (`value ->> i`
/// over `jsonb_each`), which needs one text whatever the batch's size. Bound values spare SQLite a JSON
/// extraction per column (about a thousand instructions each, a tenth of the server's instructions per
/// decision: BENCHMARKS.md, "The live path's CPU per decision, kept").
const BOUND_ROWS: usize = 32;

/// The rows of a batch's text: its moves and progress rows counted up to the next power of two, the rest
/// of the rows `NULL` (a move row without a game is skipped, a progress row without an id matches no
/// game), so that a few texts serve every batch: each text is prepared once and kept in the connection's
/// statement cache, where one text per batch size would push each other out and be prepared again.
fn rows_of(n: usize) -> Option<usize> {
    (n <= BOUND_ROWS).then(|| n.next_power_of_two())
}

fn game_values() -> String {
    (0..GAME_COLUMN_COUNT).map(|i| format!("value ->> {i}")).collect::<Vec<_>>().join(", ")
}

/// The moves: `rows` bound rows of 8 values, or (`None`) one JSON array of rows.
fn moves_sql(rows: Option<usize>) -> String {
    let head = "INSERT INTO moves (game_id, ply, side, decision, client_id, auto, at, clock_ms)";
    match rows {
        Some(n) => format!(
            "{head} SELECT column1, column2, column3, column4, column5, column6, column7, column8 \
             FROM (VALUES {}) WHERE column1 IS NOT NULL;",
            vec!["(?, ?, ?, ?, ?, ?, ?, ?)"; n].join(", ")
        ),
        None => format!(
            "{head} SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, \
             value ->> 6, value ->> 7 FROM jsonb_each(?);"
        ),
    }
}

/// The full game rows (a join, an end: the last state of each game), as JSON rows.
fn games_sql() -> String {
    format!(
        "INSERT INTO games ({GAME_COLUMNS}) SELECT {} FROM jsonb_each(?) WHERE true \
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, \
         south_name = excluded.south_name, north_name = excluded.north_name, \
         south_registered = excluded.south_registered, north_registered = excluded.north_registered, \
         south_token_hash = excluded.south_token_hash, north_token_hash = excluded.north_token_hash, \
         invite_code = excluded.invite_code, south_clock_ms = excluded.south_clock_ms, \
         north_clock_ms = excluded.north_clock_ms, plies = excluded.plies, winner = excluded.winner, \
         reason = excluded.reason, updated_at = excluded.updated_at, takeback_v = excluded.takeback_v, \
         takeback_ply = excluded.takeback_ply, takeback_side = excluded.takeback_side, \
         south_berserk = excluded.south_berserk, north_berserk = excluded.north_berserk;",
        game_values()
    )
}

/// The progress of the games a decision only moved on (always newer than their join): `rows` bound rows
/// of 5 values (the game's id first), or (`None`) one JSON array of rows.
fn progress_sql(rows: Option<usize>) -> String {
    match rows {
        Some(n) => format!(
            "UPDATE games SET south_clock_ms = v.column2, north_clock_ms = v.column3, plies = v.column4, \
             updated_at = v.column5 FROM (VALUES {}) AS v WHERE games.id = v.column1;",
            vec!["(?, ?, ?, ?, ?)"; n].join(", ")
        ),
        None => "UPDATE games SET south_clock_ms = v.value ->> 1, north_clock_ms = v.value ->> 2, \
                 plies = v.value ->> 3, updated_at = v.value ->> 4 FROM jsonb_each(?) AS v \
                 WHERE games.id = v.value ->> 0;"
            .to_string(),
    }
}

/// The text of a batch of play, in the order [`super::writer`] applies its statements: the new games (a
/// move references its game), the moves, the full game rows, the progress; then, in a batch that ends
/// games only (about one in several dozen), what a game's end writes besides its row: the players'
/// outcomes (the penalties for leaving games) and its tournament's version. Even with nothing to write,
/// the tournaments' statement builds a temporary table for its `IN`, which cost every batch about a tenth
/// more instructions under callgrind.
fn play_text(moves: Option<usize>, progress: Option<usize>, ends: bool) -> String {
    let ends = if ends {
        format!(
            "{}; {};",
            super::outcomes::insert_sql(Backend::Sqlite),
            super::tournaments::games_ended_sql(Backend::Sqlite)
        )
    } else {
        String::new()
    };
    format!(
        "BEGIN; INSERT INTO games ({GAME_COLUMNS}) SELECT {} FROM jsonb_each(?); {} {} {} {ends} COMMIT;",
        game_values(),
        moves_sql(moves),
        games_sql(),
        progress_sql(progress)
    )
}

/// The texts made so far, by shape (moves' rows, progress rows, ends): at most 7 × 7 × 2.
type Texts = HashMap<(Option<usize>, Option<usize>, bool), Arc<str>>;
static TEXTS: LazyLock<Mutex<Texts>> = LazyLock::new(Default::default);

fn text_for(moves: Option<usize>, progress: Option<usize>, ends: bool) -> Arc<str> {
    let mut texts = TEXTS.lock().expect("texts lock");
    texts.entry((moves, progress, ends)).or_insert_with(|| play_text(moves, progress, ends).into()).clone()
}

/// Commits `batch` in one round trip. On failure nothing of it is stored: the transaction the text began is
/// rolled back (the statements after the failing one did not run), and if even that fails the connection is
/// closed, so that no later batch finds a transaction left open (SQLite rolls back what a closed connection
/// held).
pub(super) async fn commit(pool: &AnyPool, new_games: &[&GameRow], batch: &Merged<'_>) -> Result<(), sqlx::Error> {
    let (moves, progress) = (rows_of(batch.moves.len()), rows_of(batch.progress.len()));
    let outcomes: Vec<_> = batch.outcomes.iter().map(|o| super::outcomes::json_row(o)).collect();
    let ended: Vec<_> = batch.ended.iter().map(|game| [game]).collect();
    let ends = !outcomes.is_empty() || !ended.is_empty();
    let script = text_for(moves, progress, ends);
    let new_games: Vec<_> = new_games.iter().map(|g| GameJson(g)).collect();
    let mut query = sqlx::query(sqlx::AssertSqlSafe(&*script)).bind(json(&new_games));
    query = match moves {
        Some(rows) => {
            let q = batch.moves.iter().fold(query, |q, m| {
                q.bind(m.game_id.as_str())
                    .bind(i64::from(m.ply))
                    .bind(m.side.as_str())
                    .bind(m.decision.as_str())
                    .bind(m.client_id.as_deref())
                    .bind(i16::from(m.auto))
                    .bind(m.at)
                    .bind(m.clock_ms)
            });
            (batch.moves.len()..rows).fold(q, |q, _| (0..8).fold(q, |q, _| q.bind(None::<i64>)))
        }
        None => query.bind(json(&batch.moves.iter().map(|m| move_json(m)).collect::<Vec<_>>())),
    };
    let games: Vec<_> = batch.games.iter().map(|g| GameJson(g)).collect();
    query = query.bind(json(&games));
    query = match progress {
        Some(rows) => {
            let q = batch.progress.iter().fold(query, |q, p| {
                q.bind(p.id.as_str())
                    .bind(p.south_clock_ms)
                    .bind(p.north_clock_ms)
                    .bind(i64::from(p.plies))
                    .bind(p.updated_at)
            });
            (batch.progress.len()..rows).fold(q, |q, _| (0..5).fold(q, |q, _| q.bind(None::<i64>)))
        }
        None => query.bind(json(&batch.progress.iter().map(|p| progress_json(p)).collect::<Vec<_>>())),
    };
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
