package io.txbench.report.files;

import com.codahale.metrics.Meter;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import io.txbench.core.metrics.LatencyRecorder;
import org.HdrHistogram.Histogram;

/**
 * A Dropwizard timer that records nothing itself: it shows the histograms core's {@link
 * io.txbench.core.metrics.Metrics} sampled, added up period by period, and rates of a meter marked
 * with each period's count. Its count is that of the histogram, so it agrees with its snapshot.
 */
final class HdrTimer extends Timer {
  private final Meter calls = new Meter();
  private final Histogram total = LatencyRecorder.newHistogram();
  private volatile Snapshot snapshot = new HdrSnapshot(total.copy());

  /** Adds one period's durations (nanoseconds), sampled by core. */
  synchronized void add(Histogram period) {
    total.add(period);
    calls.mark(period.getTotalCount());
    snapshot = new HdrSnapshot(total.copy());
  }

  @Override
  public long getCount() {
    return calls.getCount();
  }

  @Override
  public double getFifteenMinuteRate() {
    return calls.getFifteenMinuteRate();
  }

  @Override
  public double getFiveMinuteRate() {
    return calls.getFiveMinuteRate();
  }

  @Override
  public double getMeanRate() {
    return calls.getMeanRate();
  }

  @Override
  public double getOneMinuteRate() {
    return calls.getOneMinuteRate();
  }

  @Override
  public Snapshot getSnapshot() {
    return snapshot;
  }
}
