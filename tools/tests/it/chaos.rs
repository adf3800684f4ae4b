//! A short `mancala-chaos` run (the long ones are in RELIABILITY.md): the real `mancala-server` beside it
//! in target/ is SIGKILLed three times while four games are played on SQLite; the run reports the kills,
//! acknowledged decisions, and nothing lost, duplicated or wrong.

use serde_json::Value;
use std::path::Path;
use std::time::Duration;
use tokio::process::Command;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_short_chaos_run_kills_the_server_and_loses_nothing() {
    let chaos = Path::new(env!("CARGO_BIN_EXE_mancala-chaos"));
    let server = chaos.with_file_name("mancala-server");
    if !server.is_file() {
        // `cargo test --workspace` builds it (the server's own tests run it); `-p mancala-tools` alone
        // does not.
        let why = format!("no {} (cargo build -p mancala-server)", server.display());
        // Under CI (`.ci/run` sets CI) the workspace's tests build it: missing, it is a failure, not a skip.
        assert!(std::env::var_os("CI").is_none_or(|v| v.is_empty()), "{why}");
        eprintln!("SKIPPED: {why}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(chaos)
        .args(["--kills", "3", "--games", "4", "--interval-ms", "800", "--think-ms", "5", "--settle-secs", "1"])
        .arg("--work-dir")
        .arg(dir.path())
        .arg("--json")
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(120), out).await.expect("the run ends").unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"));
    assert!(out.status.success(), "{report:#}\n{stderr}");
    assert_eq!(report["restarts"]["kills"], 3, "{report:#}");
    assert!(report["acknowledged"].as_u64().unwrap() > 20, "{report:#}");
    assert!(report["findings"]["stored_decisions"].as_u64() >= report["acknowledged"].as_u64(), "{report:#}");
    // Seats lost their connections at each kill and came back.
    assert!(report["reconnects"].as_u64().unwrap() >= 3, "{report:#}");
    for field in ["lost", "duplicated", "applied_unacknowledged", "applied_though_refused", "errors"] {
        assert_eq!(report[field], 0, "{field}: {report:#}");
    }
    assert!(dir.path().join("server.log").is_file());
}
