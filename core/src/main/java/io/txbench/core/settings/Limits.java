package io.txbench.core.settings;

import io.txbench.core.spi.values.Range;
import java.time.Duration;

/**
 * The ranges of a run's own settings, the same on the command line and in the Java API: wide enough
 * for any real run, narrow enough that nothing computed from them overflows and no value starts
 * what a machine cannot hold (a hundred million threads). Help texts quote them.
 */
public final class Limits {
  /** The largest --parallelism, a constant for the help texts that quote it. */
  public static final int MAX_PARALLELISM = 4096;

  /** The largest --max-connections, a constant for the help texts that quote it. */
  public static final int MAX_CONNECTIONS = 10_000;

  public static final Range<Long> PARALLELISM = Range.counts(1, MAX_PARALLELISM);
  public static final Range<Long> ITERATIONS = Range.counts(1, Long.MAX_VALUE);
  public static final Range<Long> MAX_ERRORS = Range.counts(0, Long.MAX_VALUE);
  public static final Range<Long> RETRIES = Range.counts(0, 1_000);
  public static final Range<Long> CONNECTIONS = Range.counts(1, MAX_CONNECTIONS);
  public static final Range<Long> PORT = Range.counts(1, 65_535);
  public static final Range<Double> RATE = Range.rates(0.001, 10_000_000);

  /**
   * --cost-per-hour: 0 (machines of one's own) to a million an hour, far above any cloud's largest
   * machine or cluster, so that a price typed with a few zeros too many is caught.
   */
  public static final Range<Double> COST_PER_HOUR = Range.rates(0, 1_000_000);

  /** The longest run: long enough for any soak test, short enough that no count overflows. */
  public static final Range<Duration> DURATION =
      Range.durations(Duration.ofMillis(1), Duration.ofDays(30));

  public static final Range<Duration> WARMUP = Range.durations(Duration.ZERO, Duration.ofHours(24));
  public static final Range<Duration> METRICS =
      Range.durations(Duration.ofMillis(100), Duration.ofHours(1));
  public static final Range<Duration> MAX_LAG =
      Range.durations(Duration.ofMillis(1), Duration.ofHours(1));
  public static final Range<Duration> CONNECTION_WAIT =
      Range.durations(Duration.ofMillis(100), Duration.ofHours(1));

  /** --metrics-linger: from not at all to ten minutes, a slow scrape interval's few times. */
  public static final Range<Duration> METRICS_LINGER =
      Range.durations(Duration.ZERO, Duration.ofMinutes(10));

  public static final Range<Duration> CONNECTION_IDLE =
      Range.durations(Duration.ZERO, Duration.ofHours(24));

  /** The defaults, as the command line writes them (and shows them in its help). */
  public static final int DEFAULT_PARALLELISM = 8;

  public static final long DEFAULT_SEED = 42;
  public static final int DEFAULT_RETRIES = 10;

  /**
   * HikariCP's own default: with 10 s, logging in to a MariaDB on a 2-core machine three times
   * oversubscribed ran out ("Connection attempt exceeded defined timeout").
   */
  public static final String DEFAULT_CONNECTION_WAIT = "PT30S";

  public static final String DEFAULT_CONNECTION_IDLE = "PT10M";

  private Limits() {}
}
