package io.txbench.report.files;

import com.codahale.metrics.ScheduledReporter;
import io.txbench.core.engine.RunListener;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.RunResult;

/**
 * Runs a Dropwizard reporter (CSV, console, SLF4J) once per metrics period, driven by the run's
 * ticker rather than a timer of its own, so its rows line up with the other result files.
 */
public record ReporterListener(ScheduledReporter reporter) implements RunListener {
  @Override
  public void onInterval(IntervalStats stats) {
    reporter.report();
  }

  @Override
  public void onEnd(RunResult result) {
    reporter.close();
  }
}
