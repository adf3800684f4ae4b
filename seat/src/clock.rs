//! How much of its clock a seat spends on one decision. The server charges a computer seat like a person:
//! from the moment its turn starts to the moment its decision arrives, and on the server that includes
//! the time the search waits for a free core. So the seat gives each search a deadline: the instant it
//! learned that it has a decision, plus an allowance taken from its remaining time.
//!
//! The allowance is the usual rule of chess engines for a clock with an increment: a fixed share of what
//! is left (1/25, as if about 25 more decisions were to be made) plus most of the increment (3/4, the
//! rest kept for the next decisions), never so much that less than a margin is left for the way to the
//! server (a tenth of the remaining time, at least a second), and never less than a few milliseconds, so
//! that even a seat short of time answers with a searched decision. A seat that keeps to it never runs
//! out of time: each decision spends at most about 4 % of what is left less what the increment gives
//! back. A correspondence clock (days per move) gives an allowance of hours, so there the level's node
//! budget decides how long a search runs.

use mancala_engine::Side;
use mancala_protocol::ClockState;
use std::time::{Duration, Instant};

/// The share of the remaining time one decision may spend: 1/`MOVES_TO_GO`.
pub const MOVES_TO_GO: u32 = 25;
/// The time always kept back, at least: for the way to the server and the server's own queue.
pub const MARGIN: Duration = Duration::from_secs(1);
/// The least a decision is allowed, even when the seat is short of time.
pub const MIN_THINK: Duration = Duration::from_millis(20);

/// How long one decision may take with `remaining` on the seat's clock and `increment` added after each
/// decision: `remaining / 25 + 3/4 × increment`, at most `remaining` less a margin (a tenth of it, at
/// least [`MARGIN`]), at least [`MIN_THINK`].
pub fn allowance(remaining: Duration, increment: Duration) -> Duration {
    let share = remaining / MOVES_TO_GO + increment * 3 / 4;
    let margin = (remaining / 10).max(MARGIN);
    share.min(remaining.saturating_sub(margin)).max(MIN_THINK)
}

/// The deadline of the search for `side`'s decision, if the game has a clock: `turn_since` (when the seat
/// learned that it has a decision) plus the [`allowance`] of the remaining time `clock` gives `side`.
pub fn deadline(clock: Option<&ClockState>, side: Side, turn_since: Instant) -> Option<Instant> {
    let clock = clock?;
    let remaining = match side {
        Side::South => clock.south_ms,
        Side::North => clock.north_ms,
    };
    let increment = Duration::from_secs(clock.increment_secs.into());
    Some(turn_since + allowance(Duration::from_millis(remaining), increment))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn a_share_of_the_remaining_time_and_most_of_the_increment() {
        // 3+2 at the start: 180/25 + 1.5.
        assert_eq!(allowance(secs(180.0), secs(2.0)), secs(8.7));
        // 5+0: a 25th.
        assert_eq!(allowance(secs(300.0), Duration::ZERO), secs(12.0));
        // 1+0 late in the game.
        assert_eq!(allowance(secs(10.0), Duration::ZERO), secs(0.4));
    }

    #[test]
    fn a_margin_is_always_kept() {
        // 2 s left with a 2 s increment: 0.08 + 1.5 would leave 0.42 s; a second is kept.
        assert_eq!(allowance(secs(2.0), secs(2.0)), secs(1.0));
        // A large increment against little time: a tenth of it kept.
        assert_eq!(allowance(secs(20.0), secs(60.0)), secs(18.0));
        // Never less than the minimum, even with nothing left.
        assert_eq!(allowance(secs(0.5), secs(0.0)), MIN_THINK);
        assert_eq!(allowance(Duration::ZERO, secs(3.0)), MIN_THINK);
        // Whatever the clock, the margin is there once the remaining time exceeds margin and minimum.
        for r in [1.2, 3.0, 7.5, 30.0, 600.0, 86_400.0] {
            for inc in [0.0, 1.0, 2.0, 30.0, 3600.0] {
                let a = allowance(secs(r), secs(inc));
                assert!(a + (secs(r) / 10).max(MARGIN) <= secs(r) + Duration::from_nanos(1), "{r} + {inc}: {a:?}");
            }
        }
    }

    /// Spending the whole allowance on every decision never runs the clock out with an increment: the
    /// remaining time settles where what a decision spends equals what it gets back (6.25 increments
    /// when the margin does not bind). Without one it shrinks by a 25th a decision: 3+0 lasts 100
    /// decisions with a second and more left.
    #[test]
    fn spending_every_allowance_never_runs_out() {
        for (base, inc) in [(180.0, 2.0), (60.0, 1.0), (15.0, 10.0), (2.0, 2.0)] {
            let (mut left, inc) = (secs(base), secs(inc));
            for n in 0..1000 {
                let spent = allowance(left, inc);
                assert!(spent < left, "{base}+{inc:?}, decision {n}: {spent:?} of {left:?}");
                left = left - spent + inc;
            }
            assert!(left >= inc, "{base}+{inc:?}: {left:?} left");
        }
        let mut left = secs(180.0);
        for _ in 0..100 {
            left -= allowance(left, Duration::ZERO);
        }
        assert!(left > secs(3.0), "{left:?}");
    }

    #[test]
    fn a_deadline_only_with_a_clock() {
        let now = Instant::now();
        assert_eq!(deadline(None, Side::South, now), None);
        let clock = ClockState {
            base_secs: 180,
            increment_secs: 2,
            days: None,
            south_ms: 100_000,
            north_ms: 50_000,
            running: vec![Side::North],
            held_ms: 0,
        };
        assert_eq!(deadline(Some(&clock), Side::South, now), Some(now + secs(4.0 + 1.5)));
        assert_eq!(deadline(Some(&clock), Side::North, now), Some(now + secs(2.0 + 1.5)));
        // Correspondence, a day per move: hours, so the node budget decides.
        let day = ClockState { base_secs: 86_400, increment_secs: 0, days: Some(1), south_ms: 86_400_000, ..clock };
        assert_eq!(deadline(Some(&day), Side::South, now), Some(now + secs(3456.0)));
    }
}
