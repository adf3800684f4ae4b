//! The server's game clock (Fischer: base plus increment per decision). Time runs only once both players
//! have made a decision of their own (as on lichess, the first decision of each side is free, which is
//! also what makes `abort` possible until then), and only for the side(s) to decide.

use mancala_engine::{BySide, Side};
use mancala_protocol::{ClockSpec, ClockState};
use tokio::time::{Duration, Instant};

/// The longest base time of a clock (a week) and the largest increment (an hour), for every way of
/// making a game.
pub const MAX_BASE_SECS: u32 = 7 * 24 * 3600;
pub const MAX_INCREMENT_SECS: u32 = 3600;

/// Checks a requested clock beyond its types; the error says which field is out of range.
pub fn check_spec(c: &ClockSpec) -> Result<(), String> {
    if c.base_secs == 0 || c.base_secs > MAX_BASE_SECS {
        return Err(format!("clock.base_secs must be between 1 and {MAX_BASE_SECS}"));
    }
    if c.increment_secs > MAX_INCREMENT_SECS {
        return Err(format!("clock.increment_secs must be at most {MAX_INCREMENT_SECS}"));
    }
    Ok(())
}

#[derive(Clone, Debug)]
pub struct Clock {
    pub spec: ClockSpec,
    /// Remaining milliseconds at `since` (or now, when stopped).
    pub remaining: BySide<u64>,
    /// When the running side(s) started thinking; `None` while stopped.
    pub since: Option<Instant>,
    /// Who is running.
    pub running: BySide<bool>,
}

impl Clock {
    pub fn new(spec: ClockSpec) -> Clock {
        let base = spec.base_secs as u64 * 1000;
        Clock { spec, remaining: BySide::both(base), since: None, running: BySide::default() }
    }

    pub fn increment_ms(&self) -> u64 {
        self.spec.increment_secs as u64 * 1000
    }

    /// Remaining time of `side` at `now`.
    pub fn remaining_at(&self, side: Side, now: Instant) -> u64 {
        match self.since {
            Some(since) if self.running[side] => {
                self.remaining[side].saturating_sub(now.saturating_duration_since(since).as_millis() as u64)
            }
            _ => self.remaining[side],
        }
    }

    /// Charges the running sides up to `now` and stops the clock.
    pub fn stop(&mut self, now: Instant) {
        for side in Side::BOTH {
            self.remaining[side] = self.remaining_at(side, now);
        }
        self.since = None;
        self.running = BySide::default();
    }

    /// Starts the clock of `sides` at `now` (after [`Clock::stop`]).
    pub fn start(&mut self, sides: BySide<bool>, now: Instant) {
        self.since = (sides.south || sides.north).then_some(now);
        self.running = sides;
    }

    /// When the first running side runs out of time, and which side that is.
    pub fn deadline(&self) -> Option<(Instant, Side)> {
        let since = self.since?;
        Side::BOTH
            .into_iter()
            .filter(|&s| self.running[s])
            .map(|s| (since + Duration::from_millis(self.remaining[s]), s))
            .min_by_key(|&(t, _)| t)
    }

    pub fn state(&self, now: Instant) -> ClockState {
        ClockState {
            base_secs: self.spec.base_secs,
            increment_secs: self.spec.increment_secs,
            south_ms: self.remaining_at(Side::South, now),
            north_ms: self.remaining_at(Side::North, now),
            running: Side::BOTH.into_iter().filter(|&s| self.running[s]).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_running_sides_lose_time() {
        let now = Instant::now();
        let mut c = Clock::new(ClockSpec { base_secs: 10, increment_secs: 2 });
        c.start(BySide::new(true, false), now);
        let later = now + Duration::from_millis(2500);
        assert_eq!(c.remaining_at(Side::South, later), 7500);
        assert_eq!(c.remaining_at(Side::North, later), 10_000);
        assert_eq!(c.deadline(), Some((now + Duration::from_secs(10), Side::South)));
        c.stop(later);
        assert_eq!(c.remaining[Side::South], 7500);
        assert_eq!(c.deadline(), None);
    }
}
