//! Making and verifying puzzles with the engine's search (docs/puzzles.md, "How puzzles are made"): one
//! implementation for the generator (`mancala-puzzles`, self-play) and for the server (puzzles mined from
//! players' reviewed games).
//!
//! - [`verdict`]: when a position has exactly one good decision (a unique proven win, or a clear gain
//!   over every other decision), and the margins that say so;
//! - [`line`]: the solution line from a position, each solver's decision judged again, the opponent's
//!   replies the engine's best, and the check of a given puzzle against the same rules;
//! - [`themes`]: what a solution is about, from the engine's events;
//! - [`rating`]: a puzzle's first rating, from which bot levels find its first decision;
//! - [`deep`]: a made puzzle searched again at 1, 2 and 4 times the verification budget: holds, holds
//!   with other accepted answers, or fails;
//! - [`guess`]: whether a guess solves a puzzle too often for it to teach anything;
//! - [`find`]: the whole way from a candidate position to a puzzle (screening, level 8's check, the line,
//!   goal, themes, rating), with what it looked at and why it dropped what it dropped.
//!
//! Every search goes through a [`Searches`]: the generator runs them on its own thread ([`Here`]), the
//! server on its engine pool, one search at a time, so a puzzle's many searches take turns with the
//! server's other work.

pub mod deep;
pub mod find;
pub mod guess;
pub mod line;
pub mod rating;
pub mod themes;
pub mod verdict;

use mancala_engine::Variant;

/// The search budgets of a puzzle's verification, in nodes (a node is a decision applied, so the
/// budgets and the results do not depend on the machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// A cheap analysis of every position of a game, to find the candidates worth verifying.
    pub screen: u64,
    /// The analysis that judges each of the solver's decisions.
    pub verify: u64,
    /// The analysis that chooses each of the opponent's replies.
    pub reply: u64,
}

/// How many times level 8's budget a solver's decision is verified with.
pub const VERIFY_FACTOR: u64 = 2;

/// The screening budget: enough to see one- and two-turn captures in every variant, cheap enough to run
/// on every position of a game.
pub const SCREEN_NODES: u64 = 30_000;

impl Budgets {
    /// The budgets of `variant`: the solver's decisions at [`VERIFY_FACTOR`] times level 8's budget (so
    /// a puzzle is something level 8 may miss, not something only a search as weak as level 8 saw), the
    /// opponent's replies at level 8's own budget. `verify` replaces the solver's budget when given.
    pub fn of(variant: Variant, verify: Option<u64>) -> Budgets {
        let level_8 = mancala_bot::level_8_nodes(variant);
        let verify = verify.unwrap_or(VERIFY_FACTOR * level_8);
        Budgets { screen: SCREEN_NODES.min(verify), verify, reply: level_8.min(verify) }
    }
}

/// The searches were stopped before the puzzle was decided (the server is shutting down, or its pool
/// failed): nothing is known of the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the searches were stopped: {0}")]
pub struct Stopped(pub String);

/// Where a puzzle's searches run: each search is handed over whole, and its result comes back.
pub trait Searches {
    /// Runs `search` and answers its result, or [`Stopped`] when it could not run.
    fn run<T: Send + 'static>(&mut self, search: impl FnOnce() -> T + Send + 'static) -> Result<T, Stopped>;
}

/// Searches run on the caller's thread, at once.
#[derive(Clone, Copy, Debug, Default)]
pub struct Here;

impl Searches for Here {
    fn run<T: Send + 'static>(&mut self, search: impl FnOnce() -> T + Send + 'static) -> Result<T, Stopped> {
        Ok(search())
    }
}
