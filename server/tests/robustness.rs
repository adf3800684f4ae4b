//! What must survive: reconnecting clients get what they missed, a restarted server resumes every game
//! with no acknowledged decision lost, and bad input gets a clear error while the connection and the game
//! carry on. (A killed server is a real process killed: `crash.rs`.)

mod common;

use common::TestServer;
use common::driver::Table;
use futures_util::SinkExt;
use mancala_server::config::Config;
use serde_json::json;
use std::time::Duration;

#[tokio::test]
async fn a_reconnecting_client_gets_the_missing_events_or_a_snapshot() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    let mut seed = 11;
    t.play_random(&mut seed, 4).await;
    let v = t.versions[1];
    // North drops; the game goes on.
    drop(std::mem::replace(&mut t.north, server.ws(&id, None, None).await));
    t.north.next_of("snapshot").await;
    // South keeps playing alone (North's moves are made by a second connection of North's seat).
    let mut north2 = server.ws(&id, Some(&north), None).await;
    north2.next_of("snapshot").await;
    t.north = north2;
    t.versions[1] = v;
    t.play_random(&mut seed, 3).await;
    let now = t.versions[0];
    assert!(now > v);
    // Resuming from v: exactly the events v+1..=now, no snapshot.
    let mut back = server.ws(&id, Some(&north), Some(v)).await;
    for expected in v + 1..=now {
        let m = back.next().await;
        if m["type"] == "presence" {
            continue;
        }
        assert_eq!(m["type"], "event", "{m}");
        assert_eq!(m["v"], expected);
    }
    // `sync` on an open connection that has everything sends nothing again (versions never repeat on a
    // connection), and the connection goes on answering.
    back.send(json!({ "type": "sync", "v": now - 1 })).await;
    back.send(json!({ "type": "ping", "id": "after-sync" })).await;
    let pong = back.next_of("pong").await;
    assert_eq!(pong["id"], "after-sync");
    // A `sync` from a version this connection was never given is refused, with the versions named.
    back.send(json!({ "type": "sync", "v": now + 5 })).await;
    let error = back.next_of("error").await;
    assert!(error["message"].as_str().unwrap().contains(&format!("given version {now} last")), "{error}");
    // Without a version, or with one from the future: a snapshot.
    let mut fresh = server.ws(&id, Some(&north), Some(now + 50)).await;
    let snap = fresh.next_of("snapshot").await;
    assert_eq!(snap["v"], now);
    assert_eq!(snap["seat"], "north");
}

#[tokio::test]
async fn a_restarted_server_resumes_every_game() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "njombwa", "seat": "south" })).await;
    let (waiting, _) = {
        let (s, body) = server.post("/api/games", json!({ "variant": "azigo" })).await;
        assert_eq!(s, 201);
        (body["game"]["id"].as_str().unwrap().to_string(), ())
    };
    let mut t = Table::open(&server, &id, &south, &north, "njombwa").await;
    let mut seed = 5;
    t.play_random(&mut seed, 12).await;
    let v = t.versions[0];
    let board = t.views[2]["holes"].clone();
    drop(t);
    let (url, dir) = server.stop().await;
    let server = TestServer::start_with(Config::with_database(&url)).await;
    let mut t = Table::open(&server, &id, &south, &north, "njombwa").await;
    assert_eq!(t.versions[0], v, "every acknowledged decision is back");
    assert_eq!(t.views[2]["holes"], board);
    t.play_random(&mut seed, 10_000).await;
    assert!(t.over());
    // The game that waited for its second player still does.
    let (status, joined) = server.post(&format!("/api/games/{waiting}/join"), json!({ "name": "late" })).await;
    assert_eq!(status, 200, "{joined}");
    drop(dir);
}

