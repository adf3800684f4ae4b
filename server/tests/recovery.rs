//! A client that reconnects far behind, or does not read for a while, is brought up to date and never sees
//! a version twice or out of order (the shared test client asserts that on every message it reads):
//! catch-ups of 65, 256 and 257 events by `?v=` and by `sync`, on a live and on a finished game; a
//! spectator whose socket is not read while a burst of over 2 000 forced decisions is played; a finished
//! game's catch-up showing every secret; a fragmented over-limit message closed with 1009.

mod common;

use common::driver::Table;
use common::{TestServer, Ws};
use futures_util::SinkExt;
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::{Frame, FrameHeader};

/// Reads `ws` until it holds version `v`; returns what it read. Every message is checked for versions
/// that only increase (by `Ws`).
async fn read_until(ws: &mut Ws, v: u64) -> Vec<Value> {
    let mut read = Vec::new();
    while ws.last_v != Some(v) {
        let m = ws
            .try_next(Duration::from_secs(20))
            .await
            .unwrap_or_else(|| panic!("stalled at version {:?} of {v} after {} messages", ws.last_v, read.len()));
        read.push(m);
    }
    read
}

/// The connection still answers (after any answers still on their way).
async fn answers_ping(ws: &mut Ws) {
    ws.send(json!({ "type": "ping", "id": "last" })).await;
    while ws.next_of("pong").await["id"] != "last" {}
}

/// A server whose players may send as fast as the tests play.
async fn server() -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("r.db").display()));
    config.player_rate = 10_000;
    config.spectator_rate = 10_000;
    // Small socket buffers (on loopback the kernel would otherwise take in megabytes for a client that
    // does not read), so that a stalled client really fills the server's queue for it.
    config.socket_send_buffer = Some(16 * 1024);
    TestServer::start_in(config, dir).await
}

/// An Azigo game (long: random play runs to the turn limit, 1 200 here) played at random until its
/// version reaches `v`.
async fn game_at(server: &TestServer, v: u64) -> (Table, String, [String; 2]) {
    let body = json!({ "variant": "azigo", "seat": "south", "options": { "turn_limit": 1200 } });
    let (id, south, north) = server.new_game(body).await;
    let mut t = Table::open(server, &id, &south, &north, "azigo").await;
    let mut seed = 0x5EED;
    while t.versions[2] < v {
        t.play_random(&mut seed, 1).await;
        assert!(!t.over(), "the game ended at version {}", t.versions[2]);
    }
    (t, id, [south, north])
}

/// The seat (0 south, 1 north) that has a decision.
fn mover(t: &Table) -> usize {
    (0..2).find(|&i| t.views[i]["legal"].as_array().is_some_and(|l| !l.is_empty())).expect("someone to move")
}

/// Resumes with `?v=now-behind`: the events when there are at most 256 of them, else a snapshot; either
/// way the client ends at `now` and, when it is the player to move, with its legal decisions.
async fn resume(server: &TestServer, id: &str, token: Option<&str>, now: u64, behind: u64, to_move: bool) -> Value {
    let mut ws = server.ws(id, token, Some(now - behind)).await;
    let read = read_until(&mut ws, now).await;
    let versioned: Vec<&Value> = read.iter().filter(|m| m["v"].is_u64()).collect();
    if behind <= 256 {
        assert_eq!(versioned.len() as u64, behind, "{behind} behind: every event");
        assert!(versioned.iter().all(|m| m["type"] == "event"));
        // Only the last event carries the board.
        assert!(versioned[..versioned.len() - 1].iter().all(|m| m.get("view").is_none()));
    } else {
        assert_eq!(versioned.len(), 1, "{behind} behind: one snapshot");
        assert_eq!(versioned[0]["type"], "snapshot");
    }
    let last = versioned.last().unwrap();
    assert!(!last["view"].is_null(), "{last}");
    if to_move {
        assert!(!last["view"]["legal"].as_array().unwrap().is_empty(), "the mover gets its legal decisions: {last}");
    }
    answers_ping(&mut ws).await;
    last["view"].clone()
}

