//! From a candidate position to a puzzle, the same way wherever the position comes from (a self-play
//! game of the generator, a player's rated game on the server): the position read back from its text,
//! screened at [`Budgets::screen`], checked again at level 8's budget, its line solved at the
//! verification budget ([`line::solve_on`]), the same first decision at the three budgets, then its goal,
//! themes and first rating, and last the deep verdict ([`deep::reverify_on`] at twice and four times the
//! verification budget: the same function the set is re-verified with), which may add other right
//! answers or drop it. [`Stats`] counts what was looked at and why it was dropped.

use super::line::{self, LineError};
use super::verdict::{self, Rejection};
use super::{Budgets, Searches, Stopped, deep, guess, rating};
use crate::{Puzzle, Source, puzzle_id};
use mancala_engine::{Position, position_text};
use std::collections::BTreeMap;

/// What a run looked at and why it kept or dropped it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Games looked at.
    pub games: usize,
    /// Positions looked at.
    pub positions: usize,
    /// Positions the screening passed.
    pub candidates: usize,
    pub accepted: usize,
    /// Candidates dropped, by reason.
    pub rejected: BTreeMap<String, usize>,
    /// Seconds spent by phase (`play`, `screen`, `level-8`, `solve`, `rate`), wall clock.
    pub seconds: BTreeMap<&'static str, f64>,
}

impl Stats {
    /// Adds `other`'s counts and times to these.
    pub fn add(&mut self, other: &Stats) {
        self.games += other.games;
        self.positions += other.positions;
        self.candidates += other.candidates;
        self.accepted += other.accepted;
        for (k, v) in &other.rejected {
            *self.rejected.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &other.seconds {
            *self.seconds.entry(k).or_default() += v;
        }
    }

    /// Runs `f`, adding its time to `phase`.
    pub fn timed<T>(&mut self, phase: &'static str, f: impl FnOnce() -> T) -> T {
        let started = std::time::Instant::now();
        let out = f();
        *self.seconds.entry(phase).or_default() += started.elapsed().as_secs_f64();
        out
    }

    /// Counts a candidate dropped for `why`.
    pub fn reject(&mut self, why: &str) {
        *self.rejected.entry(why.to_string()).or_default() += 1;
    }
}

/// A short name of why a candidate was dropped, for the counts.
pub fn reason(e: &LineError) -> &'static str {
    let of = |r: &Rejection| match r {
        Rejection::Forced => "forced",
        Rejection::Lost => "lost",
        Rejection::TwoWins => "two-wins",
        Rejection::WinNotAlone { .. } => "win-not-alone",
        Rejection::NearTie { .. } => "near-tie",
    };
    match e {
        LineError::First(r) => of(r),
        LineError::InsideFirstTurn(_) => "inside-first-turn",
        LineError::LosesCounters { .. } => "loses-counters",
        LineError::FewChoices { .. } => "few-choices",
        _ => "error",
    }
}

/// The position a puzzle at `played` would hold: its text read back. A puzzle is its position text, so
/// every search is of what a solver and a verifier will read, not of the game's position, which may hold
/// more (a verification disagreed once when solved from the game's).
fn read_back(played: &Position) -> Option<Position> {
    position_text::parse(played.variant(), *played.options(), &played.to_text()).ok()
}

/// The id a puzzle at `played` would have, without searching it: a generator skips positions a set
/// holds already.
pub fn id_at(played: &Position) -> Option<String> {
    let pos = read_back(played)?;
    Some(puzzle_id(pos.variant(), pos.options(), &pos.to_text()))
}

/// The puzzle at `played` (a position at the start of a turn whose side has a choice), if it is one:
/// `source` says where it was found, `seed` seeds the bots that rate it. Each search runs on `searches`;
/// [`Stopped`] when they were stopped (nothing is known of the position then).
pub fn find(
    played: &Position,
    source: Source,
    seed: u64,
    budgets: &Budgets,
    searches: &mut impl Searches,
    stats: &mut Stats,
) -> Result<Option<Puzzle>, Stopped> {
    find_kept(played, source, seed, budgets, searches, stats, Keep::Every)
}

