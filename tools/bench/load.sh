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
bin=$1 games=$2 spectators=$3 db=${4:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
ulimit -n 20000
port=$((18000 + RANDOM % 1000))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -n "$db" ] || db="sqlite://$tmp/load.db"
# shellcheck disable=SC2086
DATABASE_URL=$db RUST_LOG=warn "$bin/mancala-server" --addr 127.0.0.1:$port --games-per-minute 0 ${SERVER_ARGS:-} \
  >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:$port/healthz && break; sleep 0.2; done
# shellcheck disable=SC2086
"$root/target/release/mancala-loadtest" --server http://127.0.0.1:$port --games "$games" --spectators "$spectators" \
  --duration "${DURATION:-15}" --server-pid $server --idle-secs 1 --json ${TOOL_ARGS:-} >"$tmp/report.json"
kill $server; wait $server 2>/dev/null || true
python3 - "$tmp/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))['game']
m, lat = r['server_metrics'], r['latency']
cores = r['cpu']['server_cores']
print(f"{r['decisions_per_sec']:.0f} decisions/s, server {cores} cores, {cores / r['decisions_per_sec'] * 1e6:.1f} us/decision, "
      f"p50/p90/p99 {lat['p50_us'] / 1000:.1f}/{lat['p90_us'] / 1000:.1f}/{lat['p99_us'] / 1000:.1f} ms, "
      f"{m['store_mean_batch_jobs']:.1f} jobs per commit, {r['errors']} errors")
PY
