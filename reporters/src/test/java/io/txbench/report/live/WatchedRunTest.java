package io.txbench.report.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.Breakdown;
import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Metrics;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WatchedRunTest {
  private static IntervalStats period(long nanos, long cpuNanos, double machinePercent) {
    Histogram h = new Histogram(3);
    h.recordValue(1_000_000);
    ClientUsage client =
        new ClientUsage(
            nanos, 2, OptionalLong.of(cpuNanos), 0, 0, OptionalDouble.of(machinePercent));
    return new IntervalStats(nanos, nanos, h, h, 0, 0, 0, 0, client, 2, false, Breakdown.NONE);
  }

  @Test
  void aPeriodTooShortToMeasureKeepsTheCpuOfTheLastOneThatDid() {
    WatchedRun run = new WatchedRun(WatchedRun.Labels.NONE);
    assertTrue(Double.isNaN(run.cpuCores()), "no figure before the first period");
    RunListener periods = run.measuring(new Metrics(false, List.of(), List.of()));

    periods.onInterval(period(1_000_000_000L, 1_500_000_000L, 80));
    assertEquals(1.5, run.cpuCores(), 1e-9);
    assertEquals(0.8, run.machineBusy(), 1e-9);

    // The window's last few milliseconds: a CPU clock of 10 ms ticks cannot measure them.
    periods.onInterval(period(3_000_000L, 10_000_000L, 95));
    assertEquals(1.5, run.cpuCores(), 1e-9, "the 1 s period's figure, not NaN nor 3.3 cores");
    assertEquals(0.95, run.machineBusy(), 1e-9);
    assertEquals(1.51, run.cpuSeconds(), 1e-9, "CPU seconds still add every period's");
  }
}
