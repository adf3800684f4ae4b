//! SIGTERM to a real `mancala-server` process while a game is played and a spectator has stopped reading:
//! the sockets close with 1001, `/healthz` answers 503 `shutting_down` during the grace period (the
//! listener still accepts), new games are refused, the process exits cleanly with nothing logged as a
//! failed store write, and every acknowledged decision is there after a restart. Health checks during the
//! shutdown are all answered until the listener closes; rooms restored on start count in the room gauge.

use crate::common;

use common::driver::Table;
use common::process::Process;
use common::{Seat, TestServer};
use futures_util::StreamExt;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio_tungstenite::MaybeTlsStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The close code a connection gets next (skipping any messages before it).
async fn close_code(ws: &mut common::Ws) -> Option<CloseCode> {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Instant::now() < deadline {
        match tokio::time::timeout(Duration::from_secs(10), ws.stream.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| f.code),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
    None
}

/// The bytes waiting in the kernel on the local TCP socket `local` connected to `remote` (IPv4): what
/// it has written and the other end has not taken, and what it received and nobody read, as
/// `/proc/net/tcp` shows them (`tx_queue:rx_queue`); 0 and 0 when the connection is not listed.
fn queued(local: SocketAddr, remote: SocketAddr) -> (u64, u64) {
    let hex = |a: SocketAddr| match a {
        SocketAddr::V4(a) => format!("{:08X}:{:04X}", u32::from_le_bytes(a.ip().octets()), a.port()),
        SocketAddr::V6(_) => unreachable!("the test's connections are IPv4"),
    };
    let (local, remote) = (hex(local), hex(remote));
    let table = std::fs::read_to_string("/proc/net/tcp").expect("the kernel's TCP table");
    let queues = table.lines().skip(1).find_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        (fields.get(1) == Some(&local.as_str()) && fields.get(2) == Some(&remote.as_str())).then(|| fields[4])
    });
    let Some((tx, rx)) = queues.and_then(|q| q.split_once(':')) else { return (0, 0) };
    (u64::from_str_radix(tx, 16).unwrap(), u64::from_str_radix(rx, 16).unwrap())
}

#[tokio::test]
async fn sigterm_closes_sockets_answers_shutting_down_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    // A small send buffer, so that a spectator who stopped reading really holds its connection's writer
    // (and so the server in its grace period, long enough to be seen).
    let server = Process::start(&url, &["--shutdown-grace-secs", "3", "--socket-send-buffer", "4096"]).await;
    let client = TestServer::attach(server.addr, &url);
    let (id, south, north) = client.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&client, &id, &south, &north).await;
    // A spectator that reads nothing: the answers to its pings fill its socket and its queue.
    let mut stalled = client.ws_slow(&id, None).await;
    for k in 0..2000 {
        stalled.send(json!({ "type": "ping", "id": k.to_string() })).await;
    }
    // Until its socket holds answers it does not read, the server's holds more it cannot send, and the
    // server has stopped reading its pings: the server's writer for it waits, its queue full. Bytes in
    // each queue are not enough: on the loopback they are there for a moment while the answers still
    // flow (unacknowledged, or not yet read by a server still answering), so the three must also stay
    // the same for a while.
    let MaybeTlsStream::Plain(tcp) = stalled.stream.get_ref() else { unreachable!("a plain connection") };
    let spectator = tcp.local_addr().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    let (mut last, mut still) = ((0, 0, 0), 0);
    while still < 10 {
        assert!(Instant::now() < deadline, "the answers to the stalled spectator did not back up: {last:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
        let (unread, (unsent, pings)) = (queued(spectator, server.addr).1, queued(server.addr, spectator));
        let now = (unread, unsent, pings);
        still = if now == last && unread > 0 && unsent > 0 && pings > 0 { still + 1 } else { 0 };
        last = now;
    }
    let mut seed = 3;
    t.play_random(&mut seed, 8).await;
    let acknowledged = t.versions.south;

    let signalled = Instant::now();
    server.signal("-TERM");
    for seat in Seat::ALL {
        assert_eq!(close_code(t.ws(seat)).await, Some(CloseCode::Away), "{seat:?} is told the server is going");
    }
    let (status, body) = client.get("/healthz").await;
    assert_eq!((status, body["error"].as_str()), (503, Some("shutting_down")), "{body}");
    let (status, body) = client.post("/api/games", json!({ "variant": "azigo" })).await;
    assert_eq!(status, 503, "no new game while shutting down: {body}");

    let (status, log) = server.exited(Duration::from_secs(15)).await;
    assert!(status.success(), "a clean exit: {status}\n{log}");
    assert!(signalled.elapsed() >= Duration::from_secs(2), "the stalled spectator held the grace period:\n{log}");
    assert!(log.contains("did not stop in time"), "and the log says so:\n{log}");
    assert!(!log.contains("store failed") && !log.contains("ERROR"), "nothing logged as an error:\n{log}");
    drop(stalled.stream.close(None).await);

    let server = Process::start(&url, &[]).await;
    let client = TestServer::attach(server.addr, &url);
    let mut t = Table::open(&client, &id, &south, &north).await;
    assert_eq!(t.versions.south, acknowledged, "every acknowledged decision is there");
    t.play_random(&mut seed, 10_000).await;
    assert!(t.over(), "and the game goes on to its end");
    drop(server);
}

