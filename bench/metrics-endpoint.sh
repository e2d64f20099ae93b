#!/usr/bin/env bash
# What --metrics-endpoint costs a run: the same run with and without the endpoint, the endpoint
# scraped every second (as the compose profile's Prometheus does), in alternating rounds so that
# the machine's drift falls on both alike. Each line gives the round's tps without and with the
# endpoint and their ratio; the last line the median ratio (the goal: within 1%).
#
# The run: point-select on an embedded PostgreSQL (its own, started by each run), 8 threads,
# --duration per run (default 20s) after a 5 s warm-up; the scraper: curl once a second.
#
# Usage: bench/metrics-endpoint.sh [rounds, default 3] [seconds per run, default 20]
# Needs: curl, a JDK; builds the JAR if missing. Sends traffic only to 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
SECS=${2:-20}
PORT=${TXBENCH_BENCH_PORT:-9499}
JAR=cli/target/benchmark.jar
[ -f "$JAR" ] || ./mvnw -q -B package -DskipTests
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One run; its tps from summary.json. $1: a name; the rest: extra options.
run() {
  local name=$1; shift
  java -jar "$JAR" --embedded --workload point-select --table-size 10000 --parallelism 8 \
    --warmup 5s --duration "${SECS}s" --no-commit-check --output-dir "$work/$name" "$@" >/dev/null
  sed -n 's/.*"tps" *: *\([0-9.]*\).*/\1/p' "$work/$name/summary.json" | head -1
}

# Scrapes the endpoint once a second until killed.
scrape() {
  while true; do curl -s -o /dev/null "http://127.0.0.1:$PORT/metrics" || true; sleep 1; done
}

echo "metrics-endpoint cost: $ROUNDS round(s) of ${SECS}s runs, $(nproc) core(s), load $(cut -d' ' -f1-3 /proc/loadavg)"
ratios=()
for round in $(seq 1 "$ROUNDS"); do
  without=$(run "without-$round")
  scrape & scraper=$!
  with=$(run "with-$round" --metrics-endpoint "$PORT")
  kill "$scraper"; wait "$scraper" 2>/dev/null || true
  ratio=$(awk -v a="$with" -v b="$without" 'BEGIN { printf "%.4f", a / b }')
  ratios+=("$ratio")
  printf 'round %d: without %10.1f tps   with %10.1f tps   with/without %s\n' \
    "$round" "$without" "$with" "$ratio"
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '{ r[NR] = $1 } END { printf "median with/without: %s\n", r[int((NR + 1) / 2)] }'
