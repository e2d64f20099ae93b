package io.txbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** A signal's hook, called as the JVM calls it on Ctrl-C or SIGTERM. */
class ShutdownGuardTest {
  /** An embedded server that never stops (a busy machine took 11 s more) keeps no JVM up. */
  @Test
  void aLastResortThatNeverEndsHoldsTheExitNoLongerThanTheLimit() throws Exception {
    CountDownLatch tried = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    ShutdownGuard guard = new ShutdownGuard(Duration.ofSeconds(2));
    try {
      guard.closeOnTimeout(
          () -> {
            tried.countDown();
            never.await();
          });
      // Far above the limit, so that only a hook that waits on the last resort fails it.
      assertTimeoutPreemptively(Duration.ofSeconds(60), guard::onSignal);
      assertEquals(0, tried.getCount(), "the embedded server was not closed");
    } finally {
      never.countDown();
      guard.close();
    }
  }

  @Test
  void aSessionDoneInTimeHasNothingClosedForIt() throws Exception {
    CountDownLatch tried = new CountDownLatch(1);
    ShutdownGuard guard = new ShutdownGuard(Duration.ofSeconds(2));
    CountDownLatch stopped = new CountDownLatch(1);
    guard.watch(stopped::countDown);
    guard.closeOnTimeout(tried::countDown);
    guard.close(); // the session ended
    guard.onSignal();
    assertEquals(0, stopped.getCount(), "the session was not stopped");
    assertEquals(1, tried.getCount(), "a session done in time had its server closed for it");
  }
}
