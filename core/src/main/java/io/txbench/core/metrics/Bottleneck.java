package io.txbench.core.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Whether txbench itself, or the machine it ran on, may have limited a run, and the one-line
 * warning that says so: decided here alone, from the figures alone. Three signs, any one enough:
 *
 * <ul>
 *   <li>The client used more than half of the machine's cores, averaged over the measured window: a
 *       client that busy competes with a server on the same machine, and is near its own limit on
 *       another.
 *   <li>The machine's cores were {@value #MACHINE_BUSY_PERCENT}% busy or more, averaged over the
 *       window: every process, /proc/stat's busy time against all of its time, read at the same
 *       moments as the client's CPU, so both cover the same window. Saturated: every thread,
 *       txbench's and the server's alike when they share the machine, waits in the run queue for a
 *       core, so the latencies include that wait and the throughput is the machine's, not the
 *       server's. 90 rather than 100: an average of 90 over the window means the cores were full
 *       most of it, and its gaps (a moment waiting on the disk, counted as iowait, not busy) make
 *       such a machine no less saturated. The warning names txbench's share and the other
 *       processes' (the rest), so that a reader tells a server that filled the machine from
 *       something else that ran beside the benchmark. Absent where the machine does not give the
 *       figure (off Linux), and over less than 100 ms, which its 10 ms ticks cannot measure.
 *   <li>The open-loop start lag kept growing: the median start lag of each period, split into
 *       thirds of the run (at least {@value #LAG_PERIODS} periods that started an iteration), rises
 *       from each third to the next (the median of its periods' medians), and the last third's ends
 *       at {@value #LAG_FLOOR_MILLIS} ms or more and at {@value #LAG_GROWTH} times the first
 *       period's or more. A backlog that grows like that means iterations were due faster than they
 *       could be started: either the client or the server could not keep up with --rate. The CPU
 *       figure names the likelier one. A lag that starts high and settles (a cold start), or that
 *       wanders around a steady level, does not warn.
 * </ul>
 *
 * <p>Client and server on one machine (the bench scripts' 2-core box, the README's default run) is
 * a setup txbench supports, and a server that merely works hard there does not warn: only one that,
 * with txbench, fills the machine. That run does warn, on purpose: its server had only what txbench
 * left of the machine and waited for cores beside its client, which is what its figures then
 * measure, and a user comparing them with sysbench's, or with a server on a machine of its own,
 * needs to know that. The split says how much of it was txbench's. The machine's figure is a share
 * of all the machine's cores, txbench's a share of the cores the JVM may use: where a container
 * gives the JVM fewer than the machine has, the split is approximate; the sign is not.
 *
 * <p>The line names one busy party: a client over half the cores is said first, since then it is
 * most of what kept the machine busy and moving it elsewhere is the advice either way; else a busy
 * machine; a growing start lag is added to either, or said alone.
 */
final class Bottleneck {
  /** The share of the machine's cores above which the client may be limiting the result. */
  static final double CORE_SHARE = 0.5;

  /** How busy the machine's cores must be, at least, averaged over the window, to warn (%). */
  static final double MACHINE_BUSY_PERCENT = 90;

  /** How high the start lag must end, at least, to be said to have grown (ms). */
  static final double LAG_FLOOR_MILLIS = 10;

  /** How many times the first period's lag the start lag must end at, at least. */
  static final double LAG_GROWTH = 2;

  /** How many periods with started iterations it takes to see a trend. */
  static final int LAG_PERIODS = 3;

  private Bottleneck() {}

  /**
   * The warning for a run whose measured window used {@code window}, and whose periods' median
   * start lags (ms, in order, of the periods that started an iteration; none in a closed loop) are
   * {@code lagMedians}; empty when no sign shows.
   */
  static Optional<String> warning(ClientUsage window, List<Double> lagMedians) {
    Optional<String> lag = grownLag(lagMedians);
    Optional<String> client = busyClient(window);
    if (client.isPresent()) {
      return Optional.of(
          client.get()
              + lag.map(l -> " (and " + l + ": it could not keep up with --rate)").orElse(""));
    }
    Optional<String> machine = busyMachine(window);
    if (machine.isPresent()) {
      return Optional.of(
          machine.get()
              + lag.map(l -> " (and " + l + ": the run could not keep up with --rate)").orElse(""));
    }
    OptionalDouble used = window.cpuCores();
    return lag.map(
        l ->
            l
                + " over the run: the client or the server could not keep up with --rate"
                + (used.isEmpty()
                    ? ""
                    : String.format(
                        Locale.US,
                        ", likelier the server (the client used %.2f of %d cores)",
                        used.getAsDouble(),
                        window.cores())));
  }

  /** "the client used X of N cores" when it used more than half of them, else empty. */
  private static Optional<String> busyClient(ClientUsage window) {
    OptionalDouble used = window.cpuCores();
    if (used.isEmpty() || used.getAsDouble() <= window.cores() * CORE_SHARE) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.US,
            "the client used %.2f of %d cores (%.0f%%): txbench itself may be limiting this"
                + " result; run it on another machine or with fewer threads",
            used.getAsDouble(),
            window.cores(),
            window.cpuPercentOfMachine().orElse(0)));
  }

  /**
   * "the machine's cores were X% busy" when they were {@value #MACHINE_BUSY_PERCENT}% or more, with
   * txbench's share and the other processes' where the client's CPU is known, else empty.
   */
  private static Optional<String> busyMachine(ClientUsage window) {
    OptionalDouble busy = window.machineCpuPercent();
    if (busy.isEmpty()
        || window.nanos() < ClientUsage.MIN_MEASURED_NANOS
        || busy.getAsDouble() < MACHINE_BUSY_PERCENT) {
      return Optional.empty();
    }
    long machine = Math.round(busy.getAsDouble());
    OptionalDouble client = window.cpuPercentOfMachine();
    // The other processes' share is what the rounded figures leave, so that the three add up as
    // printed; the client is at most half here (else its own sign is said), so it is never < 0.
    String split =
        client.isEmpty()
            ? ""
            : String.format(
                Locale.US,
                " (txbench %d%%, other processes %d%%)",
                Math.round(client.getAsDouble()),
                machine - Math.round(client.getAsDouble()));
    return Optional.of(
        String.format(
            Locale.US,
            "the machine's cores were %d%% busy over the window%s: results measured on a"
                + " saturated machine understate what the server can do; run txbench on a machine"
                + " of its own",
            machine,
            split));
  }

  /** "the start lag grew from X to Y ms" when it kept growing (see the class), else empty. */
  private static Optional<String> grownLag(List<Double> lagMedians) {
    int n = lagMedians.size();
    if (n < LAG_PERIODS) {
      return Optional.empty();
    }
    int third = n / 3;
    double first = median(lagMedians.subList(0, third));
    double middle = median(lagMedians.subList(third, n - third));
    double last = median(lagMedians.subList(n - third, n));
    double start = lagMedians.get(0);
    if (first < middle && middle < last && last >= LAG_FLOOR_MILLIS && last >= LAG_GROWTH * start) {
      return Optional.of(
          String.format(Locale.US, "the start lag grew from %.1f to %.1f ms", start, last));
    }
    return Optional.empty();
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
