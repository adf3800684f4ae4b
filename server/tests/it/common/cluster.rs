//! Several `mancala-server` nodes as child processes on one PostgreSQL and one broker, and a client that
//! survives their deaths: when its connection closes (or goes silent) it reconnects, to its own node if
//! that one is up or else to the next one that is, with `?v=` the last version it holds, and tells its
//! caller so, which resends an unanswered decision with the same id. Needs `TEST_DATABASE_URL` and
//! `TEST_BROKER_URL` (`.ci/run` sets both).

use super::Ws;
use super::process::Process;
use mancala_protocol::{BoardView, ClientMsg, ErrorCode, ServerMsg};
use serde_json::Value;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The broker for cluster tests, or `None` (and a skip line) without `TEST_BROKER_URL`.
pub fn broker_url(test: &str) -> Option<String> {
    match std::env::var("TEST_BROKER_URL") {
        Ok(url) => Some(url),
        Err(_) => {
            super::skip(&format!(
                "TEST_BROKER_URL is not set (e.g. nats://127.0.0.1:4222): skipping the cluster test `{test}`"
            ));
            None
        }
    }
}

/// A node with a short lease, so that takeovers happen within a test.
pub async fn start_node(database_url: &str, broker: &str, id: &str, lease_secs: u64) -> Process {
    let lease = lease_secs.to_string();
    Process::start(database_url, &["--broker-url", broker, "--node-id", id, "--lease-secs", &lease]).await
}

/// The nodes' current addresses (`None` while a node is down), shared by the clients.
#[derive(Clone, Default)]
pub struct Nodes(Arc<Mutex<Vec<Option<SocketAddr>>>>);

impl Nodes {
    pub fn new(addrs: &[SocketAddr]) -> Nodes {
        Nodes(Arc::new(Mutex::new(addrs.iter().copied().map(Some).collect())))
    }

    pub fn set(&self, i: usize, addr: Option<SocketAddr>) {
        self.0.lock().unwrap()[i] = addr;
    }

    pub fn get(&self, i: usize) -> Option<SocketAddr> {
        self.0.lock().unwrap()[i]
    }

    /// Node `home` if it is up, else the next one that is.
    pub fn pick(&self, home: usize) -> Option<SocketAddr> {
        let nodes = self.0.lock().unwrap();
        (0..nodes.len()).map(|k| (home + k) % nodes.len()).find_map(|i| nodes[i])
    }
}

/// What [`Client::next`] got.
pub enum Got {
    Msg(Box<ServerMsg>),
    /// The connection was replaced by a new one (resend what is unanswered).
    Reconnected,
}

/// A viewer of one game that reconnects by itself.
pub struct Client {
    pub nodes: Nodes,
    pub home: usize,
    pub game: String,
    pub token: Option<String>,
    pub ws: Option<Ws>,
    pub v: u64,
    /// The latest board this viewer got (`None` before its first snapshot).
    pub view: Option<BoardView>,
    pub reconnects: u32,
    /// Close codes seen.
    pub closes: Vec<u16>,
    /// For the secrets check: the game's variant and who this is (0 south, 1 north, 2 spectator).
    pub variant: String,
    pub viewer: usize,
}

impl Client {
    pub async fn open(
        nodes: &Nodes,
        home: usize,
        game: &str,
        token: Option<&str>,
        variant: &str,
        viewer: usize,
    ) -> Client {
        let mut c = Client {
            variant: variant.to_string(),
            viewer,
            nodes: nodes.clone(),
            home,
            game: game.to_string(),
            token: token.map(String::from),
            ws: None,
            v: 0,
            view: None,
            reconnects: 0,
            closes: Vec::new(),
        };
        c.connect().await;
        // The first message with a version is the snapshot.
        while c.v == 0 {
            let Got::Msg(_) = c.next().await else { continue };
        }
        c
    }

