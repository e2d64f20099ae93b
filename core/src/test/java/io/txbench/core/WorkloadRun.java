package io.txbench.core;

import java.time.Duration;

/**
 * One run of a workload as the command line does it, for the targets' integration tests: open,
 * prepare (or attach), run a number of iterations, verify.
 */
public final class WorkloadRun {
  private WorkloadRun() {}

  /** What a run measured and what verify found. */
  public record Outcome(RunResult result, Verification verification) {}

  public static Outcome run(WorkloadProvider provider, TargetOptions target,
      WorkloadOptions options, long iterations, boolean prepare) throws Exception {
    try (Target opened = provider.open(target, options)) {
      Workload workload = provider.workload(opened, options);
      if (prepare) {
        workload.prepare(Progress.silent());
      } else {
        workload.attach();
      }
      workload.beforeRun();
      RunOptions run = new RunOptions(target.maxConnections(), null, iterations,
          Duration.ofSeconds(1), 10, 0, 7, Backoff.defaults());
      RunResult result = new Runner(run, new Metrics(), new RunListener() {})
          .run(workload, opened);
      return new Outcome(result, workload.verify(result.iterations()));
    }
  }
}
