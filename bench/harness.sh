#!/usr/bin/env bash
# The runner's own ceiling: a workload that does nothing, timed and counted as a real one.
# Usage: bench/harness.sh [seconds per run]   (builds the JAR first if it is missing)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f cli/target/benchmark.jar ] || ./mvnw -q -B package -DskipTests
exec java -cp cli/target/benchmark.jar io.txbench.cli.HarnessBenchmark "${1:-10}"
