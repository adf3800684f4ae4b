//! A client that reconnects far behind, or does not read for a while, is brought up to date and never sees
//! a version twice or out of order (the shared test client asserts that on every message it reads):
//! catch-ups of 65, 256 and 257 events by `?v=` and by `sync`, on a live and on a finished game; a
//! spectator whose socket is not read while a burst of over 2 000 forced decisions is played; a finished
//! game's catch-up showing every secret; a fragmented over-limit message closed with 1009.

use crate::common;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, Ws};
use futures_util::SinkExt;
use mancala_protocol::{BoardView, ClientMsg, GameEvent, ServerMsg};
use mancala_server::config::Config;
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::{Frame, FrameHeader};

/// Reads `ws` until it holds version `v`; returns what it read. Every message is checked for versions
/// that only increase (by `Ws`).
async fn read_until(ws: &mut Ws, v: u64) -> Vec<ServerMsg> {
    let mut read = Vec::new();
    while ws.last_v != Some(v) {
        let m = ws
            .try_recv(Duration::from_secs(20))
            .await
            .unwrap_or_else(|| panic!("stalled at version {:?} of {v} after {} messages", ws.last_v, read.len()));
        read.push(m);
    }
    read
}

/// The connection still answers (after any answers still on their way).
async fn answers_ping(ws: &mut Ws) {
    ws.say(&ClientMsg::Ping { id: Some("last".into()) }).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Pong { id: Some(id) } if id == "last").then_some(())).await;
}

/// The board a message carries: a snapshot's, or the last event's of a change.
fn board(m: &ServerMsg) -> Option<&BoardView> {
    match m {
        ServerMsg::Snapshot { view, .. } => Some(view),
        ServerMsg::Event { view, .. } => view.as_ref(),
        _ => None,
    }
}

/// The last board among `read`.
fn last_board(read: &[ServerMsg]) -> &BoardView {
    read.iter().rev().find_map(board).expect("a board")
}

/// The version of a snapshot or an event.
fn version(m: &ServerMsg) -> Option<u64> {
    match m {
        ServerMsg::Snapshot { v, .. } | ServerMsg::Event { v, .. } => Some(*v),
        _ => None,
    }
}

/// The decision of a move event (`None`: hidden), and its first step.
fn move_of(m: &ServerMsg) -> Option<(Option<String>, String)> {
    match m {
        ServerMsg::Event { event: GameEvent::Move { mv }, .. } => {
            let first = mv.steps.first().map(|s| serde_json::to_value(s).unwrap().as_str().unwrap().to_string());
            Some((mv.decision.clone(), first.unwrap_or_default()))
        }
        _ => None,
    }
}

/// Resigns for `seat` and returns the version of the `end` event.
async fn resign(t: &mut Table, seat: Seat) -> u64 {
    let ws = t.ws(seat);
    ws.say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    ws.recv_until(|m| match m {
        ServerMsg::Accepted { v, .. } => Some(v),
        _ => None,
    })
    .await
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
    let mut t = Table::open(server, &id, &south, &north).await;
    let mut seed = 0x5EED;
    while t.versions.spectator < v {
        t.play_random(&mut seed, 1).await;
        assert!(!t.over(), "the game ended at version {}", t.versions.spectator);
    }
    (t, id, [south, north])
}

/// Resumes with `?v=now-behind`: the events when there are at most 256 of them, else a snapshot; either
/// way the client ends at `now` and, when it is the player to move, with its legal decisions.
async fn resume(server: &TestServer, id: &str, token: Option<&str>, now: u64, behind: u64, to_move: bool) -> BoardView {
    let mut ws = server.ws(id, token, Some(now - behind)).await;
    let read = read_until(&mut ws, now).await;
    let versioned: Vec<&ServerMsg> = read.iter().filter(|m| version(m).is_some()).collect();
    if behind <= 256 {
        assert_eq!(versioned.len() as u64, behind, "{behind} behind: every event");
        assert!(versioned.iter().all(|m| matches!(m, ServerMsg::Event { .. })));
        // Only the last event carries the board.
        assert!(versioned[..versioned.len() - 1].iter().all(|m| board(m).is_none()));
    } else {
        assert_eq!(versioned.len(), 1, "{behind} behind: one snapshot");
        assert!(matches!(versioned[0], ServerMsg::Snapshot { .. }));
    }
    let last = board(versioned.last().unwrap()).expect("the last one carries the board").clone();
    if to_move {
        assert!(!last.legal.is_empty(), "the mover gets its legal decisions: {last:?}");
    }
    answers_ping(&mut ws).await;
    last
}

