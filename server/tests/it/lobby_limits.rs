//! The lobby's limits (docs/lobby.md, "Limits") and its answers to what is too much: one game-creation
//! limit for every way of making a game (HTTP, lobby seeks and accepts, challenges), challenges (a rate,
//! pending per challenger and per pair), open seeks and lobby connections per address, the first message
//! capped with the count; a message over the size limit (`too_large`, the socket kept) and a frame over
//! the hard limit (1009); a seek's `range` over HTTP; aborted games out of a profile's count. On SQLite.

use crate::common;

use common::lobby::{
    account, closed, created, lobby, next_answer, paired, post_auth, quick_of, refused, seek, server_with,
};
use futures_util::SinkExt;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use mancala_protocol::{ClockSpec, Variant};
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn one_limit_counts_every_way_of_making_a_game() {
    let s = server_with(|c| c.games_per_minute = 4).await;
    let (mut a, _) = lobby(&s, "name=amina").await;
    let (mut b, _) = lobby(&s, "name=baraka").await;
    // 1: a seek posted; 2: taken on another socket; 3: a game over HTTP; 4: a seek posted over HTTP.
    a.lobby_say(&seek(Variant::Kubuguza)).await;
    let id = created(next_answer(&mut a).await).id;
    b.lobby_say(&LobbyClientMsg::Accept { id }).await;
    paired(next_answer(&mut b).await);
    let (status, body) = s.post("/api/games", json!({ "variant": "azigo" })).await;
    assert_eq!(status, 201, "{body}");
    let stream = s.http.post(s.url("/api/lobby/seeks")).json(&json!({ "variant": "njombwa" })).send().await.unwrap();
    assert_eq!(stream.status().as_u16(), 200);
    // 5: refused everywhere, with the time to wait.
    let (mut c, _) = lobby(&s, "name=chausiku").await;
    c.lobby_say(&quick_of(Variant::Azigo)).await;
    let answer = next_answer(&mut c).await;
    let LobbyServerMsg::Error { code, message, retry_after } = &answer else { panic!("not an `error`: {answer:?}") };
    assert_eq!(code, "rate_limited", "{answer:?}");
    let retry = retry_after.expect("a retry time");
    assert!((1..=15).contains(&retry), "{answer:?}");
    assert!(message.contains("seeks and challenges count"), "{answer:?}");
    let r = s.http.post(s.url("/api/games")).json(&json!({ "variant": "azigo" })).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert!(r.headers().contains_key("retry-after"));
    let r = s.http.post(s.url("/api/lobby/seeks")).json(&json!({ "variant": "azigo" })).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert_eq!(common::lobby::all_games(&s).await.len(), 2, "the pairing and the HTTP game");
}

#[tokio::test]
async fn challenges_are_limited_per_minute_pending_and_pair() {
    let s = server_with(|c| c.challenges_per_minute = 12).await;
    let alice = account(&s, "alice").await;
    for i in 0..11 {
        account(&s, &format!("p{i}")).await;
    }
    let challenge = |to: String| json!({ "to": to, "variant": "azigo" });
    // One pending challenge to a person.
    let (status, first) = post_auth(&s, "/api/challenges", &alice, challenge("p0".into())).await;
    assert_eq!(status, 201, "{first}");
    let (status, body) = post_auth(&s, "/api/challenges", &alice, challenge("P0".into())).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["message"].as_str().unwrap().contains("already"), "{body}");
    // Ten pending in all.
    for i in 1..10 {
        let (status, body) = post_auth(&s, "/api/challenges", &alice, challenge(format!("p{i}"))).await;
        assert_eq!(status, 201, "{body}");
    }
    let r = s.http.post(s.url("/api/challenges")).bearer_auth(&alice).json(&challenge("p10".into())).send().await;
    let r = r.unwrap();
    assert_eq!(r.status().as_u16(), 429);
    assert!(r.headers().contains_key("retry-after"));
    let body: Value = r.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("waiting for an answer"), "{body}");
    // Withdrawing one makes room; then the rate (12 a minute: 12 asked so far) refuses.
    let id = first["id"].as_str().unwrap();
    let (status, _) = post_auth(&s, &format!("/api/challenges/{id}/decline"), &alice, json!({})).await;
    assert_eq!(status, 204);
    let (status, body) = post_auth(&s, "/api/challenges", &alice, challenge("p10".into())).await;
    assert_eq!(status, 429, "{body}");
    assert!(body["message"].as_str().unwrap().contains("challenges a minute"), "{body}");
}

