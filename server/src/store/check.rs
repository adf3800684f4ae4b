//! The reads of `admin check` (`crate::admin`): SQLite's own integrity check and the rows the project's
//! invariants are checked against. The invariants themselves are the admin module's.

use super::{Backend, Store, StoreError};
use crate::ratings::Rating;
use sqlx::Row;

/// A seat of a tournament's pairing beside the game it names.
#[derive(Clone, Debug)]
pub struct PairedSeat {
    pub round: i64,
    pub player_key: String,
    pub game_id: String,
    /// south | north, as the pairing says.
    pub side: Option<String>,
    pub paired_variant: Option<String>,
    /// The game's row (`None` for each when the game does not exist).
    pub game_variant: Option<String>,
    pub south_name: Option<String>,
    pub north_name: Option<String>,
}

impl Store {
    /// What SQLite's `PRAGMA integrity_check` finds (nothing when the database is sound). PostgreSQL
    /// checks its own pages as it reads them: nothing to ask.
    pub async fn integrity_problems(&self) -> Result<Vec<String>, StoreError> {
        if self.backend() != Backend::Sqlite {
            return Ok(Vec::new());
        }
        let rows = sqlx::query("PRAGMA integrity_check").fetch_all(self.pool()).await?;
        let lines = rows.iter().map(|r| r.try_get::<String, _>(0)).collect::<Result<Vec<_>, _>>()?;
        Ok(lines.into_iter().filter(|l| l != "ok").collect())
    }

    /// The ids of the finished games, in the order they finished: a rated game when its ratings changed
    /// (the order the ratings were updated in), another when its row last changed.
    pub async fn finished_game_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE status = 'finished' \
             ORDER BY COALESCE((SELECT MIN(r.at) FROM rating_changes r WHERE r.game_id = games.id), updated_at), id",
        )
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(|r| r.try_get::<String, _>(0)).collect::<Result<_, _>>()?)
    }

    /// How many decisions game `id` has stored.
    pub async fn move_count(&self, id: &str) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) FROM moves WHERE game_id = $1").bind(id).fetch_one(self.pool()).await?;
        Ok(row.try_get(0)?)
    }

    /// Every stored rating: (player key, variant id, rating).
    pub async fn rating_rows(&self) -> Result<Vec<(String, String, Rating)>, StoreError> {
        let rows = sqlx::query(
            "SELECT player_key, variant, rating_e9, deviation_e9, volatility_e9, games FROM ratings \
             ORDER BY player_key, variant",
        )
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                let games: i64 = r.try_get("games")?;
                let rating = Rating::from_stored(
                    r.try_get("rating_e9")?,
                    r.try_get("deviation_e9")?,
                    r.try_get("volatility_e9")?,
                    u32::try_from(games).map_err(|_| StoreError::Corrupt(format!("ratings: games {games}")))?,
                );
                Ok((r.try_get("player_key")?, r.try_get("variant")?, rating))
            })
            .collect()
    }

    /// The registered seats of the live games the lobby makes (ongoing, no invite code, no tournament's,
    /// no correspondence clock): (player key, game id), by player.
    pub async fn live_lobby_seats(&self) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, south_name, south_registered, north_name, north_registered FROM games g \
             WHERE status = 'ongoing' AND invite_code IS NULL AND clock_days IS NULL \
             AND NOT EXISTS (SELECT 1 FROM tournament_pairings p WHERE p.game_id = g.id) ORDER BY id",
        )
        .fetch_all(self.pool())
        .await?;
        let mut seats = Vec::new();
        for r in &rows {
            let id: String = r.try_get("id")?;
            for side in ["south", "north"] {
                let name: Option<String> = r.try_get(format!("{side}_name").as_str())?;
                let registered: i64 = r.try_get(format!("{side}_registered").as_str())?;
                if let (Some(name), 1) = (name, registered) {
                    seats.push((name.to_ascii_lowercase(), id.clone()));
                }
            }
        }
        seats.sort();
        Ok(seats)
    }

    /// Every tournament's id.
    pub async fn tournament_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tournaments ORDER BY created_at, id").fetch_all(self.pool()).await?;
        Ok(rows.iter().map(|r| r.try_get::<String, _>(0)).collect::<Result<_, _>>()?)
    }

    /// The seats tournament `id` paired into games, beside those games' rows.
    pub async fn paired_seats(&self, id: &str) -> Result<Vec<PairedSeat>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.round, p.player_key, p.game_id, p.side, p.variant AS paired_variant, \
             g.variant AS game_variant, g.south_name, g.north_name \
             FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id \
             WHERE p.tournament_id = $1 AND p.game_id IS NOT NULL ORDER BY p.round, p.game_id, p.player_key",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(PairedSeat {
                    round: r.try_get::<i64, _>("round")?,
                    player_key: r.try_get("player_key")?,
                    game_id: r.try_get("game_id")?,
                    side: r.try_get("side")?,
                    paired_variant: r.try_get("paired_variant")?,
                    game_variant: r.try_get("game_variant")?,
                    south_name: r.try_get("south_name")?,
                    north_name: r.try_get("north_name")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(StoreError::from)
    }
}
