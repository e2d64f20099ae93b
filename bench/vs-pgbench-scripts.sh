#!/usr/bin/env bash
# pgbench's own built-in scripts, from the files docs/scripts/pgbench holds (as
# `pgbench --show-script=NAME` prints them), run by pgbench and by txbench --workload script in
# turn on `pgbench -i` data of a throw-away PostgreSQL on loopback (bench/servers.sh), at 8 and 32
# clients; prints each round's tps and the ratio (the goal: txbench at 0.95 of pgbench's or
# better), and after each tpcb-like run by txbench, its --script-verify verdict (tpcb-verify.sql:
# the balances equal the history's deltas). Each txbench run stands between two pgbench runs: the
# ratio is to their mean (a machine whose speed drifts favours neither), and `pg spread`, the
# second pgbench run's tps over the first's, is what pgbench itself moved in those minutes: a
# ratio is only as sure as that spread.
#
# Alike for both: the same file, prepared statements (pgbench -M prepared), load first that neither
# counts (pgbench runs 5 s and its result is dropped; txbench its default warm-up, which goes on
# until the JVM has compiled its hot code and the throughput settles), then the measured seconds;
# pgbench with as many threads as cores. Each line gives both clients' CPU per transaction too
# (user + system, µs): pgbench's over its whole run (time's), txbench's over its window
# (summary.json's client.cpuMicrosPerIteration).
# Usage: bench/vs-pgbench-scripts.sh [seconds] [rounds]
#        TXBENCH_BENCH_CLIENTS, TXBENCH_BENCH_SCRIPTS, TXBENCH_BENCH_SCALE, TXBENCH_BENCH_CLIENT
#        (jdbc or async) to choose. Sends traffic only to 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-30}
ROUNDS=${2:-2}
PG_PORT=${TXBENCH_BENCH_PORT:-55433}
CLIENTS=${TXBENCH_BENCH_CLIENTS:-8 32}
# tpcb-like first: simple-update moves accounts without tellers and branches, which its verify checks.
SCRIPTS=${TXBENCH_BENCH_SCRIPTS:-tpcb-like select-only simple-update}
SCALE=${TXBENCH_BENCH_SCALE:-10}
PG_CLIENT=${TXBENCH_BENCH_CLIENT:-jdbc}
# shellcheck source=bench/servers.sh
. bench/servers.sh
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
JAR=$PWD/cli/target/benchmark.jar
work=$(mktemp -d /tmp/txbench-vs-pgbench-scripts.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$work"
trap 'stop_servers; rm -rf "$work"' EXIT
start_postgres
PG=(-h 127.0.0.1 -p "$PG_PORT" -U postgres)
calc() { awk "BEGIN { print $* }"; }
echo "== $(nproc) cores, $SERVER, pgbench -i -s $SCALE, txbench --pg-client $PG_CLIENT"
"$pg_bin/pgbench" "${PG[@]}" -i -q -s "$SCALE" postgres >/dev/null 2>&1
printf '%-14s %-7s %-5s %10s %10s %10s %6s %9s %8s %8s %s\n' script clients round 'pgbench' \
  'txbench' 'pgbench' ratio 'pg spread' 'pg cpu' 'tx cpu' verify
for script in $SCRIPTS; do
  file=docs/scripts/pgbench/$script.sql
  for clients in $CLIENTS; do
    for round in $(seq 1 "$ROUNDS"); do
      pgbench_run() {
        /usr/bin/time -f 'cpu %U %S' -o "$work/time" "$pg_bin/pgbench" "${PG[@]}" -n -M prepared \
          -s "$SCALE" -f "$file" -c "$clients" -j "$(nproc)" -T "$1" postgres 2>/dev/null
      }
      pgbench_measured() { # prints tps and CPU µs a transaction
        pgbench_run 5 >/dev/null
        local out tx
        out=$(pgbench_run "$SECONDS_EACH")
        tx=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' <<<"$out")
        echo "$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' <<<"$out")" \
          "$(awk -v n="$tx" '/^cpu/ { print ($2 + $3) * 1e6 / n }' "$work/time")"
      }
      read -r pg_tps pg_cpu <<<"$(pgbench_measured)"
      out="$work/tx-$script-$clients-$round"
      verify=()
      [ "$script" = tpcb-like ] && verify=(--script-verify docs/scripts/tpcb-verify.sql)
      java -jar "$JAR" "${TX[@]}" --workload script --define "scale=$SCALE" --skip-setup \
        --sql-isolation-level READ_COMMITTED --pg-client "$PG_CLIENT" --script "$file" \
        "${verify[@]}" --parallelism "$clients" --duration "${SECONDS_EACH}s" \
        --output-dir "$out" >"$out.log" 2>&1 || true
      tps=$(sed -n 's/^  "tps" : \([0-9.]*\).*/\1/p' "$out/summary.json" 2>/dev/null | head -n 1)
      tx_cpu=$(sed -n 's/^ *"cpuMicrosPerIteration" : \([0-9.]*\).*/\1/p' "$out/summary.json" \
        2>/dev/null | head -n 1)
      verdict=$(sed -n 's/^  verification *//p' "$out.log" | cut -c1-60)
      read -r pg_after _ <<<"$(pgbench_measured)"
      printf '%-14s %-7s %-5s %10.0f %10.0f %10.0f %6.2f %9.2f %8.0f %8.0f %s\n' "$script" "$clients" \
        "$round" "$pg_tps" "${tps:-0}" "$pg_after" "$(calc "2 * ${tps:-0} / ($pg_tps + $pg_after)")" \
        "$(calc "$pg_after / $pg_tps")" "$pg_cpu" "${tx_cpu:-0}" "$verdict"
    done
  done
done
