//! A puzzle's solution line and its check. From the puzzle's position the solver's decision is the one
//! good decision ([`verdict::judge`]) at the verification budget; the opponent's reply is the engine's
//! best at its own budget; and so on, decision by decision (a turn may ask the same side for several),
//! for at most [`MAX_SOLVER_DECISIONS`] of the solver's. The line ends after the last of the solver's
//! turns whose every decision was the only good one, so it never stops inside the solver's turn; a
//! line that is not a proven win ends as soon as the solver has captured its gain. A defence's line
//! (a gain's verdict that wins fewer than [`MIN_CAPTURE`]) goes on with the opponent's best reply, and
//! its goal is judged after it: nothing lost holds, counters lost save what the next best loses more.

use super::themes::{Step, counters_won, themes};
use super::verdict::{self, Rejection, Verdict};
use super::{Budgets, Here, Searches, Stopped};
use crate::{Goal, Puzzle, Theme};
use mancala_bot::analysis::{Analysis, AnalysisError, analyse_exact};
use mancala_engine::{Decision, NotationList, Position, Side, ToMove, Variant};

/// The most decisions of the solver in a solution.
pub const MAX_SOLVER_DECISIONS: usize = 5;

/// The fewest counters a puzzle that is not a proven win must win over its line ([`counters_won`]) for
/// its goal to be a gain; below, down to none, the one good decision is a defence ([`Goal::Hold`]).
pub const MIN_CAPTURE: i64 = 2;

/// The fewest legal decisions at a defence's position: with two, the one that does not lose is a coin
/// toss away, and the other is often plainly bad (Azigo's big hole sown into the opponent's row).
pub const MIN_HOLD_CHOICES: usize = 3;

/// A solution found from a position.
#[derive(Clone, Debug)]
pub struct Solved {
    pub solver: Side,
    /// Every decision in play order, the solver's first.
    pub steps: Vec<Step>,
    /// The verdict on the solver's first decision.
    pub first: Verdict,
    pub goal: Goal,
    pub themes: Vec<Theme>,
}

impl Solved {
    /// The solution in notation.
    pub fn notation(&self) -> Vec<String> {
        self.steps.iter().map(|s| s.decision.notation(s.before.geometry())).collect()
    }
}