#[tokio::test]
async fn bad_input_gets_a_clear_error_and_nothing_breaks() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let (other, _, _) = server.new_game(json!({ "variant": "kubuguza" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    let s = &mut t.south;
    let mut expect = async |text: &str, code: &str| {
        s.send_text(text).await;
        let m = loop {
            let m = s.next().await;
            if m["type"] != "presence" {
                break m;
            }
        };
        assert_eq!(m["code"], code, "{text} → {m}");
        m
    };
    let m = expect("{not json", "malformed").await;
    assert!(m["message"].as_str().unwrap().contains("not JSON"), "{m}");
    expect(r#"{"type":"teleport"}"#, "unknown_type").await;
    let m = expect(r#"{"type":"decide","id":"1"}"#, "malformed").await;
    assert!(m["message"].as_str().unwrap().contains("decision"), "{m}");
    expect(&format!(r#"{{"type":"decide","id":"1","decision":"{}"}}"#, "x".repeat(5000)), "too_large").await;
    expect(r#"{"type":"decide","id":"2","decision":"z9"}"#, "bad_notation").await;
    let m = expect(r#"{"type":"decide","id":"3","decision":"a1"}"#, "illegal").await;
    assert!(!m["legal"].as_array().unwrap().is_empty(), "{m}");
    expect(&format!(r#"{{"type":"decide","id":"4","decision":"h2","game":"{other}"}}"#), "wrong_game").await;
    expect(r#"{"type":"decide","id":"5","decision":"h2","seat":"north"}"#, "wrong_seat").await;
    t.north.send(json!({ "type": "decide", "id": "6", "decision": "h3" })).await;
    assert_eq!(t.north.next_of("rejected").await["code"], "not_your_turn");
    t.spectator.send(json!({ "type": "decide", "id": "7", "decision": "h2" })).await;
    assert_eq!(t.spectator.next_of("rejected").await["code"], "not_seated");
    t.south.stream.send(tokio_tungstenite::tungstenite::Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    assert_eq!(t.south.next_of("error").await["code"], "malformed");
    // Nothing was applied: the game is still at version 1 (its start), and the same connection plays on.
    assert_eq!(t.versions[0], 1);
    let ok = t.decide(0, "h2").await;
    assert_eq!(ok["type"], "accepted", "{ok}");
    assert_eq!(ok["v"], 2);
    // The same id again: the same answer, nothing applied twice.
    t.south.send(json!({ "type": "decide", "id": "8", "decision": "h2" })).await;
    let first = t.south.next_of("rejected").await;
    t.south.send(json!({ "type": "decide", "id": "8", "decision": "h2" })).await;
    assert_eq!(t.south.next_of("rejected").await, first);
    let id_of_accepted = (t.next_id - 1).to_string();
    t.south.send(json!({ "type": "decide", "id": id_of_accepted, "decision": "h2" })).await;
    assert_eq!(t.south.next_of("accepted").await["v"], 2);
    assert!(t.spectator.try_next(Duration::from_millis(300)).await.is_none(), "no event for a resend");
    // A wrong seat token is refused before the upgrade, with a reason.
    for (path, status) in [(format!("{id}/ws?token=nope"), 401), ("doesnotexist/ws".to_string(), 404)] {
        let url = format!("ws://{}/api/games/{path}", server.addr);
        match tokio_tungstenite::connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status().as_u16(), status, "{path}"),
            other => panic!("{path}: expected an HTTP error, got {:?}", other.map(|_| ())),
        }
    }
    // Bad HTTP bodies name what is wrong.
    let (status, body) = server.post("/api/games", json!({ "variant": "chess" })).await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().contains("chess"), "{body}");
    let (status, body) = server.post("/api/games", json!({ "variant": "kubuguza", "options": { "width": 9 } })).await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().contains("width"), "{body}");
    let (status, body) = server.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 409, "{body}");
}

#[tokio::test]
async fn a_flood_of_messages_is_rate_limited_without_losing_the_connection() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    for i in 0..15 {
        t.spectator.send(json!({ "type": "ping", "id": i.to_string() })).await;
    }
    let mut limited = 0;
    let mut pongs = 0;
    while let Some(m) = t.spectator.try_next(Duration::from_millis(500)).await {
        match m["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" if m["code"] == "rate_limited" => limited += 1,
            _ => {}
        }
    }
    assert!(limited > 0 && pongs >= 10, "pongs {pongs}, limited {limited}");
    // Still connected and following the game.
    let mut seed = 1;
    t.play_random(&mut seed, 1).await;
    assert_eq!(t.versions[2], 2, "the start, then one decision");
}

#[tokio::test]
async fn a_quiet_connection_is_closed_and_one_that_answers_pings_is_kept() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    // Pings every second; a connection that sends nothing for 3 s is closed.
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("t.db").display()));
    config.ping_secs = 1;
    let server = TestServer::start_in(config, dir).await;
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    // `live` is read throughout, and its WebSocket layer answers each ping with a pong, which is all it
    // sends; `quiet` never writes after its handshake, so it never answers the server's pings. `live` is
    // opened first: when the server closes `quiet` for its silence, `live` has been connected at least as
    // long, so its surviving is the server keeping it for its pongs, whatever the machine's speed.
    let mut live = server.ws(&id, None, None).await;
    let mut quiet = common::raw::RawWs::open(server.addr, &format!("/api/games/{id}/ws")).await;
    let closed = quiet.close_frame(Duration::from_secs(30));
    tokio::pin!(closed);
    let (code, reason) = loop {
        tokio::select! {
            closed = &mut closed => break closed.expect("the server's close frame"),
            m = live.stream.next() => {
                let m = m.expect("the connection that answers pings stays open");
                assert!(!matches!(m, Ok(Message::Close(_))), "the connection that answers pings was closed: {m:?}");
            }
        }
    };
    assert_eq!(code, 1000, "{reason}");
    assert!(reason.contains("no traffic"), "{reason}");
    live.send(json!({ "type": "ping", "id": "still-here" })).await;
    assert_eq!(live.next_of("pong").await["id"], "still-here");
}
