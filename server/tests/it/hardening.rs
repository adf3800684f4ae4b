//! Resource limits and robustness at the edge: a frame over the limit always gets its 1009 close frame
//! (many trials of a raw socket), duplicate JSON keys are refused naming the key (HTTP bodies, the game
//! socket, the lobby socket), and the global connection cap refuses what is beyond it with a 503 that says
//! why.

use crate::common;

use common::raw::{RawWs, frame_head};
use common::{TestServer, Ws};
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use mancala_protocol::{ClientMsg, ErrorCode, ServerMsg};
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test]
async fn a_frame_over_the_limit_always_gets_its_1009_close_frame() {
    let server = TestServer::start().await;
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let path = format!("/api/games/{id}/ws");
    let trials = 60;
    let mut missing = Vec::new();
    for trial in 0..trials {
        let mut ws = RawWs::open(server.addr, &path).await;
        // A frame announcing 100 000 bytes (over the 64 KiB frame limit): the server refuses it from its
        // head. Some trials pause a little before reading, as a client busy elsewhere would.
        ws.write(&frame_head(100_000)).await;
        ws.write(&[b'x'; 512]).await;
        if trial % 2 == 1 {
            tokio::time::sleep(Duration::from_millis(trial % 7)).await;
        }
        let code = ws.close_frame(Duration::from_secs(5)).await.map(|(code, _)| code);
        if code != Some(1009) {
            missing.push((trial, code));
        }
    }
    assert!(missing.is_empty(), "trials without their 1009 close frame (trial, code): {missing:?}");
    // The game and the server carry on.
    let (status, _) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
}