/// Which puzzles [`find_kept`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Keep {
    /// Every puzzle the verdict makes.
    #[default]
    Every,
    /// Gains and wins only: a defence (`hold`, `save`) is refused as soon as its line is solved, before
    /// its rating and deep verdict, the costliest searches (a set with too many defences is refilled with
    /// the rest).
    Gains,
}

/// [`find`], keeping only the puzzles `keep` asks for.
pub fn find_kept(
    played: &Position,
    source: Source,
    seed: u64,
    budgets: &Budgets,
    searches: &mut impl Searches,
    stats: &mut Stats,
    keep: Keep,
) -> Result<Option<Puzzle>, Stopped> {
    stats.positions += 1;
    let Some(pos) = read_back(played) else { return Ok(None) };
    let screen = stats.timed("screen", || line::analysis(searches, &pos, budgets.screen));
    let screen = match screen {
        Ok(a) => a,
        Err(LineError::Stopped(s)) => return Err(s),
        Err(_) => return Ok(None),
    };
    let Ok((screened, _)) = verdict::judge(&screen) else { return Ok(None) };
    stats.candidates += 1;
    // Level 8's budget before the verification's: most candidates that fail, fail here, cheaper.
    match stats.timed("level-8", || line::analysis(searches, &pos, budgets.reply)).map(|a| verdict::judge(&a)) {
        Ok(Ok((d, _))) if d == screened => {}
        Ok(Ok(_)) => {
            stats.reject("unstable");
            return Ok(None);
        }
        Ok(Err(r)) => {
            stats.reject(&format!("level-8 {}", reason(&LineError::First(r))));
            return Ok(None);
        }
        Err(LineError::Stopped(s)) => return Err(s),
        Err(_) => return Ok(None),
    }
    let solved = match stats.timed("solve", || line::solve_on(&pos, budgets, searches)) {
        // The same decision at every budget: a puzzle does not hinge on how long the search ran.
        Ok(s) if s.steps[0].decision != screened => {
            stats.reject("unstable");
            return Ok(None);
        }
        Ok(s) => s,
        Err(LineError::Stopped(s)) => return Err(s),
        Err(e) => {
            stats.reject(reason(&e));
            return Ok(None);
        }
    };
    if keep == Keep::Gains && solved.goal.is_defence() {
        stats.reject("defence");
        return Ok(None);
    }
    let position = pos.to_text();
    let mut made = Puzzle {
        id: puzzle_id(pos.variant(), pos.options(), &position),
        variant: pos.variant(),
        options: *pos.options(),
        position,
        solution: solved.notation(),
        alternatives: vec![],
        goal: solved.goal,
        themes: solved.themes.clone(),
        rating: 0.0,
        source,
    };
    // A coin toss is not a puzzle: checked before the costly rating and deep verdict, and again after the
    // deep verdict, whose alternatives make guessing easier.
    if !matches!(guess::guessable(&made), Ok(None)) {
        stats.reject("guessable");
        return Ok(None);
    }
    let first = solved.steps[0].decision;
    let found = stats.timed("rate", || rating::finders(&pos, solved.solver, first, seed, searches))?.len();
    let solver_decisions = solved.steps.iter().filter(|s| s.side == solved.solver).count();
    made.rating = rating::estimate(found, solver_decisions);
    // The deep verdict at twice and four times the verification budget (once is the line's own): what
    // a re-verification of the set would say of it, said before it is kept.
    match stats.timed("deep", || deep::reverify_on(&made, &DEEPER, budgets, searches)) {
        Ok(deep::Report { puzzle: Some(p), .. }) if !matches!(guess::guessable(&p), Ok(None)) => {
            stats.reject("guessable");
            Ok(None)
        }
        Ok(deep::Report { puzzle: Some(p), .. }) if keep == Keep::Gains && p.goal.is_defence() => {
            stats.reject("defence");
            Ok(None)
        }
        Ok(deep::Report { puzzle: Some(p), .. }) => {
            stats.accepted += 1;
            Ok(Some(p))
        }
        Ok(_) => {
            stats.reject("deep");
            Ok(None)
        }
        Err(LineError::Stopped(s)) => Err(s),
        Err(e) => {
            stats.reject(reason(&e));
            Ok(None)
        }
    }
}

/// The factors of the verification budget the deep verdict searches a found puzzle at: the line was
/// just verified at once.
pub const DEEPER: [u64; 2] = [2, 4];
