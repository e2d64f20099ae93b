package io.txbench.core.engine;

import io.txbench.core.spi.Progress;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * A workload for runner tests: attempt number n (counted over all workers) runs the script for n,
 * which may report commits to the worker's effects and throws to fail, or returns to succeed.
 */
final class ScriptedWorkload implements Workload<AutoCloseable, Exception> {
  private final AtomicLong attempts = new AtomicLong();
  private final AtomicLong successes = new AtomicLong();
  private final AtomicLong sessions = new AtomicLong();
  private final Script script;

  /** One attempt of an iteration. */
  @FunctionalInterface
  interface Script {
    void attempt(long n, Worker worker) throws Exception;
  }

  ScriptedWorkload(Script script) {
    this.script = script;
  }

  /** Attempt n throws what {@code failures} returns for n, or succeeds on null. */
  static ScriptedWorkload failing(LongFunction<Exception> failures) {
    return new ScriptedWorkload(
        (n, worker) -> {
          Exception failure = failures.apply(n);
          if (failure != null) {
            throw failure;
          }
        });
  }

  static ScriptedWorkload alwaysSucceeds() {
    return failing(n -> null);
  }

  @Override
  public void prepare(Progress progress) {}

  @Override
  public io.txbench.core.spi.OptionValues attach() {
    return io.txbench.core.spi.OptionValues.defaults();
  }

  @Override
  public AutoCloseable openSession(Worker worker) {
    sessions.incrementAndGet();
    return () -> sessions.decrementAndGet();
  }

  @Override
  public void iteration(Worker worker, AutoCloseable session) throws Exception {
    script.attempt(attempts.getAndIncrement(), worker);
    successes.incrementAndGet();
  }

  @Override
  public Verification verify(Tally tally) {
    return Verification.of(Map.of("successes", successes.get()), List.of());
  }

  long attempts() {
    return attempts.get();
  }

  long successes() {
    return successes.get();
  }

  /** Sessions open now. */
  long openSessions() {
    return sessions.get();
  }
}
