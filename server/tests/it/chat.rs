//! A game's chat over real sockets: the players' room reaches the two players only, the spectators' room
//! the spectators (signed-in ones write it; the players read it after the end); lines are limited and
//! control characters made spaces; a signed-out spectator can no longer write; and the lines survive a
//! SIGKILL of the server process, as the snapshot of a reconnecting viewer shows.

use crate::common;

use common::driver::{Table, accepted};
use common::lobby::browser_ws;
use common::process::Process;
use common::{Seat, TestServer, Ws, answer, refused};
use mancala_protocol::{ChatLine, ChatRoom, ClientMsg, ErrorCode, ServerMsg, Side};
use serde_json::json;
use std::time::Duration;

fn say(id: &str, room: ChatRoom, text: &str) -> ClientMsg {
    ClientMsg::Chat { id: Some(id.to_string()), room, text: text.to_string() }
}

/// The next chat line on `ws`.
async fn heard(ws: &mut Ws) -> ChatLine {
    ws.recv_until(|m| match m {
        ServerMsg::Chat { line } => Some(line),
        _ => None,
    })
    .await
}

/// No chat line reaches `ws` within a short while (other messages are skipped).
async fn hears_nothing(ws: &mut Ws) {
    while let Some(m) = ws.try_recv(Duration::from_millis(300)).await {
        assert!(!matches!(m, ServerMsg::Chat { .. }), "a line this viewer must not read: {m:?}");
    }
}

/// The chat lines of the snapshot a new connection gets.
async fn snapshot_chat(ws: &mut Ws) -> Vec<(ChatRoom, String, String)> {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { chat, .. } => Some(chat.into_iter().map(|l| (l.room, l.by, l.text)).collect()),
        _ => None,
    })
    .await
}

/// Signs up `name`; the session id its cookie carries.
async fn signup(s: &TestServer, name: &str) -> String {
    let body = json!({ "name": name, "password": "mango tree 42" });
    let r = s.http.post(s.url("/api/account/signup")).json(&body).send().await.unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let set = r.headers()["set-cookie"].to_str().unwrap().to_string();
    set.strip_prefix("mancala_session=").unwrap().split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn each_room_reaches_its_readers_only_and_lines_are_limited() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let session = signup(&server, "zawadi").await;
    let own = format!("http://{}", server.addr);
    let path = format!("/api/games/{id}/ws");
    let mut fan = browser_ws(&server, &path, Some(&own), Some(&session)).await.expect("a signed-in spectator");

    // The players' room: both players hear it, no spectator does.
    assert!(accepted(&answer(&mut t.south, &say("s1", ChatRoom::Players, "good luck\u{7}\n")).await));
    for seat in [Seat::South, Seat::North] {
        let line = heard(t.ws(seat)).await;
        assert_eq!(
            (line.room, line.by.as_str(), line.side, line.text.as_str()),
            (ChatRoom::Players, "amina", Some(Side::South), "good luck")
        );
    }
    hears_nothing(&mut t.spectator).await;
    hears_nothing(&mut fan).await;

    // The spectators' room: a signed-in spectator writes it, spectators hear it, the players do not.
    assert!(accepted(&answer(&mut fan, &say("f1", ChatRoom::Spectators, "<b>nice</b>")).await));
    for ws in [&mut fan, &mut t.spectator] {
        let line = heard(ws).await;
        assert_eq!((line.by.as_str(), line.side, line.text.as_str()), ("zawadi", None, "<b>nice</b>"));
    }
    hears_nothing(&mut t.south).await;
    hears_nothing(&mut t.north).await;

    // Who may write where.
    let cases = [
        (say("x1", ChatRoom::Spectators, "hi"), ErrorCode::NotSeated, "a guest spectator"),
        (say("x2", ChatRoom::Players, "hi"), ErrorCode::NotSeated, "a spectator in the players' room"),
    ];
    for (msg, code, what) in cases {
        assert_eq!(refused(&answer(&mut t.spectator, &msg).await), Some(code), "{what}");
    }
    let player_to_fans = answer(&mut t.north, &say("n0", ChatRoom::Spectators, "hi")).await;
    assert_eq!(refused(&player_to_fans), Some(ErrorCode::NotSeated), "{player_to_fans:?}");
    // The words: not empty, not too long; one line a second.
    assert_eq!(refused(&answer(&mut t.north, &say("n1", ChatRoom::Players, " \t ")).await), Some(ErrorCode::Malformed));
    let long = "a".repeat(141);
    assert_eq!(refused(&answer(&mut t.north, &say("n2", ChatRoom::Players, &long)).await), Some(ErrorCode::TooLarge));
    assert!(accepted(&answer(&mut t.north, &say("n3", ChatRoom::Players, &"b".repeat(140))).await));
    let quick = answer(&mut t.north, &say("n4", ChatRoom::Players, "again")).await;
    assert_eq!(refused(&quick), Some(ErrorCode::RateLimited), "{quick:?}");

    // After the end the players read the spectators' room too (in a new connection's snapshot).
    assert!(accepted(&answer(&mut t.south, &ClientMsg::Resign { id: Some("r".into()) }).await));
    let mut back = server.ws(&id, Some(&south), None).await;
    let lines = snapshot_chat(&mut back).await;
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines.iter().any(|l| l.0 == ChatRoom::Spectators), "{lines:?}");
    let mut watcher = server.ws(&id, None, None).await;
    let seen = snapshot_chat(&mut watcher).await;
    assert_eq!(
        seen,
        vec![(ChatRoom::Spectators, "zawadi".to_string(), "<b>nice</b>".to_string())],
        "a spectator never reads the players' room"
    );

    // Signed out: the spectator's socket can no longer write.
    let r = server
        .http
        .post(server.url("/api/account/signout"))
        .header("cookie", format!("mancala_session={session}"))
        .header("origin", own)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    // The credential is asked again before each line, and who may write is decided before the rate: no
    // wait for either.
    let after = answer(&mut fan, &say("f2", ChatRoom::Spectators, "still here?")).await;
    assert_eq!(refused(&after), Some(ErrorCode::NotSeated), "{after:?}");
}

