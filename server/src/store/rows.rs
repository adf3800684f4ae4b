//! The stored rows, as plain structs of the portable column types (TEXT, BIGINT as `i64`, 0/1 flags as
//! `bool`), and how they are read back from an Any row.

use super::StoreError;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A `games` row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: String,
    pub variant: String,
    /// The engine options as JSON.
    pub options: String,
    pub status: String,
    pub south_name: Option<String>,
    pub north_name: Option<String>,
    pub south_registered: bool,
    pub north_registered: bool,
    pub south_token_hash: Option<String>,
    pub north_token_hash: Option<String>,
    pub invite_code: Option<String>,
    pub clock_base_ms: Option<i64>,
    pub clock_increment_ms: Option<i64>,
    pub south_clock_ms: Option<i64>,
    pub north_clock_ms: Option<i64>,
    pub auto_forced: bool,
    pub rated: bool,
    pub plies: u32,
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
    /// Correspondence: days per move.
    pub clock_days: Option<i64>,
    /// The last takeback: its event's version, the ply it returned to, who asked.
    pub takeback_v: Option<i64>,
    pub takeback_ply: Option<i64>,
    pub takeback_side: Option<String>,
    /// A tournament game whose arena allows berserk.
    pub berserk_allowed: bool,
    /// The version of each side's `berserk` event; `None`: that player did not berserk.
    pub south_berserk: Option<i64>,
    pub north_berserk: Option<i64>,
}

pub(super) const GAME_COLUMNS: &str = "id, variant, options, status, south_name, north_name, south_registered, \
     north_registered, south_token_hash, north_token_hash, invite_code, clock_base_ms, clock_increment_ms, \
     south_clock_ms, north_clock_ms, auto_forced, rated, plies, winner, reason, created_at, updated_at, clock_days, \
     takeback_v, takeback_ply, takeback_side, berserk_allowed, south_berserk, north_berserk";
pub(super) const GAME_COLUMN_COUNT: usize = 29;

impl GameRow {
    pub(super) fn read(row: &AnyRow) -> Result<GameRow, StoreError> {
        Ok(GameRow {
            id: row.try_get("id")?,
            variant: row.try_get("variant")?,
            options: row.try_get("options")?,
            status: row.try_get("status")?,
            south_name: row.try_get("south_name")?,
            north_name: row.try_get("north_name")?,
            south_registered: row.try_get::<i64, _>("south_registered")? != 0,
            north_registered: row.try_get::<i64, _>("north_registered")? != 0,
            south_token_hash: row.try_get("south_token_hash")?,
            north_token_hash: row.try_get("north_token_hash")?,
            invite_code: row.try_get("invite_code")?,
            clock_base_ms: row.try_get("clock_base_ms")?,
            clock_increment_ms: row.try_get("clock_increment_ms")?,
            south_clock_ms: row.try_get("south_clock_ms")?,
            north_clock_ms: row.try_get("north_clock_ms")?,
            auto_forced: row.try_get::<i64, _>("auto_forced")? != 0,
            rated: row.try_get::<i64, _>("rated")? != 0,
            plies: row.try_get::<i64, _>("plies")? as u32,
            winner: row.try_get("winner")?,
            reason: row.try_get("reason")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            clock_days: row.try_get("clock_days")?,
            takeback_v: row.try_get("takeback_v")?,
            takeback_ply: row.try_get("takeback_ply")?,
            takeback_side: row.try_get("takeback_side")?,
            berserk_allowed: row.try_get::<i64, _>("berserk_allowed")? != 0,
            south_berserk: row.try_get("south_berserk")?,
            north_berserk: row.try_get("north_berserk")?,
        })
    }
}

/// The columns of a `games` row that a decision changes while the game goes on: written on their own (most
/// changes), they leave the seats, the status and every index alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameProgress {
    pub id: String,
    pub south_clock_ms: Option<i64>,
    pub north_clock_ms: Option<i64>,
    pub plies: u32,
    pub updated_at: i64,
}

/// A `moves` row: one decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub game_id: String,
    pub ply: u32,
    pub side: String,
    pub decision: String,
    pub client_id: Option<String>,
    pub auto: bool,
    pub at: i64,
    pub clock_ms: Option<i64>,
}

impl MoveRow {
    pub(super) fn read(row: &AnyRow) -> Result<MoveRow, StoreError> {
        Ok(MoveRow {
            game_id: row.try_get("game_id")?,
            ply: row.try_get::<i64, _>("ply")? as u32,
            side: row.try_get("side")?,
            decision: row.try_get("decision")?,
            client_id: row.try_get("client_id")?,
            auto: row.try_get::<i64, _>("auto")? != 0,
            at: row.try_get("at")?,
            clock_ms: row.try_get("clock_ms")?,
        })
    }
}

/// A `players` row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub name: String,
    pub token_hash: String,
    pub created_at: i64,
    /// The argon2id PHC string of the password; `None` for a token-only account.
    pub password_hash: Option<String>,
}

impl PlayerRow {
    pub(super) fn read(row: &AnyRow) -> Result<PlayerRow, StoreError> {
        Ok(PlayerRow {
            name: row.try_get("name")?,
            token_hash: row.try_get("token_hash")?,
            created_at: row.try_get("created_at")?,
            password_hash: row.try_get("password_hash")?,
        })
    }
}
