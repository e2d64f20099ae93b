package io.txbench.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client's counters, read and turned into what was used between two readings. */
class ClientCountersTest {
  @TempDir Path dir;

  @Test
  void theUsageBetweenTwoReadingsIsTheirDifferenceOverTheTimeBetweenThem() {
    ClientCounters counters = new ClientCounters(() -> -1, List.of(), dir.resolve("none"), 4);
    ClientUsage used =
        counters.between(
            new ClientCounters.Reading(1_000_000_000L, 5_000_000L, 3, 40, 1_000, 4_000),
            new ClientCounters.Reading(3_000_000_000L, 3_005_000_000L, 5, 52, 1_600, 4_800));
    assertEquals(2_000_000_000L, used.nanos());
    assertEquals(OptionalLong.of(3_000_000_000L), used.cpuNanos());
    assertEquals(1.5, used.cpuCores().getAsDouble(), 1e-9);
    assertEquals(37.5, used.cpuPercentOfMachine().getAsDouble(), 1e-9);
    assertEquals(30.0, used.cpuMicrosPer(100_000).getAsDouble(), 1e-9);
    assertEquals(2, used.gcCount());
    assertEquals(12, used.gcMillis());
    assertEquals(75.0, used.machineCpuPercent().getAsDouble(), 1e-9);
  }

  /**
   * The last period of a run can be a millisecond long, and the process's CPU time moves by whole
   * clock ticks (10 ms): one tick in it is no measurement of 5 cores busy.
   */
  @Test
  void noCoresFigureOverAPeriodTooShortForTheCpuClock() {
    ClientCounters counters = new ClientCounters(() -> -1, List.of(), dir.resolve("none"), 2);
    ClientUsage tick =
        counters.between(
            new ClientCounters.Reading(1_000_000_000L, 0, 0, 0, 0, 0),
            new ClientCounters.Reading(1_002_000_000L, 10_000_000L, 0, 0, 0, 0));
    assertEquals(OptionalDouble.empty(), tick.cpuCores());
    assertEquals(OptionalDouble.empty(), tick.cpuPercentOfMachine());
    ClientUsage tenth =
        counters.between(
            new ClientCounters.Reading(1_000_000_000L, 0, 0, 0, 0, 0),
            new ClientCounters.Reading(1_100_000_000L, 50_000_000L, 0, 0, 0, 0));
    assertEquals(0.5, tenth.cpuCores().getAsDouble(), 1e-9);
  }

  @Test
  void theMachinesCpuIsTheBusyShareOfAllItsTicksInProcStat() throws IOException {
    Path stat = dir.resolve("stat");
    ClientCounters counters = new ClientCounters(() -> 0, List.of(), stat, 2);
    Files.writeString(stat, "cpu  100 10 50 800 40 0 0 0 0 0\ncpu0 50 5 25 400 20 0 0 0 0 0\n");
    ClientCounters.Reading from = counters.read();
    Files.writeString(stat, "cpu  250 10 90 900 50 5 3 2 7 0\ncpu0 50 5 25 400 20 0 0 0 0 0\n");
    ClientCounters.Reading to = counters.read();
    // Busy: user 150, system 40, irq 5, softirq 3, steal 2 (guest is in user); idle 100, iowait
    // 10.
    assertEquals(
        100.0 * 200 / 310, counters.between(from, to).machineCpuPercent().getAsDouble(), 1e-9);
  }

  @Test
  void whatThePlatformDoesNotTellIsLeftOutNotZero() throws IOException {
    ClientCounters blind = new ClientCounters(() -> -1, List.of(), dir.resolve("absent"), 2);
    ClientUsage used = blind.between(blind.read(), blind.read());
    assertEquals(OptionalLong.empty(), used.cpuNanos());
    assertEquals(OptionalDouble.empty(), used.cpuCores());
    assertEquals(OptionalDouble.empty(), used.cpuPercentOfMachine());
    assertEquals(OptionalDouble.empty(), used.cpuMicrosPer(1_000));
    assertEquals(OptionalDouble.empty(), used.machineCpuPercent());
    Path garbled = Files.writeString(dir.resolve("garbled"), "intr 12 34\n");
    ClientCounters other = new ClientCounters(() -> 0, List.of(), garbled, 2);
    assertEquals(
        OptionalDouble.empty(), other.between(other.read(), other.read()).machineCpuPercent());
  }

  @Test
  void thisJvmTellsItsCpuAndCollections() {
    ClientCounters counters = new ClientCounters();
    ClientCounters.Reading from = counters.read();
    long start = System.nanoTime();
    long spun = 0;
    while (System.nanoTime() - start < 50_000_000L) {
      spun++;
    }
    ClientUsage used = counters.between(from, counters.read());
    assertTrue(spun > 0);
    assertEquals(Runtime.getRuntime().availableProcessors(), used.cores());
    assertTrue(used.cpuNanos().orElseThrow() > 0, used.toString());
    assertTrue(used.gcCount() >= 0 && used.gcMillis() >= 0, used.toString());
    assertTrue(
        !ManagementFactory.getGarbageCollectorMXBeans().isEmpty(), "the JVM lists its collectors");
    if (Files.isReadable(Path.of("/proc/stat"))) {
      double busy = used.machineCpuPercent().orElseThrow();
      assertTrue(busy >= 0 && busy <= 100, used.toString());
    }
  }
}
