//! What must survive: reconnecting clients get what they missed, a restarted server resumes every game
//! with no acknowledged decision lost, and bad input gets a clear error while the connection and the game
//! carry on. (A killed server is a real process killed: `crash.rs`.)

use crate::common;

use common::driver::Table;
use common::{Seat, TestServer, Ws};
use futures_util::SinkExt;
use mancala_engine::Side;
use mancala_protocol::{ClientMsg, ErrorCode, ServerMsg};
use mancala_server::config::Config;
use serde_json::json;
use std::time::Duration;

/// The next snapshot on `ws`: its version and seat.
async fn snapshot(ws: &mut Ws) -> (u64, Option<Side>) {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { v, seat, .. } => Some((v, seat)),
        _ => None,
    })
    .await
}

#[tokio::test]
async fn a_reconnecting_client_gets_the_missing_events_or_a_snapshot() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut seed = 11;
    t.play_random(&mut seed, 4).await;
    let v = t.versions.north;
    // North drops; the game goes on.
    drop(std::mem::replace(&mut t.north, server.ws(&id, None, None).await));
    snapshot(&mut t.north).await;
    // South keeps playing alone (North's moves are made by a second connection of North's seat).
    let mut north2 = server.ws(&id, Some(&north), None).await;
    snapshot(&mut north2).await;
    t.north = north2;
    t.versions.north = v;
    t.play_random(&mut seed, 3).await;
    let now = t.versions.south;
    assert!(now > v);
    // Resuming from v: exactly the events v+1..=now, no snapshot.
    let mut back = server.ws(&id, Some(&north), Some(v)).await;
    for expected in v + 1..=now {
        match back.recv().await {
            ServerMsg::Presence { .. } => continue,
            ServerMsg::Event { v, .. } => assert_eq!(v, expected),
            other => panic!("not an event: {other:?}"),
        }
    }
    // `sync` on an open connection that has everything sends nothing again (versions never repeat on a
    // connection), and the connection goes on answering.
    back.say(&ClientMsg::Sync { v: now - 1 }).await;
    back.say(&ClientMsg::Ping { id: Some("after-sync".into()) }).await;
    let pong = back.recv_until(|m| matches!(m, ServerMsg::Pong { .. }).then_some(m)).await;
    assert_eq!(pong, ServerMsg::Pong { id: Some("after-sync".into()) });
    // A `sync` from a version this connection was never given is refused, with the versions named.
    back.say(&ClientMsg::Sync { v: now + 5 }).await;
    let message = back
        .recv_until(|m| match m {
            ServerMsg::Error { message, .. } => Some(message),
            _ => None,
        })
        .await;
    assert!(message.contains(&format!("given version {now} last")), "{message}");
    // Without a version, or with one from the future: a snapshot.
    let mut fresh = server.ws(&id, Some(&north), Some(now + 50)).await;
    let (v, seat) = snapshot(&mut fresh).await;
    assert_eq!((v, seat), (now, Some(Side::North)));
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
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut seed = 5;
    t.play_random(&mut seed, 12).await;
    let v = t.versions.south;
    let board = t.views.spectator.holes.clone();
    drop(t);
    let (url, dir) = server.stop().await;
    let server = TestServer::start_with(Config::with_database(&url)).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    assert_eq!(t.versions.south, v, "every acknowledged decision is back");
    assert_eq!(t.views.spectator.holes, board);
    t.play_random(&mut seed, 10_000).await;
    assert!(t.over());
    // The game that waited for its second player still does.
    let (status, joined) = server.post(&format!("/api/games/{waiting}/join"), json!({ "name": "late" })).await;
    assert_eq!(status, 200, "{joined}");
    drop(dir);
}

/// A `decide` with `id` and `decision` and nothing else.
fn decide(id: &str, decision: &str) -> ClientMsg {
    ClientMsg::Decide { id: id.into(), decision: decision.into(), game: None, seat: None }
}

/// The code of the next `rejected` on `ws` (other messages skipped).
async fn rejected(ws: &mut Ws) -> ErrorCode {
    ws.recv_until(|m| match m {
        ServerMsg::Rejected { code, .. } => Some(code),
        _ => None,
    })
    .await
}

