package io.txbench.core.run;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * Ends a warm-up once the client has settled: after its least length, as soon as the throughput of
 * its last {@link #PERIODS} periods holds still, the mean of their later half within {@link
 * #TOLERANCE} of their earlier half's. The JVM compiles the client's hot code for many seconds (on
 * 2 busy cores, an HTTP run at 64 connections went from 2,000 to 19,000 requests per second over 25
 * s), so a fixed warm-up could end while the client still speeds up, and the window would measure
 * the client, not the server. Follows the warm-up's periods on the metrics thread.
 */
final class WarmUpSettling implements RunListener {
  static final int PERIODS = 4;
  static final double TOLERANCE = 0.05;

  private final RunListener following;
  private final long leastNanos;
  private final Runnable settled;
  private final ArrayDeque<Double> rates = new ArrayDeque<>();
  private volatile double change = Double.NaN;
  private volatile boolean done;

  /**
   * Follows a warm-up of at least {@code least}, passing its periods on to {@code following}, and
   * calls {@code settled} once, when it may end.
   */
  WarmUpSettling(RunListener following, Duration least, Runnable settled) {
    this.following = following;
    this.leastNanos = least.toNanos();
    this.settled = settled;
  }

  @Override
  public void onStart(long startMillis, int threads) {
    following.onStart(startMillis, threads);
  }

  @Override
  public void onInterval(IntervalStats stats) {
    following.onInterval(stats);
    if (stats.last()) {
      return; // the warm-up's end, a period cut short
    }
    rates.add(stats.tps());
    if (rates.size() > PERIODS) {
      rates.removeFirst();
    }
    if (rates.size() == PERIODS) {
      change = change();
    }
    if (!done && stats.elapsedNanos() >= leastNanos && Math.abs(change) <= TOLERANCE) {
      done = true;
      settled.run();
    }
  }

  /** The change of the throughput over the last periods: later half's mean to earlier half's. */
  private double change() {
    double earlier = 0;
    double later = 0;
    int i = 0;
    for (double rate : rates) {
      if (i++ < PERIODS / 2) {
        earlier += rate;
      } else {
        later += rate;
      }
    }
    return earlier == 0 ? (later == 0 ? 0 : Double.POSITIVE_INFINITY) : later / earlier - 1;
  }

  /** Whether it settled: the warm-up ended before its longest. */
  boolean settled() {
    return done;
  }

  /** How the warm-up ended, for the console and summary.json. */
  String verdict() {
    if (done) {
      return String.format(
          Locale.ROOT,
          "settled: throughput changed %+.1f%% over its last %d periods",
          change * 100,
          PERIODS);
    }
    return Double.isNaN(change) || Double.isInfinite(change)
        ? "not settled at its longest: too few periods to tell"
        : String.format(
            Locale.ROOT,
            "not settled at its longest: throughput still changed %+.1f%% over its last %d"
                + " periods",
            change * 100,
            PERIODS);
  }
}
