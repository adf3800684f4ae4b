//! The production deployment (`deploy/production/`, docs/operating.md) is checked without running it:
//! `deploy/production/check.py` parses every YAML file, checks the mounted files exist, that the alerts
//! and panels the runbook names are there (HTTP answers by status, the engine's queue and waits among
//! them) and that every metric the alerts and the dashboard read is one the server exports, and runs
//! `docker compose config` on both compose files where docker compose is installed.

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
