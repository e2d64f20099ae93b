package io.txbench.core;

import java.time.Duration;

/** What ends a run: a length of time or a number of iterations over all workers. */
public sealed interface RunLength permits ForDuration, ForIterations {

  /**
   * The warm-up before a timed run when none is asked for: the seconds the JVM spends compiling its
   * hot code, so that a short run measures the database. On 2 cores, PostgreSQL point-select at 8
   * threads reached 90% of its speed after 4 s and its steady client CPU per select after about 9
   * s; at 32 threads after about 10 s (docs/benchmarks.md).
   */
  Duration TIMED_RUN_WARMUP = Duration.ofSeconds(10);

  /**
   * The warm-up this run gets when none is asked for: {@link #TIMED_RUN_WARMUP} before a timed run,
   * none before a count of iterations, which is a fixed amount of work, measured whole.
   */
  default Duration defaultWarmup() {
    return this instanceof ForIterations ? Duration.ZERO : TIMED_RUN_WARMUP;
  }
}
