package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link RunnerTest} on the asynchronous model, each iteration completing at once. */
class RunnerOnInlineTest extends RunnerTest {
  @Override
  WorkerModel model() {
    return WorkerModel.INLINE;
  }

  @Test
  @Timeout(120) // a chain that recursed would overflow its stack: fail, do not hang
  void aChainWhoseIterationsCompleteAtOnceFollowsThemInALoopNotByRecursion() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    RunOptions one =
        new RunOptions(
            1,
            new ForIterations(300_000),
            Duration.ofSeconds(1),
            0,
            0,
            1,
            new Backoff(Duration.ZERO, Duration.ZERO),
            new ClosedLoop());
    RunResult result =
        OneRun.of(
            model(),
            new Runner(one, new Metrics(false, List.of(), List.of()), new RunListener() {}),
            1,
            workload);
    assertEquals(300_000, result.outcomes().iterations());
  }
}
