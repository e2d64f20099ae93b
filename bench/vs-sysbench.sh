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
# MariaDB). TXBENCH_BENCH_WORKLOADS picks the workloads.
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
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
as_pg=()
[ "$(id -u)" = 0 ] && as_pg=(runuser -u postgres --)
my_pid=
stop() {
  [ -n "$my_pid" ] && kill "$my_pid" 2>/dev/null && wait "$my_pid" 2>/dev/null || true
  [ -d "$work/pg" ] && "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap stop EXIT

start_mariadb() {
  mariadb-install-db --no-defaults --datadir="$work/my" --auth-root-authentication-method=normal \
    --skip-test-db --user="$(id -un)" >/dev/null 2>&1
  mariadbd --no-defaults --datadir="$work/my" --socket="$work/my.sock" --port="$MY_PORT" \
    --bind-address=127.0.0.1 --user="$(id -un)" --max-connections=300 \
    --innodb-buffer-pool-size=512M --innodb-flush-log-at-trx-commit=2 \
    --log-error="$work/my.log" &
  my_pid=$!
  for _ in $(seq 60); do
    mariadb -h 127.0.0.1 -P "$MY_PORT" -u root -e "SELECT 1" >/dev/null 2>&1 && break
    sleep 0.5
  done
  mariadb -h 127.0.0.1 -P "$MY_PORT" -u root -e "CREATE DATABASE sbtest; CREATE DATABASE txbench"
  SB=(--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$MY_PORT" --mysql-user=root
      --mysql-db=sbtest)
  TX=(--benchmark-target mysql --target-database-host 127.0.0.1 --target-database-port "$MY_PORT"
      --target-database-user root --target-database-name txbench)
  TX_OLTP=(--sql-isolation-level REPEATABLE_READ)
  SERVER="MariaDB $(mariadbd --version | sed -n 's/.*Ver \([0-9.]*\).*/\1/p')"
}

start_postgres() {
  [ -n "$pg_bin" ] || { echo "vs-sysbench: PostgreSQL server binaries not found" >&2; exit 1; }
  mkdir "$work/pg"
  [ "$(id -u)" = 0 ] && chown postgres "$work/pg"
  "${as_pg[@]}" "$pg_bin/initdb" -D "$work/pg" -U postgres --auth=trust >/dev/null
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -l "$work/pg/server.log" -w \
    -o "-p $PG_PORT -k $work/pg -c listen_addresses=127.0.0.1 -c max_connections=300 -c shared_buffers=256MB -c synchronous_commit=off" \
    start >/dev/null
  SB=(--db-driver=pgsql --pgsql-host=127.0.0.1 --pgsql-port="$PG_PORT" --pgsql-user=postgres
      --pgsql-db=postgres)
  TX=(--benchmark-target postgres --target-database-host 127.0.0.1 --target-database-port "$PG_PORT"
      --target-database-user postgres --target-database-name postgres)
  TX_OLTP=(--sql-isolation-level READ_COMMITTED)
  SERVER="PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}')"
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
  "start_$db"
  echo "== $SERVER on 127.0.0.1, $(nproc) cores: loading $ROWS rows for each tool"
  sysbench oltp_common "${SB[@]}" --tables=1 --table-size="$ROWS" prepare >/dev/null
  java -jar "$JAR" "${TX[@]}" --workload point-select --table-size "$ROWS" --only-setup >/dev/null
  echo "   cpu: the client's own user+system CPU per operation, in microseconds"
  printf '%-14s %-8s %-6s %12s %12s %7s %9s %9s %7s\n' workload threads round sysbench txbench ratio \
    'sb cpu' 'tx cpu' ratio
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
        out="$work/tx-$db-$workload-$threads-$round"
        java -jar "$JAR" "${TX[@]}" "${extra[@]}" --workload "$workload" --skip-setup \
          --parallelism "$threads" \
          --warmup "${WARMUP}s" --duration "${SECONDS_PER_RUN}s" --metrics "${SECONDS_PER_RUN}s" \
          --no-verify --output-dir "$out" >/dev/null
        tx=$(tps_of "$out")
        tx_cpu=$(cpu_of "$out")
        printf '%-14s %-8s %-6s %12.0f %12.0f %7.2f %9.1f %9.1f %7.2f\n' "$workload" "$threads" \
          "$round" "$sb" "$tx" "$(calc "$tx / $sb")" "$sb_cpu" "$tx_cpu" "$(calc "$tx_cpu / $sb_cpu")"
      done
    done
  done
  if [ "$db" = mariadb ]; then kill "$my_pid"; wait "$my_pid" 2>/dev/null || true; my_pid=; fi
  if [ "$db" = postgres ]; then
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null; rm -rf "$work/pg"
  fi
done
