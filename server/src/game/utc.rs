//! The calendar date and time (UTC) of a unix-milliseconds time, for the texts that show one (the PGN-like
//! export's `Date` header, the end of a ban for leaving games, the data download's moments, the daily
//! puzzle's day), by the `time` crate.

use super::UnixMs;

/// A moment, to the millisecond, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utc {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub minute: i64,
    pub second: i64,
    pub milli: i64,
}

impl Utc {
    pub fn of(at: UnixMs) -> Utc {
        let t = time::OffsetDateTime::UNIX_EPOCH + time::Duration::milliseconds(at.millis());
        Utc {
            year: i64::from(t.year()),
            month: i64::from(u8::from(t.month())),
            day: i64::from(t.day()),
            hour: i64::from(t.hour()),
            minute: i64::from(t.minute()),
            second: i64::from(t.second()),
            milli: i64::from(t.millisecond()),
        }
    }

    /// `2026-11-27`.
    pub fn date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// ISO 8601 to the millisecond: `2026-11-27T10:15:30.123Z`.
    pub fn iso_8601(&self) -> String {
        format!("{}T{:02}:{:02}:{:02}.{:03}Z", self.date(), self.hour, self.minute, self.second, self.milli)
    }
}

#[cfg(test)]
mod tests {
    use super::{UnixMs, Utc};

    #[test]
    fn days_and_times_are_civil() {
        let at = |ms| {
            let u = Utc::of(UnixMs::from_millis(ms));
            (u.year, u.month, u.day, u.hour, u.minute, u.second)
        };
        assert_eq!(at(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(at(-1), (1969, 12, 31, 23, 59, 59));
        assert_eq!(at(951_782_400_000), (2000, 2, 29, 0, 0, 0));
        assert_eq!(at(1_795_396_336_837), (2026, 11, 23, 1, 12, 16));
        let iso = |ms| Utc::of(UnixMs::from_millis(ms)).iso_8601();
        assert_eq!(iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso(1_709_210_096_789), "2024-02-29T12:34:56.789Z", "a leap day");
        assert_eq!(iso(951_868_799_999), "2000-02-29T23:59:59.999Z");
        assert_eq!(iso(4_102_444_800_000), "2100-01-01T00:00:00.000Z");
        assert_eq!(Utc::of(UnixMs::from_millis(1_795_396_336_837)).date(), "2026-11-23");
    }
}
