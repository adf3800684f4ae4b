//! When a decision is a right answer at an analysed position ([`assess`], the one verdict of the
//! generator, the miner and the deep re-verification), and when a position is a puzzle's step ([`judge`]):
//! its side has exactly one good decision. Either the only proven
//! win (and no other decision the search values as a clear lead, which may be a win it has not proved),
//! or a decision worth at least [`GAIN_MARGIN`] counters more than every other. Anything closer is a
//! near-tie: a player who found the second decision did not play badly, so the position is no puzzle.

use mancala_bot::analysis::{Analysis, Value};
use mancala_engine::Decision;

/// The least difference, in counters of the search's evaluation, between the best decision and every
/// other one for a puzzle that is not a proven win. Four counters is a capture of a hole's worth in
/// every variant, well above what the evaluation's positional terms move between two quiet decisions.
pub const GAIN_MARGIN: f64 = 4.0;

/// The most a decision other than a proven win may be worth, in counters, for that win to be the only
/// good decision: above this the other decision may well win too, the search only did not prove it.
pub const WIN_OTHERS_MAX: f64 = 4.0;

/// Why the best decision is the only good one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// A proven win in this many decisions, and no other decision wins.
    Win(u32),
    /// The best decision is worth `margin` counters more than the second best.
    Gain { margin: f64 },
}

/// Why a position is not a puzzle's step.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum Rejection {
    #[error("one legal decision: nothing to find")]
    Forced,
    #[error("the best decision loses")]
    Lost,
    #[error("two decisions win")]
    TwoWins,
    #[error("the win is not the only good decision: another is worth {other:.1} counters")]
    WinNotAlone { other: f64 },
    #[error("a near-tie: the best decision is only {margin:.1} counters better than the next")]
    NearTie { margin: f64 },
}

/// Why a decision is not the solution of an analysed position at the depth searched.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum Failure {
    #[error("the decision is not a legal decision of the analysed position")]
    NotAnalysed,
    #[error("the decision loses")]
    Lost,
    #[error("another decision is better: `{better:?}` ({better_value}) against {value}")]
    NotBest { better: Decision, better_value: Shown, value: Shown },
    #[error("every legal decision is as good: nothing to find")]
    NothingToFind,
}

/// A value as the reports write it: `win 15`, `loss 3`, `46.75`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shown(pub Value);

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Value::Win(n) => write!(f, "win {n}"),
            Value::Loss(n) => write!(f, "loss {n}"),
            Value::Counters(c) => write!(f, "{c:.2}"),
        }
    }
}

/// A decision judged good by [`assess`]: the other decisions as good as it, and by how much it is
/// better than every decision that is not.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessed {
    /// Its value at the depth searched.
    pub value: Value,
    /// The other decisions as good: every other proven win beside a win; every decision within
    /// [`GAIN_MARGIN`] counters of it, above or below, beside a value in counters.
    pub alternatives: Vec<Decision>,
    /// Counters between it and the best of the decisions not as good (infinite when they all lose or
    /// there are none; 0 beside a win, where the count does not matter).
    pub margin: f64,
}

