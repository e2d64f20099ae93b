package io.txbench.core.spi;

import java.util.concurrent.CompletionStage;

/**
 * A workload whose iterations block no thread: each is a chain of non-blocking steps on a client's
 * event loops, which the engine's asynchronous model runs, {@code --parallelism} iterations in
 * flight at once on a few threads, where the threaded model gives each worker a thread that blocks.
 * Everything else (the outcomes, retries, the window, metrics, verification) is decided by the
 * engine alike for both, from what the chain reports: its session reports commit points to {@link
 * Worker#effects()} and statements to {@link Worker#queries()}, as a blocking one does.
 */
public interface AsyncWorkload<S extends AutoCloseable, X extends Exception>
    extends Workload<S, X> {

  /**
   * Starts one iteration without blocking. The stage completes when it committed, or fails with
   * what {@link Workload#iteration} would throw: {@code X}, {@link DeclinedException} or {@link
   * AbandonedException}, having rolled back whatever it started. It may complete on any thread.
   */
  CompletionStage<?> start(Worker worker, S session);

  /**
   * {@link Workload#publishCounts} without blocking, for the end of a worker's chain, which may be
   * on the client's event loop: the stage completes once the server published them (or failed to).
   * Nothing by default.
   */
  default CompletionStage<?> startPublishingCounts(S session) {
    return java.util.concurrent.CompletableFuture.completedFuture(null);
  }

  /**
   * The blocking form, for a caller without an event loop: not the engine's, which runs this
   * workload on its asynchronous model.
   */
  @Override
  default void iteration(Worker worker, S session) {
    throw new UnsupportedOperationException(
        "an asynchronous workload's iterations run on the engine's asynchronous model");
  }
}
