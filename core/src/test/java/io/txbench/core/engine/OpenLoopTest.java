package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.Workload;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * The open loop: slots are fixed in advance, a stall shows in the response times (not only in the
 * service times), and late iterations can be skipped.
 */
class OpenLoopTest {
  /** The worker model the tests run on; a subclass runs them all on another. */
  WorkerModel model() {
    return WorkerModel.THREADED;
  }

  private static final Backoff NO_WAIT = new Backoff(Duration.ZERO, Duration.ZERO);

  private static RunOptions openLoop(double rate, Duration duration, Arrivals arrivals) {
    return new RunOptions(
        4,
        new ForDuration(duration),
        Duration.ofMillis(200),
        0,
        0,
        1,
        NO_WAIT,
        new OpenLoop(rate, arrivals, Optional.empty()));
  }

  /** One worker on {@code schedule} for {@code duration}, in periods of 200 ms. */
  private static RunOptions oneWorker(Duration duration, OpenLoop schedule) {
    return new RunOptions(
        1, new ForDuration(duration), Duration.ofMillis(200), 0, 0, 1, NO_WAIT, schedule);
  }

  /** Iterations that succeed, those {@code sleeps} picks (by number) after {@code millis}. */
  private static Workload<?, ?> sleeping(LongPredicate sleeps, long millis) {
    return ScriptedWorkload.failing(
        n -> {
          if (sleeps.test(n)) {
            try {
              Thread.sleep(millis);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
          return null;
        });
  }

  private RunResult run(RunOptions options, Workload<?, ?> workload) throws Exception {
    return OneRun.of(
        model(),
        new Runner(
            options,
            new Metrics(true, java.util.List.of(), java.util.List.of()),
            new RunListener() {}),
        options.parallelism(),
        workload);
  }

  @Test
  void aUniformScheduleStartsExactlyRateTimesDurationIterations() throws Exception {
    RunResult r =
        run(
            openLoop(500, Duration.ofSeconds(2), Arrivals.UNIFORM),
            ScriptedWorkload.alwaysSucceeds());
    // Every slot starts or, where a busy machine kept all workers from it until the end, is
    // counted skipped: the sum is exact, whatever the load.
    assertEquals(1000, r.outcomes().iterations() + r.outcomes().skipped());
    assertTrue(r.outcomes().iterations() > 0);
    assertEquals(r.outcomes().iterations(), r.latencies().scheduleLags().getTotalCount());
  }

  @Test
  void aPoissonScheduleAveragesTheRate() throws Exception {
    RunResult r =
        run(
            openLoop(500, Duration.ofSeconds(2), Arrivals.POISSON),
            ScriptedWorkload.alwaysSucceeds());
    // A Poisson count over 2 s at 500/s has a standard deviation of about 32. Each arrival starts
    // or, where a busy machine kept all workers from it until the end, is counted skipped (648
    // started beside stress-ng and a test run).
    long arrivals = r.outcomes().iterations() + r.outcomes().skipped();
    assertTrue(Math.abs(arrivals - 1000) < 200, "arrivals " + arrivals);
    assertTrue(r.outcomes().iterations() > 0);
  }

  @Test
  void aStallShowsInResponseTimesButNotInServiceTimes() throws Exception {
    AtomicBoolean stalled = new AtomicBoolean();
    Workload<?, ?> stallOnce = sleeping(n -> n == 50 && stalled.compareAndSet(false, true), 600);
    RunOptions options =
        oneWorker(Duration.ofSeconds(2), new OpenLoop(200, Arrivals.UNIFORM, Optional.empty()));
    RunResult r = run(options, stallOnce);
    // One worker, one 600 ms stall: the ~120 slots behind it start late, and their response
    // times say so; their service times stay tiny.
    long lateResponses =
        r.latencies().responseTimes().getCountBetweenValues(100_000_000L, Long.MAX_VALUE);
    assertTrue(lateResponses > 50, "late responses " + lateResponses);
    assertTrue(
        r.latencies().serviceTimes().getValueAtPercentile(90) < 50_000_000L,
        "service p90 " + r.latencies().serviceTimes().getValueAtPercentile(90));
    assertTrue(r.latencies().scheduleLags().getMaxValue() > 400_000_000L);
  }

  @Test
  void iterationsLaterThanMaxLagAreSkippedAndCounted() throws Exception {
    AtomicBoolean stalled = new AtomicBoolean();
    Workload<?, ?> stallOnce = sleeping(n -> n == 10 && stalled.compareAndSet(false, true), 500);
    RunOptions options =
        oneWorker(
            Duration.ofSeconds(1),
            new OpenLoop(200, Arrivals.UNIFORM, Optional.of(Duration.ofMillis(50))));
    RunResult r = run(options, stallOnce);
    assertTrue(r.outcomes().skipped() > 50, "skipped " + r.outcomes().skipped());
    assertEquals(200, (double) (r.outcomes().iterations() + r.outcomes().skipped()), 2);
  }

  @Test
  void theWindowLastsTheDurationEvenWhenTheLastSlotIsEarlier() throws Exception {
    // At 2 per second over 5 s the last slot is at 4.5 s: the rate is over the 5 s, not 4.5.
    RunOptions options =
        new RunOptions(
            2,
            new ForDuration(Duration.ofSeconds(5)),
            Duration.ofSeconds(1),
            0,
            0,
            1,
            NO_WAIT,
            new OpenLoop(2, Arrivals.UNIFORM, Optional.empty()));
    RunResult r = run(options, ScriptedWorkload.alwaysSucceeds());
    assertEquals(10, r.outcomes().iterations());
    assertEquals(Duration.ofSeconds(5).toNanos(), r.window().nanos());
    assertEquals(2.0, r.tps(), 1e-9);
  }

  @Test
  void slotsNoWorkerWasFreeToStartBeforeTheEndAreCountedAsSkipped() throws Exception {
    AtomicBoolean stalled = new AtomicBoolean();
    // from 0.5 s to 1.3 s: past the end of the 1 s window
    Workload<?, ?> stallAtTheEnd =
        sleeping(n -> n == 50 && stalled.compareAndSet(false, true), 800);
    RunOptions options =
        oneWorker(Duration.ofSeconds(1), new OpenLoop(100, Arrivals.UNIFORM, Optional.empty()));
    RunResult r = run(options, stallAtTheEnd);
    assertEquals(51, r.outcomes().iterations()); // the stalled one committed in the grace
    assertEquals(1, r.outcomes().lateIterations());
    assertEquals(49, r.outcomes().skipped());
  }

  @Test
  void aServerThatCannotKeepUpWithTheRateIsNamedInAWarning() throws Exception {
    // 50 iterations a second at most (20 ms each), 100 due: the backlog, and the start lag, grow.
    Workload<?, ?> slow = sleeping(n -> true, 20);
    RunOptions options =
        oneWorker(Duration.ofSeconds(2), new OpenLoop(100, Arrivals.UNIFORM, Optional.empty()));
    RunResult r = run(options, slow);
    String warning = r.bottleneck().orElseThrow();
    // The lag is named whatever else is: on a machine busy with other work the machine's
    // saturation leads the warning (Bottleneck), and the lag follows it.
    assertTrue(
        warning.matches(
            "(the start lag grew from \\d+\\.\\d to \\d+\\.\\d ms over the run: the client or"
                + " the server could not keep up with --rate, likelier the server \\(the client"
                + " used \\d\\.\\d\\d of \\d+ cores\\)"
                + "|the machine's cores were .* \\(and the start lag grew from \\d+\\.\\d to"
                + " \\d+\\.\\d ms: the run could not keep up with --rate\\))"),
        warning);
  }

  @Test
  void aRateTheServerKeepsUpWithHasNoWarning() throws Exception {
    RunResult r =
        run(
            openLoop(200, Duration.ofSeconds(2), Arrivals.UNIFORM),
            ScriptedWorkload.alwaysSucceeds());
    // Other processes (a build beside this test) may fill the machine, and that is rightly said.
    assertEquals(
        Optional.empty(),
        r.bottleneck().filter(w -> !w.startsWith("the machine's cores were ")),
        r.bottleneck().toString());
  }
}
