//! A real crash: `mancala-server` runs as a child process while several clients play several games at
//! once, and is SIGKILLed in the middle of it (nothing flushed, nobody told). Restarted on the same
//! database, every decision a client saw acknowledged is there, at its ply, and play goes on to the end.
//! SQLite always; PostgreSQL too when `TEST_DATABASE_URL` is set. (The longer run of the same, with
//! hundreds of kills, is the `mancala-chaos` command: RELIABILITY.md.)

use crate::common;

use common::driver::Table;
use common::process::Process;
use common::{TestServer, drop_db, fresh_db, pick};
use mancala_protocol::ServerMsg;
use serde_json::json;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const VARIANTS: [&str; 4] = ["kubuguza", "njombwa", "ikibuguzo", "azigo"];

/// The decisions a game's clients saw accepted: (ply, notation).
type Acknowledged = Arc<Mutex<Vec<(u64, String)>>>;

/// Plays random decisions until the game ends or a connection breaks (then `true`); records every
/// accepted one.
async fn play_until_cut(mut t: Table, mut seed: u64, acknowledged: Acknowledged) -> bool {
    while !t.over() {
        let Some(seat) = t.mover() else {
            return false;
        };
        let legal = &t.views[seat].legal;
        let decision = legal[pick(&mut seed, legal.len())].clone();
        match t.try_decide(seat, &decision).await {
            Some(ServerMsg::Accepted { v, .. }) => {
                // `accepted.v` is the version of the decision's own event; version 1 is the start.
                acknowledged.lock().unwrap().push((v - 1, decision));
            }
            Some(answer) => panic!("refused while the server was up: {answer:?}"),
            None => return true,
        }
    }
    false
}

async fn a_killed_server_loses_no_acknowledged_decision(url: &str) {
    let server = Process::start(url, &[]).await;
    let client = Arc::new(TestServer::attach(server.addr, url));
    let mut games = Vec::new();
    for (k, variant) in VARIANTS.into_iter().enumerate() {
        // A turn limit keeps the games short enough to be played to the end after the restart.
        let body = json!({ "variant": variant, "seat": "south", "options": { "turn_limit": 60 } });
        let (id, south, north) = client.new_game(body).await;
        let acknowledged = Acknowledged::default();
        let t = Table::open(&client, &id, &south, &north).await;
        let task = tokio::spawn(play_until_cut(t, 7 + k as u64, acknowledged.clone()));
        games.push((id, south, north, variant, acknowledged, task));
    }
    // Everyone is playing (each game has decisions acknowledged): kill it.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while games.iter().any(|g| g.4.lock().unwrap().len() < 3) {
        assert!(tokio::time::Instant::now() < deadline, "every game gets under way");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    server.kill().await;
    let mut cut = 0;
    for game in &mut games {
        cut += (&mut game.5).await.expect("a client ends when its connection breaks") as usize;
    }
    assert!(cut >= 2, "games were being played when the server died ({cut} cut)");
    let total: usize = games.iter().map(|g| g.4.lock().unwrap().len()).sum();
    assert!(total >= 20, "the games were under way when the server died ({total} decisions acknowledged)");

    let server = Process::start(url, &[]).await;
    let client = TestServer::attach(server.addr, url);
    for (k, (id, south, north, variant, acknowledged, _)) in games.into_iter().enumerate() {
        let acknowledged = acknowledged.lock().unwrap().clone();
        let (status, game) = client.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{game}");
        let record = game["record"].as_array().unwrap();
        for (ply, decision) in &acknowledged {
            let stored = record.get(*ply as usize - 1).unwrap_or_else(|| panic!("{variant}: ply {ply} is missing"));
            assert_eq!(stored["ply"], *ply, "{variant}");
            // An Ikibuguzo choice may still be secret in the public record (the other has not chosen).
            if !stored["decision"].is_null() {
                assert_eq!(stored["decision"], decision.as_str(), "{variant}: ply {ply}");
            }
        }
        let mut t = Table::open(&client, &id, &south, &north).await;
        let last = acknowledged.last().map_or(0, |(ply, _)| ply + 1);
        assert!(t.versions.south >= last, "{variant}: at version {} after acknowledging {last}", t.versions.south);
        let mut seed = 100 + k as u64;
        t.play_random(&mut seed, 10_000).await;
        assert!(t.over(), "{variant}: play goes on to the end");
    }
    drop(server);
}

#[tokio::test]
async fn a_killed_server_loses_no_acknowledged_decision_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    a_killed_server_loses_no_acknowledged_decision(&url).await;
}

#[tokio::test]
async fn a_killed_server_loses_no_acknowledged_decision_postgres() {
    let Some((base, url)) = fresh_db("crash").await else { return };
    a_killed_server_loses_no_acknowledged_decision(&url).await;
    drop_db(&base, &url).await;
}
