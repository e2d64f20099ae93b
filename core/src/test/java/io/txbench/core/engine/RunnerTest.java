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
    return new RunOptions(
        threads,
        new ForIterations(count),
        Duration.ofMillis(50),
        maxRetries,
        maxErrors,
        1,
        NO_WAIT,
        new ClosedLoop());
  }

  private RunResult run(RunOptions options, Workload<?, ?> workload, RunListener listener)
      throws Exception {
    return OneRun.of(
        model(),
        new Runner(options, new Metrics(true, List.of()), listener),
        options.parallelism(),
        workload);
  }

  @Test
  void runsExactlyTheIterationsAskedForOverAllWorkers() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    RunResult result = run(iterations(4, 10_000, 0, 0), workload, new RunListener() {});
    assertEquals(10_000, result.outcomes().iterations());
    assertEquals(10_000, workload.successes());
    assertEquals(10_000, result.latencies().responseTimes().getTotalCount());
    assertEquals(StopReason.ITERATIONS_DONE, result.window().stopReason());
    assertEquals(0, result.outcomes().errors());
  }

  @Test
  void stopsWhenTheDurationHasElapsed() throws Exception {
    RunOptions options =
        new RunOptions(
            2,
            new ForDuration(Duration.ofMillis(300)),
            Duration.ofMillis(100),
            0,
            0,
            1,
            NO_WAIT,
            new ClosedLoop());
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    RunResult result = run(options, workload, new RunListener() {});
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
    RunResult result = run(iterations(1, 1, 10, 0), workload, new RunListener() {});
    assertEquals(1, result.outcomes().iterations());
    assertEquals(2, result.outcomes().retries());
    assertEquals(2, result.outcomes().retriesByClass().get(ErrorClass.SERIALIZATION));
    assertEquals(0, result.outcomes().errors());
  }

  @Test
  void anIterationThatStillFailsAfterMaxRetriesIsAnError() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new FakeTarget.RetryableFault());
    RunResult result = run(iterations(1, 3, 2, 0), workload, new RunListener() {});
    assertEquals(0, result.outcomes().iterations());
    assertEquals(6, result.outcomes().retries()); // 2 retries for each of the 3 iterations
    assertEquals(3, result.outcomes().errors());
    assertEquals(3, result.outcomes().errorsByClass().get(ErrorClass.SERIALIZATION));
    assertEquals(9, workload.attempts());
  }

  @Test
  void aFatalFailureIsNotRetriedAndTheRunGoesOn() throws Exception {
    ScriptedWorkload workload =
        ScriptedWorkload.failing(n -> n % 10 == 0 ? new IllegalStateException("boom") : null);
    RunResult result = run(iterations(2, 100, 10, 0), workload, new RunListener() {});
    assertEquals(10, result.outcomes().errors());
    assertEquals(10, result.outcomes().errorsByClass().get(ErrorClass.OTHER));
    assertEquals(0, result.outcomes().retries());
    assertEquals(90, result.outcomes().iterations());
  }

  @Test
  void maxErrorsEndsTheRunEarly() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new IllegalStateException("down"));
    RunOptions options =
        new RunOptions(
            1,
            new ForDuration(Duration.ofMinutes(5)),
            Duration.ofMillis(50),
            0,
            5,
            1,
            NO_WAIT,
            new ClosedLoop());
    RunResult result = run(options, workload, new RunListener() {});
    assertEquals(StopReason.MAX_ERRORS, result.window().stopReason());
    assertEquals(5, result.outcomes().errors());
  }

  @Test
  void backsOffAfterAnIterationTheServerDidNotAnswer() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.failing(n -> new FakeTarget.LostConnection());
    Backoff slow = new Backoff(Duration.ofMillis(40), Duration.ofMillis(40));
    RunOptions options =
        new RunOptions(
            1,
            new ForDuration(Duration.ofMillis(400)),
            Duration.ofMillis(100),
            0,
            0,
            1,
            slow,
            new ClosedLoop());
    RunResult result = run(options, workload, new RunListener() {});
    // Without the pause, a failing iteration costs microseconds: thousands in 400 ms.
    assertTrue(result.outcomes().errors() < 100, "errors: " + result.outcomes().errors());
    assertTrue(result.outcomes().errors() >= 1);
  }

  @Test
  void aStopRequestEndsTheRunAndNothingIsLost() throws Exception {
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    RunOptions options =
        new RunOptions(
            2,
            new ForDuration(Duration.ofMinutes(5)),
            Duration.ofMillis(50),
            0,
            0,
            1,
            NO_WAIT,
            new ClosedLoop());
    Runner runner = new Runner(options, new Metrics(true, List.of()), new RunListener() {});
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
    RunOptions options =
        new RunOptions(
            2,
            new ForDuration(Duration.ofMillis(350)),
            Duration.ofMillis(100),
            0,
            0,
            1,
            NO_WAIT,
            new ClosedLoop());
    ScriptedWorkload workload =
        ScriptedWorkload.failing(n -> n % 100 == 0 ? new IllegalStateException("x") : null);
    RunResult result =
        run(
            options,
            workload,
            new RunListener() {
              @Override
              public void onInterval(IntervalStats stats) {
                intervals.add(stats);
              }
            });
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
    run(
        iterations(4, 4, 0, 0),
        workload,
        new RunListener() {
          @Override
          public void onInterval(IntervalStats stats) {
            intervals.add(stats);
          }
        });
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
      RunOptions options =
          new RunOptions(
              1,
              new ForDuration(Duration.ofMillis(150)),
              Duration.ofMillis(50),
              0,
              0,
              1,
              NO_WAIT,
              new ClosedLoop());
      RunListener recording =
          new RunListener() {
            @Override
            public void onInterval(IntervalStats stats) {
              periods.add(stats);
            }
          };
      RunResult result =
          OneRun.of(
              model(),
              new Runner(options, new Metrics(true, List.of()), recording),
              options.parallelism(),
              ScriptedWorkload.alwaysSucceeds());
      for (IntervalStats period : periods) {
        assertTrue(period.intervalNanos() > 0, "run " + run + ": a period of no time " + periods);
        assertTrue(
            period.elapsedNanos() <= result.window().nanos(),
            "run " + run + ": a period ends past the window: " + period.elapsedNanos());
      }
    }
  }
}
