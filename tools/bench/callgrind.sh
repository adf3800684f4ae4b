#!/usr/bin/env bash
# User-space instructions of the server under callgrind (BENCHMARKS.md, "The house in folders: the live
# path under callgrind"): the server of BIN_DIR on a fresh SQLite database, and either the load tool's 20
# games flat out with no spectators for 30 s (`run`) or nothing (`start`: the start-up and stop alone, to
# subtract). Prints the decisions stored and the instructions; per decision is (run - start) / moves.
#
#   tools/bench/callgrind.sh BIN_DIR run|start OUT_PREFIX
#
# LOADTEST names the load tool (default: this checkout's release build), the same one for both builds.
set -euo pipefail
bin=$1 mode=$2 out=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
tool=${LOADTEST:-$root/target/release/mancala-loadtest}
tmp=$(mktemp -d)
port=$((18000 + RANDOM % 2000))
ulimit -n 20000
DATABASE_URL="sqlite://$tmp/load.db" RUST_LOG=warn valgrind --tool=callgrind --callgrind-out-file="$out.%p" \
  "$bin/mancala-server" --addr 127.0.0.1:$port --games-per-minute 0 >"$tmp/server.log" 2>&1 &
server=$!
for _ in $(seq 600); do curl -s -o /dev/null http://127.0.0.1:$port/healthz && break; sleep 0.5; done
if [ "$mode" = run ]; then
  "$tool" --server http://127.0.0.1:$port --games 20 --spectators 0 --duration 30 --idle-secs 1 --json >"$tmp/report.json" || true
fi
kill $server; wait $server 2>/dev/null || true
moves=$(sqlite3 "$tmp/load.db" 'SELECT count(*) FROM moves' 2>/dev/null || python3 -c "import sqlite3,sys;print(sqlite3.connect(sys.argv[1]).execute('select count(*) from moves').fetchone()[0])" "$tmp/load.db")
ir=$(grep -h '^summary:' "$out".* | awk '{s+=$2} END {print s}')
echo "$mode $bin moves=$moves Ir=$ir"
rm -rf "$tmp"
