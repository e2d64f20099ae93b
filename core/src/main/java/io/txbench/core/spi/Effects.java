package io.txbench.core.spi;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;

/**
 * What the server may hold of the iteration a worker is running. A session reports each point at
 * which the server commits: a COMMIT, or a write the server commits on its own (autocommit). A
 * blocking session sends it through {@link #commitPoint}; one that does not block takes the same
 * three steps itself, without allocating: {@link #committing()} before sending it, then, from the
 * handler of its reply, {@link #answered(long)} or {@link #failed(Failure)}. The runner reads the
 * record when the iteration ends, and so tells an iteration the server rolled back (which may be
 * retried) from one whose steps it kept (partial effects) or whose commit it may have kept (in
 * doubt), which are never retried.
 *
 * <p>The record is also how the runner and a late worker agree at the end of a run: the runner
 * abandons an iteration still running after the grace period with one atomic step; if it wins
 * before the worker sent a commit, that commit is never sent ({@link #committing()} throws), so the
 * iteration is rolled back for certain; if the commit was already sent, the iteration is in doubt.
 */
public final class Effects {
  private static final int IDLE = 0;
  private static final int RUNNING = 1;
  private static final int COMMITTING = 2;
  private static final int ABANDONED = 3;

  private final AtomicInteger state = new AtomicInteger(IDLE);
  // Written by the worker before it moves the state on, read by whoever moved it last.
  private int committedSteps;
  private boolean replyLost;
  private final Map<ErrorClass, Integer> retries = new EnumMap<>(ErrorClass.class);

  /** Opens the record of a new iteration; false when the runner abandoned this worker. */
  public boolean begin() {
    committedSteps = 0;
    replyLost = false;
    return state.compareAndSet(IDLE, RUNNING);
  }

  /**
   * Call right before sending a commit or a write the server commits on its own.
   *
   * @throws AbandonedException when the runner gave up on the iteration: do not send it
   */
  public void committing() throws AbandonedException {
    if (!state.compareAndSet(RUNNING, COMMITTING)) {
      throw new AbandonedException();
    }
  }

  /** A commit point's request: a COMMIT, or a write the server commits on its own. */
  @FunctionalInterface
  public interface CommitPoint<T, E extends Exception> {
    T send() throws E;
  }

  /**
   * Sends a commit point and reports it: {@link #committing()} before, then {@link #answered} with
   * what the answer says it {@code changed}, or {@link #failed} as {@code classify} says. The one
   * commit-point protocol of every target's session.
   *
   * @throws AbandonedException when the runner gave up on the iteration: it was not sent
   */
  public <T, E extends Exception> T commitPoint(
      CommitPoint<T, E> point,
      ToLongFunction<? super T> changed,
      Function<? super Exception, Failure> classify)
      throws E, AbandonedException {
    committing();
    T result;
    try {
      result = point.send();
    } catch (Exception e) {
      failed(classify.apply(e));
      throw e;
    }
    answered(changed.applyAsLong(result));
    return result;
  }

  /**
   * The server answered the commit point: what it {@code changed} is durable; one that changed
   * nothing left nothing behind.
   */
  public void answered(long changed) {
    if (changed > 0) {
      committedSteps++;
    }
    state.compareAndSet(COMMITTING, RUNNING);
  }

  /**
   * The commit point failed: the server said so and kept nothing of it, unless its reply was lost
   * ({@link Failure#replyLost()}): then it may have kept it.
   */
  public void failed(Failure failure) {
    if (failure.replyLost()) {
      replyLost = true;
    }
    state.compareAndSet(COMMITTING, RUNNING);
  }

  /**
   * The session sent the commit point again, its reply of {@code errorClass} saying the outcome was
   * unknown (MongoDB's commit, which the server applies once): counted with the run's retries.
   */
  public void retried(ErrorClass errorClass) {
    retries.merge(errorClass, 1, Integer::sum);
  }

  /** Where the engine moves the retries at the end of each iteration. */
  public interface RetrySink {
    void recordRetry(ErrorClass errorClass);
  }

  /**
   * Moves the retries of the iteration that ended into {@code retry}, one call each (the engine's).
   */
  public void drainRetriesTo(RetrySink retry) {
    if (!retries.isEmpty()) {
      retries.forEach(
          (errorClass, n) -> {
            for (int i = 0; i < n; i++) {
              retry.recordRetry(errorClass);
            }
          });
      retries.clear();
    }
  }

  /**
   * Closes the record of an iteration that ended on its worker: what the server may hold of it if
   * it failed, or null when the runner abandoned it meanwhile (and counted it).
   */
  public @Nullable Exposure end() {
    if (!state.compareAndSet(RUNNING, IDLE)) {
      return null;
    }
    return exposure();
  }

  /**
   * The runner gives up on the iteration in hand: null when the worker was between iterations (the
   * runner's stop flag keeps it from starting another), otherwise what the server may hold of the
   * iteration. A commit in flight, or steps already committed, make it unknown, since the worker
   * may have finished them all.
   */
  public @Nullable Exposure abandon() {
    while (true) {
      int s = state.get();
      if (s == IDLE || s == ABANDONED) {
        return null;
      }
      if (state.compareAndSet(s, ABANDONED)) {
        return s == COMMITTING || replyLost || committedSteps > 0
            ? Exposure.UNKNOWN
            : Exposure.NONE;
      }
    }
  }

  public boolean abandoned() {
    return state.get() == ABANDONED;
  }

  /** What the server may hold of the iteration in progress, were it to fail now. */
  public Exposure exposure() {
    if (replyLost) {
      return Exposure.UNKNOWN;
    }
    return committedSteps > 0 ? Exposure.PARTIAL : Exposure.NONE;
  }

  /** What the server may hold of an iteration that did not commit. */
  public enum Exposure {
    /** Nothing: it was rolled back, or never sent. */
    NONE,
    /** Some of its steps, each committed on its own (an iteration without a transaction). */
    PARTIAL,
    /** Unknown: a commit was sent and no reply came, or the runner gave up waiting for one. */
    UNKNOWN
  }
}
