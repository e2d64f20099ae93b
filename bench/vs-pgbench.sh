#!/usr/bin/env bash
# txbench against pgbench, the reference PostgreSQL client, on the same machine and data.
#
# Starts a throw-away PostgreSQL on loopback (the distribution's binaries), loads 1,000,000 rows
# for each tool (timing both loads), then runs point-select at 8, 32, 64 and 128 clients,
# alternating pgbench -S -M prepared and txbench for the same time, and prints both throughputs,
# the ratio txbench/pgbench, and each client's own CPU per select (user + system, in
# microseconds): pgbench's from /usr/bin/time over its run, txbench's from its summary.json (the
# measured window only).
#
# Usage: bench/vs-pgbench.sh [seconds per run, default 20] [rounds, default 2]
#        TXBENCH_BENCH_CLIENTS="8 32" to choose the client counts
# Needs: PostgreSQL server binaries (initdb, pg_ctl, pgbench), a JDK; builds the JAR if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN=${1:-20}
ROUNDS=${2:-2}
PORT=${TXBENCH_BENCH_PORT:-55432}
CLIENTS=${TXBENCH_BENCH_CLIENTS:-8 32 64 128}
# The JVM compiles its hot code in its first seconds: that warm-up is not measured, as pgbench does
# not count its connection time. The measured windows are the same length.
WARMUP=${TXBENCH_BENCH_WARMUP:-10}

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bindir" ] || bindir=$(dirname "$(command -v pg_ctl || true)")
[ -x /usr/bin/time ] || { echo "vs-pgbench: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }
for tool in initdb pg_ctl pgbench; do
  [ -x "$bindir/$tool" ] || { echo "vs-pgbench: $tool not found (install postgresql)" >&2; exit 1; }
done
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
JAR=$PWD/cli/target/benchmark.jar

work=$(mktemp -d /tmp/txbench-vs-pgbench.XXXXXX)
as_owner=()
if [ "$(id -u)" = 0 ]; then   # initdb refuses root: the cluster belongs to the postgres user
  id postgres >/dev/null 2>&1 || { echo "vs-pgbench: as root, a 'postgres' user is needed" >&2; exit 1; }
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
  -o "-p $PORT -k $work -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB -c synchronous_commit=off" \
  start >/dev/null
PG=(-h 127.0.0.1 -p "$PORT" -U postgres)
TX=(--benchmark-target postgres --target-database-host 127.0.0.1 --target-database-port "$PORT"
    --target-database-user postgres --target-database-name postgres --workload point-select)

now() { date +%s.%N; }
calc() { awk "BEGIN { print $* }"; }
echo "== loading 1,000,000 rows ($(nproc) cores, $("$bindir/postgres" --version))"
t0=$(now); "$bindir/pgbench" "${PG[@]}" -i -s 10 -q postgres >/dev/null 2>&1; t1=$(now)
java -jar "$JAR" "${TX[@]}" --table-size 1000000 --only-setup >/dev/null; t2=$(now)
load_pgbench=$(calc "$t1 - $t0"); load_txbench=$(calc "$t2 - $t1")
printf 'pgbench -i -s 10      %6.1f s\ntxbench --only-setup  %6.1f s   (%.2fx the time of pgbench)\n' \
  "$load_pgbench" "$load_txbench" "$(calc "$load_txbench / $load_pgbench")"

tps_of() { sed -n 's/^ *"tps" : \([0-9.]*\).*/\1/p' "$1/summary.json"; }
cpu_of() { sed -n 's/^ *"cpuMicrosPerIteration" : \([0-9.]*\).*/\1/p' "$1/summary.json"; }
echo
echo "== point-select, ${SECONDS_PER_RUN} s per run (txbench after a ${WARMUP} s warm-up), ${ROUNDS} round(s), runs alternating"
echo "   cpu: the client's own user+system CPU per select, in microseconds"
printf '%-8s %-6s %12s %12s %7s %9s %9s %7s\n' clients round pgbench txbench ratio 'pg cpu' 'tx cpu' ratio
for clients in $CLIENTS; do
  for round in $(seq 1 "$ROUNDS"); do
    /usr/bin/time -o "$work/time" -f '%U %S' "$bindir/pgbench" "${PG[@]}" -S -M prepared \
      -c "$clients" -j "$(nproc)" -T "$SECONDS_PER_RUN" postgres >"$work/pgbench.out" 2>/dev/null
    pg=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$work/pgbench.out")
    done_pg=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$work/pgbench.out")
    pg_cpu=$(awk -v n="$done_pg" '{ printf "%.1f", ($1 + $2) * 1e6 / n }' "$work/time")
    out="$work/tx-$clients-$round"
    java -jar "$JAR" "${TX[@]}" --skip-setup --parallelism "$clients" --warmup "${WARMUP}s" \
      --duration "${SECONDS_PER_RUN}s" --metrics "${SECONDS_PER_RUN}s" --output-dir "$out" >/dev/null
    tx=$(tps_of "$out")
    tx_cpu=$(cpu_of "$out")
    printf '%-8s %-6s %12.0f %12.0f %7.2f %9.1f %9.1f %7.2f\n' "$clients" "$round" "$pg" "$tx" \
      "$(calc "$tx / $pg")" "$pg_cpu" "$tx_cpu" "$(calc "$tx_cpu / $pg_cpu")"
  done
done
