//! The puzzles' writes, handed to the store's single writer ([`crate::store::FeatureWrite`]) and run in its
//! transaction: puzzles imported, relined and withdrawn, an attempt with its ratings and streak, a vote,
//! a mined game. An attempt reads both ratings locked, asks the feature's rule ([`crate::puzzles::rating`])
//! and writes what it gives, so two attempts at once (two nodes) both count.

use super::{count, json, rating_of};
use crate::game::UnixMs;
use crate::puzzles::rating::{self, Streak};
use crate::ratings::Rating;
use crate::store::{Backend, FeatureWrite, Report, StoreError, Tx};
use futures_util::future::BoxFuture;
use mancala_puzzles::Puzzle;
use sqlx::Row;
use sqlx::any::AnyRow;

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

/// What recording an attempt did (the write's report, on the job's answer channel).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttemptOutcome {
    /// The account's rating before and after; `None` when the account had recorded this puzzle already.
    pub account: Option<(Rating, Rating)>,
    /// The puzzle's rating after.
    pub puzzle: Option<Rating>,
    /// The streak's run and best after, for a streak attempt.
    pub streak: Option<(u32, u32)>,
}

/// A mined game: the puzzles it gave (each inserted unless its position is a puzzle already) and the
/// mark that it was mined.
#[derive(Clone, Debug)]
pub struct MinedGame {
    pub game_id: String,
    pub puzzles: Vec<Puzzle>,
    pub at: UnixMs,
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
    /// An attempt, recorded once per account and puzzle; a streak attempt moves the run every time. Its
    /// report is an [`AttemptOutcome`].
    Attempt(AttemptWrite),
    /// An account's vote (replacing its earlier one); the counts follow, and the puzzle is retired when
    /// [`crate::puzzles::retires`] says so.
    Vote { puzzle: String, player_key: String, up: bool, at: UnixMs },
    /// A rated game mined: its puzzles (the same position once) and its mark; a mark stored already
    /// (another node mined the same game) stays.
    Mined(MinedGame),
}

impl FeatureWrite for PuzzleWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, backend: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            match self {
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
                PuzzleWrite::Attempt(a) => return Ok(Some(Box::new(attempt(tx, backend, a).await?) as Report)),
                PuzzleWrite::Vote { puzzle, player_key, up, at } => vote(tx, puzzle, player_key, *up, *at).await?,
                PuzzleWrite::Mined(m) => {
                    insert(tx, &m.puzzles, m.at, false).await?;
                    sqlx::query(
                        "INSERT INTO puzzle_mining (game_id, puzzles, at) VALUES ($1, $2, $3) \
                         ON CONFLICT (game_id) DO NOTHING",
                    )
                    .bind(&m.game_id)
                    .bind(m.puzzles.len() as i32)
                    .bind(m.at.millis())
                    .execute(&mut **tx)
                    .await?;
                }
            }
            Ok(None)
        })
    }
}

fn decode(e: StoreError) -> sqlx::Error {
    sqlx::Error::Decode(e.to_string().into())
}

