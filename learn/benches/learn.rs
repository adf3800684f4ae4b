//! What the lesson calls the server makes cost: loading the library (once, at start), checking a
//! learner's attempt, and building a lesson and a rules page in a language (both cacheable per language).
//!
//! `cargo bench -p mancala-learn --bench learn -- --warm-up-time 1 --measurement-time 5`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_engine::Variant;
use mancala_learn::Library;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    c.bench_function("load", |b| b.iter(|| black_box(Library::load().unwrap())));

    let library = Library::load().unwrap();
    // Every step's solution: every goal kind, the `safe` steps' look at every reply included.
    let solutions: Vec<(String, Vec<String>)> = library
        .step_ids()
        .into_iter()
        .filter_map(|id| {
            let solution = library.step_data(&id)?.solution.clone()?;
            Some((id, solution.split(' ').map(str::to_string).collect()))
        })
        .collect();
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Elements(solutions.len() as u64));
    group.bench_function("every solution", |b| {
        b.iter(|| {
            for (id, decisions) in &solutions {
                let refs: Vec<&str> = decisions.iter().map(String::as_str).collect();
                black_box(library.check(id, &refs, "fr").unwrap());
            }
        })
    });
    group.finish();

    c.bench_function("lesson kubuguza/capture (fr)", |b| {
        b.iter(|| black_box(library.lesson("kubuguza/capture", "fr").unwrap()))
    });
    c.bench_function("rules ikibuguzo (fr)", |b| {
        b.iter(|| black_box(library.rules(Variant::Ikibuguzo, "fr").unwrap()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
