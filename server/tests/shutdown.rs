//! SIGTERM to a real `mancala-server` process while a game is played and a spectator has stopped reading:
//! the sockets close with 1001, `/healthz` answers 503 `shutting_down` during the grace period (the
//! listener still accepts), new games are refused, the process exits cleanly with nothing logged as a
//! failed store write, and every acknowledged decision is there after a restart.

mod common;

use common::TestServer;
use common::driver::Table;
use common::process::Process;
use futures_util::StreamExt;
use serde_json::json;
use std::time::{Duration, Instant};
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

#[tokio::test]
async fn sigterm_closes_sockets_answers_shutting_down_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    // A small send buffer, so that a spectator who stopped reading really holds its connection's writer
    // (and so the server in its grace period, long enough to be seen).
    let server = Process::start(&url, &["--shutdown-grace-secs", "3", "--socket-send-buffer", "4096"]).await;
    let client = TestServer::attach(server.addr, &url);
    let (id, south, north) = client.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&client, &id, &south, &north, "kubuguza").await;
    // A spectator that reads nothing: the answers to its pings fill its socket and its queue.
    let mut stalled = client.ws_slow(&id, None).await;
    for k in 0..2000 {
        stalled.send(json!({ "type": "ping", "id": k.to_string() })).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut seed = 3;
    t.play_random(&mut seed, 8).await;
    let acknowledged = t.versions[0];

    let signalled = Instant::now();
    server.signal("-TERM");
    for i in 0..3 {
        assert_eq!(close_code(t.ws(i)).await, Some(CloseCode::Away), "viewer {i} is told the server is going");
    }
    let (status, body) = client.get("/healthz").await;
    assert_eq!((status, body["error"].as_str()), (503, Some("shutting_down")), "{body}");
    let (status, body) = client.post("/api/games", json!({ "variant": "azigo" })).await;
    assert_eq!(status, 503, "no new game while shutting down: {body}");

    let (status, log) = server.exited(Duration::from_secs(15)).await;
    assert!(status.success(), "a clean exit: {status}\n{log}");
    assert!(signalled.elapsed() >= Duration::from_secs(2), "the stalled spectator held the grace period");
    assert!(log.contains("did not stop in time"), "and the log says so:\n{log}");
    assert!(!log.contains("store failed") && !log.contains("ERROR"), "nothing logged as an error:\n{log}");
    drop(stalled.stream.close(None).await);

    let server = Process::start(&url, &[]).await;
    let client = TestServer::attach(server.addr, &url);
    let mut t = Table::open(&client, &id, &south, &north, "kubuguza").await;
    assert_eq!(t.versions[0], acknowledged, "every acknowledged decision is there");
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
