package io.txbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.RunResult;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.Pingable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The start gate of {@code --start-at}: the load waits for its time with every session open, a
 * later run passes at once, a stop ends the wait, a late run starts at once and says so, and the
 * sessions are pinged while they wait. Timings are bounds a loaded machine keeps, never tight ones.
 */
class StartGateTest {
  private static final Backoff NO_WAIT = new Backoff(Duration.ZERO, Duration.ZERO);
  private static final Instant AT = Instant.parse("2026-11-28T10:15:00Z");

  /** What a watcher was told. */
  private static class Told implements StartGate.Watcher {
    final Queue<Duration> waiting = new ConcurrentLinkedQueue<>();
    final Queue<Duration> late = new ConcurrentLinkedQueue<>();

    @Override
    public void waitingForStart(Instant at, Duration left) {
      waiting.add(left);
    }

    @Override
    public void startingLate(Instant at, Duration late) {
      this.late.add(late);
    }
  }

  /** A clock the test sets: a wait on it ends only when the test says so. */
  private static final class SetClock extends Clock {
    private volatile Instant now;

    SetClock(Instant now) {
      this.now = now;
    }

    void set(Instant instant) {
      now = instant;
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  private static Runner runner(int threads, StartGate gate, StartGate.Watcher watcher) {
    RunOptions options =
        new RunOptions(
            threads,
            new ForIterations(200),
            Duration.ofMillis(100),
            0,
            0,
            1,
            NO_WAIT,
            new ClosedLoop());
    Runner runner =
        new Runner(options, new Metrics(true, List.of(), List.of()), new RunListener() {});
    runner.startAt(gate, watcher);
    return runner;
  }

  /**
   * The gate's clock stands 42 s before its time until the test sets it to the time: the load is
   * held, every session open, until then, however slow the machine.
   */
  @Test
  void theLoadWaitsForTheGatesTimeWithEverySessionOpen() throws Exception {
    SetClock clock = new SetClock(AT.minusSeconds(42));
    // When the sessions opened and the iterations ran, on the wall clock.
    Queue<Instant> opened = new ConcurrentLinkedQueue<>();
    Queue<Instant> ran = new ConcurrentLinkedQueue<>();
    ScriptedWorkload workload =
        new ScriptedWorkload((n, worker) -> ran.add(Instant.now()))
            .opening(worker -> opened.add(Instant.now()));
    CountDownLatch waitBegan = new CountDownLatch(1);
    Told told =
        new Told() {
          @Override
          public void waitingForStart(Instant at, Duration left) {
            super.waitingForStart(at, left);
            waitBegan.countDown();
          }
        };
    Runner runner = runner(4, new StartGate(AT, Duration.ZERO, clock), told);
    FutureTask<RunResult> run = new FutureTask<>(() -> OneRun.of(runner, 4, workload));
    new Thread(run, "start-gate-test").start();
    assertTrue(waitBegan.await(30, TimeUnit.SECONDS), "the run never waited");
    assertEquals(4, opened.size(), "a session opened after the wait began");
    Thread.sleep(300); // a run that did not wait would have started by now
    assertTrue(ran.isEmpty(), "an iteration ran before the time");
    Instant released = Instant.now();
    clock.set(AT);
    RunResult result = run.get(30, TimeUnit.SECONDS);
    assertEquals(200, result.outcomes().iterations());
    assertTrue(ran.stream().noneMatch(t -> t.isBefore(released)), "ran before the time");
    assertFalse(result.window().start().isBefore(released), result.window().start().toString());
    assertEquals(List.of(Duration.ofSeconds(42)), List.copyOf(told.waiting));
    assertTrue(told.late.isEmpty());
  }

  @Test
  void onlyTheFirstRunAtTheGateWaitsForIt() {
    SetClock clock = new SetClock(AT);
    StartGate gate = new StartGate(AT, Duration.ZERO, clock);
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          OneRun.of(runner(2, gate, new Told()), 2, ScriptedWorkload.alwaysSucceeds());
          clock.set(AT.minus(Duration.ofHours(1))); // would hold a first run for an hour
          RunResult second =
              OneRun.of(runner(2, gate, new Told()), 2, ScriptedWorkload.alwaysSucceeds());
          assertEquals(200, second.outcomes().iterations());
        });
  }

