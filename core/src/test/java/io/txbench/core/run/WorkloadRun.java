package io.txbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.engine.Backoff;
import io.txbench.core.engine.ClosedLoop;
import io.txbench.core.engine.ForIterations;
import io.txbench.core.engine.RunListener;
import io.txbench.core.engine.RunOptions;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.TargetBinding;
import io.txbench.core.spi.TargetOptions;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.WorkloadOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * One run of a workload as the command line does it, for the targets' integration tests: a {@link
 * Benchmark} opened, prepared (or attached), and one measured run with no warm-up, verified;
 * optionally with something done to the server meanwhile.
 */
public final class WorkloadRun {
  private WorkloadRun() {}

  /** What a run measured and what verify found. */
  public record Outcome(RunResult result, Verification verification, Instant disruptionOver) {
    private static final String RESTARTED =
        "the server restarted during the run (its counters may have started again)";

    /**
     * Checks what the commit cross-check said of a restart during the run: no figure of the
     * server's, and the restart as the reason where the server was back before the window closed.
     * One still restarting then (a loaded machine) may also have been out of reach for the second
     * reading, which is said instead.
     */
    public void assertRestartSaid() {
      assertEquals(Optional.empty(), result.telemetry().commits(), describe());
      Optional<String> why = result.telemetry().commitCheck();
      if (disruptionOver.isBefore(result.window().end())) {
        assertEquals(Optional.of(RESTARTED), why, describe());
      } else {
        assertTrue(
            why.equals(Optional.of(RESTARTED))
                || why.equals(Optional.of("the server's count could not be read")),
            why + "; " + describe());
      }
    }

    /**
     * Prints the figures under {@code label} and checks the run saw the fault (connection errors or
     * iterations in doubt) and still verified: the server holds what the run says it does.
     */
    public Outcome survived(String label) {
      System.out.println(label + ": " + describe());
      assertTrue(
          Objects.requireNonNull(result.outcomes().errorsByClass().get(ErrorClass.CONNECTION))
                  + result.outcomes().inDoubt()
              > 0,
          "the fault went unseen: " + describe());
      assertTrue(verification.passed(), describe());
      return this;
    }

    /** The figures a closing note quotes, on one line. */
    public String describe() {
      return String.format(
          java.util.Locale.US,
          "%d committed (%d declined), %d in doubt %s, %d errors %s (%d with partial effects),"
              + " %d retries %s; verification %s %s %s",
          result.outcomes().iterations(),
          result.outcomes().declined(),
          result.outcomes().inDoubt(),
          result.outcomes().inDoubtByCause(),
          result.outcomes().errors(),
          result.outcomes().errorsByClass(),
          result.outcomes().partialErrors(),
          result.outcomes().retries(),
          result.outcomes().retriesByClass(),
          verification.status().label(),
          verification.figures(),
          verification.passed()
              ? verification.notes()
              : verification.cause() != null ? verification.cause() : verification.anomalies());
    }
  }

  /** Something done to the server while a run goes on (it returns when it is done). */
  @FunctionalInterface
  public interface Disruption {
    void apply() throws Exception;
  }

  public static Outcome run(
      TargetBinding provider,
      TargetOptions target,
      WorkloadOptions options,
      long iterations,
      boolean prepare)
      throws Exception {
    return run(provider, target, options, iterations, prepare, 10);
  }

  /**
   * The same with a budget of {@code maxRetries} an iteration: where a test contends on purpose, an
   * iteration that runs out of retries on a slow machine is chance, not the behaviour tested.
   */
  public static Outcome run(
      TargetBinding provider,
      TargetOptions target,
      WorkloadOptions options,
      long iterations,
      boolean prepare,
      int maxRetries)
      throws Exception {
    RunOptions run =
        new RunOptions(
            target.maxConnections(),
            new ForIterations(iterations),
            Duration.ofSeconds(1),
            maxRetries,
            0,
            7,
            Backoff.defaults(),
            new ClosedLoop());
    return run(provider, target, options, run, prepare, () -> {});
  }

  /**
   * Runs while {@code disruption} is applied from the calling thread, from the moment the run
   * starts (verify's baseline taken), then verifies once both are over: the lifecycle the command
   * line goes through.
   */
  public static Outcome run(
      TargetBinding provider,
      TargetOptions target,
      WorkloadOptions options,
      RunOptions run,
      boolean prepare,
      Disruption disruption)
      throws Exception {
    return run(
        provider,
        target,
        options,
        new MeasurementPlan(run, Duration.ZERO, true, false),
        prepare,
        disruption);
  }

  /**
   * The same with {@code plan} (a commit cross-check, whose first reading comes before the
   * disruption: that starts with the run's clock).
   */
  public static Outcome run(
      TargetBinding provider,
      TargetOptions target,
      WorkloadOptions options,
      MeasurementPlan plan,
      boolean prepare,
      Disruption disruption)
      throws Exception {
    try (Benchmark benchmark =
        Benchmark.open(provider, target, options, plan.run().parallelism())) {
      if (prepare) {
        benchmark.prepare(Progress.silent());
      } else {
        benchmark.attach();
      }
      CompletableFuture<Void> started = new CompletableFuture<>();
      CompletableFuture<Void> disrupted = new CompletableFuture<>();
      StepListener alongside =
          new StepListener() {
            @Override
            public java.util.Optional<RunListener> measuring(RunOptions run, Metrics metrics) {
              return java.util.Optional.of(
                  new RunListener() {
                    @Override
                    public void onStart(long startMillis, int threads) {
                      started.complete(null);
                    }
                  });
            }

            @Override
            public void measured(RunResult result) {
              // Verify reads the server the disruption left (a restart it waits for), not one still
              // restarting.
              disrupted.join();
            }
          };
      CompletableFuture<MeasurementOutcome> measuring =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return benchmark.measure(plan, alongside);
                } catch (Exception e) {
                  throw new CompletionException(e);
                }
              });
      Instant over;
      try {
        // A run that failed before it started fails here, with no disruption applied.
        CompletableFuture.anyOf(started, measuring).get(5, TimeUnit.MINUTES);
        disruption.apply();
      } finally {
        over = Instant.now();
        disrupted.complete(null);
      }
      MeasurementOutcome outcome = measuring.get(5, TimeUnit.MINUTES);
      return new Outcome(
          Objects.requireNonNull(outcome.result(), "a run that ended has a result"),
          outcome.verification(),
          over);
    }
  }
}