#[tokio::test]
async fn bad_input_gets_a_clear_error_and_nothing_breaks() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let (other, _, _) = server.new_game(json!({ "variant": "kubuguza" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let s = &mut t.south;
    // Sends `text` and reads the answer (presence skipped): an `error` or a `rejected` with `code`; its
    // message (or reason) and the legal decisions it lists.
    let mut expect = async |text: &str, code: ErrorCode| {
        s.send_text(text).await;
        match s.recv_until(|m| (!matches!(m, ServerMsg::Presence { .. })).then_some(m)).await {
            ServerMsg::Error { code: got, message } => {
                assert_eq!(got, code, "{text} → {message}");
                (message, Vec::new())
            }
            ServerMsg::Rejected { code: got, reason, legal, .. } => {
                assert_eq!(got, code, "{text} → {reason}");
                (reason, legal)
            }
            other => panic!("{text} → {other:?}"),
        }
    };
    let text = |msg: &ClientMsg| serde_json::to_string(msg).unwrap();
    // Raw: what the protocol's types cannot say (not JSON, an unknown type, a missing field, too long).
    let (message, _) = expect("{not json", ErrorCode::Malformed).await;
    assert!(message.contains("not JSON"), "{message}");
    expect(r#"{"type":"teleport"}"#, ErrorCode::UnknownType).await;
    let (message, _) = expect(r#"{"type":"decide","id":"1"}"#, ErrorCode::Malformed).await;
    assert!(message.contains("decision"), "{message}");
    expect(&format!(r#"{{"type":"decide","id":"1","decision":"{}"}}"#, "x".repeat(5000)), ErrorCode::TooLarge).await;
    expect(&text(&decide("2", "z9")), ErrorCode::BadNotation).await;
    let (reason, legal) = expect(&text(&decide("3", "a1")), ErrorCode::Illegal).await;
    assert!(!legal.is_empty(), "{reason}");
    let wrong_game = ClientMsg::Decide { id: "4".into(), decision: "h2".into(), game: Some(other), seat: None };
    expect(&text(&wrong_game), ErrorCode::WrongGame).await;
    let wrong_seat = ClientMsg::Decide { id: "5".into(), decision: "h2".into(), game: None, seat: Some(Side::North) };
    expect(&text(&wrong_seat), ErrorCode::WrongSeat).await;
    t.north.say(&decide("6", "h3")).await;
    assert_eq!(rejected(&mut t.north).await, ErrorCode::NotYourTurn);
    t.spectator.say(&decide("7", "h2")).await;
    assert_eq!(rejected(&mut t.spectator).await, ErrorCode::NotSeated);
    t.south.stream.send(tokio_tungstenite::tungstenite::Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    let code = t
        .south
        .recv_until(|m| match m {
            ServerMsg::Error { code, .. } => Some(code),
            _ => None,
        })
        .await;
    assert_eq!(code, ErrorCode::Malformed);
    // Nothing was applied: the game is still at version 1 (its start), and the same connection plays on.
    assert_eq!(t.versions.south, 1);
    let ok = t.decide(Seat::South, "h2").await;
    assert!(matches!(ok, ServerMsg::Accepted { v: 2, .. }), "{ok:?}");
    // South's first decision moves the first-decision deadline to North's: every viewer is told.
    let deadline = t
        .spectator
        .recv_until(|m| match m {
            ServerMsg::Presence { presence, .. } => Some(presence.abort_at),
            _ => None,
        })
        .await;
    assert!(deadline.is_some(), "North's first decision is due");
    // The same id again: the same answer, nothing applied twice.
    let rejection = |m: ServerMsg| matches!(m, ServerMsg::Rejected { .. }).then_some(m);
    t.south.say(&decide("8", "h2")).await;
    let first = t.south.recv_until(rejection).await;
    t.south.say(&decide("8", "h2")).await;
    assert_eq!(t.south.recv_until(rejection).await, first);
    let id_of_accepted = (t.next_id - 1).to_string();
    t.south.say(&decide(&id_of_accepted, "h2")).await;
    let v = t
        .south
        .recv_until(|m| match m {
            ServerMsg::Accepted { v, .. } => Some(v),
            _ => None,
        })
        .await;
    assert_eq!(v, 2);
    assert!(t.spectator.try_recv(Duration::from_millis(300)).await.is_none(), "no event for a resend");
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
    let mut t = Table::open(&server, &id, &south, &north).await;
    for i in 0..15 {
        t.spectator.say(&ClientMsg::Ping { id: Some(i.to_string()) }).await;
    }
    // Every message gets one answer: a pong, or the error that says it was dropped.
    let (mut limited, mut pongs) = (0, 0);
    while limited + pongs < 15 {
        match t.spectator.recv().await {
            ServerMsg::Pong { .. } => pongs += 1,
            ServerMsg::Error { code: ErrorCode::RateLimited, .. } => limited += 1,
            _ => {}
        }
    }
    assert!(limited > 0 && pongs >= 10, "pongs {pongs}, limited {limited}");
    // Still connected and following the game.
    let mut seed = 1;
    t.play_random(&mut seed, 1).await;
    assert_eq!(t.versions.spectator, 2, "the start, then one decision");
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
    live.say(&ClientMsg::Ping { id: Some("still-here".into()) }).await;
    let id = live
        .recv_until(|m| match m {
            ServerMsg::Pong { id } => Some(id),
            _ => None,
        })
        .await;
    assert_eq!(id.as_deref(), Some("still-here"));
}