/// The server process turns transparent huge pages off for itself at start-up (server/src/main.rs): the
/// kernel shows it in the process's status.
#[tokio::test]
async fn the_server_process_runs_without_transparent_huge_pages() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let server = Process::start(&url, &[]).await;
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.pid())).expect("the process's status");
    let Some(line) = status.lines().find(|l| l.starts_with("THP_enabled:")) else {
        eprintln!("SKIPPED: this kernel does not show THP_enabled in /proc/PID/status");
        return;
    };
    assert_eq!(line.split_whitespace().nth(1), Some("0"), "{line}");
}

/// What became of one request.
enum Outcome {
    /// An answer: its status and body.
    Answered(u16, String),
    /// No connection: the listener is closed.
    Refused,
    /// A connection, but no answer: what the client saw.
    Lost(String),
}

/// `GET /healthz` on a connection of its own, read to its end.
async fn healthz_alone(addr: std::net::SocketAddr) -> Outcome {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = match tokio::net::TcpStream::connect(addr).await {
        Ok(tcp) => tcp,
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => return Outcome::Refused,
        Err(e) => return Outcome::Lost(format!("connect: {e}")),
    };
    let request = "GET /healthz HTTP/1.1\r\nHost: mancala\r\nConnection: close\r\n\r\n";
    if let Err(e) = tcp.write_all(request.as_bytes()).await {
        return Outcome::Lost(format!("write: {e}"));
    }
    let mut answer = Vec::new();
    match tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut answer)).await {
        Err(_) => return Outcome::Lost("no answer in 10 s".into()),
        Ok(Err(e)) if answer.is_empty() => return Outcome::Lost(format!("read: {e}")),
        Ok(_) => {}
    }
    let text = String::from_utf8_lossy(&answer).into_owned();
    match text.strip_prefix("HTTP/1.1 ").and_then(|t| t.get(..3)).and_then(|s| s.parse().ok()) {
        Some(status) => Outcome::Answered(status, text),
        None => Outcome::Lost(format!("not an answer: {text:?}")),
    }
}

/// `GET /healthz` on the kept-alive connections of `http`.
async fn healthz_kept_alive(http: &reqwest::Client, addr: std::net::SocketAddr) -> Outcome {
    match http.get(format!("http://{addr}/healthz")).send().await {
        Ok(r) => Outcome::Answered(r.status().as_u16(), r.text().await.unwrap_or_default()),
        Err(e) if e.is_connect() => Outcome::Refused,
        Err(e) => Outcome::Lost(format!("{e:?}")),
    }
}

/// Asks `/healthz` again and again until the listener refuses; returns every outcome.
/// Counts itself in `going` once it had its first answer.
async fn hammer(addr: std::net::SocketAddr, kept_alive: bool, going: Arc<AtomicUsize>) -> Vec<Outcome> {
    let http = reqwest::Client::new();
    let mut seen = Vec::new();
    let until = Instant::now() + Duration::from_secs(20);
    while Instant::now() < until {
        let outcome = if kept_alive { healthz_kept_alive(&http, addr).await } else { healthz_alone(addr).await };
        if seen.is_empty() && matches!(outcome, Outcome::Answered(..)) {
            going.fetch_add(1, Ordering::SeqCst);
        }
        let refused = matches!(outcome, Outcome::Refused);
        seen.push(outcome);
        if refused {
            break;
        }
    }
    seen
}

