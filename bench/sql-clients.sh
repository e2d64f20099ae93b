#!/usr/bin/env bash
# txbench's two clients of a SQL target against each other on every built-in kind: jdbc (the JDBC
# driver, a thread per connection) and async (txbench's protocol code on event loops),
# alternating on a throw-away PostgreSQL (--pg-client) or MariaDB (--mysql-client) on loopback,
# the data loaded once per kind. Prints each pair's throughput and client CPU per iteration
# (summary.json, the measured window only) and async's ratio to jdbc for both: the figures the
# default client is chosen by.
#
# Usage: bench/sql-clients.sh [seconds per run, default 10] [rounds, default 2]
#        [database: postgres (default) or mariadb]
# TXBENCH_BENCH_KINDS picks the kinds, TXBENCH_BENCH_THREADS the client counts (default "8 32").
# Needs: PostgreSQL server binaries or mariadbd, a JDK; builds the JAR if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN=${1:-10}
ROUNDS=${2:-2}
DATABASE=${3:-postgres}
THREADS=${TXBENCH_BENCH_THREADS:-8 32}
KINDS=${TXBENCH_BENCH_KINDS:-point-select insert update delete range-scan count update-many \
oltp-read-only oltp-write-only oltp-read-write mix ycsb-a ycsb-b ycsb-c ycsb-d ycsb-e ycsb-f \
airline analytics}
ROWS=${TXBENCH_BENCH_ROWS:-100000}
WARMUP=${TXBENCH_BENCH_WARMUP:-10}
# shellcheck disable=SC2034 # both read by bench/servers.sh
PG_PORT=${TXBENCH_BENCH_PG_PORT:-55435} MY_PORT=${TXBENCH_BENCH_MY_PORT:-53307}
case $DATABASE in
  postgres) client_option=--pg-client ;;
  mariadb) client_option=--mysql-client ;;
  *) echo "sql-clients: the database is postgres or mariadb, not $DATABASE" >&2; exit 2 ;;
esac

[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
JAR=$PWD/cli/target/benchmark.jar
work=$(mktemp -d /tmp/txbench-sql-clients.XXXXXX)
chmod 755 "$work"
trap 'stop_servers; rm -rf "$work"' EXIT
# shellcheck source=bench/servers.sh
. bench/servers.sh

calc() { awk "BEGIN { print $* }"; }
tps_of() { sed -n 's/^  "tps" : \([0-9.]*\).*/\1/p' "$1/summary.json"; }
cpu_of() { sed -n 's/^ *"cpuMicrosPerIteration" : \([0-9.]*\).*/\1/p' "$1/summary.json"; }

# shellcheck disable=SC2119 # (its options are the server's, none here)
"start_$DATABASE"
echo "== $SERVER on 127.0.0.1, $(nproc) cores, $ROWS rows, ${WARMUP}s warm-up, ${SECONDS_PER_RUN}s runs"
printf '%-16s %-7s %-5s %10s %10s %6s %9s %9s %6s\n' kind clients round 'jdbc tps' \
  'async tps' ratio 'jdbc cpu' 'async cpu' ratio
for kind in $KINDS; do
  size=(--table-size "$ROWS")
  case $kind in airline | analytics) size=() ;; esac
  java -jar "$JAR" "${TX[@]}" --workload "$kind" "${size[@]}" --only-setup >/dev/null
  for threads in $THREADS; do
    for round in $(seq 1 "$ROUNDS"); do
      declare -A tps cpu
      for client in jdbc async; do
        out="$work/$kind-$threads-$round-$client"
        java -jar "$JAR" "${TX[@]}" "$client_option" "$client" --workload "$kind" "${size[@]}" \
          --skip-setup --parallelism "$threads" --warmup "${WARMUP}s" \
          --duration "${SECONDS_PER_RUN}s" --no-verify --output-dir "$out" >/dev/null
        tps[$client]=$(tps_of "$out")
        cpu[$client]=$(cpu_of "$out")
      done
      printf '%-16s %-7s %-5s %10.0f %10.0f %6.2f %9.1f %9.1f %6.2f\n' "$kind" "$threads" \
        "$round" "${tps[jdbc]}" "${tps[async]}" "$(calc "${tps[async]} / ${tps[jdbc]}")" \
        "${cpu[jdbc]}" "${cpu[async]}" "$(calc "${cpu[async]} / ${cpu[jdbc]}")"
    done
  done
done