#[tokio::test]
async fn a_client_far_behind_catches_up_on_connect() {
    let server = server().await;
    let (mut t, id, tokens) = game_at(&server, 300).await;
    let now = t.versions[2];
    let i = mover(&t);
    for behind in [65, 256, 257] {
        let view = resume(&server, &id, Some(&tokens[i]), now, behind, true).await;
        assert_eq!(view["holes"], t.views[i]["holes"]);
    }
    // Finished: the same for anyone, the result on the last board.
    t.south.send(json!({ "type": "resign", "id": "r" })).await;
    t.south.next_of("accepted").await;
    let end = now + 1;
    for behind in [65, 256, 257] {
        let view = resume(&server, &id, None, end, behind, false).await;
        assert_eq!(view["outcome"]["reason"], "resignation");
    }
}

#[tokio::test]
async fn a_client_that_stops_reading_catches_up_by_sync() {
    let server = server().await;
    let (mut t, id, tokens) = game_at(&server, 20).await;
    for (k, behind) in [65u64, 256, 257].into_iter().enumerate() {
        // A player and a spectator connect, then read nothing while the game goes on (their sockets take in
        // little, so the server's queue for them fills up).
        let mut player = server.ws_slow(&id, Some(&tokens[k % 2])).await;
        let mut watcher = server.ws_slow(&id, None).await;
        let from = t.versions[2];
        read_until(&mut player, from).await;
        read_until(&mut watcher, from).await;
        let mut seed = 77 + k as u64;
        while t.versions[2] < from + behind {
            t.play_random(&mut seed, 1).await;
        }
        let now = t.versions[2];
        for ws in [&mut player, &mut watcher] {
            ws.send(json!({ "type": "sync", "v": from })).await;
            let read = read_until(ws, now).await;
            // Far behind, the queue overflowed: the connection recovered with a snapshot (which superseded
            // the events it could not take), and then went on in step.
            let snapshots = read.iter().filter(|m| m["type"] == "snapshot").count();
            if behind >= 256 {
                assert!(snapshots >= 1, "{behind} behind: no recovery snapshot in {} messages", read.len());
            }
            let last = read.iter().rev().find(|m| !m["view"].is_null()).expect("a board");
            assert_eq!(last["view"]["holes"], t.views[2]["holes"]);
            answers_ping(ws).await;
        }
    }
    // The game ends while a connection is not read: it still gets to the end.
    let mut late = server.ws_slow(&id, None).await;
    read_until(&mut late, t.versions[2]).await;
    let mut seed = 5;
    t.play_random(&mut seed, 80).await;
    t.south.send(json!({ "type": "resign", "id": "r" })).await;
    let end = t.south.next_of("accepted").await["v"].as_u64().unwrap();
    late.send(json!({ "type": "sync", "v": 0 })).await;
    let read = read_until(&mut late, end).await;
    assert_eq!(read.iter().rev().find(|m| !m["view"].is_null()).unwrap()["view"]["outcome"]["reason"], "resignation");
    answers_ping(&mut late).await;
}

/// A Njombwa game (turn limit 1 200) in which this 69th decision of the players is followed by 2 297
/// decisions the server plays because each is the only legal one, up to the turn limit (found by random
/// play over the engine; the sequence below is the players' decisions, the forced ones in between are the
/// server's).
const BURST: &str = "d2 c4 c1 b4 h2 d3 a1 e3 b1 f4 f2 b3 e1 d4 f1 b3 h2 f4 e2 g4 d2 c4 b1 e4 e1 g3 f1 f3 c2 e3 c1 \
    d4 d1 f4 a2 a4 g1 d4 h1 f3 h2 c4 e1 h3 e2 b3 a1 a4 b1 a3 c1 b3 d2 h4 f1 g4 d1 a3 c2 f4 e1 b3 f1 g4 e2 h4 d2 \
    c4 b2";

