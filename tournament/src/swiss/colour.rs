//! Seats ("colours") in a Swiss: which seats a player may still take (the absolute constraints), which one they
//! are due (the preference), and the allocation of the two seats of a pair.

use super::history::Record;
use crate::Seat;

/// What the seat rules need of a player's history of seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Colours {
    /// First seats minus second seats.
    difference: i32,
    /// The seats of the last two games played, most recent first.
    last: [Option<Seat>; 2],
}

/// How much a player wants the seat they are due: a player who has had one seat more often wants the other
/// more than one who only alternates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Mild,
    Strong,
}

impl Colours {
    pub fn of(record: &Record) -> Colours {
        let mut colours = Colours { difference: 0, last: [None, None] };
        for seat in record.seats() {
            colours.difference += if seat == Seat::First { 1 } else { -1 };
            colours.last = [Some(seat), colours.last[0]];
        }
        colours
    }

    /// Whether taking `seat` keeps the difference within ±2 and avoids a third same seat in a row.
    pub fn allows(&self, seat: Seat) -> bool {
        let difference = self.difference + if seat == Seat::First { 1 } else { -1 };
        difference.abs() <= 2 && self.last != [Some(seat), Some(seat)]
    }

    /// The seat the player is due: the one they had less, else the other of their last one.
    fn due(&self) -> Option<(Seat, Strength)> {
        match self.difference {
            d if d > 0 => Some((Seat::Second, Strength::Strong)),
            d if d < 0 => Some((Seat::First, Strength::Strong)),
            _ => self.last[0].map(|s| (s.other(), Strength::Mild)),
        }
    }
}

/// Whether the two can meet with a seat each that the constraints allow.
pub(crate) fn compatible(a: &Colours, b: &Colours) -> bool {
    [Seat::First, Seat::Second].into_iter().any(|s| a.allows(s) && b.allows(s.other()))
}

/// The seat of the higher-ranked player of a pair on board `board` (0 for board 1). The constraints first
/// (when the pairing could not keep them, the choice ignores them); then the stronger preference, the
/// higher-ranked player's on equal strength; without any preference (both new), alternately by board, the
/// higher-ranked player first on board 1.
pub(crate) fn allocate(higher: &Colours, lower: &Colours, board: usize) -> Seat {
    let legal: Vec<Seat> =
        [Seat::First, Seat::Second].into_iter().filter(|&s| higher.allows(s) && lower.allows(s.other())).collect();
    if let [only] = legal[..] {
        return only;
    }
    match (higher.due(), lower.due()) {
        (Some((_, hs)), Some((l, ls))) if ls > hs => l.other(),
        (Some((h, _)), _) => h,
        (None, Some((l, _))) => l.other(),
        (None, None) if board.is_multiple_of(2) => Seat::First,
        (None, None) => Seat::Second,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours(seats: &[Seat]) -> Colours {
        let mut c = Colours { difference: 0, last: [None, None] };
        for &seat in seats {
            c.difference += if seat == Seat::First { 1 } else { -1 };
            c.last = [Some(seat), c.last[0]];
        }
        c
    }

    use Seat::{First as F, Second as S};

    #[test]
    fn constraints() {
        assert!(colours(&[F]).allows(F));
        assert!(!colours(&[F, F]).allows(F), "third in a row, and +3");
        assert!(!colours(&[F, S, F, F]).allows(F), "third in a row");
        assert!(!colours(&[F, F, S, F]).allows(F), "difference +3");
        assert!(colours(&[F, F, S, F]).allows(S));
        assert!(!compatible(&colours(&[F, F]), &colours(&[S, F, F])));
        assert!(compatible(&colours(&[F, F]), &colours(&[S, S])));
    }

    #[test]
    fn allocation() {
        // Both due the second seat: the higher-ranked player gets it.
        assert_eq!(allocate(&colours(&[F]), &colours(&[F]), 0), S);
        // Both mildly due the first seat: the higher-ranked player gets it.
        assert_eq!(allocate(&colours(&[F, S]), &colours(&[F, S]), 1), F);
        // A strong preference (one seat more often) beats a mild one (alternation).
        assert_eq!(allocate(&colours(&[F, S]), &colours(&[S]), 0), S);
        // A constraint beats every preference.
        assert_eq!(allocate(&colours(&[S]), &colours(&[S, S]), 0), S);
        // Nobody has played: alternately by board.
        assert_eq!(allocate(&colours(&[]), &colours(&[]), 0), F);
        assert_eq!(allocate(&colours(&[]), &colours(&[]), 1), S);
    }
}
