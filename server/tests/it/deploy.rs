//! The production deployment (`deploy/production/`, docs/operating.md) is checked without running it:
//! `deploy/production/check.py` parses every YAML file, checks the mounted files exist, that the alerts
//! and panels the runbook names are there (HTTP answers by status, the engine's queue and waits among
//! them) and that every metric the alerts and the dashboard read is one the server exports, that each node
//! has a health check running the server's own probe and Caddy waits for both, and runs `docker compose
//! config` on both compose files where docker compose is installed (docker does not run here). The probe
//! itself, `mancala-server healthcheck`, is run against a live server.

use crate::common;

use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command, Output};

const DEPLOY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/production");

/// Runs the check with `args`; `None` (and a skip line) where python3 with PyYAML is not installed.
fn check(args: &[&str]) -> Option<Output> {
    let has_yaml = Command::new("python3").args(["-c", "import yaml"]).output().is_ok_and(|o| o.status.success());
    if !has_yaml {
        common::skip("python3 with PyYAML is not installed: skipping the deployment check");
        return None;
    }
    Some(Command::new("python3").arg(format!("{DEPLOY}/check.py")).args(args).output().expect("python3 runs"))
}

fn said(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn the_production_deployment_checks() {
    let Some(out) = check(&[]) else { return };
    assert!(out.status.success(), "{}", said(&out));
}

/// The deployment's dashboard, changed by `change`, checked in place of its own.
fn check_dashboard(dir: &Path, change: impl FnOnce(&mut Vec<Value>)) -> Option<Output> {
    let text = std::fs::read_to_string(format!("{DEPLOY}/grafana/dashboards/mancala.json")).unwrap();
    let mut dashboard: Value = serde_json::from_str(&text).unwrap();
    let mut panels: Vec<Value> = serde_json::from_value(dashboard["panels"].take()).unwrap();
    change(&mut panels);
    dashboard["panels"] = json!(panels);
    let path = dir.join("dashboard.json");
    std::fs::write(&path, dashboard.to_string()).unwrap();
    check(&["--dashboard", path.to_str().unwrap()])
}

#[test]
fn a_panel_reading_a_metric_the_server_does_not_export_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let Some(out) = check_dashboard(dir.path(), |panels| {
        let waits =
            panels.iter_mut().find(|p| p["title"] == "Engine waits p50/p95/p99").expect("the engine waits panel");
        waits["targets"][0]["expr"] =
            json!("histogram_quantile(0.5, sum by (le) (rate(mancala_engine_wait_bucket[5m])))");
    }) else {
        return;
    };
    assert!(!out.status.success(), "a misspelt metric passed: {}", said(&out));
    assert!(said(&out).contains("mancala_engine_wait (in `"), "{}", said(&out));

    let Some(out) = check_dashboard(dir.path(), |panels| panels.retain(|p| p["title"] != "HTTP answers by status"))
    else {
        return;
    };
    assert!(!out.status.success(), "a missing panel passed: {}", said(&out));
    assert!(said(&out).contains("no panel 'HTTP answers by status'"), "{}", said(&out));
}

/// The deployment's compose file, changed by `change` (a text substitution that must apply), checked in
/// place of its own.
fn check_compose(dir: &Path, from: &str, to: &str) -> Option<Output> {
    let text = std::fs::read_to_string(format!("{DEPLOY}/compose.yml")).unwrap();
    assert!(text.contains(from), "compose.yml holds no `{from}`");
    let path = dir.join("compose.yml");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    check(&["--compose", path.to_str().unwrap()])
}

#[test]
fn a_node_without_its_healthcheck_or_caddy_not_waiting_for_it_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let probe = r#"test: ["CMD", "mancala-server", "healthcheck"]"#;
    let Some(out) = check_compose(dir.path(), probe, r#"test: ["CMD", "true"]"#) else { return };
    assert!(!out.status.success(), "a node without the probe passed: {}", said(&out));
    assert!(said(&out).contains("node1 has no healthcheck"), "{}", said(&out));
    let waits = "      node2:\n        condition: service_healthy";
    let Some(out) = check_compose(dir.path(), waits, "      node2:\n        condition: service_started") else {
        return;
    };
    assert!(!out.status.success(), "caddy not waiting passed: {}", said(&out));
    assert!(said(&out).contains("caddy does not wait for node2 to be healthy"), "{}", said(&out));
}

/// `mancala-server healthcheck` with `args`: its exit code and what it said.
fn healthcheck(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .arg("healthcheck")
        .args(args)
        .env_remove("MANCALA_ADDR")
        .output()
        .expect("mancala-server runs");
    (out.status.code(), said(&out))
}

#[tokio::test]
async fn the_healthcheck_command_answers_for_the_node_of_its_address() {
    let s = common::TestServer::start().await;
    let port = s.addr.port();
    for addr in [s.addr.to_string(), format!("0.0.0.0:{port}")] {
        let (code, said) = tokio::task::spawn_blocking(move || healthcheck(&["--addr", &addr])).await.unwrap();
        assert_eq!(code, Some(0), "{said}");
        assert!(said.contains("200"), "{said}");
    }
    // Nobody listens there any more: exit 1, saying so.
    let gone = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let (code, said) = tokio::task::spawn_blocking(move || healthcheck(&["--addr", &gone.to_string()])).await.unwrap();
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("no answer from"), "{said}");
}
