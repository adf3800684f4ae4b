//! Whole games over WebSockets for every variant while a spectator follows, the simultaneous secret
//! choice, forced decisions played by the server, and the rulings around play (resign, abort, claim,
//! time out).

mod common;

use common::TestServer;
use common::driver::Table;
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn every_variant_plays_to_the_end_while_a_spectator_follows() {
    let server = TestServer::start().await;
    let games = [
        json!({ "variant": "kubuguza", "seat": "south" }),
        json!({ "variant": "ikibuguzo", "seat": "north" }),
        json!({ "variant": "ikibuguzo-opening-1" }),
        json!({ "variant": "ikibuguzo-opening-2" }),
        json!({ "variant": "njombwa", "options": { "width": 9, "turn_limit": 40 } }),
        json!({ "variant": "azigo", "options": { "turn_limit": 30 } }),
    ];
    for (k, body) in games.into_iter().enumerate() {
        let variant = body["variant"].as_str().unwrap().to_string();
        let (id, south, north) = server.new_game(body).await;
        let mut table = Table::open(&server, &id, &south, &north, &variant).await;
        let mut seed = 0x9E37_79B9 + k as u64;
        let played = table.play_random(&mut seed, 5000).await;
        assert!(table.over(), "{variant}: not over after {played} decisions");
        // Everyone ends on the same board and result; at the end nothing is hidden any more.
        let (s, n, w) = (&table.views[0], &table.views[1], &table.views[2]);
        assert_eq!(s["holes"], w["holes"], "{variant}");
        assert_eq!(n["holes"], w["holes"], "{variant}");
        assert_eq!(s["outcome"], w["outcome"], "{variant}");
        if variant == "azigo" {
            assert!(w["stores"]["south"].is_u64() && w["stores"]["north"].is_u64(), "{w}");
        }
        assert_eq!(table.versions[0], table.versions[2]);
    }
    // The operator's view of it: decisions timed in buckets (the recorder is shared by every server of
    // this test process, so only the presence of observations is checked).
    let (status, metrics) = server.get_text("/metrics").await;
    assert_eq!(status, 200);
    for line in ["mancala_decision_seconds_bucket{le=\"+Inf\"}", "mancala_store_commit_seconds_count"] {
        let count = metrics.lines().find_map(|l| l.strip_prefix(line)).map(|n| n.trim().parse::<f64>().unwrap());
        assert!(count.is_some_and(|n| n > 0.0), "{line} in {metrics}");
    }
}

#[tokio::test]
async fn the_array_choice_is_secret_until_both_are_in() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "ikibuguzo", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "ikibuguzo").await;
    assert_eq!(t.views[0]["to_move"], "both");
    let a = t.decide(0, "opening:2").await;
    assert_eq!(a["type"], "accepted", "{a}");
    // South sees its own choice; North and the spectator only that a choice was made.
    assert_eq!(t.views[0]["choices"]["south"], "opening:2");
    assert_eq!(t.views[1]["choices"]["south"], "hidden");
    assert_eq!(t.views[2]["choices"]["south"], "hidden");
    // A second choice by South is refused: it already chose.
    let again = t.decide(0, "opening:1").await;
    assert_eq!(again["type"], "rejected");
    assert_eq!(again["code"], "wrong_phase", "{again}");
    let b = t.decide(1, "opening:1").await;
    assert_eq!(b["type"], "accepted", "{b}");
    for i in 0..3 {
        assert_eq!(t.views[i]["choices"]["south"], "opening:2", "viewer {i}");
        assert_eq!(t.views[i]["choices"]["north"], "opening:1", "viewer {i}");
    }
}

