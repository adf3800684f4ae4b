//! Ratings in the database (migration 0005): a player's rating per variant, its history, the leaderboard,
//! and the change a rated game made. The update itself is written by the writer, in the transaction that
//! finishes the game ([`super::writer`]).

use super::{Backend, Store, StoreError};
use crate::ids::PlayerName;
use crate::ratings::{Rating, rate_game};
use mancala_engine::{BySide, Side, Variant};
use mancala_protocol::{RatingChange, RatingChanges};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

fn rating_of(row: &AnyRow) -> Result<Rating, StoreError> {
    let games: i64 = row.try_get("games")?;
    Ok(Rating::from_stored(
        row.try_get("rating_e9")?,
        row.try_get("deviation_e9")?,
        row.try_get("volatility_e9")?,
        u32::try_from(games).map_err(|_| StoreError::Corrupt(format!("ratings: games {games}")))?,
    ))
}

impl Store {
    /// `name`'s rating in `variant` (any case); `None` when they have played no rated game of it (then
    /// their rating is [`Rating::default`]).
    pub async fn rating(&self, name: &PlayerName, variant: Variant) -> Result<Option<Rating>, StoreError> {
        let row = sqlx::query(
            "SELECT rating_e9, deviation_e9, volatility_e9, games FROM ratings WHERE player_key = $1 AND variant = $2",
        )
        .bind(name.key())
        .bind(variant.id())
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(rating_of).transpose()
    }
}

/// The rating update of a rated game that a change finishes: written by the writer in the transaction that
/// stores the game's end ([`super::Write::Rate`]).
#[derive(Clone, Debug)]
pub struct RateGame {
    pub game_id: String,
    pub variant: Variant,
    /// Each seat's player key (lower-case name).
    pub players: BySide<String>,
    pub winner: Option<Side>,
    pub at: i64,
}

fn change_of(before: i64, after: i64, deviation_after: i64) -> RatingChange {
    let after_rating = Rating::from_stored(after, deviation_after, 0, 0);
    RatingChange {
        before: Rating::from_stored(before, 0, 0, 0).shown(),
        after: after_rating.shown(),
        provisional: after_rating.provisional(),
    }
}

/// The rating changes stored for `game` (both seats), if any.
async fn stored_changes<'e, E>(db: E, game: &str) -> Result<Option<RatingChanges>, sqlx::Error>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT side, before_e9, after_e9, deviation_after_e9 FROM rating_changes WHERE game_id = $1 ORDER BY side",
    )
    .bind(game)
    .fetch_all(db)
    .await?;
    let mut sides = BySide::<Option<RatingChange>>::default();
    for row in &rows {
        let side: String = row.try_get("side")?;
        let change = change_of(row.try_get("before_e9")?, row.try_get("after_e9")?, row.try_get("deviation_after_e9")?);
        match side.as_str() {
            "south" => sides.south = Some(change),
            "north" => sides.north = Some(change),
            _ => {}
        }
    }
    Ok(match (sides.south, sides.north) {
        (Some(south), Some(north)) => Some(RatingChanges { south, north }),
        _ => None,
    })
}

