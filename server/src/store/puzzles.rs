//! Puzzles' rows (migration 0024): the set (`puzzles`), the accounts' attempts (`puzzle_attempts`), their
//! puzzle ratings and streaks (`puzzle_ratings`) and votes (`puzzle_votes`). Writes are [`PuzzleWrite`]s,
//! applied by the single writer: an attempt moves both ratings in the transaction that records it, so two
//! attempts at once (two nodes) both count; reads run on the read pool.

use super::committed::Reports;
use super::{Backend, Store, StoreError};
use crate::game::UnixMs;
use crate::ratings::{Rating, rate_game};
use mancala_engine::{BySide, Side};
use mancala_puzzles::{Puzzle, PuzzleGame};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

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

/// An attempt to record: the account's first finished attempt of a puzzle.
#[derive(Clone, Debug)]
pub struct AttemptWrite {
    pub puzzle: String,
    pub player_key: String,
    pub won: bool,
    pub at: UnixMs,
    /// Part of the account's streak run.
    pub streak: bool,
}

/// What recording an attempt did (handed back on the job's answer channel: [`super::Committed`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttemptOutcome {
    /// The account's rating before and after; `None` when the account had recorded this puzzle already.
    pub account: Option<(Rating, Rating)>,
    /// The puzzle's rating after.
    pub puzzle: Option<Rating>,
    /// The streak's run and best after, for a streak attempt.
    pub streak: Option<(u32, u32)>,
}

/// A write of the puzzle tables.
#[derive(Clone, Debug)]
pub enum PuzzleWrite {
    /// New puzzles (a puzzle whose id is stored already is left as it is).
    Import { puzzles: Vec<Puzzle>, at: UnixMs },
    /// Stored puzzles whose line, other right answers, goal or themes changed in the set: those become
    /// the given ones; rating, plays and votes stay.
    Reline { puzzles: Vec<Puzzle>, at: UnixMs },
    /// Puzzles withdrawn from the starter set (`mancala_puzzles::withdrawn`): retired, so never served
    /// again; their attempts, ratings and votes stay.
    Withdraw { ids: Vec<String> },
    /// An attempt, recorded once per account and puzzle; a streak attempt moves the run every time.
    Attempt(AttemptWrite),
    /// An account's vote (replacing its earlier one); the counts follow, and the puzzle is retired when
    /// `retires(up, down)` says so (the rule is the puzzles module's).
    Vote { puzzle: String, player_key: String, up: bool, at: UnixMs, retires: fn(u32, u32) -> bool },
}

/// A puzzle's line as [`Store::puzzle_lines`] gives a stored one's.
pub fn line_of(p: &Puzzle) -> String {
    [json(&p.solution), json(&p.alternatives), json(&p.goal), json(&p.themes)].join("\n")
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("puzzle fields serialise")
}

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("puzzles: {what}: {e}"))
}

fn count(row: &AnyRow, column: &str) -> Result<u32, StoreError> {
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

fn rating_of(row: &AnyRow, games: &str) -> Result<Rating, StoreError> {
    Ok(Rating::from_stored(
        row.try_get("rating_e9")?,
        row.try_get("deviation_e9")?,
        row.try_get("volatility_e9")?,
        count(row, games)?,
    ))
}

fn decode(e: StoreError) -> sqlx::Error {
    sqlx::Error::Decode(e.to_string().into())
}

/// Inserts `puzzles`, each with its first rating; a puzzle whose id is stored already is left as it is
/// (the same position is one puzzle, whoever inserts it, however many nodes at once) unless `relined`:
/// then its line, other right answers, goal and themes become the given puzzle's (the set re-verified
/// deeper), and its rating, plays and votes stay.
pub(super) async fn insert(
    tx: &mut Transaction<'static, Any>,
    puzzles: &[Puzzle],
    at: UnixMs,
    relined: bool,
) -> Result<(), sqlx::Error> {
    let conflict = if relined {
        "ON CONFLICT (id) DO UPDATE SET solution = excluded.solution, alternatives = excluded.alternatives, \
         goal = excluded.goal, themes = excluded.themes"
    } else {
        "ON CONFLICT (id) DO NOTHING"
    };
    for p in puzzles {
        // The deviation a new puzzle starts with: as a new player's (its rating is a first guess).
        let start = Rating { rating: p.rating, ..Rating::default() };
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO puzzles (id, game, variant, options, position, solution, alternatives, goal, themes, \
             source, rating_e9, deviation_e9, volatility_e9, added_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) {conflict}"
        )))
        .bind(&p.id)
        .bind(p.game().id())
        .bind(p.variant.id())
        .bind(json(&p.options))
        .bind(p.position.trim())
        .bind(json(&p.solution))
        .bind(json(&p.alternatives))
        .bind(json(&p.goal))
        .bind(json(&p.themes))
        .bind(json(&p.source))
        .bind(Rating::to_e9(start.rating))
        .bind(Rating::to_e9(start.deviation))
        .bind(Rating::to_e9(start.volatility))
        .bind(at.millis())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

