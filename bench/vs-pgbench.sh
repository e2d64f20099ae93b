#!/usr/bin/env bash
# txbench's two worker models against pgbench, the reference PostgreSQL client, on the same
# machine, data and statement.
#
# Starts a throw-away PostgreSQL on loopback (the distribution's binaries, max_connections 600),
# loads txbench's item table (1,000,000 rows), and runs its point-select statement,
# SELECT c FROM item WHERE id = $1, with a uniform random id, one query in flight per connection,
# at 8, 32, 128 and 512 clients: pgbench -M prepared -f (a script of that statement), txbench
# --pg-client jdbc (a thread per connection) and txbench --pg-client async (event loops), in turn,
# for the given number of rounds. Each line gives the tool's throughput and its ratio to
# pgbench's of the same round, the client-measured p99, the client's CPU per query (user +
# system, microseconds) and its context switches per query (voluntary + involuntary, all
# threads), each ratio to pgbench's.
#
# How each figure is taken, alike for the three where it can be:
#   tps  pgbench's own (without connecting); txbench's summary.json, over its measured window
#        (after a warm-up, as pgbench does not count connecting)
#   p99  pgbench: its per-transaction log (a 10% sample) over the sampling window below;
#        txbench: summary.json's over its window
#   cpu, context switches: read from /proc/PID (stat; task/*/status) at the start and end of a
#        sampling window inside the measured run (pgbench's 10 s after its launch, txbench's 2 s
#        after its console says the measured run started), divided by tps x the window's length
#
# Usage: bench/vs-pgbench.sh [rounds, default 2]
#        TXBENCH_BENCH_CLIENTS="8 32" to choose the client counts
# Needs: PostgreSQL server binaries (initdb, pg_ctl, pgbench, psql), a JDK; builds the JAR if
# missing. Sends traffic only to 127.0.0.1, for about a minute per client count and round.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-2}
PORT=${TXBENCH_BENCH_PORT:-55432}
CLIENTS=${TXBENCH_BENCH_CLIENTS:-8 32 128 512}
SETTLE=10   # pgbench: seconds from its launch to the sampling window (connecting)
SAMPLE=6    # the sampling window's length, inside every tool's measured run
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bindir" ] || bindir=$(dirname "$(command -v pg_ctl || true)")
for tool in initdb pg_ctl pgbench psql; do
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
  -o "-p $PORT -k $work -c listen_addresses=127.0.0.1 -c max_connections=600 -c shared_buffers=256MB -c synchronous_commit=off" \
  start >/dev/null
PG=(-h 127.0.0.1 -p "$PORT" -U postgres)
TX=(--benchmark-target postgres --target-database-host 127.0.0.1 --target-database-port "$PORT"
    --target-database-user postgres --target-database-name postgres --workload point-select
    --table-size 1000000)
