//! The post-game review: for every decision of a finished game, what the engine thinks of it — the
//! value before it and after it for the side that made it, the best decision, the counters lost, a mark
//! (inaccuracy, mistake, blunder) — and each side's accuracy over the game.
//!
//! Each decision is judged by one [`analysis`](crate::analysis) of the position before it: the position's
//! value is its best decision's, the value after is the played decision's *in the same search*, so the
//! loss is never negative and the best decision (or one worth as much) is never marked. A decision made
//! when it was the only legal one is scored (the graph needs its value) but neither marked nor counted in
//! the accuracy. Every decision of a turn counts on its own (a relay's direction, Azigo's store entry):
//! each is a choice the player made between positions the engine can compare. The secret choices of
//! Ikibuguzo's opening arrays are not judged: they are made without seeing the other side's, and the
//! search cannot value a position where both sides are still choosing.
//!
//! Thresholds are relative to the counters in play (`T`, the start position's total), so a loss means the
//! same share of the game in every variant: a loss of at least `T/32` counters is an inaccuracy, `T/16` a
//! mistake, `T/8` a blunder (2, 4, 8 counters with 64 in play). A proven result counts as `T/2` counters
//! (half of all counters: more than any evaluation says), so throwing away a proven win, or walking into a
//! proven loss, is a blunder whatever the counters said.
//!
//! Accuracy follows lichess's: each value becomes the mover's winning chances `W(c) = 100 / (1 + e^(−c/s))`
//! with `s = T/16` (4 counters ahead with 64 in play: 73 %), a decision's accuracy is
//! `103.1668 · e^(−0.04354 · (W(before) − W(after))) − 3.1669` clamped to 0–100, and a side's accuracy is
//! the mean over its decisions that had a choice.
//!
//! Deterministic: each analysis has a budget in nodes and no randomness.

use crate::analysis::{self, AnalysisError, Value};
use mancala_engine::{Decision, Position, Side, ToMove};

/// A decision's mark, by the counters it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The word of the wire and the docs.
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// The losses (in counters) from which a decision is marked, for a game with a number of counters in play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
    /// What a proven win is worth in counters (a proven loss: its negative).
    pub proven: f64,
    /// The scale of the winning chances (counters).
    pub scale: f64,
}

impl Thresholds {
    /// The thresholds of a game with `total` counters in play.
    pub fn of_total(total: u32) -> Thresholds {
        let t = f64::from(total.max(1));
        Thresholds { inaccuracy: t / 32.0, mistake: t / 16.0, blunder: t / 8.0, proven: t / 2.0, scale: t / 16.0 }
    }

    /// The thresholds of the game that starts at `start`.
    pub fn of(start: &Position) -> Thresholds {
        Thresholds::of_total(start.total_counters())
    }

    /// A value in counters: proven results count as [`Thresholds::proven`], and evaluations are held
    /// within it.
    pub fn counters(&self, v: Value) -> f64 {
        match v {
            Value::Counters(c) => c.clamp(-self.proven, self.proven),
            Value::Win(_) => self.proven,
            Value::Loss(_) => -self.proven,
        }
    }

    /// The mark of a loss of `loss` counters.
    pub fn mark(&self, loss: f64) -> Option<Mark> {
        if loss >= self.blunder {
            Some(Mark::Blunder)
        } else if loss >= self.mistake {
            Some(Mark::Mistake)
        } else if loss >= self.inaccuracy {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The mover's winning chances (percent) with a value of `c` counters.
    pub fn winning_chances(&self, c: f64) -> f64 {
        100.0 / (1.0 + (-c / self.scale).exp())
    }

    /// A decision's accuracy (percent) that took the mover from `before` to `after` counters.
    pub fn accuracy(&self, before: f64, after: f64) -> f64 {
        let drop = (self.winning_chances(before) - self.winning_chances(after)).max(0.0);
        (103.1668 * (-0.04354 * drop).exp() - 3.1669).clamp(0.0, 100.0)
    }
}

/// What the review says of one decision the side could compare with others.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The position's value for the mover (its best decision's).
    pub before: Value,
    /// The played decision's value for the mover.
    pub after: Value,
    /// The best decision (the first in the legal order among equals).
    pub best: Decision,
    /// Counters lost against the best decision (0 or more).
    pub loss: f64,
    pub mark: Option<Mark>,
    /// The decision's accuracy (percent); `None` when it was the only legal decision.
    pub accuracy: Option<f64>,
    /// Legal decisions the mover had.
    pub choices: usize,
}

/// One decision of the record in the review.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// 1-based number of the decision in the record.
    pub ply: u32,
    pub side: Side,
    pub decision: Decision,
    /// `None`: a secret choice of an opening array, not judged.
    pub judged: Option<Judged>,
}