    /// Connects (to its node, or the next one up), retrying for up to 30 s.
    async fn connect(&mut self) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        let mut backoff = super::poll::Backoff::up_to(Duration::from_millis(400));
        loop {
            if let Some(addr) = self.nodes.pick(self.home) {
                let mut url = format!("ws://{addr}/api/games/{}/ws", self.game);
                let mut sep = '?';
                if let Some(t) = &self.token {
                    url.push_str(&format!("?token={t}"));
                    sep = '&';
                }
                let since = (self.v > 0).then_some(self.v);
                if let Some(v) = since {
                    url.push_str(&format!("{sep}v={v}"));
                }
                let attempt = tokio::time::timeout(Duration::from_secs(10), tokio_tungstenite::connect_async(url));
                if let Ok(Ok((stream, _))) = attempt.await {
                    self.ws = Some(Ws { stream, since, last_v: None });
                    return;
                }
            }
            assert!(tokio::time::Instant::now() < deadline, "no node took the connection for 30 s");
            backoff.wait().await;
        }
    }

    /// The next message; a closed or silent (8 s) connection is replaced first.
    pub async fn next(&mut self) -> Got {
        let ws = self.ws.as_mut().expect("connected");
        match next_or_close(ws, Duration::from_secs(8)).await {
            Ok(m) => {
                let m: ServerMsg = serde_json::from_value(m.clone()).unwrap_or_else(|e| panic!("{e}: {m}"));
                super::driver::check_no_secret(&m, super::Seat::ALL[self.viewer]);
                match &m {
                    ServerMsg::Snapshot { v, view, .. } => {
                        self.v = *v;
                        self.view = Some(view.clone());
                    }
                    ServerMsg::Event { v, view, .. } => {
                        self.v = *v;
                        if let Some(view) = view {
                            self.view = Some(view.clone());
                        }
                    }
                    _ => {}
                }
                Got::Msg(Box::new(m))
            }
            Err(code) => {
                self.closes.extend(code);
                self.reconnects += 1;
                self.ws = None;
                self.connect().await;
                Got::Reconnected
            }
        }
    }

    pub async fn send(&mut self, msg: &ClientMsg) {
        if self.ws.as_mut().expect("connected").try_say(msg).await.is_none() {
            // The next read notices the close and reconnects; the caller resends then.
        }
    }

    /// The decisions this viewer may make now (none before its first board).
    pub fn legal(&self) -> &[String] {
        self.view.as_ref().map_or(&[], |v| v.legal.as_slice())
    }

    /// The game is over on this viewer's board.
    pub fn saw_the_end(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.outcome.is_some())
    }

    /// Reads until this viewer holds version `v`.
    pub async fn catch_up(&mut self, v: u64) {
        while self.v < v {
            self.next().await;
        }
    }
}

/// The next text message, or `Err` with the close code (if any) when the connection closes or is silent.
async fn next_or_close(ws: &mut Ws, wait: Duration) -> Result<Value, Option<u16>> {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let msg = match tokio::time::timeout_at(deadline, ws.stream.next()).await {
            Ok(Some(Ok(m))) => m,
            _ => return Err(None),
        };
        match msg {
            Message::Text(t) => {
                let value: Value = serde_json::from_str(t.as_str()).expect("server sends JSON");
                ws.check(&value);
                return Ok(value);
            }
            Message::Close(frame) => return Err(frame.map(|f| u16::from(f.code))),
            _ => continue,
        }
    }
}

/// Two seats and a spectator of one game, each on a node of its own, playing random legal decisions.
pub struct Match {
    pub id: String,
    pub seats: [Client; 2],
    pub spectator: Client,
    pub next_id: u64,
    /// Every decision answered `accepted`: (ply, notation, client id).
    pub acknowledged: Vec<(u64, String, String)>,
    pub seed: u64,
}

impl Match {
    /// Seats South on node `homes[0]`, North on `homes[1]`, the spectator on `homes[2]`.
    pub async fn open(nodes: &Nodes, id: &str, south: &str, north: &str, variant: &str, homes: [usize; 3]) -> Match {
        let seats = [
            Client::open(nodes, homes[0], id, Some(south), variant, 0).await,
            Client::open(nodes, homes[1], id, Some(north), variant, 1).await,
        ];
        let spectator = Client::open(nodes, homes[2], id, None, variant, 2).await;
        Match { id: id.to_string(), seats, spectator, next_id: 1, acknowledged: Vec::new(), seed: 7 }
    }

    pub fn over(&self) -> bool {
        self.spectator.saw_the_end()
    }

