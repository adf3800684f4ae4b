//! The NDJSON streams: a player's games, and a live game followed to its end (with keep-alive lines, and
//! without holding up the server's shutdown).

use super::common::TestServer;
use super::common::driver::Table;
use super::{Lines, list_ids, populate};
use mancala_protocol::{BoardView, ClientMsg};
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test]
async fn a_players_games_stream_as_ndjson() {
    let server = TestServer::start().await;
    let made = populate(&server).await;
    let (status, ctype, mut lines) = Lines::open(&server, "/api/players/amina/games").await;
    assert_eq!(status, 200);
    assert_eq!(ctype, "application/x-ndjson");
    let games: Vec<Value> =
        lines.all().await.iter().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    assert_eq!(
        games.iter().map(|g| g["id"].as_str().unwrap().to_string()).collect::<Vec<_>>(),
        list_ids(&server, "player=amina").await
    );
    assert_eq!(games.len(), 3);
    for g in &games {
        assert!(g["players"]["south"]["name"] == "amina" || g["players"]["north"]["name"] == "amina", "{g}");
    }
    let (_, _, mut lines) = Lines::open(&server, "/api/players/baraka/games?status=finished&max=2").await;
    let got: Vec<Value> = lines.all().await.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(got.len(), 2);
    assert!(got.iter().all(|g| g["status"] == "finished"));
    let (_, _, mut lines) = Lines::open(&server, "/api/players/carol/games?result=draw").await;
    let got: Vec<Value> = lines.all().await.iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(got.iter().map(|g| g["id"].as_str().unwrap()).collect::<Vec<_>>(), vec![made[2].as_str()]);
    let (status, _, mut lines) = Lines::open(&server, "/api/players/nobody/games").await;
    assert_eq!(status, 200);
    assert!(lines.all().await.is_empty());
}

#[tokio::test]
async fn the_live_stream_follows_a_game_to_its_end() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let (status, ctype, mut lines) = Lines::open(&server, &format!("/api/stream/game/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(ctype, "application/x-ndjson");
    let first: Value = serde_json::from_str(&lines.next(Duration::from_secs(10)).await.unwrap()).unwrap();
    assert_eq!(first["type"], "snapshot", "{first}");
    assert!(first["seat"].is_null(), "a spectator's snapshot");
    let mut v = first["v"].as_u64().unwrap();
    // Each decision reaches the stream as it happens, as the spectator's WebSocket gets it.
    for _ in 0..4 {
        t.play_random(&mut 3, 1).await;
        while v < t.versions.spectator {
            let line = lines.next(Duration::from_secs(10)).await.expect("the stream goes on");
            let m: Value = serde_json::from_str(&line).unwrap();
            if m["type"] != "event" {
                continue;
            }
            assert_eq!(m["v"], v + 1, "{m}");
            v += 1;
            assert_eq!(m["event"]["kind"], "move");
            if v == t.versions.spectator {
                let view: BoardView = serde_json::from_value(m["view"].clone()).expect("a board");
                assert_eq!(view, t.views.spectator, "the same board as the spectator's WebSocket");
            }
        }
    }
    // The game ends: the stream delivers the end and closes.
    t.north.say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    let mut last = Value::Null;
    while let Some(line) = lines.next(Duration::from_secs(10)).await {
        if !line.is_empty() {
            last = serde_json::from_str(&line).unwrap();
        }
    }
    assert_eq!(last["type"], "event", "{last}");
    assert_eq!(last["event"]["outcome"], json!({ "winner": "south", "reason": "resignation" }));

    // A finished game: the snapshot, then the end of the stream.
    let (_, _, mut lines) = Lines::open(&server, &format!("/api/stream/game/{id}")).await;
    let all = lines.all().await;
    assert_eq!(all.len(), 1, "{all:?}");
    let snap: Value = serde_json::from_str(&all[0]).unwrap();
    assert_eq!(snap["type"], "snapshot");
    assert_eq!(snap["view"]["outcome"]["winner"], "south");
}

#[tokio::test]
async fn a_quiet_live_stream_sends_keep_alive_lines() {
    let server = TestServer::start().await;
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "name": "amina" })).await;
    let (_, _, mut lines) = Lines::open(&server, &format!("/api/stream/game/{id}")).await;
    let first = lines.next(Duration::from_secs(5)).await.unwrap();
    assert!(first.starts_with("{\"type\":\"snapshot\""), "{first}");
    // Other frames (presence) may come first; the empty line follows 7 s after the last of them.
    let mut last = std::time::Instant::now();
    loop {
        let line = lines.next(Duration::from_secs(10)).await.unwrap();
        if line.is_empty() {
            break;
        }
        last = std::time::Instant::now();
    }
    assert!(last.elapsed() >= Duration::from_secs(6), "keep-alive after {:?}", last.elapsed());
}

#[tokio::test]
async fn an_open_live_stream_does_not_hold_up_shutdown() {
    let server = TestServer::start().await;
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "name": "amina" })).await;
    let (_, _, mut lines) = Lines::open(&server, &format!("/api/stream/game/{id}")).await;
    lines.next(Duration::from_secs(5)).await.unwrap();
    tokio::time::timeout(Duration::from_secs(10), server.stop()).await.expect("the server stops with a stream open");
    // The stream was ended cleanly, not left hanging.
    while let Some(line) = lines.next(Duration::from_secs(5)).await {
        assert!(!line.contains("\"outcome\":{"), "{line}");
    }
}
