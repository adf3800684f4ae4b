//! The production deployment (`deploy/production/`, docs/operating.md) is checked without running it:
//! `deploy/production/check.py` parses every YAML file, checks the mounted files exist and that every
//! metric the alerts and the dashboard read is one the server exports, and runs `docker compose config`
//! on both compose files where docker compose is installed.

use crate::common;

use std::process::Command;

#[test]
fn the_production_deployment_checks() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/production/check.py");
    let has_yaml = Command::new("python3").args(["-c", "import yaml"]).output().is_ok_and(|o| o.status.success());
    if !has_yaml {
        common::skip("python3 with PyYAML is not installed: skipping the deployment check");
        return;
    }
    let out = Command::new("python3").arg(script).output().expect("python3 runs");
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
}
