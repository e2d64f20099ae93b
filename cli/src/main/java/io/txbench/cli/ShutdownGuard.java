package io.txbench.cli;

import io.txbench.core.Runner;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) and SIGTERM: asks the runner to stop and gives the session up to 5 seconds to
 * write its results and stop its embedded server before the JVM exits.
 */
final class ShutdownGuard implements AutoCloseable {
  private static final long WAIT_SECONDS = 5;
  private final CountDownLatch sessionDone = new CountDownLatch(1);
  private final Thread hook;
  private volatile Runner runner;
  private volatile AutoCloseable lastResort;

  ShutdownGuard() {
    hook = new Thread(this::onSignal, "txbench-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** The runner to stop on a signal, while a measured run is on. */
  void watch(Runner runner) {
    this.runner = runner;
  }

  /**
   * Closed on a signal if the session has not finished in time (an embedded server); null for
   * none.
   */
  void closeOnTimeout(AutoCloseable resource) {
    this.lastResort = resource;
  }

  private void onSignal() {
    Runner r = runner;
    if (r != null) {
      r.requestStop();
    }
    try {
      if (!sessionDone.await(WAIT_SECONDS, TimeUnit.SECONDS) && lastResort != null) {
        lastResort.close();
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
