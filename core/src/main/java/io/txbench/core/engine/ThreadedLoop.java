package io.txbench.core.engine;

import io.txbench.core.spi.Workload;
import java.util.concurrent.locks.LockSupport;

/**
 * The threaded model: a worker's own thread runs its iterations one after another, blocking on each
 * ({@link Workload#iteration}), and sleeps where {@link Iterations} says to wait.
 */
final class ThreadedLoop<S extends AutoCloseable> {
  private final Iterations iterations;
  private final Workload<S, ?> workload;

  ThreadedLoop(Iterations iterations, Workload<S, ?> workload) {
    this.iterations = iterations;
    this.workload = workload;
  }

  /** Runs iterations on {@code session} until the worker must stop. */
  void run(S session) {
    RunControl control = iterations.control();
    for (long intended = iterations.nextStart();
        intended != Iterations.STOP;
        intended = iterations.nextStart()) {
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
      if (!iterations.admit(intended, now)) {
        continue;
      }
      if (!iterations.begin()) {
        return;
      }
      long pause = iterations.finish(attempts(session), intended, now);
      if (pause == Iterations.STOP || !control.pause(pause)) {
        return;
      }
    }
  }

  /** Runs the iteration's attempts until one ends it. */
  private Iterations.Done attempts(S session) {
    for (int attempt = 0; ; attempt++) {
      Throwable thrown = null;
      try {
        workload.iteration(iterations.worker(), session);
      } catch (Exception e) {
        thrown = e;
      }
      Iterations.Attempt next = iterations.afterAttempt(attempt, thrown);
      if (next instanceof Iterations.Done done) {
        return done;
      }
      Iterations.Retry retry = (Iterations.Retry) next;
      if (!iterations.control().pause(retry.delayNanos())) {
        return iterations.stoppedBeforeRetry(retry.failure());
      }
      iterations.retrying(retry);
    }
  }
}
