package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Workload;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class RunnerTest {
  /** The worker model the tests run on; a subclass runs them all on another. */
  WorkerModel model() {
    return WorkerModel.THREADED;
  }

  private static final Backoff NO_WAIT = new Backoff(Duration.ZERO, Duration.ZERO);

  private static RunOptions iterations(int threads, long count, int maxRetries, long maxErrors) {
    return options(
        threads, new ForIterations(count), Duration.ofMillis(50), maxRetries, maxErrors, NO_WAIT);
  }

  /** A timed run of {@code threads} with no retries, no error limit and no back-off. */
  private static RunOptions timed(int threads, Duration length, Duration period) {
    return options(threads, new ForDuration(length), period, 0, 0, NO_WAIT);
  }

  private static RunOptions options(
      int threads,
      RunLength length,
      Duration period,
      int maxRetries,
      long maxErrors,
      Backoff backoff) {
    return new RunOptions(
        threads, length, period, maxRetries, maxErrors, 1, backoff, new ClosedLoop());
  }

  private RunResult run(RunOptions options, Workload<?, ?> workload) throws Exception {
    return run(options, workload, new RunListener() {});
  }

  private RunResult run(RunOptions options, Workload<?, ?> workload, RunListener listener)
      throws Exception {
    return OneRun.of(
        model(),
        new Runner(options, new Metrics(true, List.of(), List.of()), listener),
        options.parallelism(),
        workload);
  }

  /** A listener that adds every period's figures to {@code periods}. */
  private static RunListener recording(List<IntervalStats> periods) {
    return new RunListener() {
      @Override
      public void onInterval(IntervalStats stats) {
        periods.add(stats);
      }
    };
  }

  /** The run's committed iterations, retries and errors. */
  private static void assertCounts(RunResult result, long iterations, long retries, long errors) {
    assertEquals(
        List.of(iterations, retries, errors),
        List.of(
            result.outcomes().iterations(),
            result.outcomes().retries(),
            result.outcomes().errors()),
        "iterations, retries, errors");
  }

  @Test
  void runsExactlyTheIterationsAskedForOverAllWorkers() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    RunResult result = run(iterations(4, 10_000, 0, 0), workload);
    assertCounts(result, 10_000, 0, 0);
    assertEquals(10_000, workload.successes());
    assertEquals(10_000, result.latencies().responseTimes().getTotalCount());
    assertEquals(StopReason.ITERATIONS_DONE, result.window().stopReason());
  }

  @Test
  void stopsWhenTheDurationHasElapsed() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    RunResult result = run(timed(2, Duration.ofMillis(300), Duration.ofMillis(100)), workload);
    assertEquals(StopReason.DURATION_ELAPSED, result.window().stopReason());
    assertTrue(result.window().nanos() >= Duration.ofMillis(300).toNanos());
    assertEquals(workload.successes(), result.outcomes().iterations());
    assertTrue(result.outcomes().iterations() > 0);
  }

  @Test
  void retriesARetryableFailureAndCountsTheIterationOnce() throws Exception {
    // Attempts 0 and 1 fail with a serialization failure, attempt 2 succeeds.
    ScriptedWorkload workload =
        ScriptedWorkload.failing(n -> n < 2 ? new FakeTarget.RetryableFault() : null);
    RunResult result = run(iterations(1, 1, 10, 0), workload);
    assertCounts(result, 1, 2, 0);
    assertEquals(2, result.outcomes().retriesByClass().get(ErrorClass.SERIALIZATION));
  }

  @Test
  void anIterationThatStillFailsAfterMaxRetriesIsAnError() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new FakeTarget.RetryableFault());
    RunResult result = run(iterations(1, 3, 2, 0), workload);
    assertCounts(result, 0, 6, 3); // 2 retries for each of the 3 iterations
    assertEquals(3, result.outcomes().errorsByClass().get(ErrorClass.SERIALIZATION));
    assertEquals(9, workload.attempts());
  }

  @Test
  void aFatalFailureIsNotRetriedAndTheRunGoesOn() throws Exception {
    ScriptedWorkload workload =
        ScriptedWorkload.failing(n -> n % 10 == 0 ? new IllegalStateException("boom") : null);
    RunResult result = run(iterations(2, 100, 10, 0), workload);
    assertCounts(result, 90, 0, 10);
    assertEquals(10, result.outcomes().errorsByClass().get(ErrorClass.OTHER));
  }

  @Test
  void maxErrorsEndsTheRunEarly() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new IllegalStateException("down"));
    RunOptions options =
        options(1, new ForDuration(Duration.ofMinutes(5)), Duration.ofMillis(50), 0, 5, NO_WAIT);
    RunResult result = run(options, workload);
    assertEquals(StopReason.MAX_ERRORS, result.window().stopReason());
    assertEquals(5, result.outcomes().errors());
  }

  @Test
  void backsOffAfterAnIterationTheServerDidNotAnswer() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new FakeTarget.LostConnection());
    Backoff slow = new Backoff(Duration.ofMillis(40), Duration.ofMillis(40));
    RunOptions options =
        options(1, new ForDuration(Duration.ofMillis(400)), Duration.ofMillis(100), 0, 0, slow);
    RunResult result = run(options, workload);
    // Without the pause, a failing iteration costs microseconds: thousands in 400 ms.
    assertTrue(result.outcomes().errors() < 100, "errors: " + result.outcomes().errors());
    assertTrue(result.outcomes().errors() >= 1);
  }

  @Test
  void aStopRequestEndsTheRunAndNothingIsLost() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    RunOptions options = timed(2, Duration.ofMinutes(5), Duration.ofMillis(50));
    Runner runner =
        new Runner(options, new Metrics(true, List.of(), List.of()), new RunListener() {});
    Thread stopper =
        new Thread(
            () -> {
              try {
                Thread.sleep(200);
              } catch (InterruptedException e) {
                return;
              }
              runner.requestStop();
            });
    stopper.start();
    RunResult result = OneRun.of(model(), runner, options.parallelism(), workload);
    assertEquals(StopReason.INTERRUPTED, result.window().stopReason());
    assertEquals(workload.successes(), result.outcomes().iterations());
    assertTrue(result.window().nanos() < Duration.ofMinutes(1).toNanos());
  }

  @Test
  void intervalsAddUpToTheTotalAndTheLastIsMarked() throws Exception {
    List<IntervalStats> intervals = new CopyOnWriteArrayList<>();
    ScriptedWorkload workload =
        ScriptedWorkload.failing(n -> n % 100 == 0 ? new IllegalStateException("x") : null);
    RunResult result =
        run(
            timed(2, Duration.ofMillis(350), Duration.ofMillis(100)),
            workload,
            recording(intervals));
    assertTrue(intervals.size() >= 2);
    assertTrue(intervals.get(intervals.size() - 1).last());
    assertEquals(
        result.outcomes().iterations(), intervals.stream().mapToLong(IntervalStats::count).sum());
    assertEquals(
        result.outcomes().errors(), intervals.stream().mapToLong(IntervalStats::errors).sum());
  }

  @Test
  void everyPeriodReportsTheRunsThreadsEvenWhenMostHaveFinished() throws Exception {
    // 4 workers, 4 iterations: three end at once, the fourth keeps its thread busy for several
    // periods. The progress line's thds is the run's, as sysbench's is, not the busy ones.
    List<IntervalStats> intervals = new CopyOnWriteArrayList<>();
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              if (n == 0) {
                Thread.sleep(400);
              }
            });
    run(iterations(4, 4, 0, 0), workload, recording(intervals));
    assertTrue(intervals.size() >= 3, intervals.toString());
    assertTrue(intervals.stream().allMatch(i -> i.threads() == 4), intervals.toString());
  }

  @Test
  void theLastPeriodEndsWithTheWindowWhenTheTickerAndTheDeadlineFallDueTogether() throws Exception {
    // The period divides the duration, so the ticker's last tick and the deadline come at the same
    // instant; whichever thread wakes first, no period may reach past the window or be empty of
    // time.
    for (int run = 0; run < 20; run++) {
      List<IntervalStats> periods = new CopyOnWriteArrayList<>();
      RunResult result =
          run(
              timed(1, Duration.ofMillis(150), Duration.ofMillis(50)),
              ScriptedWorkload.alwaysSucceeds(),
              recording(periods));
      for (IntervalStats period : periods) {
        assertTrue(period.intervalNanos() > 0, "run " + run + ": a period of no time " + periods);
        assertTrue(
            period.elapsedNanos() <= result.window().nanos(),
            "run " + run + ": a period ends past the window: " + period.elapsedNanos());
      }
    }
  }
}
