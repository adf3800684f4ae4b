//! A puzzle's first rating, before anyone has tried it: how many of the bot levels 3 to 8 miss its first
//! decision when they decide at their own budgets, and how long its line is. Attempts move it from
//! there (Glicko-2, on the server).

use super::{Searches, Stopped};
use mancala_bot::{Bot, Level};
use mancala_engine::{Decision, Position, Side};

/// The levels asked, weakest first.
pub const LEVELS: [Level; 6] = [Level::L3, Level::L4, Level::L5, Level::L6, Level::L7, Level::L8];

/// The rating of a puzzle every level solves in one decision.
pub const BASE: f64 = 900.0;

/// Added for each level that misses the first decision.
pub const PER_MISS: f64 = 200.0;

/// Added for each of the solver's decisions after the first.
pub const PER_DECISION: f64 = 100.0;

/// The levels of [`LEVELS`] that play `first` at `pos` for `side` (each bot seeded with `seed`), each
/// level's decision one search of `searches`.
pub fn finders(
    pos: &Position,
    side: Side,
    first: Decision,
    seed: u64,
    searches: &mut impl Searches,
) -> Result<Vec<Level>, Stopped> {
    let mut found = Vec::new();
    for level in LEVELS {
        let pos = pos.clone();
        if searches.run(move || Bot::new(level, seed).with_safety_time(None).decide(&pos, side))? == Some(first) {
            found.push(level);
        }
    }
    Ok(found)
}

/// The first rating: [`BASE`], plus [`PER_MISS`] for each of the six levels that missed, plus
/// [`PER_DECISION`] for each solver's decision after the first (900 to 2100 for one decision).
pub fn estimate(found_by: usize, solver_decisions: usize) -> f64 {
    let misses = LEVELS.len().saturating_sub(found_by) as f64;
    BASE + PER_MISS * misses + PER_DECISION * solver_decisions.saturating_sub(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harder_when_more_levels_miss_and_the_line_is_longer() {
        assert_eq!(estimate(6, 1), 900.0);
        assert_eq!(estimate(0, 1), 2100.0);
        assert_eq!(estimate(3, 3), 900.0 + 600.0 + 200.0);
    }
}
