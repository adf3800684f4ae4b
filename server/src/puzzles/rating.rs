//! What an attempt does to the ratings and the streak (docs/puzzles.md, "Ratings", "Streak"): plain
//! functions of the rows the attempt's transaction reads (`queries/writes.rs` reads them locked, calls
//! these, and writes what they give), tested without a database.

use crate::ratings::{Rating, rate_game};
use mancala_engine::{BySide, Side};

/// An attempt as a rated game between the account (south) and the puzzle (north): the account wins
/// when it solved the puzzle. Gives both ratings after.
pub fn rated(account: Rating, puzzle: Rating, solved: bool) -> BySide<Rating> {
    let winner = if solved { Side::South } else { Side::North };
    rate_game(BySide::new(account, puzzle), Some(winner))
}

/// An account's streak as stored: the run, the best run, and the rating of the run's last puzzle after
/// its attempt (as stored: [`Rating::to_e9`], the rating times 10⁹ as an integer, compared exactly).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streak {
    pub run: u32,
    pub best: u32,
    pub last_e9: Option<i64>,
}

/// The streak after an attempt: a solved puzzle harder than the run's last one adds one (any other solved
/// puzzle starts a run of one), a miss ends the run. "Harder" compares this puzzle's rating before the
/// attempt (`before_e9`) with the last one's after its own attempt: what
/// `GET /api/puzzles/streak/next?after=…` chose by. `after_e9` is this puzzle's rating after.
pub fn streak_after(streak: Streak, solved: bool, before_e9: i64, after_e9: i64) -> Streak {
    let (run, last_e9) = match (solved, streak.last_e9) {
        (false, _) => (0, None),
        (true, Some(last)) if streak.run > 0 && before_e9 > last => (streak.run + 1, Some(after_e9)),
        (true, _) => (1, Some(after_e9)),
    };
    Streak { run, best: streak.best.max(run), last_e9 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_account_and_lowers_the_puzzle() {
        let (me, it) = (Rating::default(), Rating { rating: 1500.0, ..Rating::default() });
        let won = rated(me, it, true);
        assert!(won.south.rating > me.rating && won.north.rating < it.rating, "{won:?}");
        let lost = rated(me, it, false);
        assert!(lost.south.rating < me.rating && lost.north.rating > it.rating, "{lost:?}");
        assert_eq!((won.south.games, won.north.games), (me.games + 1, it.games + 1));
    }

    #[test]
    fn a_harder_solved_puzzle_lengthens_the_run_and_a_miss_ends_it() {
        let start = Streak::default();
        let one = streak_after(start, true, 1_000, 1_100);
        assert_eq!(one, Streak { run: 1, best: 1, last_e9: Some(1_100) });
        let two = streak_after(one, true, 1_200, 1_150);
        assert_eq!(two, Streak { run: 2, best: 2, last_e9: Some(1_150) });
        // Not harder than the last one after its attempt: a new run of one; the best stays.
        let again = streak_after(two, true, 1_150, 1_140);
        assert_eq!(again, Streak { run: 1, best: 2, last_e9: Some(1_140) });
        let missed = streak_after(again, false, 2_000, 1_990);
        assert_eq!(missed, Streak { run: 0, best: 2, last_e9: None });
        // After a miss, a solved puzzle starts a run whatever its rating.
        assert_eq!(streak_after(missed, true, 10, 20), Streak { run: 1, best: 2, last_e9: Some(20) });
    }
}
