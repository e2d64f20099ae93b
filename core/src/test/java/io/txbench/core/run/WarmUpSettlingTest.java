package io.txbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WarmUpSettlingTest {
  private static final long SECOND = 1_000_000_000L;

  private final List<IntervalStats> passedOn = new ArrayList<>();
  private int settledCalls;
  private long jitMillis;
  private final WarmUpSettling settling =
      new WarmUpSettling(
          new RunListener() {
            @Override
            public void onInterval(IntervalStats stats) {
              passedOn.add(stats);
            }
          },
          Duration.ofSeconds(10),
          () -> settledCalls++,
          () -> jitMillis);

  /** The period ending {@code second}s into the warm-up, one second long, at {@code tps}. */
  private void period(int second, int tps, boolean last) {
    Histogram times = new Histogram(3);
    times.recordValueWithCount(1_000_000, tps);
    settling.onInterval(
        new IntervalStats(
            second * SECOND,
            SECOND,
            times,
            times,
            0,
            0,
            0,
            0,
            new ClientUsage(SECOND, 2, OptionalLong.empty(), 0, 0, OptionalDouble.empty()),
            8,
            last,
            Breakdown.NONE));
  }

  @Test
  void aClientStillSpeedingUpIsWaitedForAndOneThatHoldsStillEndsIt() {
    int[] ramp = {2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 17000, 18000, 18500};
    for (int i = 0; i < ramp.length; i++) {
      period(i + 1, ramp[i], false);
    }
    assertEquals(0, settledCalls, "still 3% or more faster each period");
    assertFalse(settling.settled());
    assertTrue(settling.verdict().startsWith("not settled at its longest"), settling.verdict());
    period(12, 18600, false);
    period(13, 18550, false);
    assertEquals(1, settledCalls);
    assertTrue(settling.settled());
    assertEquals(
        "settled: throughput changed +1.8%, the JIT compiled 0% of the time, over its last 4"
            + " periods",
        settling.verdict());
    period(14, 18600, false);
    assertEquals(1, settledCalls, "told once");
    assertEquals(14, passedOn.size(), "every period goes on to the progress line");
  }

  @Test
  void aSteadyThroughputWhileTheJitStillCompilesIsWaitedFor() {
    for (int second = 1; second <= 12; second++) {
      jitMillis += 300; // the compilers busy for 30% of each second
      period(second, 5000, false);
    }
    assertEquals(0, settledCalls, "the hot code not compiled yet");
    assertEquals(
        "not settled at its longest: the JIT still compiled 30% of the time over its last 4"
            + " periods",
        settling.verdict());
    for (int second = 13; second <= 15; second++) {
      jitMillis += 20;
      period(second, 5000, false);
    }
    assertEquals(0, settledCalls, "9.5% of the last 4 periods");
    jitMillis += 20;
    period(16, 5000, false);
    assertEquals(1, settledCalls, "2% of the last 4 periods");
  }

  @Test
  void aSteadyClientIsStillWarmedUpItsLeastLength() {
    for (int second = 1; second <= 9; second++) {
      period(second, 5000, false);
    }
    assertEquals(0, settledCalls, "10 s at least");
    period(10, 5000, false);
    assertEquals(1, settledCalls);
  }

  @Test
  void aWarmUpThatEndsAtItsLongestSaysHowMuchTheThroughputStillChanged() {
    double tps = 1000;
    for (int second = 1; second <= 30; second++) {
      period(second, (int) Math.round(tps), false);
      tps *= 1.04; // 4% faster each period: 8% between the halves
    }
    period(31, 100, true); // the last, cut short: not judged
    assertEquals(0, settledCalls);
    assertEquals(
        "not settled at its longest: throughput still changed +8.2% over its last 4 periods",
        settling.verdict());
  }
}
