#!/usr/bin/env bash
# The runner's own ceiling: a workload that does nothing, timed and counted as a real one.
# Usage: bench/harness.sh [seconds per run]   (builds the JAR and test classes first if missing)
# The harness lives in cli's test classes so that benchmark.jar, which users get, leaves it out.
set -euo pipefail
cd "$(dirname "$0")/.."
harness=cli/target/test-classes/io/txbench/cli/HarnessBenchmark.class
if [ ! -f cli/target/benchmark.jar ] || [ ! -f "$harness" ]; then
  # -DskipTests still compiles the tests, the harness among them.
  ./mvnw -q -B package -DskipTests
fi
exec java -cp cli/target/test-classes:cli/target/benchmark.jar io.txbench.cli.HarnessBenchmark "${1:-10}"
