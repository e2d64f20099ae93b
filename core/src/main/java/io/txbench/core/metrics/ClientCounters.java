package io.txbench.core.metrics;

import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Reads the counters behind {@link ClientUsage}: the JVM's process CPU time and its collectors'
 * counts and times, and the machine's CPU time from the first line of /proc/stat. A reading costs a
 * few microseconds; the runner takes one as each metrics period ends and when the measured window
 * opens and closes, and {@link #between} turns two into the usage between them.
 */
public final class ClientCounters {
  private final LongSupplier processCpuNanos;
  private final List<GarbageCollectorMXBean> collectors;
  private final Path procStat;
  private final int cores;

  /** This JVM's counters, and the machine's where Linux gives them. */
  public ClientCounters() {
    this(
        processCpu(ManagementFactory.getOperatingSystemMXBean()),
        ManagementFactory.getGarbageCollectorMXBeans(),
        Path.of("/proc/stat"),
        Runtime.getRuntime().availableProcessors());
  }

  /**
   * Counters from {@code processCpuNanos} (negative: unknown), {@code collectors} and the file
   * {@code procStat} (the machine's figures are unknown if it cannot be read).
   */
  public ClientCounters(
      LongSupplier processCpuNanos,
      List<GarbageCollectorMXBean> collectors,
      Path procStat,
      int cores) {
    this.processCpuNanos = processCpuNanos;
    this.collectors = List.copyOf(collectors);
    this.procStat = procStat;
    this.cores = cores;
  }

  /** The counters at one moment; a negative figure is one the platform does not give. */
  record Reading(
      long nanoTime,
      long cpuNanos,
      long gcCount,
      long gcMillis,
      long machineBusyTicks,
      long machineTicks) {}

  private static LongSupplier processCpu(OperatingSystemMXBean os) {
    // The process CPU time is the JDK's own extension of the bean, absent from some JVMs.
    if (os instanceof com.sun.management.OperatingSystemMXBean extended) {
      return extended::getProcessCpuTime;
    }
    return () -> -1;
  }

  Reading read() {
    long gcCount = 0;
    long gcMillis = 0;
    for (GarbageCollectorMXBean collector : collectors) {
      // -1 is a collector's "undefined": it adds nothing.
      gcCount += Math.max(0, collector.getCollectionCount());
      gcMillis += Math.max(0, collector.getCollectionTime());
    }
    long[] machine = machineTicks();
    return new Reading(
        System.nanoTime(), processCpuNanos.getAsLong(), gcCount, gcMillis, machine[0], machine[1]);
  }

  /**
   * The busy and total ticks of all the machine's CPUs since boot, from /proc/stat's first line
   * ({@code cpu user nice system idle iowait irq softirq steal ...}): busy is user, nice, system,
   * irq, softirq and steal, and the total adds idle and iowait. {-1, -1} when unreadable.
   */
  private long[] machineTicks() {
    try (BufferedReader in = Files.newBufferedReader(procStat, StandardCharsets.US_ASCII)) {
      String line = in.readLine();
      if (line == null || !line.startsWith("cpu ")) {
        return new long[] {-1, -1};
      }
      String[] fields = line.substring(4).strip().split("\\s+");
      long[] ticks = new long[8];
      for (int i = 0; i < ticks.length && i < fields.length; i++) {
        ticks[i] = Long.parseLong(fields[i]);
      }
      long busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6] + ticks[7];
      return new long[] {busy, busy + ticks[3] + ticks[4]};
    } catch (IOException | NumberFormatException e) {
      return new long[] {-1, -1};
    }
  }

  /** The usage of no time at all: a run that never started. */
  public ClientUsage none() {
    return new ClientUsage(0, cores, OptionalLong.empty(), 0, 0, OptionalDouble.empty());
  }

  /** What was used from {@code from} to {@code to}; unknown where either reading lacks a figure. */
  ClientUsage between(Reading from, Reading to) {
    long nanos = Math.max(0, to.nanoTime() - from.nanoTime());
    OptionalLong cpu =
        from.cpuNanos() < 0 || to.cpuNanos() < 0
            ? OptionalLong.empty()
            : OptionalLong.of(Math.max(0, to.cpuNanos() - from.cpuNanos()));
    long ticks = to.machineTicks() - from.machineTicks();
    OptionalDouble machine =
        from.machineTicks() < 0 || to.machineTicks() < 0 || ticks <= 0
            ? OptionalDouble.empty()
            : OptionalDouble.of(100.0 * (to.machineBusyTicks() - from.machineBusyTicks()) / ticks);
    return new ClientUsage(
        nanos,
        cores,
        cpu,
        Math.max(0, to.gcCount() - from.gcCount()),
        Math.max(0, to.gcMillis() - from.gcMillis()),
        machine);
  }
}
