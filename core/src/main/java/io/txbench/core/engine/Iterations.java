package io.txbench.core.engine;

import io.txbench.core.metrics.Metrics;
import io.txbench.core.metrics.StopReason;
import io.txbench.core.spi.AbandonedException;
import io.txbench.core.spi.Causes;
import io.txbench.core.spi.DeclinedException;
import io.txbench.core.spi.Effects;
import io.txbench.core.spi.Effects.Exposure;
import io.txbench.core.spi.ErrorClass;
import io.txbench.core.spi.Failure;
import io.txbench.core.spi.InDoubtCause;
import io.txbench.core.spi.Target;
import io.txbench.core.spi.Worker;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one worker decides around its iterations, the same whether a thread blocks on each ({@link
 * ThreadedLoop}) or an event loop drives a chain of them ({@link AsyncLoop}): when the next one
 * starts (at once in a closed loop, at its slot in an open one), whether a failed attempt is
 * retried, and how the iteration ended: committed, declined (a business outcome such as a sold-out
 * flight: nothing written, no error), failed (rolled back, or with partial effects), or in doubt.
 * Only an iteration the server rolled back whole is ever retried. The two loops only wait: a thread
 * sleeps, a chain sets a timer.
 */
final class Iterations {
  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);

  /** What {@link #nextStart} and {@link #finish} return when the worker must stop. */
  static final long STOP = -1;

  private final RunOptions options;
  private final Metrics metrics;
  private final RunControl control;
  private final Target target;
  private final Set<ErrorClass> loggedClasses;
  private final Worker worker;
  private int consecutiveErrors;

  Iterations(
      RunOptions options,
      Metrics metrics,
      RunControl control,
      Target target,
      Set<ErrorClass> loggedClasses,
      Worker worker) {
    this.options = options;
    this.metrics = metrics;
    this.control = control;
    this.target = target;
    this.loggedClasses = loggedClasses;
    this.worker = worker;
  }

  Worker worker() {
    return worker;
  }

  RunControl control() {
    return control;
  }

  /**
   * The intended start of the next iteration, in {@link System#nanoTime()} terms, or {@link #STOP}:
   * now in a closed loop, the next slot of the schedule in an open one; none starts after the end.
   */
  long nextStart() {
    if (control.stopRequested()) {
      return STOP;
    }
    StartSchedule schedule = control.startSchedule();
    if (schedule == null) {
      if (!control.claim()) {
        return STOP;
      }
      long now = System.nanoTime();
      return control.pastDeadline(now) ? STOP : now;
    }
    long intended = schedule.next(worker.random());
    return control.pastDeadline(intended) || !control.claim() ? STOP : intended;
  }

  /**
   * Whether an iteration due at {@code intended} starts {@code now}: in an open loop, one that
   * would start more than the maximum lag late is skipped, and counted so.
   */
  boolean admit(long intended, long now) {
    StartSchedule schedule = control.startSchedule();
    if (schedule == null) {
      return true;
    }
    long lag = now - intended;
    if (schedule.tooLate(lag)) {
      metrics.recordSkip();
      return false;
    }
    metrics.recordLag(lag);
    return true;
  }

  /** Opens the record of an iteration about to start; false when the worker must stop. */
  boolean begin() {
    Effects effects = worker.effects();
    if (!effects.begin()) {
      return false;
    }
    if (control.abandoned()) {
      effects.end();
      return false;
    }
    return true;
  }

  /** How an attempt ended, as its iteration or the chain it ran as reported it. */
  sealed interface Attempt permits Done, Retry {}

  /**
   * The iteration is over: committed or declined with no failure, else its last failure, and
   * whether the run stopped it ({@code stopped}); null for {@code last} when it was abandoned.
   */
  record Done(@Nullable LastAttempt last) implements Attempt {}

  /** The attempt was rolled back whole: another follows after {@code delayNanos}. */
  record Retry(Failure failure, long delayNanos) implements Attempt {}

  /** How an iteration's last attempt ended: no failure when it committed or was declined. */
  record LastAttempt(@Nullable Failure failure, boolean declined, boolean stopped) {
    static final LastAttempt COMMITTED = new LastAttempt(null, false, false);
    static final LastAttempt DECLINED = new LastAttempt(null, true, false);
  }

  private static final Done COMMITTED = new Done(LastAttempt.COMMITTED);
  private static final Done DECLINED = new Done(LastAttempt.DECLINED);
  private static final Done ABANDONED = new Done(null);

  /**
   * What follows attempt number {@code attempt} (0 for the first) of the iteration in hand, which
   * threw {@code thrown} (null: it committed). A retry comes only after a failure the server rolled
   * back whole, within {@code --max-retries}, and never once the window closed.
   */
  Attempt afterAttempt(int attempt, @Nullable Throwable thrown) {
    if (thrown == null) {
      return COMMITTED;
    }
    Throwable cause = unwrap(thrown);
    if (cause instanceof DeclinedException) {
      return DECLINED;
    }
    if (cause instanceof AbandonedException) {
      return ABANDONED;
    }
    if (cause instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      return new Done(new LastAttempt(Failure.fatal(ErrorClass.OTHER), false, true));
    }
    if (!(cause instanceof Exception e)) {
      throw new CompletionException(cause); // an Error: not the server's doing
    }
    Failure failure = target.classify(e);
    log(failure, e);
    if (worker.effects().exposure() != Exposure.NONE
        || !failure.retryable()
        || attempt >= options.maxRetries()) {
      return new Done(new LastAttempt(failure, false, false));
    }
    if (control.stopRequested()) {
      return stoppedBeforeRetry(failure);
    }
    return new Retry(failure, options.backoff().delayNanos(attempt, worker.random()));
  }

  /** The retry's wait ended: it starts now, counted as a retry. */
  void retrying(Retry retry) {
    metrics.recordRetry(retry.failure().errorClass());
  }

  /** The run stopped while a retry waited: the iteration ends rolled back, unseen. */
  Done stoppedBeforeRetry(Failure failure) {
    return new Done(new LastAttempt(failure, false, true));
  }

  /**
   * Records the iteration that started at {@code begin} (due at {@code intended}) and is over
   * ({@code done}); returns how long to pause before the next (after a failure the server did not
   * answer, so that workers do not spin against a server that is not there), or {@link #STOP}.
   */
  long finish(Done done, long intended, long begin) {
    long end = System.nanoTime();
    LastAttempt last = done.last();
    Exposure exposure = worker.effects().end();
    int operation = worker.takeOperation();
    worker.queries().drainTo(metrics);
    worker.effects().drainRetriesTo(metrics);
    worker.statements().drainTo(metrics.statements());
    if (last == null || exposure == null) {
      return STOP; // abandoned: the runner counted it
    }
    Failure failure = last.failure();
    if (failure == null) {
      recordCompleted(operation, last.declined(), intended, begin, end);
      return 0;
    }
    return recordFailed(operation, failure, last.stopped(), exposure);
  }

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

  private long recordFailed(int operation, Failure failure, boolean stopped, Exposure exposure) {
    if (exposure != Exposure.NONE || !stopped) {
      metrics.recordOperationFailed(operation, exposure);
    }
    switch (exposure) {
      case UNKNOWN -> metrics.recordInDoubt(InDoubtCause.REPLY_LOST);
      case PARTIAL -> metrics.recordError(failure.errorClass(), true);
      case NONE -> {
        if (stopped) {
          return STOP; // rolled back, and the run ended before it could be retried
        }
        metrics.recordError(failure.errorClass(), false);
      }
      default -> throw new IllegalStateException("unknown exposure " + exposure);
    }
    if (options.maxErrors() > 0 && metrics.errorCount() >= options.maxErrors()) {
      control.requestStop(StopReason.MAX_ERRORS);
    }
    if (stopped || control.stopRequested()) {
      return STOP;
    }
    return failure.errorClass().unanswered()
        ? options.backoff().delayNanos(consecutiveErrors++, worker.random())
        : 0;
  }

  /** The failure a chain's stage or a blocking call carries, out of its wrappers. */
  static Throwable unwrap(Throwable thrown) {
    Throwable t = thrown;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
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
        LOG.info("retried: {} (the closing table counts retries)", failure.errorClass().words());
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
