package io.txbench.api.run;

import io.txbench.core.engine.ForDuration;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.OpenLoop;
import io.txbench.core.engine.RunLength;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.run.Setup;
import io.txbench.core.spi.TransactionMode;
import io.txbench.report.RunRecorder;
import io.txbench.report.files.DropwizardReporters;
import io.txbench.report.files.SystemUnderTest;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How each run of a plan is shown on {@code out} and {@code err}: the line before its warm-up, its
 * announcement once the clock starts, and the reporters {@code --metrics-reporter} asks for; and
 * what a setup did.
 */
record RunLines(RunPlan plan, PrintStream out, PrintStream err) {

  /** The display of a run on {@code site}, whose workload runs with {@code transactions}. */
  RunRecorder.Display display(SystemUnderTest site, TransactionMode transactions) {
    return new RunRecorder.Display(
        out,
        err,
        plan.shown().credentials()::mask,
        this::warmUpLine,
        r -> announcement(r, site, transactions),
        this::reporters);
  }

  /** Says how long the warm-up of {@code length} (its least, when it settles) lasts. */
  private String warmUpLine(Duration length) {
    Duration longest = plan.runs().warmupLongest();
    if (plan.runs().start() != null || longest.compareTo(length) <= 0) {
      return "Warming up for " + human(length) + " (not measured).";
    }
    return "Warming up for at least "
        + human(length)
        + ", on until the throughput settles, at most "
        + human(longest)
        + " (not measured).";
  }

  /**
   * Says what runs on {@code site}, once every worker's session is open and the clock starts, and
   * whether without {@code transactions}.
   */
  private RunListener announcement(
      RunOptions run, SystemUnderTest site, TransactionMode transactions) {
    String line =
        "Running "
            + site.workload()
            + (transactions == TransactionMode.DISABLED ? " (no transactions)" : "")
            + " on "
            + site.target()
            + " with "
            + run.parallelism()
            + " thread(s)"
            + (run.pacing() instanceof OpenLoop open
                ? String.format(Locale.US, " at %.0f per second", open.rate())
                : "")
            + ", "
            + describe(run.length())
            + ", figures about every "
            + human(run.metricsPeriod())
            + ".";
    return new RunListener() {
      @Override
      public void onStart(long startMillis, int threads) {
        out.println(line);
        out.flush();
      }
    };
  }

  /** "for 30s" or "1000 iterations", as the announcement says it. */
  private static String describe(RunLength length) {
    if (length instanceof ForDuration timed) {
      return "for " + human(timed.length());
    }
    if (length instanceof ForIterations counted) {
      return counted.count() + " iterations";
    }
    throw new IllegalStateException("a run length the announcement does not know: " + length);
  }

  /** The Dropwizard reporters {@code --metrics-reporter} asks for, after the file writers. */
  private List<RunListener> reporters(Metrics metrics) {
    List<RunListener> reporters = new ArrayList<>();
    if (plan.results().reporters().contains(ReporterKind.CONSOLE)) {
      reporters.add(DropwizardReporters.console(metrics, out));
    }
    if (plan.results().reporters().contains(ReporterKind.LOG)) {
      reporters.add(DropwizardReporters.log(metrics));
    }
    return reporters;
  }

  /** What a setup did to the data, as the console says it after a data level's name. */
  static String setupLine(Setup setup) {
    String seconds = String.format(Locale.US, "%.1f s", setup.took().toNanos() / 1e9);
    if (setup.grown()) {
      return String.format(
          Locale.US,
          "grew the data to %,d rows in %s, adding %,d (the %,d there kept)",
          setup.rows(),
          seconds,
          setup.addedRows(),
          setup.rows() - setup.addedRows());
    }
    String loaded = String.format(Locale.US, "loaded %,d rows in %s", setup.rows(), seconds);
    return setup.notGrown() == null ? loaded : loaded + ", afresh, not grown: " + setup.notGrown();
  }

  private static String human(Duration d) {
    return d.toString().substring(2).toLowerCase(Locale.ROOT);
  }
}
