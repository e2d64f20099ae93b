#!/usr/bin/env bash
# How long `history` takes, and how much memory, over a results root of many runs: years of
# nightly runs of several series. Prints the figures; asserts nothing (speed is measured here,
# never by timed unit tests).
# Usage: bench/history.sh [runs, default 5000] [series, default 5]   (builds the JAR if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5000}
series=${2:-5}
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

for ((i = 0; i < runs; i++)); do
  s=$((i % series))
  day=$((i / series))
  dir="$root/$(printf 'night-%05d' "$day")/series-$s"
  mkdir -p "$dir"
  start=$(date -u -d "2020-01-01 +$day days" +%Y-%m-%dT02:00:00Z)
  tps=$((1000 + (RANDOM % 50)))
  cat >"$dir/summary.json" <<JSON
{"tool":"txbench","toolVersion":"bench","target":"postgres","serverVersion":"PostgreSQL 17.2",
 "workload":"airline","transactions":true,"parallelism":$((8 * (s + 1))),"start":"$start",
 "end":"$start","measuredSeconds":300.0,"stopReason":"COMPLETED","iterations":300000,"tps":$tps,
 "retries":0,"errors":0,
 "responseTimeMs":{"mean":5.0,"p50":4.0,"p75":5.0,"p90":6.0,"p95":7.0,"p99":$((10 + RANDOM % 2)).0,"p999":20.0,"max":40.0},
 "verification":{"status":"passed","passed":true},
 "fingerprint":{"client":{"cpuModel":"Xeon","cores":2,"memoryBytes":8000000000},
                "server":{"shared_buffers":"128MB"}},
 "options":{"sql-isolation-level":"REPEATABLE_READ"}}
JSON
done

echo "history over $runs runs in $series series:"
/usr/bin/time -o "$root/time.txt" -f "  %e s elapsed, %M KiB peak memory" \
  java -jar cli/target/benchmark.jar history "$root" --html "$root/history.html" >/dev/null || true
cat "$root/time.txt"
echo "  trend page: $(du -k "$root/history.html" | cut -f1) KiB"
