//! `mancala-server admin close NAME` does what a moderator's close does, on every node: the command runs
//! beside two nodes, and at once (within the second a node takes to read the closing) the account's
//! lobby socket, tournament socket and game socket close, on whichever node each is open, its ongoing game
//! is resigned, and a seat socket opened again afterwards is refused, so no decision of it is taken any
//! more (docs/moderation.md, "Closing an account"). On one server, each seat socket hears its game end
//! before its close frame.

use crate::common;
use crate::moderation::{admin, game_between};

use common::cluster::{broker_url, start_node};
use common::lobby::lobby;
use common::{TestServer, Ws, account};
use futures_util::StreamExt;
use mancala_protocol::{GameEvent, ServerMsg};
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

/// The code of the close frame `ws` is sent next, its other messages skipped (at most 10 s).
async fn close_code(ws: &mut Ws) -> u16 {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.stream.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)).unwrap_or(1005),
            Ok(Some(Ok(_))) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

/// A raw socket on `path` of `s`.
async fn socket(s: &TestServer, path: &str) -> Ws {
    let (stream, _) = connect_async(format!("ws://{}{path}", s.addr)).await.expect("the socket opens");
    Ws { stream, since: None, last_v: None }
}

#[tokio::test]
async fn admin_close_ends_the_accounts_sockets_and_games_on_every_node() {
    let Some(broker) = broker_url("admin_close_nodes") else { return };
    let Some((base, url)) = common::fresh_db("admin_close_nodes").await else { return };
    let procs = [start_node(&url, &broker, "a", 3).await, start_node(&url, &broker, "b", 3).await];
    let [a, b] = [TestServer::attach(procs[0].addr, &url), TestServer::attach(procs[1].addr, &url)];
    let amina = account(&a, "amina").await;
    let baraka = account(&b, "baraka").await;
    let host = account(&a, "host").await;

    // Amina's game (run by node a) with her seat's socket on node b, her lobby socket on node a, and a
    // tournament's page on node b signed in by her token.
    let (game, south, north) = game_between(&a, &amina, &baraka).await;
    let mut seat = b.ws(&game, Some(&south), None).await;
    let mut opponent = a.ws(&game, Some(&north), None).await;
    let (mut lobby_ws, _) = lobby(&a, &format!("token={amina}")).await;
    let body = json!({ "name": "Later", "kind": "swiss", "variants": ["njombwa"], "rounds": 3,
        "clock": { "base_secs": 300, "increment_secs": 0 }, "starts_at": now_ms() + 3_600_000 });
    let (status, made) = crate::moderation::call(&a, Some(&host), "POST", "/api/tournaments", Some(body)).await;
    assert_eq!(status, 201, "{made}");
    let tournament = made["id"].as_str().unwrap();
    let mut page = socket(&b, &format!("/api/tournaments/{tournament}/ws?token={amina}")).await;
    page.stream.next().await.expect("the tournament's first message").expect("a message");

    let out = admin(&url, &["close", "amina", "--reason", "spam bot"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    // Every socket of hers closes, wherever it is (4001: what stood for her stands no more).
    assert_eq!(close_code(&mut lobby_ws).await, 4001, "the lobby socket, node a");
    assert_eq!(close_code(&mut page).await, 4001, "the tournament socket, node b");
    assert_eq!(close_code(&mut seat).await, 4001, "the game socket, node b");
    // Her game is resigned: the opponent sees the end.
    let end = opponent
        .recv_until(|m| match m {
            ServerMsg::Event { event: GameEvent::End { outcome }, .. } => Some(outcome),
            _ => None,
        })
        .await;
    assert_eq!(end.reason, "resignation", "{end:?}");
    // Her seat cannot come back to decide anything: the handshake is refused.
    let again = connect_async(format!("ws://{}/api/games/{game}/ws?token={south}", a.addr)).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(refused)) = again else {
        panic!("a closed account's seat opened a socket again")
    };
    assert_eq!(refused.status().as_u16(), 403);
    drop(procs);
    common::drop_db(&base, &url).await;
}

/// A moderator's close on one server: each seat socket of the account hears its game end before it is
/// closed (the room's last frames go out before the close frame), so the player's page shows the result.
#[tokio::test]
async fn a_closed_accounts_seat_sockets_hear_their_games_end_before_they_close() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    let baraka = account(&s, "baraka").await;
    let mo = account(&s, "mo").await;
    crate::moderation::grant(&s, "mo");
    let mut seats = Vec::new();
    for _ in 0..6 {
        let (game, south, _) = game_between(&s, &amina, &baraka).await;
        let mut seat = s.ws(&game, Some(&south), None).await;
        seat.recv().await;
        seats.push(seat);
    }

    let close = json!({ "action": "close", "reason": "cheating" });
    let (status, _) =
        crate::moderation::call(&s, Some(&mo), "POST", "/api/mod/players/amina/actions", Some(close)).await;
    assert_eq!(status, 204);

    for (i, seat) in seats.iter_mut().enumerate() {
        let mut ended = None;
        loop {
            match tokio::time::timeout(Duration::from_secs(10), seat.stream.next()).await {
                Ok(Some(Ok(Message::Text(t)))) => {
                    let msg: ServerMsg = serde_json::from_str(t.as_str()).expect("a server message");
                    if let ServerMsg::Event { event: GameEvent::End { outcome }, .. } = msg {
                        ended = Some(outcome.reason);
                    }
                }
                Ok(Some(Ok(Message::Close(frame)))) => {
                    assert_eq!(frame.map(|f| u16::from(f.code)), Some(4001), "seat {i}");
                    break;
                }
                Ok(Some(Ok(_))) => continue,
                other => panic!("seat {i}: expected the end, then a close frame; got {other:?}"),
            }
        }
        assert_eq!(ended.as_deref(), Some("resignation"), "seat {i} closed before its game's end reached it");
    }
}
