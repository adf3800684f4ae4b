//! Whether a puzzle teaches anything: a player who guesses must fail most of the time. Two measures, both
//! from the engine alone (no search), so a set can be checked in a moment:
//!
//! - [`guess_chance`]: the chance that picking each of the solver's decisions at random among the legal
//!   ones solves it, as the attempt route judges (an alternative ends it as solved);
//! - [`hold_share`]: for a defence whose goal is to lose nothing, the share of the legal decisions that
//!   lose nothing too against the opponent's most taking reply. Where most decisions keep everything, the
//!   goal shown ("lose nothing") is reached by a random tap, and the puzzle only asks for the one the
//!   search prefers for deeper reasons the player cannot see.
//!
//! A puzzle is [`guessable`] when either is above [`MAX_GUESS_CHANCE`].

use super::themes::{Step, counters_won};
use crate::{Goal, Puzzle, PuzzleError};
use mancala_engine::{Position, Side, ToMove};

/// The most a guess may succeed: a choice between three decisions with one right. Two legal decisions, or
/// two right answers among three, are a coin toss, not a puzzle.
pub const MAX_GUESS_CHANCE: f64 = 1.0 / 3.0 + 1e-9;

/// Positions [`hold_share`] may visit for one first decision: the solver's turn and the opponent's
/// reply are a few hundred in every game; a relay's choices could multiply them.
const MAX_NODES: usize = 20_000;

/// Why a puzzle is left out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Guessable {
    /// A random player solves it this often.
    Chance(f64),
    /// This share of the legal decisions reaches a hold's goal.
    Goal(f64),
}

/// Whether `p` is solved by guessing too often ([`MAX_GUESS_CHANCE`]), and how.
pub fn guessable(p: &Puzzle) -> Result<Option<Guessable>, PuzzleError> {
    let chance = guess_chance(p)?;
    if chance > MAX_GUESS_CHANCE {
        return Ok(Some(Guessable::Chance(chance)));
    }
    if p.goal == Goal::Hold {
        let start = p.start()?;
        let line = p.replay()?;
        if let Some(share) = hold_share(&start, line.solver)
            && share > MAX_GUESS_CHANCE
        {
            return Ok(Some(Guessable::Goal(share)));
        }
    }
    Ok(None)
}

/// The chance that a player who picks each of the solver's decisions at random among the legal ones
/// solves `p`: the solution's decision goes on to the next choice, an alternative ends it as solved,
/// anything else is wrong; a forced decision (one legal) costs nothing.
pub fn guess_chance(p: &Puzzle) -> Result<f64, PuzzleError> {
    let line = p.replay()?;
    let (mut solved, mut on_line) = (0.0, 1.0);
    for (at, (side, _, before)) in line.steps.iter().enumerate() {
        if *side != line.solver {
            continue;
        }
        let legal = before.legal_decisions(*side).len().max(1) as f64;
        let alternatives = p.alternatives.iter().filter(|a| a.at == at).count() as f64;
        solved += on_line * alternatives / legal;
        on_line /= legal;
    }
    Ok(solved + on_line)
}

/// The share of `solver`'s legal decisions at `start` after which it loses nothing (the counters it won,
/// as a gain's goal counts them, at least 0) when it plays the rest of its turn at its best and the
/// opponent answers with the turn that takes most. `None` when the position is not a turn's start of
/// `solver`, or the turns are too many to look at.
pub fn hold_share(start: &Position, solver: Side) -> Option<f64> {
    if start.to_move() != ToMove::Side(solver) {
        return None;
    }
    let legal = start.legal_decisions(solver);
    let mut holding = 0usize;
    for &d in legal.iter() {
        let mut budget = MAX_NODES;
        let mut steps = Vec::new();
        let (step, after) = play(start, solver, d)?;
        steps.push(step);
        if best(&after, solver, true, &mut steps, &mut budget)? >= 0 {
            holding += 1;
        }
    }
    Some(holding as f64 / legal.len().max(1) as f64)
}

/// The counters `steps` win for `solver` once the solver's turn and the opponent's reply are complete,
/// with the solver choosing its best and the opponent its most taking: `mine` while the solver's turn
/// goes on.
fn best(pos: &Position, solver: Side, mine: bool, steps: &mut Vec<Step>, budget: &mut usize) -> Option<i64> {
    *budget = budget.checked_sub(1)?;
    let side = match pos.to_move() {
        ToMove::Side(side) => side,
        _ => return Some(counters_won(solver, steps)),
    };
    // The reply is over when the solver's next turn starts.
    if side == solver && !mine {
        return Some(counters_won(solver, steps));
    }
    let mut value: Option<i64> = None;
    for &d in pos.legal_decisions(side).iter() {
        let (step, next) = play(pos, side, d)?;
        steps.push(step);
        let v = best(&next, solver, mine && side == solver, steps, budget);
        steps.pop();
        let v = v?;
        value = Some(match value {
            None => v,
            Some(x) if side == solver => x.max(v),
            Some(x) => x.min(v),
        });
    }
    value.or_else(|| Some(counters_won(solver, steps)))
}

/// `decision` of `side` played from `pos`: the step (with its events) and the position after it.
fn play(pos: &Position, side: Side, decision: mancala_engine::Decision) -> Option<(Step, Position)> {
    let mut events = Vec::new();
    let mut next = pos.clone();
    next.apply(side, decision, &mut events).ok()?;
    Some((Step { side, decision, before: pos.clone(), events }, next))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Source, Theme, puzzle_id};
    use mancala_engine::{Options, Variant};

    fn kubuguza(solution: &[&str]) -> Puzzle {
        let variant = Variant::Kubuguza;
        let options = Options::defaults(variant);
        let position = Position::start(variant, options).unwrap().to_text();
        Puzzle {
            id: puzzle_id(variant, &options, &position),
            variant,
            options,
            position,
            solution: solution.iter().map(|s| s.to_string()).collect(),
            alternatives: vec![],
            goal: Goal::Hold,
            themes: vec![Theme::Opening],
            rating: 1500.0,
            source: Source::Selfplay { seed: 1, south_level: 3, north_level: 3, ply: 0, random_plies: 0 },
        }
    }

    #[test]
    fn the_chance_multiplies_the_choices_and_counts_alternatives_as_solved() {
        let p = kubuguza(&["h2"]);
        let start = p.start().unwrap();
        let n = start.legal_decisions(Side::South).len() as f64;
        assert!((guess_chance(&p).unwrap() - 1.0 / n).abs() < 1e-12);
        let mut q = p.clone();
        let other = start.legal_decisions(Side::South)[0];
        let other = other.notation(start.geometry());
        assert_ne!(other, "h2");
        q.alternatives.push(crate::Alternative { at: 0, decision: other });
        assert!((guess_chance(&q).unwrap() - 2.0 / n).abs() < 1e-12);
    }

    #[test]
    fn at_the_start_every_decision_holds_so_a_hold_there_is_guessable() {
        // Kubuguza's start: nothing can be captured in the first exchange whatever South sows.
        let p = kubuguza(&["h2"]);
        let start = p.start().unwrap();
        assert_eq!(hold_share(&start, Side::South), Some(1.0));
        assert_eq!(guessable(&p).unwrap(), Some(Guessable::Goal(1.0)));
        let capture = Puzzle { goal: Goal::Capture { counters: 4 }, ..p };
        assert_eq!(guessable(&capture).unwrap(), None, "only a hold's goal is judged by its share");
    }
}
