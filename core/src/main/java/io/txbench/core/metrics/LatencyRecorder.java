package io.txbench.core.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.jspecify.annotations.Nullable;

/**
 * Durations recorded into an HdrHistogram {@link Recorder}: recording is wait-free, so workers
 * share no lock. Values are nanoseconds, kept to 3 significant digits from 1 ns to one hour (longer
 * values are clamped to one hour).
 *
 * <p>The metrics ticker calls {@link #sampleInterval()} once a period, which moves what was
 * recorded into the cumulative histogram: every recorded value is in exactly one interval.
 */
public final class LatencyRecorder {
  public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
  public static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder recorder = new Recorder(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
  private final Histogram cumulative = newHistogram();
  private @Nullable Histogram recycled; // none before the first sample

  /** An empty histogram of the range and precision every recorder of txbench has. */
  public static Histogram newHistogram() {
    return new Histogram(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
  }

  public void record(long nanos) {
    recorder.recordValue(nanos < 1 ? 1 : Math.min(nanos, HIGHEST_TRACKABLE_NANOS));
  }

  /**
   * Takes what was recorded since the last call, adds it to the cumulative histogram, and returns
   * it (a copy the caller owns, with its start and end time stamps set).
   */
  public Histogram sampleInterval() {
    return keep(take());
  }

  /**
   * The first half of {@link #sampleInterval()}, which ends the interval and takes no longer than
   * recordings under way: what was recorded since the last call, to be passed to {@link #keep}
   * before the next. Apart, so that what is counted beside these times (statements) is read right
   * as their interval ends, not after the copies.
   */
  public synchronized Histogram take() {
    recycled = recorder.getIntervalHistogram(recycled);
    return recycled;
  }

  /** The second half of {@link #sampleInterval()}: {@code taken} kept, and a copy of it. */
  public synchronized Histogram keep(Histogram taken) {
    cumulative.add(taken);
    Histogram interval = taken.copy();
    interval.setStartTimeStamp(taken.getStartTimeStamp());
    interval.setEndTimeStamp(taken.getEndTimeStamp());
    return interval;
  }

  /** A copy of everything sampled so far. */
  public synchronized Histogram cumulative() {
    return cumulative.copy();
  }
}
