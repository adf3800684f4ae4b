//! `mancala-loadtest` against a real server started by the test (SQLite in a temp dir): a short run with a
//! few games and spectators plays decisions, measures their latency, and counts no error; an unpaced run
//! (`--player-rate 0`) plays too.

use mancala_server::config::Config;
use serde_json::Value;
use std::time::Duration;
use tokio::process::Command;

/// Starts a server on a fresh SQLite database with `player_rate` decisions/s per player, runs the load
/// tool against it with `args`, and returns its JSON report.
async fn load_run(player_rate: u32, args: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("load.db").display());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let mut config = Config::with_database(&url);
    config.player_rate = player_rate;
    // A load test creates its games from one address (docs/protocol.md: `--games-per-minute 0`).
    config.games_per_minute = 0;
    tokio::spawn(mancala_server::run(listener, config, async {
        let _ = stopped.await;
    }));

    let out = Command::new(env!("CARGO_BIN_EXE_mancala-loadtest"))
        .args(["--server", &base])
        .args(args)
        .args(["--idle-secs", "1", "--warmup-secs", "1", "--json"])
        .env_remove("MANCALA_SERVER")
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(60), out).await.expect("the run ends").unwrap();
    let _ = stop.send(());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_load_run_plays_and_reports() {
    let report = load_run(20, &["--games", "3", "--spectators", "2", "--duration", "3"]).await;
    let game = &report["game"];
    assert!(game["decisions"].as_u64().unwrap() > 0, "{report:#}");
    assert!(game["decisions_per_sec"].as_f64().unwrap() > 0.0, "{report:#}");
    let latency = &game["latency"];
    assert!(latency["samples"].as_u64().unwrap() > 0, "{report:#}");
    for field in ["p50_us", "p99_us", "max_us"] {
        assert!(latency[field].as_u64().is_some(), "{field}: {report:#}");
    }
    assert!(latency["p50_us"].as_u64() <= latency["max_us"].as_u64(), "{report:#}");
    // The server's own timing of the window's decisions, from its /metrics histograms.
    let inside = &game["server_metrics"]["decision_ms_quantiles"];
    assert!(inside["count"].as_f64().is_some_and(|n| n > 0.0), "{report:#}");
    assert!(inside["0.99"].as_f64().is_some(), "{report:#}");
    assert_eq!(game["connections"]["planned"], 8, "{report:#}");
    assert_eq!(game["connections"]["held_idle"], 8, "{report:#}");
    assert_eq!(game["errors"], 0, "{report:#}");
    assert_eq!(game["rejected"], 0, "{report:#}");
    // Spectators got the games' events too.
    assert!(game["events_received"].as_u64().unwrap() > game["decisions"].as_u64().unwrap(), "{report:#}");
}

/// `--player-rate 0` is documented as unpaced: it plays as fast as the server answers (it used to send no
/// decision at all: every send was "due" a moment after the clock reading it was compared with).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unpaced_run_plays() {
    let report = load_run(100_000, &["--games", "2", "--duration", "2", "--player-rate", "0"]).await;
    let game = &report["game"];
    assert_eq!(report["player_rate"], 0, "{report:#}");
    // Unpaced, two games play far more than a paced player's 20/s would allow them in 2 s.
    assert!(game["decisions"].as_u64().unwrap() > 100, "{report:#}");
    assert_eq!(game["errors"], 0, "{report:#}");
    assert_eq!(game["rejected"], 0, "{report:#}");
    assert_eq!(game["rate_limited"], 0, "{report:#}");
}

/// `--bot`: every table plays against a server bot on a clock; only the person's seat connects, and the
/// report has the bot's reply times, its clock and how its games ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_run_measures_the_bots_replies() {
    let args = ["--games", "3", "--bot", "2", "--clock", "60+1", "--think-ms", "20", "--duration", "3"];
    let report = load_run(20, &args).await;
    let game = &report["game"];
    assert_eq!(game["connections"]["planned"], 3, "{report:#}");
    assert_eq!(game["errors"], 0, "{report:#}");
    assert!(game["decisions"].as_u64().unwrap() > 0, "{report:#}");
    assert!(game["latency"]["samples"].as_u64().unwrap() > 0, "the bot's replies: {report:#}");
    let bot = &game["bot"];
    assert_eq!(bot["opponent"], "bot:2", "{report:#}");
    assert_eq!(bot["clock"], "60+1", "{report:#}");
    assert_eq!(bot["lost_on_time"], 0, "{report:#}");
    let lowest = bot["lowest_clock_ms"].as_u64().expect("the bots' clocks were seen");
    assert!(lowest <= 61_000, "{report:#}");
}

/// The echo run: `mancala-echo` as a child process, and the load tool's echo-only run against it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_echo_ceiling_runs_against_mancala_echo() {
    use tokio::io::{AsyncBufReadExt, BufReader};
    let mut echo = Command::new(env!("CARGO_BIN_EXE_mancala-echo"))
        .args(["--addr", "127.0.0.1:0"])
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(echo.stderr.take().unwrap()).lines();
    let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line()).await.unwrap().unwrap().unwrap();
    let addr = line.rsplit(' ').next().unwrap().to_string();
    assert!(line.starts_with("mancala-echo listening on"), "{line}");

    let out = Command::new(env!("CARGO_BIN_EXE_mancala-loadtest"))
        .args(["--echo", &format!("http://{addr}"), "--echo-only", "--games", "2", "--spectators", "2"])
        .args(["--duration", "2", "--idle-secs", "1", "--warmup-secs", "0", "--json"])
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(60), out).await.expect("the run ends").unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    assert!(report["game"].is_null(), "{report:#}");
    let run = &report["echo"];
    assert!(run["messages"].as_u64().unwrap() > 0, "{report:#}");
    assert_eq!(run["connections"]["held_idle"], 6, "{report:#}");
    assert_eq!(run["errors"], 0, "{report:#}");
}
