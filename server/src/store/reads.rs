//! Reads: one game, its moves, the unfinished games (restored on start), filtered game lists with a
//! cursor, and players. Every query is one fixed SQL text with `$N` placeholders valid on both backends;
//! optional filters are written `($N IS NULL OR …)` so no SQL is ever built from input.

use super::mapping;
use super::rows::{GAME_COLUMNS, GameRow, MoveRow, PlayerRow};
use super::{Store, StoreError};
use crate::game::{GameHeader, StoredPly};
use crate::ids::{GameId, InviteCode, PlayerName, TokenHash};
use mancala_engine::{Side, Variant};
use mancala_protocol::http::GameStatus;
use sqlx::Row;
use std::sync::LazyLock;

/// Filters of a game list. `None` means "any".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// A name seated on either side (any case: names are case-insensitive).
    pub player: Option<PlayerName>,
    pub variant: Option<Variant>,
    pub status: Option<GameStatus>,
    pub result: Option<ResultFilter>,
    /// Created at or after (unix ms).
    pub since: Option<i64>,
    /// Created before (unix ms).
    pub until: Option<i64>,
}

/// The `result` filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    /// Games this side won.
    Won(Side),
    /// Finished games without a winner (aborted games excluded).
    Draw,
}

/// Where a page starts: strictly after this (created_at, id) in newest-first order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListCursor {
    pub created_at: i64,
    pub id: GameId,
}

impl ListCursor {
    /// The opaque text form handed to clients.
    pub fn encode(&self) -> String {
        format!("{}.{}", self.created_at, self.id)
    }

    pub fn decode(text: &str) -> Option<ListCursor> {
        let (t, id) = text.split_once('.')?;
        Some(ListCursor { created_at: t.parse().ok()?, id: id.parse().ok()? })
    }
}

static SELECT_GAME: LazyLock<String> = LazyLock::new(|| format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"));
static SELECT_INVITE: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {GAME_COLUMNS} FROM games WHERE invite_code = $1"));
static SELECT_UNFINISHED: LazyLock<String> =
    LazyLock::new(|| format!("SELECT {GAME_COLUMNS} FROM games WHERE status <> 'finished' ORDER BY created_at"));
static SELECT_LIST: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {GAME_COLUMNS} FROM games \
         WHERE ($1 IS NULL OR lower(south_name) = $1 OR lower(north_name) = $1) \
         AND ($2 IS NULL OR variant = $2) \
         AND ($3 IS NULL OR status = $3) \
         AND ($4 IS NULL OR winner = $4) \
         AND ($5 = 0 OR (status = 'finished' AND winner IS NULL AND reason <> 'aborted')) \
         AND ($6 IS NULL OR created_at >= $6) \
         AND ($7 IS NULL OR created_at < $7) \
         AND ($8 IS NULL OR created_at < $8 OR (created_at = $8 AND id < $9)) \
         ORDER BY created_at DESC, id DESC LIMIT $10"
    )
});