#[tokio::test]
async fn seeks_and_lobby_connections_are_limited_per_address() {
    let s = server_with(|c| {
        c.seeks_per_address = 3;
        c.lobby_connections_per_address = 3;
    })
    .await;
    let (mut a, _) = lobby(&s, "name=a").await;
    let (mut b, _) = lobby(&s, "name=b").await;
    for (ws, variant) in [(0, Variant::Azigo), (0, Variant::Kubuguza), (1, Variant::Azigo)] {
        let ws = if ws == 0 { &mut a } else { &mut b };
        ws.lobby_say(&seek(variant)).await;
        created(next_answer(ws).await);
    }
    b.lobby_say(&seek(Variant::Njombwa)).await;
    let (code, message) = refused(next_answer(&mut b).await);
    assert_eq!(code, "rate_limited", "{message}");
    assert!(message.contains("open seeks from this address"), "{message}");
    // The third connection is let in, the fourth refused before the upgrade.
    let (c, _) = lobby(&s, "name=c").await;
    let url = format!("ws://{}/api/lobby/ws?name=d", s.addr);
    match tokio_tungstenite::connect_async(url.as_str()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 429);
            assert!(r.headers().contains_key("retry-after"));
        }
        other => panic!("expected 429, got {:?}", other.map(|_| "a socket")),
    }
    // A connection closed gives its place back.
    drop(c);
    for _ in 0..100 {
        if tokio_tungstenite::connect_async(url.as_str()).await.is_ok() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the closed connection's place was not given back");
}

#[tokio::test]
async fn the_first_message_shows_the_newest_hundred_seeks_and_the_count() {
    let s = server_with(|c| c.seeks_per_address = 500).await;
    let mut sockets = Vec::new();
    let mut ids = Vec::new();
    for i in 0..24 {
        let (mut ws, _) = lobby(&s, &format!("name=p{i}")).await;
        for v in 0..5 {
            let clock = Some(ClockSpec::fischer(60 * (v + 1), 0));
            let msg = LobbyClientMsg::Seek { variant: Variant::Azigo, options: None, clock, rated: false, range: None };
            ws.lobby_say(&msg).await;
            ids.push(created(next_answer(&mut ws).await).id);
        }
        sockets.push(ws);
    }
    let (_, first) = lobby(&s, "name=newcomer").await;
    assert_eq!(first.total, 120);
    let shown: Vec<&str> = first.seeks.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(shown, ids[20..].iter().map(String::as_str).collect::<Vec<_>>(), "the newest 100, oldest first");
    let (_, list) = s.get("/api/lobby/seeks").await;
    assert_eq!(list["total"], 120);
    assert_eq!(list["seeks"].as_array().unwrap().len(), 100);
}

#[tokio::test]
async fn a_message_too_large_is_refused_and_a_frame_too_large_closes_with_1009() {
    let s = server_with(|_| {}).await;
    let (mut ws, _) = lobby(&s, "name=amina").await;
    ws.lobby_say(&seek(Variant::Azigo)).await;
    let id = created(next_answer(&mut ws).await).id;
    // Over 4 KiB: refused, the socket and its seek stay. (Raw: a field the protocol's type does not have.)
    let padding = "x".repeat(5000);
    ws.send(json!({ "type": "ping", "padding": padding })).await;
    let (code, message) = refused(next_answer(&mut ws).await);
    assert_eq!(code, "too_large", "{message}");
    ws.lobby_say(&LobbyClientMsg::Ping).await;
    assert_eq!(next_answer(&mut ws).await, LobbyServerMsg::Pong);
    let (_, seeks) = s.get("/api/lobby/seeks").await;
    assert_eq!(seeks["seeks"][0]["id"], id.as_str());
    // Over the 64 KiB frame limit: closed with 1009, not reset.
    let _ = ws.stream.send(Message::Text("y".repeat(70_000).into())).await;
    let (frame, _) = closed(&mut ws).await;
    assert_eq!(u16::from(frame.code), 1009, "{frame:?}");
}

#[tokio::test]
async fn a_seek_with_a_range_is_posted_over_http() {
    let s = server_with(|_| {}).await;
    let body = json!({ "variant": "kubuguza", "range": [1400, 1600], "name": "script" });
    let mut r = s.http.post(s.url("/api/lobby/seeks")).json(&body).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let line = String::from_utf8(r.chunk().await.unwrap().unwrap().to_vec()).unwrap();
    let created: Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(created["seek"]["range"], json!([1400, 1600]), "{created}");
    // Nothing else is read as an array: a clock given as one is named.
    let body = json!({ "variant": "kubuguza", "clock": [300, 3] });
    let (status, body) = s.post("/api/lobby/seeks", body).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap().contains("`clock`"), "{body}");
}

#[tokio::test]
async fn aborted_games_are_not_counted_in_a_profile() {
    let s = server_with(|_| {}).await;
    let token = account(&s, "amina").await;
    let (status, created) = post_auth(&s, "/api/games", &token, json!({ "variant": "kubuguza" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap();
    let (status, body) = s.post(&format!("/api/games/{id}/join"), json!({ "name": "baraka" })).await;
    assert_eq!(status, 200, "{body}");
    let granted: SeatGranted = serde_json::from_value(created).unwrap();
    common::lobby::abort_paired(&s, &granted).await;
    let (status, profile) = s.get("/api/players/amina").await;
    assert_eq!(status, 200);
    assert_eq!(
        [&profile["games"], &profile["wins"], &profile["draws"], &profile["losses"], &profile["ongoing"]],
        [0, 0, 0, 0, 0],
        "{profile}"
    );
}