/// A finished game's review.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub thresholds: Thresholds,
    pub decisions: Vec<Reviewed>,
    /// Each side's accuracy (South, North); `None` for a side that never had a choice.
    pub accuracy: [Option<f64>; 2],
}

/// A record that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("decision {ply} ({side} {decision:?}) does not replay: {reason}")]
pub struct ReviewError {
    pub ply: u32,
    pub side: Side,
    pub decision: Decision,
    pub reason: String,
}

/// Judges `played`, made by the side to decide in `before`, with an analysis of `nodes` nodes; `None` for
/// a secret choice (both sides choosing).
pub fn judge(before: &Position, played: Decision, nodes: u64, th: &Thresholds) -> Option<Judged> {
    let a = match analysis::analyse(before, nodes) {
        Ok(a) => a,
        Err(AnalysisError::SecretChoice | AnalysisError::Over) => return None,
    };
    // A decision the analysis does not know was not legal there: it cannot be judged.
    let after = a.decisions.iter().find(|s| s.decision == played)?.value;
    let (b, p) = (th.counters(a.value), th.counters(after));
    let loss = (b - p).max(0.0);
    let choices = a.decisions.len();
    Some(Judged {
        before: a.value,
        after,
        best: a.decisions[0].decision,
        loss,
        mark: if choices > 1 { th.mark(loss) } else { None },
        accuracy: (choices > 1).then(|| th.accuracy(b, p)),
        choices,
    })
}

/// Reviews the game that starts at `start` and whose record is `plies` (each side and its decision), one
/// analysis of `nodes` nodes a decision. [`judge`] and [`summary`] are the steps, for a caller that
/// spreads the analyses over time.
pub fn review(start: &Position, plies: &[(Side, Decision)], nodes: u64) -> Result<Review, ReviewError> {
    let th = Thresholds::of(start);
    let mut pos = start.clone();
    let mut decisions = Vec::with_capacity(plies.len());
    for (i, &(side, decision)) in plies.iter().enumerate() {
        let judged = match pos.to_move() {
            ToMove::Side(_) => judge(&pos, decision, nodes, &th),
            _ => None,
        };
        let ply = i as u32 + 1;
        pos.apply(side, decision, &mut mancala_engine::NoEvents).map_err(|e| ReviewError {
            ply,
            side,
            decision,
            reason: e.to_string(),
        })?;
        decisions.push(Reviewed { ply, side, decision, judged });
    }
    Ok(summary(th, decisions))
}