/// Why a position has no puzzle, or why a puzzle does not stand.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LineError {
    #[error("the position is not one side's decision at the start of its turn")]
    NotATurnStart,
    #[error("the solver's first decision: {0}")]
    First(Rejection),
    #[error("inside the solver's first turn: {0}")]
    InsideFirstTurn(Rejection),
    #[error("the line loses {} counters net", -net)]
    LosesCounters { net: i64 },
    #[error("a defence with {choices} legal decisions, fewer than {MIN_HOLD_CHOICES}")]
    FewChoices { choices: usize },
    #[error("decision {index} `{decision}`: {reason}")]
    Wrong { index: usize, decision: String, reason: String },
    #[error("the goal should be {expected:?}")]
    Goal { expected: Goal },
    #[error("analysis: {0}")]
    Analysis(#[from] AnalysisError),
    #[error(transparent)]
    Stopped(#[from] Stopped),
}

/// The analysis of `pos` at `nodes`, run by `searches`: exact (no wall-clock net), so a puzzle is judged
/// by the same tree whatever the machine's load when it is made, verified or mined.
pub fn analysis(searches: &mut impl Searches, pos: &Position, nodes: u64) -> Result<Analysis, LineError> {
    let pos = pos.clone();
    Ok(searches.run(move || analyse_exact(&pos, nodes))??)
}

/// The solver's one good decision at `pos`, judged at the verification budget. After the first, a
/// forced decision (the only legal one) needs no search and has no verdict.
fn solver_decision(
    pos: &Position,
    side: Side,
    first: bool,
    budgets: &Budgets,
    searches: &mut impl Searches,
) -> Result<(Decision, Option<Verdict>), LineError> {
    let legal = pos.legal_decisions(side);
    if let ([only], false) = (legal.as_slice(), first) {
        return Ok((*only, None));
    }
    let (d, v) = verdict::judge(&analysis(searches, pos, budgets.verify)?).map_err(LineError::First)?;
    Ok((d, Some(v)))
}

/// The opponent's best reply at `pos` (its only legal decision without a search).
pub fn reply(
    pos: &Position,
    side: Side,
    budgets: &Budgets,
    searches: &mut impl Searches,
) -> Result<Decision, LineError> {
    let legal = pos.legal_decisions(side);
    if let [only] = legal.as_slice() {
        return Ok(*only);
    }
    Ok(analysis(searches, pos, budgets.reply)?.decisions[0].decision)
}

/// Plays `decision` of `side`, keeping its events.
fn play(pos: &mut Position, side: Side, decision: Decision) -> Result<Step, String> {
    let before = pos.clone();
    let mut events = Vec::new();
    pos.apply(side, decision, &mut events).map_err(|e| e.to_string())?;
    Ok(Step { side, decision, before, events })
}

/// The solver at `start`, which must be the start of one side's turn.
fn solver_of(start: &Position) -> Result<Side, LineError> {
    match start.to_move() {
        ToMove::Side(side) if start.mid_turn().is_none() => Ok(side),
        _ => Err(LineError::NotATurnStart),
    }
}

/// The goal of a solution: a proven win; or the counters it wins ([`counters_won`], at least
/// [`MIN_CAPTURE`]): captured in the four-row games, Azigo's score gained in Azigo; or, winning fewer, a
/// defence (with at least [`MIN_HOLD_CHOICES`] legal decisions to choose from), judged after the
/// opponent's reply that ends its line ([`defence_goal`]).
fn goal_of(first: Verdict, solver: Side, steps: &[Step]) -> Result<Goal, LineError> {
    let Verdict::Gain { margin } = first else { return Ok(Goal::Win) };
    let own = steps.iter().rposition(|s| s.side == solver).map_or(0, |i| i + 1);
    let net = counters_won(solver, &steps[..own]);
    if net < MIN_CAPTURE {
        let choices = steps.first().map_or(0, |s| s.before.legal_decisions(solver).len());
        if choices < MIN_HOLD_CHOICES {
            return Err(LineError::FewChoices { choices });
        }
        let stake = steps.first().map_or(0, |s| at_stake(&s.before, solver));
        return defence_goal(counters_won(solver, steps), margin, stake);
    }
    let counters = net as u32;
    let azigo = steps.first().is_some_and(|s| s.before.variant() == Variant::Azigo);
    Ok(if azigo { Goal::Score { counters } } else { Goal::Capture { counters } })
}

/// Is the line a defence: a gain's verdict whose own decisions win fewer than [`MIN_CAPTURE`]?
fn is_defence(first: Verdict, solver: Side, steps: &[Step]) -> bool {
    matches!(first, Verdict::Gain { .. }) && counters_won(solver, steps) < MIN_CAPTURE
}

/// A defence's goal once the opponent has replied (`net`: what the solver won over the whole line, the
/// reply's captures counted): nothing lost is a [`Goal::Hold`]; counters lost where every other decision
/// loses more is a [`Goal::Save`] of the verdict's `margin` in whole counters (what it keeps over the next
/// best). Where every other decision loses the game (an infinite margin), the next best loses everything
/// `at_stake` (the solver's counters, or Azigo's score, at the start): the decision saves all of it but
/// what its line loses.
pub fn defence_goal(net: i64, margin: f64, at_stake: u32) -> Result<Goal, LineError> {
    if net >= 0 {
        return Ok(Goal::Hold);
    }
    let saved = if margin.is_finite() { margin.floor() as i64 } else { i64::from(at_stake) + net };
    if saved < 1 {
        return Err(LineError::LosesCounters { net });
    }
    Ok(Goal::Save { counters: saved as u32 })
}

/// What a side stands to lose at `pos`: its counters on the board, in Azigo its score.
pub fn at_stake(pos: &Position, side: Side) -> u32 {
    pos.azigo_score(side).unwrap_or_else(|| pos.counters_of(side))
}

/// The position after `steps`.
fn after(steps: &[Step]) -> Option<Position> {
    let last = steps.last()?;
    let mut end = last.before.clone();
    end.apply(last.side, last.decision, &mut mancala_engine::NoEvents).ok()?;
    Some(end)
}

/// Plays the opponent's best replies after the solver's last turn of `steps`, up to the solver's next
/// turn or the game's end: what a defence is judged after ("lose nothing" holds once the opponent has
/// answered, not before).
pub fn answer(
    steps: &mut Vec<Step>,
    solver: Side,
    budgets: &Budgets,
    searches: &mut impl Searches,
) -> Result<(), LineError> {
    let Some(mut pos) = after(steps) else { return Ok(()) };
    while let ToMove::Side(side) = pos.to_move() {
        if side == solver {
            break;
        }
        let decision = reply(&pos, side, budgets, searches)?;
        let index = steps.len();
        let step = play(&mut pos, side, decision).map_err(|reason| LineError::Wrong {
            index,
            decision: decision.notation(pos.geometry()),
            reason,
        })?;
        steps.push(step);
    }
    Ok(())
}

/// A gain line ends with the solver's turn that wins the gain: at least [`verdict::GAIN_MARGIN`]
/// counters ([`counters_won`]; a proven win plays on to the end or to the limit).
fn cashed(first: Option<Verdict>, solver: Side, steps: &[Step]) -> bool {
    matches!(first, Some(Verdict::Gain { .. })) && counters_won(solver, steps) as f64 >= verdict::GAIN_MARGIN
}

/// Finds the solution line from `start` (see the module's documentation), searching on this thread.
pub fn solve(start: &Position, budgets: &Budgets) -> Result<Solved, LineError> {
    solve_on(start, budgets, &mut Here)
}

/// [`solve`], each search run by `searches`.
pub fn solve_on(start: &Position, budgets: &Budgets, searches: &mut impl Searches) -> Result<Solved, LineError> {
    let solver = solver_of(start)?;
    let mut pos = start.clone();
    let mut steps: Vec<Step> = Vec::new();
    // Steps up to the end of the solver's last complete turn.
    let mut complete = 0;
    let mut solver_decisions = 0;
    let mut first = None;
    while let ToMove::Side(side) = pos.to_move() {
        let decision = if side == solver {
            if solver_decisions == MAX_SOLVER_DECISIONS {
                break;
            }
            match solver_decision(&pos, side, first.is_none(), budgets, searches) {
                Ok((d, v)) => {
                    if first.is_none() {
                        first = v;
                    }
                    d
                }
                Err(LineError::First(r)) if first.is_none() => return Err(LineError::First(r)),
                Err(LineError::First(r)) if complete == 0 => return Err(LineError::InsideFirstTurn(r)),
                Err(LineError::First(_)) => break,
                Err(e) => return Err(e),
            }
        } else {
            reply(&pos, side, budgets, searches)?
        };
        let index = steps.len();
        let step = play(&mut pos, side, decision).map_err(|reason| LineError::Wrong {
            index,
            decision: decision.notation(pos.geometry()),
            reason,
        })?;
        steps.push(step);
        if side == solver {
            solver_decisions += 1;
            if pos.mid_turn().is_none() || pos.is_over() {
                complete = steps.len();
                if cashed(first, solver, &steps) {
                    break;
                }
            }
        }
    }
    steps.truncate(complete);
    let first = first.expect("a complete turn has a first decision");
    if is_defence(first, solver, &steps) {
        answer(&mut steps, solver, budgets, searches)?;
    }
    let goal = goal_of(first, solver, &steps)?;
    let themes = themes(start, solver, &steps, &goal);
    Ok(Solved { solver, steps, first, goal, themes })
}

/// Plays `puzzle`'s solution with the engine, keeping each decision's events: its start, its solver
/// and the steps.
pub fn played(puzzle: &Puzzle) -> Result<(Position, Side, Vec<Step>), LineError> {
    let bad = |e: crate::PuzzleError| LineError::Wrong { index: 0, decision: String::new(), reason: e.to_string() };
    let replayed = puzzle.replay().map_err(bad)?;
    let start = puzzle.start().map_err(bad)?;
    let mut pos = start.clone();
    let mut steps = Vec::new();
    for (index, (side, decision, _)) in replayed.steps.into_iter().enumerate() {
        let geo = pos.geometry();
        let step = play(&mut pos, side, decision).map_err(|reason| LineError::Wrong {
            index,
            decision: decision.notation(geo),
            reason,
        })?;
        steps.push(step);
    }
    Ok((start, replayed.solver, steps))
}

/// Checks `puzzle` with the same rules as [`solve`] at `budgets`: each of the solver's decisions is the
/// one good decision, each reply the engine's best, the line ends after a whole turn of the solver and
/// has at most [`MAX_SOLVER_DECISIONS`] of its decisions, and the goal is the line's.
pub fn check(puzzle: &Puzzle, budgets: &Budgets) -> Result<(), LineError> {
    let (start, solver, steps) = played(puzzle)?;
    solver_of(&start)?;
    let mut first = None;
    for (index, step) in steps.iter().enumerate() {
        let geo = step.before.geometry();
        let wrong = |reason: String| LineError::Wrong { index, decision: step.decision.notation(geo), reason };
        let expected = if step.side == solver {
            let (d, v) = solver_decision(&step.before, solver, first.is_none(), budgets, &mut Here)
                .map_err(|e| wrong(e.to_string()))?;
            if first.is_none() {
                first = v;
            }
            d
        } else {
            reply(&step.before, step.side, budgets, &mut Here)?
        };
        if expected != step.decision {
            return Err(wrong(format!("the engine's decision is `{}`", expected.notation(geo))));
        }
        let turn_ends = index + 1 < steps.len() && steps[index + 1].side != solver;
        if step.side == solver && turn_ends && cashed(first, solver, &steps[..=index]) {
            return Err(wrong("the line goes on after its gain is captured".into()));
        }
    }
    let first = first.expect("the solver decides first");
    let own = steps.iter().rposition(|s| s.side == solver).map_or(0, |i| i + 1);
    let end = after(&steps).expect("a replayed solution is not empty");
    let solver_decisions = steps.iter().filter(|s| s.side == solver).count();
    // A defence ends with the opponent's whole reply; any other line with the solver's whole turn.
    // (each reply was checked above to be the engine's best).
    let ends_right = if is_defence(first, solver, &steps[..own]) {
        end.is_over() || (end.to_move() == ToMove::Side(solver) && end.mid_turn().is_none())
    } else {
        own == steps.len() && (end.mid_turn().is_none() || end.is_over())
    };
    if !ends_right || solver_decisions > MAX_SOLVER_DECISIONS {
        let line = NotationList(&steps.iter().map(|s| s.decision).collect::<Vec<_>>(), start.geometry()).to_string();
        return Err(LineError::Wrong {
            index: steps.len() - 1,
            decision: line,
            reason: format!(
                "a solution ends after a whole turn of the solver (a defence's after the opponent's reply), with at most {MAX_SOLVER_DECISIONS} of its decisions"
            ),
        });
    }
    let expected = goal_of(first, solver, &steps)?;
    if expected != puzzle.goal {
        return Err(LineError::Goal { expected });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, position_text};

    fn one_step(text: &str, decision: &str) -> Vec<Step> {
        let mut pos = position_text::parse(Variant::Azigo, Options::default(), text).unwrap();
        let d = Decision::parse(decision, pos.geometry()).unwrap();
        vec![play(&mut pos, Side::South, d).unwrap()]
    }

    const GAIN: Verdict = Verdict::Gain { margin: 5.0 };

    #[test]
    fn a_gain_that_wins_nothing_is_a_defence_among_three_decisions_or_more() {
        let quiet = "south a1=2 b1=2 c1=2 a2=5 store.south=0 store.north=0";
        assert_eq!(goal_of(GAIN, Side::South, &one_step(quiet, "a1")), Ok(Goal::Hold));
        assert_eq!(goal_of(Verdict::Win(3), Side::South, &one_step(quiet, "a1")), Ok(Goal::Win));
        let two = "south a1=2 b1=2 a2=5 store.south=0 store.north=0";
        assert_eq!(goal_of(GAIN, Side::South, &one_step(two, "a1")), Err(LineError::FewChoices { choices: 2 }));
        let losing = "south s1=4 a1=5 b1=1 t2=1 s2=1 a2=5 store.south=0 store.north=0";
        assert_eq!(goal_of(GAIN, Side::South, &one_step(losing, "s1")), Ok(Goal::Save { counters: 5 }));
        // Every other decision loses the game: this one keeps all South's score (10) but the 2 it loses.
        let lost = Verdict::Gain { margin: f64::INFINITY };
        assert_eq!(goal_of(lost, Side::South, &one_step(losing, "s1")), Ok(Goal::Save { counters: 8 }));
        assert_eq!(defence_goal(-3, f64::INFINITY, 3), Err(LineError::LosesCounters { net: -3 }));
    }
}