/// Is `chosen` a right answer at the analysed position, and which others are as good? The one verdict of
/// puzzles: the generator's and the server miner's [`judge`] (the best decision, and no other as good),
/// and the deep re-verification's (`super::deep`: the solution's decision at deeper searches, where other
/// decisions as good become accepted answers and a better one fails the puzzle).
///
/// - a **win**: no other decision is valued above [`WIN_OTHERS_MAX`] counters without being a proven win
///   (it may be a win the search did not prove); every other proven win is as good (as lichess takes any
///   mate);
/// - a value in **counters**: no decision wins, and none is worth [`GAIN_MARGIN`] counters more; those
///   within the margin are as good;
/// - a decision that **loses** is never right, and a puzzle where every decision is as good has nothing
///   to find.
pub fn assess(a: &Analysis, chosen: Decision) -> Result<Assessed, Failure> {
    let value = a.decisions.iter().find(|s| s.decision == chosen).ok_or(Failure::NotAnalysed)?.value;
    let others = a.decisions.iter().filter(|s| s.decision != chosen);
    let mut alternatives = Vec::new();
    let mut margin = f64::INFINITY;
    for other in others {
        let as_good = match (value, other.value) {
            (Value::Loss(_), _) => return Err(Failure::Lost),
            (Value::Win(_), Value::Win(_)) => true,
            // Beside a proven win only another proven win is as good (as lichess takes any mate and
            // nothing else): a lead, however clear, is not proved to win.
            (Value::Win(_), _) => false,
            (Value::Counters(_), Value::Win(_)) => {
                return Err(Failure::NotBest {
                    better: other.decision,
                    better_value: Shown(other.value),
                    value: Shown(value),
                });
            }
            (Value::Counters(_), Value::Loss(_)) => false,
            (Value::Counters(v), Value::Counters(c)) => {
                if c - v >= GAIN_MARGIN {
                    return Err(Failure::NotBest {
                        better: other.decision,
                        better_value: Shown(other.value),
                        value: Shown(value),
                    });
                }
                let close = (v - c).abs() < GAIN_MARGIN;
                if !close {
                    margin = margin.min(v - c);
                }
                close
            }
        };
        if as_good {
            alternatives.push(other.decision);
        }
    }
    if alternatives.len() + 1 == a.decisions.len() && !alternatives.is_empty() {
        return Err(Failure::NothingToFind);
    }
    Ok(Assessed { value, alternatives, margin })
}

/// The one good decision of an analysed position and why, or why there is none: [`assess`] of its best
/// decision, refused when another is as good (the generator and the miner make puzzles of one answer).
pub fn judge(a: &Analysis) -> Result<(Decision, Verdict), Rejection> {
    let [best, second, ..] = a.decisions.as_slice() else { return Err(Rejection::Forced) };
    // A clear lead beside a win may be a win the search did not prove: the win is not the only good
    // decision for a puzzle of one answer.
    if let (Value::Win(_), Value::Counters(c)) = (best.value, second.value)
        && c > WIN_OTHERS_MAX
    {
        return Err(Rejection::WinNotAlone { other: c });
    }
    // Another as good, the same refusal whether or not every decision is.
    let refused = || match best.value {
        Value::Win(_) => Rejection::TwoWins,
        _ => Rejection::NearTie { margin: margin_of(best.value, second.value) },
    };
    let assessed = match assess(a, best.decision) {
        Ok(x) => x,
        Err(Failure::Lost) => return Err(Rejection::Lost),
        Err(Failure::NothingToFind) => return Err(refused()),
        Err(e @ (Failure::NotAnalysed | Failure::NotBest { .. })) => unreachable!("the best decision: {e}"),
    };
    match (best.value, assessed.alternatives.is_empty()) {
        (_, false) => Err(refused()),
        (Value::Win(n), true) => Ok((best.decision, Verdict::Win(n))),
        (_, true) => Ok((best.decision, Verdict::Gain { margin: assessed.margin })),
    }
}

