package io.txbench.core.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** What a run's worker threads and the runner signal each other while the crew starts and ends. */
final class CrewSignals {
  /** Counted down by each worker once its session is open (or failed to open). */
  final CountDownLatch ready;

  /** Released by the runner when the clock starts, or when the run is cancelled. */
  final CountDownLatch go = new CountDownLatch(1);

  /** Counted down by each worker when its thread ends. */
  final CountDownLatch done;

  /** The first session that failed to open. */
  final AtomicReference<Exception> openFailure = new AtomicReference<>();

  /** When the last worker to end did, in {@link System#nanoTime()}. */
  final AtomicLong lastWorkerEnd = new AtomicLong();

  CrewSignals(int threads) {
    ready = new CountDownLatch(threads);
    done = new CountDownLatch(threads);
  }
}
