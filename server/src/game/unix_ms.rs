//! [`UnixMs`]: a moment as milliseconds since the Unix epoch, the one wall-clock time the server stores and
//! sends (a ply's time, a game's creation and last change, a seek's or a session's creation). Plain `i64`s
//! only in rows (the store's edge) and `u64`s on the wire; timers inside one process use `Instant`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The system's wall clock, in Unix ms (0 if it is set before the epoch).
fn wall_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Milliseconds since the Unix epoch (UTC).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnixMs(i64);

impl UnixMs {
    /// The wall clock now (the epoch itself if the clock is set before it).
    #[cfg(not(test))]
    pub fn now() -> UnixMs {
        UnixMs(wall_ms())
    }

    /// In unit tests the wall clock runs with tokio's: a test on a paused clock (`start_paused`,
    /// `tokio::time::advance`) moves the stored times and the timers' `Instant`s together, as the server's
    /// rooms mix both (a first move's deadline is stored in Unix ms, its timer is an `Instant`).
    #[cfg(test)]
    pub fn now() -> UnixMs {
        use std::sync::OnceLock;
        use tokio::time::Instant;
        static ANCHOR: OnceLock<(std::time::Instant, i64)> = OnceLock::new();
        let (at, ms) = *ANCHOR.get_or_init(|| (std::time::Instant::now(), wall_ms()));
        let (at, now) = (Instant::from_std(at), Instant::now());
        let ahead = |d: Duration| d.as_millis() as i64;
        UnixMs(if now >= at { ms + ahead(now - at) } else { ms - ahead(at - now) })
    }

    /// A stored or received time.
    pub const fn from_millis(ms: i64) -> UnixMs {
        UnixMs(ms)
    }

    /// The time as a row stores it.
    pub const fn millis(self) -> i64 {
        self.0
    }

    /// The time as the wire sends it: never negative.
    pub fn wire(self) -> u64 {
        self.0.max(0) as u64
    }

    /// `d` later.
    pub fn plus(self, d: Duration) -> UnixMs {
        UnixMs(self.0.saturating_add(d.as_millis().min(i64::MAX as u128) as i64))
    }

    /// How long after `earlier` this is: zero if it is not after it.
    pub fn since(self, earlier: UnixMs) -> Duration {
        Duration::from_millis(self.0.saturating_sub(earlier.0).max(0) as u64)
    }
}

impl std::fmt::Display for UnixMs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::UnixMs;
    use std::time::Duration;

    #[test]
    fn spans_saturate_instead_of_wrapping() {
        let t = UnixMs::from_millis(1_000);
        assert_eq!(t.plus(Duration::from_millis(500)), UnixMs::from_millis(1_500));
        assert_eq!(UnixMs::from_millis(1_500).since(t), Duration::from_millis(500));
        assert_eq!(t.since(UnixMs::from_millis(1_500)), Duration::ZERO);
        assert_eq!(UnixMs::from_millis(i64::MAX - 1).plus(Duration::from_secs(1)), UnixMs::from_millis(i64::MAX));
        assert_eq!(UnixMs::from_millis(-5).wire(), 0);
        assert!(UnixMs::now() > UnixMs::from_millis(1_700_000_000_000));
    }
}
