package io.txbench.core;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * A workload for runner tests: attempt number n (counted over all workers) throws what the script
 * returns for n, or succeeds when it returns null.
 */
final class ScriptedWorkload implements Workload {
  private final AtomicLong attempts = new AtomicLong();
  private final AtomicLong successes = new AtomicLong();
  private final LongFunction<Exception> script;

  ScriptedWorkload(LongFunction<Exception> script) {
    this.script = script;
  }

  static ScriptedWorkload alwaysSucceeds() {
    return new ScriptedWorkload(n -> null);
  }

  @Override
  public void prepare(Progress progress) {}

  @Override
  public void attach() {}

  @Override
  public void iteration(Worker worker) throws Exception {
    Exception failure = script.apply(attempts.getAndIncrement());
    if (failure != null) {
      throw failure;
    }
    successes.incrementAndGet();
  }

  @Override
  public Verification verify(long committed) {
    return new Verification(java.util.Map.of("successes", successes.get()), java.util.List.of());
  }

  long attempts() {
    return attempts.get();
  }

  long successes() {
    return successes.get();
  }
}