/// Inserts `puzzles`, each with its first rating; a puzzle whose id is stored already is left as it is
/// (the same position is one puzzle, whoever inserts it, however many nodes at once) unless `relined`:
/// then its line, other right answers, goal and themes become the given puzzle's (the set re-verified
/// deeper), and its rating, plays and votes stay.
async fn insert(tx: &mut Tx, puzzles: &[Puzzle], at: UnixMs, relined: bool) -> Result<(), sqlx::Error> {
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

/// Records a vote, recounts the puzzle's votes and retires it when the feature's rule says so (a retired
/// puzzle stays retired whatever votes come later).
async fn vote(tx: &mut Tx, puzzle: &str, player_key: &str, up: bool, at: UnixMs) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO puzzle_votes (puzzle_id, player_key, up, at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (puzzle_id, player_key) DO UPDATE SET up = excluded.up, at = excluded.at",
    )
    .bind(puzzle)
    .bind(player_key)
    .bind(up as i16)
    .bind(at.millis())
    .execute(&mut **tx)
    .await?;
    let row =
        sqlx::query("SELECT COALESCE(SUM(up), 0) AS ups, COUNT(*) AS votes FROM puzzle_votes WHERE puzzle_id = $1")
            .bind(puzzle)
            .fetch_one(&mut **tx)
            .await?;
    let ups: i64 = row.try_get("ups")?;
    let votes: i64 = row.try_get("votes")?;
    let (ups, downs) = (ups.max(0) as u32, (votes - ups).max(0) as u32);
    sqlx::query(
        "UPDATE puzzles SET votes_up = $2, votes_down = $3, \
         retired = CASE WHEN retired = 1 OR $4 = 1 THEN 1 ELSE 0 END WHERE id = $1",
    )
    .bind(puzzle)
    .bind(ups as i32)
    .bind(downs as i32)
    .bind(crate::puzzles::retires(ups, downs) as i16)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Records an attempt: the account's rating row is made if new; on PostgreSQL both rows are locked (the
/// account's first, always in that order) before they are read, so attempts at once on two nodes both
/// count. A second finished attempt of the same puzzle by the same account moves no rating.
async fn attempt(tx: &mut Tx, backend: Backend, a: &AttemptWrite) -> Result<AttemptOutcome, sqlx::Error> {
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
        let after = rating::rated(player, puzzle, a.won);
        record(tx, a, (player, after.south), (puzzle, after.north)).await?;
        outcome.account = Some((player, after.south));
        outcome.puzzle = Some(after.north);
    }
    if a.streak {
        let after = outcome.puzzle.unwrap_or(puzzle);
        let streak = streak_of(&mine).map_err(decode)?;
        let next = rating::streak_after(streak, a.won, Rating::to_e9(puzzle.rating), Rating::to_e9(after.rating));
        sqlx::query(
            "UPDATE puzzle_ratings SET streak_run = $2, streak_last_e9 = $3, streak_best = $4 WHERE player_key = $1",
        )
        .bind(&a.player_key)
        .bind(next.run as i32)
        .bind(next.last_e9)
        .bind(next.best as i32)
        .execute(&mut **tx)
        .await?;
        outcome.streak = Some((next.run, next.best));
    }
    Ok(outcome)
}

/// Writes a first attempt's ratings, (before, after) for the account and the puzzle, and its row.
async fn record(
    tx: &mut Tx,
    a: &AttemptWrite,
    (player, mine): (Rating, Rating),
    (puzzle, theirs): (Rating, Rating),
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE puzzle_ratings SET rating_e9 = $2, deviation_e9 = $3, volatility_e9 = $4, attempts = $5, \
         updated_at = $6 WHERE player_key = $1",
    )
    .bind(&a.player_key)
    .bind(Rating::to_e9(mine.rating))
    .bind(Rating::to_e9(mine.deviation))
    .bind(Rating::to_e9(mine.volatility))
    .bind(mine.games as i32)
    .bind(a.at.millis())
    .execute(&mut **tx)
    .await?;
    sqlx::query("UPDATE puzzles SET rating_e9 = $2, deviation_e9 = $3, volatility_e9 = $4, plays = $5 WHERE id = $1")
        .bind(&a.puzzle)
        .bind(Rating::to_e9(theirs.rating))
        .bind(Rating::to_e9(theirs.deviation))
        .bind(Rating::to_e9(theirs.volatility))
        .bind(theirs.games as i32)
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
    .bind(Rating::to_e9(mine.rating))
    .bind(Rating::to_e9(puzzle.rating))
    .bind(Rating::to_e9(theirs.rating))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The account's streak as its row holds it.
fn streak_of(row: &AnyRow) -> Result<Streak, StoreError> {
    let last_e9: Option<i64> = row.try_get("streak_last_e9")?;
    Ok(Streak { run: count(row, "streak_run")?, best: count(row, "streak_best")?, last_e9 })
}
