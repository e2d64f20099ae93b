package io.txbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.StoppedException;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.TargetUnavailableException;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.spi.values.Secret;
import io.txbench.core.workloads.PointSelect;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenchmarkTest {
  // The logged workload and its target read no option: any do.
  private static final TargetOptions TARGET =
      new TargetOptions(
          null,
          0,
          null,
          null,
          Secret.of(""),
          null,
          1,
          1,
          Duration.ofSeconds(5),
          Duration.ofSeconds(60),
          OptionValues.defaults());
  private static final WorkloadOptions OPTIONS =
      new WorkloadOptions(new PointSelect(), 42, OptionValues.defaults());

  private final LoggedWorkload workload = new LoggedWorkload();

  private static MeasurementPlan plan(
      int workers, long iterations, Duration warmUp, boolean verify) {
    return new MeasurementPlan(
        new RunOptions(
            workers,
            new ForIterations(iterations),
            Duration.ofMillis(50),
            0,
            0,
            1,
            new Backoff(Duration.ZERO, Duration.ZERO),
            new ClosedLoop()),
        warmUp,
        verify,
        false);
  }

  private Benchmark open(int workers) throws Exception {
    return Benchmark.open(workload.provider(), TARGET, OPTIONS, workers);
  }

  /** What a run that was measured measured. */
  private static RunResult measured(MeasurementOutcome outcome) {
    return Objects.requireNonNull(outcome.result(), "a measured run has a result");
  }

  /** Logs the listener's steps among the workload's. */
  private StepListener logging() {
    return new StepListener() {
      @Override
      public RunListener warmingUp(Duration length) {
        workload.log.add("warm-up " + length.toMillis());
        return new RunListener() {};
      }

      @Override
      public Optional<RunListener> measuring(RunOptions run, Metrics metrics) {
        workload.log.add("measuring");
        return Optional.of(new RunListener() {});
      }

      @Override
      public void started() {
        workload.log.add("started");
      }

      @Override
      public void measured(RunResult result) {
        workload.log.add("measured " + result.outcomes().iterations());
      }
    };
  }

  @Test
  void takesEachStepInItsOnlyOrderAndKeepsTheCrewFromOneRunToTheNext() throws Exception {
    try (Benchmark benchmark = open(2)) {
      benchmark.prepare(Progress.silent());
      MeasurementOutcome first =
          benchmark.measure(plan(2, 10, Duration.ofMillis(100), true), logging());
      MeasurementOutcome second = benchmark.measure(plan(1, 5, Duration.ZERO, true), logging());
      assertEquals(MeasurementOutcome.Ending.MEASURED, first.ending());
      assertTrue(first.verification().passed());
      assertEquals(5, measured(second).outcomes().iterations());
    }
    assertEquals(
        List.of(
            "open",
            "lease EXCLUSIVE",
            "prepare",
            "share",
            "warm-up 100",
            "session",
            "session",
            "baseline",
            "measuring",
            "started",
            "measured 10",
            "verify 10",
            "baseline",
            "measuring",
            "started",
            "measured 5",
            "verify 5",
            "session closed",
            "session closed",
            "release",
            "target closed"),
        workload.log);
  }

  @Test
  void attachTakesASharedLease() throws Exception {
    try (Benchmark benchmark = open(1)) {
      benchmark.attach();
    }
    assertEquals(
        List.of("open", "lease SHARED", "attach", "release", "target closed"), workload.log);
  }

  @Test
  void refusesAStepOutOfOrder() throws Exception {
    try (Benchmark benchmark = open(1)) {
      assertThrows(
          IllegalStateException.class,
          () -> benchmark.measure(plan(1, 1, Duration.ZERO, true), StepListener.NONE));
      benchmark.attach();
      assertThrows(IllegalStateException.class, () -> benchmark.prepare(Progress.silent()));
      assertThrows(IllegalStateException.class, benchmark::drop);
      assertThrows(
          IllegalArgumentException.class,
          () -> benchmark.measure(plan(2, 1, Duration.ZERO, true), StepListener.NONE));
    }
    try (Benchmark benchmark = open(1)) {
      assertEquals(List.of("logged"), benchmark.drop().dropped());
      assertThrows(IllegalStateException.class, benchmark::attach);
    }
  }

  @Test
  void aVerifyThatCannotReachTheServerIsNotRunAndTheRunKeepsItsResult() throws Exception {
    workload.verifyFailure = new IOException("connection reset");
    try (Benchmark benchmark = open(1)) {
      benchmark.attach();
      MeasurementOutcome lost =
          benchmark.measure(plan(1, 3, Duration.ZERO, true), StepListener.NONE);
      assertEquals(3, measured(lost).outcomes().iterations());
      assertEquals(Verification.Status.NOT_RUN, lost.verification().status());
      assertEquals("cannot reach the server: connection reset", lost.verification().cause());
      workload.verifyFailure = new IllegalStateException("no such table");
      assertEquals(
          "verify failed: no such table",
          benchmark
              .measure(plan(1, 1, Duration.ZERO, true), StepListener.NONE)
              .verification()
              .cause());
      assertEquals(
          "--no-verify",
          benchmark
              .measure(plan(1, 1, Duration.ZERO, false), StepListener.NONE)
              .verification()
              .cause());
    }
  }

  @Test
  void aVerifyThatMeetsADeadConnectionAtOnceRunsAgainOnceOnAnother() throws Exception {
    // As a pooled connection that the server ended mid-run, lent without a check.
    workload.verifyFailure = new IOException("terminating connection due to administrator command");
    workload.verifyFailsOnce = true;
    try (Benchmark benchmark = open(1)) {
      benchmark.attach();
      MeasurementOutcome verified =
          benchmark.measure(plan(1, 3, Duration.ZERO, true), StepListener.NONE);
      assertEquals(Verification.Status.PASSED, verified.verification().status());
      assertEquals(2, workload.log.stream().filter(s -> s.startsWith("verify ")).count());
    }
  }

  @Test
  void aServerLostAtTheBaselineIsTheTargetUnavailable() throws Exception {
    workload.baselineFailure = new IOException("connection refused");
    try (Benchmark benchmark = open(1)) {
      benchmark.attach();
      TargetUnavailableException e =
          assertThrows(
              TargetUnavailableException.class,
              () -> benchmark.measure(plan(1, 1, Duration.ZERO, true), StepListener.NONE));
      assertEquals(
          "lost the server while taking verify's baseline: connection refused", e.getMessage());
    }
  }

  @Test
  void aListenerThatCannotSetUpTheRunLeavesItUnmeasured() throws Exception {
    try (Benchmark benchmark = open(1)) {
      benchmark.attach();
      MeasurementOutcome declined =
          benchmark.measure(
              plan(1, 1, Duration.ZERO, true),
              new StepListener() {
                @Override
                public Optional<RunListener> measuring(RunOptions run, Metrics metrics) {
                  return Optional.empty();
                }
              });
      assertEquals(MeasurementOutcome.Ending.DECLINED, declined.ending());
      assertNull(declined.result());
    }
    // Its baseline was read (before the listener was asked), nothing ran and nothing was verified.
    assertTrue(
        !workload.log.contains("session")
            && workload.log.stream().noneMatch(l -> l.startsWith("verify")),
        workload.log.toString());
  }

  @Test
  void aStopEndsTheStepUnderWayAndEveryLaterOne() throws Exception {
    try (Benchmark benchmark = open(1)) {
      benchmark.requestStop();
      assertThrows(StoppedException.class, () -> benchmark.prepare(Progress.silent()));
    }
    try (Benchmark benchmark = open(1)) {
      benchmark.attach();
      benchmark.requestStop();
      assertEquals(
          MeasurementOutcome.Ending.STOPPED_IN_WARM_UP,
          benchmark.measure(plan(1, 1, Duration.ofSeconds(10), true), StepListener.NONE).ending());
      MeasurementOutcome stopped =
          benchmark.measure(plan(1, 1, Duration.ZERO, true), StepListener.NONE);
      assertEquals(StopReason.INTERRUPTED, measured(stopped).window().stopReason());
      assertEquals("the run was interrupted", stopped.verification().cause());
    }
  }
}
