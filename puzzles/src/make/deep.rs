//! The deep verdict on a puzzle made earlier (docs/puzzles.md, "Re-verifying at depth"): every one of
//! the solver's choices in its solution is searched again at 1, 2 and 4 times the game's verification
//! budget ([`FACTORS`]), and judged at each by the one verdict of puzzles ([`verdict::assess`]). A puzzle
//! **holds** when its decision is the only good one at every budget; **holds with alternatives** when
//! other decisions are as good at some budget (two wins, or within the margin: they become accepted
//! answers); **fails** when the solution is not best at some budget (another decision clearly better, a
//! win beside it unproven, or every decision as good). A defence is judged after the opponent's best
//! reply, which its line then ends with: nothing lost is a hold, counters lost a save
//! ([`line::defence_goal`]).
//!
//! The server's miner runs the same [`reverify_on`] on each puzzle it finds, at its own budget.

use super::line::{self, LineError, played};
use super::themes::{Step, counters_won, themes};
use super::verdict::{self, Failure, Shown};
use super::{Budgets, Searches};
use crate::{Alternative, Puzzle};
use mancala_bot::analysis::Value;
use mancala_engine::Decision;
use serde::{Deserialize, Serialize};

/// The budgets a decision is searched at, in multiples of the verification budget.
pub const FACTORS: [u64; 3] = [1, 2, 4];

/// What the deep check says of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Standing {
    /// The solution's every choice is the only good decision at every budget.
    Holds,
    /// Other decisions are as good at some budget: they are accepted answers.
    HoldsWithAlternatives,
    /// The solution is not best at some budget: the puzzle is dropped.
    Fails,
}

/// One search of one of the solver's choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Searched {
    /// The index of the choice in the solution line.
    pub at: usize,
    pub nodes: u64,
    /// The solution's decision and its value (`win 15`, `46.75`).
    pub decision: String,
    pub value: String,
    /// The best other decision and its value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<(String, String)>,
}

/// The deep check's report on one puzzle: one line of the progress file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub id: String,
    pub game: crate::PuzzleGame,
    pub standing: Standing,
    /// Why it fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The puzzle as it stands after the check (its line, accepted answers, goal and themes): what
    /// applying the report writes. Absent when it fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<Puzzle>,
    pub searches: Vec<Searched>,
}

/// Re-verifies `puzzle` at `factors` times the verification budget `budgets.verify` (the tool: [`FACTORS`];
/// the generator and the miner, which have just searched at factor 1, the others), a defence's reply at
/// `budgets.reply`, each search run by `searches`.
pub fn reverify_on(
    puzzle: &Puzzle,
    factors: &[u64],
    budgets: &Budgets,
    searches: &mut impl Searches,
) -> Result<Report, LineError> {
    let verify = budgets.verify;
    let (start, solver, mut steps) = played(puzzle)?;
    let mut report = Report {
        id: puzzle.id.clone(),
        game: puzzle.game(),
        standing: Standing::Holds,
        reason: None,
        puzzle: None,
        searches: vec![],
    };
    let mut alternatives: Vec<Alternative> = Vec::new();
    // The least margin of the first decision over the budgets: what a defence saves at every depth.
    let mut first_margin = f64::INFINITY;
    let own = steps.iter().rposition(|s| s.side == solver).map_or(0, |i| i + 1);
    steps.truncate(own);
    for (at, step) in steps.iter().enumerate() {
        if step.side != solver || (at > 0 && step.before.legal_decisions(solver).len() < 2) {
            continue;
        }
        for &factor in factors {
            let nodes = verify * factor;
            let a = line::analysis(searches, &step.before, nodes)?;
            let geo = step.before.geometry();
            let shown = |d: Decision| d.notation(geo);
            let value = a.decisions.iter().find(|s| s.decision == step.decision).map(|s| s.value);
            let other = a.decisions.iter().find(|s| s.decision != step.decision);
            report.searches.push(Searched {
                at,
                nodes,
                decision: shown(step.decision),
                value: value.map_or_else(|| "illegal".into(), |v| Shown(v).to_string()),
                other: other.map(|o| (shown(o.decision), Shown(o.value).to_string())),
            });
            match verdict::assess(&a, step.decision) {
                Err(failure) => {
                    report.standing = Standing::Fails;
                    report.reason = Some(format!(
                        "decision {at} `{}` at {nodes} nodes: {}",
                        shown(step.decision),
                        failure_text(failure, geo)
                    ));
                    return Ok(report);
                }
                Ok(x) => {
                    for d in x.alternatives {
                        let decision = shown(d);
                        if !alternatives.iter().any(|y| y.at == at && y.decision == decision) {
                            alternatives.push(Alternative { at, decision });
                        }
                    }
                    if at == 0 {
                        first_margin = first_margin.min(x.margin);
                    }
                }
            }
            // A decision proved at every branch stands at any budget: a deeper search says the same.
            if a.decisions.iter().all(|s| !matches!(s.value, Value::Counters(_))) {
                break;
            }
        }
    }
    let goal = if puzzle.goal.is_defence() {
        line::answer(&mut steps, solver, budgets, searches)?;
        match line::defence_goal(counters_won(solver, &steps), first_margin, line::at_stake(&start, solver)) {
            Ok(goal) => goal,
            Err(e) => {
                report.standing = Standing::Fails;
                report.reason = Some(format!("a defence: {e}"));
                return Ok(report);
            }
        }
    } else {
        puzzle.goal
    };
    alternatives.sort_by(|a, b| (a.at, &a.decision).cmp(&(b.at, &b.decision)));
    if !alternatives.is_empty() {
        report.standing = Standing::HoldsWithAlternatives;
    }
    report.puzzle = Some(Puzzle {
        solution: notation(&steps),
        alternatives,
        goal,
        themes: themes(&start, solver, &steps, &goal),
        ..puzzle.clone()
    });
    Ok(report)
}

