//! What an event frame costs on the wire, and what leaner encodings would save (the target:
//! event frames no larger than they need to be). Plays random games of a variant with the server's own projection code and
//! prints the mean bytes per decision event as a player and a spectator receive it, for:
//!
//! - `p3`: protocol 3 as sent today (the move event, the board after it, the clocks);
//! - `no-holes`: the same without the board's `holes`, which a client in step can derive from the steps
//!   (every lift, drop and capture is a step);
//! - `delta`: the board's `holes` replaced by the holes that changed, as `[index, count]` pairs;
//! - `lean`: the move event, and of the board only what steps cannot tell (`to_move`, `turn`, `legal`,
//!   and `outcome`, `choices`, `stores` where they say something), the clocks without their constant
//!   settings;
//! - `steps-only`: the move event alone (no board, no clocks): the floor of any encoding that keeps the
//!   steps for the sowing animation.
//!
//! `cargo run --release -p mancala-server --example frame_sizes -- [VARIANT] [GAMES] [SEED]`

use mancala_engine::{Options, Position, Side, Variant, Viewer};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{ClockState, GameEvent, ServerMsg};
use mancala_server::game::{GameResult, Ply, PlySteps};
use mancala_server::projection::{board, move_event};
use serde_json::Value;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant: Variant = args.next().as_deref().unwrap_or("kubuguza").parse().expect("a variant id");
    let games: u32 = args.next().map_or(200, |s| s.parse().expect("a number of games"));
    let mut seed: u64 = args.next().map_or(1, |s| s.parse().expect("a seed"));
    let clock = ClockState {
        base_secs: 300,
        increment_secs: 5,
        days: None,
        south_ms: 287_345,
        north_ms: 291_020,
        running: vec![],
        held_ms: 0,
    };
    // [p3, no-holes, delta, lean, steps-only] summed over events, for a player (the opponent of the mover) and a
    // spectator.
    let mut sums = [[0u64; 5]; 2];
    let mut events = 0u64;
    for _ in 0..games {
        let mut pos = Position::start(variant, Options::default()).expect("default options");
        let mut n = 0;
        while !pos.is_over() && n < 2_000 {
            let side = match pos.to_move() {
                mancala_engine::ToMove::Side(s) => s,
                mancala_engine::ToMove::Both { waiting } => {
                    if waiting[Side::South] {
                        Side::South
                    } else {
                        Side::North
                    }
                }
                mancala_engine::ToMove::Nobody(_) => break,
            };
            let legal = pos.legal_decisions(side);
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let decision = legal[(seed >> 33) as usize % legal.len()];
            let before = pos.counts().to_vec();
            let steps = PlySteps::play(&mut pos, side, decision).expect("a legal decision");
            n += 1;
            let (secret, over) = Ply::facts(decision, &pos);
            let ply = Ply {
                n,
                side,
                decision,
                client_id: None,
                auto: false,
                at_ms: mancala_server::game::UnixMs::from_millis(0),
                clock_ms: None,
                steps,
                secret,
                over,
            };
            let status = if pos.is_over() { GameStatus::Finished } else { GameStatus::Ongoing };
            let result = pos.outcome().map(GameResult::Rules);
            for (k, viewer) in [Viewer::Player(side.other()), Viewer::Spectator].into_iter().enumerate() {
                let mv = move_event(&ply, pos.geometry(), viewer);
                let view = board(&pos, viewer, status, result);
                let full = ServerMsg::Event {
                    v: u64::from(n) + 1,
                    event: GameEvent::Move { mv: mv.clone() },
                    view: Some(view.clone()),
                    clock: Some(clock.clone()),
                };
                let p3 = serde_json::to_value(&full).unwrap();
                let mut no_holes = p3.clone();
                no_holes["view"].as_object_mut().unwrap().remove("holes");
                let mut delta = p3.clone();
                let geo = pos.geometry();
                let changed: Vec<Value> = geo
                    .holes()
                    .enumerate()
                    .filter(|&(_, h)| before[h.index()] != pos.counts()[h.index()])
                    .map(|(i, h)| serde_json::json!([i, pos.counts()[h.index()]]))
                    .collect();
                delta["view"]["holes"] = Value::Array(changed);
                let mut lean = p3.clone();
                let v = lean["view"].as_object_mut().unwrap();
                for key in ["variant", "rows", "columns", "holes"] {
                    v.remove(key);
                }
                if v["outcome"].is_null() {
                    v.remove("outcome");
                }
                if v["stores"] == serde_json::json!({"south": null, "north": null}) {
                    v.remove("stores");
                }
                if v["choices"] == serde_json::json!({"south": "pending", "north": "pending"}) {
                    v.remove("choices");
                }
                let c = lean["clock"].as_object_mut().unwrap();
                c.remove("base_secs");
                c.remove("increment_secs");
                let steps_only =
                    ServerMsg::Event { v: u64::from(n) + 1, event: GameEvent::Move { mv }, view: None, clock: None };
                let sizes = [
                    full.to_json().len(),
                    no_holes.to_string().len(),
                    delta.to_string().len(),
                    lean.to_string().len(),
                    steps_only.to_json().len(),
                ];
                for (s, size) in sums[k].iter_mut().zip(sizes) {
                    *s += size as u64;
                }
            }
            events += 1;
        }
    }
    println!("{variant}: {games} random games, {events} decision events; mean bytes per event (JSON text)");
    println!("{:<10} {:>8} {:>9} {:>8} {:>8} {:>11}", "viewer", "p3", "no-holes", "delta", "lean", "steps-only");
    for (k, name) in ["player", "spectator"].iter().enumerate() {
        let m = |i: usize| sums[k][i] as f64 / events as f64;
        println!("{:<10} {:>8.0} {:>9.0} {:>8.0} {:>8.0} {:>11.0}", name, m(0), m(1), m(2), m(3), m(4));
    }
}
