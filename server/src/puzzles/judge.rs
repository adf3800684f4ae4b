//! Judging an attempt against a puzzle's solution: the solver's decisions so far, compared one by one with
//! the solution's choices (the solver's decisions where it has more than one legal decision; its forced
//! ones are played for it, as the opponent's replies are). A decision the puzzle lists among its
//! alternatives at that choice (as good as the solution's: two wins, or within the verdict's margin) is
//! right too, as lichess takes any mate; it leaves the stored line, so the puzzle is solved there.

use mancala_engine::{Decision, Side};
use mancala_puzzles::{Puzzle, PuzzleError};

/// One decision of a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub side: Side,
    pub decision: Decision,
    /// In notation, as the engine writes it.
    pub text: String,
    /// The solver's decision where it had a choice (the first decision always is one).
    pub choice: bool,
}

/// A puzzle's solution, replayed by the engine.
#[derive(Clone, Debug)]
pub struct Solution {
    pub solver: Side,
    pub steps: Vec<Step>,
    /// The other right answers: the index in `steps` of the decision each may replace, and the decision
    /// (its side is the solver's).
    pub alternatives: Vec<(usize, Step)>,
}

/// How an attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The line is complete; `reply`: what the solution plays after the last choice. `by_alternative`:
    /// the last choice was an alternative, off the stored line (`reply` is empty).
    Right { reply: Vec<Step>, by_alternative: bool },
    /// The decision at `index` of the attempt is not `expected`.
    Wrong { index: usize, expected: Step },
    /// Right so far: `reply` is played, then the solver's next choice is asked.
    Continue { reply: Vec<Step> },
}

/// An attempt that cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttemptError {
    #[error("`decisions`: empty (the solver's decisions so far, at least the first)")]
    Empty,
    #[error("`decisions`: {given} decisions, but the solution asks for {choices}")]
    TooMany { given: usize, choices: usize },
    #[error("`decisions[{index}]`: {reason}")]
    Notation { index: usize, reason: String },
    #[error("`decisions[{index}]`: the puzzle was solved by the decision before it, an alternative to the solution's")]
    AfterTheEnd { index: usize },
}

impl Solution {
    /// Replays `puzzle`'s solution with the engine.
    pub fn of(puzzle: &Puzzle) -> Result<Solution, PuzzleError> {
        let line = puzzle.replay()?;
        let steps = line
            .steps
            .iter()
            .enumerate()
            .map(|(i, (side, decision, before))| Step {
                side: *side,
                decision: *decision,
                text: decision.notation(before.geometry()),
                choice: *side == line.solver && (i == 0 || before.legal_decisions(*side).len() > 1),
            })
            .collect();
        let alternatives = puzzle
            .alternatives
            .iter()
            .map(|a| {
                let before = &line.steps[a.at].2;
                let decision = Decision::parse(&a.decision, before.geometry()).expect("replay checked it");
                let text = decision.notation(before.geometry());
                (a.at, Step { side: line.solver, decision, text, choice: true })
            })
            .collect();
        Ok(Solution { solver: line.solver, steps, alternatives })
    }

    /// How many decisions the solver must find.
    pub fn choices(&self) -> usize {
        self.steps.iter().filter(|s| s.choice).count()
    }

