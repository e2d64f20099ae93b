#!/usr/bin/env bash
# The floor of a Java PostgreSQL client on this machine: pgbench's select-only, prepared and
# binary, run by pgbench, by bench/pg-floor/PgFloor.java (no library: the protocol's Bind,
# Execute and Sync in one write, one read a reply) with a thread a connection and with two selector
# loops as pgbench -j 2, and by txbench (docs/scripts/pgbench/select-only.sql, both clients), one
# after the other in each round, on `pgbench -i -s 10` data of a throw-away PostgreSQL on loopback
# (bench/servers.sh). Prints each one's tps and CPU per transaction (µs, user + system: pgbench's
# over its run, the others' over their measured seconds). If the floor itself costs more CPU than
# pgbench, no Java client reaches pgbench's throughput where client and server share the cores.
# Usage: bench/pg-floor.sh [seconds] [rounds]; TXBENCH_BENCH_CLIENTS (default "8 32").
# Sends traffic only to 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-20}
ROUNDS=${2:-3}
PG_PORT=${TXBENCH_BENCH_PORT:-55433}
CLIENTS=${TXBENCH_BENCH_CLIENTS:-8 32}
SCALE=10
# shellcheck source=bench/servers.sh
. bench/servers.sh
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
JAR=$PWD/cli/target/benchmark.jar
work=$(mktemp -d /tmp/txbench-pg-floor.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$work"
trap 'stop_servers; rm -rf "$work"' EXIT
start_postgres
PG=(-h 127.0.0.1 -p "$PG_PORT" -U postgres)
"$pg_bin/pgbench" "${PG[@]}" -i -q -s "$SCALE" postgres >/dev/null 2>&1
javac -d "$work/floor" bench/pg-floor/PgFloor.java
echo "== $(nproc) cores, $SERVER, pgbench -i -s $SCALE, select-only, ${SECONDS_EACH} s each"
printf '%-7s %-5s %-16s %10s %10s\n' clients round client tps 'cpu µs/tx'
for clients in $CLIENTS; do
  for round in $(seq 1 "$ROUNDS"); do
    line() { printf '%-7s %-5s %-16s %10.0f %10.1f\n' "$clients" "$round" "$1" "$2" "$3"; }
    /usr/bin/time -f 'cpu %U %S' -o "$work/time" "$pg_bin/pgbench" "${PG[@]}" -n -S -M prepared \
      -c "$clients" -j "$(nproc)" -T 5 postgres >/dev/null 2>&1
    out=$(/usr/bin/time -f 'cpu %U %S' -o "$work/time" "$pg_bin/pgbench" "${PG[@]}" -n -S \
      -M prepared -c "$clients" -j "$(nproc)" -T "$SECONDS_EACH" postgres 2>/dev/null)
    tx=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' <<<"$out")
    line pgbench "$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' <<<"$out")" \
      "$(awk -v n="$tx" '/^cpu/ { print ($2 + $3) * 1e6 / n }' "$work/time")"
    for mode in threads loops; do
      read -r tps cpu < <(java -cp "$work/floor" PgFloor "$mode" 127.0.0.1 "$PG_PORT" postgres \
        "$clients" 5 "$SECONDS_EACH" "$SCALE" "$(nproc)")
      line "floor $mode" "$tps" "$cpu"
    done
    for client in jdbc async; do
      dir="$work/tx-$clients-$round-$client"
      java -jar "$JAR" "${TX[@]}" --workload script --define "scale=$SCALE" --skip-setup \
        --pg-client "$client" --script docs/scripts/pgbench/select-only.sql \
        --parallelism "$clients" --duration "${SECONDS_EACH}s" --output-dir "$dir" \
        >"$dir.log" 2>&1 || true
      line "txbench $client" \
        "$(sed -n 's/^  "tps" : \([0-9.]*\).*/\1/p' "$dir/summary.json" 2>/dev/null | head -n 1)" \
        "$(sed -n 's/^ *"cpuMicrosPerIteration" : \([0-9.]*\).*/\1/p' "$dir/summary.json" \
          2>/dev/null | head -n 1)"
    done
  done
done
