//! Lobby clients for the lobby tests: a server with the creation limits off, lobby sockets (by query, or
//! with a browser's headers: `Origin` and `Cookie`) that speak the lobby's typed messages
//! ([`LobbyClientMsg`] out, [`LobbyServerMsg`] in), accounts, and HTTP calls with a bearer token.

use super::{TestServer, Ws};
use futures_util::StreamExt;
use mancala_protocol::http::SeatGranted;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg, Seek, SeekList};
use mancala_protocol::{ClientMsg, ClockSpec, ServerMsg, Variant};
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

impl Ws {
    /// Sends a lobby message.
    pub async fn lobby_say(&mut self, msg: &LobbyClientMsg) {
        self.send_text(&serde_json::to_string(msg).expect("a lobby message serialises")).await;
    }

    /// The next lobby message, read as the protocol's type (a message it cannot read fails the test).
    pub async fn lobby_recv(&mut self) -> LobbyServerMsg {
        self.lobby_try_recv(Duration::from_secs(10)).await.expect("a lobby message within 10 s")
    }

    /// [`Ws::lobby_recv`], or `None` when the connection closes or is silent for `wait`. The live game
    /// lists' messages are skipped (they come at their own pace; [`Ws::lists_recv`] reads them).
    pub async fn lobby_try_recv(&mut self, wait: Duration) -> Option<LobbyServerMsg> {
        loop {
            let msg = read_lobby(self.try_next(wait).await?);
            if !of_lists(&msg) {
                return Some(msg);
            }
        }
    }

    /// The next message of the live game lists (`games`, `game_added`, `game_changed`, `game_removed`),
    /// others skipped; panics after 10 s without one.
    pub async fn lists_recv(&mut self) -> LobbyServerMsg {
        loop {
            let value = self.try_next(Duration::from_secs(10)).await.expect("a lobby message within 10 s");
            let msg = read_lobby(value);
            if of_lists(&msg) {
                return msg;
            }
        }
    }

    /// The next message of the live game lists that `pick` accepts (others are skipped).
    pub async fn lobby_lists_until<T>(&mut self, mut pick: impl FnMut(LobbyServerMsg) -> Option<T>) -> T {
        loop {
            if let Some(found) = pick(self.lists_recv().await) {
                return found;
            }
        }
    }

    /// The next lobby message `pick` accepts (others are skipped).
    pub async fn lobby_recv_until<T>(&mut self, mut pick: impl FnMut(LobbyServerMsg) -> Option<T>) -> T {
        loop {
            if let Some(found) = pick(self.lobby_recv().await) {
                return found;
            }
        }
    }
}

/// A message of the live game lists.
pub fn of_lists(m: &LobbyServerMsg) -> bool {
    matches!(
        m,
        LobbyServerMsg::Games { .. }
            | LobbyServerMsg::GameAdded { .. }
            | LobbyServerMsg::GameChanged { .. }
            | LobbyServerMsg::GameRemoved { .. }
    )
}

/// A lobby message as the protocol's type. It must read back as exactly what was sent, so that comparing
/// typed messages compares what was on the wire (no field the type does not know, none left out).
fn read_lobby(value: Value) -> LobbyServerMsg {
    let msg: LobbyServerMsg =
        serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("not a lobby message ({e}): {value}"));
    assert_eq!(serde_json::to_value(&msg).unwrap(), value, "the lobby message reads back as sent");
    msg
}

/// A lobby socket with `query` (`name=…` or `token=…`); its first message (`seeks`) is returned too.
pub async fn lobby(s: &TestServer, query: &str) -> (Ws, SeekList) {
    let (stream, _) = connect_async(format!("ws://{}/api/lobby/ws?{query}", s.addr)).await.expect("lobby connects");
    let mut ws = Ws { stream, since: None, last_v: None };
    let first = ws.lobby_recv().await;
    let LobbyServerMsg::Seeks { seeks, total } = first else { panic!("the first message is not `seeks`: {first:?}") };
    (ws, SeekList { seeks, total })
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

/// The close frame of a lobby socket, skipping messages (collected and returned with it); panics after
/// 10 s.
pub async fn closed(ws: &mut Ws) -> (CloseFrame, Vec<LobbyServerMsg>) {
    let mut seen = Vec::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.stream.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return (frame.expect("a close frame with a code"), seen),
            Ok(Some(Ok(Message::Text(t)))) => {
                let msg = read_lobby(serde_json::from_str(t.as_str()).unwrap());
                if !of_lists(&msg) {
                    seen.push(msg);
                }
            }
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
pub async fn next_answer(ws: &mut Ws) -> LobbyServerMsg {
    ws.lobby_recv_until(|m| {
        (!matches!(m, LobbyServerMsg::SeekAdded { .. } | LobbyServerMsg::SeekRemoved { .. })).then_some(m)
    })
    .await
}

/// The seek of a `seek_created` answer (any other message fails the test).
pub fn created(m: LobbyServerMsg) -> Seek {
    match m {
        LobbyServerMsg::SeekCreated { seek } => seek,
        other => panic!("not `seek_created`: {other:?}"),
    }
}

/// The seat of a `paired` message (any other message fails the test).
pub fn paired(m: LobbyServerMsg) -> SeatGranted {
    match m {
        LobbyServerMsg::Paired(granted) => *granted,
        other => panic!("not `paired`: {other:?}"),
    }
}

/// The code and message of an `error` (any other message fails the test).
pub fn refused(m: LobbyServerMsg) -> (String, String) {
    match m {
        LobbyServerMsg::Error { code, message, .. } => (code, message),
        other => panic!("not an `error`: {other:?}"),
    }
}

/// A `seek` of `variant` with nothing else asked.
pub fn seek(variant: Variant) -> LobbyClientMsg {
    LobbyClientMsg::Seek { variant, options: None, clock: None, rated: false, range: None }
}

/// A casual `quick` of `variant` without a clock.
pub fn quick_of(variant: Variant) -> LobbyClientMsg {
    LobbyClientMsg::Quick { variant, clock: None, rated: false }
}

pub fn quick() -> LobbyClientMsg {
    LobbyClientMsg::Quick { variant: Variant::Kubuguza, clock: Some(ClockSpec::fischer(300, 3)), rated: false }
}

pub async fn all_games(s: &TestServer) -> Vec<Value> {
    let (status, list) = s.get("/api/games?limit=100").await;
    assert_eq!(status, 200, "{list}");
    list["games"].as_array().unwrap().clone()
}

/// Aborts the game of a `paired` message (or a `SeatGranted`) from its seat.
pub async fn abort_paired(s: &TestServer, paired: &SeatGranted) {
    let mut ws = s.ws(&paired.game.id, Some(&paired.token), None).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
    ws.say(&ClientMsg::Abort { id: Some("a".into()) }).await;
    let id = ws
        .recv_until(|m| match m {
            ServerMsg::Accepted { id, .. } => Some(id),
            _ => None,
        })
        .await;
    assert_eq!(id.as_deref(), Some("a"));
}
