package io.txbench.report.console;

import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.Outcomes;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.TelemetryFindings;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.server.ServerCommits;
import io.txbench.report.files.RunSummary;
import io.txbench.report.files.SystemUnderTest;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * The block printed at the end of a run: what was measured first, then, once verify has run, its
 * verdict, so that a verify that hangs or fails never hides the measurements.
 */
public final class ConsoleSummary {
  /** The shares of ab's percentage table, the longest request after them. */
  private static final int[] PERCENTAGE_SHARES = {50, 66, 75, 80, 90, 95, 98, 99};

  private ConsoleSummary() {}

  /**
   * Everything but the verdict; the lines that may quote a driver's message (the commit check,
   * failed writes) passed through {@code quoted}, the run's credentials: the fields txbench writes
   * itself never are.
   */
  public static void print(PrintStream out, RunSummary s, UnaryOperator<String> quoted) {
    RunResult r = s.result();
    out.println();
    printSetting(out, s);
    printCounts(out, s, r);
    printLatencies(out, r);
    if (s.site().percentageTable()) {
      percentageTable(out, r.latencies().responseTimes());
    }
    BreakdownText.operations(r).forEach(out::println);
    BreakdownText.statements(r).forEach(out::println);
    out.println("  client cpu    " + client(r));
    r.bottleneck().ifPresent(warning -> out.println("  warning       " + warning));
    commits(r.telemetry()).ifPresent(line -> out.println("  commits       " + quoted.apply(line)));
    if (s.writeFailures().isEmpty()) {
      out.println("  results       " + s.resultDirectory());
    } else {
      out.println(
          "  results       INCOMPLETE in "
              + s.resultDirectory()
              + ": "
              + quoted.apply(String.join("; ", s.writeFailures())));
    }
    out.flush();
  }

  /** The first lines: the tool, the target and its server, the driver, the client host. */
  private static void printSetting(PrintStream out, RunSummary s) {
    SystemUnderTest site = s.site();
    out.printf(
        Locale.US,
        "txbench %s: %s (%s), workload %s%s, %d thread(s)%n",
        s.toolVersion(),
        site.target(),
        site.serverVersion(),
        site.workload(),
        site.transactions() ? " in transactions" : "",
        s.parallelism());
    out.println(
        "  server        " + site.server() + (site.embedded() ? " (started by txbench)" : ""));
    if (site.fingerprint() != null) {
      out.println("  settings      " + FingerprintText.server(site.fingerprint().server()));
    }
    out.println("  driver        " + site.driver());
    if (site.fingerprint() != null && site.fingerprint().client() != null) {
      out.println("  client host   " + FingerprintText.client(site.fingerprint().client()));
    }
  }

  /** How long was measured, and how the iterations ended: committed, declined, in doubt, failed. */
  private static void printCounts(PrintStream out, RunSummary s, RunResult r) {
    Outcomes o = r.outcomes();
    out.printf(
        Locale.US,
        "  measured      %.1f s (%s)%s%n",
        r.window().seconds(),
        r.window().stopReason().name().toLowerCase(Locale.ROOT).replace('_', ' '),
        s.warmup().length().isZero()
            ? ", no warm-up: the first seconds include the cold start"
            : String.format(
                Locale.US,
                ", after a %.1f s warm-up (not measured)",
                s.warmup().length().toNanos() / 1e9));
    // Declined iterations ended as the workload meant them to, but booked nothing: not "committed".
    out.printf(
        Locale.US,
        "  iterations    %,d %s (%.2f per second%s)%n",
        o.iterations(),
        o.declined() == 0 ? "committed" : "completed",
        r.tps(),
        o.lateIterations() == 0
            ? ""
            : String.format(Locale.US, "; %,d of them after the window", o.lateIterations()));
    if (s.cost() != null) {
      out.println("  cost          " + s.cost().said(o.inWindow(), r.window().seconds()));
    }
    BreakdownText.queries(r).ifPresent(out::println);
    if (o.declined() > 0) {
      out.printf(
          Locale.US,
          "  declined      %,d of them (a business outcome such as a sold-out flight, or a"
              + " key not found: nothing written, not an error)%n",
          o.declined());
    }
    out.printf(
        Locale.US,
        "  in doubt      %,d%s%n",
        o.inDoubt(),
        nonZero(o.inDoubtByCause(), InDoubtCause::label, ": the server may or may not hold them)"));
    out.printf(Locale.US, "  retries       %,d%s%n", o.retries(), classes(o.retriesByClass(), 0));
    out.printf(
        Locale.US,
        "  errors        %,d%s%n",
        o.errors(),
        classes(o.errorsByClass(), o.partialErrors()));
  }

