#!/usr/bin/env bash
# txbench's http target against wrk and ab, the reference HTTP load generators, on the same
# machine, server and file.
#
# Starts a throw-away nginx on loopback (the distribution's binary, its own prefix and
# configuration in a temporary directory, one worker process, no access log, keep-alive without a
# request limit) serving a 100-byte static file, and fetches it with one request in flight per
# connection at 8, 64 and 256 connections: wrk -t2 -c N, ab -k -c N and txbench --workload get
# --parallelism N --max-connections N, in turn, for the given number of rounds. Each line gives
# the tool's throughput and its ratio to wrk's and to ab's of the same round, the client-measured
# p99, and the client's CPU per request (user + system, microseconds) with its ratio to wrk's.
#
# How each figure is taken, alike for the three where it can be:
#   req/s  wrk's and ab's own (over their whole run; neither has a warm-up, both are C and open
#          their connections in a few milliseconds); txbench's summary.json tps, over its
#          measured window, after a 10 s warm-up (the default of a run of 30 s or more: a JVM
#          client compiles its hot code first, 5-8 s of it at 256 connections on 2 busy cores)
#   p99    each tool's own: wrk --latency's, ab's percentile table (whole milliseconds),
#          txbench's summary.json over its window
#   cpu    read from /proc/PID/stat at the start and end of a sampling window inside the measured
#          run (wrk's and ab's $SETTLE s after their launch, txbench's 2 s after its console says
#          the measured run started), divided by req/s x the window's length
#
# Usage: bench/vs-wrk.sh [rounds, default 2]
#        TXBENCH_BENCH_CLIENTS="8 64" to choose the connection counts
#        TXBENCH_SKIP=1 to run wrk and ab only (the script's own parts, without the JAR)
# Needs: nginx, wrk, ab (apache2-utils), a JDK; builds the JAR if missing. Sends traffic only to
# 127.0.0.1, for about 45 s per connection count and round.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-2}
CLIENTS=${TXBENCH_BENCH_CLIENTS:-8 64 256}
SKIP=${TXBENCH_SKIP:-0}
SETTLE=3    # wrk, ab: seconds from their launch to the sampling window
SAMPLE=8    # the sampling window's length, inside every tool's measured run
SECS=$((SAMPLE + 4))   # txbench's measured run: its window opens 2 s in, and 2 s are left after it
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
for tool in "$NGINX" wrk ab; do
  command -v "$tool" >/dev/null || { echo "vs-wrk: $tool not found (install nginx, wrk, apache2-utils)" >&2; exit 1; }
