package io.txbench.core.run;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Ends a warm-up once the client has settled: after its least length, as soon as the throughput of
 * its last {@link #PERIODS} periods holds still, the mean of their later half within {@link
 * #TOLERANCE} of their earlier half's, and the JIT compiler busy for at most {@link #COMPILING} of
 * their time. The JVM compiles the client's hot code for many seconds (on 2 busy cores, an HTTP run
 * at 64 connections went from 2,000 to 19,000 requests per second over 25 s), so a fixed warm-up
 * could end while the client still speeds up, and the window would measure the client, not the
 * server. The throughput alone is not enough: it can hold still for seconds while the hottest
 * methods still run as the first tier compiled them, and the window then opened at two thirds of
 * the speed the client reached a few seconds later, its compiler taking the CPU the server needed.
 * Follows the warm-up's periods on the metrics thread.
 */
final class WarmUpSettling implements RunListener {
  static final int PERIODS = 4;
  static final double TOLERANCE = 0.05;
  static final double COMPILING = 0.05;

  private final RunListener following;
  private final long leastNanos;
  private final Runnable settled;
  private final LongSupplier compileMillis;
  private final ArrayDeque<Double> rates = new ArrayDeque<>();
  private final ArrayDeque<Long> compiled = new ArrayDeque<>();
  private final ArrayDeque<Long> lengths = new ArrayDeque<>();
  private long compiledBefore;
  private volatile double change = Double.NaN;
  private volatile double compiling = Double.NaN;
  private volatile boolean done;

  /**
   * Follows a warm-up of at least {@code least}, passing its periods on to {@code following}, and
   * calls {@code settled} once, when it may end; {@code compileMillis} tells how long the JVM's JIT
   * compilers have worked so far ({@link #jvmCompileMillis()}).
   */
  WarmUpSettling(
      RunListener following, Duration least, Runnable settled, LongSupplier compileMillis) {
    this.following = following;
    this.leastNanos = least.toNanos();
    this.settled = settled;
    this.compileMillis = compileMillis;
    this.compiledBefore = compileMillis.getAsLong();
  }

  /** How long this JVM's JIT compilers have worked, in ms; 0 where the JVM does not tell. */
  static long jvmCompileMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : 0;
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
    long compiledNow = compileMillis.getAsLong();
    rates.add(stats.tps());
    compiled.add(compiledNow - compiledBefore);
    lengths.add(stats.intervalNanos());
    compiledBefore = compiledNow;
    if (rates.size() > PERIODS) {
      rates.removeFirst();
      compiled.removeFirst();
      lengths.removeFirst();
    }
    if (rates.size() == PERIODS) {
      change = change();
      compiling = compiling();
    }
    if (!done
        && stats.elapsedNanos() >= leastNanos
        && Math.abs(change) <= TOLERANCE
        && compiling <= COMPILING) {
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

  /** The JIT compilers' share of the last periods' time. */
  private double compiling() {
    long millis = compiled.stream().mapToLong(Long::longValue).sum();
    long nanos = lengths.stream().mapToLong(Long::longValue).sum();
    return nanos <= 0 ? 0 : millis * 1e6 / nanos;
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
          "settled: throughput changed %+.1f%%, the JIT compiled %.0f%% of the time, over its last"
              + " %d periods",
          change * 100,
          compiling * 100,
          PERIODS);
    }
    if (Double.isNaN(change) || Double.isInfinite(change)) {
      return "not settled at its longest: too few periods to tell";
    }
    return Math.abs(change) > TOLERANCE
        ? String.format(
            Locale.ROOT,
            "not settled at its longest: throughput still changed %+.1f%% over its last %d"
                + " periods",
            change * 100,
            PERIODS)
        : String.format(
            Locale.ROOT,
            "not settled at its longest: the JIT still compiled %.0f%% of the time over its last"
                + " %d periods",
            compiling * 100,
            PERIODS);
  }

  /**
   * {@code following} as a leg of the warm-up sees it: its periods {@code before} later, told of
   * the start if {@code starts} (the first leg) and of the end if {@code ends} (the last).
   */
  static RunListener leg(RunListener following, long before, boolean starts, boolean ends) {
    return new RunListener() {
      @Override
      public void onStart(long startMillis, int threads) {
        if (starts) {
          following.onStart(startMillis, threads);
        }
      }

      @Override
      public void onInterval(IntervalStats stats) {
        following.onInterval(stats.later(before));
      }

      @Override
      public void onEnd(io.txbench.core.metrics.RunResult result) {
        if (ends) {
          following.onEnd(result);
        }
      }
    };
  }
}
