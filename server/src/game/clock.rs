//! The server's game clock (Fischer: base plus increment per decision). Time runs only once both players
//! have made a decision of their own (as on lichess, the first decision of each side is free, which is
//! also what makes `abort` possible until then), and only for the side(s) to decide.
//!
//! A correspondence clock (`days` per move) is the same clock with a base of that many days and no
//! increment: each decision of a player sets that player's time back to the full days, and, unlike real
//! time, the time the server was down counts (the days are the calendar's, [`Clock::charge_absence`]).
//! The length of a day is a server setting (`--day-secs`) so that tests can use a short one.

use mancala_engine::{BySide, Side};
use mancala_protocol::{ClockSpec, ClockState};
use tokio::time::{Duration, Instant};

/// The longest base time of a clock (a week) and the largest increment (an hour), for every way of
/// making a game.
pub const MAX_BASE_SECS: u32 = 7 * 24 * 3600;
pub const MAX_INCREMENT_SECS: u32 = 3600;

/// Checks a requested clock beyond its types; the error says which field is out of range.
pub fn check_spec(c: &ClockSpec) -> Result<(), String> {
    if let Some(days) = c.days {
        if !ClockSpec::DAYS.contains(&days) {
            return Err(format!("clock.days must be one of {:?}", ClockSpec::DAYS));
        }
        if c.base_secs != 0 || c.increment_secs != 0 {
            return Err("a clock in days per move has no base_secs or increment_secs".into());
        }
        return Ok(());
    }
    if c.base_secs == 0 || c.base_secs > MAX_BASE_SECS {
        return Err(format!("clock.base_secs must be between 1 and {MAX_BASE_SECS}"));
    }
    if c.increment_secs > MAX_INCREMENT_SECS {
        return Err(format!("clock.increment_secs must be at most {MAX_INCREMENT_SECS}"));
    }
    Ok(())
}

/// `spec` with the length of its days filled in (a correspondence clock's base is its days per move times
/// `day`); a real-time clock unchanged.
pub fn with_day(spec: ClockSpec, day: Duration) -> ClockSpec {
    match spec.days {
        Some(days) => {
            let day_secs = u32::try_from(day.as_secs()).unwrap_or(u32::MAX).max(1);
            ClockSpec { base_secs: days.saturating_mul(day_secs), increment_secs: 0, days: Some(days) }
        }
        None => spec,
    }
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
    /// Who berserked: they get no increment for the rest of the game (as on lichess).
    pub berserk: BySide<bool>,
    /// Until when the boards are busy showing the sowings made so far ([`Clock::start_after`]).
    pub shown_until: Option<Instant>,
}

/// A sowing's steps are shown at this pace by default (the web client's normal speed, one step each
/// 160 ms), and the clock of the side to move waits for them ([`sowing_allowance`]).
pub const SOWING_STEP_MS: u64 = 160;
/// The longest one move's sowing holds the clock (the normal speed's longest move).
pub const SOWING_MAX_MS: u64 = 6_000;

/// How long the clock waits for a move of `steps` sowing steps (lifts, drops, captures, as sent) to be
/// shown: its normal-speed animation, at most [`SOWING_MAX_MS`]. Lichess compensates network lag; a
/// mancala move also takes time to watch (a relay sowing can go round 18 times), time nobody should pay
/// on their clock.
pub fn sowing_allowance(steps: usize) -> Duration {
    Duration::from_millis((steps as u64).saturating_mul(SOWING_STEP_MS).min(SOWING_MAX_MS))
}

impl Clock {
    pub fn new(spec: ClockSpec) -> Clock {
        let base = spec.base_secs as u64 * 1000;
        Clock {
            spec,
            remaining: BySide::both(base),
            since: None,
            running: BySide::default(),
            berserk: BySide::default(),
            shown_until: None,
        }
    }

    pub fn increment_ms(&self) -> u64 {
        self.spec.increment_secs as u64 * 1000
    }

    /// The time `side` has after a decision that it made with its clock running: real time adds the
    /// increment to what is left (none for a player who berserked); correspondence sets it back to the full
    /// days.
    pub fn credit(&mut self, side: Side) {
        match self.spec.days {
            Some(_) => self.remaining[side] = self.spec.base_secs as u64 * 1000,
            None if self.berserk[side] => {}
            None => self.remaining[side] += self.increment_ms(),
        }
    }

    /// `side` berserks: half of its remaining time is gone (before its first decision that is half the
    /// base, as on lichess), and so is its increment from now on. The clock must be stopped.
    pub fn berserk(&mut self, side: Side) {
        self.remaining[side] /= 2;
        self.berserk[side] = true;
    }

