package io.txbench.core;

import com.codahale.metrics.Reservoir;
import com.codahale.metrics.Snapshot;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * A Dropwizard reservoir over an HdrHistogram {@link Recorder}: recording is wait-free, so workers
 * share no lock. Values are nanoseconds, kept to 3 significant digits from 1 ns to one hour
 * (longer values are clamped to one hour).
 *
 * <p>Reporters do not read the recorder: the metrics ticker calls {@link #sampleInterval()} once a
 * period, which moves what was recorded into the cumulative histogram, and {@link #getSnapshot()}
 * shows that cumulative histogram. Every recorded value is thus in exactly one interval.
 */
public final class HdrReservoir implements Reservoir {
  public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
  public static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder recorder = new Recorder(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
  private final Histogram cumulative = new Histogram(1, HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
  private Histogram recycled;
  private volatile Snapshot snapshot = new HdrSnapshot(cumulative.copy());

  @Override
  public int size() {
    return snapshot.size();
  }

  @Override
  public void update(long nanos) {
    recorder.recordValue(nanos < 1 ? 1 : Math.min(nanos, HIGHEST_TRACKABLE_NANOS));
  }

  @Override
  public Snapshot getSnapshot() {
    return snapshot;
  }

  /**
   * Takes what was recorded since the last call, adds it to the cumulative histogram, and returns
   * it (a copy the caller owns, with its start and end time stamps set).
   */
  public synchronized Histogram sampleInterval() {
    recycled = recorder.getIntervalHistogram(recycled);
    cumulative.add(recycled);
    Histogram total = cumulative.copy();
    total.setStartTimeStamp(cumulative.getStartTimeStamp());
    snapshot = new HdrSnapshot(total);
    Histogram interval = recycled.copy();
    interval.setStartTimeStamp(recycled.getStartTimeStamp());
    interval.setEndTimeStamp(recycled.getEndTimeStamp());
    return interval;
  }

  /** A copy of everything sampled so far. */
  public synchronized Histogram cumulative() {
    return cumulative.copy();
  }
}
