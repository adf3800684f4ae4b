//! What moderation (`crate::moderation`, which sets the standing) says of a chat line about to be said: refused during a chat timeout (with the time
//! left), kept to its author under a shadow mute, else said. Read from the database by the game's room for
//! each line, so a timeout given on any node holds at once everywhere, and after a restart.

use crate::game::UnixMs;
use crate::ids::PlayerName;
use crate::store::{Store, StoreError};

/// The fate of a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Said,
    /// Refused: the author's chat is timed out for `left_ms` more.
    TimedOut {
        left_ms: u64,
    },
    /// Shown to its author only.
    Shadow,
}

/// The verdict on a line of the account `author` (a guest's lines are never moderated here).
pub async fn verdict(store: &Store, author: &PlayerName, now: UnixMs) -> Result<Verdict, StoreError> {
    let Some(standing) = store.standing(&author.key()).await? else { return Ok(Verdict::Said) };
    if let Some(until) = standing.chat_until.filter(|u| u.millis() > now.millis()) {
        return Ok(Verdict::TimedOut { left_ms: (until.millis() - now.millis()) as u64 });
    }
    Ok(if standing.shadow_muted { Verdict::Shadow } else { Verdict::Said })
}

/// `ms` as a person reads a wait: "14 min 5 s", "2 h 3 min".
pub fn left(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    match (s / 3600, (s % 3600) / 60, s % 60) {
        (0, 0, s) => format!("{s} s"),
        (0, m, s) => format!("{m} min {s} s"),
        (h, m, _) => format!("{h} h {m} min"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn waits_read_in_their_units() {
        assert_eq!(super::left(4_001), "5 s");
        assert_eq!(super::left(845_000), "14 min 5 s");
        assert_eq!(super::left(7_380_000), "2 h 3 min");
    }
}
