package io.txbench.report.console;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.spi.Queries;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The sysbench-style line printed every metrics period: {@code [ 10s ] thds: 8 tps: 534.78 lat
 * (ms,95%): 22.28 err/s: 0.00 retries/s: 0.00 period: 5.00s}, followed by {@code declined/s: N}
 * (iterations such as sold-out bookings, among the tps) and {@code in-doubt: N} in a period that
 * had any. The period is the one measured, which every rate of the line is over: on a busy machine
 * the metrics thread ticks late, and a period then comes out longer than asked (and the next
 * shorter, by half at most). A workload that counts its statements adds sysbench's {@code qps:
 * 8562.22 (r/w/o: 7491.97/0.00/1070.25)} after the tps, from its first period that counted any on:
 * a period without one shows 0, not a line of another shape. A mix's operations are left to the
 * summary and the result files.
 */
public final class ProgressLine implements RunListener {
  private static final long SHORTEST_LAST_INTERVAL_NANOS = 200_000_000L;

  /** Periods shorter than this (a second, less a late tick's slack) get a tenth in their label. */
  private static final long SUBSECOND_NANOS = 900_000_000L;

  private final PrintStream out;
  private final String phase;

  /** Whether a period so far counted statements. */
  private boolean countsQueries;

  /**
   * Lines of the measured run ({@code phase} ""), or of an unmeasured phase, told apart by its
   * name: {@code [ warm-up 10s ] thds: 8 ...}.
   */
  public ProgressLine(PrintStream out, String phase) {
    this.out = out;
    this.phase = phase.isEmpty() ? "" : phase + " ";
  }

  @Override
  public void onInterval(IntervalStats s) {
    if (s.last() && s.intervalNanos() < SHORTEST_LAST_INTERVAL_NANOS) {
      return; // a sliver after the last full period says nothing
    }
    countsQueries |= s.breakdown().queries().any();
    out.println(format(s, phase, countsQueries));
    out.flush();
  }

  private static String format(IntervalStats s, String phase, boolean showQueries) {
    String line =
        String.format(
            Locale.US,
            "[ %s%ss ] thds: %d tps: %.2f%s lat (ms,95%%): %.2f err/s: %.2f retries/s: %.2f"
                + " period: %.2fs",
            phase,
            elapsed(s),
            s.threads(),
            s.tps(),
            showQueries ? queries(s) : "",
            s.percentileMillis(95),
            s.perSecond(s.errors()),
            s.perSecond(s.retries()),
            s.intervalNanos() / 1e9);
    if (s.declined() > 0) {
      line += String.format(Locale.US, " declined/s: %.2f", s.perSecond(s.declined()));
    }
    // Rare, and worth seeing when it happens: iterations whose commit may or may not have landed.
    return s.inDoubt() == 0 ? line : line + " in-doubt: " + s.inDoubt();
  }

  /**
   * The seconds since the phase began, whole as sysbench prints them, or to a tenth after a period
   * shorter than a second (a short run's), which whole seconds would label alike.
   */
  private static String elapsed(IntervalStats s) {
    double seconds = s.elapsedNanos() / 1e9;
    return s.intervalNanos() < SUBSECOND_NANOS
        ? String.format(Locale.US, "%.1f", seconds)
        : Long.toString(Math.round(seconds));
  }

  /** " qps: 8562.22 (r/w/o: 7491.97/0.00/1070.25)", as sysbench prints it. */
  private static String queries(IntervalStats s) {
    Queries q = s.breakdown().queries();
    return String.format(
        Locale.US,
        " qps: %.2f (r/w/o: %.2f/%.2f/%.2f)",
        s.qps(q.total()),
        s.qps(q.reads()),
        s.qps(q.writes()),
        s.qps(q.others()));
  }
}
