//! Test harness: the real server on an ephemeral port (SQLite in a temp dir, or PostgreSQL), an HTTP
//! client, and a WebSocket client that speaks the protocol: typed messages ([`ClientMsg`] out,
//! [`ServerMsg`] in) and named seats ([`Seat`]); the raw JSON stays for tests of what is malformed.
#![allow(dead_code)]

pub mod cluster;
pub mod driver;
pub mod lobby;
pub mod poll;
pub mod process;
pub mod raw;
pub mod smtp;

use futures_util::{SinkExt, StreamExt};
use mancala_engine::Side;
use mancala_protocol::{ClientMsg, ErrorCode, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

pub struct TestServer {
    pub addr: SocketAddr,
    pub http: reqwest::Client,
    pub database_url: String,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
    _dir: Option<tempfile::TempDir>,
}

impl TestServer {
    /// A server on a fresh SQLite file.
    pub async fn start() -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("test.db").display());
        let mut s = TestServer::start_with(Config::with_database(&url)).await;
        s._dir = Some(dir);
        s
    }

    /// A server with `config` whose database lives in `dir` (kept as long as the server).
    pub async fn start_in(config: Config, dir: tempfile::TempDir) -> TestServer {
        let mut s = TestServer::start_with(config).await;
        s._dir = Some(dir);
        s
    }

    /// The client side of a server that runs elsewhere (a child process): the same helpers, nothing to
    /// stop.
    pub fn attach(addr: SocketAddr, database_url: &str) -> TestServer {
        TestServer {
            addr,
            http: reqwest::Client::new(),
            database_url: database_url.to_string(),
            stop: None,
            task: None,
            _dir: None,
        }
    }

    pub async fn start_with(config: Config) -> TestServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let database_url = config.database_url.clone();
        let task = tokio::spawn(async move {
            mancala_server::run(listener, config, async {
                let _ = stopped.await;
            })
            .await
            .expect("server runs");
        });
        let http = reqwest::Client::new();
        // Wait until it answers.
        for _ in 0..200 {
            if http.get(format!("http://{addr}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        TestServer { addr, http, database_url, stop: Some(stop), task: Some(task), _dir: None }
    }

    /// Stops the server gracefully and waits for it; keeps the database (returned for a restart).
    pub async fn stop(mut self) -> (String, Option<tempfile::TempDir>) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            t.await.expect("server task");
        }
        (self.database_url.clone(), self._dir.take())
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        let r = self.http.post(self.url(path)).json(&body).send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self.http.get(self.url(path)).send().await.expect("request");
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn get_text(&self, path: &str) -> (u16, String) {
        let r = self.http.get(self.url(path)).send().await.expect("request");
        (r.status().as_u16(), r.text().await.unwrap_or_default())
    }

    /// A gauge of `/metrics` (0 when it is not there yet).
    pub async fn gauge(&self, name: &str) -> f64 {
        let (_, text) = self.get_text("/metrics").await;
        text.lines()
            .find_map(|l| l.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
            .map(|v| v.trim().parse().unwrap())
            .unwrap_or(0.0)
    }

    /// Creates a game with `body` (variant etc.) and fills the other seat. Returns (game id, south token,
    /// north token).
    pub async fn new_game(&self, body: Value) -> (String, String, String) {
        let (status, created) = self.post("/api/games", body).await;
        assert_eq!(status, 201, "{created}");
        let id = created["game"]["id"].as_str().unwrap().to_string();
        let (status, joined) = self.post(&format!("/api/games/{id}/join"), json!({ "name": "baraka" })).await;
        assert_eq!(status, 200, "{joined}");
        let mine = created["token"].as_str().unwrap().to_string();
        let theirs = joined["token"].as_str().unwrap().to_string();
        if created["seat"] == "south" { (id, mine, theirs) } else { (id, theirs, mine) }
    }

    pub async fn ws(&self, game: &str, token: Option<&str>, since: Option<u64>) -> Ws {
        let mut url = format!("ws://{}/api/games/{game}/ws", self.addr);
        let mut sep = '?';
        if let Some(t) = token {
            url.push_str(&format!("{sep}token={t}"));
            sep = '&';
        }
        if let Some(v) = since {
            url.push_str(&format!("{sep}v={v}"));
        }
        let (stream, _) = connect_async(url).await.expect("websocket connects");
        Ws { stream, since, last_v: None }
    }
}

impl TestServer {
    /// A connection whose socket takes in very little until it is read (a 4 KiB receive buffer): a client
    /// on a slow link, or one that stopped reading, so that the server's queue for it really fills up.
    pub async fn ws_slow(&self, game: &str, token: Option<&str>) -> Ws {
        let mut url = format!("ws://{}/api/games/{game}/ws", self.addr);
        if let Some(t) = token {
            url.push_str(&format!("?token={t}"));
        }
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.set_recv_buffer_size(4096).expect("a small receive buffer");
        let tcp = socket.connect(self.addr).await.expect("connects");
        let (stream, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp)).await.expect("upgrade");
        Ws { stream, since: None, last_v: None }
    }
}

