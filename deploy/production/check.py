#!/usr/bin/env python3
"""Checks the production deployment without running it: `docker compose config` when docker compose is
installed; always, a YAML parse of every file, every file a service mounts exists, every metric the
alerts and the dashboard read is one the server exports (or the backup job pushes), and the three
alerts the runbook names are there. Exit 1 with a line per problem."""

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

compose = yaml.safe_load((HERE / "compose.yml").read_text())
for name, service in compose["services"].items():
    for volume in service.get("volumes", []):
        source = volume.split(":")[0]
        if source.startswith("."):
            if not (HERE / source).exists():
                problems.append(f"service {name}: mounts {source}, which does not exist")
for needed in ("caddy", "node1", "node2", "postgres", "nats", "backup", "prometheus", "grafana"):
    if needed not in compose["services"]:
        problems.append(f"compose.yml: no service {needed}")
if "pgdata" not in compose.get("volumes", {}):
    problems.append("compose.yml: PostgreSQL has no volume")

for f in ("prometheus.yml", "alerts.yml", "grafana/provisioning/datasources/prometheus.yml",
          "grafana/provisioning/dashboards/dashboards.yml"):
    yaml.safe_load((HERE / f).read_text())

exported = set(re.findall(r'"(mancala_[a-z_]+)"', "\n".join(p.read_text() for p in (ROOT / "server/src").rglob("*.rs"))))
exported.add("mancala_backup_last_success_timestamp_seconds")


def metrics_of(expr):
    return {m.removesuffix("_bucket") for m in re.findall(r"\b(mancala_[a-z_]+)", expr)}


alerts = yaml.safe_load((HERE / "alerts.yml").read_text())
rules = {r["alert"]: r for g in alerts["groups"] for r in g["rules"]}
for wanted in ("NodeDown", "DecisionLatencyHigh", "NoBackup"):
    if wanted not in rules:
        problems.append(f"alerts.yml: no alert {wanted}")
exprs = [r["expr"] for r in rules.values()]
dashboard = json.loads((HERE / "grafana/dashboards/mancala.json").read_text())
exprs += [t["expr"] for p in dashboard["panels"] for t in p["targets"]]
for expr in exprs:
    for metric in metrics_of(expr) - exported:
        problems.append(f"{metric} (in `{expr}`) is not a metric the server exports")

if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True).returncode == 0:
    env = {"MANCALA_DOMAIN": "mancala.example.org", "POSTGRES_PASSWORD": "x", "GRAFANA_PASSWORD": "x", "PATH": "/usr/bin:/bin"}
    for f in (HERE / "compose.yml", ROOT / "docker-compose.yml"):
        done = subprocess.run(["docker", "compose", "-f", str(f), "config", "-q"], capture_output=True, text=True, env=env)
        if done.returncode != 0:
            problems.append(f"docker compose config {f.name}: {done.stderr.strip()}")
else:
    print("docker compose is not installed: YAML checks only")

for p in problems:
    print(p)
sys.exit(1 if problems else 0)
