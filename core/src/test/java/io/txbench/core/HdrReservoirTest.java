package io.txbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HdrReservoirTest {

  @Test
  void eachValueLandsInExactlyOneIntervalAndInTheCumulativeSnapshot() {
    HdrReservoir reservoir = new HdrReservoir();
    for (int i = 1; i <= 1000; i++) {
      reservoir.update(i * 1_000_000L);
    }
    Histogram first = reservoir.sampleInterval();
    reservoir.update(5_000_000_000L);
    Histogram second = reservoir.sampleInterval();
    assertEquals(1000, first.getTotalCount());
    assertEquals(1, second.getTotalCount());
    assertEquals(1001, reservoir.getSnapshot().size());
    assertEquals(501_000_000, reservoir.getSnapshot().getMedian(), 1_000_000);
    assertEquals(5_000_000_000L, reservoir.getSnapshot().getMax(), 5_000_000);
    assertEquals(0, reservoir.sampleInterval().getTotalCount());
  }

  @Test
  void valuesBeyondAnHourAreClampedNotLost() {
    HdrReservoir reservoir = new HdrReservoir();
    reservoir.update(Long.MAX_VALUE);
    reservoir.update(-5);
    reservoir.sampleInterval();
    assertEquals(2, reservoir.getSnapshot().size());
  }
}
