package io.txbench.core.engine;

import io.txbench.core.spi.AsyncWorkload;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The asynchronous model: one worker's iterations as a chain, each started when the last ended (or
 * at its slot), without a thread of its own. It goes on on whichever thread completed its last
 * step: the client's event loop that read the answer, or the timer's after a wait. A step that
 * completes at once is followed in a loop, never by recursion, so the stack stays flat. What it
 * decides is {@link Iterations}'s, as in the threaded model; it only waits differently, by timer,
 * in steps of at most {@link #WAKE_NANOS} so that it sees a stop while it waits.
 */
final class AsyncLoop<S extends AutoCloseable> {
  private static final Logger LOG = LoggerFactory.getLogger(Runner.class);

  /** The longest a chain waits before it looks at the stop request again. */
  static final long WAKE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private enum Phase {
    NEXT,
    SLOT,
    ATTEMPT,
    ATTEMPTED,
    RETRY,
    PAUSED
  }

  private final Iterations iterations;
  private final AsyncWorkload<S, ?> workload;
  private final S session;
  private final ScheduledExecutorService timer;
  private final Runnable onEnd;
  // Each read by the step that follows the one that wrote it: a completion or a timer task.
  private long intended;
  private long begin;
  private int attempt;
  private Iterations.@Nullable Retry retry;
  private long wakeAt;
  private boolean ended;

  AsyncLoop(
      Iterations iterations,
      AsyncWorkload<S, ?> workload,
      S session,
      ScheduledExecutorService timer,
      Runnable onEnd) {
    this.iterations = iterations;
    this.workload = workload;
    this.session = session;
    this.timer = timer;
    this.onEnd = onEnd;
  }

  /** Starts the chain; {@code onEnd} runs once when the worker stops. */
  void start() {
    resume(Phase.NEXT, null);
  }

  /** Runs the chain's steps from {@code phase} until one waits or the worker stops. */
  private void resume(Phase from, @Nullable Throwable thrown) {
    try {
      Phase phase = from;
      Throwable outcome = thrown;
      while (phase != null) {
        switch (phase) {
          case NEXT -> phase = next();
          case SLOT -> phase = slot();
          case ATTEMPT -> {
            CompletableFuture<?> stage = startAttempt();
            if (!stage.isDone()) {
              // resume handles its own failures: the stage whenComplete returns has none to say.
              CompletableFuture<?> unused =
                  stage.whenComplete((r, t) -> resume(Phase.ATTEMPTED, t));
              return;
            }
            outcome = outcomeOf(stage);
            phase = Phase.ATTEMPTED;
          }
          case ATTEMPTED -> phase = attempted(outcome);
          case RETRY -> phase = retry();
          case PAUSED -> phase = iterations.control().stopRequested() ? end() : Phase.NEXT;
          default -> throw new IllegalStateException("unknown phase " + phase);
        }
      }
    } catch (RuntimeException | Error e) {
      LOG.error("worker {} stopped: {}", iterations.worker().index(), e.toString(), e);
      end();
    }
  }

  private @Nullable Phase next() {
    intended = iterations.nextStart();
    return intended == Iterations.STOP ? end() : Phase.SLOT;
  }

  /** Waits for the slot, then opens the iteration; a slot before the deadline is kept. */
  private @Nullable Phase slot() {
    long now = System.nanoTime();
    if (intended - now > 0) {
      if (iterations.control().stoppedEarly()) {
        return end();
      }
      schedule(Math.min(intended - now, WAKE_NANOS), Phase.SLOT);
      return null;
    }
    if (!iterations.admit(intended, now)) {
      return Phase.NEXT;
    }
    if (!iterations.begin()) {
      return end();
    }
    begin = now;
    attempt = 0;
    return Phase.ATTEMPT;
  }

  private CompletableFuture<?> startAttempt() {
    try {
      return workload.start(iterations.worker(), session).toCompletableFuture();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  private static @Nullable Throwable outcomeOf(CompletableFuture<?> done) {
    try {
      done.join();
      return null;
    } catch (CompletionException | CancellationException e) {
      return e;
    }
  }

  private @Nullable Phase attempted(@Nullable Throwable thrown) {
    Iterations.Attempt next = iterations.afterAttempt(attempt, thrown);
    if (next instanceof Iterations.Retry r) {
      retry = r;
      return pause(r.delayNanos(), Phase.RETRY);
    }
    return finish((Iterations.Done) next);
  }

  private @Nullable Phase retry() {
    Iterations.Retry r = retry;
    if (r == null) {
      throw new IllegalStateException("a retry without its failure");
    }
    if (iterations.control().stopRequested()) {
      return finish(iterations.stoppedBeforeRetry(r.failure()));
    }
    iterations.retrying(r);
    attempt++;
    return Phase.ATTEMPT;
  }

  private @Nullable Phase finish(Iterations.Done done) {
    long pause = iterations.finish(done, intended, begin);
    if (pause == Iterations.STOP) {
      return end();
    }
    return pause(pause, Phase.PAUSED);
  }

  /** Goes on at {@code then} after {@code nanos}, or at once when a stop comes meanwhile. */
  private @Nullable Phase pause(long nanos, Phase then) {
    if (nanos <= 0 || iterations.control().stopRequested()) {
      return then;
    }
    wakeAt = System.nanoTime() + nanos;
    schedule(Math.min(nanos, WAKE_NANOS), then);
    return null;
  }

  private void wake(Phase then) {
    long left = wakeAt - System.nanoTime();
    if (left > 0 && !iterations.control().stopRequested()) {
      schedule(Math.min(left, WAKE_NANOS), then);
    } else {
      resume(then, null);
    }
  }

  private void schedule(long nanos, Phase then) {
    Runnable task = then == Phase.SLOT ? () -> resume(Phase.SLOT, null) : () -> wake(then);
    try {
      // The task handles its own failures: its future has none to say.
      ScheduledFuture<?> unused = timer.schedule(task, nanos, TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException e) {
      end(); // the run is over and its timer gone: a chain given up wakes to nothing
    }
  }

  private @Nullable Phase end() {
    if (!ended) {
      onEnd.run();
      ended = true; // after: an end that failed (a stack overflowed) is tried again below
    }
    return null;
  }
}
