//! The statistics of the arena's tables: a score's 95 % confidence interval (Wilson's, with draws
//! counted as half a win), the Elo difference a score means, and a ladder of Elo ratings fitted to every
//! pairing's results at once (the Bradley–Terry model, by maximum likelihood).

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_964;

/// The Wilson score interval (95 %) of `points` out of `games` (a draw is half a point), as fractions.
pub fn wilson(points: f64, games: f64) -> (f64, f64) {
    if games <= 0.0 {
        return (0.0, 1.0);
    }
    let p = points / games;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / games;
    let centre = (p + z2 / (2.0 * games)) / denom;
    let half = Z95 * (p * (1.0 - p) / games + z2 / (4.0 * games * games)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference that an expected score `s` (0 < s < 1) means; ±∞ at 0 and 1.
pub fn elo_of_score(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// One pairing's result for the ladder: contenders `a` and `b` (indices) and `a`'s points in `games`.
#[derive(Clone, Copy, Debug)]
pub struct Result {
    pub a: usize,
    pub b: usize,
    pub points: f64,
    pub games: f64,
}

/// Elo ratings of `n` contenders fitted to `results` (Bradley–Terry by minorisation–maximisation, Hunter
/// 2004), with contender `anchor` at `anchor_elo`. Every pairing gets one virtual drawn game (half a
/// point each way) so that a 100 % score gives a large but finite gap; a contender linked to the anchor
/// by no pairing keeps the anchor's rating.
pub fn ladder(n: usize, results: &[Result], anchor: usize, anchor_elo: f64) -> Vec<f64> {
    // Strengths gamma_i = 10^(elo_i / 400).
    let mut gamma = vec![1.0f64; n];
    let mut wins = vec![0.0f64; n];
    for r in results {
        wins[r.a] += r.points + 0.5;
        wins[r.b] += r.games - r.points + 0.5;
    }
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        let mut moved = 0.0f64;
        for i in 0..n {
            let mut denom = 0.0;
            for r in results.iter().filter(|r| r.a == i || r.b == i) {
                let j = if r.a == i { r.b } else { r.a };
                denom += (r.games + 1.0) / (gamma[i] + gamma[j]);
            }
            if denom > 0.0 {
                next[i] = wins[i] / denom;
            }
            moved = moved.max((next[i].ln() - gamma[i].ln()).abs());
        }
        let scale = next[anchor];
        gamma = next.into_iter().map(|g| g / scale).collect();
        if moved < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| anchor_elo + 400.0 * g.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval() {
        // 90 of 100: the textbook interval 0.826–0.945.
        let (lo, hi) = wilson(90.0, 100.0);
        assert!((lo - 0.8256).abs() < 1e-3 && (hi - 0.9448).abs() < 1e-3, "{lo} {hi}");
        // All won: the upper end is 1, the lower end is below it.
        let (lo, hi) = wilson(50.0, 50.0);
        assert!((hi - 1.0).abs() < 1e-12, "{hi}");
        assert!(lo > 0.92 && lo < 0.93, "{lo}");
    }

    #[test]
    fn elo_of_scores() {
        assert!((elo_of_score(0.5)).abs() < 1e-9);
        assert!((elo_of_score(0.75) - 190.85).abs() < 0.01);
        assert!((elo_of_score(0.25) + 190.85).abs() < 0.01);
    }

    #[test]
    fn ladder_recovers_the_gaps_of_its_results() {
        // Three contenders 200 Elo apart, results at the expected scores (many games).
        let e = |d: f64| 1.0 / (1.0 + 10f64.powf(-d / 400.0));
        let g = 100_000.0;
        let results = [
            Result { a: 1, b: 0, points: g * e(200.0), games: g },
            Result { a: 2, b: 1, points: g * e(200.0), games: g },
            Result { a: 2, b: 0, points: g * e(400.0), games: g },
        ];
        let elo = ladder(3, &results, 0, 1000.0);
        assert!((elo[0] - 1000.0).abs() < 1e-6);
        assert!((elo[1] - 1200.0).abs() < 1.0, "{elo:?}");
        assert!((elo[2] - 1400.0).abs() < 1.0, "{elo:?}");
        // A clean sweep is a large finite gap.
        let sweep = ladder(2, &[Result { a: 1, b: 0, points: 100.0, games: 100.0 }], 0, 0.0);
        assert!(sweep[1] > 500.0 && sweep[1].is_finite(), "{sweep:?}");
    }
}
