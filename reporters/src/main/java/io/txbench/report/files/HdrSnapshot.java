package io.txbench.report.files;

import com.codahale.metrics.Snapshot;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.stream.StreamSupport;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/** A Dropwizard snapshot read from an HdrHistogram, so reporters see exact-to-3-digits values. */
final class HdrSnapshot extends Snapshot {
  private final AbstractHistogram histogram;

  /** Takes ownership of {@code histogram}: it must not change afterwards. */
  HdrSnapshot(AbstractHistogram histogram) {
    this.histogram = histogram;
  }

  // An empty histogram's percentiles, max, min, mean and deviation are all 0, as Dropwizard's.
  @Override
  public double getValue(double quantile) {
    return histogram.getValueAtPercentile(quantile * 100.0);
  }

  /**
   * The highest equivalent value of each non-empty bucket, once each: an HdrHistogram keeps counts,
   * not samples, and nothing in txbench needs the samples themselves.
   */
  @Override
  public long[] getValues() {
    return StreamSupport.stream(histogram.recordedValues().spliterator(), false)
        .mapToLong(v -> histogram.highestEquivalentValue(v.getValueIteratedTo()))
        .toArray();
  }

  @Override
  public int size() {
    return (int) Math.min(Integer.MAX_VALUE, histogram.getTotalCount());
  }

  @Override
  public long getMax() {
    return histogram.getMaxValue();
  }

  @Override
  public double getMean() {
    return histogram.getMean();
  }

  @Override
  public long getMin() {
    return histogram.getMinValue();
  }

  @Override
  public double getStdDev() {
    return histogram.getStdDeviation();
  }

  @Override
  public void dump(OutputStream output) {
    try (PrintWriter out = new PrintWriter(output, false, StandardCharsets.UTF_8)) {
      for (HistogramIterationValue v : histogram.recordedValues()) {
        for (long c = 0; c < v.getCountAtValueIteratedTo(); c++) {
          out.println(v.getValueIteratedTo());
        }
      }
    }
  }
}
