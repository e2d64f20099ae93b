package io.txbench.api;

import io.txbench.api.run.MeasuredRun;
import io.txbench.api.run.Signals;
import io.txbench.api.run.TargetSettings;
import io.txbench.api.run.Verdicts;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.report.files.RunSummary;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The Java API's one run, as its {@link io.txbench.api.run.Sweep} ends: measured, its result; else
 * the exception that says why not. No signal stops it: the caller's thread is interrupted instead.
 */
final class OneRun implements Verdicts, Signals {
  private MeasuredRun.@Nullable Ended ended;

  @Override
  public boolean measured(RunOptions run, MeasuredRun.Ended how) {
    this.ended = how;
    return true;
  }

  @Override
  public void lost(TargetUnavailableException e) throws TargetUnavailableException {
    throw e;
  }

  @Override
  public void stoppedInSetup(StoppedException e) throws StoppedException {
    throw e;
  }

  @Override
  public void unreachable(TargetSettings target, Exception e) {
    throw new IllegalStateException("the Java API runs one target", e);
  }

  @Override
  public void leftBehind(TargetSettings target, TargetOptions options) {
    // The Java API's caller chose the server: no hint to drop the data.
  }

  @Override
  public void watch(Runnable stopStep) {}

  @Override
  public void closeOnTimeout(@Nullable AutoCloseable resource) {}

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