/// A failure in words, its decisions in notation.
fn failure_text(f: Failure, geo: mancala_engine::Geometry) -> String {
    match f {
        Failure::NotBest { better, better_value, value } => {
            format!("another decision is better: `{}` ({better_value}) against {value}", better.notation(geo))
        }
        other => other.to_string(),
    }
}

fn notation(steps: &[Step]) -> Vec<String> {
    steps.iter().map(|s| s.decision.notation(s.before.geometry())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::make::Here;
    use crate::{Goal, Source, puzzle_id};
    use mancala_engine::{Options, Variant, position_text};

    /// Njombwa `774d70b7b71380bd` of the starter set: "lose nothing" with `f1`, judged before North
    /// answered; North's only good reply takes a counter.
    const NJOMBWA_774D: &str = "south c1=2 d1=3 f1=2 g1=1 h1=1 b2=1 f2=1 a3=1 d3=2 e3=1 f3=1 b4=1 d4=1 h4=1 turn=67";

    fn njombwa_hold() -> Puzzle {
        let variant = Variant::Njombwa;
        let options = Options { turn_limit: Some(1000), ..Options::defaults(variant) };
        let position = NJOMBWA_774D.to_string();
        Puzzle {
            id: puzzle_id(variant, &options, &position),
            variant,
            options,
            position,
            solution: vec!["f1".into()],
            alternatives: vec![],
            goal: Goal::Hold,
            themes: vec![crate::Theme::Endgame, crate::Theme::Defence],
            rating: 1100.0,
            source: Source::Selfplay { seed: 1, south_level: 7, north_level: 7, ply: 66, random_plies: 2 },
        }
    }

    /// Small budgets: the position is an endgame, decided the same way at a tenth of the set's.
    fn budgets() -> Budgets {
        Budgets::of(Variant::Njombwa, Some(TEST_NODES))
    }

    const TEST_NODES: u64 = 1_000_000;

    #[test]
    fn a_hold_is_judged_after_the_reply_and_says_what_it_saves() {
        let p = njombwa_hold();
        assert_eq!(p.id, "774d70b7b71380bd", "the set's puzzle");
        let report = reverify_on(&p, &[1], &budgets(), &mut Here).unwrap();
        assert_ne!(report.standing, Standing::Fails, "{report:?}");
        let q = report.puzzle.unwrap();
        assert_eq!(q.solution[0], "f1");
        assert!(q.solution.len() > 1, "the line ends with North's reply: {:?}", q.solution);
        let Goal::Save { counters } = q.goal else { panic!("{:?}", q.goal) };
        assert!(counters >= verdict::GAIN_MARGIN as u32, "saves {counters}");
        q.replay().unwrap();
        // The generator (and the server's miner) says the same from the position.
        let start = position_text::parse(p.variant, p.options, &p.position).unwrap();
        let solved = line::solve(&start, &budgets()).unwrap();
        assert_eq!((solved.notation(), solved.goal), (q.solution.clone(), q.goal));
        // And the line checks: a defence ends with the opponent's reply.
        line::check(&q, &budgets()).unwrap();
        let mut old = q.clone();
        old.solution.truncate(1);
        assert!(line::check(&old, &budgets()).is_err(), "the line before the reply no longer stands");
    }

    /// The way from a position to a puzzle that the generator and the server's miner share (`find`)
    /// ends with this deep verdict: the puzzle it keeps is the one the deep check leaves.
    #[test]
    fn find_keeps_what_the_deep_verdict_leaves() {
        let p = njombwa_hold();
        let start = position_text::parse(p.variant, p.options, &p.position).unwrap();
        let mut stats = crate::make::find::Stats::default();
        let found = crate::make::find::find(&start, p.source.clone(), 1, &budgets(), &mut Here, &mut stats)
            .unwrap()
            .unwrap_or_else(|| panic!("no puzzle: {stats:?}"));
        assert!(stats.seconds.contains_key("deep"), "{stats:?}");
        let deep = reverify_on(&found, &crate::make::find::DEEPER, &budgets(), &mut Here).unwrap();
        let kept = deep.puzzle.unwrap();
        assert_eq!((&found.solution, &found.alternatives, found.goal), (&kept.solution, &kept.alternatives, kept.goal));
        assert!(matches!(found.goal, Goal::Save { .. }), "{:?}", found.goal);
    }
}
