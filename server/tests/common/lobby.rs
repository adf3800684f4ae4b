//! Lobby clients for the lobby tests: a server with the creation limits off, lobby sockets (by query, or
//! with a browser's headers: `Origin` and `Cookie`), accounts, and HTTP calls with a bearer token.

use super::{TestServer, Ws};
use futures_util::StreamExt;
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;

/// The configuration of a lobby test server on `url`: no limit on creating accounts and games (each test
/// of a limit sets its own).
pub fn config(url: &str) -> Config {
    let mut config = Config::with_database(url);
    config.accounts_per_hour = 0;
    config.games_per_minute = 0;
    config.challenges_per_minute = 0;
    config
}

/// A server on a fresh SQLite file with [`config`], changed by `tune`.
pub async fn server_with(tune: impl FnOnce(&mut Config)) -> TestServer {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("test.db").display());
    let mut config = config(&url);
    tune(&mut config);
    TestServer::start_in(config, dir).await
}

pub async fn server() -> TestServer {
    server_with(|_| {}).await
}

/// A lobby socket with `query` (`name=…` or `token=…`); its first message (`seeks`) is returned too.
pub async fn lobby(s: &TestServer, query: &str) -> (Ws, Value) {
    let (stream, _) = connect_async(format!("ws://{}/api/lobby/ws?{query}", s.addr)).await.expect("lobby connects");
    let mut ws = Ws { stream, since: None, last_v: None };
    let first = ws.next().await;
    assert_eq!(first["type"], "seeks", "{first}");
    (ws, first)
}

/// A WebSocket handshake to `path` with a browser's headers: `Origin` and the session cookie when given.
/// The socket, or the HTTP status and body of the refusal.
pub async fn browser_ws(
    s: &TestServer,
    path: &str,
    origin: Option<&str>,
    session: Option<&str>,
) -> Result<Ws, (u16, Value)> {
    let mut request = format!("ws://{}{path}", s.addr).into_client_request().expect("a request");
    if let Some(o) = origin {
        request.headers_mut().insert("origin", HeaderValue::from_str(o).unwrap());
    }
    if let Some(id) = session {
        let cookie = format!("theme=dark; mancala_session={id}");
        request.headers_mut().insert("cookie", HeaderValue::from_str(&cookie).unwrap());
    }
    match connect_async(request).await {
        Ok((stream, _)) => Ok(Ws { stream, since: None, last_v: None }),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            let body = r.body().as_ref().map(|b| serde_json::from_slice(b).unwrap_or(Value::Null)).unwrap_or_default();
            Err((r.status().as_u16(), body))
        }
        Err(e) => panic!("handshake to {path}: {e}"),
    }
}

/// The close frame of `ws`, skipping messages (collected and returned with it); panics after 10 s.
pub async fn closed(ws: &mut Ws) -> (CloseFrame, Vec<Value>) {
    let mut seen = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.stream.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return (frame.expect("a close frame with a code"), seen),
            Ok(Some(Ok(Message::Text(t)))) => seen.push(serde_json::from_str(t.as_str()).unwrap()),
            Ok(Some(Ok(_))) => continue,
            other => panic!("expected the server's close frame, got {other:?} after {seen:?}"),
        }
    }
}

pub async fn account(s: &TestServer, name: &str) -> String {
    let (status, body) = s.post("/api/players", json!({ "name": name })).await;
    assert_eq!(status, 201, "{body}");
    body["token"].as_str().unwrap().to_string()
}

pub async fn post_auth(s: &TestServer, path: &str, token: &str, body: Value) -> (u16, Value) {
    let r = s.http.post(s.url(path)).bearer_auth(token).json(&body).send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub async fn get_auth(s: &TestServer, path: &str, token: &str) -> (u16, Value) {
    let r = s.http.get(s.url(path)).bearer_auth(token).send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Skips feed messages (`seek_added`, `seek_removed`) until one of another type.
pub async fn next_answer(ws: &mut Ws) -> Value {
    loop {
        let m = ws.next().await;
        if m["type"] != "seek_added" && m["type"] != "seek_removed" {
            return m;
        }
    }
}

pub fn quick() -> Value {
    json!({ "type": "quick", "variant": "kubuguza", "clock": { "base_secs": 300, "increment_secs": 3 } })
}

pub async fn all_games(s: &TestServer) -> Vec<Value> {
    let (status, list) = s.get("/api/games?limit=100").await;
    assert_eq!(status, 200, "{list}");
    list["games"].as_array().unwrap().clone()
}

/// Aborts the game of a `paired` message (or a `SeatGranted`) from its seat.
pub async fn abort_paired(s: &TestServer, paired: &Value) {
    let id = paired["game"]["id"].as_str().unwrap();
    let mut ws = s.ws(id, paired["token"].as_str(), None).await;
    ws.next_of("snapshot").await;
    ws.send(json!({ "type": "abort", "id": "a" })).await;
    let answer = ws.next_of("accepted").await;
    assert_eq!(answer["id"], "a", "{answer}");
}
