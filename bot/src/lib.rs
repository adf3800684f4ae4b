//! Computer opponents for every variant of [`mancala_engine`], at four [`Level`]s from random to strong.
//!
//! ```
//! use mancala_bot::{Bot, Level};
//! use mancala_engine::{NoEvents, Options, Position, Side, ToMove, Variant};
//!
//! let mut pos = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
//! let mut south = Bot::new(Level::Medium, 1);
//! let mut north = Bot::new(Level::Easy, 2);
//! while let ToMove::Side(side) = pos.to_move() {
//!     let bot = if side == Side::South { &mut south } else { &mut north };
//!     let decision = bot.decide(&pos, side).expect("the side to move has a legal decision");
//!     pos.apply(side, decision, &mut NoEvents).unwrap();
//! }
//! assert!(pos.is_over());
//! ```
//!
//! # What a bot sees
//!
//! [`Bot::decide`] reads nothing but the position it is given, and the caller must give it the position
//! **as the bot's seat can know it**: a server or client rebuilds it by replaying the decisions visible to
//! that seat. Concretely:
//!
//! - During Ikibuguzo's secret array choice ([`ToMove::Both`]), the opponent's pending choice is simply
//!   absent from the position. As a safeguard, a bot also removes it itself if it is there: it never uses
//!   it.
//! - In Azigo the opponent's store is concealed from the players, but it is derivable from the board
//!   (RULES.md D5: every counter not on the board is in one of the stores, and a player knows its own
//!   store), so a position holding it tells the bot nothing it could not know.
//! - Everything else in a position is public.
//!
//! # Levels
//!
//! - [`Level::Random`]: a uniformly random legal decision.
//! - [`Level::Easy`]: greedy, one decision ahead: the decision after which the evaluation is best (a won
//!   game counts as best of all), ties broken at random.
//! - [`Level::Medium`]: alpha-beta search (minimax with cutoffs) two turns deep: its own turn and the
//!   opponent's best reply.
//! - [`Level::Hard`]: the same search deepened two turns at a time (2, 4, 6, …) until its budget of 20 000
//!   nodes (decisions applied) is spent: 2–8 ms per decision on average and under 45 ms at the 99th
//!   percentile, depending on the variant, in a release build on the project's machine (BENCHMARKS.md).
//!
//! In a search, a decision that continues the same turn (RULES.md D9) or is forced (the only legal one)
//! does not use up depth. Ties between equally valued decisions are broken at random. The limits are in
//! [`Level::limits`].
//!
//! The evaluation is the material balance: the counters on the bot's holes less the opponent's, plus, in
//! Azigo, its store less the opponent's (a player's Azigo score is its store plus its row). In Azigo,
//! counters that a hole would sow into the opponent's row when moved count half (every turn a player must
//! move). A finished game is worth more than any balance: a win (sooner is better), a draw (0) or a loss.
//!
//! Ikibuguzo's secret choice is a simultaneous 2×2 game: the searching levels value each pair of choices by
//! a search and draw their choice from the optimal mixed strategy of that game; the easy level, which sees
//! no difference one decision ahead, chooses at random.
//!
//! # Determinism
//!
//! A bot's only randomness is its ChaCha8 generator, seeded by [`Bot::new`], and its budgets count nodes,
//! not time: the same seed and the same sequence of positions give the same decisions on any machine.

pub mod follower;
mod search;

pub use search::{Limits, SearchStats};

use mancala_engine::{Decision, Position, Side, ToMove};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::fmt;
use std::str::FromStr;

/// How strongly a bot plays. The id (`Display` / `FromStr`) is the one used in the CLI and the API.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A uniformly random legal decision.
    Random,
    /// The best decision one decision ahead (greedy).
    Easy,
    /// Alpha-beta search two turns deep.
    Medium,
    /// Alpha-beta search by iterative deepening within 20 000 nodes.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub const fn id(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// How far the searching levels look for one decision (`None` for the others): at most `nodes`
    /// decisions applied, and at most `depth` turns ahead.
    pub const fn limits(self) -> Option<Limits> {
        match self {
            Level::Random | Level::Easy => None,
            Level::Medium => Some(Limits { nodes: 5_000, depth: 2 }),
            Level::Hard => Some(Limits { nodes: 20_000, depth: 64 }),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text is not a level id.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}` (known: random, easy, medium, hard)")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL.into_iter().find(|l| l.id() == s).ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// A computer player of one level. See the crate documentation for what it may be shown.
#[derive(Debug)]
pub struct Bot {
    level: Level,
    rng: ChaCha8Rng,
    /// Overrides [`Level::limits`] (tests, experiments).
    limits: Option<Limits>,
    stats: SearchStats,
}

impl Bot {
    /// A bot of `level` whose random choices come from a ChaCha8 generator seeded with `seed`.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot { level, rng: ChaCha8Rng::seed_from_u64(seed), limits: None, stats: SearchStats::default() }
    }

    /// The same bot with other search limits than its level's (searching levels only; the decisions at
    /// the root are always looked at, whatever the budget).
    pub fn with_limits(mut self, limits: Limits) -> Bot {
        self.limits = Some(limits);
        self
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// What the search did for the last decision (zero for the levels that do not search).
    pub fn last_stats(&self) -> SearchStats {
        self.stats
    }

    /// The bot's decision for `side` in `pos`, or `None` when `side` has no legal decision (the game is
    /// over, or it is not `side`'s decision). `pos` must be the position as `side` may know it (see the
    /// crate documentation); nothing else is read.
    pub fn decide(&mut self, pos: &Position, side: Side) -> Option<Decision> {
        self.stats = SearchStats::default();
        let hidden;
        let pos = if matches!(pos.to_move(), ToMove::Both { .. }) {
            // The opponent's secret choice, if the caller left it in, must not be used.
            hidden = search::without_choice_of(pos, side.other());
            &hidden
        } else {
            pos
        };
        match self.level {
            Level::Random => {
                let moves = pos.legal_decisions(side);
                (!moves.is_empty()).then(|| moves[self.rng.random_range(0..moves.len())])
            }
            Level::Easy => search::greedy(pos, side, &mut self.rng),
            Level::Medium | Level::Hard => {
                let limits = self.limits.or(self.level.limits()).expect("a searching level has limits");
                search::alpha_beta(pos, side, limits, &mut self.rng, &mut self.stats)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_ids_round_trip() {
        for level in Level::ALL {
            assert_eq!(level.id().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string(), level.id());
        }
        assert_eq!(
            "expert".parse::<Level>().unwrap_err().to_string(),
            "unknown level `expert` (known: random, easy, medium, hard)"
        );
    }
}
