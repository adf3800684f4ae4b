//! Berserk in an arena, over the real API and sockets, on SQLite and PostgreSQL: an arena that allows it
//! pairs two accounts; South berserks before its first decision and everyone (North, a spectator) gets one
//! `berserk` event with South's clock halved; refusals for a spectator, twice, and after one's first
//! decision; the game's summary says who berserked, also after a restart; South wins in more than 7 plies
//! and the standings count the extra point. A Swiss with berserk is refused, naming the field.

use crate::common;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, account, answer, drop_db, fresh_db, refused};
use mancala_engine::Side;
use mancala_protocol::{ClientMsg, ErrorCode, GameEvent, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::time::Duration;

fn berserk(id: &str) -> ClientMsg {
    ClientMsg::Berserk { id: Some(id.to_string()) }
}

async fn send_as(
    s: &TestServer,
    method: reqwest::Method,
    token: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = s.http.request(method, s.url(path)).bearer_auth(token);
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.expect("request");
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// The seat the director gave `token`'s account in tournament `id`: (game id, side, seat token).
async fn my_game(s: &TestServer, token: &str, id: &str) -> (String, String, String) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while tokio::time::Instant::now() < deadline {
        let (status, t) = send_as(s, reqwest::Method::GET, token, &format!("/api/tournaments/{id}"), None).await;
        assert_eq!(status, 200, "{t}");
        let game = &t["me"]["game"];
        if let Some(game_id) = game["game"]["id"].as_str() {
            let seat = game["seat"].as_str().unwrap().to_string();
            return (game_id.to_string(), seat, game["token"].as_str().unwrap().to_string());
        }
        crate::common::poll::tick().await;
    }
    panic!("no game for the player within 30 s");
}

/// Reads every viewer's messages up to the `berserk` event; (its version, the side, South's and North's
/// time as each viewer was told).
async fn berserk_seen(t: &mut Table) -> Vec<(u64, Side, u64, u64)> {
    let mut seen = Vec::new();
    for viewer in Seat::ALL {
        let before = t.versions[viewer];
        let msgs = t.catch_up(viewer, before + 1).await;
        let event = msgs.iter().find_map(|m| match m {
            ServerMsg::Event { v, event: GameEvent::Berserk { side }, clock: Some(c), view: Some(_) } => {
                Some((*v, *side, c.south_ms, c.north_ms))
            }
            _ => None,
        });
        seen.push(event.unwrap_or_else(|| panic!("{viewer:?}: no berserk event with the clocks in {msgs:?}")));
    }
    seen
}

async fn arena_with_berserk(server: TestServer, restart: impl AsyncFnOnce(TestServer) -> TestServer) {
    let host = account(&server, "host").await;
    // A Swiss has no berserk.
    let swiss = json!({ "name": "Swiss", "kind": "swiss", "variants": ["kubuguza"], "rounds": 3,
        "clock": { "base_secs": 120, "increment_secs": 2 }, "berserk": true });
    let (status, body) = send_as(&server, reqwest::Method::POST, &host, "/api/tournaments", Some(swiss)).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("berserk"), "the refusal names the field: {body}");

    let arena = json!({ "name": "Berserk arena", "kind": "arena", "variants": ["kubuguza"], "minutes": 30,
        "clock": { "base_secs": 120, "increment_secs": 2 }, "bots": true, "berserk": true });
    let (status, body) = send_as(&server, reqwest::Method::POST, &host, "/api/tournaments", Some(arena)).await;
    assert_eq!(status, 201, "{body}");
    let tid = body["id"].as_str().unwrap().to_string();
    let (_, view) = server.get(&format!("/api/tournaments/{tid}")).await;
    assert_eq!(view["berserk"], true, "{view}");
    let players = [account(&server, "amina").await, account(&server, "kwame").await];
    for token in &players {
        let (status, body) =
            send_as(&server, reqwest::Method::POST, token, &format!("/api/tournaments/{tid}/join"), None).await;
        assert_eq!(status, 200, "{body}");
    }
    let (a, b) = (my_game(&server, &players[0], &tid).await, my_game(&server, &players[1], &tid).await);
    assert_eq!(a.0, b.0, "the two are paired together");
    let (id, (south, south_name), north) =
        if a.1 == "south" { (a.0, (a.2, "amina"), b.2) } else { (a.0, (b.2, "kwame"), a.2) };
    let mut t = Table::open(&server, &id, &south, &north).await;
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(detail["game"]["berserk"], json!({ "south": false, "north": false }), "{detail}");

    // A spectator has no clock to give up; South berserks, and everyone sees South's time halved.
    let watcher = answer(&mut t.spectator, &berserk("w")).await;
    assert_eq!(refused(&watcher), Some(ErrorCode::NotSeated), "{watcher:?}");
    let before = t.versions.south;
    t.south.say(&berserk("b1")).await;
    let seen = berserk_seen(&mut t).await;
    assert!(seen.iter().all(|e| *e == (before + 1, Side::South, 60_000, 120_000)), "{seen:?}");
    let ok =
        t.south.recv_until(|m| matches!(m, ServerMsg::Accepted { .. } | ServerMsg::Rejected { .. }).then_some(m)).await;
    assert!(matches!(ok, ServerMsg::Accepted { v, .. } if v == before + 1), "{ok:?}");
    let twice = answer(&mut t.south, &berserk("b2")).await;
    assert_eq!(refused(&twice), Some(ErrorCode::WrongPhase), "{twice:?}");
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(detail["game"]["berserk"], json!({ "south": true, "north": false }), "{detail}");

    // South's first decision; North's first decision; then North may no longer berserk.
    for seat in [Seat::South, Seat::North] {
        let d = t.views[seat].legal[0].clone();
        assert!(accepted(&t.decide(seat, &d).await));
    }
    let late = answer(&mut t.north, &berserk("n1")).await;
    assert_eq!(refused(&late), Some(ErrorCode::WrongPhase), "{late:?}");

    // A client resuming from before the berserk is sent it in its place among the moves.
    let now = t.versions.spectator;
    let mut behind = server.ws(&id, None, Some(before)).await;
    let mut kinds = Vec::new();
    while kinds.len() < (now - before) as usize {
        if let ServerMsg::Event { v, event, .. } = behind.recv().await {
            assert_eq!(v, before + 1 + kinds.len() as u64);
            kinds.push(match event {
                GameEvent::Berserk { side } => format!("berserk {side}"),
                GameEvent::Move { mv } => format!("move {}", mv.ply),
                other => format!("{other:?}"),
            });
        }
    }
    assert_eq!(kinds[..3], ["berserk south", "move 1", "move 2"], "{kinds:?}");
    drop((t, behind));

    // A restart keeps the berserk: the summary says so, and South's clock stays below half the base.
    let server = restart(server).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    t.next_id = 100;
    let mut snapshot = server.ws(&id, None, None).await;
    let (game, clock) = snapshot
        .recv_until(|m| match m {
            ServerMsg::Snapshot { game, clock, .. } => Some((game, clock)),
            _ => None,
        })
        .await;
    let berserked = game.berserk.expect("a game that allows berserk");
    assert!(berserked.south && !berserked.north, "{berserked:?}");
    assert!(clock.expect("a clock").south_ms <= 60_000);

    // Both play on to more than 7 plies, then North resigns: a berserk win.
    while t.versions.spectator < 12 {
        let seat = t.mover().expect("the game goes on");
        let d = t.views[seat].legal[0].clone();
        assert!(accepted(&t.decide(seat, &d).await));
    }
    assert!(!t.over(), "the game ended before North resigned");
    assert!(accepted(&answer(&mut t.north, &ClientMsg::Resign { id: Some("r".into()) }).await));
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    assert!(detail["game"]["plies"].as_u64().unwrap() >= 7, "{detail}");
    assert_eq!(detail["game"]["result"]["winner"], "south", "{detail}");

    // The standings count 2 for the win and 1 for the berserk.
    let mut line = Value::Null;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while tokio::time::Instant::now() < deadline {
        let (_, view) = server.get(&format!("/api/tournaments/{tid}")).await;
        let lines = view["standings"].as_array().unwrap().clone();
        line = lines.into_iter().find(|l| l["name"] == south_name).unwrap();
        if line["games"] == 1 {
            break;
        }
        crate::common::poll::tick().await;
    }
    assert_eq!((line["score"].clone(), line["sheet"].clone()), (json!(3), json!([3])), "{line}");
    let _ = server.stop().await;
}

#[tokio::test]
async fn an_arena_game_with_berserk_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("berserk.db").display());
    let server = TestServer::start_with(Config::with_database(&url)).await;
    arena_with_berserk(server, async |s: TestServer| {
        let (url, _) = s.stop().await;
        TestServer::start_with(Config::with_database(&url)).await
    })
    .await;
}

#[tokio::test]
async fn an_arena_game_with_berserk_on_postgres() {
    let Some((base, url)) = fresh_db("berserk").await else { return };
    let server = TestServer::start_with(Config::with_database(&url)).await;
    arena_with_berserk(server, async |s: TestServer| {
        let (url, _) = s.stop().await;
        TestServer::start_with(Config::with_database(&url)).await
    })
    .await;
    drop_db(&base, &url).await;
}