pub(super) async fn apply(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    write: &PuzzleWrite,
    reports: &mut Reports,
) -> Result<(), sqlx::Error> {
    match write {
        PuzzleWrite::Import { puzzles, at } => insert(tx, puzzles, *at, false).await?,
        PuzzleWrite::Reline { puzzles, at } => insert(tx, puzzles, *at, true).await?,
        PuzzleWrite::Withdraw { ids } => {
            for id in ids {
                sqlx::query("UPDATE puzzles SET retired = 1 WHERE id = $1 AND retired = 0")
                    .bind(id)
                    .execute(&mut **tx)
                    .await?;
            }
        }
        PuzzleWrite::Attempt(a) => reports.attempted(a, attempt(tx, backend, a).await?),
        PuzzleWrite::Vote { puzzle, player_key, up, at, retires } => {
            sqlx::query(
                "INSERT INTO puzzle_votes (puzzle_id, player_key, up, at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (puzzle_id, player_key) DO UPDATE SET up = excluded.up, at = excluded.at",
            )
            .bind(puzzle)
            .bind(player_key)
            .bind(*up as i16)
            .bind(at.millis())
            .execute(&mut **tx)
            .await?;
            let row = sqlx::query(
                "SELECT COALESCE(SUM(up), 0) AS ups, COUNT(*) AS votes FROM puzzle_votes WHERE puzzle_id = $1",
            )
            .bind(puzzle)
            .fetch_one(&mut **tx)
            .await?;
            let ups: i64 = row.try_get("ups")?;
            let votes: i64 = row.try_get("votes")?;
            let (ups, downs) = (ups.max(0) as u32, (votes - ups).max(0) as u32);
            // A retired puzzle stays retired whatever votes come later.
            sqlx::query(
                "UPDATE puzzles SET votes_up = $2, votes_down = $3, \
                 retired = CASE WHEN retired = 1 OR $4 = 1 THEN 1 ELSE 0 END WHERE id = $1",
            )
            .bind(puzzle)
            .bind(ups as i32)
            .bind(downs as i32)
            .bind(retires(ups, downs) as i16)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// Records an attempt: the account's rating row is made if new; on PostgreSQL both rows are locked (the
/// account's first, always in that order) before they are read, so attempts at once on two nodes both
/// count. A second finished attempt of the same puzzle by the same account moves no rating.
async fn attempt(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    a: &AttemptWrite,
) -> Result<AttemptOutcome, sqlx::Error> {
    let lock = if backend == Backend::Postgres { " FOR UPDATE" } else { "" };
    let default = Rating::default();
    sqlx::query(
        "INSERT INTO puzzle_ratings (player_key, rating_e9, deviation_e9, volatility_e9, attempts, updated_at) \
         VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (player_key) DO NOTHING",
    )
    .bind(&a.player_key)
    .bind(Rating::to_e9(default.rating))
    .bind(Rating::to_e9(default.deviation))
    .bind(Rating::to_e9(default.volatility))
    .bind(a.at.millis())
    .execute(&mut **tx)
    .await?;
    let sql = format!(
        "SELECT rating_e9, deviation_e9, volatility_e9, attempts, streak_run, streak_last_e9, streak_best \
         FROM puzzle_ratings WHERE player_key = $1{lock}"
    );
    let mine = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(&a.player_key).fetch_one(&mut **tx).await?;
    let sql = format!("SELECT rating_e9, deviation_e9, volatility_e9, plays FROM puzzles WHERE id = $1{lock}");
    let theirs = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(&a.puzzle).fetch_one(&mut **tx).await?;
    let player = rating_of(&mine, "attempts").map_err(decode)?;
    let puzzle = rating_of(&theirs, "plays").map_err(decode)?;
    let done = sqlx::query("SELECT 1 AS one FROM puzzle_attempts WHERE puzzle_id = $1 AND player_key = $2")
        .bind(&a.puzzle)
        .bind(&a.player_key)
        .fetch_optional(&mut **tx)
        .await?
        .is_some();
    let mut outcome = AttemptOutcome { puzzle: Some(puzzle), ..AttemptOutcome::default() };
    if !done {
        let winner = if a.won { Side::South } else { Side::North };
        let after = rate_game(BySide::new(player, puzzle), Some(winner));
        sqlx::query(
            "UPDATE puzzle_ratings SET rating_e9 = $2, deviation_e9 = $3, volatility_e9 = $4, attempts = $5, \
             updated_at = $6 WHERE player_key = $1",
        )
        .bind(&a.player_key)
        .bind(Rating::to_e9(after.south.rating))
        .bind(Rating::to_e9(after.south.deviation))
        .bind(Rating::to_e9(after.south.volatility))
        .bind(after.south.games as i32)
        .bind(a.at.millis())
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "UPDATE puzzles SET rating_e9 = $2, deviation_e9 = $3, volatility_e9 = $4, plays = $5 WHERE id = $1",
        )
        .bind(&a.puzzle)
        .bind(Rating::to_e9(after.north.rating))
        .bind(Rating::to_e9(after.north.deviation))
        .bind(Rating::to_e9(after.north.volatility))
        .bind(after.north.games as i32)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO puzzle_attempts (puzzle_id, player_key, won, at, rating_before_e9, rating_after_e9, \
             puzzle_before_e9, puzzle_after_e9) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&a.puzzle)
        .bind(&a.player_key)
        .bind(a.won as i16)
        .bind(a.at.millis())
        .bind(Rating::to_e9(player.rating))
        .bind(Rating::to_e9(after.south.rating))
        .bind(Rating::to_e9(puzzle.rating))
        .bind(Rating::to_e9(after.north.rating))
        .execute(&mut **tx)
        .await?;
        outcome.account = Some((player, after.south));
        outcome.puzzle = Some(after.north);
    }
    if a.streak {
        let after = outcome.puzzle.unwrap_or(puzzle);
        outcome.streak = Some(streak(tx, a, &mine, puzzle, after).await?);
    }
    Ok(outcome)
}

/// Moves the account's streak run (docs/puzzles.md, "Streak"): a solved puzzle harder than the run's last
/// one adds one (any other solved puzzle starts a run of one), a miss ends the run. Returns (run, best).
/// "Harder" compares this puzzle's rating before the attempt with the last one's after its own attempt:
/// what `GET /api/puzzles/streak/next?after=…` chose by.
async fn streak(
    tx: &mut Transaction<'static, Any>,
    a: &AttemptWrite,
    mine: &AnyRow,
    before: Rating,
    after: Rating,
) -> Result<(u32, u32), sqlx::Error> {
    let run = count(mine, "streak_run").map_err(decode)?;
    let best = count(mine, "streak_best").map_err(decode)?;
    let last: Option<i64> = mine.try_get("streak_last_e9")?;
    let (before, after) = (Rating::to_e9(before.rating), Rating::to_e9(after.rating));
    let (run, last) = match (a.won, last) {
        (false, _) => (0, None),
        (true, Some(last)) if run > 0 && before > last => (run + 1, Some(after)),
        (true, _) => (1, Some(after)),
    };
    let best = best.max(run);
    sqlx::query(
        "UPDATE puzzle_ratings SET streak_run = $2, streak_last_e9 = $3, streak_best = $4 WHERE player_key = $1",
    )
    .bind(&a.player_key)
    .bind(run as i32)
    .bind(last)
    .bind(best as i32)
    .execute(&mut **tx)
    .await?;
    Ok((run, best))
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

impl Store {
    /// The puzzle `id`, retired or not.
    pub async fn puzzle(&self, id: &str) -> Result<Option<PuzzleRow>, StoreError> {
        let sql = format!("SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1");
        let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(self.pool()).await?;
        row.as_ref().map(puzzle_of).transpose()
    }

    /// Every stored puzzle's line as stored: its id, and its solution, other right answers, goal and
    /// themes as JSON text, one string (compare with [`line_of`]).
    pub async fn puzzle_lines(&self) -> Result<std::collections::HashMap<String, String>, StoreError> {
        let rows =
            sqlx::query("SELECT id, solution, alternatives, goal, themes FROM puzzles").fetch_all(self.pool()).await?;
        rows.iter()
            .map(|r| {
                let parts: [String; 4] =
                    [r.try_get("solution")?, r.try_get("alternatives")?, r.try_get("goal")?, r.try_get("themes")?];
                Ok((r.try_get("id")?, parts.join("\n")))
            })
            .collect()
    }

    /// Every stored puzzle's id.
    pub async fn puzzle_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM puzzles").fetch_all(self.pool()).await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// The ids of the puzzles served (not retired), in id order.
    pub async fn served_puzzle_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM puzzles WHERE retired = 0 ORDER BY id").fetch_all(self.pool()).await?;
        rows.iter().map(|r| Ok(r.try_get("id")?)).collect()
    }

    /// Every puzzle, in id order (retired ones too when `retired`).
    pub async fn all_puzzles(&self, retired: bool) -> Result<Vec<PuzzleRow>, StoreError> {
        let filter = if retired { "" } else { " WHERE retired = 0" };
        let sql = format!("SELECT {PUZZLE_COLUMNS} FROM puzzles{filter} ORDER BY id");
        let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(self.pool()).await?;
        rows.iter().map(puzzle_of).collect()
    }

    /// Up to `limit` served puzzles of `filter` nearest to `rating`, nearest first, leaving out those
    /// `player_key` has a recorded attempt of.
    pub async fn puzzles_near(
        &self,
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
        let rows = q.fetch_all(self.pool()).await?;
        rows.iter().map(puzzle_of).collect()
    }

    /// Up to `limit` served puzzles of `filter` rated above `above` (any when `None`), easiest first.
    pub async fn puzzles_above(
        &self,
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
        let rows = q.fetch_all(self.pool()).await?;
        rows.iter().map(puzzle_of).collect()
    }

    /// Has `player_key` a recorded attempt of `puzzle`?
    pub async fn puzzle_attempted(&self, puzzle: &str, player_key: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 AS one FROM puzzle_attempts WHERE puzzle_id = $1 AND player_key = $2")
            .bind(puzzle)
            .bind(player_key)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.is_some())
    }

    /// `player_key`'s puzzle rating and streaks, if it has recorded an attempt or a streak.
    pub async fn puzzle_standing(&self, player_key: &str) -> Result<Option<PuzzleStanding>, StoreError> {
        let row = sqlx::query(
            "SELECT rating_e9, deviation_e9, volatility_e9, attempts, streak_run, streak_best \
             FROM puzzle_ratings WHERE player_key = $1",
        )
        .bind(player_key)
        .fetch_optional(self.pool())
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
    pub async fn puzzle_attempts(&self, player_key: &str, limit: Option<u32>) -> Result<Vec<AttemptRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.puzzle_id, p.game, p.themes, a.won, a.at, a.rating_before_e9, a.rating_after_e9 \
             FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id WHERE a.player_key = $1 \
             ORDER BY a.at DESC, a.puzzle_id LIMIT $2",
        )
        .bind(player_key)
        .bind(limit.map_or(i64::MAX, i64::from))
        .fetch_all(self.pool())
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
}
