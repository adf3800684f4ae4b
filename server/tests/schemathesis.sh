#!/usr/bin/env bash
# Fuzzes the HTTP API against its own OpenAPI document with schemathesis (PyPI), every check on: a
# schema-valid request must be accepted, a schema-violating one refused with a 4xx, every answer must be
# documented (status, content type, headers, body schema), no 5xx. Builds and starts mancala-server on a
# free port with a fresh SQLite database (creation rate limits off: the fuzzer creates hundreds of games
# from one address), runs `st run`, stops the server, and exits with schemathesis' status.
#
#   server/tests/schemathesis.sh                 # about a minute; .ci/run calls it
#   MAX_EXAMPLES=200 server/tests/schemathesis.sh  # a longer run
#
# The rules the schema cannot express (an option that only some variants take, `since` before `until`,
# a reserved name, `ply` beyond the record, the WebSocket's 426 to a plain GET) are allowed per
# operation in schemathesis.toml beside this script. Installs schemathesis with pip when it is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

if ! command -v st >/dev/null 2>&1; then
  echo "== pip install schemathesis"
  python3 -m pip install --quiet --disable-pip-version-check schemathesis
fi
BIN="${MANCALA_SERVER_BIN:-}"
if [ -z "$BIN" ]; then
  cargo build -p mancala-server --locked --quiet
  BIN="$root/target/debug/mancala-server"
fi

work="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$BIN" --addr "127.0.0.1:$port" --database-url "sqlite://$work/fuzz.db" \
  --games-per-minute 0 --accounts-per-hour 0 --request-timeout-secs 10 >"$work/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 100); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  sleep 0.1
done

status=0
(cd "$work" && st --config-file "$here/schemathesis.toml" --no-color run \
  "http://127.0.0.1:$port/api/openapi.json" --checks all --max-examples "${MAX_EXAMPLES:-50}" \
  --request-timeout 15 --seed "${SEED:-1}") || status=$?
if grep -q " ERROR " "$work/server.log"; then
  echo "== the server logged errors:"
  grep " ERROR " "$work/server.log" | head -20
  status=1
fi
exit $status
