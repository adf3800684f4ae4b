//! The pause after repeated aborts (lichess-like): 3 or more aborted games in 24 h pause a person's
//! pairing for 5 minutes, doubled for every further abort (at most 24 h), counted from the last abort.
//!
//! Who aborted a game is not stored (the `games` row has `reason = 'aborted'` and no winner). The abort
//! is possible only until both players have made a decision of their own, so the aborter is almost always
//! a player who had made none: an aborted game counts against each seated person who had made no
//! decision of their own in it (`moves.auto = 0`). When neither had moved, both are counted; that is the
//! price of not storing the aborter (docs/lobby.md).

use super::error::LobbyError;
use super::person::Person;
use crate::error::ApiError;
use crate::game::unix_ms;
use crate::store::Store;
use sqlx::Row;

/// Aborts within this window count.
const WINDOW_MS: i64 = 24 * 3600 * 1000;
/// Aborts before a pause.
pub const FREE_ABORTS: usize = 2;
const FIRST_PAUSE_MS: i64 = 5 * 60 * 1000;

/// The abort times (unix ms, oldest first) of `person` since `since`.
async fn aborts(store: &Store, person: &Person, since: i64) -> Result<Vec<i64>, ApiError> {
    let rows = sqlx::query(
        "SELECT g.updated_at FROM games g WHERE g.reason = 'aborted' AND g.updated_at >= $2 AND ( \
           (lower(g.south_name) = $1 AND g.south_registered = $3 AND NOT EXISTS \
             (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.side = 'south' AND m.auto = 0)) \
           OR (lower(g.north_name) = $1 AND g.north_registered = $3 AND NOT EXISTS \
             (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.side = 'north' AND m.auto = 0))) \
         ORDER BY g.updated_at",
    )
    .bind(person.name.key())
    .bind(since)
    .bind(i16::from(person.registered))
    .fetch_all(store.pool())
    .await
    .map_err(|e| ApiError::from(crate::store::StoreError::from(e)))?;
    rows.iter().map(|r| r.try_get::<i64, _>(0).map_err(|e| ApiError::from(crate::store::StoreError::from(e)))).collect()
}

/// How long `n` aborts in the window pause pairing.
pub fn pause_ms(n: usize) -> Option<i64> {
    if n <= FREE_ABORTS {
        return None;
    }
    let doublings = (n - FREE_ABORTS - 1).min(10) as u32;
    Some((FIRST_PAUSE_MS << doublings).min(WINDOW_MS))
}

/// Refuses pairing while `person` is paused. Anonymous guests are not tracked (they have no name to
/// count by).
pub async fn check(store: &Store, person: &Person) -> Result<(), LobbyError> {
    if person.key.starts_with("anon:") {
        return Ok(());
    }
    let now = unix_ms();
    let times = aborts(store, person, now - WINDOW_MS).await?;
    let Some(pause) = pause_ms(times.len()) else { return Ok(()) };
    let until = times.last().copied().unwrap_or(now) + pause;
    if until <= now {
        return Ok(());
    }
    let retry_after = ((until - now + 999) / 1000) as u64;
    Err(LobbyError::Paused { aborts: times.len(), until_text: utc(until), retry_after })
}

/// Unix milliseconds as `2026-11-23 01:05:09 UTC`.
fn utc(ms: i64) -> String {
    let u = crate::game::utc::Utc::of(ms);
    format!("{}-{:02}-{:02} {:02}:{:02}:{:02} UTC", u.year, u.month, u.day, u.hour, u.minute, u.second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_grows() {
        assert_eq!(pause_ms(2), None);
        assert_eq!(pause_ms(3), Some(5 * 60 * 1000));
        assert_eq!(pause_ms(4), Some(10 * 60 * 1000));
        assert_eq!(pause_ms(5), Some(20 * 60 * 1000));
        assert_eq!(pause_ms(40), Some(WINDOW_MS));
    }

    #[test]
    fn times_are_shown_in_utc() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(1_795_396_336_837), "2026-11-23 01:12:16 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00:00 UTC");
    }
}