    /// A correspondence clock's days are the calendar's: on a game's return after `away` (the time
    /// since its last stored change, the server down), the running sides are charged for it. A real-time
    /// clock is not (nobody could play while the server was down).
    pub fn charge_absence(&mut self, away: Duration) {
        if self.spec.days.is_none() {
            return;
        }
        let away = away.as_millis().min(u64::MAX as u128) as u64;
        for side in Side::BOTH {
            if self.running[side] {
                self.remaining[side] = self.remaining[side].saturating_sub(away);
            }
        }
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

    /// Starts the clock of `sides` once the boards have shown a sowing that takes `shown` from `now`,
    /// after those still being shown (a reply sent while the player's own move is still sown waits for
    /// it): the running side is charged nothing meanwhile. A real-time clock only; the lead is at most
    /// two moves' longest allowance, so quick moves do not pile up waiting time.
    pub fn start_after(&mut self, sides: BySide<bool>, now: Instant, shown: Duration) {
        if self.spec.days.is_some() {
            return self.start(sides, now);
        }
        let from = self.shown_until.map_or(now, |t| t.max(now));
        let until = (from + shown).min(now + Duration::from_millis(2 * SOWING_MAX_MS));
        self.shown_until = Some(until);
        self.since = (sides.south || sides.north).then_some(until);
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
            days: self.spec.days,
            south_ms: self.remaining_at(Side::South, now),
            north_ms: self.remaining_at(Side::North, now),
            running: Side::BOTH.into_iter().filter(|&s| self.running[s]).collect(),
            held_ms: self.since.map_or(0, |since| since.saturating_duration_since(now).as_millis() as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_running_sides_lose_time() {
        let now = Instant::now();
        let mut c = Clock::new(ClockSpec::fischer(10, 2));
        c.start(BySide::new(true, false), now);
        let later = now + Duration::from_millis(2500);
        assert_eq!(c.remaining_at(Side::South, later), 7500);
        assert_eq!(c.remaining_at(Side::North, later), 10_000);
        assert_eq!(c.deadline(), Some((now + Duration::from_secs(10), Side::South)));
        c.stop(later);
        assert_eq!(c.remaining[Side::South], 7500);
        assert_eq!(c.deadline(), None);
    }

    #[test]
    fn correspondence_resets_each_move_and_counts_the_servers_absence() {
        let now = Instant::now();
        let spec = with_day(ClockSpec::correspondence(3), Duration::from_secs(10));
        assert_eq!((spec.base_secs, spec.increment_secs, spec.days), (30, 0, Some(3)));
        assert!(check_spec(&ClockSpec::correspondence(3)).is_ok());
        assert!(check_spec(&ClockSpec::correspondence(4)).unwrap_err().contains("clock.days"));
        assert!(check_spec(&ClockSpec { base_secs: 60, ..ClockSpec::correspondence(3) }).is_err());
        let mut c = Clock::new(spec);
        c.start(BySide::new(true, false), now);
        let later = now + Duration::from_secs(25);
        c.stop(later);
        assert_eq!(c.remaining[Side::South], 5_000);
        c.credit(Side::South);
        assert_eq!(c.remaining[Side::South], 30_000, "a move gives the full days back");
        c.start(BySide::new(false, true), later);
        c.charge_absence(Duration::from_secs(12));
        assert_eq!((c.remaining[Side::South], c.remaining[Side::North]), (30_000, 18_000));
        let mut fischer = Clock::new(ClockSpec::fischer(10, 2));
        fischer.start(BySide::new(true, false), now);
        fischer.charge_absence(Duration::from_secs(5));
        fischer.credit(Side::South);
        assert_eq!(fischer.remaining[Side::South], 12_000, "real time: not charged, and the increment");
    }

    #[test]
    fn the_clock_waits_for_the_sowing_to_be_shown() {
        assert_eq!(sowing_allowance(10), Duration::from_millis(1_600));
        assert_eq!(sowing_allowance(400), Duration::from_millis(SOWING_MAX_MS), "at most the longest");
        let now = Instant::now();
        let mut c = Clock::new(ClockSpec::fischer(60, 0));
        // South's move takes 2 s to show: North is not charged meanwhile, and the state says so.
        c.start_after(BySide::new(false, true), now, Duration::from_secs(2));
        assert_eq!(c.remaining_at(Side::North, now + Duration::from_millis(1_500)), 60_000);
        assert_eq!(c.remaining_at(Side::North, now + Duration::from_secs(3)), 59_000);
        assert_eq!(c.state(now + Duration::from_millis(500)).held_ms, 1_500);
        assert_eq!(c.state(now + Duration::from_secs(3)).held_ms, 0);
        assert_eq!(c.deadline(), Some((now + Duration::from_secs(62), Side::North)), "the flag waits too");
        // North replies at once, while South's own move is still shown: South's clock waits for both.
        let t1 = now + Duration::from_millis(500);
        c.stop(t1);
        c.start_after(BySide::new(true, false), t1, Duration::from_secs(1));
        assert_eq!(c.remaining[Side::North], 60_000, "a reply inside the wait costs nothing");
        assert_eq!(c.remaining_at(Side::South, now + Duration::from_millis(2_900)), 60_000);
        assert_eq!(c.remaining_at(Side::South, now + Duration::from_secs(4)), 59_000);
        // Quick moves do not pile up waiting time: at most two longest allowances ahead.
        let t2 = now + Duration::from_secs(4);
        for _ in 0..5 {
            c.stop(t2);
            c.start_after(BySide::new(true, false), t2, sowing_allowance(400));
        }
        assert_eq!(c.state(t2).held_ms, 2 * SOWING_MAX_MS);
        // Correspondence does not wait.
        let mut d = Clock::new(ClockSpec::correspondence(3));
        d.start_after(BySide::new(true, false), now, Duration::from_secs(2));
        assert_eq!(d.state(now).held_ms, 0);
    }

    #[test]
    fn a_berserk_halves_the_time_and_drops_the_increment() {
        let mut c = Clock::new(ClockSpec::fischer(60, 2));
        c.berserk(Side::North);
        assert_eq!((c.remaining[Side::South], c.remaining[Side::North]), (60_000, 30_000));
        c.credit(Side::North);
        c.credit(Side::South);
        assert_eq!((c.remaining[Side::South], c.remaining[Side::North]), (62_000, 30_000), "no increment once berserk");
    }
}
