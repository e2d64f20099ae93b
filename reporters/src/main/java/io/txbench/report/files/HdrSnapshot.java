package io.txbench.report.files;

import com.codahale.metrics.Snapshot;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.HistogramIterationValue;

/** A Dropwizard snapshot read from an HdrHistogram, so reporters see exact-to-3-digits values. */
final class HdrSnapshot extends Snapshot {
  private final AbstractHistogram histogram;

  /** Takes ownership of {@code histogram}: it must not change afterwards. */
  HdrSnapshot(AbstractHistogram histogram) {
    this.histogram = histogram;
  }

  @Override
  public double getValue(double quantile) {
    if (histogram.getTotalCount() == 0) {
      return 0;
    }
    return histogram.getValueAtPercentile(quantile * 100.0);
  }

  /**
   * The highest equivalent value of each non-empty bucket, once each: an HdrHistogram keeps counts,
   * not samples, and nothing in txbench needs the samples themselves.
   */
  @Override
  public long[] getValues() {
    long[] values = new long[countNonEmptyBuckets()];
    int i = 0;
    for (HistogramIterationValue v : histogram.recordedValues()) {
      values[i++] = histogram.highestEquivalentValue(v.getValueIteratedTo());
    }
    return values;
  }

  private int countNonEmptyBuckets() {
    int n = 0;
    for (HistogramIterationValue ignored : histogram.recordedValues()) {
      n++;
    }
    return n;
  }

  @Override
  public int size() {
    return (int) Math.min(Integer.MAX_VALUE, histogram.getTotalCount());
  }

  @Override
  public long getMax() {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getMaxValue();
  }

  @Override
  public double getMean() {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getMean();
  }

  @Override
  public long getMin() {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getMinValue();
  }

  @Override
  public double getStdDev() {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getStdDeviation();
  }

  @Override
  public void dump(OutputStream output) {
    try (PrintWriter out =
        new PrintWriter(new java.io.OutputStreamWriter(output, StandardCharsets.UTF_8))) {
      for (HistogramIterationValue v : histogram.recordedValues()) {
        for (long c = 0; c < v.getCountAtValueIteratedTo(); c++) {
          out.println(v.getValueIteratedTo());
        }
      }
    }
  }
}