#[tokio::test]
async fn a_spectator_not_read_during_a_burst_of_forced_decisions_recovers() {
    let server = server().await;
    let body = json!({ "variant": "njombwa", "seat": "south", "options": { "turn_limit": 1200 } });
    let (id, south, north) = server.new_game(body).await;
    let mut t = Table::open(&server, &id, &south, &north, "njombwa").await;
    let mut stalled = server.ws_slow(&id, None).await;
    read_until(&mut stalled, t.versions[2]).await;
    // Its answers fill the socket's buffers and then its queue on the server: from the next change on it is
    // behind, and recovers (a snapshot) only when its queue has room, in the middle of whatever is played.
    for k in 0..2000 {
        stalled.send(json!({ "type": "ping", "id": k.to_string() })).await;
    }
    // Time for the server to take them in (microseconds each): its queue for this connection is then full.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let decisions: Vec<&str> = BURST.split_whitespace().collect();
    let before_last = t.versions[2];
    for (k, d) in decisions.iter().enumerate() {
        let from = t.versions[2];
        let i = mover(&t);
        let answer = t.decide(i, d).await;
        assert_eq!(answer["type"], "accepted", "decision {k} `{d}`: {answer}");
        if k + 1 == decisions.len() {
            // The burst is one change: every ply an event, only the last with a board.
            let gained = t.versions[2] - from;
            assert!(gained > 2000, "a burst of {gained} events");
        }
    }
    assert!(t.over(), "the burst runs to the turn limit");
    let now = t.versions[2];
    assert!(now - before_last > 2000);
    let read = read_until(&mut stalled, now).await;
    assert!(read.iter().any(|m| m["type"] == "snapshot"), "the stalled spectator recovered with a snapshot");
    let pongs = read.iter().filter(|m| m["type"] == "pong").count();
    assert!(pongs > 0, "answers to its own messages arrive");
    let last = read.iter().rev().find(|m| !m["view"].is_null()).unwrap();
    assert_eq!(last["view"]["outcome"], t.views[2]["outcome"]);
    assert_eq!(last["view"]["holes"], t.views[2]["holes"]);
    // Boards are not sent with every ply: a few per change at most.
    let boards = read.iter().filter(|m| !m["view"].is_null()).count();
    assert!(boards <= decisions.len() + 1, "{boards} boards for {} changes", decisions.len());
    answers_ping(&mut stalled).await;
}

#[tokio::test]
async fn a_finished_games_catch_up_shows_every_secret() {
    let server = server().await;
    let (id, south, north) = server.new_game(json!({ "variant": "ikibuguzo", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north, "ikibuguzo").await;
    assert_eq!(t.decide(0, "opening:2").await["type"], "accepted");
    assert_eq!(t.decide(1, "opening:1").await["type"], "accepted");
    // While the game is on, a spectator resuming from the start does not see South's secret choice.
    let mut live = server.ws(&id, None, Some(0)).await;
    let read = read_until(&mut live, t.versions[2]).await;
    let first = read.iter().find(|m| m["event"]["kind"] == "move").unwrap();
    assert!(first["event"]["decision"].is_null(), "{first}");
    assert_eq!(first["event"]["steps"][0], "chose south ?", "{first}");
    t.north.send(json!({ "type": "resign", "id": "r" })).await;
    t.north.next_of("accepted").await;
    // Once it is over, the same catch-up shows both choices.
    let mut after = server.ws(&id, None, Some(0)).await;
    let read = read_until(&mut after, t.versions[2] + 1).await;
    let moves: Vec<&Value> = read.iter().filter(|m| m["event"]["kind"] == "move").collect();
    assert_eq!(moves[0]["event"]["decision"], "opening:2", "{}", moves[0]);
    assert_eq!(moves[0]["event"]["steps"][0], "chose south 2", "{}", moves[0]);
    assert_eq!(moves[1]["event"]["decision"], "opening:1");
}

#[tokio::test]
async fn a_fragmented_message_over_the_limit_is_closed_with_1009() {
    let server = TestServer::start().await;
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut ws = server.ws(&id, None, None).await;
    ws.next_of("snapshot").await;
    // 4 KiB fragments of one text message sent back to back, far over the 64 KiB limit of a message and
    // more than the socket buffers take in: the client is still sending when the server closes. A server
    // that closed with this input unread would reset the connection under the sender, which sees a broken
    // connection (1006) before it ever reads the close frame.
    let piece = vec![b'x'; 4096];
    for k in 0..2000 {
        let opcode = if k == 0 { OpCode::Data(Data::Text) } else { OpCode::Data(Data::Continue) };
        let header = FrameHeader { is_final: k == 1999, opcode, ..FrameHeader::default() };
        let frame = Frame::from_payload(header, piece.clone().into());
        ws.stream.send(Message::Frame(frame)).await.unwrap_or_else(|e| panic!("fragment {k}: {e}"));
    }
    let mut stream = ws.stream;
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(5), futures_util::StreamExt::next(&mut stream)).await {
            Ok(Some(Ok(Message::Close(frame)))) => break frame,
            Ok(Some(Ok(_))) => continue,
            other => panic!("no close frame: {other:?}"),
        }
    };
    assert_eq!(close.map(|f| u16::from(f.code)), Some(1009));
}
