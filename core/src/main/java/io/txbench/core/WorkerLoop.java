package io.txbench.core;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loop of one worker thread: take an iteration (at its scheduled time in an open loop), run
 * it with its retries, and record what happened.
 */
final class WorkerLoop {
  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);
  private static final int SUCCESS = -1;
  private static final int ABANDONED = -2;

  private final RunOptions options;
  private final Metrics metrics;
  private final RunControl control;
  private final Workload workload;
  private final Target target;
  private final AtomicIntegerArray loggedClasses;
  private int consecutiveErrors;

  WorkerLoop(RunOptions options, Metrics metrics, RunControl control, Workload workload,
      Target target, AtomicIntegerArray loggedClasses) {
    this.options = options;
    this.metrics = metrics;
    this.control = control;
    this.workload = workload;
    this.target = target;
    this.loggedClasses = loggedClasses;
  }

  /** The closed loop: the next iteration starts when the last one ends, until the deadline. */
  void run(Worker worker, long deadline, boolean timed) {
    while (!control.stopRequested() && control.claim()) {
      long begin = System.nanoTime();
      if (!measure(worker, begin, begin)) {
        return;
      }
      if (timed && System.nanoTime() - deadline >= 0) {
        return;
      }
    }
  }

  /** The open loop: each iteration waits for its intended start; none starts after the end. */
  void runOnSchedule(Worker worker, long deadline, boolean timed, Schedule schedule) {
    long maxLag = options.maxLag().toNanos();
    while (!control.stopRequested()) {
      long intended = schedule.next(worker.random());
      if ((timed && intended - deadline >= 0) || !control.claim()) {
        return;
      }
      long now = System.nanoTime();
      if (intended - now > 0) {
        if (!control.pause(intended - now)) {
          return;
        }
        now = System.nanoTime();
      }
      long lag = now - intended;
      if (maxLag > 0 && lag > maxLag) {
        metrics.recordSkip();
        continue;
      }
      metrics.recordLag(lag);
      if (!measure(worker, intended, now)) {
        return;
      }
    }
  }

  /**
   * Runs and records one iteration that should have started at {@code intended} and started at
   * {@code begin}; false when the worker must stop.
   */
  private boolean measure(Worker worker, long intended, long begin) {
    int outcome = attempt(worker);
    long end = System.nanoTime();
    if (control.abandoned() || outcome == ABANDONED) {
      return false;
    }
    if (outcome == SUCCESS) {
      metrics.recordSuccess(end - intended, end - begin);
      consecutiveErrors = 0;
      return true;
    }
    metrics.recordError(ErrorClass.values()[outcome]);
    if (options.maxErrors() > 0 && metrics.errorCount() >= options.maxErrors()) {
      control.requestStop(StopReason.MAX_ERRORS);
    }
    // A failed iteration (a lost server, say) is followed by a pause, so that workers do not spin
    // against a server that is not there.
    return control.pause(options.backoff().delayNanos(consecutiveErrors++, worker.random()));
  }

  /** Runs one iteration with its retries: SUCCESS, ABANDONED, or the failing class's ordinal. */
  private int attempt(Worker worker) {
    for (int attempt = 0; ; attempt++) {
      try {
        workload.iteration(worker);
        return SUCCESS;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ABANDONED;
      } catch (Exception e) {
        if (control.stopRequested() || control.abandoned()) {
          return ABANDONED;
        }
        Failure failure = target.classify(e);
        log(failure, e);
        if (!failure.retryable() || attempt >= options.maxRetries()) {
          return failure.errorClass().ordinal();
        }
        metrics.recordRetry(failure.errorClass());
        if (!control.pause(options.backoff().delayNanos(attempt, worker.random()))) {
          return ABANDONED;
        }
      }
    }
  }

  private void log(Failure failure, Exception e) {
    if (loggedClasses.compareAndSet(failure.errorClass().ordinal(), 0, 1)) {
      // Retryable errors are part of the workload (contention); others deserve attention.
      if (failure.retryable()) {
        LOG.info("first {} error (retried): {}", failure.errorClass().label(), rootMessage(e));
      } else {
        LOG.warn("first {} error: {}", failure.errorClass().label(), rootMessage(e));
      }
    }
    if (LOG.isDebugEnabled()) {
      LOG.debug("iteration failed ({})", failure, e);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root == e ? String.valueOf(e.getMessage())
        : e.getMessage() + " (" + root.getMessage() + ")";
    return message.replace('\n', ' ');
  }
}
