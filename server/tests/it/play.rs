//! Whole games over WebSockets for every variant while a spectator follows, the simultaneous secret
//! choice, forced decisions played by the server, and the rulings around play (resign, abort, claim,
//! time out).

use crate::common;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, Ws};
use mancala_engine::Side;
use mancala_protocol::{ChoiceState, ClientMsg, ClockState, ErrorCode, GameEvent, OutcomeInfo, ServerMsg};
use serde_json::json;
use std::time::Duration;

/// The next answer (`accepted` or `rejected`) on `ws`.
async fn answer(ws: &mut Ws) -> ServerMsg {
    ws.recv_until(|m| matches!(m, ServerMsg::Accepted { .. } | ServerMsg::Rejected { .. }).then_some(m)).await
}

/// The next event on `ws`, which must be the `end`: the outcome and the clocks.
async fn end(ws: &mut Ws) -> (OutcomeInfo, Option<ClockState>) {
    let event = ws.recv_until(|m| matches!(m, ServerMsg::Event { .. }).then_some(m)).await;
    match event {
        ServerMsg::Event { event: GameEvent::End { outcome }, clock, .. } => (outcome, clock),
        other => panic!("not the end: {other:?}"),
    }
}

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
        let mut table = Table::open(&server, &id, &south, &north).await;
        let mut seed = 0x9E37_79B9 + k as u64;
        let played = table.play_random(&mut seed, 5000).await;
        assert!(table.over(), "{variant}: not over after {played} decisions");
        // Everyone ends on the same board and result; at the end nothing is hidden any more.
        let (s, n, w) = (&table.views.south, &table.views.north, &table.views.spectator);
        assert_eq!(s.holes, w.holes, "{variant}");
        assert_eq!(n.holes, w.holes, "{variant}");
        assert_eq!(s.outcome, w.outcome, "{variant}");
        if variant == "azigo" {
            assert!(w.stores.south.is_some() && w.stores.north.is_some(), "{w:?}");
        }
        assert_eq!(table.versions.south, table.versions.spectator);
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
    let mut t = Table::open(&server, &id, &south, &north).await;
    assert_eq!(t.views.south.to_move.as_deref(), Some("both"));
    let a = t.decide(Seat::South, "opening:2").await;
    assert!(accepted(&a), "{a:?}");
    // South sees its own choice; North and the spectator only that a choice was made.
    assert_eq!(t.views.south.choices.south, ChoiceState::Two);
    assert_eq!(t.views.north.choices.south, ChoiceState::Hidden);
    assert_eq!(t.views.spectator.choices.south, ChoiceState::Hidden);
    // A second choice by South is refused: it already chose.
    let again = t.decide(Seat::South, "opening:1").await;
    assert!(matches!(again, ServerMsg::Rejected { code: ErrorCode::WrongPhase, .. }), "{again:?}");
    let b = t.decide(Seat::North, "opening:1").await;
    assert!(accepted(&b), "{b:?}");
    for seat in Seat::ALL {
        assert_eq!(t.views[seat].choices.south, ChoiceState::Two, "{seat:?}");
        assert_eq!(t.views[seat].choices.north, ChoiceState::One, "{seat:?}");
    }
}

