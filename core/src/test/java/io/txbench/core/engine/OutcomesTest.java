package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Worker;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * How an iteration ends, from what its session reported: only what the server rolled back whole is
 * retried; a failure after a committed step is an error with partial effects; a commit whose reply
 * was lost is in doubt.
 */
class OutcomesTest {
  /** The worker model the tests run on; a subclass runs them all on another. */
  WorkerModel model() {
    return WorkerModel.THREADED;
  }

  private static final Backoff NO_WAIT = new Backoff(Duration.ZERO, Duration.ZERO);

  private RunResult run(long iterations, ScriptedWorkload workload) throws Exception {
    RunOptions options =
        new RunOptions(
            1,
            new ForIterations(iterations),
            Duration.ofMillis(50),
            10,
            0,
            1,
            NO_WAIT,
            new ClosedLoop());
    return OneRun.of(
        model(),
        new Runner(
            options,
            new Metrics(true, java.util.List.of(), java.util.List.of()),
            new RunListener() {}),
        options.parallelism(),
        workload);
  }

  /** Reports one step committed on its own (a write in autocommit). */
  private static void commitStep(Worker worker) throws AbandonedException {
    worker.effects().committing();
    worker.effects().answered(1);
  }

  @Test
  void aRetryableFailureAfterACommittedStepIsNotRetried() throws Exception {
    // The seat and the payment committed on their own, then the audit upsert hit a deadlock:
    // running the iteration again would book them twice.
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              commitStep(worker);
              commitStep(worker);
              if (n == 0) {
                throw new FakeTarget.RetryableFault();
              }
            });
    RunResult r = run(1, workload);
    assertEquals(1, workload.attempts());
    assertEquals(0, r.outcomes().retries());
    assertEquals(1, r.outcomes().errors());
    assertEquals(1, r.outcomes().partialErrors());
    assertEquals(1, r.outcomes().errorsByClass().get(ErrorClass.SERIALIZATION));
    assertEquals(new Tally(0, 0, 0, 1, 0), r.tally());
  }

  @Test
  void aCommitWhoseReplyWasLostIsInDoubtAndNotRetried() throws Exception {
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              worker.effects().committing();
              if (n == 0) {
                worker.effects().failed(Failure.replyLost(ErrorClass.CONNECTION));
                throw new FakeTarget.RetryableFault();
              }
              worker.effects().answered(1);
            });
    RunResult r = run(3, workload);
    assertEquals(3, workload.attempts());
    assertEquals(2, r.outcomes().iterations());
    assertEquals(1, r.outcomes().inDoubt());
    assertEquals(1, r.outcomes().inDoubtByCause().get(InDoubtCause.REPLY_LOST));
    assertEquals(0, r.outcomes().errors());
    assertEquals(0, r.outcomes().retries());
    assertEquals(new Tally(2, 0, 1, 0, 0), r.tally());
  }

  @Test
  void aDeclinedIterationCountsAsAnIterationNeitherAnErrorNorRetried() throws Exception {
    // Attempt 1 conflicts and is retried; its retry finds the flight sold out, as do attempts 3-4.
    ScriptedWorkload workload =
        ScriptedWorkload.failing(
            n ->
                switch ((int) n) {
                  case 1 -> new FakeTarget.RetryableFault();
                  case 2, 3, 4 -> new DeclinedException("sold out");
                  default -> null;
                });
    RunResult r = run(4, workload);
    assertEquals(5, workload.attempts());
    assertEquals(4, r.outcomes().iterations());
    assertEquals(3, r.outcomes().declined());
    assertEquals(0, r.outcomes().errors());
    assertEquals(1, r.outcomes().retries());
    assertEquals(4, r.latencies().responseTimes().getTotalCount());
    assertEquals(new Tally(4, 3, 0, 0, 0), r.tally());
    assertEquals(1, r.tally().applied());
  }

  @Test
  void aCommitTheServerRefusedIsRolledBackAndRetried() throws Exception {
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              worker.effects().committing();
              if (n == 0) {
                worker.effects().failed(Failure.retryable(ErrorClass.SERIALIZATION));
                throw new FakeTarget.RetryableFault();
              }
              worker.effects().answered(1);
            });
    RunResult r = run(1, workload);
    assertEquals(1, r.outcomes().iterations());
    assertEquals(1, r.outcomes().retries());
    assertEquals(0, r.outcomes().errors() + r.outcomes().inDoubt());
  }

  @Test
  void aFailureWithNothingCommittedIsAPlainError() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new IllegalStateException("boom"));
    RunResult r = run(2, workload);
    assertEquals(2, r.outcomes().errors());
    assertEquals(0, r.outcomes().partialErrors());
    assertEquals(0, r.outcomes().inDoubt());
  }

  @Test
  void aRetryCutShortByTheEndOfTheRunIsNotAnError() throws Exception {
    Runner[] runner = new Runner[1];
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              if (n == 5) {
                runner[0].requestStop();
                throw new FakeTarget.RetryableFault();
              }
            });
    RunOptions options =
        new RunOptions(
            1,
            new ForDuration(Duration.ofMinutes(1)),
            Duration.ofMillis(50),
            10,
            0,
            1,
            NO_WAIT,
            new ClosedLoop());
    runner[0] =
        new Runner(
            options,
            new Metrics(true, java.util.List.of(), java.util.List.of()),
            new RunListener() {});
    RunResult r = OneRun.of(model(), runner[0], options.parallelism(), workload);
    assertEquals(5, r.outcomes().iterations());
    assertEquals(0, r.outcomes().errors());
    assertEquals(0, r.outcomes().retries());
    assertEquals(StopReason.INTERRUPTED, r.window().stopReason());
  }

  @Test
  void afterAnAnsweredFailureTheWorkerGoesOnAtOnce() throws Exception {
    // An hour's backoff: a worker that paused after the first refusal would try once. The pause
    // after a failure the server did not answer: RunnerTest.backsOffAfterAnIterationTheServer...
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new IllegalStateException("refused"));
    RunResult r = runFor(Duration.ofMillis(300), HOUR, workload);
    assertTrue(workload.attempts() > 1, "attempts " + workload.attempts());
    assertEquals(workload.attempts(), r.outcomes().errors());
  }

  private static final Backoff HOUR = new Backoff(Duration.ofHours(1), Duration.ofHours(1));

  private RunResult runFor(Duration length, Backoff backoff, ScriptedWorkload workload)
      throws Exception {
    RunOptions options =
        new RunOptions(
            1, new ForDuration(length), Duration.ofMillis(50), 10, 0, 1, backoff, new ClosedLoop());
    return OneRun.of(
        model(),
        new Runner(
            options,
            new Metrics(true, java.util.List.of(), java.util.List.of()),
            new RunListener() {}),
        options.parallelism(),
        workload);
  }
}
