package io.txbench.core.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Cuts a run's metrics into periods: each call to {@link #next} ends one and returns its {@link
 * IntervalStats}, the times recorded in it, the counts that grew in it, and what the client used of
 * its machine meanwhile. It also keeps what the client used over the whole measured window, from
 * its start to {@link #windowClosed()}, and each period's median start lag, for {@link Bottleneck}.
 * Called from the metrics thread only (the runner serializes its ticks), but for {@link
 * #windowClosed()}.
 */
public final class IntervalSampler {
  private final Metrics metrics;
  private final int threads;
  private final long startNanos;
  private final ClientCounters counters;
  private final ClientCounters.Reading opened;
  private final List<Double> lagMedians = new ArrayList<>();
  private volatile ClientCounters.@Nullable Reading closed; // none while the window is open
  private long lastTickNanos;
  private volatile ClientCounters.Reading lastReading; // read by window() on the runner's thread
  private long lastRetries;
  private long lastErrors;
  private long lastInDoubt;
  private long lastDeclined;
  private Breakdown lastBreakdown = Breakdown.NONE;

  /**
   * Starts the first period at {@code startNanos}: what was recorded before, and what the client
   * used, is left out of it.
   */
  public IntervalSampler(Metrics metrics, int threads, long startNanos, ClientCounters counters) {
    this.metrics = metrics;
    this.threads = threads;
    this.startNanos = startNanos;
    this.counters = counters;
    this.lastTickNanos = startNanos;
    this.opened = counters.read();
    this.lastReading = opened;
    lastBreakdown = metrics.breakdown(metrics.sampleInterval());
  }

  /**
   * The measured window closed: the client's counters are read now, before the grace, and the
   * window's use and its last period's end with them. Called from the runner's thread.
   */
  public void windowClosed() {
    closed = counters.read();
  }

  /** When the period in progress began: the run's start or the last period's end. */
  public long periodStartNanos() {
    return lastTickNanos;
  }

  /**
   * Ends the period at {@code now} (never before the last one ended); {@code last} for the run's.
   */
  public IntervalStats next(long now, boolean last) {
    long end = Math.max(now, lastTickNanos);
    // Once the window has closed, periods end with it: the client's use of the grace is no
    // period's.
    ClientCounters.Reading windowEnd = closed;
    ClientCounters.Reading reading = windowEnd != null ? windowEnd : counters.read();
    if (reading.nanoTime() < lastReading.nanoTime()) {
      reading = lastReading; // read just before the window closed: this period is empty
    }
    // The counts are read before the times, so that a period never holds more counted outcomes
    // than timed ones of the same iterations.
    long retries = metrics.retryCount();
    long errors = metrics.errorCount();
    long inDoubt = metrics.inDoubtCount();
    long declined = metrics.declinedCount();
    Metrics.Sample sample = metrics.sampleInterval();
    Breakdown breakdown = metrics.breakdown(sample);
    if (sample.scheduleLags().getTotalCount() > 0) {
      lagMedians.add(sample.scheduleLags().getValueAtPercentile(50) / 1e6);
    }
    IntervalStats stats =
        new IntervalStats(
            end - startNanos,
            end - lastTickNanos,
            sample.responseTimes(),
            sample.serviceTimes(),
            retries - lastRetries,
            errors - lastErrors,
            inDoubt - lastInDoubt,
            declined - lastDeclined,
            counters.between(lastReading, reading),
            threads, // the run's threads, as sysbench's thds: not those still busy
            last,
            breakdown.countsSince(lastBreakdown));
    lastBreakdown = breakdown;
    lastTickNanos = end;
    lastReading = reading;
    lastRetries = retries;
    lastErrors = errors;
    lastInDoubt = inDoubt;
    lastDeclined = declined;
    return stats;
  }

  /**
   * What the client used over the measured window: from its start until it closed, or until the
   * last period's end when a tick read the counters after the close but before the runner said so
   * (that period then holds the difference): the periods' use always adds up to the window's.
   */
  public ClientUsage window() {
    ClientCounters.Reading windowEnd = closed;
    ClientCounters.Reading last = lastReading;
    return counters.between(
        opened, windowEnd != null && windowEnd.nanoTime() >= last.nanoTime() ? windowEnd : last);
  }

  /** The warning when txbench may have limited the run: see {@link Bottleneck}. */
  public Optional<String> bottleneck() {
    return Bottleneck.warning(window(), List.copyOf(lagMedians));
  }
}
