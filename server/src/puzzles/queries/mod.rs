//! Puzzles' SQL (migrations 0024, 0026, 0029): the set (`puzzles`), the accounts' attempts
//! (`puzzle_attempts`), their puzzle ratings and streaks (`puzzle_ratings`), votes (`puzzle_votes`) and the
//! games mined (`puzzle_mining`). The reads here run on the read pool; the writes ([`writes`]) are the
//! feature's own, run by the store's single writer in its transaction.

mod writes;

pub use writes::{AttemptOutcome, AttemptWrite, MinedGame, PuzzleWrite};

use crate::game::UnixMs;
use crate::ratings::Rating;
use crate::store::{Store, StoreError};
use mancala_puzzles::{Puzzle, PuzzleGame};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A stored puzzle: the puzzle (its `rating` the current one) and what attempts and votes made of it.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    pub puzzle: Puzzle,
    /// Its Glicko-2 rating now (`games`: attempts recorded).
    pub rating: Rating,
    pub votes_up: u32,
    pub votes_down: u32,
    pub retired: bool,
}

/// A puzzle's line as [`Store::puzzle_lines`] gives a stored one's.
pub fn line_of(p: &Puzzle) -> String {
    [json(&p.solution), json(&p.alternatives), json(&p.goal), json(&p.themes)].join("\n")
}

pub(super) fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("puzzle fields serialise")
}

pub(super) fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("puzzles: {what}: {e}"))
}

pub(super) fn count(row: &AnyRow, column: &str) -> Result<u32, StoreError> {
    let n: i64 = row.try_get(column)?;
    u32::try_from(n).map_err(|e| corrupt(column, e))
}

const PUZZLE_COLUMNS: &str = "id, variant, options, position, solution, alternatives, goal, themes, source, rating_e9, \
     deviation_e9, volatility_e9, plays, votes_up, votes_down, retired";

fn puzzle_of(row: &AnyRow) -> Result<PuzzleRow, StoreError> {
    let text = |c: &str| row.try_get::<String, _>(c);
    let field = |c: &str| -> Result<serde_json::Value, StoreError> {
        serde_json::from_str(&text(c)?).map_err(|e| corrupt(c, e))
    };
    let id: String = text("id")?;
    let value = serde_json::json!({
        "id": id,
        "variant": text("variant")?,
        "options": field("options")?,
        "position": text("position")?,
        "solution": field("solution")?,
        "alternatives": field("alternatives")?,
        "goal": field("goal")?,
        "themes": field("themes")?,
        "rating": Rating::from_e9(row.try_get("rating_e9")?),
        "source": field("source")?,
    });
    let puzzle: Puzzle = serde_json::from_value(value).map_err(|e| corrupt(&id, e))?;
    let rating = Rating::from_stored(
        row.try_get("rating_e9")?,
        row.try_get("deviation_e9")?,
        row.try_get("volatility_e9")?,
        count(row, "plays")?,
    );
    Ok(PuzzleRow {
        puzzle,
        rating,
        votes_up: count(row, "votes_up")?,
        votes_down: count(row, "votes_down")?,
        retired: row.try_get::<i64, _>("retired")? != 0,
    })
}

pub(super) fn rating_of(row: &AnyRow, games: &str) -> Result<Rating, StoreError> {
    Ok(Rating::from_stored(
        row.try_get("rating_e9")?,
        row.try_get("deviation_e9")?,
        row.try_get("volatility_e9")?,
        count(row, games)?,
    ))
}

/// What `next` and `streak` choose among: a game, a theme, and not these ids.
#[derive(Clone, Copy, Debug, Default)]
pub struct PuzzleFilter<'a> {
    pub game: Option<PuzzleGame>,
    /// A theme's name as stored (`endgame`).
    pub theme: Option<&'a str>,
    /// Puzzles left out (a guest's finished ones, which only its browser knows).
    pub exclude: &'a [String],
}

