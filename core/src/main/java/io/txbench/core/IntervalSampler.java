package io.txbench.core;

/**
 * Cuts a run's metrics into periods: each call to {@link #next} ends one and returns its {@link
 * IntervalStats}, the times recorded in it and the counts that grew in it. Called from the metrics
 * thread only (the runner serializes its ticks).
 */
final class IntervalSampler {
  private final Metrics metrics;
  private final int threads;
  private final long startNanos;
  private long lastTickNanos;
  private long lastRetries;
  private long lastErrors;
  private long lastInDoubt;
  private long lastDeclined;

  /** Starts the first period at {@code startNanos}: what was recorded before is left out of it. */
  IntervalSampler(Metrics metrics, int threads, long startNanos) {
    this.metrics = metrics;
    this.threads = threads;
    this.startNanos = startNanos;
    this.lastTickNanos = startNanos;
    metrics.sampleInterval();
  }

  /**
   * Ends the period at {@code now} (never before the last one ended); {@code last} for the run's.
   */
  IntervalStats next(long now, boolean last) {
    long end = Math.max(now, lastTickNanos);
    // The counts are read before the times, so that a period never holds more counted outcomes
    // than timed ones of the same iterations.
    long retries = metrics.retryCount();
    long errors = metrics.errorCount();
    long inDoubt = metrics.inDoubtCount();
    long declined = metrics.declinedCount();
    Metrics.Sample sample = metrics.sampleInterval();
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
            threads, // the run's threads, as sysbench's thds: not those still busy
            last);
    lastTickNanos = end;
    lastRetries = retries;
    lastErrors = errors;
    lastInDoubt = inDoubt;
    lastDeclined = declined;
    return stats;
  }
}
