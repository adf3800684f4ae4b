//! Random playouts from the start of each variant: the engine's raw speed for search and self-play.
//!
//! One iteration plays a batch of [`GAMES`] complete games with uniformly random legal decisions. The ChaCha8
//! generator is seeded once per variant and its stream goes on from one iteration to the next, so the run
//! samples many different games: about one random game in a thousand has an endless turn stopped only by the
//! 100 000-lap cap (docs/rules.md#d7-endless-turns), costing as much as a few hundred ordinary games, and a
//! batch replayed with the same seed every iteration would either never contain one or always contain one.
//! Decisions come from `legal_decisions` and are applied with `apply_unchecked` and [`NoEvents`], the fast
//! path a search uses. Throughput is in games.
//!
//! `cargo bench -p mancala-engine --bench playouts -- --warm-up-time 1 --measurement-time 5`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_engine::{NoEvents, Options, Position, Side, ToMove, Variant};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;

/// Games per iteration.
const GAMES: u64 = 100;

const SEED: u64 = 1;

/// Plays one random game from `start`; returns the final turn, or `None` if a side that must decide has
/// no legal decision (a variant still being written), so the bench can skip it instead of looping.
fn playout(start: &Position, rng: &mut ChaCha8Rng) -> Option<u32> {
    let mut pos = start.clone();
    loop {
        let sides = match pos.to_move() {
            ToMove::Nobody(_) => return Some(pos.turn()),
            ToMove::Side(side) => [Some(side), None],
            // Ikibuguzo's secret choice: every waiting side decides.
            ToMove::Both { waiting } => Side::BOTH.map(|s| waiting[s].then_some(s)),
        };
        for side in sides.into_iter().flatten() {
            let legal = pos.legal_decisions(side);
            if legal.is_empty() {
                return None;
            }
            let decision = legal[rng.random_range(0..legal.len())];
            pos.apply_unchecked(side, decision, &mut NoEvents);
        }
    }
}

fn batch(start: &Position, rng: &mut ChaCha8Rng) -> Option<u64> {
    let mut turns = 0;
    for _ in 0..GAMES {
        turns += playout(start, rng)? as u64;
    }
    Some(turns)
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.throughput(Throughput::Elements(GAMES));
    for variant in [
        Variant::IkibuguzoOpening1,
        Variant::IkibuguzoOpening2,
        Variant::Ikibuguzo,
        Variant::Kubuguza,
        Variant::Njombwa,
        Variant::Azigo,
    ] {
        let start = Position::start(variant, Options::defaults(variant)).expect("default options are valid");
        // One untimed batch first: it proves the variant plays to the end (and shows the mean length).
        let mut rng = ChaCha8Rng::seed_from_u64(SEED);
        let Some(turns) = batch(&start, &mut rng) else {
            eprintln!("playouts/{variant}: skipped, a side to move has no legal decision (variant unfinished?)");
            continue;
        };
        eprintln!("playouts/{variant}: {:.1} turns per game", turns as f64 / GAMES as f64);
        group.bench_function(variant.id(), |b| b.iter(|| batch(black_box(&start), &mut rng)));
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
