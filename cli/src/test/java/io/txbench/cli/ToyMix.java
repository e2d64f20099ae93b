package io.txbench.cli;

import io.txbench.core.spi.Progress;
import io.txbench.core.spi.QueryCounter;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadOptions;
import io.txbench.core.workloads.Mix;
import io.txbench.core.workloads.MixKind;
import io.txbench.core.workloads.MixOperation;
import java.util.List;
import java.util.Map;

/**
 * {@link MixKind} on the toy target, for the results of a mix: each iteration draws an operation of
 * {@code --mix}, says which, sleeps 1 ms and counts its statements as sysbench would in a
 * transaction: BEGIN, two reads, a write when it is an update, COMMIT.
 */
final class ToyMix implements Workload<AutoCloseable, Exception> {
  private final Mix mix;

  ToyMix(ToyBinding.ToyTarget target, MixKind kind, WorkloadOptions options) {
    mix = kind.mix(options.declared());
  }

  @Override
  public List<String> operations() {
    return mix.names();
  }

  @Override
  public void prepare(Progress progress) {}

  @Override
  public io.txbench.core.spi.OptionValues attach() {
    return io.txbench.core.spi.OptionValues.defaults();
  }

  @Override
  public AutoCloseable openSession(Worker worker) {
    return () -> {};
  }

  @Override
  public void iteration(Worker worker, AutoCloseable session) throws InterruptedException {
    int op = mix.choose(worker.random());
    worker.operation(op);
    Thread.sleep(1);
    QueryCounter queries = worker.queries();
    queries.other();
    queries.read();
    queries.read();
    if (mix.operations().get(op) == MixOperation.UPDATE) {
      queries.write();
    }
    queries.other();
  }

  @Override
  public Verification verify(Tally tally) {
    return Verification.of(Map.of("committed", tally.completed()), List.of());
  }
}
