package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.ClientUsage;
import io.txbench.core.metrics.IntervalStats;
import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.TargetUnavailableException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The measured window: sessions open before it, a timed run's closes at its deadline whatever the
 * workers are doing, iterations in hand get a grace, and the ones still running after it are given
 * up exactly: rolled back if they had sent no commit, in doubt if they had.
 */
class WindowTest {
  /** The worker model the tests run on; a subclass runs them all on another. */
  WorkerModel model() {
    return WorkerModel.THREADED;
  }

  private static final Backoff NO_WAIT = new Backoff(Duration.ZERO, Duration.ZERO);

  private static RunOptions timed(int threads, Duration duration) {
    return new RunOptions(
        threads,
        new ForDuration(duration),
        Duration.ofMillis(100),
        0,
        0,
        1,
        NO_WAIT,
        new ClosedLoop());
  }

  /** Blocks until released, whatever interrupts it: a server that does not answer. */
  private static void hang(CountDownLatch release) {
    boolean interrupted = false;
    while (true) {
      try {
        release.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void aLongIterationAtTheDeadlineNeitherStretchesTheWindowNorGoesUncounted() throws Exception {
    AtomicBoolean slowDone = new AtomicBoolean();
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              if (worker.index() == 0 && !slowDone.getAndSet(true)) {
                Thread.sleep(1_200); // a lock wait that outlasts the 300 ms run
              }
            });
    RunResult r =
        OneRun.of(
            model(),
            new Runner(
                timed(2, Duration.ofMillis(300)),
                new Metrics(true, List.of(), List.of()),
                new RunListener() {}),
            2,
            workload);
    assertEquals(Duration.ofMillis(300).toNanos(), r.window().nanos());
    // The slow one, and maybe one the other worker started just before the deadline.
    assertTrue(
        r.outcomes().lateIterations() >= 1 && r.outcomes().lateIterations() <= 2,
        "late " + r.outcomes().lateIterations());
    assertEquals(workload.successes(), r.outcomes().iterations());
    assertEquals((r.outcomes().iterations() - r.outcomes().lateIterations()) / 0.3, r.tps(), 0.01);
  }

  @Test
  void anIterationStuckInItsCommitIsGivenUpInDoubt() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean committedLate = new AtomicBoolean();
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              if (n == 0) { // the first, so no timing decides whether it is reached
                worker.effects().committing();
                hang(release); // the COMMIT was sent; the server froze
                worker.effects().answered(1);
                committedLate.set(true);
              }
            });
    Metrics metrics = new Metrics(true, List.of(), List.of());
    // The iteration hangs until released, after the run: a run that waited for it would never
    // end. The minute only turns such a hang into a failure; no timing decides a pass.
    RunResult r =
        assertTimeoutPreemptively(
            Duration.ofSeconds(60),
            () ->
                OneRun.of(
                    model(),
                    new Runner(timed(1, Duration.ofMillis(200)), metrics, new RunListener() {}),
                    1,
                    workload));
    assertEquals(1, r.outcomes().inDoubt());
    assertEquals(1, r.outcomes().inDoubtByCause().get(InDoubtCause.ABANDONED));
    assertEquals(0, r.outcomes().iterations(), "the one in doubt is no completed iteration");
    release.countDown();
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!committedLate.get() && System.nanoTime() < until) {
      Thread.sleep(10); // the freed worker commits late, on its own thread: wait for it, not a time
    }
    assertTrue(committedLate.get());
    assertEquals(0, metrics.iterationCount(), "a given-up iteration was counted after the run");
  }

  @Test
  void anIterationStuckBeforeItsCommitIsGivenUpAndNeverCommits() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean sent = new AtomicBoolean();
    AtomicBoolean refused = new AtomicBoolean();
    CountDownLatch triedToCommit = new CountDownLatch(1);
    ScriptedWorkload workload =
        new ScriptedWorkload(
            (n, worker) -> {
              if (n == 0) {
                hang(release); // a statement inside the transaction waits on a lock
                try {
                  worker.effects().committing();
                  sent.set(true);
                } catch (AbandonedException e) {
                  refused.set(true);
                  throw e;
                } finally {
                  triedToCommit.countDown();
                }
              }
            });
    RunResult r =
        OneRun.of(
            model(),
            new Runner(
                timed(1, Duration.ofMillis(100)),
                new Metrics(true, List.of(), List.of()),
                new RunListener() {}),
            1,
            workload);
    assertEquals(0, r.outcomes().inDoubt());
    assertEquals(0, r.outcomes().iterations());
    assertEquals(0, r.outcomes().errors());
    release.countDown();
    assertTrue(triedToCommit.await(30, TimeUnit.SECONDS), "the freed worker never went on");
    assertTrue(refused.get(), "the late worker was not stopped before its commit");
    assertTrue(!sent.get());
  }

  @Test
  void sessionsOpenBeforeTheClockStartsAndLastFromRunToRun() throws Exception {
    AtomicLong opened = new AtomicLong();
    ScriptedWorkload scripted =
        ScriptedWorkload.alwaysSucceeds()
            .opening(
                worker -> {
                  // Connecting and preparing statements: far longer than any iteration, even on a
                  // loaded machine, so that an iteration that included it could not pass unseen.
                  Thread.sleep(1500);
                  opened.incrementAndGet();
                });
    try (Crew<AutoCloseable> crew = new Crew<>(scripted, 4)) {
      for (int run = 0; run < 2; run++) {
        RunResult r =
            new Runner(
                    timed(4, Duration.ofMillis(200)),
                    new Metrics(true, List.of(), List.of()),
                    new RunListener() {})
                .run(crew, new FakeTarget());
        // One that took in the opening took its 1.5 s at least; nothing else so long.
        assertTrue(
            r.latencies().maxMillis() < 1500,
            "an iteration took " + r.latencies().maxMillis() + " ms");
        assertEquals(Duration.ofMillis(200).toNanos(), r.window().nanos());
      }
      assertEquals(4, opened.get());
      assertEquals(4, scripted.openSessions());
    }
    assertEquals(0, scripted.openSessions());
  }

  @Test
  void aWorkerThatCannotOpenItsSessionStopsTheRunBeforeItStarts() throws Exception {
    ScriptedWorkload scripted =
        ScriptedWorkload.alwaysSucceeds()
            .opening(
                worker -> {
                  if (worker.index() == 2) {
                    throw new IllegalStateException("FATAL: sorry, too many clients already");
                  }
                });
    TargetUnavailableException e =
        assertThrows(
            TargetUnavailableException.class,
            () ->
                OneRun.of(
                    model(),
                    new Runner(
                        timed(4, Duration.ofSeconds(10)),
                        new Metrics(true, List.of(), List.of()),
                        new RunListener() {}),
                    4,
                    scripted));
    String message = Objects.requireNonNull(e.getMessage());
    assertTrue(message.contains("too many clients"), message);
    assertEquals(0, scripted.attempts());
    assertEquals(0, scripted.openSessions());
  }

  /** Keeps this thread's CPU busy for {@code millis}. */
  private static void spin(long millis) {
    long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }

  @Test
  void theClientsUsageIsTheWindowsNotTheSessionsOpeningNorTheGrace() throws Exception {
    // Opening the session spins 400 ms before the clock starts; the one iteration spins 700 ms,
    // 500 ms of them in the grace after a 200 ms window.
    ScriptedWorkload spinning = new ScriptedWorkload((n, worker) -> spin(n == 0 ? 700 : 0));
    List<IntervalStats> periods = new CopyOnWriteArrayList<>();
    RunResult r =
        OneRun.of(
            model(),
            new Runner(
                timed(1, Duration.ofMillis(200)),
                new Metrics(true, List.of(), List.of()),
                new RunListener() {
                  @Override
                  public void onInterval(IntervalStats stats) {
                    periods.add(stats);
                  }
                }),
            1,
            spinning.opening(worker -> spin(400)));
    assertEquals(1, r.outcomes().lateIterations());
    ClientUsage window = r.client();
    // Read when the runner saw the window close: at its end, late by what a busy machine delays
    // the runner's thread, but well short of the 500 ms grace.
    assertTrue(
        window.nanos() >= r.window().nanos() - TimeUnit.MILLISECONDS.toNanos(5)
            && window.nanos() <= r.window().nanos() + TimeUnit.MILLISECONDS.toNanos(400),
        window + " for a window of " + r.window().nanos());
    // The spinning worker's 200 ms in the window (much less on a busy machine, so no lower bound
    // but some), with what the JVM did beside it; never the 400 ms of the opening or the 500 ms of
    // the grace.
    long cpu = window.cpuNanos().orElseThrow();
    assertTrue(cpu > 0 && cpu < TimeUnit.MILLISECONDS.toNanos(450), window.toString());
    assertEquals(
        window.nanos(),
        periods.stream().mapToLong(p -> p.client().nanos()).sum(),
        periods::toString);
    assertEquals(
        window.cpuNanos().orElseThrow(),
        periods.stream().mapToLong(p -> p.client().cpuNanos().orElseThrow()).sum());
  }
}
