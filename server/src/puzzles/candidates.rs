//! Where a reviewed game may hold a puzzle, as lichess-puzzler looks for them: right after a decision
//! its review marks a mistake or a blunder, at the start of the opponent's next turn (the position for
//! the other side to punish it). The search decides later whether a candidate is a puzzle.

use crate::game::PlySteps;
use mancala_engine::{Decision, Position, Side, ToMove};
use mancala_protocol::review::{GameReview, ReviewMark};

/// The most candidates taken from one game (the largest losses first): a game full of mistakes costs
/// no more than this many verifications.
pub const MAX_PER_GAME: usize = 4;

/// A position to look at: the start of the turn of the side that may punish a mistake.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// Decisions of the record before it.
    pub ply: u32,
    pub position: Position,
}

/// Why a game's record did not replay.
#[derive(Debug, thiserror::Error)]
#[error("ply {ply} does not replay: {reason}")]
pub struct ReplayError {
    pub ply: u32,
    pub reason: String,
}

/// The candidates of the game from `start` through `plies` whose review is `review`, in the record's
/// order: at most [`MAX_PER_GAME`], those after the largest losses.
pub fn of(start: &Position, plies: &[(Side, Decision)], review: &GameReview) -> Result<Vec<Candidate>, ReplayError> {
    let mut marked: Vec<(u32, f64)> = review
        .decisions
        .iter()
        .filter_map(|d| {
            let j = d.judged.as_ref()?;
            matches!(j.mark, Some(ReviewMark::Mistake | ReviewMark::Blunder)).then_some((d.ply, j.loss))
        })
        .collect();
    marked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    marked.truncate(MAX_PER_GAME);
    marked.sort_by_key(|&(ply, _)| ply);
    let mut out = Vec::new();
    let mut pos = start.clone();
    let mut played = 0usize;
    for (ply, _) in marked {
        let Some(&(mover, _)) = plies.get(ply as usize - 1) else { continue };
        // Up to and including the marked decision, then on to the start of the opponent's turn (the
        // mover may have more decisions in the same turn).
        while played < ply as usize {
            step(&mut pos, plies, &mut played)?;
        }
        while !at_turn_start_of(&pos, mover.other()) && played < plies.len() && !pos.is_over() {
            step(&mut pos, plies, &mut played)?;
        }
        let already = out.last().is_some_and(|c: &Candidate| c.ply == played as u32);
        if at_turn_start_of(&pos, mover.other()) && !already {
            out.push(Candidate { ply: played as u32, position: pos.clone() });
        }
    }
    Ok(out)
}

fn step(pos: &mut Position, plies: &[(Side, Decision)], played: &mut usize) -> Result<(), ReplayError> {
    let (side, decision) = plies[*played];
    *played += 1;
    PlySteps::play(pos, side, decision).map_err(|e| ReplayError { ply: *played as u32, reason: e.to_string() })?;
    Ok(())
}

/// `side` is to move at the start of its turn, in a game not over.
fn at_turn_start_of(pos: &Position, side: Side) -> bool {
    pos.to_move() == ToMove::Side(side) && pos.mid_turn().is_none() && !pos.is_over()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{NoEvents, Options, Variant};
    use mancala_protocol::analysis::AnalysisValue;
    use mancala_protocol::review::{Judgement, ReviewThresholds, ReviewedDecision, SideAccuracy};

    /// A Kubuguza game of `n` decisions (each side's first legal one) and a review marking `marks`
    /// (ply, mark, loss).
    fn game(n: usize, marks: &[(u32, ReviewMark, f64)]) -> (Position, Vec<(Side, Decision)>, GameReview) {
        let start = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
        let (mut pos, mut plies) = (start.clone(), Vec::new());
        while plies.len() < n {
            let ToMove::Side(side) = pos.to_move() else { panic!("the game ended") };
            let d = pos.legal_decisions(side)[0];
            pos.apply(side, d, &mut NoEvents).unwrap();
            plies.push((side, d));
        }
        let decisions = plies
            .iter()
            .enumerate()
            .map(|(i, &(side, d))| {
                let ply = i as u32 + 1;
                let mark = marks.iter().find(|m| m.0 == ply);
                ReviewedDecision {
                    ply,
                    side: side.name().to_string(),
                    decision: d.notation(start.geometry()),
                    judged: Some(Judgement {
                        before: AnalysisValue::Counters(0.0),
                        after: AnalysisValue::Counters(0.0),
                        best: String::new(),
                        loss: mark.map_or(0.0, |m| m.2),
                        mark: mark.map(|m| m.1),
                        accuracy: None,
                        choices: 2,
                    }),
                }
            })
            .collect();
        let thresholds = ReviewThresholds { inaccuracy: 1.0, mistake: 2.0, blunder: 4.0, proven: 32.0 };
        let accuracy = SideAccuracy { south: None, north: None };
        let review = GameReview {
            game_id: "g".into(),
            variant: "kubuguza".into(),
            nodes: 1,
            thresholds,
            decisions,
            accuracy,
            graph: Vec::new(),
        };
        (start, plies, review)
    }

    /// The position after `n` decisions, played through the mover's turn to the opponent's start.
    fn opponent_start(start: &Position, plies: &[(Side, Decision)], ply: usize) -> (usize, Position) {
        let (mover, _) = plies[ply - 1];
        let mut pos = start.clone();
        let mut n = 0;
        while n < ply || !(pos.to_move() == ToMove::Side(mover.other()) && pos.mid_turn().is_none()) {
            pos.apply(plies[n].0, plies[n].1, &mut NoEvents).unwrap();
            n += 1;
        }
        (n, pos)
    }

    #[test]
    fn a_mistake_or_a_blunder_gives_the_opponent_s_next_turn_start_and_an_inaccuracy_nothing() {
        let (start, plies, review) = game(
            30,
            &[(3, ReviewMark::Inaccuracy, 1.5), (7, ReviewMark::Mistake, 2.5), (12, ReviewMark::Blunder, 9.0)],
        );
        let found = of(&start, &plies, &review).unwrap();
        assert_eq!(found.len(), 2, "{found:?}");
        for (c, ply) in found.iter().zip([7, 12]) {
            let (n, pos) = opponent_start(&start, &plies, ply);
            assert_eq!(c.ply as usize, n);
            assert_eq!(c.position.to_text(), pos.to_text());
            assert_eq!(c.position.to_move(), ToMove::Side(plies[ply - 1].0.other()));
        }
    }

    #[test]
    fn at_most_the_largest_losses_of_a_game_are_taken() {
        let marks: Vec<(u32, ReviewMark, f64)> = (1..=10).map(|i| (i * 2, ReviewMark::Mistake, f64::from(i))).collect();
        let (start, plies, review) = game(30, &marks);
        let found = of(&start, &plies, &review).unwrap();
        assert_eq!(found.len(), MAX_PER_GAME);
        let first = opponent_start(&start, &plies, 14).0;
        assert_eq!(found[0].ply as usize, first, "the four largest losses are plies 14 to 20");
    }
}
