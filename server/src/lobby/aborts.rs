//! The pause after repeated aborts (lichess-like): 3 or more games aborted by a person in 24 h pause their
//! pairing for 5 minutes, doubled for every further abort (at most 24 h), counted from the last abort.
//! Only the player who aborted is counted (the room stores the aborting side, `games.aborted_by`): the
//! opponent of an abort is never paused by it.

use super::error::LobbyError;
use super::person::Person;
use crate::game::unix_ms;

/// Aborts within this window count.
const WINDOW_MS: i64 = 24 * 3600 * 1000;
/// Aborts before a pause.
pub const FREE_ABORTS: usize = 2;
const FIRST_PAUSE_MS: i64 = 5 * 60 * 1000;

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
pub async fn check(store: &crate::store::Store, person: &Person) -> Result<(), LobbyError> {
    if person.who.is_anonymous() {
        return Ok(());
    }
    let now = unix_ms();
    let times = store.aborts_of(&person.name().key(), person.who.is_account(), now - WINDOW_MS).await?;
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
