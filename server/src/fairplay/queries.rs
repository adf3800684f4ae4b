//! Fair play's SQL (migration 0020): each side's figures in every reviewed rated game, the rated games
//! still without them (read from `rating_changes`, which holds every rated game that finished with a
//! result, and each player's rating before it), an account's window, and when the server last reported
//! an account itself. The reads run on the read pool; a [`FairPlayWrite`] is handed to the store's single
//! writer, which runs it in its transaction as every write. A report the signal files goes through the
//! store's filing (`store/reports.rs`), which moderation's reports share: moderation sits above fair play
//! on the map, and reads the figures here for a player's record ([`figures_of`]).

use crate::game::UnixMs;
use crate::ids::FAIR_PLAY;
use crate::ratings::Rating;
use crate::store::{Backend, FeatureWrite, Report, ReportFiling, Store, StoreError, Tx, file_report};
use futures_util::future::BoxFuture;
use mancala_engine::Side;
use sqlx::Row;
use sqlx::any::AnyRow;

/// One side's figures in one rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct FairPlayRow {
    pub game_id: String,
    pub side: Side,
    /// The player's key (lower-case name).
    pub player_key: String,
    /// A variant id.
    pub variant: String,
    /// Judged decisions that had a choice.
    pub counted: u32,
    /// Of those, the ones equal to the review's best decision.
    pub agreed: u32,
    /// Percent; `None` when the side never had a choice.
    pub accuracy: Option<f64>,
    /// The player's rating and deviation before the game.
    pub rating: f64,
    pub deviation: f64,
    /// The game's end.
    pub at: UnixMs,
}

/// A seat of a rated game, as `rating_changes` holds it: what a figures row needs beside the review.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSeat {
    pub side: Side,
    pub player_key: String,
    pub variant: String,
    pub rating: f64,
    pub deviation: f64,
    pub at: UnixMs,
}

/// A rated game without figures: its id and its two seats.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    pub game_id: String,
    pub seats: Vec<RatedSeat>,
}

fn side_of(name: &str) -> Result<Side, StoreError> {
    match name {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        other => Err(StoreError::Corrupt(format!("side `{other}`"))),
    }
}

/// A write of fair play: a side's figures, or the report the signal files with them (in the same
/// transaction, so whoever sees the figures sees the report).
#[derive(Clone, Debug)]
pub enum FairPlayWrite {
    Figures(FairPlayRow),
    Report(ReportFiling),
}

impl FeatureWrite for FairPlayWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            match self {
                FairPlayWrite::Figures(row) => figures(tx, row).await?,
                FairPlayWrite::Report(filing) => file_report(tx, filing).await?,
            }
            Ok(None)
        })
    }
}

/// Stores one side's figures; figures stored already (another node reviewed the same game) stay.
async fn figures(tx: &mut Tx, r: &FairPlayRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO fair_play (game_id, side, player_key, variant, counted, agreed, accuracy_e2, rating_e9, \
         deviation_e9, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (game_id, side) DO NOTHING",
    )
    .bind(&r.game_id)
    .bind(r.side.name())
    .bind(&r.player_key)
    .bind(&r.variant)
    .bind(r.counted as i32)
    .bind(r.agreed as i32)
    .bind(r.accuracy.map(|a| (a * 100.0).round() as i32))
    .bind(Rating::to_e9(r.rating))
    .bind(Rating::to_e9(r.deviation))
    .bind(r.at.millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn row_of(r: &AnyRow) -> Result<FairPlayRow, StoreError> {
    let count = |c: &str| -> Result<u32, StoreError> {
        let n: i64 = r.try_get(c)?;
        u32::try_from(n).map_err(|_| StoreError::Corrupt(format!("fair_play.{c} {n}")))
    };
    let accuracy: Option<i64> = r.try_get("accuracy_e2")?;
    Ok(FairPlayRow {
        game_id: r.try_get("game_id")?,
        side: side_of(&r.try_get::<String, _>("side")?)?,
        player_key: r.try_get("player_key")?,
        variant: r.try_get("variant")?,
        counted: count("counted")?,
        agreed: count("agreed")?,
        accuracy: accuracy.map(|a| a as f64 / 100.0),
        rating: Rating::from_e9(r.try_get("rating_e9")?),
        deviation: Rating::from_e9(r.try_get("deviation_e9")?),
        at: UnixMs::from_millis(r.try_get("at")?),
    })
}

/// The oldest rated games (at most `limit`) that finished with a result and have no figures yet.
pub async fn rated_without_figures(store: &Store, limit: i64) -> Result<Vec<RatedGame>, StoreError> {
    let rows = sqlx::query(
        "SELECT rc.game_id, rc.side, rc.player_key, rc.variant, rc.before_e9, rc.deviation_before_e9, rc.at \
         FROM rating_changes rc WHERE rc.game_id IN (SELECT r.game_id FROM rating_changes r \
         WHERE NOT EXISTS (SELECT 1 FROM fair_play f WHERE f.game_id = r.game_id) \
         GROUP BY r.game_id ORDER BY min(r.at), r.game_id LIMIT $1) ORDER BY rc.at, rc.game_id, rc.side",
    )
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    let mut games: Vec<RatedGame> = Vec::new();
    for r in &rows {
        let game_id: String = r.try_get("game_id")?;
        let seat = RatedSeat {
            side: side_of(&r.try_get::<String, _>("side")?)?,
            player_key: r.try_get("player_key")?,
            variant: r.try_get("variant")?,
            rating: Rating::from_e9(r.try_get("before_e9")?),
            deviation: Rating::from_e9(r.try_get("deviation_before_e9")?),
            at: UnixMs::from_millis(r.try_get("at")?),
        };
        match games.last_mut() {
            Some(g) if g.game_id == game_id => g.seats.push(seat),
            _ => games.push(RatedGame { game_id, seats: vec![seat] }),
        }
    }
    Ok(games)
}

/// The player `key`'s figures, newest first (at most `limit`): in `variant` only when given, and only
/// of games that ended after `after` when given.
pub async fn figures_of(
    store: &Store,
    key: &str,
    variant: Option<&str>,
    after: Option<UnixMs>,
    limit: i64,
) -> Result<Vec<FairPlayRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT game_id, side, player_key, variant, counted, agreed, accuracy_e2, rating_e9, deviation_e9, at \
         FROM fair_play WHERE player_key = $1 AND ($2 IS NULL OR variant = $2) \
         AND at > $3 ORDER BY at DESC, game_id DESC LIMIT $4",
    )
    .bind(key)
    .bind(variant)
    .bind(after.map_or(i64::MIN, UnixMs::millis))
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(row_of).collect()
}

/// When the server itself last reported the player `key` (a fair-play entry of any of its reports).
pub async fn last_reported(store: &Store, key: &str) -> Result<Option<UnixMs>, StoreError> {
    let row = sqlx::query(
        "SELECT max(e.at) FROM report_entries e JOIN reports r ON r.id = e.report_id \
         WHERE r.player_key = $1 AND e.reporter_key = $2",
    )
    .bind(key)
    .bind(FAIR_PLAY)
    .fetch_one(store.pool())
    .await?;
    Ok(row.try_get::<Option<i64>, _>(0)?.map(UnixMs::from_millis))
}
