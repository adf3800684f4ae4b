//! Tuning the bots' evaluation weights by self-play (Texel's method): play games between searching bots
//! (their first decisions random, for variety), keep every position where a side decides with the
//! game's result for that side, and fit a logistic regression of the result on the position's features
//! ([`mancala_bot::eval::features`], for the side deciding). The fitted coefficients, scaled so that a
//! counter of material weighs [`MATERIAL`], are the weights. Positions are split into a training and a
//! test set by game, and the log loss of the material evaluation and of the fitted one are reported on
//! the test set.

use anyhow::Result;
use mancala_bot::eval::{FEATURES, Features, MATERIAL, Weights, features};
use mancala_bot::{Bot, Config, Limits};
use mancala_engine::{NoEvents, Options, Position, Side, ToMove, Variant};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

/// One training example: the features for the side deciding, and that side's result (1, ½ or 0).
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub features: Features,
    pub result: f64,
    /// The game it comes from.
    pub game: u32,
}

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub variant: Variant,
    pub games: u32,
    /// Each side's search budget.
    pub nodes: u64,
    /// At most this many random decisions open each game (each game draws a number up to it).
    pub random_opening: u32,
    pub seed: u64,
}

/// Plays the games of `plan` and returns their positions.
pub fn samples(plan: &Plan) -> Result<Vec<Sample>> {
    let mut rng = ChaCha8Rng::seed_from_u64(plan.seed);
    let limits = Limits { nodes: plan.nodes, depth: 64 };
    let mut out = Vec::new();
    for game in 0..plan.games {
        let mut bots = [
            Bot::searching(limits, Config::DEFAULT, rng.random()),
            Bot::searching(limits, Config::DEFAULT, rng.random()),
        ];
        let mut pos = Position::start(plan.variant, Options::defaults(plan.variant))?;
        let random = rng.random_range(0..=plan.random_opening);
        let mut decisions = 0u32;
        let mut seen: Vec<(Features, Side)> = Vec::new();
        let outcome = loop {
            match pos.to_move() {
                ToMove::Nobody(o) => break o,
                ToMove::Both { .. } => {
                    // The secret choice: random arrays, for variety.
                    for side in Side::BOTH {
                        let moves = pos.legal_decisions(side);
                        if !moves.is_empty() {
                            pos.apply(side, moves[rng.random_range(0..moves.len())], &mut NoEvents)?;
                        }
                    }
                }
                ToMove::Side(side) => {
                    let moves = pos.legal_decisions(side);
                    if moves.len() > 1 && decisions >= random {
                        seen.push((features(&pos, side), side));
                    }
                    let d = if decisions < random {
                        moves[rng.random_range(0..moves.len())]
                    } else {
                        bots[side.index()].decide(&pos, side).expect("a decision")
                    };
                    pos.apply(side, d, &mut NoEvents)?;
                    decisions += 1;
                }
            }
        };
        for (features, side) in seen {
            let result = match outcome.winner {
                None => 0.5,
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
            };
            out.push(Sample { features, result, game });
        }
    }
    Ok(out)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log loss of predicting `sample.result` by `sigmoid(beta · features)`.
pub fn log_loss(samples: &[Sample], beta: &[f64; FEATURES]) -> f64 {
    let eps = 1e-12;
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(dot(beta, &s.features)).clamp(eps, 1.0 - eps);
            -(s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

fn dot(beta: &[f64; FEATURES], f: &Features) -> f64 {
    beta.iter().zip(f).map(|(b, &x)| b * x as f64).sum()
}

/// Logistic regression of the results on the features over the features in `free` (the others stay at
/// zero), by Newton's method with a small ridge penalty (`lambda`).
pub fn fit(samples: &[Sample], free: &[bool; FEATURES], lambda: f64) -> [f64; FEATURES] {
    let idx: Vec<usize> = (0..FEATURES).filter(|&i| free[i]).collect();
    let m = idx.len();
    let mut beta = [0.0f64; FEATURES];
    for _ in 0..50 {
        let mut grad = vec![0.0f64; m];
        let mut hess = vec![vec![0.0f64; m]; m];
        for s in samples {
            let p = sigmoid(dot(&beta, &s.features));
            let w = p * (1.0 - p);
            for (a, &i) in idx.iter().enumerate() {
                let xi = s.features[i] as f64;
                grad[a] += (p - s.result) * xi;
                for (b, &j) in idx.iter().enumerate() {
                    hess[a][b] += w * xi * s.features[j] as f64;
                }
            }
        }
        for (a, &i) in idx.iter().enumerate() {
            grad[a] += lambda * beta[i];
            hess[a][a] += lambda;
        }
        let step = solve(hess, grad);
        let mut moved = 0.0f64;
        for (a, &i) in idx.iter().enumerate() {
            beta[i] -= step[a];
            moved = moved.max(step[a].abs());
        }
        if moved < 1e-9 {
            break;
        }
    }
    beta
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (a small, well-conditioned system).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        let pivot_row = a[col].clone();
        for row in col + 1..n {
            let f = a[row][col] / d;
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0f64; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-300 { 0.0 } else { (b[row] - s) / a[row][row] };
    }
    x
}

/// The weights of coefficients `beta`: scaled so that material weighs [`MATERIAL`], rounded.
pub fn weights(beta: &[f64; FEATURES]) -> Weights {
    let scale = MATERIAL as f64 / beta[0];
    let mut w = [0; FEATURES];
    for i in 0..FEATURES {
        w[i] = (beta[i] * scale).round() as i32;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results drawn from a known logistic model are fitted back to its coefficients.
    #[test]
    fn fit_recovers_a_known_model() {
        let truth = [0.3, -0.2, 0.0, 0.0, 0.0, 0.0, 0.1, 0.0];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let samples: Vec<Sample> = (0..20_000)
            .map(|g| {
                let mut f = [0; FEATURES];
                f[0] = rng.random_range(-10..=10);
                f[1] = rng.random_range(-5..=5);
                f[6] = if rng.random_bool(0.5) { 1 } else { -1 };
                let p = sigmoid(dot(&truth, &f));
                Sample { features: f, result: if rng.random_bool(p) { 1.0 } else { 0.0 }, game: g }
            })
            .collect();
        let free = [true, true, false, false, false, false, true, false];
        let beta = fit(&samples, &free, 1e-3);
        for i in 0..FEATURES {
            assert!((beta[i] - truth[i]).abs() < 0.03, "{i}: {beta:?}");
        }
        assert!(log_loss(&samples, &beta) < log_loss(&samples, &[0.0; FEATURES]));
        let w = weights(&beta);
        assert_eq!(w[0], MATERIAL);
        assert!((w[1] as f64 - MATERIAL as f64 * -0.2 / 0.3).abs() <= 2.0, "{w:?}");
    }
}