/// The review of judged decisions: each side's accuracy, the mean of its decisions' accuracies.
pub fn summary(thresholds: Thresholds, decisions: Vec<Reviewed>) -> Review {
    let mean = |side: Side| {
        let values: Vec<f64> = decisions
            .iter()
            .filter(|d| d.side == side)
            .filter_map(|d| d.judged.as_ref().and_then(|j| j.accuracy))
            .collect();
        (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
    };
    let accuracy = [mean(Side::South), mean(Side::North)];
    Review { thresholds, decisions, accuracy }
}

/// The wire form of `review`, of game `game_id` starting at `start` (`GET /api/games/{id}/review`):
/// decisions in notation, counters and percentages rounded to hundredths.
#[cfg(feature = "wire")]
pub fn wire(game_id: &str, start: &Position, review: &Review, nodes: u64) -> mancala_protocol::review::GameReview {
    use mancala_protocol::analysis::AnalysisValue;
    use mancala_protocol::review::{
        GameReview, Judgement, ReviewMark, ReviewThresholds, ReviewedDecision, SideAccuracy,
    };
    let round = |x: f64| (x * 100.0).round() / 100.0;
    let value = |v: Value| match v {
        Value::Counters(c) => AnalysisValue::Counters(round(c)),
        Value::Win(n) => AnalysisValue::WinIn(n),
        Value::Loss(n) => AnalysisValue::LossIn(n),
    };
    let th = review.thresholds;
    let geo = start.geometry();
    let for_south = |side: Side, v: Value| {
        let c = round(th.counters(v));
        if side == Side::South { c } else { -c }
    };
    let mut graph = vec![review.decisions.first().and_then(|d| d.judged.as_ref().map(|j| for_south(d.side, j.before)))];
    graph.extend(review.decisions.iter().map(|d| d.judged.as_ref().map(|j| for_south(d.side, j.after))));
    GameReview {
        game_id: game_id.to_string(),
        variant: start.variant().id().to_string(),
        nodes,
        thresholds: ReviewThresholds {
            inaccuracy: round(th.inaccuracy),
            mistake: round(th.mistake),
            blunder: round(th.blunder),
            proven: round(th.proven),
        },
        decisions: review
            .decisions
            .iter()
            .map(|d| ReviewedDecision {
                ply: d.ply,
                side: d.side.to_string(),
                decision: d.decision.notation(geo),
                judged: d.judged.as_ref().map(|j| Judgement {
                    before: value(j.before),
                    after: value(j.after),
                    best: j.best.notation(geo),
                    loss: round(j.loss),
                    mark: j.mark.map(|m| match m {
                        Mark::Inaccuracy => ReviewMark::Inaccuracy,
                        Mark::Mistake => ReviewMark::Mistake,
                        Mark::Blunder => ReviewMark::Blunder,
                    }),
                    accuracy: j.accuracy.map(round),
                    choices: j.choices as u32,
                }),
            })
            .collect(),
        accuracy: SideAccuracy { south: review.accuracy[0].map(round), north: review.accuracy[1].map(round) },
        graph,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{NoEvents, Options, Variant};

    const NODES: u64 = 20_000;

    /// Plays the engine's best decision `n` times from the start of `variant`.
    fn best_line(variant: Variant, n: usize) -> (Position, Vec<(Side, Decision)>) {
        let start = Position::start(variant, Options::defaults(variant)).unwrap();
        let mut pos = start.clone();
        let mut plies = Vec::new();
        for _ in 0..n {
            let ToMove::Side(side) = pos.to_move() else { break };
            let d = analysis::analyse(&pos, NODES).unwrap().decisions[0].decision;
            pos.apply(side, d, &mut NoEvents).unwrap();
            plies.push((side, d));
        }
        (start, plies)
    }

    #[test]
    fn the_best_decision_is_never_marked_and_loses_nothing() {
        for variant in [Variant::Kubuguza, Variant::Njombwa, Variant::Azigo] {
            let (start, plies) = best_line(variant, 6);
            let r = review(&start, &plies, NODES).unwrap();
            assert_eq!(r.decisions.len(), plies.len());
            for d in &r.decisions {
                let j = d.judged.as_ref().expect("every decision is judged");
                assert_eq!(j.best, d.decision, "{variant} ply {}", d.ply);
                assert_eq!((j.loss, j.mark), (0.0, None), "{variant} ply {}", d.ply);
                if let Some(a) = j.accuracy {
                    assert!(a > 99.9, "{variant} ply {}: accuracy {a}", d.ply);
                }
            }
            assert!(r.accuracy.iter().flatten().all(|&a| a > 99.9), "{variant}: {:?}", r.accuracy);
        }
    }

    /// At Kubuguza's start, the decision the engine values lowest loses counters against the best: it is
    /// judged as that loss and marked by it.
    #[test]
    fn a_decision_that_loses_counters_is_marked_by_its_loss() {
        let start = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
        let a = analysis::analyse(&start, NODES).unwrap();
        let worst = a.decisions.last().unwrap();
        let th = Thresholds::of(&start);
        let r = review(&start, &[(a.side, worst.decision)], NODES).unwrap();
        let j = r.decisions[0].judged.as_ref().unwrap();
        let loss = th.counters(a.value) - th.counters(worst.value);
        assert!(loss > 0.0, "the worst decision loses something: {:?}", a.decisions);
        assert_eq!(j.loss, loss);
        assert_eq!(j.mark, th.mark(loss));
        assert_eq!(j.best, a.decisions[0].decision);
        assert!(j.accuracy.unwrap() < 100.0);
        assert_eq!(r.accuracy[0], j.accuracy);
        assert_eq!(r.accuracy[1], None, "North never decided");
    }

    /// Along the engine's best line in Kubuguza, the first decision that loses at least a blunder's worth
    /// of counters, once played, is marked a blunder, and its side's accuracy falls.
    #[test]
    fn a_blunder_is_marked() {
        // The budget of the server's reviews (`mancala_protocol::review::REVIEW_NODES`): the server's test
        // of a blunder plays this line.
        const SERVER_NODES: u64 = 100_000;
        let variant = Variant::Kubuguza;
        let start = Position::start(variant, Options::defaults(variant)).unwrap();
        let th = Thresholds::of(&start);
        let mut pos = start.clone();
        let mut plies = Vec::new();
        let blunder = loop {
            let ToMove::Side(side) = pos.to_move() else { panic!("no blunder possible along the best line") };
            let a = analysis::analyse(&pos, SERVER_NODES).unwrap();
            let best = th.counters(a.value);
            if let Some(s) = a.decisions.iter().find(|s| best - th.counters(s.value) >= th.blunder) {
                break (side, s.decision);
            }
            pos.apply(side, a.decisions[0].decision, &mut NoEvents).unwrap();
            plies.push((side, a.decisions[0].decision));
        };
        plies.push(blunder);
        let geo = start.geometry();
        let line: Vec<String> = plies.iter().map(|(_, d)| d.notation(geo)).collect();
        let r = review(&start, &plies, SERVER_NODES).unwrap();
        let last = r.decisions.last().unwrap();
        let j = last.judged.as_ref().unwrap();
        assert_eq!(j.mark, Some(Mark::Blunder), "{line:?}");
        assert!(j.loss >= th.blunder);
        assert!(r.decisions[..plies.len() - 1].iter().all(|d| d.judged.as_ref().unwrap().mark.is_none()));
        assert!(r.accuracy[blunder.0.index()].unwrap() < 90.0, "{:?}", r.accuracy);
    }

    /// Walking into a proven loss when the position was not lost is a blunder, whatever the counters.
    #[test]
    fn marks_follow_the_thresholds_and_proven_results() {
        let th = Thresholds::of_total(64);
        assert_eq!((th.inaccuracy, th.mistake, th.blunder), (2.0, 4.0, 8.0));
        assert_eq!(th.mark(1.99), None);
        assert_eq!(th.mark(2.0), Some(Mark::Inaccuracy));
        assert_eq!(th.mark(4.5), Some(Mark::Mistake));
        assert_eq!(th.mark(8.0), Some(Mark::Blunder));
        let lost = th.counters(Value::Counters(1.0)) - th.counters(Value::Loss(5));
        assert_eq!(th.mark(lost), Some(Mark::Blunder));
        let thrown = th.counters(Value::Win(3)) - th.counters(Value::Counters(20.0));
        assert_eq!(th.mark(thrown), Some(Mark::Blunder));
        assert_eq!(th.counters(Value::Counters(100.0)), 32.0, "evaluations are held within a proven result");
        assert!((th.accuracy(0.0, 0.0) - 100.0).abs() < 1e-3);
        assert!(th.accuracy(4.0, -4.0) < th.accuracy(4.0, 0.0));
        assert_eq!(th.accuracy(32.0, -32.0), 0.0);
    }

    #[test]
    fn secret_choices_are_not_judged() {
        let start = Position::start(Variant::Ikibuguzo, Options::defaults(Variant::Ikibuguzo)).unwrap();
        let ToMove::Both { .. } = start.to_move() else { panic!("Ikibuguzo starts with the secret choice") };
        let choice = start.legal_decisions(Side::South)[0];
        let r = review(&start, &[(Side::South, choice)], NODES).unwrap();
        assert_eq!(r.decisions[0].judged, None);
        assert_eq!(r.accuracy, [None, None]);
    }

    /// The wire form of an Ikibuguzo game: the two secret choices unjudged with no graph point before or
    /// after them, the decisions after them judged with a point each, South's view on the graph.
    #[cfg(feature = "wire")]
    #[test]
    fn the_wire_form_leaves_secret_choices_out_of_the_graph() {
        let start = Position::start(Variant::Ikibuguzo, Options::defaults(Variant::Ikibuguzo)).unwrap();
        let mut pos = start.clone();
        let mut plies = Vec::new();
        for side in [Side::South, Side::North] {
            let d = pos.legal_decisions(side)[0];
            pos.apply(side, d, &mut NoEvents).unwrap();
            plies.push((side, d));
        }
        for _ in 0..2 {
            let ToMove::Side(side) = pos.to_move() else { panic!("the arrays are chosen") };
            let d = analysis::analyse(&pos, NODES).unwrap().decisions[0].decision;
            pos.apply(side, d, &mut NoEvents).unwrap();
            plies.push((side, d));
        }
        let r = review(&start, &plies, NODES).unwrap();
        let w = wire("g1", &start, &r, NODES);
        assert_eq!(w.graph.len(), 5);
        assert_eq!(&w.graph[..2], &[None, None]);
        assert!(w.decisions[..2].iter().all(|d| d.judged.is_none()));
        for (i, d) in r.decisions.iter().enumerate().skip(2) {
            let j = d.judged.as_ref().unwrap();
            let south = r.thresholds.counters(j.after) * if d.side == Side::South { 1.0 } else { -1.0 };
            assert_eq!(w.graph[i + 1], Some((south * 100.0).round() / 100.0), "ply {}", d.ply);
        }
        assert_eq!(w.variant, "ikibuguzo");
        assert_eq!(w.thresholds.blunder, 8.0);
    }

    #[test]
    fn a_record_that_does_not_replay_names_its_decision() {
        let (start, mut plies) = best_line(Variant::Kubuguza, 1);
        plies.push(plies[0]);
        let e = review(&start, &plies, NODES).unwrap_err();
        assert_eq!(e.ply, 2);
    }

    #[test]
    fn the_same_game_gives_the_same_review() {
        let (start, plies) = best_line(Variant::Njombwa, 4);
        assert_eq!(review(&start, &plies, NODES).unwrap(), review(&start, &plies, NODES).unwrap());
    }
}
