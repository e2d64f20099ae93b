package io.txbench.core.engine;

import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.Workload;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loop of one worker thread: take an iteration (at its scheduled time in an open loop), run it
 * with its retries, and record how it ended: committed, declined (a business outcome such as a
 * sold-out flight: nothing written, no error), failed (rolled back, or with partial effects), or in
 * doubt. Only an iteration the server rolled back whole is ever retried.
 */
final class WorkerLoop<S extends AutoCloseable> {
  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);

  private final RunOptions options;
  private final Metrics metrics;
  private final RunControl control;
  private final Workload<S, ?> workload;
  private final Target target;
  private final Set<ErrorClass> loggedClasses;
  private int consecutiveErrors;

  WorkerLoop(
      RunOptions options,
      Metrics metrics,
      RunControl control,
      Workload<S, ?> workload,
      Target target,
      Set<ErrorClass> loggedClasses) {
    this.options = options;
    this.metrics = metrics;
    this.control = control;
    this.workload = workload;
    this.target = target;
    this.loggedClasses = loggedClasses;
  }

  void run(Worker worker, S session) {
    StartSchedule schedule = control.startSchedule();
    if (schedule == null) {
      runClosed(worker, session);
    } else {
      runOnSchedule(worker, session, schedule);
    }
  }

  /** The closed loop: the next iteration starts when the last one ends, until the deadline. */
  private void runClosed(Worker worker, S session) {
    while (!control.stopRequested() && control.claim()) {
      long begin = System.nanoTime();
      if (control.pastDeadline(begin) || !measure(worker, session, begin, begin)) {
        return;
      }
    }
  }

  /** The open loop: each iteration waits for its intended start; none starts after the end. */
  private void runOnSchedule(Worker worker, S session, StartSchedule startSchedule) {
    while (!control.stopRequested()) {
      long intended = startSchedule.next(worker.random());
      if (control.pastDeadline(intended) || !control.claim()) {
        return;
      }
      long now = System.nanoTime();
      if (intended - now > 0) {
        // A slot before the deadline starts even when the window closes while it waits.
        if (!control.pause(intended - now) && control.stoppedEarly()) {
          return;
        }
        for (now = System.nanoTime(); intended - now > 0; now = System.nanoTime()) {
          LockSupport.parkNanos(intended - now);
        }
      }
      long lag = now - intended;
      if (startSchedule.tooLate(lag)) {
        metrics.recordSkip();
        continue;
      }
      metrics.recordLag(lag);
      if (!measure(worker, session, intended, now)) {
        return;
      }
    }
  }

  /**
   * Runs and records one iteration that should have started at {@code intended} and started at
   * {@code begin}; false when the worker must stop.
   */
  private boolean measure(Worker worker, S session, long intended, long begin) {
    Effects effects = worker.effects();
    if (!effects.begin()) {
      return false;
    }
    if (control.abandoned()) {
      effects.end();
      return false;
    }
    LastAttempt last = attemptWithRetries(worker, session, effects);
    if (last == null) {
      return false; // abandoned: the runner counted it
    }
    long end = System.nanoTime();
    Exposure exposure = effects.end();
    int operation = worker.takeOperation();
    worker.queries().drainTo(metrics);
    if (exposure == null) {
      return false; // abandoned meanwhile: the runner counted it
    }
    Failure failure = last.failure();
    if (failure == null) {
      recordCompleted(operation, last.declined(), intended, begin, end);
      return true;
    }
    return recordFailed(worker, operation, failure, last.stopped(), exposure);
  }

  /** How an iteration's last attempt ended: no failure when it committed or was declined. */
  private record LastAttempt(@Nullable Failure failure, boolean declined, boolean stopped) {
    static final LastAttempt COMMITTED = new LastAttempt(null, false, false);
    static final LastAttempt DECLINED = new LastAttempt(null, true, false);
  }

  /**
   * Runs the iteration, retried while the server rolled it back whole; null when it was abandoned.
   */
  private @Nullable LastAttempt attemptWithRetries(Worker worker, S session, Effects effects) {
    for (int attempt = 0; ; attempt++) {
      try {
        workload.iteration(worker, session);
        return LastAttempt.COMMITTED;
      } catch (DeclinedException e) {
        return LastAttempt.DECLINED;
      } catch (AbandonedException e) {
        return null;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new LastAttempt(Failure.fatal(ErrorClass.OTHER), false, true);
      } catch (Exception e) {
        Failure failure = target.classify(e);
        log(failure, e);
        if (effects.exposure() != Exposure.NONE
            || !failure.retryable()
            || attempt >= options.maxRetries()) {
          return new LastAttempt(failure, false, false);
        }
        // Retry only what the server rolled back whole, and never once the window closed.
        if (control.stopRequested()
            || !control.pause(options.backoff().delayNanos(attempt, worker.random()))) {
          return new LastAttempt(failure, false, true);
        }
        metrics.recordRetry(failure.errorClass());
      }
    }
  }

  /** Records an iteration that committed or was declined. */
  private void recordCompleted(
      int operation, boolean declined, long intended, long begin, long end) {
    if (declined) {
      metrics.recordDeclined(end - intended, end - begin, control.afterWindow(end));
    } else {
      metrics.recordCommit(end - intended, end - begin, control.afterWindow(end));
    }
    metrics.recordOperationCompleted(operation, end - intended, declined);
    consecutiveErrors = 0;
  }

  /** Records an iteration that failed; false when the worker must stop. */
  private boolean recordFailed(
      Worker worker, int operation, Failure failure, boolean stopped, Exposure exposure) {
    if (exposure != Exposure.NONE || !stopped) {
      metrics.recordOperationFailed(operation, exposure);
    }
    switch (exposure) {
      case UNKNOWN -> metrics.recordInDoubt(InDoubtCause.REPLY_LOST);
      case PARTIAL -> metrics.recordError(failure.errorClass(), true);
      case NONE -> {
        if (stopped) {
          return false; // rolled back, and the run ended before it could be retried
        }
        metrics.recordError(failure.errorClass(), false);
      }
      default -> throw new IllegalStateException("unknown exposure " + exposure);
    }
    if (options.maxErrors() > 0 && metrics.errorCount() >= options.maxErrors()) {
      control.requestStop(StopReason.MAX_ERRORS);
    }
    // A failed iteration (a lost server, say) is followed by a pause, so that workers do not spin
    // against a server that is not there.
    return !stopped
        && control.pause(options.backoff().delayNanos(consecutiveErrors++, worker.random()));
  }

  private void log(Failure failure, Exception e) {
    if (control.abandoned()) {
      return; // the failures of given-up iterations are the shutdown's, not the server's
    }
    if (loggedClasses.add(failure.errorClass())) {
      // Retryable errors are part of the workload (contention); others deserve attention.
      if (failure.retryable()) {
        // The server's own words ("could not serialize access...") read like a fault; they are
        // the workload's contention, and the closing table counts them.
        LOG.info("retried: {} (expected under contention)", failure.errorClass().words());
        LOG.debug("first {}: {}", failure.errorClass().words(), Causes.describe(e));
      } else {
        LOG.warn("first {} error: {}", failure.errorClass().label(), Causes.describe(e));
      }
    }
    if (LOG.isDebugEnabled()) {
      LOG.debug("iteration failed ({})", failure, e);
    }
  }
}