/// Applies a rated game's result to both ratings, inside the writer's transaction, and returns the changes
/// (the writer hands them back on the job's answer channel). Exactly once per game: if the game's changes
/// are already stored (a replayed or resent end), nothing is written and the stored changes are returned.
/// The two rating rows are created if new and, on PostgreSQL, locked (in key order, so two nodes rating
/// games of the same players never wait for each other in a cycle) before they are read, so two games
/// ending at once on two nodes both count.
pub(super) async fn apply(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    r: &RateGame,
) -> Result<Option<RatingChanges>, sqlx::Error> {
    if let Some(done) = stored_changes(&mut **tx, &r.game_id).await? {
        return Ok(Some(done));
    }
    if r.players.south == r.players.north {
        // Someone playing themselves changes no rating.
        return Ok(None);
    }
    let variant = r.variant.id();
    let mut keys = [&r.players.south, &r.players.north];
    keys.sort();
    let default = Rating::default();
    for key in keys {
        sqlx::query(
            "INSERT INTO ratings (player_key, variant, rating_e9, deviation_e9, volatility_e9, games, updated_at) \
             VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (player_key, variant) DO NOTHING",
        )
        .bind(key.as_str())
        .bind(variant)
        .bind(Rating::to_e9(default.rating))
        .bind(Rating::to_e9(default.deviation))
        .bind(Rating::to_e9(default.volatility))
        .bind(r.at)
        .execute(&mut **tx)
        .await?;
    }
    let select = match backend {
        Backend::Postgres => {
            "SELECT rating_e9, deviation_e9, volatility_e9, games FROM ratings \
             WHERE player_key = $1 AND variant = $2 FOR UPDATE"
        }
        // One process, one writer: nothing to lock against.
        Backend::Sqlite => {
            "SELECT rating_e9, deviation_e9, volatility_e9, games FROM ratings WHERE player_key = $1 AND variant = $2"
        }
    };
    let mut before = BySide::<Rating>::default();
    for key in keys {
        let row = sqlx::query(select).bind(key.as_str()).bind(variant).fetch_one(&mut **tx).await?;
        let rating = rating_of(&row).map_err(|e| sqlx::Error::Decode(e.to_string().into()))?;
        for side in Side::BOTH {
            if &r.players[side] == key {
                before[side] = rating;
            }
        }
    }
    let after = rate_game(before, r.winner);
    for side in Side::BOTH {
        let (b, a) = (before[side], after[side]);
        sqlx::query(
            "UPDATE ratings SET rating_e9 = $1, deviation_e9 = $2, volatility_e9 = $3, games = $4, updated_at = $5 \
             WHERE player_key = $6 AND variant = $7",
        )
        .bind(Rating::to_e9(a.rating))
        .bind(Rating::to_e9(a.deviation))
        .bind(Rating::to_e9(a.volatility))
        .bind(a.games as i32)
        .bind(r.at)
        .bind(r.players[side].as_str())
        .bind(variant)
        .execute(&mut **tx)
        .await?;
        sqlx::query(
            "INSERT INTO rating_changes (game_id, side, player_key, variant, before_e9, after_e9, \
             deviation_before_e9, deviation_after_e9, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(r.game_id.as_str())
        .bind(side.name())
        .bind(r.players[side].as_str())
        .bind(variant)
        .bind(Rating::to_e9(b.rating))
        .bind(Rating::to_e9(a.rating))
        .bind(Rating::to_e9(b.deviation))
        .bind(Rating::to_e9(a.deviation))
        .bind(r.at)
        .execute(&mut **tx)
        .await?;
    }
    let shown = |side: Side| {
        change_of(
            Rating::to_e9(before[side].rating),
            Rating::to_e9(after[side].rating),
            Rating::to_e9(after[side].deviation),
        )
    };
    Ok(Some(RatingChanges { south: shown(Side::South), north: shown(Side::North) }))
}

/// One point of a player's rating history: when, the rating after, which game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub at: i64,
    pub rating: f64,
    pub game_id: String,
}

/// A leaderboard line: the player's name (registered spelling, or the seat name of a bot) and rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub name: String,
    pub rating: Rating,
}

impl Store {
    /// `name`'s ratings in every variant they played rated games of (variant ids the server does not know
    /// are skipped).
    pub async fn ratings_of(&self, name: &PlayerName) -> Result<Vec<(Variant, Rating)>, StoreError> {
        let rows = sqlx::query(
            "SELECT variant, rating_e9, deviation_e9, volatility_e9, games FROM ratings \
             WHERE player_key = $1 AND games > 0 ORDER BY variant",
        )
        .bind(name.key())
        .fetch_all(self.pool())
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let variant: String = row.try_get("variant")?;
            if let Ok(v) = variant.parse() {
                out.push((v, rating_of(row)?));
            }
        }
        Ok(out)
    }

    /// `name`'s rating after each rated game of `variant`, oldest first.
    pub async fn rating_history(&self, name: &PlayerName, variant: Variant) -> Result<Vec<RatingPoint>, StoreError> {
        let rows = sqlx::query(
            "SELECT at, after_e9, game_id FROM rating_changes WHERE player_key = $1 AND variant = $2 \
             ORDER BY at, game_id",
        )
        .bind(name.key())
        .bind(variant.id())
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(RatingPoint {
                    at: r.try_get("at")?,
                    rating: Rating::from_e9(r.try_get("after_e9")?),
                    game_id: r.try_get("game_id")?,
                })
            })
            .collect()
    }

    /// The best non-provisional ratings of `variant`, at most `limit`; an account marked as computer
    /// assisted is left out.
    pub async fn leaderboard(&self, variant: Variant, limit: u32) -> Result<Vec<Ranked>, StoreError> {
        let rows = sqlx::query(
            "SELECT COALESCE(p.name, r.player_key) AS name, r.rating_e9, r.deviation_e9, r.volatility_e9, r.games \
             FROM ratings r LEFT JOIN players p ON lower(p.name) = r.player_key \
             WHERE r.variant = $1 AND r.games > 0 AND r.deviation_e9 <= $2 AND p.engine_marked_at IS NULL \
             ORDER BY r.rating_e9 DESC, r.player_key LIMIT $3",
        )
        .bind(variant.id())
        .bind(Rating::to_e9(crate::ratings::PROVISIONAL_DEVIATION))
        .bind(limit as i64)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(|r| Ok(Ranked { name: r.try_get("name")?, rating: rating_of(r)? })).collect()
    }

    /// The rating changes of a finished rated game, as stored.
    pub async fn game_ratings(&self, game: &str) -> Result<Option<RatingChanges>, StoreError> {
        Ok(stored_changes(self.pool(), game).await?)
    }
}