calc() { awk "BEGIN { print $* }"; }
now() { date +%s.%N; }
# CPU ticks (user + system) and context switches of a process's threads, at this moment.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# Each thread's context switches (voluntary + involuntary), "tid count" a line, at this moment. A
# process's own total leaves out its ended threads, and the JVM ends compiler and GC threads as
# it likes, so a window's switches are summed over threads: each thread alive at its end, less
# what it had at the start if it was alive then. A thread that ends inside the window is left out.
switches() {
  { grep -H _ctxt_switches /proc/"$1"/task/*/status 2>/dev/null || true; } |
    awk -F'[/:]' '{ n[$5] += $NF } END { for (t in n) print t, n[t] }'
}
switched() { awk 'NR == FNR { a[$1] = $2; next } { n += $2 - a[$1] } END { print n + 0 }' "$1" "$2"; }
# Samples process $1 over the sampling window: "seconds ticks switches start" into $2. The window
# opens $SETTLE s after the launch, or, given a console log $3, 2 s after txbench says its measured
# run started (connecting 512 sessions and the warm-up take their own time).
sample() {
  local pid=$1 t0 c0 c1
  if [ -n "${3:-}" ]; then
    until grep -q '^Running ' "$3" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
    sleep 2
  else
    sleep "$SETTLE"
  fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "ended" >"$2"; return; fi
  t0=$(now); c0=$(cpu_ticks "$pid"); switches "$pid" >"$2.cs0"
  sleep "$SAMPLE"
  # A tool that ended inside the window (it failed, or finished early) has no window: said, not
  # printed as figures.
  if ! kill -0 "$pid" 2>/dev/null; then echo "ended" >"$2"; return; fi
  c1=$(cpu_ticks "$pid"); switches "$pid" >"$2.cs1"
  echo "$(calc "$(now) - $t0") $(calc "$c1 - $c0") $(switched "$2.cs0" "$2.cs1") $t0" >"$2"
}
hz=$(getconf CLK_TCK)
echo "== $(nproc) cores, $("$bindir/postgres" --version); loading 1,000,000 rows"
java -jar "$JAR" "${TX[@]}" --only-setup >/dev/null
printf '\\set id random(1, 1000000)\nSELECT c FROM item WHERE id = :id;\n' >"$work/select.sql"
chmod a+r "$work/select.sql"
echo "== point-select, a ${SAMPLE} s sampling window ${SETTLE} s into each run, ${ROUNDS} round(s), tools in turn"
printf '%-7s %-5s %-13s %9s %6s %8s %7s %8s %6s %8s %6s\n' clients round client tps 'of pg' 'p99 ms' ratio 'cpu us' ratio 'cs/q' ratio
for clients in $CLIENTS; do
  for round in $(seq 1 "$ROUNDS"); do
    # pgbench: its run covers the sampling window and a second more.
    rm -f "$work"/pglog*
    "$bindir/pgbench" "${PG[@]}" -n -M prepared -f "$work/select.sql" -c "$clients" -j "$(nproc)" \
      -T $((SETTLE + SAMPLE + 1)) -l --sampling-rate 0.1 --log-prefix "$work/pglog" postgres \
      >"$work/pgbench.out" 2>/dev/null &
    pid=$!
    sample "$pid" "$work/pg.sample"
    wait "$pid"
    pg_tps=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' "$work/pgbench.out")
    read -r secs ticks cs t0 <"$work/pg.sample"
    if [ "$secs" = ended ]; then echo "$clients $round pgbench: ended before its sampling window closed"; continue; fi
    pg_cpu=$(calc "$ticks * 1e6 / $hz / ($pg_tps * $secs)")
    pg_cs=$(calc "$cs / ($pg_tps * $secs)")
    # awk prints a sum of epoch seconds in 6 digits: the window's end is summed in the filter.
    pg_p99=$(cat "$work"/pglog* | awk -v a="$t0" -v s="$secs" \
      '{ t = $5 + $6 / 1e6; if (t >= a && t <= a + s) print $3 }' | sort -n |
      awk '{ v[NR] = $1 } END { i = int(NR * 0.99); if (i < 1) i = 1; printf "%.2f", v[i] / 1000 }')
    printf '%-7s %-5s %-13s %9.0f %6s %8.2f %7s %8.1f %6s %8.2f %6s\n' "$clients" "$round" pgbench \
      "$pg_tps" 1.00 "$pg_p99" 1.00 "$pg_cpu" 1.00 "$pg_cs" 1.00
    for model in jdbc async; do
      out="$work/tx-$clients-$round-$model"
      java -jar "$JAR" "${TX[@]}" --skip-setup --pg-client "$model" --parallelism "$clients" \
        --connection-wait-timeout 120s --warmup 5s --duration 12s --metrics 12s \
        --output-dir "$out" >"$out.log" 2>&1 &
      pid=$!
      sample "$pid" "$work/tx.sample" "$out.log"
      wait "$pid"
      read -r secs ticks cs t0 <"$work/tx.sample"
      if [ "$secs" = ended ]; then echo "$clients $round txbench $model: ended before its sampling window closed ($(tail -n 1 "$out.log"))"; continue; fi
      tps=$(sed -n 's/^  "tps" : \([0-9.]*\).*/\1/p' "$out/summary.json")
      p99=$(grep -m1 '"p99"' "$out/summary.json" | sed 's/.*: \([0-9.]*\).*/\1/')
      cpu=$(sed -n 's/^ *"cpuMicrosPerIteration" : \([0-9.]*\).*/\1/p' "$out/summary.json")
      tx_cs=$(calc "$cs / ($tps * $secs)")
      printf '%-7s %-5s %-13s %9.0f %6.2f %8.2f %7.2f %8.1f %6.2f %8.2f %6.2f\n' "$clients" "$round" \
        "txbench $model" "$tps" "$(calc "$tps / $pg_tps")" "$p99" "$(calc "$p99 / $pg_p99")" \
        "$cpu" "$(calc "$cpu / $pg_cpu")" "$tx_cs" "$(calc "$tx_cs / $pg_cs")"
    done
  done
done