#[tokio::test]
async fn the_chat_survives_a_killed_server() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("chat.db").display());
    let first = Process::start(&url, &[]).await;
    let client = TestServer::attach(first.addr, &url);
    let (id, south, north) = client.new_game(json!({ "variant": "njombwa", "seat": "south", "name": "amina" })).await;
    let mut t = Table::open(&client, &id, &south, &north).await;
    assert!(accepted(&answer(&mut t.south, &say("s1", ChatRoom::Players, "hello")).await));
    assert!(accepted(&answer(&mut t.north, &say("n1", ChatRoom::Players, "hi amina")).await));
    first.kill().await;

    let second = Process::start(&url, &[]).await;
    let client = TestServer::attach(second.addr, &url);
    let mut ws = client.ws(&id, Some(&north), None).await;
    let lines = snapshot_chat(&mut ws).await;
    let expected = vec![
        (ChatRoom::Players, "amina".to_string(), "hello".to_string()),
        (ChatRoom::Players, "baraka".to_string(), "hi amina".to_string()),
    ];
    assert_eq!(lines, expected);
    // New lines go on after the stored ones, once a second has passed since this player's last one.
    let said = answer_past_the_rate(&mut ws, |n| say(&format!("n2.{n}"), ChatRoom::Players, "still here")).await;
    assert!(accepted(&said), "{said:?}");
    let mut again = client.ws(&id, Some(&south), None).await;
    assert_eq!(snapshot_chat(&mut again).await.len(), 3);
}

/// The answer to the message `msg(n)` sends again (each time with a new id) while the one-line-a-second
/// rate refuses it, for at most 5 s.
async fn answer_past_the_rate(ws: &mut Ws, msg: impl Fn(u32) -> ClientMsg) -> ServerMsg {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    for n in 0.. {
        let m = answer(ws, &msg(n)).await;
        if refused(&m) != Some(ErrorCode::RateLimited) {
            return m;
        }
        assert!(tokio::time::Instant::now() < deadline, "still refused by the rate after 5 s: {m:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    unreachable!("the loop returns or fails")
}

/// The next `presence` on `ws` that counts `n` spectators.
async fn watching(ws: &mut Ws, n: u32) {
    ws.recv_until(|m| match m {
        ServerMsg::Presence { presence } if presence.watching == n => Some(()),
        ServerMsg::Snapshot { presence, .. } if presence.watching == n => Some(()),
        _ => None,
    })
    .await
}

#[tokio::test]
async fn everyone_is_told_how_many_watch() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    // The table's spectator is the first one.
    let mut t = Table::open(&server, &id, &south, &north).await;
    watching(&mut t.south, 1).await;
    let mut second = server.ws(&id, None, None).await;
    watching(&mut second, 2).await;
    for seat in Seat::ALL {
        watching(t.ws(seat), 2).await;
    }
    drop(second);
    watching(&mut t.north, 1).await;
    watching(&mut t.spectator, 1).await;
}