/// SIGTERM while clients ask `/healthz` as fast as they can, each on connections of its own or on
/// kept-alive ones: every request that got a connection gets an answer (200 before the signal, 503
/// `shutting_down` after it), until the listener closes and connections are refused; none is dropped
/// unanswered, over many cycles.
#[tokio::test]
async fn every_health_check_is_answered_until_the_listener_closes() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let (mut lost, mut shutting_down) = (Vec::new(), 0);
    for cycle in 0..6 {
        let server = Process::start(&url, &["--shutdown-grace-secs", "3"]).await;
        let client = TestServer::attach(server.addr, &url);
        // A spectator that never reads holds the grace period open for a while (its close handshake).
        let (id, _, _) = client.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
        let watcher = client.ws(&id, None, None).await;
        let going = Arc::new(AtomicUsize::new(0));
        let hammers: Vec<_> = [false, false, false, true]
            .into_iter()
            .map(|kept_alive| tokio::spawn(hammer(server.addr, kept_alive, going.clone())))
            .collect();
        // The signal comes while every client is asking.
        let deadline = Instant::now() + Duration::from_secs(10);
        while going.load(Ordering::SeqCst) < hammers.len() {
            assert!(Instant::now() < deadline, "the clients got no answer before the signal");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        server.signal("-TERM");
        for h in hammers {
            for outcome in h.await.unwrap() {
                match outcome {
                    Outcome::Answered(503, body) if body.contains("shutting_down") => shutting_down += 1,
                    Outcome::Answered(200, _) | Outcome::Refused => {}
                    Outcome::Answered(status, body) => lost.push((cycle, format!("answered {status}: {body}"))),
                    Outcome::Lost(why) => lost.push((cycle, why)),
                }
            }
        }
        let (status, log) = server.exited(Duration::from_secs(15)).await;
        assert!(status.success(), "a clean exit: {status}\n{log}");
        drop(watcher);
    }
    assert!(lost.is_empty(), "requests without their answer (cycle, outcome): {lost:?}");
    assert!(shutting_down > 0, "the grace period answered 503 shutting_down");
}

/// The rooms a restarted process loads on start count in `mancala_rooms`, and leave it when they end:
/// the gauge the operator watches never goes below zero.
#[tokio::test]
async fn rooms_restored_on_start_count_in_the_room_gauge() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let server = Process::start(&url, &[]).await;
    let client = TestServer::attach(server.addr, &url);
    let (id, _, _) = client.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    server.signal("-TERM");
    server.exited(Duration::from_secs(15)).await;
    // Restarted with a short first-move time: the unplayed game is loaded on start, then aborted.
    let server = Process::start(&url, &["--first-move-secs", "1", "--linger-secs", "1"]).await;
    let client = TestServer::attach(server.addr, &url);
    assert_eq!(client.gauge("mancala_rooms").await, 1.0);
    let deadline = Instant::now() + Duration::from_secs(10);
    while client.gauge("mancala_rooms").await != 0.0 {
        assert!(Instant::now() < deadline, "the room did not end");
        crate::common::poll::tick().await;
    }
    let (_, game) = client.get(&format!("/api/games/{id}")).await;
    assert_eq!(game["game"]["result"]["reason"], "aborted", "{game}");
    assert_eq!(client.gauge("mancala_rooms").await, 0.0);
}

/// `mancala_games_live` counts the games being played: not a game waiting for its opponent, one from
/// its opponent's arrival, none once it ended (while its room still lingers in `mancala_rooms`).
#[tokio::test]
async fn the_live_games_gauge_counts_games_being_played() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    let server = Process::start(&url, &["--first-move-secs", "1", "--linger-secs", "30"]).await;
    let client = TestServer::attach(server.addr, &url);
    let until = |want: f64, what: &'static str| {
        let client = &client;
        async move {
            let deadline = Instant::now() + Duration::from_secs(10);
            while client.gauge("mancala_games_live").await != want {
                assert!(Instant::now() < deadline, "{what}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    };
    let (status, created) = client.post("/api/games", json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    assert_eq!(client.gauge("mancala_rooms").await, 1.0);
    assert_eq!(client.gauge("mancala_games_live").await, 0.0, "a waiting game is not being played");
    let (status, _) = client.post(&format!("/api/games/{id}/join"), json!({ "name": "baraka" })).await;
    assert_eq!(status, 200);
    until(1.0, "the joined game counted").await;
    // Nobody moves: aborted after the first-move time, its room lingering.
    until(0.0, "the ended game not counted").await;
    assert_eq!(client.gauge("mancala_rooms").await, 1.0, "the room lingers");
    server.signal("-TERM");
    server.exited(Duration::from_secs(15)).await;
}
