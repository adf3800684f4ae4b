//! A player's report on another (`POST /api/reports`): checked (an account, not oneself, a known reason,
//! a known game and chat line), limited per reporter ([`PER_HOUR`], counted in the database so every node
//! and a restart count the same), and merged: an open report on the same player and reason takes the new
//! reporter's word in rather than opening another. The reporter is thanked and never told the outcome; the
//! reported player never learns who reported.

use super::queries::{self, ModWrite};
use super::{ModError, text};
use crate::game::UnixMs;
use crate::ids::{GameId, PlayerName, ReportId};
use crate::store::{ReportEntry, ReportFiling, Store, StoreError, Write};
use mancala_protocol::moderation::{ReportReason, ReportRequest};
use std::time::Duration;

/// Reports one account may make in an hour.
pub const PER_HOUR: usize = 10;
const HOUR: Duration = Duration::from_secs(3600);

/// What the reporter is told, whatever comes of it.
pub const THANKS: &str = "Thank you: a moderator will read your report.";

/// Files `req` by `reporter`.
pub async fn file(store: &Store, reporter: &PlayerName, req: &ReportRequest) -> Result<(), ModError> {
    let Some(reason) = ReportReason::from_id(&req.reason) else {
        let all: Vec<&str> = ReportReason::ALL.iter().map(|r| r.id()).collect();
        return Err(ModError::BadRequest(format!(
            "`reason` `{}` is not one of: {}",
            req.reason.chars().take(40).collect::<String>(),
            all.join(", ")
        )));
    };
    let words = text("text", &req.text)?;
    let player = PlayerName::parse(&req.player).map_err(|e| ModError::BadRequest(format!("`player`: {e}")))?;
    let Some(row) = store.player_by_name(&player).await? else {
        return Err(ModError::NotFound(format!("no registered player `{player}`")));
    };
    if player.same_player(reporter) {
        return Err(ModError::BadRequest("you cannot report yourself".into()));
    }
    let game = match &req.game {
        Some(id) => Some(known_game(store, id, req.line).await?),
        None if req.line.is_some() => {
            return Err(ModError::BadRequest("`line` is a chat line of `game`: give the game too".into()));
        }
        None => None,
    };
    let now = UnixMs::now();
    let since = UnixMs::from_millis(now.millis() - HOUR.as_millis() as i64);
    let recent = queries::reports_by(store, &reporter.key(), since).await?;
    if recent.len() >= PER_HOUR {
        let free_at = recent[recent.len() - PER_HOUR].millis() + HOUR.as_millis() as i64;
        let retry_after = ((free_at - now.millis()).max(0) as u64).div_ceil(1000).max(1);
        return Err(ModError::Limited { message: format!("at most {PER_HOUR} reports an hour"), retry_after });
    }
    let entry = ReportEntry {
        reporter_key: reporter.key(),
        text: words,
        game_id: game.map(|g| g.to_string()),
        line_n: req.line.map(|n| n as i64),
        at: now,
    };
    let write = |id| {
        Write::feature(ModWrite::Report(ReportFiling {
            new_id: id,
            player_key: PlayerName::parse(&row.name).map(|n| n.key()).unwrap_or_else(|_| player.key()),
            reason: reason.id().to_string(),
            entry: entry.clone(),
        }))
    };
    match store.write(vec![write(ReportId::random())]).await {
        // Another node opened the same report at the same moment: this one joins it.
        Err(StoreError::Conflict) => Ok(store.write(vec![write(ReportId::random())]).await?),
        other => Ok(other?),
    }
}

/// The game `id`, which must exist, and hold chat line `line` when one is given.
async fn known_game(store: &Store, id: &str, line: Option<u64>) -> Result<GameId, ModError> {
    let game: GameId = id.parse().map_err(|e| ModError::BadRequest(format!("`game`: {e}")))?;
    if store.game(&game).await?.is_none() {
        return Err(ModError::NotFound(format!("no game `{game}`")));
    }
    if let Some(n) = line
        // A shadow-muted line reached nobody but its author: there is nothing to report in it.
        && !store.chat(game.as_str()).await?.iter().any(|l| l.n == n as i64 && !l.shadow)
    {
        return Err(ModError::NotFound(format!("game `{game}` has no chat line {n}")));
    }
    Ok(game)
}
