# Shared by the bench scripts (sourced): arguments, a fresh server, the load tool's path.
#   bench_start BIN_DIR GAMES SPECTATORS [DATABASE_URL]  sets bin games spectators db root tmp port server
# Without DATABASE_URL a new SQLite file in a temporary directory is used (removed on exit); a PostgreSQL
# database should be new and empty. SERVER_ARGS adds server flags; LOADTEST names another load tool binary
# (to compare two builds of the tool).
bench_start() {
  bin=$1 games=$2 spectators=$3 db=${4:-}
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  ulimit -n 20000
  port=$((18000 + RANDOM % 2000))
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  [ -n "$db" ] || db="sqlite://$tmp/load.db"
  # shellcheck disable=SC2086
  DATABASE_URL=$db RUST_LOG=warn "$bin/mancala-server" --addr 127.0.0.1:$port --games-per-minute 0 ${SERVER_ARGS:-} \
    >"$tmp/server.log" 2>&1 &
  server=$!
  for _ in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:$port/healthz && break; sleep 0.2; done
}

# Runs the load tool against the server (more flags after the duration), its JSON report to $tmp/report.json.
bench_load() {
  local duration=$1
  shift
  "${LOADTEST:-$root/target/release/mancala-loadtest}" --server http://127.0.0.1:$port --games "$games" --spectators "$spectators" \
    --duration "$duration" --server-pid $server --idle-secs 1 --json "$@" >"$tmp/report.json"
}

bench_stop() {
  kill $server
  wait $server 2>/dev/null || true
}
