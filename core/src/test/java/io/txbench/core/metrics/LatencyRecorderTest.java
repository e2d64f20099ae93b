package io.txbench.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

  @Test
  void eachValueLandsInExactlyOneIntervalAndInTheCumulativeHistogram() {
    LatencyRecorder recorder = new LatencyRecorder();
    for (int i = 1; i <= 1000; i++) {
      recorder.record(i * 1_000_000L);
    }
    Histogram first = recorder.sampleInterval();
    recorder.record(5_000_000_000L);
    Histogram second = recorder.sampleInterval();
    assertEquals(1000, first.getTotalCount());
    assertEquals(1, second.getTotalCount());
    Histogram total = recorder.cumulative();
    assertEquals(1001, total.getTotalCount());
    assertEquals(501_000_000, (double) total.getValueAtPercentile(50), 1_000_000);
    assertEquals(5_000_000_000.0, (double) total.getMaxValue(), 5_000_000);
    assertEquals(0, recorder.sampleInterval().getTotalCount());
  }

  @Test
  void valuesBeyondAnHourAreClampedNotLost() {
    LatencyRecorder recorder = new LatencyRecorder();
    recorder.record(Long.MAX_VALUE);
    recorder.record(-5);
    recorder.sampleInterval();
    assertEquals(2, recorder.cumulative().getTotalCount());
  }
}
