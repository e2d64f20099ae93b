package io.txbench.core.engine;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/** What ends a run: a length of time or a number of iterations over all workers. */
public sealed interface RunLength permits ForDuration, ForIterations {

  /** How long a run lasts when neither a duration nor a count of iterations is asked for. */
  Duration DEFAULT_DURATION = Duration.ofSeconds(30);

  /**
   * The warm-up before a timed run when none is asked for: the seconds the JVM spends compiling its
   * hot code, so that a short run measures the database. On 2 cores, PostgreSQL point-select at 8
   * threads reached 90% of its speed after 4 s and its steady client CPU per select after about 9
   * s; at 32 threads after about 10 s (docs/benchmarks.md).
   */
  Duration TIMED_RUN_WARMUP = Duration.ofSeconds(10);

  /**
   * The warm-up this run gets when none is asked for: before a timed run {@link #TIMED_RUN_WARMUP},
   * or a third of the run when that is shorter (a 3 s run is not preceded by 10 s of load); none
   * before a count of iterations, which is a fixed amount of work, measured whole.
   */
  default Duration defaultWarmup() {
    if (!(this instanceof ForDuration timed)) {
      return Duration.ZERO;
    }
    Duration third = Duration.ofMillis(timed.length().dividedBy(3).toMillis());
    return third.compareTo(TIMED_RUN_WARMUP) < 0 ? third : TIMED_RUN_WARMUP;
  }

  /**
   * The longest the warm-up goes on when none is asked for, waiting for the client to settle: three
   * times {@link #defaultWarmup}. The JVM compiles a client's hot code for longer on a busy
   * machine; at 64 HTTP connections on 2 busy cores txbench sped up for 25 s.
   */
  default Duration longestDefaultWarmup() {
    return defaultWarmup().multipliedBy(3);
  }

  /**
   * The reporting periods a run is given when none is asked for: a 20th of it, rounded down, and
   * never below half a second, which a loaded machine's timer still keeps and whose lines can be
   * read as they come.
   */
  List<Duration> METRICS_PERIODS =
      Stream.of(500, 1_000, 2_000, 5_000, 10_000).map(Duration::ofMillis).toList();

  /**
   * The reporting period of this run: {@code asked} (--metrics, or the API's metricsPeriod) when
   * given; else the longest of {@link #METRICS_PERIODS} that gives a timed run at least 20 periods
   * (half a second up to 20 s, 10 s from 200 s on), so that even a short run draws a line rather
   * than a dot, and 1 s for a count of iterations, whose length is not known beforehand.
   */
  default Duration metricsPeriod(@Nullable Duration asked) {
    if (asked != null) {
      return asked;
    }
    if (!(this instanceof ForDuration timed)) {
      return Duration.ofSeconds(1);
    }
    Duration twentieth = timed.length().dividedBy(20);
    return METRICS_PERIODS.stream()
        .filter(period -> period.compareTo(twentieth) <= 0)
        .max(Duration::compareTo)
        .orElse(METRICS_PERIODS.get(0));
  }

  /**
   * The run a duration or a count of iterations asks for, {@link #DEFAULT_DURATION} when neither
   * does: the one rule of the command line's {@code --duration} and {@code --iterations} and of the
   * Java API's {@code duration} and {@code iterations}.
   *
   * @throws IllegalArgumentException when both are given, which exclude each other
   */
  static RunLength of(@Nullable Duration duration, @Nullable Long iterations) {
    if (duration != null && iterations != null) {
      throw new IllegalArgumentException(
          "--duration and --iterations exclude each other: give one");
    }
    if (iterations != null) {
      return new ForIterations(iterations);
    }
    return new ForDuration(duration != null ? duration : DEFAULT_DURATION);
  }
}