fn sql(text: &'static LazyLock<String>) -> sqlx::AssertSqlSafe<&'static str> {
    // The texts above are constants assembled once from constant parts; no input reaches them.
    sqlx::AssertSqlSafe(text.as_str())
}

impl Store {
    /// A game's row as stored.
    pub async fn game_row(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(sql(&SELECT_GAME)).bind(id).fetch_optional(self.pool()).await?;
        row.as_ref().map(GameRow::read).transpose()
    }

    /// A game's decisions as stored, in order.
    pub async fn move_rows(&self, id: &str) -> Result<Vec<MoveRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, ply, side, decision, client_id, auto, at, clock_ms FROM moves \
             WHERE game_id = $1 ORDER BY ply",
        )
        .bind(id)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(MoveRow::read).collect()
    }

    pub async fn game(&self, id: &GameId) -> Result<Option<GameHeader>, StoreError> {
        match self.game_row(id.as_str()).await?.map(mapping::header).transpose()? {
            Some(header) => Ok(Some(self.with_ratings(header).await?)),
            None => Ok(None),
        }
    }

    /// `header` with the rating changes of a finished rated game (stored in `rating_changes`).
    async fn with_ratings(&self, mut header: GameHeader) -> Result<GameHeader, StoreError> {
        if header.rated && header.status == GameStatus::Finished {
            header.ratings = self.game_ratings(header.id.as_str()).await?;
        }
        Ok(header)
    }

    /// A game and its decisions.
    pub async fn load(&self, id: &GameId) -> Result<Option<(GameHeader, Vec<StoredPly>)>, StoreError> {
        let Some(header) = self.game(id).await? else { return Ok(None) };
        let mut plies = self.moves(&header).await?;
        // Two reads, not one snapshot: a decision committed between them (its moves and the game's row
        // land together) is in the moves but not in the header read before. The header's ply count
        // says which moves are its game's; a game ended by that decision would otherwise not replay.
        plies.truncate(header.plies as usize);
        Ok(Some((header, plies)))
    }

    pub async fn game_by_invite(&self, code: &InviteCode) -> Result<Option<GameHeader>, StoreError> {
        let row = sqlx::query(sql(&SELECT_INVITE)).bind(code.as_str()).fetch_optional(self.pool()).await?;
        row.as_ref().map(GameRow::read).transpose()?.map(mapping::header).transpose()
    }

    /// The decisions of the game `header` describes, in order.
    pub async fn moves(&self, header: &GameHeader) -> Result<Vec<StoredPly>, StoreError> {
        self.move_rows(header.id.as_str()).await?.into_iter().map(|r| mapping::ply(header, r)).collect()
    }

    /// Every game not finished yet, oldest first (restored into live rooms on start).
    pub async fn unfinished_games(&self) -> Result<Vec<GameHeader>, StoreError> {
        let rows = sqlx::query(sql(&SELECT_UNFINISHED)).fetch_all(self.pool()).await?;
        rows.iter().map(|r| mapping::header(GameRow::read(r)?)).collect()
    }

    /// One page of games, newest first.
    pub async fn list_games(
        &self,
        filter: &GameFilter,
        after: Option<&ListCursor>,
        limit: u32,
    ) -> Result<Vec<GameHeader>, StoreError> {
        let (winner, draw) = match filter.result {
            Some(ResultFilter::Draw) => (None, 1i16),
            Some(ResultFilter::Won(side)) => (Some(side.name()), 0i16),
            None => (None, 0i16),
        };
        let rows = sqlx::query(sql(&SELECT_LIST))
            .bind(filter.player.as_ref().map(PlayerName::key))
            .bind(filter.variant.map(Variant::id))
            .bind(filter.status.map(GameStatus::as_str))
            .bind(winner)
            .bind(draw)
            .bind(filter.since)
            .bind(filter.until)
            .bind(after.map(|c| c.created_at))
            .bind(after.map(|c| c.id.as_str()))
            .bind(limit as i64)
            .fetch_all(self.pool())
            .await?;
        let mut games = Vec::with_capacity(rows.len());
        for r in &rows {
            // One more query per finished rated game of the page, for its rating changes.
            games.push(self.with_ratings(mapping::header(GameRow::read(r)?)?).await?);
        }
        Ok(games)
    }

    /// The account of `name`, whatever the case it is spelt in.
    pub async fn player_by_name(&self, name: &PlayerName) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query("SELECT name, token_hash, created_at, password_hash FROM players WHERE lower(name) = $1")
            .bind(name.key())
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(PlayerRow::read).transpose()
    }

    pub async fn player_by_token_hash(&self, hash: &TokenHash) -> Result<Option<PlayerRow>, StoreError> {
        let row = sqlx::query("SELECT name, token_hash, created_at, password_hash FROM players WHERE token_hash = $1")
            .bind(hash.as_str())
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(PlayerRow::read).transpose()
    }

    /// A registered player's results: (games, wins, losses, draws, ongoing) over games linked to the
    /// account (whatever the case `name` is spelt in). Aborted games are not counted: no game was played.
    pub async fn player_stats(&self, name: &PlayerName) -> Result<[u64; 5], StoreError> {
        let rows = sqlx::query(
            "SELECT status, winner, reason, CASE WHEN lower(south_name) = $1 AND south_registered = 1 THEN 'south' ELSE 'north' END AS seat \
             FROM games WHERE (lower(south_name) = $1 AND south_registered = 1) \
             OR (lower(north_name) = $1 AND north_registered = 1)",
        )
        .bind(name.key())
        .fetch_all(self.pool())
        .await?;
        let mut s = [0u64; 5];
        for r in rows {
            let status: String = r.try_get("status")?;
            let winner: Option<String> = r.try_get("winner")?;
            let seat: String = r.try_get("seat")?;
            let reason: Option<String> = r.try_get("reason")?;
            if reason.as_deref() == Some("aborted") {
                continue;
            }
            s[0] += 1;
            match (status.as_str(), winner) {
                ("finished", Some(w)) if w == seat => s[1] += 1,
                ("finished", Some(_)) => s[2] += 1,
                ("finished", None) => s[3] += 1,
                _ => s[4] += 1,
            }
        }
        Ok(s)
    }
}