    /// Judges the solver's decisions so far (in notation).
    pub fn judge(&self, given: &[String], puzzle: &Puzzle) -> Result<Verdict, AttemptError> {
        if given.is_empty() {
            return Err(AttemptError::Empty);
        }
        let choices = self.choices();
        if given.len() > choices {
            return Err(AttemptError::TooMany { given: given.len(), choices });
        }
        let geometry =
            puzzle.start().map_err(|e| AttemptError::Notation { index: 0, reason: e.to_string() })?.geometry();
        let mut decisions = Vec::with_capacity(given.len());
        for (index, text) in given.iter().enumerate() {
            let d = Decision::parse(text.trim(), geometry)
                .map_err(|e| AttemptError::Notation { index, reason: e.to_string() })?;
            decisions.push(d);
        }
        let mut at = 0;
        for (index, d) in decisions.into_iter().enumerate() {
            while !self.steps[at].choice {
                at += 1;
            }
            if self.steps[at].decision != d {
                if self.alternatives.iter().any(|(i, alt)| *i == at && alt.decision == d) {
                    // Off the stored line: solved here, and any decision sent after it is past the end.
                    if index + 1 < given.len() {
                        return Err(AttemptError::AfterTheEnd { index: index + 1 });
                    }
                    return Ok(Verdict::Right { reply: Vec::new(), by_alternative: true });
                }
                return Ok(Verdict::Wrong { index, expected: self.steps[at].clone() });
            }
            at += 1;
        }
        let next = self.steps[at..].iter().position(|s| s.choice).map_or(self.steps.len(), |n| at + n);
        let reply = self.steps[at..next].to_vec();
        Ok(if next == self.steps.len() {
            Verdict::Right { reply, by_alternative: false }
        } else {
            Verdict::Continue { reply }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Position, ToMove, Variant};
    use mancala_puzzles::{Goal, Source, puzzle_id};

    /// A puzzle from Kubuguza's start whose solution is the first legal decision at every step, for
    /// `plies` decisions.
    fn puzzle(plies: usize) -> Puzzle {
        let v = Variant::Kubuguza;
        let o = Options::defaults(v);
        let mut pos = Position::start(v, o).unwrap();
        let position = pos.to_text();
        let mut solution = Vec::new();
        for _ in 0..plies {
            let ToMove::Side(side) = pos.to_move() else { break };
            let d = pos.legal_decisions(side)[0];
            solution.push(d.notation(pos.geometry()));
            pos.play(d).unwrap();
        }
        Puzzle {
            id: puzzle_id(v, &o, &position),
            variant: v,
            options: o,
            position,
            solution,
            alternatives: vec![],
            goal: Goal::Win,
            themes: vec![],
            rating: 1500.0,
            source: Source::Selfplay { seed: 1, south_level: 3, north_level: 3, ply: 0, random_plies: 0 },
        }
    }

    #[test]
    fn right_wrong_and_continue() {
        let p = puzzle(6);
        let s = Solution::of(&p).unwrap();
        assert!(s.choices() >= 2, "{s:?}");
        let choices: Vec<String> = s.steps.iter().filter(|x| x.choice).map(|x| x.text.clone()).collect();
        match s.judge(&choices[..1], &p).unwrap() {
            Verdict::Continue { reply } => assert!(reply.iter().all(|r| !r.choice), "{reply:?}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(s.judge(&choices, &p).unwrap(), Verdict::Right { .. }));
        let legal = Position::start(Variant::Kubuguza, p.options).unwrap().legal_decisions(s.solver);
        let other = legal.iter().find(|d| d.notation(p.start().unwrap().geometry()) != choices[0]).unwrap();
        let wrong = vec![other.notation(p.start().unwrap().geometry())];
        match s.judge(&wrong, &p).unwrap() {
            Verdict::Wrong { index: 0, expected } => assert_eq!(expected.text, choices[0]),
            other => panic!("{other:?}"),
        }
        assert_eq!(s.judge(&[], &p), Err(AttemptError::Empty));
        let too_many = vec![choices[0].clone(); choices.len() + 1];
        assert!(matches!(s.judge(&too_many, &p), Err(AttemptError::TooMany { .. })));
        assert!(matches!(s.judge(&["zz".into()], &p), Err(AttemptError::Notation { index: 0, .. })));
    }

    #[test]
    fn an_alternative_is_right_and_ends_the_puzzle_there() {
        let mut p = puzzle(6);
        let s = Solution::of(&p).unwrap();
        let choices: Vec<String> = s.steps.iter().filter(|x| x.choice).map(|x| x.text.clone()).collect();
        let start = p.start().unwrap();
        let others: Vec<String> = start
            .legal_decisions(s.solver)
            .iter()
            .map(|d| d.notation(start.geometry()))
            .filter(|d| *d != choices[0])
            .collect();
        p.alternatives = vec![mancala_puzzles::Alternative { at: 0, decision: others[0].clone() }];
        let s = Solution::of(&p).unwrap();
        assert_eq!(s.alternatives.len(), 1);
        assert_eq!(
            s.judge(&others[..1], &p).unwrap(),
            Verdict::Right { reply: vec![], by_alternative: true },
            "the alternative is right"
        );
        assert!(matches!(s.judge(&others[1..2], &p).unwrap(), Verdict::Wrong { index: 0, .. }), "the others are not");
        let past = vec![others[0].clone(), choices[1].clone()];
        assert_eq!(s.judge(&past, &p), Err(AttemptError::AfterTheEnd { index: 1 }));
        assert!(matches!(s.judge(&choices, &p).unwrap(), Verdict::Right { by_alternative: false, .. }));
    }
}