impl PuzzleFilter<'_> {
    /// `AND …` clauses on `puzzles p` from parameter `$first` on, and their values in order.
    fn clauses(&self, first: usize) -> (String, Vec<String>) {
        let mut sql = String::new();
        let mut values = Vec::new();
        if let Some(game) = self.game {
            values.push(game.id().to_string());
            sql.push_str(&format!(" AND p.game = ${}", first + values.len() - 1));
        }
        if let Some(theme) = self.theme {
            // `themes` is a JSON array of names: a name with its quotes is one element.
            values.push(format!("%\"{theme}\"%"));
            sql.push_str(&format!(" AND p.themes LIKE ${}", first + values.len() - 1));
        }
        if !self.exclude.is_empty() {
            let mut marks = Vec::with_capacity(self.exclude.len());
            for id in self.exclude {
                values.push(id.clone());
                marks.push(format!("${}", first + values.len() - 1));
            }
            sql.push_str(&format!(" AND p.id NOT IN ({})", marks.join(", ")));
        }
        (sql, values)
    }
}

/// An account's puzzle rating and streaks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleStanding {
    pub rating: Rating,
    pub streak_run: u32,
    pub streak_best: u32,
}

/// A recorded attempt as listed.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptRow {
    pub puzzle: String,
    pub game: String,
    /// The puzzle's themes as stored (a JSON array of names).
    pub themes: Vec<String>,
    pub won: bool,
    pub at: UnixMs,
    pub before: f64,
    pub after: f64,
}

/// The puzzle `id`, retired or not.
pub async fn puzzle(store: &Store, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
    let sql = format!("SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(store.pool()).await?;
    row.as_ref().map(puzzle_of).transpose()
}

/// Every stored puzzle's line as stored: its id, and its solution, other right answers, goal and
/// themes as JSON text, one string (compare with [`line_of`]).
pub async fn puzzle_lines(store: &Store) -> Result<std::collections::HashMap<String, String>, StoreError> {
    let rows =
        sqlx::query("SELECT id, solution, alternatives, goal, themes FROM puzzles").fetch_all(store.pool()).await?;
    rows.iter()
        .map(|r| {
            let parts: [String; 4] =
                [r.try_get("solution")?, r.try_get("alternatives")?, r.try_get("goal")?, r.try_get("themes")?];
            Ok((r.try_get("id")?, parts.join("\n")))
        })
        .collect()
}

/// The ids of the puzzles served (not retired), in id order.
pub async fn served_puzzle_ids(store: &Store) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query("SELECT id FROM puzzles WHERE retired = 0 ORDER BY id").fetch_all(store.pool()).await?;
    rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
}

/// Every puzzle, in id order (retired ones too when `retired`).
pub async fn all_puzzles(store: &Store, retired: bool) -> Result<Vec<PuzzleRow>, StoreError> {
    let filter = if retired { "" } else { " WHERE retired = 0" };
    let sql = format!("SELECT {PUZZLE_COLUMNS} FROM puzzles{filter} ORDER BY id");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(store.pool()).await?;
    rows.iter().map(puzzle_of).collect()
}

/// Up to `limit` served puzzles of `filter` nearest to `rating`, nearest first, leaving out those
/// `player_key` has a recorded attempt of.
pub async fn puzzles_near(
    store: &Store,
    filter: PuzzleFilter<'_>,
    rating: f64,
    player_key: Option<&str>,
    limit: u32,
) -> Result<Vec<PuzzleRow>, StoreError> {
    let (clauses, values) = filter.clauses(4);
    let sql = format!(
        "SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE p.retired = 0 AND NOT EXISTS (SELECT 1 FROM \
         puzzle_attempts a WHERE a.puzzle_id = p.id AND a.player_key = $1){clauses} \
         ORDER BY ABS(p.rating_e9 - $2), p.id LIMIT $3"
    );
    let mut q = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(player_key.unwrap_or(""))
        .bind(Rating::to_e9(rating))
        .bind(i64::from(limit));
    for v in values {
        q = q.bind(v);
    }
    let rows = q.fetch_all(store.pool()).await?;
    rows.iter().map(puzzle_of).collect()
}

