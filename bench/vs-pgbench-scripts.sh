#!/usr/bin/env bash
# pgbench's own built-in scripts, from the files docs/scripts/pgbench holds (as
# `pgbench --show-script=NAME` prints them), run by pgbench and by txbench --workload script in
# turn on `pgbench -i` data of a throw-away PostgreSQL on loopback, at 8 and 32 clients; prints
# each pair's tps and their ratio (the goal: txbench at 0.95 of pgbench's or better), and after
# each tpcb-like run by txbench, its --script-verify verdict (tpcb-verify.sql: the balances equal
# the history's deltas). Usage: bench/vs-pgbench-scripts.sh [seconds] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-30}
ROUNDS=${2:-2}
PORT=${TXBENCH_BENCH_PORT:-55433}
CLIENTS=${TXBENCH_BENCH_CLIENTS:-8 32}
SCRIPTS=${TXBENCH_BENCH_SCRIPTS:-select-only simple-update tpcb-like}
SCALE=${TXBENCH_BENCH_SCALE:-10}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bindir" ] || bindir=$(dirname "$(command -v pg_ctl || true)")
for tool in initdb pg_ctl pgbench; do
  [ -x "$bindir/$tool" ] || { echo "vs-pgbench-scripts: $tool not found (install postgresql)" >&2; exit 1; }
done
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
JAR=$PWD/cli/target/benchmark.jar
work=$(mktemp -d /tmp/txbench-vs-pgbench-scripts.XXXXXX)
as_owner=()
if [ "$(id -u)" = 0 ]; then   # initdb refuses root: the cluster belongs to the postgres user
  id postgres >/dev/null 2>&1 || { echo "vs-pgbench-scripts: as root, a 'postgres' user is needed" >&2; exit 1; }
  chown postgres "$work"
  as_owner=(runuser -u postgres --)
fi
stop() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$work/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT
"${as_owner[@]}" "$bindir/initdb" -D "$work/data" -U postgres --auth=trust >/dev/null
"${as_owner[@]}" "$bindir/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-p $PORT -k $work -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB" \
  start >/dev/null
PG=(-h 127.0.0.1 -p "$PORT" -U postgres)
TX=(--benchmark-target postgres --target-database-host 127.0.0.1 --target-database-port "$PORT"
    --target-database-user postgres --target-database-name postgres --workload script
    --define "scale=$SCALE" --skip-setup --sql-isolation-level READ_COMMITTED)
calc() { awk "BEGIN { print $* }"; }
echo "== $(nproc) cores, $("$bindir/postgres" --version); pgbench -i -s $SCALE"
"$bindir/pgbench" "${PG[@]}" -i -q -s "$SCALE" postgres >/dev/null 2>&1
printf '%-14s %-7s %-5s %10s %10s %6s %s\n' script clients round 'pgbench' 'txbench' ratio verify
for script in $SCRIPTS; do
  file=docs/scripts/pgbench/$script.sql
  for clients in $CLIENTS; do
    for round in $(seq 1 "$ROUNDS"); do
      pg_tps=$("$bindir/pgbench" "${PG[@]}" -n -M prepared -s "$SCALE" -f "$file" -c "$clients" \
        -j "$(nproc)" -T "$SECONDS_EACH" postgres 2>/dev/null | sed -n 's/^tps = \([0-9.]*\).*/\1/p')
      out="$work/tx-$script-$clients-$round"
      verify=()
      [ "$script" = tpcb-like ] && verify=(--script-verify docs/scripts/tpcb-verify.sql)
      java -jar "$JAR" "${TX[@]}" --script "$file" "${verify[@]}" --parallelism "$clients" \
        --warmup 5s --duration "${SECONDS_EACH}s" --output-dir "$out" >"$out.log" 2>&1 || true
      tps=$(sed -n 's/^  "tps" : \([0-9.]*\).*/\1/p' "$out/summary.json" 2>/dev/null || echo 0)
      verdict=$(grep -m1 -o 'verify *[a-z ]*' "$out.log" | head -n 1 || true)
      printf '%-14s %-7s %-5s %10.0f %10.0f %6.2f %s\n' "$script" "$clients" "$round" "$pg_tps" \
        "${tps:-0}" "$(calc "${tps:-0} / $pg_tps")" "$verdict"
    done
  done
done
