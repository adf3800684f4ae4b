//! Ikibuguzo's secret choice of opening arrays, a simultaneous 2×2 zero-sum game: each pair of choices
//! is valued by a search of the position after both, and the choice is drawn from the optimal mixed
//! strategy of that game (a pure one when a choice dominates). The opponent's choice is never looked at.

use mancala_engine::{Decision, NoEvents, Phase, Position, Side};
use rand::RngExt;
use rand::rngs::ChaCha8Rng;

/// The secret choice of `side` in `pos` (which must be in the choosing phase), valuing each pair of
/// choices with `value` (the value for `side` of the position after both). `None` when the choice is
/// not the usual two-by-two one; the caller then falls back to something simpler.
pub(crate) fn choose(
    pos: &Position,
    side: Side,
    rng: &mut ChaCha8Rng,
    mut value: impl FnMut(&Position) -> i32,
) -> Option<Decision> {
    let base = without_choice_of(pos, side.other());
    let mine = base.legal_decisions(side);
    let theirs = base.legal_decisions(side.other());
    if mine.len() != 2 || theirs.len() != 2 {
        return None;
    }
    let mut v = [[0i64; 2]; 2];
    for (i, &a) in mine.iter().enumerate() {
        for (j, &b) in theirs.iter().enumerate() {
            let mut p = base.clone();
            p.apply_unchecked(side, a, &mut NoEvents);
            p.apply_unchecked(side.other(), b, &mut NoEvents);
            v[i][j] = value(&p) as i64;
        }
    }
    let p0 = first_row_probability(v);
    let i = if rng.random_bool(p0) { 0 } else { 1 };
    Some(mine[i])
}

/// The probability of playing row 0 in the optimal strategy of the row (maximising) player of the 2×2
/// zero-sum game `v`.
pub(crate) fn first_row_probability(v: [[i64; 2]; 2]) -> f64 {
    let [[a, b], [c, d]] = v;
    if a == c && b == d {
        return 0.5;
    }
    if a >= c && b >= d {
        return 1.0;
    }
    if c >= a && d >= b {
        return 0.0;
    }
    // No row dominates: mix so that the column player is indifferent.
    let p = (d - c) as f64 / ((a - b) + (d - c)) as f64;
    p.clamp(0.0, 1.0)
}

/// `pos` with `other`'s secret array choice removed (a bot must not see it), or `pos` itself when
/// `other` has not chosen.
pub(crate) fn without_choice_of(pos: &Position, other: Side) -> Position {
    let Phase::Choosing(choices) = pos.phase() else { return pos.clone() };
    if choices[other].is_none() {
        return pos.clone();
    }
    let key = format!("choice.{}=", other.name());
    let full = pos.to_text();
    let text: Vec<&str> = full.split(' ').filter(|t| !t.starts_with(&key)).collect();
    Position::from_text(pos.variant(), *pos.options(), &text.join(" ")).unwrap_or_else(|_| pos.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_by_two_games() {
        // A dominant row.
        assert_eq!(first_row_probability([[3, 2], [1, 0]]), 1.0);
        assert_eq!(first_row_probability([[0, 1], [2, 3]]), 0.0);
        // Matching pennies: half and half.
        assert_eq!(first_row_probability([[1, -1], [-1, 1]]), 0.5);
        // A mixed strategy that makes the column player indifferent.
        let p = first_row_probability([[4, 0], [1, 2]]);
        assert!((p * 4.0 + (1.0 - p) * 1.0 - (p * 0.0 + (1.0 - p) * 2.0)).abs() < 1e-9);
    }
}
