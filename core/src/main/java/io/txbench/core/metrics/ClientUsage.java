package io.txbench.core.metrics;

import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What the client used of its machine over a metrics period or over the measured window: its
 * process's CPU time (user and system, every thread of it: workers, drivers, JIT compiler, garbage
 * collector), its garbage collections, and how busy the machine's CPUs were (every process, the
 * server's too when it shares the machine). It tells whether the load generator rather than the
 * server, or a saturated machine, may have set the pace; {@link Bottleneck} decides. A figure the
 * platform does not give is empty, never 0.
 *
 * @param nanos the wall-clock time the figures cover
 * @param cores the processors the JVM may use ({@link Runtime#availableProcessors()})
 * @param cpuNanos the process's user and system CPU time; empty when the JVM does not report it
 * @param gcCount the collections, summed over the JVM's collectors
 * @param gcMillis the time the collectors report for them (with the default G1, its pauses)
 * @param machineCpuPercent the share of all the machine's cores that was busy, 0 to 100; empty
 *     without Linux's /proc/stat
 */
public record ClientUsage(
    long nanos,
    int cores,
    OptionalLong cpuNanos,
    long gcCount,
    long gcMillis,
    OptionalDouble machineCpuPercent) {

  /**
   * The shortest time over which the CPU used is a figure (the smallest --metrics period). The JVM
   * reads a process's CPU time from the kernel in clock ticks of 10 ms on Linux: over the last
   * millisecond of a run, one tick reads as 5 cores busy on a 2-core machine.
   */
  static final long MIN_MEASURED_NANOS = 100_000_000L;

  /**
   * The CPU the client used, in cores: 1.0 is one core busy all the time; empty over less than 100
   * ms, which the CPU clock cannot measure.
   */
  public OptionalDouble cpuCores() {
    return nanos < MIN_MEASURED_NANOS || cpuNanos.isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of((double) cpuNanos.getAsLong() / nanos);
  }

  /** The CPU the client used as a share of all the cores, 0 to 100. */
  public OptionalDouble cpuPercentOfMachine() {
    OptionalDouble used = cpuCores();
    return used.isEmpty() || cores <= 0
        ? OptionalDouble.empty()
        : OptionalDouble.of(used.getAsDouble() * 100 / cores);
  }

  /** The client's CPU time for each of {@code iterations}, in microseconds. */
  public OptionalDouble cpuMicrosPer(long iterations) {
    return iterations <= 0 || cpuNanos.isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of(cpuNanos.getAsLong() / 1e3 / iterations);
  }
}
