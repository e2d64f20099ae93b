package io.txbench.core.engine;

import io.txbench.core.spi.AsyncWorkload;
import io.txbench.core.spi.OptionValues;
import io.txbench.core.spi.Progress;
import io.txbench.core.spi.SetupException;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.server.Lease;
import io.txbench.core.spi.server.LeaseMode;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * The engine's two ways of running a workload, for tests that must hold for both: the threaded
 * model runs a test's blocking workload as it is; the asynchronous model runs it as the chain of an
 * {@link AsyncWorkload} whose every iteration completes on another thread, as a client's event loop
 * completes it ({@link #CHAINED}), or at once on the thread that started it ({@link #INLINE}),
 * which a chain must follow in a loop, not by recursion.
 */
enum WorkerModel {
  THREADED,
  CHAINED,
  INLINE;

  /** {@code workload} as this model runs it. */
  <S extends AutoCloseable, X extends Exception> Workload<S, X> apply(Workload<S, X> workload) {
    return switch (this) {
      case THREADED -> workload;
      case CHAINED ->
          new Chained<>(
              workload,
              task -> {
                Thread t = new Thread(task, "test-completion");
                t.setDaemon(true);
                t.start();
              });
      case INLINE -> new Chained<>(workload, Runnable::run);
    };
  }

  /** A blocking workload's iterations as a chain's, each run by {@code completer}. */
  private static final class Chained<S extends AutoCloseable, X extends Exception>
      implements AsyncWorkload<S, X> {
    private final Workload<S, X> blocking;
    private final Executor completer;

    Chained(Workload<S, X> blocking, Executor completer) {
      this.blocking = blocking;
      this.completer = completer;
    }

    @Override
    public CompletionStage<?> start(Worker worker, S session) {
      CompletableFuture<Void> done = new CompletableFuture<>();
      completer.execute(
          () -> {
            try {
              blocking.iteration(worker, session);
              done.complete(null);
            } catch (Exception e) {
              done.completeExceptionally(e);
            }
          });
      return done;
    }

    @Override
    public List<String> operations() {
      return blocking.operations();
    }

    @Override
    public void prepare(Progress progress) throws SetupException, InterruptedException, X {
      blocking.prepare(progress);
    }

    @Override
    public OptionValues attach() throws SetupException, X {
      return blocking.attach();
    }

    @Override
    public Lease lease(LeaseMode mode) throws SetupException, X {
      return blocking.lease(mode);
    }

    @Override
    public void beforeRun() throws X {
      blocking.beforeRun();
    }

    @Override
    public S openSession(Worker worker) throws X {
      return blocking.openSession(worker);
    }

    @Override
    public Verification verify(Tally tally) throws X {
      return blocking.verify(tally);
    }
  }
}
