#!/usr/bin/env bash
# txbench against sysbench, the reference C client for MySQL-protocol servers (and PostgreSQL),
# on the same machine, server and number of rows.
#
# Starts throw-away MariaDB and PostgreSQL servers on loopback (the distribution's binaries),
# loads 1,000,000 rows for each tool, then alternates sysbench and txbench on point-select
# (oltp_point_select), update (oltp_update_non_index), insert (oltp_insert), and the OLTP
# transactions oltp-read-only (oltp_read_only: 14 reads and BEGIN/COMMIT) and oltp-write-only
# (oltp_write_only: 4 writes) at 8 and 32 threads, and prints both throughputs, the ratio
# txbench/sysbench, and each client's own CPU per operation (user + system, in microseconds):
# sysbench's from /usr/bin/time over its run, txbench's from its summary.json (the measured window
# only). sysbench's single-statement scripts run one statement per event in autocommit, as
# txbench's item workloads do; its OLTP scripts run a transaction per event at the server's default
# isolation level, which txbench is given too (READ COMMITTED on PostgreSQL, REPEATABLE READ on
# MariaDB). TXBENCH_BENCH_WORKLOADS picks the workloads; TXBENCH_BENCH_PG_CLIENTS="jdbc async"
# runs txbench on PostgreSQL once with each --pg-client after sysbench in every round, and
# TXBENCH_BENCH_MY_CLIENTS="jdbc async" on MariaDB with each --mysql-client.
#
# Usage: bench/vs-sysbench.sh [seconds per run, default 12] [rounds, default 2] [databases,
#        default "mariadb postgres"]
# Needs: sysbench, mariadbd and mariadb-install-db, PostgreSQL server binaries, a JDK; builds the
# JAR if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN=${1:-12}
ROUNDS=${2:-2}
DATABASES=${3:-mariadb postgres}
THREADS=${TXBENCH_BENCH_THREADS:-8 32}
WORKLOADS=${TXBENCH_BENCH_WORKLOADS:-point-select update insert oltp-read-only oltp-write-only}
ROWS=${TXBENCH_BENCH_ROWS:-1000000}
PG_CLIENTS=${TXBENCH_BENCH_PG_CLIENTS:-jdbc}
MY_CLIENTS=${TXBENCH_BENCH_MY_CLIENTS:-jdbc}
# The JVM compiles its hot code in its first seconds: that warm-up is not measured, as sysbench
# does not count its connection time.
WARMUP=${TXBENCH_BENCH_WARMUP:-10}
MY_PORT=${TXBENCH_BENCH_MY_PORT:-53306}
PG_PORT=${TXBENCH_BENCH_PG_PORT:-55433}

[ -x /usr/bin/time ] || { echo "vs-sysbench: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }
command -v sysbench >/dev/null || { echo "vs-sysbench: sysbench not found (apt-get install sysbench)" >&2; exit 1; }
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
JAR=$PWD/cli/target/benchmark.jar
work=$(mktemp -d /tmp/txbench-vs-sysbench.XXXXXX)
chmod 755 "$work"
trap 'stop_servers; rm -rf "$work"' EXIT
# shellcheck source=bench/servers.sh
. bench/servers.sh

start_mariadb_for_both() {
  start_mariadb "$@"
  SB=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$MY_PORT" --mysql-user=root
      --mysql-db=sbtest)
  TX_OLTP=(--sql-isolation-level REPEATABLE_READ)
}

start_postgres_for_both() {
  start_postgres "$@"
  SB=(--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port="$PG_PORT" --pgsql-user=postgres
      --pgsql-db=postgres)
  TX_OLTP=(--sql-isolation-level READ_COMMITTED)
}

calc() { awk "BEGIN { print $* }"; }
tps_of() { sed -n 's/^  "tps" : \([0-9.]*\).*/\1/p' "$1/summary.json"; }
cpu_of() { sed -n 's/^ *"cpuMicrosPerIteration" : \([0-9.]*\).*/\1/p' "$1/summary.json"; }
sysbench_script() {
  case $1 in
    point-select) echo oltp_point_select ;;
    update) echo oltp_update_non_index ;;
    insert) echo oltp_insert ;;
    oltp-read-only) echo oltp_read_only ;;
    oltp-write-only) echo oltp_write_only ;;
  esac
}

for db in $DATABASES; do
  "start_${db}_for_both"
  echo "== $SERVER on 127.0.0.1, $(nproc) cores: loading $ROWS rows for each tool"
  sysbench oltp_common "${SB[@]}" --tables=1 --table-size="$ROWS" prepare >/dev/null
  java -jar "$JAR" "${TX[@]}" --workload point-select --table-size "$ROWS" --only-setup >/dev/null
  echo "   cpu: the client's own user+system CPU per operation, in microseconds"
  clients=$MY_CLIENTS
  client_option=--mysql-client
  [ "$db" = postgres ] && clients=$PG_CLIENTS && client_option=--pg-client
  printf '%-14s %-8s %-6s %-7s %12s %12s %7s %9s %9s %7s\n' workload threads round client \
    sysbench txbench ratio 'sb cpu' 'tx cpu' ratio
  for workload in $WORKLOADS; do
    extra=()
    case $workload in oltp-*) extra=("${TX_OLTP[@]}") ;; esac
    for threads in $THREADS; do
      for round in $(seq 1 "$ROUNDS"); do
        /usr/bin/time -o "$work/time" -f '%U %S' sysbench "$(sysbench_script "$workload")" \
          "${SB[@]}" --tables=1 --table-size="$ROWS" --threads="$threads" \
          --time="$SECONDS_PER_RUN" --report-interval=0 run >"$work/sysbench.out" 2>/dev/null
        sb=$(sed -n 's/^ *transactions: *[0-9]* *(\([0-9.]*\) per sec.)/\1/p' "$work/sysbench.out")
        done_sb=$(sed -n 's/^ *transactions: *\([0-9]*\) .*/\1/p' "$work/sysbench.out")
        sb_cpu=$(awk -v n="$done_sb" '{ printf "%.1f", ($1 + $2) * 1e6 / n }' "$work/time")
        for client in $clients; do
          out="$work/tx-$db-$workload-$threads-$round-$client"
          java -jar "$JAR" "${TX[@]}" "${extra[@]}" "$client_option" "$client" --workload "$workload" --skip-setup \
            --parallelism "$threads" \
            --warmup "${WARMUP}s" --duration "${SECONDS_PER_RUN}s" --metrics "${SECONDS_PER_RUN}s" \
            --no-verify --output-dir "$out" >/dev/null
          tx=$(tps_of "$out")
          tx_cpu=$(cpu_of "$out")
          printf '%-14s %-8s %-6s %-7s %12.0f %12.0f %7.2f %9.1f %9.1f %7.2f\n' "$workload" \
            "$threads" "$round" "$client" "$sb" "$tx" "$(calc "$tx / $sb")" "$sb_cpu" "$tx_cpu" \
            "$(calc "$tx_cpu / $sb_cpu")"
        done
      done
    done
  done
  "stop_$db"
done