/// Who is at a table: a seated player or the spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    South,
    North,
    Spectator,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::South, Seat::North, Seat::Spectator];
    pub const PLAYERS: [Seat; 2] = [Seat::South, Seat::North];

    /// The seat's place in a table's per-viewer arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side's player.
    pub fn of(side: Side) -> Seat {
        match side {
            Side::South => Seat::South,
            Side::North => Seat::North,
        }
    }

    /// The side a seated player plays.
    pub fn side(self) -> Option<Side> {
        match self {
            Seat::South => Some(Side::South),
            Seat::North => Some(Side::North),
            Seat::Spectator => None,
        }
    }
}

/// A protocol client. Every message it reads is checked against the protocol's promise that versions only
/// ever increase on a connection: an event is exactly one after the version before it (the one the client
/// resumed from, for the first), a snapshot newer than anything received before on this connection.
pub struct Ws {
    pub stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The version this connection resumed from (`?v=`).
    pub since: Option<u64>,
    /// The last version received on this connection.
    pub last_v: Option<u64>,
}

/// A message of the server read as the protocol's type (a message it cannot read fails the test).
fn server_msg(value: Value) -> ServerMsg {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("not a server message ({e}): {value}"))
}

impl Ws {
    pub async fn send(&mut self, msg: Value) {
        self.stream.send(Message::Text(msg.to_string().into())).await.expect("send");
    }

    /// Sends a protocol message.
    pub async fn say(&mut self, msg: &ClientMsg) {
        self.send_text(&serde_json::to_string(msg).expect("a client message serialises")).await;
    }

    /// Sends a protocol message, or `None` if the connection is gone.
    pub async fn try_say(&mut self, msg: &ClientMsg) -> Option<()> {
        let text = serde_json::to_string(msg).expect("a client message serialises");
        self.stream.send(Message::Text(text.into())).await.ok()
    }

    /// The next server message, read as the protocol's type (a message it cannot read fails the test).
    pub async fn recv(&mut self) -> ServerMsg {
        server_msg(self.next().await)
    }

    /// [`Ws::recv`], or `None` when the connection closes or is silent for `wait`.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<ServerMsg> {
        Some(server_msg(self.try_next(wait).await?))
    }

    /// The next server message `pick` accepts (others, such as presence, are skipped).
    pub async fn recv_until<T>(&mut self, mut pick: impl FnMut(ServerMsg) -> Option<T>) -> T {
        loop {
            if let Some(found) = pick(self.recv().await) {
                return found;
            }
        }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.stream.send(Message::Text(text.to_string().into())).await.expect("send");
    }

    /// The next protocol message (skipping pings), or panics after 10 s.
    pub async fn next(&mut self) -> Value {
        self.next_or_why(Duration::from_secs(10)).await.unwrap_or_else(|why| panic!("no message: {why}"))
    }

    /// The next protocol message (skipping pings), or `None` when the connection closes or is silent for
    /// `wait`.
    pub async fn try_next(&mut self, wait: Duration) -> Option<Value> {
        self.next_or_why(wait).await.ok()
    }

    /// The next protocol message (skipping pings), or why none came: a failing test says whether the
    /// server closed the connection (and with what), it broke, or it stayed silent.
    pub async fn next_or_why(&mut self, wait: Duration) -> Result<Value, String> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let msg = match tokio::time::timeout_at(deadline, self.stream.next()).await {
                Err(_) => return Err(format!("silent for {wait:?}")),
                Ok(None) => return Err("the connection ended without a close frame".into()),
                Ok(Some(Err(e))) => return Err(format!("the connection failed: {e}")),
                Ok(Some(Ok(msg))) => msg,
            };
            match msg {
                Message::Text(t) => {
                    let value: Value = serde_json::from_str(t.as_str()).expect("server sends JSON");
                    self.check_version(&value);
                    return Ok(value);
                }
                Message::Close(frame) => return Err(format!("closed by the server: {frame:?}")),
                _ => continue,
            }
        }
    }

    /// Checks a message received by other means than [`Ws::next`].
    pub fn check(&mut self, msg: &Value) {
        self.check_version(msg);
    }

    fn check_version(&mut self, msg: &Value) {
        let Some(v) = msg["v"].as_u64() else { return };
        match msg["type"].as_str() {
            Some("snapshot") => {
                if let Some(last) = self.last_v {
                    assert!(v > last, "snapshot v={v} after v={last} on the same connection: {msg}");
                }
            }
            Some("event") => match self.last_v.or(self.since) {
                Some(last) => assert_eq!(v, last + 1, "event v={v} after v={last} on the same connection: {msg}"),
                None => panic!("an event before any snapshot on a fresh connection: {msg}"),
            },
            _ => return,
        }
        self.last_v = Some(v);
    }
}

