//! When a position is a puzzle's step: its side has exactly one good decision. Either the only proven
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

/// The one good decision of an analysed position and why, or why there is none.
pub fn judge(a: &Analysis) -> Result<(Decision, Verdict), Rejection> {
    let [best, second, ..] = a.decisions.as_slice() else { return Err(Rejection::Forced) };
    match (best.value, second.value) {
        (Value::Loss(_), _) => Err(Rejection::Lost),
        (Value::Win(_), Value::Win(_)) => Err(Rejection::TwoWins),
        (Value::Win(_), Value::Counters(c)) if c > WIN_OTHERS_MAX => Err(Rejection::WinNotAlone { other: c }),
        (Value::Win(n), _) => Ok((best.decision, Verdict::Win(n))),
        (Value::Counters(_), Value::Win(_)) => unreachable!("the decisions come best first"),
        (Value::Counters(_), Value::Loss(_)) => Ok((best.decision, Verdict::Gain { margin: f64::INFINITY })),
        (Value::Counters(b), Value::Counters(s)) => {
            let margin = b - s;
            if margin >= GAIN_MARGIN {
                Ok((best.decision, Verdict::Gain { margin }))
            } else {
                Err(Rejection::NearTie { margin })
            }
        }
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

    #[test]
    fn a_clear_gain_is_accepted() {
        let a = analysis(&[Value::Counters(5.0), Value::Counters(1.0)]);
        assert_eq!(judge(&a), Ok((Decision::acw(hole(0)), Verdict::Gain { margin: 4.0 })));
        let a = analysis(&[Value::Counters(-1.0), Value::Loss(6)]);
        assert!(matches!(judge(&a), Ok((_, Verdict::Gain { .. }))));
    }
}
