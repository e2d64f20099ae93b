package io.txbench.cli;

import io.txbench.api.run.Signals;
import io.txbench.core.engine.Runner;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Ctrl-C (SIGINT) and SIGTERM: stops what the session is doing (a load, a warm-up, a measured run)
 * and lets the JVM exit, with the code the JVM chose for the signal (130 for SIGINT, 143 for
 * SIGTERM), as soon as the session is done, and at the latest {@link #LIMIT} after the signal. A
 * stopped run reads nothing more from the server, so that a frozen one cannot hold its record past
 * that. The session has the runner's grace for the iterations in hand plus 8 s to write its results
 * and stop its embedded server (a few seconds on an idle machine, the 8 s are for a busy one); a
 * session not done by then has its embedded server closed for it, and that last resort has the last
 * 2 s: one that stops no server in time (a busy machine took 11 s more to stop one) no longer holds
 * the exit.
 */
final class ShutdownGuard implements AutoCloseable, Signals {
  /** The longest a signalled JVM stays up: docs/running.md's bound. */
  static final Duration LIMIT = Duration.ofNanos(Runner.GRACE_NANOS).plusSeconds(10);

  private static final Duration LAST_RESORT = Duration.ofSeconds(2);
  private final Duration limit;
  private final CountDownLatch sessionDone = new CountDownLatch(1);
  private final Thread hook;
  private volatile @Nullable Runnable stop;
  private volatile boolean signalled;
  private volatile @Nullable AutoCloseable lastResort;

  ShutdownGuard() {
    this(LIMIT);
  }

  /** A guard whose signalled JVM exits at the latest {@code limit} after the signal. */
  ShutdownGuard(Duration limit) {
    this.limit = limit;
    hook = new Thread(this::onSignal, "txbench-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /**
   * How to stop what the session is doing (its benchmark's stop request, which stops a load, a
   * warm-up or a run); a signal that came before it was watched stops it at once.
   */
  @Override
  public void watch(Runnable stopStep) {
    this.stop = stopStep;
    if (signalled) {
      stopStep.run();
    }
  }

  /**
   * Closed on a signal if the session has not finished in time (an embedded server); null for none.
   */
  @Override
  public void closeOnTimeout(@Nullable AutoCloseable resource) {
    this.lastResort = resource;
  }

  /** What the signal's hook does; returns when the JVM may exit. */
  void onSignal() {
    long start = System.nanoTime();
    signalled = true;
    Runnable s = stop;
    if (s != null) {
      s.run();
    }
    long last = Math.min(LAST_RESORT.toNanos(), limit.toNanos() / 2);
    try {
      AutoCloseable resource = lastResort;
      if (!sessionDone.await(limit.toNanos() - last, TimeUnit.NANOSECONDS) && resource != null) {
        closeWithin(resource, start + limit.toNanos() - System.nanoTime());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Closes {@code resource} on a thread of its own, waiting at most {@code nanos} for it. */
  private static void closeWithin(AutoCloseable resource, long nanos) throws InterruptedException {
    Thread closing =
        new Thread(
            () -> {
              try {
                resource.close();
              } catch (Exception e) {
                // The JVM is exiting: there is nobody left to tell.
              }
            },
            "txbench-last-resort");
    closing.setDaemon(true);
    closing.start();
    TimeUnit.NANOSECONDS.timedJoin(closing, Math.max(0, nanos));
  }

  @Override
  public void close() {
    sessionDone.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The hook is running: it sees sessionDone and returns.
    }
  }
}
