//! One player's Glicko-2 rating in one variant, how it is stored (BIGINT billionths, migration 0005) and
//! how the API shows it.

use mancala_protocol::http::PlayerRating;

/// Above this deviation a rating is provisional (as on lichess): shown with a `?`, kept off the
/// leaderboard.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The stored values are in billionths: exact through SQLite and PostgreSQL BIGINTs, and ordered.
const SCALE: f64 = 1e9;

/// A player's rating in one variant. A player who never played a rated game of it has [`Rating::default`]
/// (1500 / 350 / 0.06, provisional).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games counted.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06, games: 0 }
    }
}

impl Rating {
    /// Too uncertain to be compared yet: deviation above [`PROVISIONAL_DEVIATION`].
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as shown: rounded to an integer.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// The rating as the API shows it (a profile, the download of an account's data): rounded.
    pub fn wire(&self) -> PlayerRating {
        PlayerRating {
            rating: self.shown(),
            deviation: self.deviation.round() as i32,
            provisional: self.provisional(),
            games: self.games,
        }
    }

    /// A value as stored (billionths).
    pub(crate) fn to_e9(value: f64) -> i64 {
        (value * SCALE).round() as i64
    }

    /// A stored value (billionths) back.
    pub(crate) fn from_e9(value: i64) -> f64 {
        value as f64 / SCALE
    }

    /// The ratings the stored values describe; the stored values round-trip to themselves, so the rating
    /// computed from a stored one is the one the next update computes from.
    pub(crate) fn from_stored(rating: i64, deviation: i64, volatility: i64, games: u32) -> Rating {
        Rating {
            rating: Rating::from_e9(rating),
            deviation: Rating::from_e9(deviation),
            volatility: Rating::from_e9(volatility),
            games,
        }
    }

    /// This rating rounded to what storing it keeps, so that a value computed in memory equals the one read
    /// back.
    pub fn stored(self) -> Rating {
        Rating::from_stored(
            Rating::to_e9(self.rating),
            Rating::to_e9(self.deviation),
            Rating::to_e9(self.volatility),
            self.games,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Rating;

    #[test]
    fn defaults_are_provisional_and_storage_round_trips() {
        let r = Rating::default();
        assert!(r.provisional());
        assert_eq!(r.shown(), 1500);
        let odd = Rating { rating: 1_464.050_671, deviation: 151.516_524, volatility: 0.059_995_98, games: 3 };
        assert_eq!(odd.stored(), odd.stored().stored());
        assert!((odd.stored().rating - odd.rating).abs() < 1e-8);
        assert!(!Rating { deviation: 110.0, ..odd }.provisional());
        assert!(Rating { deviation: 110.01, ..odd }.provisional());
    }
}
