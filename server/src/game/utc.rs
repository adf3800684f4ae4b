//! The calendar date and time (UTC) of a unix-milliseconds time, for the texts that show one (the PGN-like
//! export's `Date` header, the end of a ban for leaving games). By the days-to-civil algorithm (H. Hinnant,
//! "chrono-Compatible Low-Level Date Algorithms"), so no date crate is needed for two formats.

use super::UnixMs;

/// A moment, to the second, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utc {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub minute: i64,
    pub second: i64,
}

impl Utc {
    pub fn of(at: UnixMs) -> Utc {
        let secs = at.millis().div_euclid(1000);
        let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097; // [0, 146096]
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
        let mp = (5 * doy + 2) / 153; // [0, 11], March-based
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Utc { year, month, day, hour: rem / 3600, minute: rem % 3600 / 60, second: rem % 60 }
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
    }
}