#[tokio::test]
async fn a_client_far_behind_catches_up_on_connect() {
    let server = server().await;
    let (mut t, id, tokens) = game_at(&server, 300).await;
    let now = t.versions.spectator;
    let seat = t.mover().expect("someone to move");
    let token = &tokens[if seat == Seat::South { 0 } else { 1 }];
    for behind in [65, 256, 257] {
        let view = resume(&server, &id, Some(token), now, behind, true).await;
        assert_eq!(view.holes, t.views[seat].holes);
    }
    // Finished: the same for anyone, the result on the last board.
    let end = resign(&mut t, Seat::South).await;
    assert_eq!(end, now + 1);
    for behind in [65, 256, 257] {
        let view = resume(&server, &id, None, end, behind, false).await;
        assert_eq!(view.outcome.expect("the result").reason, "resignation");
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
        let from = t.versions.spectator;
        read_until(&mut player, from).await;
        read_until(&mut watcher, from).await;
        let mut seed = 77 + k as u64;
        while t.versions.spectator < from + behind {
            t.play_random(&mut seed, 1).await;
        }
        let now = t.versions.spectator;
        for ws in [&mut player, &mut watcher] {
            ws.say(&ClientMsg::Sync { v: from }).await;
            let read = read_until(ws, now).await;
            // Far behind, the queue overflowed: the connection recovered with a snapshot (which superseded
            // the events it could not take), and then went on in step.
            let snapshots = read.iter().filter(|m| matches!(m, ServerMsg::Snapshot { .. })).count();
            if behind >= 256 {
                assert!(snapshots >= 1, "{behind} behind: no recovery snapshot in {} messages", read.len());
            }
            assert_eq!(last_board(&read).holes, t.views.spectator.holes);
            answers_ping(ws).await;
        }
    }
    // The game ends while a connection is not read: it still gets to the end.
    let mut late = server.ws_slow(&id, None).await;
    read_until(&mut late, t.versions.spectator).await;
    let mut seed = 5;
    t.play_random(&mut seed, 80).await;
    let end = resign(&mut t, Seat::South).await;
    late.say(&ClientMsg::Sync { v: 0 }).await;
    let read = read_until(&mut late, end).await;
    assert_eq!(last_board(&read).outcome.as_ref().expect("the result").reason, "resignation");
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
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut stalled = server.ws_slow(&id, None).await;
    read_until(&mut stalled, t.versions.spectator).await;
    // Its answers fill the socket's buffers and then its queue on the server: from then on it is behind, and
    // recovers (a snapshot) only when its queue has room, in the middle of whatever is played. Whether the
    // server has taken in every ping before the burst starts or takes the last ones in during it, the
    // burst's 2 000 events overflow the queue either way.
    for k in 0..2000 {
        stalled.say(&ClientMsg::Ping { id: Some(k.to_string()) }).await;
    }
    let decisions: Vec<&str> = BURST.split_whitespace().collect();
    let before_last = t.versions.spectator;
    for (k, d) in decisions.iter().enumerate() {
        let from = t.versions.spectator;
        let seat = t.mover().expect("someone to move");
        let answer = t.decide(seat, d).await;
        assert!(accepted(&answer), "decision {k} `{d}`: {answer:?}");
        if k + 1 == decisions.len() {
            // The burst is one change: every ply an event, only the last with a board.
            let gained = t.versions.spectator - from;
            assert!(gained > 2000, "a burst of {gained} events");
        }
    }
    assert!(t.over(), "the burst runs to the turn limit");
    let now = t.versions.spectator;
    assert!(now - before_last > 2000);
    let read = read_until(&mut stalled, now).await;
    assert!(
        read.iter().any(|m| matches!(m, ServerMsg::Snapshot { .. })),
        "the stalled spectator recovered with a snapshot"
    );
    let pongs = read.iter().filter(|m| matches!(m, ServerMsg::Pong { .. })).count();
    assert!(pongs > 0, "answers to its own messages arrive");
    let last = last_board(&read);
    assert_eq!(last.outcome, t.views.spectator.outcome);
    assert_eq!(last.holes, t.views.spectator.holes);
    // Boards are not sent with every ply: a few per change at most.
    let boards = read.iter().filter(|m| board(m).is_some()).count();
    assert!(boards <= decisions.len() + 1, "{boards} boards for {} changes", decisions.len());
    answers_ping(&mut stalled).await;
}

#[tokio::test]
async fn a_finished_games_catch_up_shows_every_secret() {
    let server = server().await;
    let (id, south, north) = server.new_game(json!({ "variant": "ikibuguzo", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    assert!(accepted(&t.decide(Seat::South, "opening:2").await));
    assert!(accepted(&t.decide(Seat::North, "opening:1").await));
    // While the game is on, a spectator resuming from the start does not see South's secret choice.
    let mut live = server.ws(&id, None, Some(0)).await;
    let read = read_until(&mut live, t.versions.spectator).await;
    let first = read.iter().find_map(move_of).expect("a move");
    assert_eq!(first, (None, "chose south ?".to_string()));
    let end = resign(&mut t, Seat::North).await;
    // Once it is over, the same catch-up shows both choices.
    let mut after = server.ws(&id, None, Some(0)).await;
    let read = read_until(&mut after, end).await;
    let moves: Vec<_> = read.iter().filter_map(move_of).collect();
    assert_eq!(moves[0], (Some("opening:2".to_string()), "chose south 2".to_string()));
    assert_eq!(moves[1].0.as_deref(), Some("opening:1"));
}

#[tokio::test]
async fn a_fragmented_message_over_the_limit_is_closed_with_1009() {
    let server = TestServer::start().await;
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut ws = server.ws(&id, None, None).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
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
