#!/usr/bin/env python3
"""Checks the production deployment without running it: `docker compose config` when docker compose is
installed; always, a YAML parse of every file, every file a service mounts exists, a health check on
each node (the server's own probe) and Caddy waiting for both to be healthy, every metric the
alerts and the dashboard read is one the server exports (or the backup job pushes), and the alerts and
panels the runbook names are there, each reading its metric. Exit 1 with a line per problem.

`--dashboard PATH`, `--alerts PATH` and `--compose PATH` check other files in place of the deployment's (the server's
tests check that a wrong panel fails)."""

import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys

import yaml

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
problems = []
args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
args.add_argument("--dashboard", type=pathlib.Path, default=HERE / "grafana/dashboards/mancala.json")
args.add_argument("--alerts", type=pathlib.Path, default=HERE / "alerts.yml")
args.add_argument("--compose", type=pathlib.Path, default=HERE / "compose.yml")
args = args.parse_args()

compose = yaml.safe_load(args.compose.read_text())
for name, service in compose["services"].items():
    for volume in service.get("volumes", []):
        source = volume.split(":")[0]
        if source.startswith("."):
            if not (HERE / source).exists():
                problems.append(f"service {name}: mounts {source}, which does not exist")
    env_files = service.get("env_file", [])
    for env_file in [env_files] if isinstance(env_files, str) else env_files:
        if not (HERE / env_file).exists():
            problems.append(f"service {name}: reads {env_file}, which does not exist")
for needed in ("caddy", "node1", "node2", "postgres", "nats", "backup", "prometheus", "grafana"):
    if needed not in compose["services"]:
        problems.append(f"compose.yml: no service {needed}")
if "pgdata" not in compose.get("volumes", {}):
    problems.append("compose.yml: PostgreSQL has no volume")

# Each node has a health check that runs the server's own probe (the image has no curl or wget), and
# Caddy starts once both nodes are healthy; whatever waits for a service's health waits for one it has.
services = compose["services"]
for node in ("node1", "node2"):
    test = services.get(node, {}).get("healthcheck", {}).get("test", [])
    if test[:1] not in (["CMD"], ["CMD-SHELL"]) or "mancala-server healthcheck" not in " ".join(test[1:]):
        problems.append(f"compose.yml: {node} has no healthcheck running `mancala-server healthcheck` (got {test})")
caddy_waits = services.get("caddy", {}).get("depends_on", {})
for node in ("node1", "node2"):
    condition = caddy_waits.get(node, {}).get("condition") if isinstance(caddy_waits, dict) else None
    if condition != "service_healthy":
        problems.append(f"compose.yml: caddy does not wait for {node} to be healthy (depends_on condition {condition})")
for name, service in services.items():
    waits = service.get("depends_on", {})
    for other, how in (waits.items() if isinstance(waits, dict) else []):
        if how.get("condition") == "service_healthy" and "healthcheck" not in services.get(other, {}):
            problems.append(f"compose.yml: {name} waits for {other} to be healthy, but {other} has no healthcheck")

for f in ("prometheus.yml", "alerts.yml", "grafana/provisioning/datasources/prometheus.yml",
          "grafana/provisioning/dashboards/dashboards.yml"):
    yaml.safe_load((HERE / f).read_text())

exported = set(re.findall(r'"(mancala_[a-z_]+)"', "\n".join(p.read_text() for p in (ROOT / "server/src").rglob("*.rs"))))
exported.add("mancala_backup_last_success_timestamp_seconds")


def metrics_of(expr):
    """The metrics `expr` reads, a histogram's series (`_bucket`, `_count`, `_sum`) by the histogram's name."""
    found = re.findall(r"\b(mancala_[a-z_]+)", expr)
    return {m if m in exported else re.sub(r"_(bucket|count|sum)$", "", m) for m in found}


# The alerts and panels the runbook (docs/operating.md) names, with a metric each must read.
WANTED_ALERTS = {
    "NodeDown": None,
    "DecisionLatencyHigh": "mancala_decision_seconds",
    "NoBackup": "mancala_backup_last_success_timestamp_seconds",
    "EngineWaitsLong": "mancala_engine_wait_seconds",
    "HttpServerErrors": "mancala_http_responses",
}
WANTED_PANELS = {
    "HTTP answers by status": "mancala_http_responses",
    "HTTP errors (4xx, 5xx) by route": "mancala_http_responses",
    "Engine queue": "mancala_engine_waiting",
    "Engine waits p50/p95/p99": "mancala_engine_wait_seconds",
}

alerts = yaml.safe_load(args.alerts.read_text())
rules = {r["alert"]: r for g in alerts["groups"] for r in g["rules"]}
for wanted, metric in WANTED_ALERTS.items():
    if wanted not in rules:
        problems.append(f"alerts.yml: no alert {wanted}")
    elif metric and metric not in metrics_of(rules[wanted]["expr"]):
        problems.append(f"alerts.yml: the alert {wanted} does not read {metric}")
exprs = [r["expr"] for r in rules.values()]
dashboard = json.loads(args.dashboard.read_text())
panels = {p["title"]: p for p in dashboard["panels"]}
for wanted, metric in WANTED_PANELS.items():
    if wanted not in panels:
        problems.append(f"dashboard: no panel {wanted!r}")
    elif not any(metric in metrics_of(t["expr"]) for t in panels[wanted]["targets"]):
        problems.append(f"dashboard: the panel {wanted!r} does not read {metric}")
exprs += [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
for expr in exprs:
    for metric in metrics_of(expr) - exported:
        problems.append(f"{metric} (in `{expr}`) is not a metric the server exports")

# Docker's compose plugin, else the older standalone `docker-compose` (`pip install docker-compose` works
# where the plugin cannot be installed; docs/operating.md).
compose_cmd = None
if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
    compose_cmd = ["docker", "compose"]
elif shutil.which("docker-compose"):
    compose_cmd = [shutil.which("docker-compose")]
if compose_cmd:
    env = {"MANCALA_DOMAIN": "mancala.example.org", "POSTGRES_PASSWORD": "x", "GRAFANA_PASSWORD": "x", "PATH": "/usr/bin:/bin"}
    for f in (HERE / "compose.yml", ROOT / "docker-compose.yml"):
        done = subprocess.run([*compose_cmd, "-f", str(f), "config", "-q"], capture_output=True, text=True, env=env)
        if done.returncode != 0:
            problems.append(f"{' '.join(compose_cmd)} config {f.name}: {done.stderr.strip()}")
else:
    print("neither docker compose nor docker-compose is installed: YAML checks only")

for p in problems:
    print(p)
sys.exit(1 if problems else 0)
