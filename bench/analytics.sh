#!/usr/bin/env bash
# The analytics queries on throw-away PostgreSQL and MariaDB servers (the distribution's binaries,
# on loopback) and on the MongoDB emulator, without and with indexes on ord's keys: each query's
# p50, p95 and mean as txbench measured them (one worker, the query alone), beside the server's own
# mean execution time of the same statement (PostgreSQL's pg_stat_statements, MariaDB's
# performance_schema) and their ratio, which shows what the client adds (fetching and reading
# every row); then compare's check that every target returned the same answers.
#
# Usage: bench/analytics.sh [scale, default 1] [seconds per query, default 30]
#        [targets, default "postgres mariadb mongo"]
# TXBENCH_MONGO_SCALE (default 0.1) is the emulator's scale: it joins by scanning, and at scale 1
# a query takes minutes. Needs: mariadbd and mariadb-install-db, PostgreSQL server binaries with
# pg_stat_statements, jq, a JDK; builds the JAR if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
SCALE=${1:-1}
SECS=${2:-30}
TARGETS=${3:-postgres mariadb mongo}
MONGO_SCALE=${TXBENCH_MONGO_SCALE:-0.1}
QUERIES="join group-by grouping-sets rollup cube pivot"
MY_PORT=${TXBENCH_BENCH_MY_PORT:-53306}
PG_PORT=${TXBENCH_BENCH_PG_PORT:-55433}
command -v jq >/dev/null || { echo "analytics: jq not found (apt-get install jq)" >&2; exit 1; }
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
JAR=$PWD/cli/target/benchmark.jar
work=$(mktemp -d /tmp/txbench-analytics.XXXXXX)
chmod 755 "$work"
results=${TXBENCH_BENCH_RESULTS:-$work/results}
trap 'stop_servers; [ -n "${TXBENCH_BENCH_RESULTS:-}" ] || rm -rf "$work"' EXIT
# shellcheck source=bench/servers.sh
. bench/servers.sh

reset_stats() {
  case $1 in
    postgres) "${DB_CLI[@]}" "SELECT pg_stat_statements_reset()" >/dev/null ;;
    mariadb) "${DB_CLI[@]}" "TRUNCATE performance_schema.events_statements_summary_global_by_event_name" ;;
  esac
}

# The server's mean time of the statement that took it longest since reset_stats, in ms. MariaDB's
# digests leave out statements prepared on the server, as txbench's are: there, the time of every
# prepared statement's execution (the lease's few are quick beside the query's) over the query's
# executions, which are the run's ($2: no warm-up there) and verify's.
server_mean() {
  case $1 in
    postgres) "${DB_CLI[@]}" "SELECT round(mean_exec_time::numeric, 3) FROM pg_stat_statements
                              ORDER BY total_exec_time DESC LIMIT 1" ;;
    mariadb) "${DB_CLI[@]}" "SELECT ROUND(SUM_TIMER_WAIT / 1e9 / ($2 + 1), 3)
                             FROM performance_schema.events_statements_summary_global_by_event_name
                             WHERE EVENT_NAME = 'statement/com/Execute'" ;;
    *) echo "-" ;;
  esac
}

row() { # target indexes query run-directory server-mean
  jq -r --arg q "$3" --arg t "$1" --arg i "$2" --arg s "$5" \
    '.operations[$q] as $o | [$t, $i, $q, $o.count, $o.p50Ms, $o.p95Ms, $o.meanMs, $s,
      (if ($s | test("^[0-9.]+$")) and ($s | tonumber) > 0 then ($o.meanMs / ($s | tonumber) * 100
        | round / 100) else "-" end), (.client.cpuCores // "-")] | @tsv' "$4/summary.json"
}

printf 'scale %s (the emulator: %s), %s s per query, one worker, %s cores\n' "$SCALE" \
  "$MONGO_SCALE" "$SECS" "$(nproc)"
printf '%s\n' "target	indexes	query	count	p50_ms	p95_ms	mean_ms	server_mean_ms	client/server	client_cpu_cores"
for target in $TARGETS; do
  case $target in
    postgres) start_postgres -c shared_preload_libraries=pg_stat_statements
              "${DB_CLI[@]}" "CREATE EXTENSION pg_stat_statements" >/dev/null ;;
    mariadb) start_mariadb --performance-schema=ON ;;
    mongo) TX=(--benchmark-target mongo --embedded) ;;
  esac
  for indexes in none keys; do
    if [ "$target" = mongo ]; then
      # The emulator lives as long as one run: load and run the six in one go.
      out="$results/$target-$indexes"
      java -jar "$JAR" "${TX[@]}" --workload analytics --scale "$MONGO_SCALE" --indexes "$indexes" \
        --parallelism 1 --warmup 5s --duration "$((SECS * 6))s" --metrics "$((SECS * 6))s" \
        --output-dir "$out" >"$work/run.log" 2>&1 || { cat "$work/run.log" >&2; exit 1; }
      for query in $QUERIES; do row "$target(emulator)" "$indexes" "$query" "$out" "-"; done
      continue
    fi
    start=$(date +%s)
    java -jar "$JAR" "${TX[@]}" --workload analytics --scale "$SCALE" --indexes "$indexes" \
      --only-setup >"$work/load.log" 2>&1 || { cat "$work/load.log" >&2; exit 1; }
    echo "# $SERVER: loaded scale $SCALE with indexes $indexes in $(( $(date +%s) - start )) s" >&2
    warmup=5s
    [ "$target" = mariadb ] && warmup=0
    for query in $QUERIES; do
      out="$results/$target-$indexes-$query"
      reset_stats "$target"
      java -jar "$JAR" "${TX[@]}" --workload analytics --scale "$SCALE" --indexes "$indexes" \
        --query "$query" --skip-setup --parallelism 1 --warmup "$warmup" --duration "${SECS}s" \
        --metrics "${SECS}s" --output-dir "$out" >"$work/run.log" 2>&1 \
        || { cat "$work/run.log" >&2; exit 1; }
      count=$(jq --arg q "$query" '.operations[$q].count + (.iterationsAfterWindow // 0)' \
        "$out/summary.json")
      row "$target" "$indexes" "$query" "$out" "$(server_mean "$target" "$count")"
    done
  done
  case $target in postgres) stop_postgres ;; mariadb) stop_mariadb ;; esac
done
echo
# shellcheck disable=SC2046
java -jar "$JAR" compare $(ls -d "$results"/*) | sed -n '/^answers of/,$p' || true