  @Test
  void aStopWhileWaitingEndsTheRunWithNothingRun() {
    StartGate gate = new StartGate(AT, Duration.ZERO, new SetClock(AT.minusSeconds(3600)));
    ScriptedWorkload workload = ScriptedWorkload.alwaysSucceeds();
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          Runner[] runner = new Runner[1];
          StartGate.Watcher stopAtOnce =
              new StartGate.Watcher() {
                @Override
                public void waitingForStart(Instant when, Duration left) {
                  runner[0].requestStop(); // Ctrl-C while waiting, from another thread as well
                }
              };
          runner[0] = runner(3, gate, stopAtOnce);
          RunResult result = OneRun.of(runner[0], 3, workload);
          assertEquals(StopReason.INTERRUPTED, result.window().stopReason());
          assertEquals(0, workload.attempts());
          assertEquals(0, result.window().nanos());
        });
  }

  @Test
  void aRunReadyAfterTheTimeStartsAtOnceAndSaysHowLate() {
    StartGate gate = new StartGate(AT, Duration.ZERO, new SetClock(AT.plusSeconds(3)));
    Told told = new Told();
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          RunResult result = OneRun.of(runner(2, gate, told), 2, ScriptedWorkload.alwaysSucceeds());
          assertEquals(200, result.outcomes().iterations());
        });
    assertEquals(List.of(Duration.ofSeconds(3)), List.copyOf(told.late));
    assertTrue(told.waiting.isEmpty());
  }

  /**
   * A worker at the gate pings its session a whole number of periods before the time, the last one
   * a period before it, and none after: here each ping moves the gate's clock on by a period, and
   * the one that brings it to the time lets the run go, as the runner would.
   */
  @Test
  void aWaitingWorkerPingsItsSessionEveryPeriodUntilAPeriodBeforeTheTime() {
    SetClock clock = new SetClock(AT.minusSeconds(10));
    StartGate gate = new StartGate(AT, Duration.ofSeconds(1), clock);
    CountDownLatch go = new CountDownLatch(1);
    List<Instant> pinged = new java.util.ArrayList<>();
    Pingable session =
        () -> {
          pinged.add(clock.instant());
          clock.set(clock.instant().plusSeconds(1));
          if (!clock.instant().isBefore(AT)) {
            go.countDown();
          }
        };
    assertTimeoutPreemptively(Duration.ofSeconds(30), () -> gate.keepAliveUntil(go, session));
    assertEquals(10, pinged.size(), pinged.toString());
    assertEquals(AT.minusSeconds(10), pinged.get(0));
    assertEquals(AT.minusSeconds(1), pinged.get(9));
  }

  @Test
  void pingsAreDueAWholeNumberOfPeriodsBeforeTheTime() {
    SetClock clock = new SetClock(AT.minusMillis(10_300));
    StartGate gate = new StartGate(AT, Duration.ofSeconds(1), clock);
    assertEquals(TimeUnit.MILLISECONDS.toNanos(300), gate.nanosToPing());
    clock.set(AT.minusSeconds(1)); // the last one is due a period before the time
    assertEquals(0, gate.nanosToPing());
    clock.set(AT.minusMillis(999));
    assertEquals(-1, gate.nanosToPing());
    assertEquals(
        -1, new StartGate(AT, Duration.ZERO, new SetClock(AT.minusSeconds(60))).nanosToPing());
  }

  @Test
  void theCountdownIsSaidOnRoundFigures() {
    assertEquals(seconds(40), StartGate.nextMark(seconds(42)));
    assertEquals(seconds(30), StartGate.nextMark(seconds(40)));
    assertEquals(0, StartGate.nextMark(seconds(5)));
    assertEquals(seconds(60), StartGate.nextMark(seconds(61)));
    assertEquals(seconds(50), StartGate.nextMark(seconds(60)));
    assertEquals(seconds(240), StartGate.nextMark(seconds(277)));
    assertEquals(seconds(4800), StartGate.nextMark(seconds(5400)));
  }

  private static long seconds(long s) {
    return TimeUnit.SECONDS.toNanos(s);
  }
}