#[tokio::test]
async fn forced_decisions_are_played_by_the_server_unless_turned_off() {
    let server = TestServer::start().await;
    // Ikibuguzo opening 1: each side's first three turns are forced.
    let (id, south, north) = server.new_game(json!({ "variant": "ikibuguzo-opening-1", "seat": "south" })).await;
    let t = Table::open(&server, &id, &south, &north, "ikibuguzo-opening-1").await;
    // Version 1 is the game's start, then the six forced opening turns the server played at once.
    assert_eq!(t.versions[0], 7, "the six forced opening turns were played at the start");
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    let record = detail["record"].as_array().expect("a record");
    assert_eq!(record.len(), 6, "{detail}");
    assert!(record.iter().all(|e| e["auto"] == true), "{detail}");
    let (id, south, north) =
        server.new_game(json!({ "variant": "ikibuguzo-opening-1", "seat": "south", "auto_forced": false })).await;
    let mut t = Table::open(&server, &id, &south, &north, "ikibuguzo-opening-1").await;
    assert_eq!(t.versions[0], 1, "only the start");
    let legal = t.views[0]["legal"].as_array().unwrap().clone();
    assert_eq!(legal.len(), 1, "{legal:?}");
    let a = t.decide(0, legal[0].as_str().unwrap()).await;
    assert_eq!(a["type"], "accepted");
}

#[tokio::test]
async fn resign_abort_and_claims_follow_the_rules() {
    let mut config = mancala_server::config::Config::with_database("sqlite::memory:");
    let dir = tempfile::tempdir().unwrap();
    config.database_url = format!("sqlite://{}", dir.path().join("r.db").display());
    config.claim_grace_secs = 1;
    let server = TestServer::start_with(config).await;

    // Abort is allowed before both have moved, not after.
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    t.south.send(json!({ "type": "abort", "id": "a" })).await;
    let ans = t.south.next_of("accepted").await;
    assert_eq!(ans["v"], 2, "the `end` event after the `start`");
    let ev = t.spectator.next_of("event").await;
    assert_eq!(ev["event"]["kind"], "end");
    assert_eq!(ev["event"]["outcome"]["reason"], "aborted");

    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    let mut seed = 7;
    t.play_random(&mut seed, 2).await;
    t.north.send(json!({ "type": "abort", "id": "late" })).await;
    let r = t.north.next_of("rejected").await;
    assert_eq!(r["code"], "wrong_phase", "{r}");
    // A spectator cannot resign.
    t.spectator.send(json!({ "type": "resign", "id": "x" })).await;
    assert_eq!(t.spectator.next_of("rejected").await["code"], "not_seated");
    t.north.send(json!({ "type": "resign", "id": "r" })).await;
    t.north.next_of("accepted").await;
    let ev = t.south.next_of("event").await;
    assert_eq!(ev["event"]["outcome"], json!({ "winner": "south", "reason": "resignation" }));

    // Claiming the win: refused while the opponent is here or just left, accepted after the grace.
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    t.south.send(json!({ "type": "claim_win", "id": "c1" })).await;
    assert_eq!(t.south.next_of("rejected").await["code"], "wrong_phase");
    drop(t.north);
    let presence = loop {
        let m = t.south.next_of("presence").await;
        if m["presence"]["north"] == false {
            break m;
        }
    };
    assert!(presence["presence"]["claim_win_at"].is_u64(), "{presence}");
    t.south.send(json!({ "type": "claim_win", "id": "c2" })).await;
    assert_eq!(t.south.next_of("rejected").await["code"], "wrong_phase");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    t.south.send(json!({ "type": "claim_win", "id": "c3" })).await;
    t.south.next_of("accepted").await;
    let ev = t.spectator.next_of("event").await;
    assert_eq!(ev["event"]["outcome"], json!({ "winner": "south", "reason": "abandonment" }));
}

#[tokio::test]
async fn a_player_out_of_time_loses() {
    let server = TestServer::start().await;
    let (id, south, north) = server
        .new_game(json!({ "variant": "kubuguza", "seat": "south", "clock": { "base_secs": 1, "increment_secs": 0 } }))
        .await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    let mut seed = 3;
    // The first decision of each side is free; then South's clock runs.
    t.play_random(&mut seed, 2).await;
    assert_eq!(t.views[0]["to_move"], "south");
    let ev = t.spectator.next_of("event").await;
    assert_eq!(ev["event"]["outcome"], json!({ "winner": "north", "reason": "timeout" }), "{ev}");
    assert_eq!(ev["clock"]["south_ms"], 0);
}
