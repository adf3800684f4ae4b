#!/usr/bin/env bash
# One load-test run against a fresh server, summarised on one line (BENCHMARKS.md, "Server load" and
# "Server CPU per decision"). Compare two builds by alternating runs of each in one session.
#
#   tools/bench/load.sh BIN_DIR GAMES SPECTATORS [DATABASE_URL]
#
# BIN_DIR holds the `mancala-server` to measure; the load tool is this checkout's release build
# (`cargo build --release -p mancala-tools`). Without DATABASE_URL a new SQLite file in a temporary
# directory is used (and removed); a PostgreSQL database should be new and empty.
# Environment: SERVER_ARGS (more server flags), TOOL_ARGS (more load-tool flags, e.g.
# `--think-ms 950 --bind 127.0.0.2,127.0.0.3,127.0.0.4`), DURATION (seconds, default 15).
set -euo pipefail
# shellcheck source=tools/bench/lib.sh
source "$(dirname "$0")/lib.sh"
bench_start "$@"
# shellcheck disable=SC2086
bench_load "${DURATION:-15}" ${TOOL_ARGS:-}
bench_stop
python3 - "$tmp/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))['game']
def q(m, name):
    d = m.get(f'{name}_ms_quantiles') or {}
    return f"{d.get('0.5', '-')}/{d.get('0.99', '-')}"
m, lat = r['server_metrics'], r['latency']
cores = r['cpu']['server_cores']
tool = r['cpu']['tool_cores']
print(f"{r['decisions_per_sec']:.0f} decisions/s, server {cores} cores, {cores / r['decisions_per_sec'] * 1e6:.1f} us/decision, "
      f"tool {tool} cores, {tool / r['decisions_per_sec'] * 1e6:.1f} us/decision, "
      f"p50/p90/p99 {lat['p50_us'] / 1000:.1f}/{lat['p90_us'] / 1000:.1f}/{lat['p99_us'] / 1000:.1f} ms, "
      f"{m['store_mean_batch_jobs']:.1f} jobs per commit, {r['errors']} errors; inside the server (bucket bounds, ms) "
      f"a decision p50/p99 {q(m, 'decision')}, a write queued and committed {q(m, 'store_write')}, "
      f"a commit {q(m, 'store_commit')}")
PY
