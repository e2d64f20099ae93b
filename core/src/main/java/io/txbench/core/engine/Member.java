package io.txbench.core.engine;

import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * One worker of a crew with its session. The session is opened on the worker's thread before a
 * run's start; it belongs to the crew while the worker is in service, and to the worker's loop once
 * the runner abandoned it (the loop closes it when it finally ends). The worker is busy from the
 * start of a run until its loop ends: its thread's (threaded model), or its chain's (asynchronous
 * model), which may end on another thread after the thread that started it is gone.
 */
final class Member<S extends AutoCloseable> {
  private final Worker worker;
  private @Nullable S session;
  private volatile @Nullable Thread thread;
  private volatile CountDownLatch busy = new CountDownLatch(0);
  private volatile boolean leftInDoubt;

  Member(Worker worker) {
    this.worker = worker;
  }

  Worker worker() {
    return worker;
  }

  /** The session, opened now if this member has none yet. */
  S session(Workload<S, ?> workload) throws Exception {
    if (session == null) {
      session = workload.openSession(worker);
    }
    return session;
  }

  boolean hasSession() {
    return session != null;
  }

  /** Closes the session, if any; a failure to close is not the run's concern. */
  void closeSession() {
    S s = session;
    session = null;
    if (s != null) {
      try {
        s.close();
      } catch (Exception e) {
        // The connection is going away with the run anyway.
      }
    }
  }

  /** The worker starts a run on {@code t}, which a runner giving up on it interrupts. */
  void runOn(Thread t) {
    thread = t;
    busy = new CountDownLatch(1);
  }

  /** The worker's loop ended. */
  void ended() {
    busy.countDown();
  }

  /** Whether the worker's loop of its last run is still going. */
  boolean busy() {
    return busy.getCount() > 0;
  }

  /** Waits at most {@code millis} for the worker's loop to end; whether it did. */
  boolean awaitIdle(long millis) throws InterruptedException {
    return busy.await(millis, TimeUnit.MILLISECONDS);
  }

  /** Frees the worker's thread from a wait (for a pooled connection, a sleep), if it has one. */
  void interrupt() {
    Thread t = thread;
    if (t != null) {
      t.interrupt();
    }
  }

  /** The runner gave up on this member with a commit that may still land. */
  void leaveInDoubt() {
    leftInDoubt = true;
  }

  /** Whether an abandoned commit of this member may still reach the server. */
  boolean unsettled() {
    return leftInDoubt && busy();
  }
}