/// POSTs a body given as text (a JSON library would not repeat a key).
async fn post_text(server: &TestServer, path: &str, body: &str) -> (u16, Value) {
    let r = server
        .http
        .post(server.url(path))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_repeated_json_key_is_refused_naming_it_on_every_route() {
    let server = TestServer::start().await;
    let refused = |(status, body): (u16, Value), key: &str| {
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["error"], "bad_request", "{body}");
        let message = body["message"].as_str().unwrap_or("");
        assert!(message.contains(&format!("duplicate key `{key}`")), "{body}");
    };
    // The tester's game: serde alone would have made it an Azigo game.
    refused(post_text(&server, "/api/games", r#"{"variant":"kubuguza","variant":"azigo"}"#).await, "variant");
    let nested = r#"{"variant":"azigo","clock":{"base_secs":60,"increment_secs":0,"base_secs":1}}"#;
    refused(post_text(&server, "/api/games", nested).await, "clock.base_secs");
    let (status, created) = server.post("/api/games", json!({ "variant": "kubuguza" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap();
    let join = format!("/api/games/{id}/join");
    refused(post_text(&server, &join, r#"{"name":"amani","name":"baraka"}"#).await, "name");
    refused(post_text(&server, "/api/players", r#"{"name":"amani","name":"baraka"}"#).await, "name");
    let signup = r#"{"name":"zawadi","password":"correct horse","password":"x"}"#;
    refused(post_text(&server, "/api/account/signup", signup).await, "password");
    let seek = r#"{"variant":"kubuguza","rated":false,"rated":true}"#;
    refused(post_text(&server, "/api/lobby/seeks", seek).await, "rated");
    // Nothing was created by the refused bodies, and the same bodies without the repeat work.
    let (status, body) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!((status, body["game"]["status"].as_str()), (200, Some("waiting")), "{body}");
    let (status, body) = post_text(&server, "/api/games", r#"{"variant":"azigo"}"#).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn a_repeated_json_key_is_refused_naming_it_on_the_sockets() {
    let server = TestServer::start().await;
    let (id, south, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut ws = server.ws(&id, Some(&south), None).await;
    snapshot(&mut ws).await;
    ws.send_text(r#"{"type":"decide","id":"d1","decision":"c2","decision":"c3"}"#).await;
    let (code, message) = ws
        .recv_until(|m| match m {
            ServerMsg::Error { code, message } => Some((code, message)),
            _ => None,
        })
        .await;
    assert_eq!(code, ErrorCode::Malformed, "{message}");
    assert!(message.starts_with("duplicate key `decision`"), "{message}");
    // The connection and the game carry on.
    assert_eq!(ping(&mut ws, "p").await, Some("p".to_string()));

    let url = format!("ws://{}/api/lobby/ws?name=amani", server.addr);
    let (stream, _) = tokio_tungstenite::connect_async(url).await.expect("the lobby connects");
    let mut lobby = common::Ws { stream, since: None, last_v: None };
    let first = lobby.lobby_recv().await;
    assert!(matches!(first, LobbyServerMsg::Seeks { .. }), "{first:?}");
    lobby.send_text(r#"{"type":"seek","variant":"kubuguza","variant":"azigo"}"#).await;
    let message = lobby
        .lobby_recv_until(|m| match m {
            LobbyServerMsg::Error { message, .. } => Some(message),
            _ => None,
        })
        .await;
    assert!(message.contains("duplicate key `variant`"), "{message}");
    lobby.lobby_say(&LobbyClientMsg::Ping).await;
    assert_eq!(lobby.lobby_recv().await, LobbyServerMsg::Pong);
}

/// Waits for the snapshot a game socket gets on connect.
async fn snapshot(ws: &mut Ws) {
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
}

/// Pings on a game socket; the id its pong repeats.
async fn ping(ws: &mut Ws, id: &str) -> Option<String> {
    ws.say(&ClientMsg::Ping { id: Some(id.to_string()) }).await;
    ws.recv_until(|m| match m {
        ServerMsg::Pong { id } => Some(id),
        _ => None,
    })
    .await
}

/// A WebSocket to game `id`, or the HTTP answer that refused it (status, `Retry-After`, body).
async fn try_ws(server: &TestServer, id: &str) -> Result<common::Ws, (u16, Option<String>, Value)> {
    use tokio_tungstenite::tungstenite::Error;
    match tokio_tungstenite::connect_async(format!("ws://{}/api/games/{id}/ws", server.addr)).await {
        Ok((stream, _)) => Ok(common::Ws { stream, since: None, last_v: None }),
        Err(Error::Http(response)) => {
            let retry = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_string());
            let body = response.body().as_deref().map(|b| serde_json::from_slice(b).unwrap()).unwrap_or(Value::Null);
            Err((response.status().as_u16(), retry, body))
        }
        Err(e) => panic!("the upgrade failed without an answer: {e}"),
    }
}

/// A WebSocket to game `id`, waiting (at most 5 s) for a connection that closed to give its place back.
async fn ws_within_cap(server: &TestServer, id: &str) -> common::Ws {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        match try_ws(server, id).await {
            Ok(ws) => return ws,
            Err(refused) => assert!(tokio::time::Instant::now() < deadline, "refused under the cap: {refused:?}"),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn connections_beyond_the_cap_are_refused_with_a_503_that_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut config =
        mancala_server::config::Config::with_database(&format!("sqlite://{}", dir.path().join("cap.db").display()));
    config.max_connections = Some(3);
    let mut server = TestServer::start_in(config, dir).await;
    // The test's HTTP client keeps no connection open, so that only the sockets below hold the cap.
    server.http = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    let (id, _, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        let mut ws = ws_within_cap(&server, &id).await;
        snapshot(&mut ws).await;
        open.push(ws);
    }
    // A fourth WebSocket, a stream and a plain request are refused, saying why.
    let Err((status, retry, body)) = try_ws(&server, &id).await else { panic!("a fourth socket over a cap of 3") };
    assert_eq!((status, retry.as_deref()), (503, Some("5")), "{body}");
    assert_eq!(body["error"], "busy", "{body}");
    assert!(body["message"].as_str().unwrap().contains("3 connections open, its limit"), "{body}");
    let r = server.http.get(server.url(&format!("/api/stream/game/{id}"))).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 503);
    assert_eq!(r.headers()["retry-after"], "5");
    // The sockets within the cap carry on; one closed gives its place to the next.
    assert_eq!(ping(&mut open[0], "still").await, Some("still".to_string()));
    drop(open.pop());
    let mut again = ws_within_cap(&server, &id).await;
    snapshot(&mut again).await;
}
