#!/usr/bin/env bash
# Where a server's CPU goes during a load-test run: each kind of thread's user and system time and its
# voluntary context switches over 5 s in the middle of the run, and what SQLite's threads write per decision
# (BENCHMARKS.md, "where a decision's CPU goes"). Same arguments as load.sh (SQLite only for the write
# figures).
#
#   tools/bench/threads.sh BIN_DIR GAMES SPECTATORS [DATABASE_URL]
set -euo pipefail
# shellcheck source=tools/bench/lib.sh
source "$(dirname "$0")/lib.sh"
bench_start "$@"
bench_load 15 &
tool=$!
sleep 9
# thread kind, user ticks, system ticks, voluntary switches (summed over the threads of a kind)
threads() {
  for t in /proc/$server/task/*; do
    echo "$(tr -d ' ' <"$t/comm") $(awk '{print $14, $15}' "$t/stat") $(awk '/^voluntary_ctxt/ {print $2}' "$t/status")"
  done | awk '{u[$1]+=$2; s[$1]+=$3; c[$1]+=$4} END {for (k in u) print k, u[k], s[k], c[k]}' | sort
}
# bytes and write calls of SQLite's threads (sqlx names them sqlx-sqlite-worker-N)
writes() {
  for t in /proc/$server/task/*; do
    if grep -q sqlx "$t/comm"; then awk '/^wchar|^syscw/ {print $2}' "$t/io" | paste -sd' '; fi
  done | awk '{b+=$1; c+=$2} END {print b+0, c+0}'
}
decisions() { curl -s http://127.0.0.1:$port/metrics | awk '/^mancala_decisions_accepted / {print $2}'; }
d0=$(decisions); w0=$(writes); threads >"$tmp/t0"
sleep 5
d1=$(decisions); w1=$(writes); threads >"$tmp/t1"
n=$(echo "$d1 - $d0" | bc)
echo "$n decisions in 5 s"
join "$tmp/t0" "$tmp/t1" | awk -v n="$n" '{printf "%-18s user %5.1f us  system %5.1f us  switches %.2f  per decision\n", $1, ($5-$2)*1e4/n, ($6-$3)*1e4/n, ($7-$4)/n}'
echo "$w0 $w1" | awk -v n="$n" '{printf "SQLite threads: %.0f bytes in %.2f write calls per decision\n", ($3-$1)/n, ($4-$2)/n}'
wait $tool
bench_stop
