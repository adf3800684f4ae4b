//! `mancala-tune`: tunes the evaluation weights of the searching bot levels for one variant by self-play
//! (Texel's method, [`mancala_tools::tune`]) and prints them in the form of `bot/src/weights.rs`, with
//! the test-set log loss of the material evaluation, the variant's current weights and the fitted ones.
//!
//! ```text
//! cargo run --release -p mancala-tools --bin mancala-tune -- --variant kubuguza --games 2000 --nodes 3000
//! ```

use anyhow::Result;
use clap::Parser;
use mancala_bot::eval::{FEATURES, material_weights};
use mancala_engine::Variant;
use mancala_tools::tune::{self, Plan, Sample};
use std::time::Instant;

#[derive(Debug, Parser)]
#[command(name = "mancala-tune", about = "Tunes a variant's evaluation weights by self-play")]
struct Args {
    #[arg(long)]
    variant: Variant,
    /// Self-play games.
    #[arg(long, default_value_t = 2000)]
    games: u32,
    /// Each side's search budget in the games.
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// At most this many random decisions open each game.
    #[arg(long, default_value_t = 8)]
    random_opening: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Features to fit (indices, comma-separated); the others weigh 0. Material (0) is always fitted.
    #[arg(long, value_delimiter = ',', default_value = "0,1,2,3,4,5,6,7")]
    features: Vec<usize>,
}

/// The coefficients of integer weights, on the scale of fitted coefficients `beta` (material matches).
fn coefficients(w: &[i32; FEATURES], beta0: f64) -> [f64; FEATURES] {
    let mut b = [0.0; FEATURES];
    for i in 0..FEATURES {
        b[i] = w[i] as f64 * beta0 / w[0] as f64;
    }
    b
}

fn main() -> Result<()> {
    let args = Args::parse();
    let started = Instant::now();
    let plan = Plan {
        variant: args.variant,
        games: args.games,
        nodes: args.nodes,
        random_opening: args.random_opening,
        seed: args.seed,
    };
    let all = tune::samples(&plan)?;
    eprintln!("{} positions from {} games in {:.1} s", all.len(), args.games, started.elapsed().as_secs_f64());
    // Every fifth game is for testing.
    let (test, train): (Vec<Sample>, Vec<Sample>) = all.iter().partition(|s| s.game % 5 == 0);
    let mut free = [false; FEATURES];
    free[0] = true;
    for &f in &args.features {
        free[f.min(FEATURES - 1)] = true;
    }
    // Material alone (its scale fitted), then the chosen features.
    let mut only_material = [false; FEATURES];
    only_material[0] = true;
    let material = tune::fit(&train, &only_material, 1e-3);
    let fitted = tune::fit(&train, &free, 1e-3);
    let legacy = coefficients(&material_weights(args.variant), material[0]);
    let current = coefficients(&mancala_bot::weights::of(args.variant), fitted[0]);
    let weights = tune::weights(&fitted);
    println!("variant {}: {} training and {} test positions", args.variant, train.len(), test.len());
    println!("test log loss: material alone {:.5}", tune::log_loss(&test, &material));
    println!("test log loss: legacy evaluation {:.5}", tune::log_loss(&test, &legacy));
    println!("test log loss: current weights {:.5}", tune::log_loss(&test, &current));
    println!("test log loss: fitted {:.5}", tune::log_loss(&test, &fitted));
    println!("coefficients: {fitted:?}");
    println!("weights: {weights:?}");
    println!("time: {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}
