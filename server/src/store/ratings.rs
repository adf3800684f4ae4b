//! Ratings in the database (migration 0005): a player's rating per variant, its history, the leaderboard,
//! and the change a rated game made. The update itself is written by the writer, in the transaction that
//! finishes the game ([`super::writer`]).

use super::{Store, StoreError};
use crate::ids::PlayerName;
use crate::ratings::Rating;
use mancala_engine::Variant;
use sqlx::Row;
use sqlx::any::AnyRow;

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