/// A seeded pseudo-random pick (tests must be repeatable without a rand dependency).
pub fn pick(seed: &mut u64, n: usize) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % n as u64) as usize
}

/// A fresh database on the test server, dropped by [`drop_db`].
/// Sends `msg` on `ws` and returns the answer to it (`accepted` or `rejected`, skipping what comes before).
pub async fn answer(ws: &mut Ws, msg: &ClientMsg) -> ServerMsg {
    ws.say(msg).await;
    ws.recv_until(|m| matches!(m, ServerMsg::Accepted { .. } | ServerMsg::Rejected { .. }).then_some(m)).await
}

/// The code of a refusal, `None` for another message.
pub fn refused(m: &ServerMsg) -> Option<ErrorCode> {
    match m {
        ServerMsg::Rejected { code, .. } => Some(*code),
        _ => None,
    }
}

/// Registers the account `name` (`POST /api/players`); its player token.
pub async fn account(s: &TestServer, name: &str) -> String {
    let (status, body) = s.post("/api/players", json!({ "name": name })).await;
    assert_eq!(status, 201, "{body}");
    body["token"].as_str().unwrap().to_string()
}

/// `POST path` as the account of `token`, which must succeed; the answer's body.
pub async fn post_as(s: &TestServer, token: &str, path: &str, body: Value) -> Value {
    let r = s.http.post(s.url(path)).json(&body).bearer_auth(token).send().await.expect("request");
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap()
}

/// A test that cannot run here for want of setup (a database, a broker, root) says so and returns, except
/// under CI (`CI` set, as `.ci/run` does), where a skipped test would pass silently: there it fails.
/// The line goes to the process's standard error itself, not through `eprintln!`, which the test harness
/// captures and shows only for a failed test: a skip is seen in every `cargo test`.
pub fn skip(why: &str) {
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        panic!("{why} (CI is set: a test that cannot run fails rather than passing silently)");
    }
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "SKIPPED: {why}");
}

pub async fn fresh_db(tag: &str) -> Option<(String, String)> {
    let Ok(base) = std::env::var("TEST_DATABASE_URL") else {
        skip(&format!("TEST_DATABASE_URL is not set: skipping the PostgreSQL test `{tag}`"));
        return None;
    };
    sqlx::any::install_default_drivers();
    let name = format!("mancala_test_{tag}_{}", std::process::id());
    let mut conn =
        <sqlx::AnyConnection as sqlx::Connection>::connect(&base).await.expect("connect to TEST_DATABASE_URL");
    let drop = format!("DROP DATABASE IF EXISTS {name}");
    sqlx::raw_sql(sqlx::AssertSqlSafe(drop)).execute(&mut conn).await.expect("drop");
    let create = format!("CREATE DATABASE {name}");
    sqlx::raw_sql(sqlx::AssertSqlSafe(create)).execute(&mut conn).await.expect("create");
    let (prefix, _) = base.rsplit_once('/').expect("a URL with a database");
    Some((base.clone(), format!("{prefix}/{name}")))
}

pub async fn drop_db(base: &str, url: &str) {
    let name = url.rsplit_once('/').unwrap().1;
    let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
    // Server processes dropped a moment ago are killed but not yet reaped: their pools can still open a
    // connection between FORCE's terminations and the drop ("being accessed by other users"), or hold
    // the server's last connection slots. Ask again until the database is gone.
    let mut last = String::new();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut backoff = poll::Backoff::up_to(std::time::Duration::from_millis(200));
    while tokio::time::Instant::now() < deadline {
        match <sqlx::AnyConnection as sqlx::Connection>::connect(base).await {
            Ok(mut conn) => match sqlx::raw_sql(sqlx::AssertSqlSafe(sql.clone())).execute(&mut conn).await {
                Ok(_) => return,
                Err(e) => last = format!("drop: {e}"),
            },
            Err(e) => last = format!("connect: {e}"),
        }
        backoff.wait().await;
    }
    panic!("drop {name}: {last}");
}
