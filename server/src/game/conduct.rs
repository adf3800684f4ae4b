//! How each player behaved in a game that just ended, as the penalties for leaving games count it
//! (docs/moderation.md, "Penalties for leaving games"): a pure reading of the game and of the change that
//! ends it, stored with that change (`store/outcomes.rs`) and replayed into bans by `crate::playban`.
//!
//! - `abort`: the player aborted the game (the opponent of an abort gets nothing).
//! - `no_start`: the server aborted the game because this player did not make a first decision in time.
//! - `leave`: the player left and the opponent claimed the win (abandonment).
//! - `sitting`: the player lost on time after sitting idle in a lost position: the time from the last
//!   decision of the game to the flag was at least [`idle_limit`] of the clock, and the player had fewer
//!   counters on their side than the opponent (the material the server knows without an engine search).
//! - `good`: every other end of a game both players started: rules, resignation, agreement, a timeout
//!   that is not sitting, and the opponent's side of a leave or a sit.

use super::{Change, LiveGame, Ruling};
use mancala_engine::{BySide, Side};
use mancala_protocol::ClockSpec;
use mancala_protocol::http::GameStatus;
use std::time::Duration;

/// A player's conduct in one finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conduct {
    Good,
    Abort,
    NoStart,
    Leave,
    Sitting,
}

impl Conduct {
    pub const ALL: [Conduct; 5] = [Conduct::Good, Conduct::Abort, Conduct::NoStart, Conduct::Leave, Conduct::Sitting];

    /// The id in the database and on the wire.
    pub const fn as_str(self) -> &'static str {
        match self {
            Conduct::Good => "good",
            Conduct::Abort => "abort",
            Conduct::NoStart => "no_start",
            Conduct::Leave => "leave",
            Conduct::Sitting => "sitting",
        }
    }

    pub fn parse(text: &str) -> Option<Conduct> {
        Conduct::ALL.into_iter().find(|c| c.as_str() == text)
    }

    /// Counts toward a ban.
    pub fn is_bad(self) -> bool {
        self != Conduct::Good
    }
}

/// The shortest and longest idle time that makes a flag a sit.
const IDLE_FLOOR: Duration = Duration::from_secs(30);
const IDLE_CEILING: Duration = Duration::from_secs(180);

/// How long a player must have sat without a decision before their flag counts as sitting: a tenth of the
/// game's estimated length (the base time plus 40 increments, as lichess estimates it), at least 30 s and at
/// most 3 min.
pub fn idle_limit(spec: &ClockSpec) -> Duration {
    let estimate = Duration::from_secs(u64::from(spec.base_secs) + 40 * u64::from(spec.increment_secs));
    (estimate / 10).clamp(IDLE_FLOOR, IDLE_CEILING)
}

/// Each side's conduct when `change` ends `game` (`None` for a side that gets no outcome, and for both
/// when the change does not end the game).
pub fn of(game: &LiveGame, change: &Change) -> BySide<Option<Conduct>> {
    let none = BySide::new(None, None);
    if change.status != GameStatus::Finished || game.status == GameStatus::Finished {
        return none;
    }
    let one_bad = |bad: Side, conduct: Conduct| {
        let mut by = BySide::new(Some(Conduct::Good), Some(Conduct::Good));
        by[bad] = Some(conduct);
        by
    };
    match change.ruling {
        Some(Ruling::Abort) => match change.aborted_by {
            Some(side) => {
                let mut by = none;
                by[side] = Some(if change.no_start { Conduct::NoStart } else { Conduct::Abort });
                by
            }
            None => none,
        },
        // A game still waiting for its second player ends only by an abort; anything else was played.
        Some(Ruling::Abandonment { loser }) => one_bad(loser, Conduct::Leave),
        Some(Ruling::Timeout { loser }) if sat(game, change, loser) => one_bad(loser, Conduct::Sitting),
        _ => BySide::new(Some(Conduct::Good), Some(Conduct::Good)),
    }
}

/// `loser` flagged after sitting idle in a lost position.
fn sat(game: &LiveGame, change: &Change, loser: Side) -> bool {
    let (Some(clock), Some(last)) = (game.clock.as_ref(), game.record.last()) else { return false };
    let idle = change.at_ms.since(last.at_ms);
    sitting(&clock.spec, idle, game.pos.counters_of(loser), game.pos.counters_of(loser.other()))
}

/// A flag after `idle` without a decision under `spec`, with `mine` counters on the flagger's side and
/// `theirs` on the opponent's, is sitting.
pub fn sitting(spec: &ClockSpec, idle: Duration, mine: u32, theirs: u32) -> bool {
    idle >= idle_limit(spec) && mine < theirs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back() {
        for c in Conduct::ALL {
            assert_eq!(Conduct::parse(c.as_str()), Some(c));
        }
        assert_eq!(Conduct::parse("bad"), None);
        assert!(!Conduct::Good.is_bad() && Conduct::Sitting.is_bad());
    }

    #[test]
    fn the_idle_limit_is_a_tenth_of_the_game_within_bounds() {
        let spec = |base_secs, increment_secs| ClockSpec { base_secs, increment_secs, days: None };
        assert_eq!(idle_limit(&spec(60, 0)), Duration::from_secs(30));
        assert_eq!(idle_limit(&spec(600, 5)), Duration::from_secs(80));
        assert_eq!(idle_limit(&spec(3600, 30)), Duration::from_secs(180));
    }

    #[test]
    fn sitting_is_idle_and_behind() {
        let blitz = ClockSpec { base_secs: 300, increment_secs: 3, days: None };
        let secs = Duration::from_secs;
        // The limit of 5+3 is 42 s.
        assert!(sitting(&blitz, secs(42), 10, 30));
        assert!(!sitting(&blitz, secs(41), 10, 30), "not idle long enough");
        assert!(!sitting(&blitz, secs(120), 30, 30), "not behind");
        assert!(!sitting(&blitz, secs(120), 31, 30), "ahead");
    }
}