/// Up to `limit` served puzzles of `filter` rated above `above` (any when `None`), easiest first.
pub async fn puzzles_above(
    store: &Store,
    filter: PuzzleFilter<'_>,
    above: Option<f64>,
    limit: u32,
) -> Result<Vec<PuzzleRow>, StoreError> {
    let (clauses, values) = filter.clauses(3);
    let sql = format!(
        "SELECT {PUZZLE_COLUMNS} FROM puzzles p WHERE p.retired = 0 AND p.rating_e9 > $1{clauses} \
         ORDER BY p.rating_e9, p.id LIMIT $2"
    );
    let mut q =
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(above.map_or(i64::MIN, Rating::to_e9)).bind(i64::from(limit));
    for v in values {
        q = q.bind(v);
    }
    let rows = q.fetch_all(store.pool()).await?;
    rows.iter().map(puzzle_of).collect()
}

/// Has `player_key` a recorded attempt of `puzzle`?
pub async fn puzzle_attempted(store: &Store, puzzle: &str, player_key: &str) -> Result<bool, StoreError> {
    let row = sqlx::query("SELECT 1 AS one FROM puzzle_attempts WHERE puzzle_id = $1 AND player_key = $2")
        .bind(puzzle)
        .bind(player_key)
        .fetch_optional(store.pool())
        .await?;
    Ok(row.is_some())
}

/// `player_key`'s puzzle rating and streaks, if it has recorded an attempt or a streak.
pub async fn puzzle_standing(store: &Store, player_key: &str) -> Result<Option<PuzzleStanding>, StoreError> {
    let row = sqlx::query(
        "SELECT rating_e9, deviation_e9, volatility_e9, attempts, streak_run, streak_best \
         FROM puzzle_ratings WHERE player_key = $1",
    )
    .bind(player_key)
    .fetch_optional(store.pool())
    .await?;
    row.map(|r| {
        Ok(PuzzleStanding {
            rating: rating_of(&r, "attempts")?,
            streak_run: count(&r, "streak_run")?,
            streak_best: count(&r, "streak_best")?,
        })
    })
    .transpose()
}

/// `player_key`'s recorded attempts, newest first, at most `limit` (`None`: all).
pub async fn puzzle_attempts(
    store: &Store,
    player_key: &str,
    limit: Option<u32>,
) -> Result<Vec<AttemptRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT a.puzzle_id, p.game, p.themes, a.won, a.at, a.rating_before_e9, a.rating_after_e9 \
         FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id WHERE a.player_key = $1 \
         ORDER BY a.at DESC, a.puzzle_id LIMIT $2",
    )
    .bind(player_key)
    .bind(limit.map_or(i64::MAX, i64::from))
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|r| {
            let themes: String = r.try_get("themes")?;
            Ok(AttemptRow {
                puzzle: r.try_get("puzzle_id")?,
                game: r.try_get("game")?,
                themes: serde_json::from_str(&themes).map_err(|e| corrupt("themes", e))?,
                won: r.try_get::<i64, _>("won")? != 0,
                at: UnixMs::from_millis(r.try_get("at")?),
                before: Rating::from_e9(r.try_get("rating_before_e9")?),
                after: Rating::from_e9(r.try_get("rating_after_e9")?),
            })
        })
        .collect()
}

/// The oldest rated games (at most `limit`, by their end) whose review at `nodes` nodes a decision is
/// stored and that were not mined for puzzles yet.
pub async fn reviewed_unmined(store: &Store, nodes: i64, limit: i64) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query(
        "SELECT rc.game_id FROM rating_changes rc JOIN reviews r ON r.game_id = rc.game_id AND r.nodes = $1 \
         WHERE NOT EXISTS (SELECT 1 FROM puzzle_mining m WHERE m.game_id = rc.game_id) \
         GROUP BY rc.game_id ORDER BY min(rc.at), rc.game_id LIMIT $2",
    )
    .bind(nodes)
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(|r| Ok(r.try_get::<String, _>("game_id")?)).collect()
}
