//! The pause after repeated aborts (lichess-like): 3 or more games aborted by a person in 24 h pause their
//! pairing for 5 minutes, doubled for every further abort (at most 24 h), counted from the last abort.
//! Only the player who aborted is counted (the room stores the aborting side, `games.aborted_by`): the
//! opponent of an abort is never paused by it.

use super::error::LobbyError;
use super::person::Person;
use crate::game::UnixMs;
use std::time::Duration;

/// Aborts within this window count.
const WINDOW: Duration = Duration::from_secs(24 * 3600);
/// Aborts before a pause.
pub const FREE_ABORTS: usize = 2;
const FIRST_PAUSE: Duration = Duration::from_secs(5 * 60);

/// How long `n` aborts in the window pause pairing.
pub fn pause(n: usize) -> Option<Duration> {
    if n <= FREE_ABORTS {
        return None;
    }
    let doublings = (n - FREE_ABORTS - 1).min(10) as u32;
    Some((FIRST_PAUSE * (1 << doublings)).min(WINDOW))
}

/// Refuses pairing while `person` is paused. Anonymous guests are not tracked (they have no name to
/// count by).
pub async fn check(store: &crate::store::Store, person: &Person) -> Result<(), LobbyError> {
    if person.who.is_anonymous() {
        return Ok(());
    }
    let now = UnixMs::now();
    let times = store
        .aborts_of(
            &person.name().key(),
            person.who.is_account(),
            UnixMs::from_millis(now.millis() - WINDOW.as_millis() as i64),
        )
        .await?;
    let Some(pause) = pause(times.len()) else { return Ok(()) };
    let until = times.last().copied().unwrap_or(now).plus(pause);
    if until <= now {
        return Ok(());
    }
    let retry_after = until.since(now).as_millis().div_ceil(1000) as u64;
    Err(LobbyError::Paused { aborts: times.len(), until_text: utc(until), retry_after })
}

/// A time as `2026-11-23 01:05:09 UTC`.
fn utc(at: UnixMs) -> String {
    let u = crate::game::utc::Utc::of(at);
    format!("{}-{:02}-{:02} {:02}:{:02}:{:02} UTC", u.year, u.month, u.day, u.hour, u.minute, u.second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_grows() {
        let minutes = |m: u64| Some(Duration::from_secs(m * 60));
        assert_eq!(pause(2), None);
        assert_eq!(pause(3), minutes(5));
        assert_eq!(pause(4), minutes(10));
        assert_eq!(pause(5), minutes(20));
        assert_eq!(pause(40), Some(WINDOW));
    }

    #[test]
    fn times_are_shown_in_utc() {
        assert_eq!(utc(UnixMs::from_millis(0)), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(UnixMs::from_millis(1_795_396_336_837)), "2026-11-23 01:12:16 UTC");
        assert_eq!(utc(UnixMs::from_millis(951_782_400_000)), "2000-02-29 00:00:00 UTC");
    }
}
