package io.txbench.cli;

import io.txbench.core.spi.Progress;
import io.txbench.core.spi.Tally;
import io.txbench.core.spi.Verification;
import io.txbench.core.spi.Worker;
import io.txbench.core.spi.Workload;
import io.txbench.core.spi.WorkloadOptions;

/** {@link TallyKind} on the toy target: its one class there. */
final class TallyWorkload implements Workload<AutoCloseable, Exception> {
  private final ToyBinding.ToyTarget target;
  private final TallyKind kind;
  private final long step;
  private long before;

  TallyWorkload(ToyBinding.ToyTarget target, TallyKind kind, WorkloadOptions options) {
    this.target = target;
    this.kind = kind;
    this.step = options.declared().get(TallyKind.STEP);
  }

  @Override
  public void prepare(Progress progress) {}

  @Override
  public io.txbench.core.spi.OptionValues attach() {
    return io.txbench.core.spi.OptionValues.defaults();
  }

  @Override
  public void beforeRun() {
    before = target.counter().get();
  }

  @Override
  public AutoCloseable openSession(Worker worker) {
    return () -> {};
  }

  @Override
  public void iteration(Worker worker, AutoCloseable session) {
    target.counter().addAndGet(step);
  }

  @Override
  public Verification verify(Tally tally) {
    return kind.verify(before, target.counter().get(), step, tally);
  }
}
