package io.txbench.core.engine;

import io.txbench.core.metrics.StopReason;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * What the workers of one run share: the measured window, the stop request, the abandon flag and
 * the iteration count. The window closes at the deadline of a timed run or at a stop request,
 * whichever comes first; no iteration starts after it.
 */
final class RunControl {
  private final CountDownLatch stopSignal = new CountDownLatch(1);
  private final AtomicLong claimed = new AtomicLong();
  private final RunLength length;
  private volatile boolean stopRequested;
  private volatile boolean abandoned;
  private volatile @Nullable StopReason stopReason; // none until the window closes
  private volatile long windowEnd;
  // Set before the workers are let go, brought forward by deadlineNow.
  private volatile long deadline;
  // Set before the workers are let go, read by them afterwards.
  private @Nullable StartSchedule startSchedule;

  RunControl(RunLength length) {
    this.length = length;
  }

  /**
   * Opens the window at {@code startNanos}; a timed run's closes its duration later. An open loop's
   * iterations follow {@code startSchedule} (null: a closed loop).
   */
  void open(long startNanos, @Nullable StartSchedule startSchedule) {
    this.deadline =
        length instanceof ForDuration timed ? startNanos + timed.length().toNanos() : startNanos;
    this.startSchedule = startSchedule;
  }

  /** The open loop's intended start times, or null in a closed loop. */
  @Nullable StartSchedule startSchedule() {
    return startSchedule;
  }

  /** Whether a duration, rather than an iteration count, ends the run. */
  boolean timed() {
    return length instanceof ForDuration;
  }

  long deadline() {
    return deadline;
  }

  /**
   * Brings a timed run's deadline forward to now: the run ends exactly as at its deadline, on the
   * paths the workers' compiled code has met at every deadline before (a stop request's are others,
   * which the JIT would meet first in the window that follows a warm-up ended so, and compile
   * again, slowing that window's first seconds).
   */
  void deadlineNow() {
    long now = System.nanoTime();
    if (timed() && now - deadline < 0) {
      deadline = now;
    }
    closeWindow(StopReason.DURATION_ELAPSED, now);
  }

  /** Closes the window now and asks the workers to stop after the iteration in hand. */
  void requestStop(StopReason reason) {
    closeWindow(reason, System.nanoTime());
  }

  /** Closes the window at {@code nanos}, unless it is closed already. */
  synchronized void closeWindow(StopReason reason, long nanos) {
    if (!stopRequested) {
      windowEnd = nanos;
      stopReason = reason;
      stopRequested = true;
      stopSignal.countDown();
    }
  }

  boolean stopRequested() {
    return stopRequested;
  }

  /** Whether a stop came before the deadline (Ctrl-C, --max-errors) rather than at it. */
  boolean stoppedEarly() {
    return stopRequested && stopReason != StopReason.DURATION_ELAPSED;
  }

  /** Why the window closed early or at its deadline, or null (the iterations were all done). */
  @Nullable StopReason stopReason() {
    return stopReason;
  }

  /** When the window closed, in {@link System#nanoTime()} terms; valid once a stop was asked. */
  long windowEnd() {
    return windowEnd;
  }

  /** Whether an iteration that ended at {@code nanos} ended after the measured window. */
  boolean afterWindow(long nanos) {
    return (timed() && nanos - deadline > 0) || (stopRequested && nanos - windowEnd > 0);
  }

  /** Whether a timed run's deadline has come: no iteration starts from then on. */
  boolean pastDeadline(long nanos) {
    return timed() && nanos - deadline >= 0;
  }

  /** Workers still busy after the grace period are given up: none starts another iteration. */
  void abandon() {
    abandoned = true;
  }

  boolean abandoned() {
    return abandoned;
  }

  /** Takes the next iteration of a bounded run; false once all are taken. */
  boolean claim() {
    return !(length instanceof ForIterations bounded)
        || claimed.getAndIncrement() < bounded.count();
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
