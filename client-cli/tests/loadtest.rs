//! `mancala loadtest` against a real server started by the test (SQLite in a temp dir): a short run with a
//! few games and spectators plays decisions, measures their latency, and counts no error.

use mancala_server::config::Config;
use serde_json::Value;
use std::time::Duration;
use tokio::process::Command;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_load_run_plays_and_reports() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("load.db").display());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(mancala_server::run(listener, Config::with_database(&url), async {
        let _ = stopped.await;
    }));

    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["loadtest", "--server", &base, "--games", "3", "--spectators", "2", "--duration", "3"])
        .args(["--idle-secs", "1", "--warmup-secs", "1", "--json"])
        .env_remove("MANCALA_SERVER")
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(60), out).await.expect("the run ends").unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
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
    let _ = stop.send(());
}
