package io.txbench.api;

import io.txbench.api.run.MeasuredRun;
import io.txbench.api.run.Verdicts;
import io.txbench.core.engine.RunOptions;
import io.txbench.report.files.RunSummary;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The Java API's one run, as its {@link io.txbench.api.run.Sweep} ends: measured, its result; else
 * the exception that says why not.
 */
final class OneRun implements Verdicts {
  private MeasuredRun.@Nullable Ended ended;

  @Override
  public boolean measured(RunOptions run, MeasuredRun.Ended how) {
    this.ended = how;
    return true;
  }

  /** The run's result, its files in {@code directory} (null: none). */
  BenchmarkResult result(@Nullable Path directory) {
    MeasuredRun.Ended how = ended;
    RunSummary summary = how == null ? null : how.summary();
    if (how == null || summary == null) {
      throw new BenchmarkException(
          "nothing was measured: " + (how == null ? "no run" : how.why()), null);
    }
    return new BenchmarkResult(summary, Optional.ofNullable(directory));
  }
}