    /// Plays one decision (resending it with the same id across reconnects and `unavailable`) and
    /// brings the three viewers up to date. `false` when the game is over.
    pub async fn step(&mut self) -> bool {
        let mover = (0..2).find(|&i| !self.seats[i].legal().is_empty());
        let Some(i) = mover else {
            // Nobody may move: the game is over, or a viewer is behind (its connection was moved and it has
            // not read it yet); bring everyone to the newest version seen.
            let v = self.seats[0].v.max(self.seats[1].v).max(self.spectator.v);
            for c in self.seats.iter_mut().chain([&mut self.spectator]) {
                c.catch_up(v).await;
            }
            let stuck = !self.over() && self.seats.iter().all(|c| c.v == v && c.legal().is_empty());
            assert!(!stuck, "nobody may move at version {v}, yet the game is not over: {:?}", self.spectator.view);
            return !self.over();
        };
        let legal = self.seats[i].legal();
        let decision = legal[super::pick(&mut self.seed, legal.len())].clone();
        let id = format!("d{}", self.next_id);
        self.next_id += 1;
        let msg = ClientMsg::Decide { id: id.clone(), decision: decision.clone(), game: None, seat: None };
        self.seats[i].send(&msg).await;
        let mut backoff = super::poll::Backoff::up_to(Duration::from_millis(400));
        let v = loop {
            let m = match self.seats[i].next().await {
                Got::Msg(m) => *m,
                Got::Reconnected => {
                    self.seats[i].send(&msg).await;
                    continue;
                }
            };
            match m {
                ServerMsg::Accepted { id: Some(answered), v } if answered == id => break v,
                ServerMsg::Rejected { .. } if answers(&m, &id) => {
                    assert!(
                        matches!(m, ServerMsg::Rejected { code: ErrorCode::Unavailable, .. }),
                        "{decision} by seat {i}: {m:?}"
                    );
                    backoff.wait().await;
                    self.seats[i].send(&msg).await;
                }
                ServerMsg::Error { code: ErrorCode::RateLimited, .. } => {
                    backoff.wait().await;
                    self.seats[i].send(&msg).await;
                }
                _ => {}
            }
        };
        self.acknowledged.push((v - 1, decision, id));
        let target = self.seats[i].v.max(v);
        self.seats[i].catch_up(target).await;
        let target = self.seats[i].v;
        self.seats[1 - i].catch_up(target).await;
        self.spectator.catch_up(target).await;
        !self.over()
    }
}

/// `m` is the answer (`accepted` or `rejected`) to the message with `id`.
pub fn answers(m: &ServerMsg, id: &str) -> bool {
    match m {
        ServerMsg::Accepted { id: Some(answered), .. } | ServerMsg::Rejected { id: Some(answered), .. } => {
            answered == id
        }
        _ => false,
    }
}

/// Creates a game on node `on` and fills the other seat: (id, south token, north token).
pub async fn new_game(addr: SocketAddr, body: Value) -> (String, String, String) {
    let client = super::TestServer::attach(addr, "");
    client.new_game(body).await
}

/// The stored record of a game, read from the database: (ply, decision, client id).
pub async fn stored_moves(database_url: &str, game: &str) -> Vec<(i64, String, Option<String>)> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(database_url).await.unwrap();
    let rows: Vec<(i64, String, Option<String>)> =
        sqlx::query_as("SELECT CAST(ply AS BIGINT), decision, client_id FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game)
            .fetch_all(&pool)
            .await
            .unwrap();
    pool.close().await;
    rows
}

/// Every acknowledged decision is stored at its ply, and no client id is stored twice.
pub async fn check_stored(database_url: &str, game: &str, acknowledged: &[(u64, String, String)]) {
    let stored = stored_moves(database_url, game).await;
    for (k, (ply, _, _)) in stored.iter().enumerate() {
        assert_eq!(*ply, k as i64 + 1, "plies are consecutive");
    }
    for (ply, decision, id) in acknowledged {
        let row = stored.get(*ply as usize - 1).unwrap_or_else(|| panic!("acknowledged ply {ply} is not stored"));
        assert_eq!(&row.1, decision, "ply {ply}");
        assert_eq!(row.2.as_deref(), Some(id.as_str()), "ply {ply} was decided by {id}");
    }
    let mut ids: Vec<&String> = stored.iter().filter_map(|r| r.2.as_ref()).collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n, "a decision was applied twice");
}

/// `/metrics` of a node, as text.
pub async fn metrics(addr: SocketAddr) -> String {
    reqwest::get(format!("http://{addr}/metrics")).await.unwrap().text().await.unwrap()
}

/// A metric's value (summed over its labels), 0 when absent.
pub fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .filter(|l| l.starts_with(name) && l[name.len()..].starts_with([' ', '{']))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}
