package io.txbench.cli;

import io.txbench.core.engine.Runner;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * Ctrl-C (SIGINT) and SIGTERM: stops what the session is doing (a load, a warm-up, a measured run)
 * and gives it the runner's grace for the iterations in hand plus 10 seconds to write its results
 * and stop its embedded server before the JVM exits, with the code the JVM chose for the signal
 * (130 for SIGINT, 143 for SIGTERM). A stopped run reads nothing more from the server, so that a
 * frozen one cannot hold its record past that. The JVM exits as soon as the session is done, within
 * a few seconds on an idle machine; the 10 s are for a busy one, where writing the results took
 * more than the 3 s this once allowed, and a Ctrl-C cut the summary short.
 */
final class ShutdownGuard implements AutoCloseable {
  private static final long WAIT_NANOS = Runner.GRACE_NANOS + TimeUnit.SECONDS.toNanos(10);
  private final CountDownLatch sessionDone = new CountDownLatch(1);
  private final Thread hook;
  private volatile @Nullable Runnable stop;
  private volatile boolean signalled;
  private volatile @Nullable AutoCloseable lastResort;

  ShutdownGuard() {
    hook = new Thread(this::onSignal, "txbench-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /**
   * How to stop what the session is doing (its benchmark's stop request, which stops a load, a
   * warm-up or a run); a signal that came before it was watched stops it at once.
   */
  void watch(Runnable stopStep) {
    this.stop = stopStep;
    if (signalled) {
      stopStep.run();
    }
  }

  /**
   * Closed on a signal if the session has not finished in time (an embedded server); null for none.
   */
  void closeOnTimeout(@Nullable AutoCloseable resource) {
    this.lastResort = resource;
  }

  private void onSignal() {
    signalled = true;
    Runnable s = stop;
    if (s != null) {
      s.run();
    }
    try {
      AutoCloseable resource = lastResort;
      if (!sessionDone.await(WAIT_NANOS, TimeUnit.NANOSECONDS) && resource != null) {
        resource.close();
      }
    } catch (Exception e) {
      Thread.currentThread().interrupt();
    }
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