fn margin_of(best: Value, second: Value) -> f64 {
    match (best, second) {
        (Value::Counters(b), Value::Counters(s)) => b - s,
        _ => f64::INFINITY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_bot::analysis::Scored;
    use mancala_engine::{Geometry, Hole, Side};

    fn hole(i: usize) -> Hole {
        Geometry::FourRows(8).hole_at(i).unwrap()
    }

    fn analysis(values: &[Value]) -> Analysis {
        let decisions: Vec<Scored> =
            values.iter().enumerate().map(|(i, &value)| Scored { decision: Decision::acw(hole(i)), value }).collect();
        Analysis {
            side: Side::South,
            value: values[0],
            line: vec![decisions[0].decision],
            decisions,
            nodes: 0,
            depth: 1,
        }
    }

    #[test]
    fn a_unique_win_is_accepted() {
        let a = analysis(&[Value::Win(3), Value::Counters(1.5), Value::Loss(4)]);
        assert_eq!(judge(&a), Ok((Decision::acw(hole(0)), Verdict::Win(3))));
        let a = analysis(&[Value::Win(5), Value::Loss(2)]);
        assert_eq!(judge(&a), Ok((Decision::acw(hole(0)), Verdict::Win(5))));
    }

    #[test]
    fn near_ties_and_second_wins_are_rejected() {
        let a = analysis(&[Value::Counters(6.0), Value::Counters(3.0), Value::Counters(-2.0)]);
        assert_eq!(judge(&a), Err(Rejection::NearTie { margin: 3.0 }));
        let a = analysis(&[Value::Win(3), Value::Win(7)]);
        assert_eq!(judge(&a), Err(Rejection::TwoWins));
        let a = analysis(&[Value::Win(3), Value::Counters(9.0)]);
        assert_eq!(judge(&a), Err(Rejection::WinNotAlone { other: 9.0 }));
        assert_eq!(judge(&analysis(&[Value::Counters(2.0)])), Err(Rejection::Forced));
        assert_eq!(judge(&analysis(&[Value::Loss(2), Value::Loss(1)])), Err(Rejection::Lost));
    }

    fn d(i: usize) -> Decision {
        Decision::acw(hole(i))
    }

    #[test]
    fn a_second_win_is_as_good_and_a_faster_one_too() {
        // Kubuguza e4eb1750e17377d2's kind: the solution wins in 15, another decision in 14.
        let a = analysis(&[Value::Win(14), Value::Win(15), Value::Counters(1.0)]);
        let x = assess(&a, d(1)).unwrap();
        assert_eq!(x.alternatives, vec![d(0)]);
        assert!(matches!(assess(&a, d(2)), Err(Failure::NotBest { better, .. }) if better == d(0)));
        let a = analysis(&[Value::Win(3), Value::Win(5)]);
        assert_eq!(assess(&a, d(0)), Err(Failure::NothingToFind), "two decisions, both win");
    }

    #[test]
    fn within_the_margin_is_as_good_and_beyond_it_the_solution_fails() {
        // Kubuguza 9ce7acd0e3370a36's kind: c3 46.75, f3 47.19.
        let a = analysis(&[Value::Counters(47.19), Value::Counters(46.75), Value::Counters(30.0), Value::Loss(3)]);
        let x = assess(&a, d(1)).unwrap();
        assert_eq!(x.alternatives, vec![d(0)]);
        assert!((x.margin - 16.75).abs() < 1e-9, "{x:?}");
        // Ikibuguzo 4219f22773dc0b40's kind: d4 24, c3 28.
        let a = analysis(&[Value::Counters(28.0), Value::Counters(24.0), Value::Counters(10.0)]);
        assert!(matches!(assess(&a, d(1)), Err(Failure::NotBest { .. })));
        let x = assess(&a, d(0)).unwrap();
        assert!(x.alternatives.is_empty() && x.margin == 4.0, "{x:?}");
        // Beside a proven win only a proven win is as good; a count, however high, is beaten by it.
        let a = analysis(&[Value::Win(9), Value::Counters(33.6), Value::Counters(1.0)]);
        assert_eq!(assess(&a, d(0)).unwrap().alternatives, vec![]);
        assert!(matches!(assess(&a, d(1)), Err(Failure::NotBest { .. })));
        assert_eq!(judge(&a), Err(Rejection::WinNotAlone { other: 33.6 }), "the generator wants one answer");
        assert_eq!(assess(&analysis(&[Value::Loss(2), Value::Loss(1)]), d(0)), Err(Failure::Lost));
        let a = analysis(&[Value::Counters(5.0), Value::Counters(1.0)]);
        assert_eq!(assess(&a, Decision::acw(hole(9))), Err(Failure::NotAnalysed));
    }

    #[test]
    fn a_clear_gain_is_accepted() {
        let a = analysis(&[Value::Counters(5.0), Value::Counters(1.0)]);
        assert_eq!(judge(&a), Ok((Decision::acw(hole(0)), Verdict::Gain { margin: 4.0 })));
        let a = analysis(&[Value::Counters(-1.0), Value::Loss(6)]);
        assert!(matches!(judge(&a), Ok((_, Verdict::Gain { .. }))));
    }
}