  /** The latency percentiles, and in an open loop the service times and start lags beside them. */
  private static void printLatencies(PrintStream out, RunResult r) {
    Outcomes o = r.outcomes();
    line(out, "latency (ms) ", r.latencies().responseTimes());
    if (r.latencies().scheduleLags().getTotalCount() > 0 || o.skipped() > 0) {
      line(out, "service (ms) ", r.latencies().serviceTimes());
      line(out, "start lag (ms)", r.latencies().scheduleLags());
      out.printf(
          Locale.US,
          "  skipped       %,d (later than --max-lag, or not started by the end)%n",
          o.skipped());
    }
  }

  /**
   * Apache ab's closing table, for those who read a web server's figures in it: the response time
   * within which each share of the requests was served, in milliseconds, the last line the longest.
   */
  private static void percentageTable(PrintStream out, Histogram responseTimes) {
    if (responseTimes.getTotalCount() == 0) {
      return;
    }
    out.println("  Percentage of the requests served within a certain time (ms)");
    for (int share : PERCENTAGE_SHARES) {
      out.printf(
          Locale.US, "   %3d%%  %9.2f%n", share, responseTimes.getValueAtPercentile(share) / 1e6);
    }
    out.printf(Locale.US, "   100%%  %9.2f (longest request)%n", responseTimes.getMaxValue() / 1e6);
  }

  /**
   * The commit cross-check in one line: "Server says 98,017 commits, txbench counted 98,015 (2 in
   * doubt).", what differs when they do not agree, or why there is none.
   */
  static java.util.Optional<String> commits(TelemetryFindings t) {
    if (t.commits().isEmpty()) {
      return t.commitCheck().map(why -> "no cross-check with the server's count: " + why);
    }
    ServerCommits c = t.commits().get();
    String line =
        String.format(
            Locale.US,
            "Server says %,d commits, txbench counted %,d%s",
            c.server(),
            c.counted(),
            c.inDoubt() > 0 ? String.format(Locale.US, " (%,d in doubt)", c.inDoubt()) : "");
    if (c.agrees()) {
      return java.util.Optional.of(line + ".");
    }
    long more = c.server() - c.counted() - c.inDoubt();
    if (more > 0 && !c.otherWork().isEmpty()) {
      // Not txbench's miscount: the server counts every client's commits, its own work's too.
      return java.util.Optional.of(
          String.format(
              Locale.US,
              "%s: %,d more, committed meanwhile by other work on the server (%s): %s.",
              line,
              more,
              c.otherWork(),
              c.note()));
    }
    return java.util.Optional.of(line + ": they differ (" + c.note() + ").");
  }

  /**
   * "0.62 cores (31% of 2), 13.1 us per iteration; gc 12 ms in 3 collection(s); machine 78% busy":
   * the figures that were measured.
   */
  private static String client(RunResult r) {
    ClientUsage c = r.client();
    StringJoiner j = new StringJoiner("; ");
    if (c.cpuCores().isPresent()) {
      j.add(
          String.format(
              Locale.US,
              "%.2f cores (%.0f%% of %d)%s",
              c.cpuCores().getAsDouble(),
              c.cpuPercentOfMachine().orElse(0),
              c.cores(),
              r.cpuMicrosPerIteration().isPresent()
                  ? String.format(
                      Locale.US,
                      ", %,.1f us per iteration",
                      r.cpuMicrosPerIteration().getAsDouble())
                  : ""));
    } else {
      j.add(
          "not measured"
              + (c.cpuNanos().isEmpty() ? " (this JVM does not report its CPU time)" : ""));
    }
    j.add(String.format(Locale.US, "gc %,d ms in %,d collection(s)", c.gcMillis(), c.gcCount()));
    c.machineCpuPercent()
        .ifPresent(busy -> j.add(String.format(Locale.US, "machine %.0f%% busy", busy)));
    return j.toString();
  }

  private static void line(PrintStream out, String label, Histogram h) {
    out.printf(
        Locale.US,
        "  %-13s p50 %.2f  p95 %.2f  p99 %.2f  p99.9 %.2f  max %.2f%n",
        label,
        h.getValueAtPercentile(50) / 1e6,
        h.getValueAtPercentile(95) / 1e6,
        h.getValueAtPercentile(99) / 1e6,
        h.getValueAtPercentile(99.9) / 1e6,
        h.getMaxValue() / 1e6);
  }

  private static String classes(Map<ErrorClass, Long> counts, long partial) {
    StringJoiner j = nonZero(counts, ErrorClass::label, ")");
    if (partial > 0) {
      j.add(partial + " with partial effects");
    }
    return j.toString();
  }

  /** The counts above 0, each by its label, in parentheses ended by {@code end}; "" for none. */
  private static <K> StringJoiner nonZero(
      Map<K, Long> counts, Function<K, String> label, String end) {
    StringJoiner j = new StringJoiner(", ", " (", end);
    j.setEmptyValue("");
    counts.forEach(
        (k, v) -> {
          if (v > 0) {
            j.add(label.apply(k) + " " + v);
          }
        });
    return j;
  }
}
