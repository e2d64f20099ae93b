package io.txbench.core.engine;

import io.txbench.core.spi.Workload;
import org.jspecify.annotations.Nullable;

/**
 * One worker of a crew with its session. The session is opened on the worker's thread before a
 * run's start; it belongs to the crew while the worker is in service, and to the worker's thread
 * once the runner abandoned it (the thread closes it when it finally returns).
 */
final class Member<S extends AutoCloseable> {
  private final Worker worker;
  private @Nullable S session;
  private volatile @Nullable Thread thread;
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

  @Nullable Thread thread() {
    return thread;
  }

  void runOn(Thread t) {
    thread = t;
  }

  /** The runner gave up on this member with a commit that may still land. */
  void leaveInDoubt() {
    leftInDoubt = true;
  }

  /** Whether an abandoned commit of this member may still reach the server. */
  boolean unsettled() {
    Thread t = thread;
    return leftInDoubt && t != null && t.isAlive();
  }
}
