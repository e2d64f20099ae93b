package io.txbench.report.files;

import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Metrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The writers of a run's result files in its directory, period by period: the Dropwizard CSVs,
 * {@code intervals.csv}, {@code histogram.hlog} and {@code server.csv} (summary.json is written at
 * the end, by {@link SummaryJson}). The command line and the Java API write the same files through
 * this.
 */
public final class ResultFileWriters {
  private ResultFileWriters() {}

  /**
   * The writers for {@code run}, reading {@code metrics}.
   *
   * @throws IOException when a file cannot be created in {@code directory}
   */
  public static List<RunListener> of(Metrics metrics, Path directory, RunOptions run)
      throws IOException {
    return List.of(
        DropwizardReporters.csv(metrics, directory),
        new IntervalsCsv(directory, metrics.operations()),
        new HistogramLog(directory, run.openLoop()),
        new ServerCsv(directory));
  }
}
