//! What writing a decision's event costs: serde_json against the protocol's own writer
//! (`ServerMsg::write_json`, `src/json.rs`), on the same messages, in one run. The messages are the events
//! of random Kubuguza games as the mover's opponent receives them (the move with its steps, the board with
//! the decisions it may send, the clocks): about 700 bytes each. Throughput is in messages.
//!
//! And what reading a `decide` message costs: serde alone, the check for repeated keys alone
//! (`src/strict.rs`), `ClientMsg::from_text` on the plain message (read by hand, `src/quick.rs`) and on the
//! same message with an escape (the general path: the check, then serde).
//!
//! `cargo bench -p mancala-protocol --bench frames -- --warm-up-time 1 --measurement-time 5`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mancala_engine::{Options, Position, Side, ToMove, Variant, Viewer};
use mancala_protocol::{BoardView, ClientMsg, ClockState, GameEvent, MoveEvent, ServerMsg, StepEvent};
use std::hint::black_box;

/// The events of `games` random games (a fixed linear congruential stream, so every run writes the same).
fn events(games: usize) -> Vec<ServerMsg> {
    let mut seed: u64 = 7;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(Variant::Kubuguza, Options::default()).unwrap();
        let mut ply = 0;
        while let ToMove::Side(side) = pos.to_move() {
            let legal = pos.legal_decisions(side);
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let decision = legal[(seed >> 33) as usize % legal.len()];
            let geo = pos.geometry();
            let mut steps = Vec::new();
            pos.apply(side, decision, &mut steps).unwrap();
            ply += 1;
            let viewer = Viewer::Player(side.other());
            let over = pos.is_over();
            let steps = steps.iter().map(|e| StepEvent::from_event(e.project(viewer, over), geo)).collect();
            let mv = MoveEvent { ply, side, decision: Some(decision.notation(geo)), auto: false, steps };
            let clock = ClockState {
                base_secs: 300,
                increment_secs: 5,
                days: None,
                south_ms: 287_345,
                north_ms: 291_020,
                running: vec![],
                held_ms: 0,
            };
            out.push(ServerMsg::Event {
                v: u64::from(ply) + 1,
                event: GameEvent::Move { mv },
                view: Some(BoardView::from_view(&pos.view(viewer), !over)),
                clock: Some(ClockState { running: vec![Side::South], ..clock }),
            });
        }
    }
    out
}

fn frames(c: &mut Criterion) {
    let msgs = events(20);
    let mut group = c.benchmark_group("event_frame");
    group.throughput(Throughput::Elements(msgs.len() as u64));
    group.bench_function("serde_json", |b| {
        let mut out = Vec::with_capacity(4096);
        b.iter(|| {
            for m in &msgs {
                out.clear();
                serde_json::to_writer(&mut out, black_box(m)).unwrap();
            }
            black_box(out.len())
        })
    });
    group.bench_function("write_json", |b| {
        let mut out = Vec::with_capacity(4096);
        b.iter(|| {
            for m in &msgs {
                out.clear();
                black_box(m).write_json(&mut out);
            }
            black_box(out.len())
        })
    });
    group.finish();
}

/// A decision as a client sends it (the web client's shape: an id, the decision, the game and seat checks).
const DECIDE: &str = r#"{"type":"decide","id":"d17","decision":"c2","game":"jg0fTdKfaa","seat":"south"}"#;

fn decide(c: &mut Criterion) {
    let mut group = c.benchmark_group("decide_parse");
    group.throughput(Throughput::Elements(1));
    group.bench_function("serde_only", |b| b.iter(|| serde_json::from_str::<ClientMsg>(black_box(DECIDE)).unwrap()));
    group.bench_function("duplicate_check", |b| {
        b.iter(|| mancala_protocol::strict::first_duplicate(black_box(DECIDE.as_bytes())))
    });
    group.bench_function("from_text", |b| b.iter(|| ClientMsg::from_text(black_box(DECIDE), 4096).unwrap()));
    // The same message with one escape (`\u0032` is `2`), which the hand-read form leaves to the general
    // path: the strict check, then serde.
    let escaped = DECIDE.replace("c2", "c\\u0032");
    group.bench_function("from_text_general", |b| b.iter(|| ClientMsg::from_text(black_box(&escaped), 4096).unwrap()));
    group.finish();
}

criterion_group!(benches, frames, decide);
criterion_main!(benches);
