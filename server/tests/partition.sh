#!/usr/bin/env bash
# The partition test (server/tests/it/partition.rs) in a network namespace: node c runs in namespace mc-part and
# reaches PostgreSQL and NATS (which listen on the host's loopback) through a veth pair and two socat
# proxies on the host side of the pair; the test takes the pair down mid-game. Needs root, iproute2 and
# socat; the addresses are those of this namespace's own veth pair only. Not in CI.
#   server/tests/partition.sh          (TEST_DATABASE_URL and TEST_BROKER_URL as for the other tests)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$(id -u)" = 0 ] || { echo "run as root (network namespaces)"; exit 1; }
command -v socat >/dev/null || apt-get install -y -qq socat

NS=mc-part HOST=mc-h PEER=mc-p HOST_IP=10.200.77.1 NS_IP=10.200.77.2
cleanup() {
  [ -n "${PROXIES:-}" ] && kill $PROXIES 2>/dev/null || true
  ip link del "$HOST" 2>/dev/null || true
  ip netns del "$NS" 2>/dev/null || true
}
trap cleanup EXIT
cleanup
ip netns add "$NS"
ip link add "$HOST" type veth peer name "$PEER"
ip link set "$PEER" netns "$NS"
ip addr add "$HOST_IP/30" dev "$HOST"
ip link set "$HOST" up
ip netns exec "$NS" ip addr add "$NS_IP/30" dev "$PEER"
ip netns exec "$NS" ip link set "$PEER" up
ip netns exec "$NS" ip link set lo up

# PostgreSQL and NATS for the namespace, on the host end of the pair.
socat "TCP-LISTEN:15432,bind=$HOST_IP,fork,reuseaddr" TCP:127.0.0.1:5432 & PROXIES="$!"
socat "TCP-LISTEN:14222,bind=$HOST_IP,fork,reuseaddr" TCP:127.0.0.1:4222 & PROXIES="$PROXIES $!"

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export TEST_BROKER_URL="${TEST_BROKER_URL:-nats://127.0.0.1:4222}"
export PARTITION_NS="$NS" PARTITION_ADDR="$NS_IP" PARTITION_HOST_LINK="$HOST"
export PARTITION_DATABASE_BASE="postgres://postgres@$HOST_IP:15432"
export PARTITION_BROKER_URL="nats://$HOST_IP:14222"
cargo test -p mancala-server --test it partition:: -- --ignored --nocapture
