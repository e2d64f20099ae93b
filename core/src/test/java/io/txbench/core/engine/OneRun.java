package io.txbench.core.engine;

import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.Workload;

/** One run of a workload on a fake target, with a crew of its own closed at the end: no warm-up. */
final class OneRun {
  private OneRun() {}

  /** Runs {@code workload} with {@code runner}, on a crew of {@code workers}, threaded. */
  static <S extends AutoCloseable> RunResult of(Runner runner, int workers, Workload<S, ?> workload)
      throws InterruptedException, TargetUnavailableException {
    return of(WorkerModel.THREADED, runner, workers, workload);
  }

  /** Runs {@code workload} with {@code runner}, on a crew of {@code workers}, on {@code model}. */
  static <S extends AutoCloseable> RunResult of(
      WorkerModel model, Runner runner, int workers, Workload<S, ?> workload)
      throws InterruptedException, TargetUnavailableException {
    try (Crew<S> crew = new Crew<>(model.apply(workload), workers)) {
      return runner.run(crew, new FakeTarget());
    }
  }
}
