//! A measurement, not a test (ignored; BENCHMARKS.md, "Several nodes"): how long after its owner is
//! SIGKILLed a game's next decision is accepted, 20 times. Two nodes on one PostgreSQL and NATS with the
//! default lease (5 s) unless `TAKEOVER_LEASE_SECS` says otherwise; the game is owned by a, both players sit on
//! b (relayed), and a decision is sent the moment a is killed, then resent on every reconnection.
//!   TEST_DATABASE_URL=… TEST_BROKER_URL=… cargo test -p mancala-server --test takeover_time -- --ignored --nocapture

use crate::common;

use common::cluster::{Match, Nodes, broker_url, new_game, start_node};
use common::{drop_db, fresh_db};
use serde_json::json;
use std::time::Instant;

#[tokio::test]
#[ignore = "a measurement: run by hand (BENCHMARKS.md)"]
async fn measure_takeover_after_sigkill() {
    let Some(broker) = broker_url("takeover_time") else { return };
    let Some((base, url)) = fresh_db("takeover_time").await else { return };
    let lease: u64 = std::env::var("TAKEOVER_LEASE_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
    let trials: usize = std::env::var("TAKEOVER_TRIALS").ok().and_then(|s| s.parse().ok()).unwrap_or(20);
    let b = start_node(&url, &broker, "b", lease).await;
    let mut times = Vec::new();
    for trial in 0..trials {
        let a = start_node(&url, &broker, &format!("a{trial}"), lease).await;
        let nodes = Nodes::new(&[b.addr, a.addr]);
        let body = json!({ "variant": "njombwa", "seat": "south", "options": { "turn_limit": 60 } });
        let (id, south, north) = new_game(a.addr, body).await;
        let mut m = Match::open(&nodes, &id, &south, &north, "njombwa", [0, 0, 0]).await;
        m.step().await;
        nodes.set(1, None);
        let killed = Instant::now();
        a.kill().await;
        assert!(m.step().await);
        let took = killed.elapsed();
        eprintln!("trial {trial}: the next decision was accepted {took:?} after the kill");
        times.push(took);
    }
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1];
    eprintln!(
        "takeover after SIGKILL, lease {lease} s, {} trials: p50 {:?}, p99 {:?}, min {:?}, max {:?}",
        times.len(),
        at(0.5),
        at(0.99),
        times[0],
        times[times.len() - 1]
    );
    drop(b);
    drop_db(&base, &url).await;
}