#[tokio::test]
async fn forced_decisions_are_played_by_the_server_unless_turned_off() {
    let server = TestServer::start().await;
    // Ikibuguzo opening 1: each side's first three turns are forced.
    let (id, south, north) = server.new_game(json!({ "variant": "ikibuguzo-opening-1", "seat": "south" })).await;
    let t = Table::open(&server, &id, &south, &north).await;
    // Version 1 is the game's start, then the six forced opening turns the server played at once.
    assert_eq!(t.versions.south, 7, "the six forced opening turns were played at the start");
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    let record = detail["record"].as_array().expect("a record");
    assert_eq!(record.len(), 6, "{detail}");
    assert!(record.iter().all(|e| e["auto"] == true), "{detail}");
    let (id, south, north) =
        server.new_game(json!({ "variant": "ikibuguzo-opening-1", "seat": "south", "auto_forced": false })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    assert_eq!(t.versions.south, 1, "only the start");
    let legal = t.views.south.legal.clone();
    assert_eq!(legal.len(), 1, "{legal:?}");
    let a = t.decide(Seat::South, &legal[0]).await;
    assert!(accepted(&a), "{a:?}");
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
    let mut t = Table::open(&server, &id, &south, &north).await;
    t.south.say(&ClientMsg::Abort { id: Some("a".into()) }).await;
    let ans = answer(&mut t.south).await;
    assert!(matches!(ans, ServerMsg::Accepted { v: 2, .. }), "the `end` event after the `start`: {ans:?}");
    let (outcome, _) = end(&mut t.spectator).await;
    assert_eq!(outcome.reason, "aborted");

    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut seed = 7;
    t.play_random(&mut seed, 2).await;
    t.north.say(&ClientMsg::Abort { id: Some("late".into()) }).await;
    let r = answer(&mut t.north).await;
    assert!(matches!(r, ServerMsg::Rejected { code: ErrorCode::WrongPhase, .. }), "{r:?}");
    // A spectator cannot resign.
    t.spectator.say(&ClientMsg::Resign { id: Some("x".into()) }).await;
    let r = answer(&mut t.spectator).await;
    assert!(matches!(r, ServerMsg::Rejected { code: ErrorCode::NotSeated, .. }), "{r:?}");
    t.north.say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    assert!(accepted(&answer(&mut t.north).await));
    let (outcome, _) = end(&mut t.south).await;
    assert_eq!((outcome.winner, outcome.reason.as_str()), (Some(Side::South), "resignation"));

    // Claiming the win: refused while the opponent is here or just left, accepted after the grace.
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let claim = |id: &str| ClientMsg::ClaimWin { id: Some(id.into()) };
    t.south.say(&claim("c1")).await;
    let r = answer(&mut t.south).await;
    assert!(matches!(r, ServerMsg::Rejected { code: ErrorCode::WrongPhase, .. }), "{r:?}");
    drop(t.north);
    let claim_win_at = t
        .south
        .recv_until(|m| match m {
            ServerMsg::Presence { presence } if !presence.north => Some(presence.claim_win_at),
            _ => None,
        })
        .await
        .expect("South is told from when it may claim");
    t.south.say(&claim("c2")).await;
    let r = answer(&mut t.south).await;
    assert!(matches!(r, ServerMsg::Rejected { code: ErrorCode::WrongPhase, .. }), "{r:?}");
    // The grace period is what is tested: claims are refused until the moment the server named, and the
    // first one after it is accepted.
    let now_ms = || std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64;
    for n in 3.. {
        let asked_at = now_ms();
        t.south.say(&claim(&format!("c{n}"))).await;
        let r = answer(&mut t.south).await;
        if accepted(&r) {
            assert!(now_ms() >= claim_win_at, "a claim accepted before the moment the server named");
            break;
        }
        assert!(matches!(r, ServerMsg::Rejected { code: ErrorCode::WrongPhase, .. }), "{r:?}");
        assert!(asked_at < claim_win_at + 2_000, "a claim still refused 2 s after its moment: {r:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (outcome, _) = end(&mut t.spectator).await;
    assert_eq!((outcome.winner, outcome.reason.as_str()), (Some(Side::South), "abandonment"));
}

#[tokio::test]
async fn a_player_out_of_time_loses() {
    let server = TestServer::start().await;
    let (id, south, north) = server
        .new_game(json!({ "variant": "kubuguza", "seat": "south", "clock": { "base_secs": 1, "increment_secs": 0 } }))
        .await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut seed = 3;
    // The first decision of each side is free; then South's clock runs.
    t.play_random(&mut seed, 2).await;
    assert_eq!(t.views.south.to_move.as_deref(), Some("south"));
    let (outcome, clock) = end(&mut t.spectator).await;
    assert_eq!((outcome.winner, outcome.reason.as_str()), (Some(Side::North), "timeout"));
    assert_eq!(clock.expect("the clocks").south_ms, 0);
}