done
if [ "$SKIP" != 1 ]; then
  [ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
fi
JAR=$PWD/cli/target/benchmark.jar
work=$(mktemp -d /tmp/txbench-vs-wrk.XXXXXX)
ngx=""
stop() {
  if [ -n "$ngx" ]; then
    kill "$ngx" 2>/dev/null || true
    wait "$ngx" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
# A free port on loopback, from 18080 on (or the one given).
PORT=${TXBENCH_BENCH_PORT:-}
if [ -z "$PORT" ]; then
  for p in $(seq 18080 18179); do
    if [ -z "$(ss -Htln "( sport = :$p )")" ]; then PORT=$p; break; fi
  done
  [ -n "$PORT" ] || { echo "vs-wrk: no free port in 18080-18179" >&2; exit 1; }
fi
URL="http://127.0.0.1:$PORT/small.txt"
mkdir -p "$work/html" "$work/tmp" "$work/logs"
head -c 100 /dev/zero | tr '\0' 'x' >"$work/html/small.txt"
# As root the workers would run as nobody, who cannot read the temporary directory.
user=""
[ "$(id -u)" != 0 ] || user="user root;"
cat >"$work/nginx.conf" <<EOF
$user
worker_processes 1;
error_log $work/logs/error.log warn;
pid $work/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  keepalive_requests 1000000;
  keepalive_timeout 120s;
  default_type text/plain;
  client_body_temp_path $work/tmp;
  proxy_temp_path $work/tmp;
  fastcgi_temp_path $work/tmp;
  uwsgi_temp_path $work/tmp;
  scgi_temp_path $work/tmp;
  server {
    listen 127.0.0.1:$PORT;
    root $work/html;
  }
}
EOF
"$NGINX" -p "$work" -c "$work/nginx.conf" -g 'daemon off;' >"$work/logs/nginx.out" 2>&1 &
ngx=$!
up=0
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then up=1; break; fi
  kill -0 "$ngx" 2>/dev/null || break
  sleep 0.1
done
[ "$up" = 1 ] || { echo "vs-wrk: nginx did not start:" >&2; cat "$work/logs/nginx.out" "$work/logs/error.log" >&2 || true; exit 1; }
calc() { awk "BEGIN { print $* }"; }
now() { date +%s.%N; }
# CPU ticks (user + system) of a process's threads, at this moment.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# Samples process $1 over the sampling window: "seconds ticks" into $2. The window opens $SETTLE s
# after the launch, or, given a console log $3, 2 s after txbench says its measured run started.
sample() {
  local pid=$1 t0 c0
  if [ -n "${3:-}" ]; then
    until grep -q '^Running ' "$3" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
    sleep 2
  else
    sleep "$SETTLE"
  fi
  # A tool that ended before its window (it failed: its own output says why) is not sampled.
  kill -0 "$pid" 2>/dev/null || { echo "0 0" >"$2"; return; }
  t0=$(now); c0=$(cpu_ticks "$pid")
  sleep "$SAMPLE"
  echo "$(calc "$(now) - $t0") $(calc "$(cpu_ticks "$pid") - $c0")" >"$2"
}
# CPU microseconds per request of a sample file $1 at $2 requests per second.
per_request() {
  local secs ticks
  read -r secs ticks <"$1"
  if [ "$(calc "($secs > 0 && $2 > 0)")" = 1 ]; then calc "$ticks * 1e6 / $hz / ($2 * $secs)"; else echo nan; fi
}
# wrk's latency (42.10us, 1.53ms, 1.02s) in milliseconds.
wrk_ms() { awk '{ v = $1; u = v; sub(/[0-9.]+/, "", u); sub(/[a-z]+$/, "", v)
  printf "%.3f", (u == "us" ? v / 1000 : u == "ms" ? v : u == "s" ? v * 1000 : u == "m" ? v * 60000 : 0) }'; }
hz=$(getconf CLK_TCK)
goal_min=()
echo "== $(nproc) cores, $("$NGINX" -v 2>&1 | sed 's/.*: //'), 1 worker, on 127.0.0.1:$PORT; $(wrk -v 2>&1 | head -n 1 | awk '{ print $1, $2 }'); $(ab -V | head -n 1 | sed 's/^This is //; s/ <.*//')"
echo "== GET of a 100-byte file, a ${SAMPLE} s sampling window in each run, ${ROUNDS} round(s), tools in turn"
[ "$SKIP" != 1 ] || echo "== TXBENCH_SKIP=1: wrk and ab only"
printf '%-6s %-5s %-8s %9s %7s %6s %8s %7s %7s %s\n' conns round client 'req/s' 'of wrk' 'of ab' 'p99 ms' 'cpu us' 'of wrk' errors
for conns in $CLIENTS; do
  low=""
  for round in $(seq 1 "$ROUNDS"); do
    # wrk: two threads, as many connections as the others; its run covers the window and a second.
    wrk -t2 -c "$conns" -d $((SETTLE + SAMPLE + 1))s --latency "$URL" >"$work/wrk.out" 2>&1 &
    pid=$!
    sample "$pid" "$work/wrk.sample"
    wait "$pid"
    wrk_rps=$(awk '/^Requests\/sec:/ { print $2 }' "$work/wrk.out")
    wrk_p99=$(awk '$1 == "99%" { print $2 }' "$work/wrk.out" | wrk_ms)
    wrk_err=$(awk '/Non-2xx/ { n += $NF } /Socket errors/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$work/wrk.out")
    wrk_cpu=$(per_request "$work/wrk.sample" "$wrk_rps")
    printf '%-6s %-5s %-8s %9.0f %7s %6s %8.2f %7.1f %7s %s\n' "$conns" "$round" wrk \
      "$wrk_rps" 1.00 '' "$wrk_p99" "$wrk_cpu" 1.00 "$wrk_err"
    # ab: keep-alive, a time limit (the request count only bounds its table), one thread.
    ab -q -k -c "$conns" -t $((SETTLE + SAMPLE + 1)) -n 5000000 "$URL" >"$work/ab.out" 2>&1 &
    pid=$!
    sample "$pid" "$work/ab.sample"
    wait "$pid"
    ab_rps=$(awk '/^Requests per second:/ { print $4 }' "$work/ab.out")
    ab_p99=$(awk '$1 == "99%" { print $2 }' "$work/ab.out")
    ab_err=$(awk '/^Failed requests:/ { n += $3 } /^Non-2xx responses:/ { n += $3 } END { print n + 0 }' "$work/ab.out")
    ab_cpu=$(per_request "$work/ab.sample" "$ab_rps")
    printf '%-6s %-5s %-8s %9.0f %7.2f %6s %8.2f %7.1f %7.2f %s\n' "$conns" "$round" ab \
      "$ab_rps" "$(calc "$ab_rps / $wrk_rps")" 1.00 "$ab_p99" "$ab_cpu" "$(calc "$ab_cpu / $wrk_cpu")" "$ab_err"
    [ "$SKIP" != 1 ] || continue
    out="$work/tx-$conns-$round"
    java -jar "$JAR" --benchmark-target http --target-url "$URL" --workload get \
      --parallelism "$conns" --max-connections "$conns" --duration "${SECS}s" --warmup 10s \
      --output-dir "$out" >"$out.log" 2>&1 &
    pid=$!
    sample "$pid" "$work/tx.sample" "$out.log"
    status=0
    wait "$pid" || status=$?
    summary=$(find "$out" -name summary.json -print -quit 2>/dev/null || true)
    if [ -z "$summary" ]; then
      echo "vs-wrk: txbench wrote no summary.json (exit $status); its console:" >&2
      tail -n 20 "$out.log" >&2
      exit 1
    fi
    tps=$(sed -n 's/^  "tps" : \([0-9.]*\).*/\1/p' "$summary")
    [ -n "$tps" ] || { echo "vs-wrk: no tps in $summary (exit $status)" >&2; exit 1; }
    p99=$(grep -m1 '"p99"' "$summary" | sed 's/.*: \([0-9.]*\).*/\1/')
    tx_err=$(sed -n 's/^  "errors" : \([0-9]*\).*/\1/p' "$summary")
    cpu=$(per_request "$work/tx.sample" "$tps")
    of_wrk=$(calc "$tps / $wrk_rps")
    printf '%-6s %-5s %-8s %9.0f %7.2f %6.2f %8.2f %7.1f %7.2f %s\n' "$conns" "$round" txbench \
      "$tps" "$of_wrk" "$(calc "$tps / $ab_rps")" "$p99" "$cpu" "$(calc "$cpu / $wrk_cpu")" "${tx_err:-?}"
    if [ -z "$low" ] || [ "$(calc "($of_wrk < $low)")" = 1 ]; then low=$of_wrk; fi
  done
  [ -z "$low" ] || goal_min+=("$conns:$low")
done
if [ "$SKIP" != 1 ]; then
  met=yes
  line=""
  for g in "${goal_min[@]}"; do
    line="$line ${g%%:*} connections $(printf '%.2f' "${g#*:}"),"
    [ "$(calc "(${g#*:} >= 0.9)")" = 1 ] || met=no
  done
  echo "== goal: txbench at least 0.9 of wrk at every level; lowest of its rounds:${line%,}; met: $met"
else
  echo "== goal: txbench at least 0.9 of wrk at every level (not checked: TXBENCH_SKIP=1)"
fi
