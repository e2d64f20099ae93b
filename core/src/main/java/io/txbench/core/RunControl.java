package io.txbench.core;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** What the workers of one run share: the stop request, the abandon flag and the iteration count. */
final class RunControl {
  private final CountDownLatch stopSignal = new CountDownLatch(1);
  private final AtomicLong claimed = new AtomicLong();
  private final long limit;
  private volatile boolean stopRequested;
  private volatile boolean abandoned;
  private volatile StopReason stopReason;

  /** {@code limit}: the iterations of the run, 0 when a duration bounds it. */
  RunControl(long limit) {
    this.limit = limit;
  }

  void requestStop(StopReason reason) {
    if (!stopRequested) {
      stopReason = reason;
      stopRequested = true;
      stopSignal.countDown();
    }
  }

  boolean stopRequested() {
    return stopRequested;
  }

  /** Why the run was stopped early, or null. */
  StopReason stopReason() {
    return stopReason;
  }

  /** Workers still busy after the grace period: nothing they do from now on is counted. */
  void abandon() {
    abandoned = true;
  }

  boolean abandoned() {
    return abandoned;
  }

  /** Takes the next iteration of a bounded run; false once all are taken. */
  boolean claim() {
    return limit <= 0 || claimed.getAndIncrement() < limit;
  }

  /** Waits for a stop request at most {@code nanos}; true if one came. */
  boolean awaitStop(long nanos) throws InterruptedException {
    return stopSignal.await(nanos, TimeUnit.NANOSECONDS);
  }

  /** Sleeps; false when a stop was requested meanwhile. */
  boolean pause(long nanos) {
    if (nanos > 0) {
      try {
        stopSignal.await(nanos, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return !stopRequested;
  }
}
